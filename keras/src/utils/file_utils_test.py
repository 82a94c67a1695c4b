import os
import pathlib
import tarfile
import warnings

import pytest

from keras.src.utils import file_utils


def _write(path, text):
    with open(path, "w") as f:
        f.write(text)
    return path


def test_hashes_and_validation(tmp_path):
    path = _write(tmp_path / "a.txt", "abc")
    sha = file_utils.hash_file(path)
    md5 = file_utils.hash_file(path, algorithm="md5")
    assert len(sha) == 64 and len(md5) == 32
    assert file_utils.validate_file(path, sha)
    assert file_utils.validate_file(path, md5)
    assert not file_utils.validate_file(path, "0" * 64)


def test_extraction_skips_paths_outside_the_target(tmp_path):
    source = _write(tmp_path / "a.txt", "abc")
    archive = tmp_path / "a.tar"
    with tarfile.open(archive, "w") as tar:
        tar.add(source, arcname="inside.txt")
        tar.add(source, arcname="../outside.txt")
    target = tmp_path / "out"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert file_utils.extract_archive(archive, target)
    assert (target / "inside.txt").exists()
    assert not (tmp_path / "outside.txt").exists()
    assert any("outside.txt" in str(w.message) for w in caught)
    assert file_utils.extract_archive(archive, target, None) is False


def test_get_file_caches_and_checks_hashes(tmp_path):
    source = _write(tmp_path / "data.txt", "v1")
    origin = pathlib.Path(source).as_uri()
    cache = tmp_path / "cache"
    path = file_utils.get_file("data.txt", origin, cache_dir=cache)
    assert open(path).read() == "v1"
    _write(source, "v2")
    # Cached copy, unless its hash differs from the expected one.
    assert (
        open(file_utils.get_file("data.txt", origin, cache_dir=cache)).read()
        == "v1"
    )
    new_hash = file_utils.hash_file(source)
    path = file_utils.get_file(
        "data.txt", origin, file_hash=new_hash, cache_dir=cache
    )
    assert open(path).read() == "v2"
    with pytest.raises(ValueError, match="corrupted"):
        file_utils.get_file(
            "other.txt", origin, file_hash="0" * 64, cache_dir=cache
        )
    assert not os.path.exists(cache / "datasets" / "other.txt")


def test_paths():
    assert file_utils.path_to_string(pathlib.Path("/a/b")) == "/a/b"
    assert file_utils.resolve_sub_path("/base", "../base2/x") is None
    assert file_utils.resolve_sub_path("/base", "x") == "/base/x"
    assert file_utils.is_remote_path("gs://bucket/x")
    assert not file_utils.is_remote_path("/home/x")


def _tar_gz(tmp_path):
    source = _write(tmp_path / "a.txt", "abc")
    archive = tmp_path / "src.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(source, arcname="top/a.txt")
    return pathlib.Path(archive).as_uri()


@pytest.mark.parametrize(
    "kwargs, archive, folder",
    [
        # Upstream Keras' cache layout (observed by running it).
        ({"fname": "data", "extract": True}, "data_archive", "data"),
        ({"fname": "data", "untar": True}, "data_archive", "data"),
        (
            {"fname": "data.tar.gz", "extract": True},
            "data.tar.gz",
            "data_extracted",
        ),
        (
            {"fname": "my.data.tgz", "untar": True},
            "my.data.tgz",
            "my_extracted",
        ),
        ({"extract": True}, "src.tar.gz_archive", "src.tar.gz"),
    ],
)
def test_get_file_extraction_layout(tmp_path, kwargs, archive, folder):
    origin = _tar_gz(tmp_path)
    cache = tmp_path / "cache"
    path = file_utils.get_file(origin=origin, cache_dir=cache, **kwargs)
    datadir = cache / "datasets"
    assert path == str(datadir / folder)
    assert sorted(os.listdir(datadir)) == sorted([archive, folder])
    assert open(datadir / folder / "top" / "a.txt").read() == "abc"


def test_get_file_rejects_a_path_as_fname(tmp_path):
    with pytest.raises(ValueError, match="cache_dir"):
        file_utils.get_file("sub/a.txt", "file:///nowhere", cache_dir=tmp_path)
