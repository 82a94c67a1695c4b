"""File helpers: downloads with caching and hash checks, safe archive
extraction, and path functions that also accept remote paths (through
`tf.io.gfile`, when TensorFlow is installed)."""

import hashlib
import os
import re
import shutil
import tarfile
import urllib.error
import urllib.parse
import urllib.request
import warnings
import zipfile

from keras.src.api_export import keras_export
from keras.src.utils import io_utils

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


def resolve_path(path):
    """The absolute path of `path`, with symbolic links resolved."""
    return os.path.realpath(os.path.abspath(path))


def is_path_in_dir(path, base_dir):
    """Whether `path` (relative to `base_dir`, or absolute) resolves to a
    location inside `base_dir`."""
    return resolve_sub_path(base_dir, path) is not None


def resolve_sub_path(base_dir, path):
    """Resolves `path` against `base_dir`.

    Returns:
        The resolved path when it lies inside `base_dir` (or is
        `base_dir` itself), `None` when it escapes it (e.g. through `..`
        or a symbolic link).
    """
    base = resolve_path(base_dir)
    target = os.path.realpath(os.path.join(base, path))
    if target == base or target.startswith(base.rstrip(os.sep) + os.sep):
        return target
    return None


def is_link_in_dir(info, base):
    """Whether a link member of a tar archive, and the file it points to,
    both stay inside `base` once extracted."""
    if not is_path_in_dir(info.name, base):
        return False
    if info.issym():
        # A symbolic link's target is relative to the link's own folder.
        target = os.path.join(os.path.dirname(info.name), info.linkname)
    else:
        # A hard link's target is relative to the archive's root.
        target = info.linkname
    return is_path_in_dir(target, base)


def filter_safe_tarinfos(members, base_dir):
    """Yields the members of a tar archive that extract inside `base_dir`.

    Members whose path, or link target, would land outside of it are
    skipped with a warning (protection against path traversal).
    """
    base_dir = resolve_path(base_dir)
    for member in members:
        if is_path_in_dir(member.name, base_dir) and (
            not (member.issym() or member.islnk())
            or is_link_in_dir(member, base_dir)
        ):
            yield member
        else:
            warnings.warn(
                "Skipping invalid path during archive extraction: "
                f"'{member.name}'.",
                stacklevel=2,
            )


def filter_safe_zipinfos(members, base_dir):
    """Yields the members of a zip archive that extract inside
    `base_dir`; the others are skipped with a warning."""
    base_dir = resolve_path(base_dir)
    for member in members:
        if is_path_in_dir(member.filename, base_dir):
            yield member
        else:
            warnings.warn(
                "Skipping invalid path during archive extraction: "
                f"'{member.filename}'.",
                stacklevel=2,
            )


def extract_archive(file_path, path=".", archive_format="auto"):
    """Extracts a tar (possibly compressed) or zip archive.

    Members that would be written outside of `path` are skipped. If the
    extraction fails or is interrupted, what was written is removed.

    Args:
        file_path: The archive.
        path: The folder to extract into.
        archive_format: `"auto"` (tar or zip), `"tar"`, `"zip"`, a list of
            those, or `None` (do nothing).

    Returns:
        `True` if the archive was recognized and extracted, else `False`.
    """
    if archive_format is None:
        return False
    if archive_format == "auto":
        archive_format = ["tar", "zip"]
    if isinstance(archive_format, str):
        archive_format = [archive_format]
    file_path = path_to_string(file_path)
    path = path_to_string(path)
    for kind in archive_format:
        if kind == "tar":
            is_match, opener = tarfile.is_tarfile(file_path), tarfile.open
        elif kind == "zip":
            is_match, opener = zipfile.is_zipfile(file_path), zipfile.ZipFile
        else:
            continue
        if not is_match:
            continue
        with opener(file_path) as archive:
            try:
                if kind == "tar":
                    members = filter_safe_tarinfos(archive.getmembers(), path)
                else:
                    members = filter_safe_zipinfos(archive.infolist(), path)
                archive.extractall(path, members=list(members))
            except (tarfile.TarError, RuntimeError, KeyboardInterrupt):
                if os.path.isfile(path):
                    os.remove(path)
                elif os.path.isdir(path):
                    shutil.rmtree(path)
                raise
        return True
    return False


def resolve_hasher(algorithm, file_hash=None):
    """Returns a `hashlib` hasher: SHA-256 for `"sha256"` (or `"auto"` with
    a 64-character `file_hash`), MD5 otherwise."""
    if algorithm == "sha256":
        return hashlib.sha256()
    if algorithm == "auto" and file_hash is not None and len(file_hash) == 64:
        return hashlib.sha256()
    return hashlib.md5()


def hash_file(fpath, algorithm="sha256", chunk_size=65535):
    """Returns the hex digest of a file.

    Args:
        fpath: The file.
        algorithm: `"sha256"` or `"md5"` (or a `hashlib` hasher).
        chunk_size: Bytes read at a time.
    """
    if isinstance(algorithm, str):
        hasher = resolve_hasher(algorithm)
    else:
        hasher = algorithm
    with open(fpath, "rb") as f:
        for chunk in iter(lambda: f.read(chunk_size), b""):
            hasher.update(chunk)
    return hasher.hexdigest()


def validate_file(fpath, file_hash, algorithm="auto", chunk_size=65535):
    """Whether the hash of file `fpath` is `file_hash`.

    Args:
        fpath: The file.
        file_hash: The expected hex digest.
        algorithm: `"sha256"`, `"md5"`, or `"auto"` (guessed from the
            length of `file_hash`).
        chunk_size: Bytes read at a time.
    """
    hasher = resolve_hasher(algorithm, file_hash)
    return str(hash_file(fpath, hasher, chunk_size)) == str(file_hash)


def _keras_cache_dir():
    base = os.environ.get("KERAS_HOME") or os.path.join(
        os.path.expanduser("~"), ".keras"
    )
    if not os.access(os.path.dirname(base) or ".", os.W_OK):
        base = os.path.join("/tmp", ".keras")
    return base


@keras_export("keras.utils.get_file")
def get_file(
    fname=None,
    origin=None,
    untar=False,
    md5_hash=None,
    file_hash=None,
    cache_subdir="datasets",
    hash_algorithm="auto",
    extract=False,
    archive_format="auto",
    cache_dir=None,
    force_download=False,
):
    """Downloads a file from a URL unless it is already in the cache.

    The file is stored in `cache_dir/cache_subdir` (by default
    `~/.keras/datasets`, or `$KERAS_HOME/datasets`). A cached copy is used
    as is unless `force_download` is set or its hash differs from
    `file_hash`.

    Args:
        fname: The file's name in the cache; defaults to the last part of
            `origin`'s path.
        origin: The URL to download from.
        untar: Deprecated, use `extract`: the file is a tar archive, to be
            extracted (as with `extract`).
        md5_hash: Deprecated, use `file_hash`: the file's MD5 digest.
        file_hash: The expected digest (SHA-256 or MD5) of the download.
        cache_subdir: Folder under `cache_dir` for the file; an absolute
            path is used as is.
        hash_algorithm: `"sha256"`, `"md5"` or `"auto"` (guessed from the
            digest's length).
        extract: Whether the file is an archive to extract; the returned
            path is then the folder it was extracted into. If `fname` has
            an extension (`"data.tar.gz"`), the archive is stored as
            `fname` and extracted into `<fname up to its first
            dot>_extracted` (`"data_extracted"`); otherwise (an `fname`
            without a dot, or none given) the archive is stored as
            `<fname>_archive` and extracted into `<fname>`.
        archive_format: Archive kinds to try: `"auto"`, `"tar"`, `"zip"`
            or `None`.
        cache_dir: The cache's root folder.
        force_download: Whether to download even if the file is cached.

    Returns:
        The path of the downloaded file, or of the folder it was extracted
        into.

    Example:

    ```python
    path = keras.utils.get_file(
        origin="https://storage.googleapis.com/tensorflow/tf-keras-datasets/mnist.npz"
    )
    ```
    """
    if origin is None:
        raise ValueError(
            'Please specify the "origin" argument (the URL of the file to '
            "download)."
        )
    if cache_dir is None:
        cache_dir = _keras_cache_dir()
    if md5_hash is not None and file_hash is None:
        file_hash = md5_hash
        hash_algorithm = "md5"
    datadir = os.path.join(os.path.expanduser(cache_dir), cache_subdir)
    os.makedirs(datadir, exist_ok=True)

    fname = path_to_string(fname)
    if fname and os.path.basename(fname) != fname:
        raise ValueError(
            "`fname` must be a file name, not a path; give the folder as "
            f"`cache_dir` (and `cache_subdir`). Received: fname={fname}"
        )
    if fname:
        fpath, extract_dir = _cache_paths(datadir, fname, "." in fname)
    else:
        fname = os.path.basename(urllib.parse.urlsplit(origin).path)
        if not fname:
            raise ValueError(
                "Can't derive a file name from `origin`; pass `fname`. "
                f"Received: origin={origin}"
            )
        # A name taken from the URL keeps its extension in the folder name.
        fpath, extract_dir = _cache_paths(datadir, fname, False)
    if not (extract or untar):
        fpath, extract_dir = os.path.join(datadir, fname), None

    download = force_download or not os.path.exists(fpath)
    if not download and file_hash is not None:
        if not validate_file(fpath, file_hash, algorithm=hash_algorithm):
            io_utils.print_msg(
                "A local file was found, but its hash differs from the "
                "expected one (the remote file may have changed, or the "
                "download was interrupted). Downloading it again."
            )
            download = True

    if download:
        io_utils.print_msg(f"Downloading data from {origin}")
        _download(origin, fpath)
        if file_hash is not None and not validate_file(
            fpath, file_hash, algorithm=hash_algorithm
        ):
            os.remove(fpath)
            raise ValueError(
                "Incomplete or corrupted file detected: its "
                f"{hash_algorithm} hash is not the expected {file_hash}. "
                f"Origin: {origin}"
            )

    if extract_dir is not None:
        if download or not os.path.exists(extract_dir):
            # The cache entry of that name is replaced.
            if os.path.isdir(extract_dir):
                shutil.rmtree(extract_dir)
            elif os.path.exists(extract_dir):
                os.remove(extract_dir)
            extract_archive(
                fpath, extract_dir, "tar" if untar else archive_format
            )
        return extract_dir
    return fpath


def _cache_paths(datadir, fname, has_extension):
    """`(archive path, extraction folder)` of an archive named `fname` in
    the cache (see `get_file`'s `extract`): upstream Keras' layout, so
    that each finds what the other downloaded."""
    if has_extension:
        stem = fname.split(".", 1)[0]
        return (
            os.path.join(datadir, fname),
            os.path.join(datadir, stem + "_extracted"),
        )
    return (
        os.path.join(datadir, fname + "_archive"),
        os.path.join(datadir, fname),
    )


def _download(origin, fpath):
    """Writes the contents of URL `origin` to `fpath`, with a progress bar
    when the size is known. A partial file is removed on failure."""
    from keras.src.utils.progbar import Progbar

    progbar = None

    def report(block_count, block_size, total_size):
        nonlocal progbar
        if total_size is None or total_size <= 0:
            return
        if progbar is None:
            progbar = Progbar(total_size, unit_name="byte")
        progbar.update(min(block_count * block_size, total_size))

    try:
        urllib.request.urlretrieve(origin, fpath, report)
    except (urllib.error.URLError, OSError, KeyboardInterrupt) as e:
        if os.path.exists(fpath):
            os.remove(fpath)
        if isinstance(e, urllib.error.HTTPError):
            raise Exception(
                f"Download from {origin} failed: HTTP {e.code} ({e.msg})."
            ) from e
        if isinstance(e, urllib.error.URLError):
            raise Exception(
                f"Download from {origin} failed: {e.reason}."
            ) from e
        raise


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


def _transfer(src, dst, gfile_operation, local_operation):
    """Copies or moves `src` to `dst`: with the `tf.io.gfile` function
    named `gfile_operation` (overwriting `dst`) when either is a remote
    path, else with `local_operation(src, dst)`."""
    gfile = _gfile(src) or _gfile(dst)
    if gfile:
        return getattr(gfile, gfile_operation)(src, dst, overwrite=True)
    return local_operation(src, dst)


def copy(src, dst):
    return _transfer(src, dst, "copy", shutil.copy)


def remove(path):
    gfile = _gfile(path)
    return gfile.remove(path) if gfile else os.remove(path)


def rename(src, dst):
    return _transfer(src, dst, "rename", os.replace)


def glob(pattern):
    gfile = _gfile(pattern)
    if gfile:
        return gfile.glob(pattern)
    import glob as glob_lib

    return glob_lib.glob(pattern)
