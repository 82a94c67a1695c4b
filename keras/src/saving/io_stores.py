"""Key-value stores over HDF5, `.npz` files and folders.

These are the stores of the upstream-compatible saving API: a store hands
out entries (`make(path)` to write, `get(path)` to read) that behave like
dicts of arrays. `H5IOStore` keeps the values of `path` in the HDF5 group
`<path>/vars`; `ShardedH5IOStore` spreads them over several HDF5 files
listed in a JSON index; `NpzIOStore` uses a NumPy `.npz` archive; and
`DiskIOStore` hands out folders (for assets). Reading never unpickles
anything and refuses values whose declared size the file does not back.
"""

import io
import json
import os
import pathlib
import posixpath
import re
import shutil
import tempfile
import zipfile

import numpy as np

from keras.src.saving import weights_h5
from keras.src.utils import file_utils


def _check_mode(mode):
    if mode not in ("w", "r"):
        raise ValueError(
            f"`mode` should be either 'w' or 'r'. Received: {mode}"
        )


def _group_name(path):
    return f"{path}/vars" if path else "vars"


def _storable(value):
    array = weights_h5.host_array(value)
    return weights_h5._to_storable(array)


def _read_value(dataset, name):
    weights_h5.check_dataset(dataset, name)
    dtype = dataset.attrs.get("dtype", None)
    if isinstance(dtype, bytes):
        dtype = dtype.decode()
    return weights_h5._from_stored(np.asarray(dataset[()]), dtype)


# ------------------------------------------------------------------- HDF5
class H5Entry:
    """The values of one path of an `H5IOStore` (a dict-like view of the
    HDF5 group `<path>/vars`)."""

    def __init__(self, h5_file, path, mode, metadata=None):
        self.h5_file = h5_file
        self.path = path
        self.mode = mode
        self.metadata = metadata
        self.group_name = _group_name(path)
        self.group = None
        if mode == "w":
            self.group = h5_file.require_group(self.group_name)
            for key, value in (metadata or {}).items():
                self.group.attrs[key] = value
        elif self.group_name in h5_file:
            weights_h5.check_link(h5_file, self.group_name)
            self.group = h5_file[self.group_name]

    def __setitem__(self, key, value):
        if self.mode != "w":
            raise ValueError("Setting a value is only allowed in write mode.")
        array, dtype_name = _storable(value)
        if key in self.group:
            del self.group[key]
        dataset = self.group.create_dataset(key, data=array)
        dataset.attrs["dtype"] = dtype_name

    def __getitem__(self, key):
        if self.group is None or key not in self.group:
            raise KeyError(
                f"Key '{key}' not found in '{self.group_name}' of the store."
            )
        dataset = weights_h5.safe_get_h5_dataset(self.group, key)
        return _read_value(dataset, f"{self.group_name}/{key}")

    def __delitem__(self, key):
        if self.mode != "w":
            raise ValueError("Deleting a value is only allowed in write mode.")
        del self.group[key]

    def __contains__(self, key):
        return self.group is not None and key in self.group

    def __len__(self):
        return 0 if self.group is None else len(self.group)

    def __iter__(self):
        return iter(self.keys())

    def keys(self):
        return [] if self.group is None else list(self.group.keys())

    def items(self):
        return [(key, self[key]) for key in self.keys()]


class H5IOStore:
    """A store of arrays in one HDF5 file (or a member of a zip archive).

    Args:
        path_or_io: A `str` or `pathlib.Path` path, or an `io.BytesIO`.
        archive: Optional open `zipfile.ZipFile`; the HDF5 file is then
            its member named `path_or_io`.
        mode: `"w"` to write (the file is created), `"r"` to read.
    """

    def __init__(self, path_or_io, archive=None, mode="r"):
        if not isinstance(path_or_io, (str, pathlib.Path, io.BytesIO)):
            raise TypeError(
                "`path_or_io` should be a `str`, `pathlib.Path` or "
                f"`io.BytesIO` object. Received: path_or_io={path_or_io} of "
                f"type {type(path_or_io)}."
            )
        _check_mode(mode)
        if isinstance(path_or_io, io.BytesIO) and archive is not None:
            raise ValueError(
                "When `path_or_io` is an `io.BytesIO` object, `archive` "
                f"should be `None`. Received: archive={archive}"
            )
        import h5py

        self.path_or_io = path_or_io
        self.archive = archive
        self.mode = mode
        self._buffer = None
        target = path_or_io
        if isinstance(path_or_io, pathlib.Path):
            target = str(path_or_io)
        if archive is not None:
            self._buffer = io.BytesIO()
            if mode == "r":
                from keras.src.saving import saving_lib

                self._buffer.write(saving_lib._safe_zip_read(archive, target))
                self._buffer.seek(0)
            target = self._buffer
        self.h5_file = h5py.File(target, mode)

    def make(self, path, metadata=None):
        if metadata is not None and not isinstance(metadata, dict):
            raise ValueError(
                f"`metadata` should be a dict or `None`. Received: {metadata}"
            )
        return H5Entry(self.h5_file, path, "w", metadata)

    def get(self, path):
        return H5Entry(self.h5_file, path, self.mode)

    def close(self):
        self.h5_file.close()
        if self.archive is not None and self.mode == "w":
            self.archive.writestr(str(self.path_or_io), self._buffer.getvalue())
        if self._buffer is not None:
            self._buffer.close()


class ShardedH5Entry:
    """The values of one path of a `ShardedH5IOStore`, over its shards."""

    def __init__(self, store, path, mode):
        self.store = store
        self.path = path
        self.mode = mode
        self.group_name = _group_name(path)
        self.map_key = f"/{self.group_name}"

    def _shard_names(self):
        names = self.store.sharding_config["weight_map"].get(self.map_key, [])
        return [names] if isinstance(names, str) else list(names)

    def _groups(self):
        for name in self._shard_names():
            f = self.store._open_shard(name)
            if self.group_name in f:
                weights_h5.check_link(f, self.group_name)
                yield name, f[self.group_name]

    def _find(self, key):
        for name, group in self._groups():
            if key in group:
                return name, group
        raise KeyError(
            f"Key '{key}' not found in any of the shards: {self._shard_names()}"
        )

    def __setitem__(self, key, value):
        if self.mode != "w":
            raise ValueError("Setting a value is only allowed in write mode.")
        array, dtype_name = _storable(value)
        if key in self:
            del self[key]
        f = self.store._shard_for(int(array.nbytes), key)
        group = f.require_group(self.group_name)
        dataset = group.create_dataset(key, data=array)
        dataset.attrs["dtype"] = dtype_name
        names = self.store.sharding_config["weight_map"].setdefault(
            self.map_key, []
        )
        if self.store.current_shard not in names:
            names.append(self.store.current_shard)

    def __getitem__(self, key):
        _, group = self._find(key)
        dataset = weights_h5.safe_get_h5_dataset(group, key)
        return _read_value(dataset, f"{self.group_name}/{key}")

    def __delitem__(self, key):
        if self.mode != "w":
            raise ValueError("Deleting a value is only allowed in write mode.")
        _, group = self._find(key)
        del group[key]

    def __contains__(self, key):
        return any(key in group for _, group in self._groups())

    def __len__(self):
        return len(self.keys())

    def __iter__(self):
        return iter(self.keys())

    def keys(self):
        keys = []
        for _, group in self._groups():
            keys.extend(k for k in group.keys() if k not in keys)
        return keys

    def items(self):
        return [(key, self[key]) for key in self.keys()]


class ShardedH5IOStore:
    """A store of arrays spread over HDF5 shard files.

    The index file `path_or_io` (`<name>.json`, or `<name>.weights.json`)
    holds `{"metadata": {...}, "weight_map": {"/<path>/vars": [shard
    file names]}}`; the shards `<name>_00000.weights.h5`, ... sit next to
    it and hold at most `max_shard_size` GiB of values each.

    Args:
        path_or_io: A `str` or `pathlib.Path` path of the index file.
        max_shard_size: The size limit of a shard, in GiB.
        archive: Unsupported here; must be `None`.
        mode: `"w"` or `"r"`.
    """

    def __init__(self, path_or_io, max_shard_size=5, archive=None, mode="r"):
        if not isinstance(path_or_io, (str, pathlib.Path)):
            raise TypeError(
                "`path_or_io` should be a `str`, `pathlib.Path` object. "
                f"Received: path_or_io={path_or_io} of type "
                f"{type(path_or_io)}."
            )
        _check_mode(mode)
        if archive is not None:
            raise ValueError(
                "Sharded stores are written next to their index file; "
                f"`archive` should be `None`. Received: archive={archive}"
            )
        self.path = os.path.abspath(os.fspath(path_or_io))
        self.mode = mode
        self.dirname, name = os.path.split(self.path)
        stem = name[: -len(".json")] if name.endswith(".json") else name
        if stem.endswith(".weights"):
            stem = stem[: -len(".weights")]
        self.stem = stem
        self.max_shard_size = max_shard_size
        self.max_bytes = int(float(max_shard_size) * weights_h5._SHARD_UNIT)
        self._files = {}
        self.current_shard = None
        self._current_size = 0
        if mode == "w":
            self.sharding_config = {
                "metadata": {"max_shard_size": max_shard_size},
                "weight_map": {},
            }
        else:
            config, _ = weights_h5.read_sharded_index(self.path)
            self.sharding_config = config

    def _open_shard(self, name):
        if name not in self._files:
            import h5py

            path = os.path.join(self.dirname, name)
            self._files[name] = h5py.File(path, self.mode)
        return self._files[name]

    def _shard_for(self, size, key):
        if size > self.max_bytes:
            raise ValueError(
                f"The value of '{key}' ({size} bytes) exceeds the maximum "
                f"shard size ({self.max_bytes} bytes, from "
                f"max_shard_size={self.max_shard_size} GiB)."
            )
        if self.current_shard is None or (
            self._current_size and self._current_size + size > self.max_bytes
        ):
            self.current_shard = (
                f"{self.stem}_{len(self._files):05d}.weights.h5"
            )
            self._open_shard(self.current_shard)
            self._current_size = 0
        self._current_size += size
        return self._files[self.current_shard]

    def make(self, path, metadata=None):
        if metadata is not None and not isinstance(metadata, dict):
            raise ValueError(
                f"`metadata` should be a dict or `None`. Received: {metadata}"
            )
        return ShardedH5Entry(self, path, "w")

    def get(self, path):
        return ShardedH5Entry(self, path, self.mode)

    def close(self):
        for f in self._files.values():
            f.close()
        self._files = {}
        if self.mode == "w":
            with open(self.path, "w") as f:
                json.dump(self.sharding_config, f)


# -------------------------------------------------------------------- npz
def _check_npy_member(zf, member, name):
    """Raises unless the `.npy` member's header declares a plain array
    that the stored bytes back."""
    info = zf.getinfo(member)
    with zf.open(info) as f:
        version = np.lib.format.read_magic(f)
        if version == (1, 0):
            shape, _, dtype = np.lib.format.read_array_header_1_0(f)
        else:
            shape, _, dtype = np.lib.format.read_array_header_2_0(f)
        header_size = f.tell()
    if dtype.hasobject:
        raise ValueError(
            f"Refusing to load npz weight '{name}': it holds Python objects."
        )
    declared = int(np.prod(shape, dtype=object)) * dtype.itemsize
    available = info.file_size - header_size
    if declared > available:
        raise ValueError(
            f"Refusing to load npz weight '{name}': its header declares "
            f"shape {shape} ({declared} bytes) but the member stores only "
            f"{available} bytes."
        )


class NpzIOStore:
    """A store of arrays in a NumPy `.npz` archive (no pickles).

    The value `key` of `path` is the archive member `<path>/<key>`.

    Args:
        root_path: The `.npz` file path (or the member name when
            `archive` is given).
        archive: Optional open `zipfile.ZipFile` holding the `.npz` file.
        mode: `"w"` or `"r"`.
    """

    def __init__(self, root_path, archive=None, mode="r"):
        _check_mode(mode)
        self.root_path = root_path
        self.archive = archive
        self.mode = mode
        self.contents = {}
        self._zip = None
        if mode == "r":
            if archive is not None:
                from keras.src.saving import saving_lib

                data = saving_lib._safe_zip_read(archive, root_path)
                self._zip = zipfile.ZipFile(io.BytesIO(data))
            else:
                self._zip = zipfile.ZipFile(os.fspath(root_path))

    def make(self, path, metadata=None):
        if path not in self.contents:
            self.contents[path] = {}
        return self.contents[path]

    def _load_member(self, name):
        member = f"{name}.npy"
        _check_npy_member(self._zip, member, name)
        with self._zip.open(member) as f:
            return np.lib.format.read_array(f, allow_pickle=False)

    def get(self, path):
        if self.mode == "w":
            return self.contents.get(path, {})
        names = [n[: -len(".npy")] for n in self._zip.namelist()]
        if path in names:
            return self._load_member(path)
        prefix = f"{path}/" if path else ""
        return {
            name[len(prefix) :]: self._load_member(name)
            for name in names
            if name.startswith(prefix)
        }

    def close(self):
        if self.mode == "w":
            arrays = {}
            for path, values in self.contents.items():
                for key, value in values.items():
                    name = f"{path}/{key}" if path else str(key)
                    arrays[name] = weights_h5.host_array(value)
            if self.archive is not None:
                buffer = io.BytesIO()
                np.savez(buffer, **arrays)
                self.archive.writestr(self.root_path, buffer.getvalue())
            else:
                with open(os.fspath(self.root_path), "wb") as f:
                    np.savez(f, **arrays)
        if self._zip is not None:
            self._zip.close()
            self._zip = None


# ------------------------------------------------------------------ folder
_DRIVE = re.compile(r"^[A-Za-z]:")


class DiskIOStore:
    """Hands out folders below a root, for layers' assets.

    Without `archive`, the folders live under `root_path` itself (a local
    or remote path). With an `archive` (an open `zipfile.ZipFile`), they
    live in a temporary folder: in write mode its files are added to the
    archive under `root_path/` on `close()`; in read mode the archive's
    members under `root_path/` are extracted into it first (refusing
    members that would escape it or that decompress beyond limits).

    Paths given to `make`/`get` must be relative and stay inside the root
    (no `..`, no absolute path); others raise `ValueError`.
    """

    def __init__(self, root_path, archive=None, mode=None):
        self.root_path = os.fspath(root_path)
        self.archive = archive
        self.mode = mode
        self._temp = None
        if archive is None:
            self.working_dir = self.root_path
        else:
            self._temp = tempfile.mkdtemp(prefix="keras-assets-")
            self.working_dir = self._temp
            if mode == "r":
                self._extract()

    def _extract(self):
        from keras.src.saving import saving_lib

        prefix = self.root_path.rstrip("/") + "/"
        for info in self.archive.infolist():
            if not info.filename.startswith(prefix) or info.is_dir():
                continue
            relative = info.filename[len(prefix) :]
            target = self._full_path(relative)
            saving_lib._check_zip_member(
                info, saving_lib._ZIP_EXTRACT_BOMB_FLOOR_BYTES
            )
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with self.archive.open(info) as src, open(target, "wb") as dst:
                shutil.copyfileobj(src, dst)

    def _full_path(self, path):
        path = os.fspath(path)
        parts = [p for p in re.split(r"[\\/]+", path) if p not in ("", ".")]
        if (
            path.startswith(("/", "\\"))
            or os.path.isabs(path)
            or _DRIVE.match(path)
            or ".." in parts
        ):
            raise ValueError(
                f"Invalid asset path '{path}': it must be a relative path "
                "that stays inside the assets folder."
            )
        if file_utils.is_remote_path(self.working_dir):
            return posixpath.join(self.working_dir, *parts)
        base = os.path.realpath(self.working_dir)
        full = os.path.join(self.working_dir, *parts)
        resolved = os.path.realpath(full)
        if resolved != base and not resolved.startswith(base + os.sep):
            raise ValueError(
                f"Invalid asset path '{path}': it resolves outside the "
                "assets folder."
            )
        return full

    def make(self, path):
        full = self._full_path(path)
        file_utils.makedirs(full)
        return full

    def get(self, path):
        full = self._full_path(path)
        return full if file_utils.exists(full) else None

    def has_path(self, path):
        try:
            full = self._full_path(path)
        except ValueError:
            return False
        return file_utils.exists(full)

    def discard(self):
        """Removes the temporary folder without writing anything."""
        if self._temp is not None:
            shutil.rmtree(self._temp, ignore_errors=True)
            self._temp = None

    def close(self):
        if self._temp is not None and self.mode == "w":
            for dirpath, _, filenames in os.walk(self.working_dir):
                for filename in sorted(filenames):
                    full = os.path.join(dirpath, filename)
                    relative = os.path.relpath(full, self.working_dir)
                    arcname = posixpath.join(
                        self.root_path, *relative.split(os.sep)
                    )
                    self.archive.write(full, arcname)
        if self._temp is not None:
            shutil.rmtree(self._temp, ignore_errors=True)
            self._temp = None
