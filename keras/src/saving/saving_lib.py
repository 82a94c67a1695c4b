"""The `.keras` model format and atomic file writes.

A `.keras` file is a zip archive holding:

- `config.json`: `serialize_keras_object(model)`, including the model's
  `build_config` and `compile_config`, plus `lora_state` when LoRA is
  enabled (`lora_utils.lora_state`: the LoRA layers, nested ones
  included, and the frozen weights).
- `metadata.json`: `{"keras_version": ..., "date_saved": ...}`.
- `model.weights.h5`: the weights file (see `weights_h5`), with the
  optimizer's variables when the model has a built optimizer.

With `zipped=False` the same three files are written into a directory
instead. Every write goes to a temporary file (or directory) next to the
target that is then renamed onto it, so an interrupted save leaves any
previous file intact. Loading never executes code: configs are JSON and
weights are HDF5 arrays.

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
import json
import os
import shutil
import struct
import tempfile
import warnings
import zipfile

import numpy as np

from keras.src.saving import object_registration
from keras.src.saving import serialization_lib
from keras.src.saving import weights_h5
from keras.src.utils import lora_utils

CONFIG_FILENAME = "config.json"
METADATA_FILENAME = "metadata.json"
# Top-level `config.json` key of the LoRA set-up that layer configs do not
# record (see `lora_utils.lora_state`).
LORA_STATE_KEY = "lora_state"
VARS_FILENAME = "model.weights.h5"

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
    fd, tmp = tempfile.mkstemp(
        prefix=f".{basename}.", suffix=".tmp", dir=dirname
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
    tmp = tempfile.mkdtemp(prefix=f".{basename}.", suffix=".tmp", dir=parent)
    try:
        yield tmp
        os.chmod(tmp, 0o777 & ~_UMASK)
        backup = None
        if os.path.lexists(dirpath):
            backup = tempfile.mkdtemp(
                prefix=f".{basename}.", suffix=".old", dir=parent
            )
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


# ------------------------------------------------------------------ saving
def _metadata():
    from keras.src.version import __version__

    return {
        "keras_version": __version__,
        "date_saved": datetime.datetime.now().strftime("%Y-%m-%d@%H:%M:%S"),
    }


def _config_json(model):
    config = serialization_lib.serialize_keras_object(model)
    state = lora_utils.lora_state(model)
    if state is not None:
        config[LORA_STATE_KEY] = state
    return json.dumps(config, indent=None)


# ------------------------------------------------------- multi-process
def _process_count_and_index():
    try:
        import jax

        return jax.process_count(), jax.process_index()
    except Exception:
        return 1, 0


def _all_processes_flag(flag):
    """Gathers an int flag from every process (a collective: it also
    serves as a barrier). Returns the list of flags."""
    from keras.src.backend.jax import distribution_lib

    gathered = distribution_lib.all_gather_int([int(flag)])
    return [int(row[0]) for row in np.asarray(gathered).reshape(-1, 1)]


def check_target_absent(filepath):
    """For `overwrite=False`: raises on every process if the target
    exists on any of them (checked before anyone writes)."""
    exists = os.path.lexists(filepath)
    count, _ = _process_count_and_index()
    if count > 1:
        exists = any(_all_processes_flag(exists))
    if exists:
        raise ValueError(
            f"File '{filepath}' already exists and `overwrite=False`. Pass "
            "`overwrite=True` to replace it."
        )


def _write_from_process_0(filepath, model, write):
    """Saves from process 0 only, with every process taking part.

    `write(write_weights)` writes the file, calling
    `write_weights(path)` (once) to write the weights file. Process 0 runs
    it; the other processes only join the gathers of sharded variables.
    Then every process waits for the others, and raises if process 0
    failed.
    """
    count, index = _process_count_and_index()
    if count == 1:
        write(lambda path: weights_h5.write_weights(model, path))
        return
    gathered = []

    def write_weights(path):
        try:
            weights_h5.write_weights(model, path)
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
        weights_h5.write_weights(model, None)
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


def save_model(model, filepath, weights_format="h5", zipped=True):
    """Saves `model` as a `.keras` archive (or a directory if not zipped).

    The config is serialized before anything is written, so an
    unserializable model leaves any existing file untouched.

    Args:
        model: The model to save.
        filepath: The target path.
        weights_format: Only `"h5"` is supported.
        zipped: Whether to write a zip archive (default) or a directory.
    """
    if weights_format != "h5":
        raise ValueError(
            f"Unknown `weights_format`: '{weights_format}'. Only 'h5' is "
            "supported."
        )
    filepath = os.fspath(filepath)
    config_json = _config_json(model)
    metadata_json = json.dumps(_metadata())
    _write_from_process_0(
        filepath,
        model,
        lambda write_weights: _write_model(
            write_weights, filepath, config_json, metadata_json, zipped
        ),
    )


def _write_model(write_weights, filepath, config_json, metadata_json, zipped):
    if not zipped:
        with _atomic_write_dir(filepath) as tmp:
            with open(os.path.join(tmp, CONFIG_FILENAME), "w") as f:
                f.write(config_json)
            with open(os.path.join(tmp, METADATA_FILENAME), "w") as f:
                f.write(metadata_json)
            write_weights(os.path.join(tmp, VARS_FILENAME))
        return
    with atomic_write_path(filepath) as tmp:
        weights_tmp = tmp + ".weights.h5"
        try:
            write_weights(weights_tmp)
            with zipfile.ZipFile(tmp, "w", allowZip64=True) as zf:
                zf.writestr(
                    METADATA_FILENAME,
                    metadata_json,
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
        finally:
            with contextlib.suppress(OSError):
                os.remove(weights_tmp)


def save_weights_only(model, filepath):
    """Writes the model's weights file atomically to `filepath` (from
    process 0 in a multi-process run; see the module docstring)."""

    def write(write_weights):
        with atomic_write_path(filepath) as tmp:
            write_weights(tmp)

    _write_from_process_0(filepath, model, write)


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
def _open_weights_in_archive(filepath, zf):
    """Yields a path or file object for the archive's weights file."""
    try:
        info = zf.getinfo(VARS_FILENAME)
    except KeyError:
        raise _bad_archive(filepath, f"it has no '{VARS_FILENAME}'.")
    if info.compress_type == zipfile.ZIP_STORED:
        try:
            member = _StoredMemberFile(filepath, info)
        except (OSError, zipfile.BadZipFile) as e:
            raise _bad_archive(filepath, "it is truncated or corrupted.", e)
        try:
            yield member
        finally:
            member.close()
        return
    with tempfile.TemporaryDirectory() as tmpdir:
        try:
            path = zf.extract(info, tmpdir)
        except Exception as e:
            raise _bad_archive(filepath, "it is truncated or corrupted.", e)
        yield path


@contextlib.contextmanager
def _open_archive(filepath):
    """Yields `(read_json(name), weights_context())` for a `.keras` file."""
    if os.path.isdir(filepath):

        def read_text(name):
            path = os.path.join(filepath, name)
            if not os.path.exists(path):
                raise _bad_archive(filepath, f"it has no '{name}'.")
            with open(path, "r") as f:
                return f.read()

        def weights():
            return contextlib.nullcontext(os.path.join(filepath, VARS_FILENAME))

        yield read_text, weights
        return
    try:
        zf = zipfile.ZipFile(filepath, "r")
    except (zipfile.BadZipFile, OSError, EOFError) as e:
        raise _bad_archive(
            filepath,
            "it is not a valid `.keras` zip archive (it may be "
            "truncated or corrupted).",
            e,
        ) from e
    with zf:

        def read_text(name):
            try:
                return zf.read(name).decode("utf-8")
            except KeyError:
                raise _bad_archive(filepath, f"it has no '{name}'.")
            except Exception as e:
                raise _bad_archive(
                    filepath, f"its '{name}' is corrupted.", e
                ) from e

        yield read_text, lambda: _open_weights_in_archive(filepath, zf)


def _parse_json(filepath, text, name):
    try:
        return json.loads(text)
    except ValueError as e:
        raise _bad_archive(filepath, f"its '{name}' is not valid JSON.", e)


def load_model(filepath, custom_objects=None, compile=True, safe_mode=True):
    """Loads a model saved by `save_model` (`.keras` archive or directory).

    Args:
        filepath: The `.keras` file (or directory).
        custom_objects: Optional dict of names to custom classes/functions.
        compile: Whether to compile the model with its saved
            compile config.
        safe_mode: Whether to refuse configs containing Python code.

    Returns:
        The model, with its weights (and optimizer state) restored.
    """
    filepath = os.fspath(filepath)
    if not os.path.exists(filepath):
        raise ValueError(f"File not found: filepath={filepath}.")
    with _open_archive(filepath) as (read_text, weights):
        config = _parse_json(
            filepath, read_text(CONFIG_FILENAME), CONFIG_FILENAME
        )
        if not isinstance(config, dict):
            raise _bad_archive(filepath, "its config is not a dict.")
        compile_config = config.pop("compile_config", None)
        lora_state = config.pop(LORA_STATE_KEY, None)
        with object_registration.CustomObjectScope(custom_objects):
            model = serialization_lib.deserialize_keras_object(
                config, custom_objects=custom_objects, safe_mode=safe_mode
            )
            if lora_state is not None:
                lora_utils.restore_lora_state(model, lora_state)
            if compile and compile_config:
                _compile_from_config(model, compile_config, safe_mode)
            with weights() as weights_file:
                weights_h5.load_weights_into(
                    model,
                    weights_file,
                    display_name=f"{filepath}/{VARS_FILENAME}"
                    if not os.path.isdir(filepath)
                    else os.path.join(filepath, VARS_FILENAME),
                )
    return model


def _compile_from_config(model, compile_config, safe_mode):
    if not hasattr(model, "compile_from_config"):
        return
    try:
        with serialization_lib.SafeModeScope(
            safe_mode and serialization_lib.in_safe_mode()
        ):
            model.compile_from_config(compile_config)
    except Exception as e:
        warnings.warn(
            "The model could not be compiled from its saved compile "
            f"config, so it was loaded uncompiled. Call `model.compile()` "
            f"to compile it. Error: {e}",
            stacklevel=3,
        )


def load_weights_only(model, filepath, skip_mismatch=False):
    """Loads weights from a `.weights.h5` file or a `.keras` archive."""
    filepath = os.fspath(filepath)
    if not os.path.exists(filepath):
        raise ValueError(f"File not found: filepath={filepath}.")
    if filepath.endswith(".keras"):
        with _open_archive(filepath) as (_, weights):
            with weights() as weights_file:
                weights_h5.load_weights_into(
                    model,
                    weights_file,
                    skip_mismatch=skip_mismatch,
                    display_name=f"{filepath}/{VARS_FILENAME}",
                )
        return
    weights_h5.load_weights_into(
        model, filepath, skip_mismatch=skip_mismatch, display_name=filepath
    )
