import io
import os
import zipfile

import h5py
import numpy as np
import pytest

from keras.src.saving import io_stores
from keras.src.saving import saving_lib


def test_h5_store_round_trip_and_modes(tmp_path):
    path = tmp_path / "s.h5"
    store = io_stores.H5IOStore(path, mode="w")
    entry = store.make("block/dense", metadata={"note": "x"})
    entry["0"] = np.arange(6, dtype="float32").reshape(2, 3)
    entry["1"] = 7
    del entry["1"]
    assert list(entry.keys()) == ["0"]
    store.close()
    with h5py.File(path, "r") as f:
        assert "block/dense/vars/0" in f
    store = io_stores.H5IOStore(path, mode="r")
    entry = store.get("block/dense")
    np.testing.assert_array_equal(entry["0"], np.arange(6).reshape(2, 3))
    assert "1" not in entry and len(store.get("missing")) == 0
    with pytest.raises(ValueError, match="write mode"):
        entry["2"] = 1
    with pytest.raises(ValueError, match="write mode"):
        del entry["0"]
    store.close()
    with pytest.raises(TypeError, match="path_or_io"):
        io_stores.H5IOStore(None, mode="w")
    with pytest.raises(ValueError, match="mode"):
        io_stores.H5IOStore(path, mode="a")
    with pytest.raises(ValueError, match="archive"):
        io_stores.H5IOStore(io.BytesIO(), archive="zip", mode="w")


def test_h5_store_inside_archive_keeps_bfloat16(tmp_path):
    import ml_dtypes

    value = np.array([1.5, -2.0], dtype=ml_dtypes.bfloat16)
    path = tmp_path / "a.zip"
    with zipfile.ZipFile(path, "w") as zf:
        store = io_stores.H5IOStore("w.h5", archive=zf, mode="w")
        store.make("x")["0"] = value
        store.close()
    with zipfile.ZipFile(path, "r") as zf:
        store = io_stores.H5IOStore("w.h5", archive=zf, mode="r")
        loaded = store.get("x")["0"]
        store.close()
    assert loaded.dtype == value.dtype
    np.testing.assert_array_equal(loaded, value)


def test_sharded_store_spreads_values_over_shards(tmp_path):
    path = tmp_path / "st.json"
    a = np.ones((256, 256), "float32")  # 256 KiB each
    store = io_stores.ShardedH5IOStore(
        path, max_shard_size=300 * 1024 / 1024**3, mode="w"
    )
    entry = store.make("v")
    entry["a"] = a
    entry["b"] = a * 2
    assert len(store.sharding_config["weight_map"]["/v/vars"]) == 2
    with pytest.raises(ValueError, match="exceeds the maximum shard size"):
        entry["c"] = np.ones((512, 512), "float32")
    with pytest.raises(KeyError, match="not found in any of the shards"):
        entry["c"]
    store.close()
    assert sorted(os.listdir(tmp_path)) == [
        "st.json",
        "st_00000.weights.h5",
        "st_00001.weights.h5",
    ]
    store = io_stores.ShardedH5IOStore(path, mode="r")
    entry = store.get("v")
    assert sorted(entry.keys()) == ["a", "b"]
    np.testing.assert_array_equal(entry["b"], a * 2)
    store.close()


def test_npz_store_round_trip_and_bomb(tmp_path):
    path = tmp_path / "s.npz"
    store = io_stores.NpzIOStore(path, mode="w")
    store.make("layer")["0"] = np.arange(3)
    store.close()
    store = io_stores.NpzIOStore(path, mode="r")
    np.testing.assert_array_equal(store.get("layer")["0"], np.arange(3))
    store.close()
    header = io.BytesIO()
    np.lib.format.write_array_header_1_0(
        header, {"descr": "<f8", "fortran_order": False, "shape": (2**40,)}
    )
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("w.npy", header.getvalue())
    store = io_stores.NpzIOStore(path, mode="r")
    with pytest.raises(ValueError, match="Refusing to load npz weight 'w'"):
        store.get("w")
    store.close()


@pytest.mark.parametrize(
    "bad", ["../x", "/abs", "a/../../x", "..", "a\\..\\..\\x", "C:x"]
)
def test_disk_store_refuses_escaping_paths(tmp_path, bad):
    store = io_stores.DiskIOStore(str(tmp_path / "assets"), mode="w")
    with pytest.raises(ValueError, match="Invalid asset path"):
        store.make(bad)
    assert not store.has_path(bad)
    made = store.make(os.path.join("layers", "dense"))
    assert os.path.isdir(made)
    remote = io_stores.DiskIOStore("gs://bucket/model", mode="r")
    assert remote._full_path("a/b") == "gs://bucket/model/a/b"
    with pytest.raises(ValueError, match="Invalid asset path"):
        remote._full_path(bad)


def test_disk_store_extraction_refuses_traversal_members(tmp_path):
    path = tmp_path / "a.zip"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("assets/../../evil.txt", "x")
    with zipfile.ZipFile(path) as zf:
        with pytest.raises(ValueError, match="Invalid asset path"):
            io_stores.DiskIOStore("assets", archive=zf, mode="r")
    assert not (tmp_path.parent / "evil.txt").exists()


def test_safe_zip_read_refuses_bombs(tmp_path, monkeypatch):
    path = tmp_path / "b.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("config.json", b"0" * 100_000)
    monkeypatch.setattr(saving_lib, "_ZIP_MEMBER_BOMB_FLOOR_BYTES", 1000)
    with zipfile.ZipFile(path) as zf:
        with pytest.raises(ValueError, match="decompression bomb"):
            saving_lib._safe_zip_read(zf, "config.json")
    monkeypatch.setattr(saving_lib, "_ZIP_MEMBER_MAX_EXPANSION", 10**6)
    with zipfile.ZipFile(path) as zf:
        assert len(saving_lib._safe_zip_read(zf, "config.json")) == 100_000
