"""The `.keras` model format and atomic file writes.

A `.keras` file is a zip archive holding:

- `config.json`: `serialize_keras_object(model)`, including the model's
  `build_config` and `compile_config`, plus `lora_state` when LoRA is
  enabled (`lora_utils.lora_state`: the LoRA layers, nested ones
  included, and the frozen weights).
- `metadata.json`: `{"keras_version": ..., "date_saved": ...}`.
- `model.weights.h5`: the weights file, in upstream Keras' object-tree
  layout (see `object_tree`), with the optimizer's variables when the
  model has a built optimizer.
- `assets/<layer key>/...`: the files that layers defining `save_assets()`
  wrote into their folder (their keys are listed under `asset_owners` in
  `metadata.json`); absent when no layer has assets.

With `zipped=False` the same files are written into a directory instead. A
zip archive can also be written to (and read from) a binary file object such
as `io.BytesIO`. Every write goes to a temporary file (or directory) next to
the target that is then renamed onto it, so an interrupted save leaves any
previous file intact. Loading never executes code: configs are JSON and
weights are HDF5 arrays. Archive members whose declared size is far larger
than their compressed size (decompression bombs) are refused before they are
read, as are HDF5 datasets that declare more bytes than they store.

Weights-only files: `save_weights_only` writes one `.weights.h5` file (see
`object_tree`), or, with `max_shard_size`, a `.weights.json` index and its
shards (the same layout spread over several files). Remote paths
(`gs://...`, see `file_utils.is_remote_path`) are written to a local
temporary file that is then copied, and read from a local copy.

Multi-process runs (several JAX processes): every process calls the same
save function, process 0 alone writes the file while the others only take
part in gathering the sharded variables (see `weights_h5.host_value`);
then all processes wait for each other, so that no process goes on (e.g.
to read the file) before it has been renamed into place. A failure on
process 0 is raised on every process. The target must be on storage that
every process that loads it can read. Every process reads the file when
loading.
"""

import contextlib
import datetime
import io
import json
import os
import re
import shutil
import socket
import struct
import tempfile
import warnings
import zipfile

import numpy as np

from keras.src.backend.common import variables
from keras.src.distribution import distribution_lib
from keras.src.saving import object_registration
from keras.src.saving import object_tree
from keras.src.saving import serialization_lib
from keras.src.saving import weights_h5
from keras.src.saving.io_stores import DiskIOStore
from keras.src.saving.io_stores import H5Entry  # noqa: F401
from keras.src.saving.io_stores import H5IOStore  # noqa: F401
from keras.src.saving.io_stores import NpzIOStore  # noqa: F401
from keras.src.saving.io_stores import ShardedH5Entry  # noqa: F401
from keras.src.saving.io_stores import ShardedH5IOStore  # noqa: F401
from keras.src.saving.weights_h5 import safe_get_h5_dataset  # noqa: F401
from keras.src.utils import file_utils
from keras.src.utils import lora_utils

CONFIG_FILENAME = "config.json"
METADATA_FILENAME = "metadata.json"
# Top-level `config.json` key of the LoRA set-up that layer configs do not
# record (see `lora_utils.lora_state`).
LORA_STATE_KEY = "lora_state"
VARS_FILENAME = "model.weights.h5"
ASSETS_DIRNAME = "assets"
# `metadata.json` key listing the layers that saved assets.
ASSET_OWNERS_KEY = "asset_owners"
_CONFIG_FILENAME = CONFIG_FILENAME
_METADATA_FILENAME = METADATA_FILENAME
_VARS_FNAME_H5 = VARS_FILENAME
_ASSETS_DIRNAME = ASSETS_DIRNAME

# A compressed weights member (or any member of an archive given as a file
# object) is read into memory when it takes at most this fraction of the
# available memory; otherwise it is extracted to a temporary file. Stored
# members of an archive on disk are always read in place.
_MEMORY_UPPER_BOUND = 0.5
# An archive member is refused as a decompression bomb when it would
# expand to more than the floor and more than `_ZIP_MEMBER_MAX_EXPANSION`
# times its compressed size. Asset files (extracted to disk) have their
# own floor.
_ZIP_MEMBER_BOMB_FLOOR_BYTES = 256 * 1024 * 1024
_ZIP_EXTRACT_BOMB_FLOOR_BYTES = 64 * 1024 * 1024
_ZIP_MEMBER_MAX_EXPANSION = 100

# The process umask, to give atomically written files the usual mode.
_UMASK = os.umask(0)
os.umask(_UMASK)


# ----------------------------------------------------------- atomic writes
def _fsync_dir(dirname):
    try:
        fd = os.open(dirname, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _temporary_prefix(basename):
    """Prefix of this process's temporaries for target `basename`.

    It names the host and process, so that a later save can tell the
    leftovers of a crashed save from a save still running elsewhere.
    """
    return f".{basename}.{socket.gethostname()}.{os.getpid()}."


def _process_is_alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # alive, but owned by someone else
        return True
    return True


def _remove_stale_temporaries(dirname, basename):
    """Deletes temporaries of `basename` left by dead processes of this host.

    A save killed between creating its temporary and the final rename
    (e.g. by SIGKILL) leaves a hidden `.<basename>.<host>.<pid>.*.tmp` (or
    `.old`) entry; without this, every crashed save would add one.
    Temporaries of other hosts, or of live processes, are left alone.
    """
    prefix = f".{basename}.{socket.gethostname()}."
    try:
        names = os.listdir(dirname)
    except OSError:
        return
    for name in names:
        if not name.startswith(prefix) or not name.endswith((".tmp", ".old")):
            continue
        pid = name[len(prefix) :].split(".", 1)[0]
        if not pid.isdigit() or _process_is_alive(int(pid)):
            continue
        path = os.path.join(dirname, name)
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path, ignore_errors=True)
        else:
            with contextlib.suppress(OSError):
                os.remove(path)


@contextlib.contextmanager
def atomic_write_path(filepath):
    """Yields a temporary path that replaces `filepath` on success.

    The temporary file lives in the target's directory, so the final
    `os.replace` is atomic. If the body raises (or the process dies), the
    temporary file is removed (or left behind, hidden) and `filepath` is
    untouched.
    """
    filepath = os.path.abspath(os.fspath(filepath))
    dirname, basename = os.path.split(filepath)
    _remove_stale_temporaries(dirname, basename)
    fd, tmp = tempfile.mkstemp(
        prefix=_temporary_prefix(basename), suffix=".tmp", dir=dirname
    )
    os.close(fd)
    try:
        yield tmp
        os.chmod(tmp, 0o666 & ~_UMASK)
        with open(tmp, "rb") as f:
            os.fsync(f.fileno())
        os.replace(tmp, filepath)
    except BaseException:
        with contextlib.suppress(OSError):
            os.remove(tmp)
        raise
    _fsync_dir(dirname)


@contextlib.contextmanager
def _atomic_write_dir(dirpath):
    """Like `atomic_write_path`, for a directory."""
    dirpath = os.path.abspath(os.fspath(dirpath))
    parent, basename = os.path.split(dirpath)
    _remove_stale_temporaries(parent, basename)
    prefix = _temporary_prefix(basename)
    tmp = tempfile.mkdtemp(prefix=prefix, suffix=".tmp", dir=parent)
    try:
        yield tmp
        os.chmod(tmp, 0o777 & ~_UMASK)
        backup = None
        if os.path.lexists(dirpath):
            backup = tempfile.mkdtemp(prefix=prefix, suffix=".old", dir=parent)
            os.rmdir(backup)
            os.replace(dirpath, backup)
        try:
            os.replace(tmp, dirpath)
        except BaseException:
            if backup is not None:
                os.replace(backup, dirpath)
            raise
        if backup is not None:
            if os.path.isdir(backup) and not os.path.islink(backup):
                shutil.rmtree(backup, ignore_errors=True)
            else:
                os.remove(backup)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    _fsync_dir(parent)


# ------------------------------------------------------------- zip safety
def _check_zip_member(info, floor=None):
    """Raises if the member would expand far beyond its stored size."""
    floor = _ZIP_MEMBER_BOMB_FLOOR_BYTES if floor is None else floor
    size = int(info.file_size)
    if size > floor and size > (
        max(int(info.compress_size), 1) * _ZIP_MEMBER_MAX_EXPANSION
    ):
        raise ValueError(
            f"Refusing to read the archive member '{info.filename}': it "
            f"would expand from {info.compress_size} to {size} bytes, which "
            "looks like a decompression bomb."
        )


def _check_archive_members(zf):
    for info in zf.infolist():
        if info.filename.startswith(ASSETS_DIRNAME + "/"):
            _check_zip_member(info, _ZIP_EXTRACT_BOMB_FLOOR_BYTES)
        else:
            _check_zip_member(info)


def _safe_zip_read(zf, name):
    """Reads the member `name` of `zf`, refusing decompression bombs."""
    info = zf.getinfo(name)
    _check_zip_member(info)
    with zf.open(info) as f:
        data = f.read(int(info.file_size) + 1)
    if len(data) > info.file_size:
        raise ValueError(
            f"The archive member '{name}' is larger than it declares."
        )
    return data


def _available_memory():
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return 0


# ------------------------------------------------------------------ saving
def _metadata(asset_owners=()):
    from keras.src.version import __version__

    metadata = {
        "keras_version": __version__,
        "date_saved": datetime.datetime.now().strftime("%Y-%m-%d@%H:%M:%S"),
    }
    if asset_owners:
        metadata[ASSET_OWNERS_KEY] = list(asset_owners)
    return metadata


def _config_json(model):
    config = serialization_lib.serialize_keras_object(model)
    state = lora_utils.lora_state(model)
    if state is not None:
        config[LORA_STATE_KEY] = state
    return json.dumps(config, indent=None)


def _defines(layer, name):
    """Whether a class of `layer` below the base `Layer` defines `name`."""
    from keras.src.layers.layer import Layer

    for klass in type(layer).__mro__:
        if name in vars(klass):
            return klass is not Layer
    return False


def _asset_entries(model):
    """`[(key, layer, structural key)]` of the layers with assets."""
    flatten = getattr(model, "_flatten_layers", None)
    layers = [
        layer
        for layer in (flatten() if flatten is not None else [])
        if _defines(layer, "save_assets") or _defines(layer, "load_assets")
    ]
    keys = weights_h5._unique_keys(
        [str(getattr(x, "path", x.name)) for x in layers]
    )
    return list(zip(keys, layers, weights_h5.structural_keys(keys)))


def _save_assets(model, store):
    """Lets each layer with `save_assets` fill its folder of `store`.
    Returns the keys of the layers that saved assets."""
    owners = []
    for key, layer, _ in _asset_entries(model):
        if _defines(layer, "save_assets"):
            layer.save_assets(store.make(key))
            owners.append(key)
    return owners


def _load_assets(model, store, saved_owners):
    entries = [
        e for e in _asset_entries(model) if _defines(e[1], "load_assets")
    ]
    if not entries:
        return
    saved = [
        weights_h5._FileEntry(key, key, (), None, i, None)
        for i, key in enumerate(saved_owners or [])
    ]
    for entry, structure in zip(
        saved, weights_h5.structural_keys([e.key for e in saved])
    ):
        entry.structure = structure
    pairs, missing, _ = weights_h5._match(saved, entries)
    if missing:
        warnings.warn(
            f"The file has no assets for the layer(s) {missing}; their "
            "`load_assets()` was not called.",
            stacklevel=3,
        )
    for _, layer, entry in pairs:
        path = store.get(entry.key)
        if path is None:
            path = store.make(entry.key)
        layer.load_assets(path)


# ------------------------------------------------------- multi-process
def _process_count_and_index():
    return distribution_lib.num_processes(), distribution_lib.process_id()


def _all_processes_flag(flag):
    """Gathers an int flag from every process (a collective: it also
    serves as a barrier). Returns the list of flags."""
    gathered = distribution_lib.all_gather_int([int(flag)])
    return [int(row[0]) for row in np.asarray(gathered).reshape(-1, 1)]


def check_target_absent(filepath):
    """For `overwrite=False`: raises on every process if the target
    exists on any of them (checked before anyone writes)."""
    exists = file_utils.exists(filepath)
    count, _ = _process_count_and_index()
    if count > 1:
        exists = any(_all_processes_flag(exists))
    if exists:
        raise ValueError(
            f"File '{filepath}' already exists and `overwrite=False`. Pass "
            "`overwrite=True` to replace it."
        )


def _write_from_process_0(filepath, model, write, objects_to_skip=None):
    """Saves from process 0 only, with every process taking part.

    `write(write_weights)` writes the file, calling
    `write_weights(target)` (once) to write the weights (`target`: a path,
    a file object or an `object_tree.ShardedWriter`). Process 0 runs it; the
    other processes only join the gathers of sharded variables. Then every
    process waits for the others, and raises if process 0 failed.
    """
    count, index = _process_count_and_index()
    if count == 1:
        write(
            lambda target: object_tree.write_weights(
                model, target, objects_to_skip
            )
        )
        return
    gathered = []

    def write_weights(target):
        try:
            object_tree.write_weights(model, target, objects_to_skip)
        finally:
            gathered.append(True)

    error = None
    try:
        if index == 0:
            write(write_weights)
    except Exception as e:
        error = e
    if not gathered:
        # The other processes wait for the gathers: join them anyway.
        object_tree.write_weights(model, None, objects_to_skip)
    # The barrier: process 0 only gets here once the file is in place.
    failed = _all_processes_flag(error is not None)
    if error is not None:
        raise error
    if any(failed):
        raise ValueError(
            f"Saving '{filepath}' failed on process(es) "
            f"{[i for i, f in enumerate(failed) if f]} (see their errors); "
            "any previous file was left intact."
        )


def _is_file_object(filepath):
    return hasattr(filepath, "write") or hasattr(filepath, "read")


@contextlib.contextmanager
def _local_target(filepath):
    """Yields a local path to write; copies it to `filepath` afterwards
    when that is a remote path."""
    if not file_utils.is_remote_path(filepath):
        yield filepath
        return
    with tempfile.TemporaryDirectory() as tmpdir:
        local = os.path.join(tmpdir, os.path.basename(str(filepath)))
        yield local
        if os.path.exists(local):
            file_utils.copy(local, filepath)


@contextlib.contextmanager
def _local_source(filepath):
    """Yields a local path to read `filepath` from (a copy when remote)."""
    if _is_file_object(filepath) or not file_utils.is_remote_path(filepath):
        yield filepath
        return
    with tempfile.TemporaryDirectory() as tmpdir:
        local = os.path.join(tmpdir, os.path.basename(str(filepath)))
        file_utils.copy(filepath, local)
        yield local


def save_model(model, filepath, weights_format="h5", zipped=True):
    """Saves `model` as a `.keras` archive (or a directory if not zipped).

    The config is serialized before anything is written, so an
    unserializable model leaves any existing file untouched.

    Args:
        model: The model to save.
        filepath: The target path, or a binary file object (zip only).
        weights_format: Only `"h5"` is supported.
        zipped: Whether to write a zip archive (default) or a directory.
    """
    if weights_format != "h5":
        raise ValueError(
            f"Unknown `weights_format`: '{weights_format}'. Only 'h5' is "
            "supported."
        )
    config_json = _config_json(model)
    if _is_file_object(filepath):
        if not zipped:
            raise ValueError(
                "A model can only be saved to a file object as a zip "
                "archive (`zipped=True`)."
            )
        _write_from_process_0(
            "<file object>",
            model,
            lambda write_weights: _write_zip(
                write_weights, filepath, model, config_json
            ),
        )
        return
    filepath = os.fspath(filepath)
    with _local_target(filepath) as local:
        _write_from_process_0(
            filepath,
            model,
            lambda write_weights: _write_model(
                write_weights, local, model, config_json, zipped
            ),
        )


def _write_model(write_weights, filepath, model, config_json, zipped):
    if not zipped:
        with _atomic_write_dir(filepath) as tmp:
            with open(os.path.join(tmp, CONFIG_FILENAME), "w") as f:
                f.write(config_json)
            write_weights(os.path.join(tmp, VARS_FILENAME))
            store = DiskIOStore(os.path.join(tmp, ASSETS_DIRNAME), mode="w")
            owners = _save_assets(model, store)
            store.close()
            with open(os.path.join(tmp, METADATA_FILENAME), "w") as f:
                f.write(json.dumps(_metadata(owners)))
        return
    with atomic_write_path(filepath) as tmp:
        _write_zip(write_weights, tmp, model, config_json)


def _write_zip(write_weights, target, model, config_json):
    with tempfile.TemporaryDirectory() as tmpdir:
        weights_tmp = os.path.join(tmpdir, VARS_FILENAME)
        write_weights(weights_tmp)
        with zipfile.ZipFile(target, "w", allowZip64=True) as zf:
            store = DiskIOStore(ASSETS_DIRNAME, archive=zf, mode="w")
            try:
                owners = _save_assets(model, store)
            except BaseException:
                store.discard()
                raise
            store.close()
            zf.writestr(
                METADATA_FILENAME,
                json.dumps(_metadata(owners)),
                compress_type=zipfile.ZIP_DEFLATED,
            )
            zf.writestr(
                CONFIG_FILENAME,
                config_json,
                compress_type=zipfile.ZIP_DEFLATED,
            )
            # Weights are stored uncompressed so they can be read in
            # place (see `_StoredMemberFile`).
            zf.write(
                weights_tmp,
                VARS_FILENAME,
                compress_type=zipfile.ZIP_STORED,
            )


def _check_built(model, action):
    if getattr(model, "built", True) or getattr(model, "variables", None):
        return
    raise ValueError(
        f"You are {action} a model that has not yet been built. Build it "
        "first (call it on a batch of data, or call `model.build()`), so "
        "that its weights exist."
    )


def save_weights_only(
    model, filepath, max_shard_size=None, objects_to_skip=None
):
    """Writes the model's weights file atomically to `filepath` (from
    process 0 in a multi-process run; see the module docstring).

    Args:
        model: The model.
        filepath: A `.weights.h5` path, or with `max_shard_size`, the
            `.weights.json` index path of a sharded file.
        max_shard_size: Optional size limit of each shard, in GiB.
        objects_to_skip: Optional layers whose variables are left out.
    """
    _check_built(model, "saving")
    filepath = os.fspath(filepath)
    if max_shard_size is not None:
        if not filepath.endswith(".json"):
            raise ValueError(
                "With `max_shard_size`, the filepath must end in "
                f"`.weights.json`. Received: filepath={filepath}"
            )
        with _local_target(filepath) as local:
            _write_from_process_0(
                filepath,
                model,
                lambda write_weights: _write_sharded(
                    write_weights, local, max_shard_size
                ),
                objects_to_skip,
            )
        return

    def write(write_weights):
        with atomic_write_path(local) as tmp:
            write_weights(tmp)

    with _local_target(filepath) as local:
        _write_from_process_0(filepath, model, write, objects_to_skip)


_SHARD_NAME = re.compile(r"_\d{5}\.weights\.h5$")


def _write_sharded(write_weights, filepath, max_shard_size):
    """Writes the shards under temporary names, renames them into place,
    then writes the index file (atomically) and removes shards of an
    earlier save that the new index no longer lists."""
    filepath = os.path.abspath(filepath)
    prefix = f".{os.path.basename(filepath)}.{os.getpid()}."
    writer = object_tree.ShardedWriter(filepath, max_shard_size, prefix)
    try:
        write_weights(writer)
        writer.close()
        for tmp, name in zip(writer.temp_paths(), writer.shards):
            os.replace(tmp, os.path.join(writer.dirname, name))
    except BaseException:
        writer.abort()
        raise
    with atomic_write_path(filepath) as tmp:
        with open(tmp, "w") as f:
            json.dump(writer.config(), f)
    for name in os.listdir(writer.dirname):
        if (
            name.startswith(writer.stem + "_")
            and _SHARD_NAME.search(name)
            and len(name) == len(writer.stem) + len("_00000.weights.h5")
            and name not in writer.shards
        ):
            with contextlib.suppress(OSError):
                os.remove(os.path.join(writer.dirname, name))


# ----------------------------------------------------------------- loading
class _StoredMemberFile:
    """A read-only, seekable view of an uncompressed zip member.

    Lets h5py read `model.weights.h5` inside the archive without extracting
    it.
    """

    def __init__(self, path, info):
        self._file = open(path, "rb")
        try:
            self._file.seek(info.header_offset)
            header = self._file.read(30)
            if len(header) != 30 or header[:4] != b"PK\x03\x04":
                raise zipfile.BadZipFile(
                    f"Bad local header for member '{info.filename}'."
                )
            name_len, extra_len = struct.unpack("<HH", header[26:30])
            self._start = info.header_offset + 30 + name_len + extra_len
            self._size = info.file_size
            self._file.seek(0, os.SEEK_END)
            if self._file.tell() < self._start + self._size:
                raise zipfile.BadZipFile(
                    f"Member '{info.filename}' is truncated."
                )
        except BaseException:
            self._file.close()
            raise
        self._pos = 0

    def seekable(self):
        return True

    def readable(self):
        return True

    def tell(self):
        return self._pos

    def seek(self, offset, whence=os.SEEK_SET):
        if whence == os.SEEK_SET:
            self._pos = offset
        elif whence == os.SEEK_CUR:
            self._pos += offset
        else:
            self._pos = self._size + offset
        return self._pos

    def read(self, size=-1):
        remaining = max(self._size - self._pos, 0)
        size = remaining if size is None or size < 0 else min(size, remaining)
        self._file.seek(self._start + self._pos)
        data = self._file.read(size)
        self._pos += len(data)
        return data

    def readinto(self, buffer):
        data = self.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)

    def close(self):
        self._file.close()


def _bad_archive(filepath, reason, error=None):
    message = f"Could not load the model file '{filepath}': {reason}"
    if error is not None:
        message += f" ({error})"
    return ValueError(message)


@contextlib.contextmanager
def _open_weights_in_archive(filepath, zf, source):
    """Yields a path or file object for the archive's weights file.

    An uncompressed member of an archive on disk is read in place (a view,
    `_StoredMemberFile`), so that loading reads only the values it needs
    (each process just the slices its devices hold) and never holds the
    whole file in memory. Otherwise the bytes are read into memory when
    they fit in `_MEMORY_UPPER_BOUND` of the available memory, else
    extracted to a temporary file.
    """
    try:
        info = zf.getinfo(VARS_FILENAME)
    except KeyError:
        raise _bad_archive(filepath, f"it has no '{VARS_FILENAME}'.")
    _check_zip_member(info)
    if isinstance(source, str) and info.compress_type == zipfile.ZIP_STORED:
        try:
            member = _StoredMemberFile(source, info)
        except (OSError, zipfile.BadZipFile) as e:
            raise _bad_archive(filepath, "it is truncated or corrupted.", e)
        try:
            yield member
        finally:
            member.close()
        return
    in_memory = info.file_size <= _MEMORY_UPPER_BOUND * _available_memory()
    if in_memory or not isinstance(source, str):
        try:
            data = _safe_zip_read(zf, VARS_FILENAME)
        except ValueError:
            raise
        except Exception as e:
            raise _bad_archive(filepath, "it is truncated or corrupted.", e)
        yield io.BytesIO(data)
        return
    with tempfile.TemporaryDirectory() as tmpdir:
        try:
            path = zf.extract(info, tmpdir)
        except Exception as e:
            raise _bad_archive(filepath, "it is truncated or corrupted.", e)
        yield path


class _Archive:
    """Read access to a `.keras` archive, or to an unzipped directory."""

    def __init__(self, filepath, display_name, zf=None):
        self.filepath = filepath
        self.display_name = display_name
        self.zf = zf

    def read_text(self, name):
        if self.zf is None:
            path = os.path.join(self.filepath, name)
            if not os.path.exists(path):
                raise _bad_archive(self.display_name, f"it has no '{name}'.")
            with open(path, "r") as f:
                return f.read()
        try:
            return _safe_zip_read(self.zf, name).decode("utf-8")
        except KeyError:
            raise _bad_archive(self.display_name, f"it has no '{name}'.")
        except ValueError:
            raise
        except Exception as e:
            raise _bad_archive(
                self.display_name, f"its '{name}' is corrupted.", e
            ) from e

    def has(self, name):
        if self.zf is None:
            return os.path.exists(os.path.join(self.filepath, name))
        return name in self.zf.namelist()

    def weights(self):
        if self.zf is None:
            return contextlib.nullcontext(
                os.path.join(self.filepath, VARS_FILENAME)
            )
        return _open_weights_in_archive(
            self.display_name, self.zf, self.filepath
        )

    def weights_display_name(self):
        if self.zf is None:
            return os.path.join(self.filepath, VARS_FILENAME)
        return f"{self.display_name}/{VARS_FILENAME}"

    def assets_store(self):
        if self.zf is None:
            return DiskIOStore(
                os.path.join(self.filepath, ASSETS_DIRNAME), mode="r"
            )
        return DiskIOStore(ASSETS_DIRNAME, archive=self.zf, mode="r")


@contextlib.contextmanager
def _open_archive(filepath):
    """Yields an `_Archive` for a `.keras` file, directory or file
    object."""
    if isinstance(filepath, str) and os.path.isdir(filepath):
        yield _Archive(filepath, filepath)
        return
    display_name = filepath if isinstance(filepath, str) else "<file object>"
    try:
        zf = zipfile.ZipFile(filepath, "r")
    except (zipfile.BadZipFile, OSError, EOFError) as e:
        raise _bad_archive(
            display_name,
            "it is not a valid `.keras` zip archive (it may be "
            "truncated or corrupted).",
            e,
        ) from e
    with zf:
        _check_archive_members(zf)
        yield _Archive(filepath, display_name, zf)


def _parse_json(filepath, text, name):
    try:
        return json.loads(text)
    except ValueError as e:
        raise _bad_archive(filepath, f"its '{name}' is not valid JSON.", e)


def _file_not_found(filepath):
    return ValueError(
        f"File not found: filepath={filepath}. Please ensure the file is an "
        "accessible `.keras` zip file (or a directory written with "
        "`zipped=False`)."
    )


def load_model(filepath, custom_objects=None, compile=True, safe_mode=True):
    """Loads a model saved by `save_model` (`.keras` archive, directory or
    binary file object).

    Args:
        filepath: The `.keras` file (or directory, or file object).
        custom_objects: Optional dict of names to custom classes/functions.
        compile: Whether to compile the model with its saved
            compile config.
        safe_mode: Whether to refuse configs containing Python code.

    Returns:
        The model, with its weights (and optimizer state) restored.
    """
    if not _is_file_object(filepath):
        filepath = os.fspath(filepath)
        if not file_utils.exists(filepath):
            raise _file_not_found(filepath)
    with _local_source(filepath) as local:
        return _load_model(local, custom_objects, compile, safe_mode)


def _load_model(filepath, custom_objects, compile, safe_mode):
    with _open_archive(filepath) as archive:
        name = archive.display_name
        config = _parse_json(
            name, archive.read_text(CONFIG_FILENAME), CONFIG_FILENAME
        )
        if not isinstance(config, dict):
            raise _bad_archive(name, "its config is not a dict.")
        metadata = {}
        if archive.has(METADATA_FILENAME):
            metadata = _parse_json(
                name, archive.read_text(METADATA_FILENAME), METADATA_FILENAME
            )
            if not isinstance(metadata, dict):
                metadata = {}
        # The initial values of the model's variables would only be
        # overwritten by the stored ones: they are computed only for
        # variables that the archive does not hold.
        with (
            object_registration.CustomObjectScope(custom_objects),
            variables.deferred_initial_values(),
        ):
            model = model_from_saved_config(
                config, custom_objects, compile, safe_mode
            )
            with archive.weights() as weights_file:
                object_tree.load_weights_into(
                    model,
                    weights_file,
                    display_name=archive.weights_display_name(),
                )
            owners = metadata.get(ASSET_OWNERS_KEY)
            if _asset_entries(model):
                store = archive.assets_store()
                try:
                    _load_assets(model, store, owners)
                finally:
                    store.close()
    return model


def model_from_saved_config(config, custom_objects, compile, safe_mode):
    """Builds the model described by a saved config (the content of
    `config.json`, which `_config_json` writes) and, with `compile`,
    compiles it with the saved compile config. Its weights are left as
    initialized. `config` is consumed (its `compile_config` and LoRA entries
    are removed)."""
    compile_config = config.pop("compile_config", None)
    lora_state = config.pop(LORA_STATE_KEY, None)
    model = serialization_lib.deserialize_keras_object(
        config, custom_objects=custom_objects, safe_mode=safe_mode
    )
    if lora_state is not None:
        lora_utils.restore_lora_state(model, lora_state)
    if compile and compile_config:
        _compile_from_config(model, compile_config, safe_mode)
    return model


def _overrides(model, name):
    """Whether a class of `model` outside the `keras` package defines
    `name` (e.g. a user model overriding `compile`)."""
    for klass in type(model).__mro__:
        if name in vars(klass):
            module = getattr(klass, "__module__", None) or ""
            return not (module == "keras" or module.startswith("keras."))
    return False


def _compile_from_config(model, compile_config, safe_mode):
    if not hasattr(model, "compile_from_config"):
        return
    if _overrides(model, "compile") and not _overrides(
        model, "compile_from_config"
    ):
        warnings.warn(
            "`compile()` was not called as part of model loading because "
            "the model's `compile()` method is custom. The saved compile "
            "arguments are only reapplied automatically when the model "
            "also overrides `compile_from_config(config)` (and "
            "`get_compile_config()`); otherwise call `compile()` yourself "
            "after loading.",
            stacklevel=4,
        )
        return
    try:
        with serialization_lib.SafeModeScope(
            serialization_lib.resolve_safe_mode(safe_mode)
        ):
            model.compile_from_config(compile_config)
    except Exception as e:
        warnings.warn(
            "The model could not be compiled from its saved compile "
            f"config, so it was loaded uncompiled. Call `model.compile()` "
            f"to compile it. Error: {e}",
            stacklevel=4,
        )


def load_weights_only(
    model, filepath, skip_mismatch=False, objects_to_skip=None
):
    """Loads weights from a `.weights.h5` file, a sharded `.weights.json`
    file, or a `.keras` archive."""
    _check_built(model, "loading weights into")
    if not _is_file_object(filepath):
        filepath = os.fspath(filepath)
        if not file_utils.exists(filepath):
            raise ValueError(f"File not found: filepath={filepath}.")
    display_name = filepath if isinstance(filepath, str) else None
    with _local_source(filepath) as local:
        if isinstance(local, str) and local.endswith(".keras"):
            with _open_archive(local) as archive:
                with archive.weights() as weights_file:
                    object_tree.load_weights_into(
                        model,
                        weights_file,
                        skip_mismatch=skip_mismatch,
                        display_name=f"{filepath}/{VARS_FILENAME}",
                        objects_to_skip=objects_to_skip,
                    )
            return
        object_tree.load_weights_into(
            model,
            local,
            skip_mismatch=skip_mismatch,
            display_name=display_name,
            objects_to_skip=objects_to_skip,
        )
