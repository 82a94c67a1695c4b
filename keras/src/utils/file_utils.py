"""Path helpers that also accept remote paths (`gs://...`, `/cns/...`),
reached through `tf.io.gfile` when TensorFlow is installed.

Only the helpers the saving code needs live here (see the p-backend branch
for the full module).
"""

import os
import re
import shutil

# Path prefixes of file systems that only `tf.io.gfile` can read.
_REMOTE_PREFIXES = (
    "/cns/",
    "/cfs/",
    "/gcs/",
    "/hdfs/",
    "/placer/",
    "/readahead/",
    "/tfhub/",
)


def path_to_string(path):
    """Returns `path` as a string when it is a path-like object (anything
    with `__fspath__`), and `path` unchanged otherwise (`None` included)."""
    if isinstance(path, os.PathLike):
        return os.fspath(path)
    return path


def is_remote_path(filepath):
    """Whether `filepath` names a remote file system (`gs://`, `hdfs://`,
    `/gcs/`, `/cns/`...) that only `tf.io.gfile` can reach."""
    filepath = str(path_to_string(filepath))
    if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*://", filepath):
        return True
    return filepath.startswith(_REMOTE_PREFIXES)


def _raise_if_no_gfile(path):
    raise ValueError(
        "Handling remote paths requires installing TensorFlow (its "
        "`tf.io.gfile` module reads them), which is not installed. "
        f"Received path: {path}"
    )


def _gfile(path):
    """`tf.io.gfile` for a remote path (raises if TensorFlow is missing),
    `None` for a local one."""
    if not is_remote_path(path):
        return None
    try:
        import tensorflow as tf
    except ImportError:
        _raise_if_no_gfile(path)
    return tf.io.gfile


def exists(path):
    gfile = _gfile(path)
    return gfile.exists(path) if gfile else os.path.exists(path)


def File(path, mode="r"):
    """Opens `path` (local or remote) like the built-in `open`."""
    gfile = _gfile(path)
    return gfile.GFile(path, mode=mode) if gfile else open(path, mode)


def join(path, *paths):
    return os.path.join(path, *paths)


def isdir(path):
    gfile = _gfile(path)
    return gfile.isdir(path) if gfile else os.path.isdir(path)


def listdir(path):
    gfile = _gfile(path)
    return gfile.listdir(path) if gfile else os.listdir(path)


def makedirs(path):
    gfile = _gfile(path)
    if gfile:
        return gfile.makedirs(path)
    return os.makedirs(path, exist_ok=True)


def rmtree(path):
    gfile = _gfile(path)
    if gfile:
        return gfile.rmtree(path)
    return shutil.rmtree(path)


def copy(src, dst):
    gfile = _gfile(src) or _gfile(dst)
    if gfile:
        return gfile.copy(src, dst, overwrite=True)
    return shutil.copy(src, dst)


def remove(path):
    gfile = _gfile(path)
    return gfile.remove(path) if gfile else os.remove(path)


def rename(src, dst):
    gfile = _gfile(src) or _gfile(dst)
    if gfile:
        return gfile.rename(src, dst, overwrite=True)
    return os.replace(src, dst)
