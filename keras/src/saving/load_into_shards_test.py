"""Loading under a distribution reads each variable by the slices its
devices hold (HDF5 hyperslab reads), never the whole of a sharded one."""

import numpy as np
import pytest

import keras
from keras.src.saving import weights_h5


def _devices_or_skip():
    import jax

    if len(jax.devices()) < 8:
        pytest.skip("needs 8 devices")


def _distribution(mesh_shape):
    if mesh_shape == (8,):
        mesh = keras.distribution.DeviceMesh((8,), ("model",))
        kernel = (None, "model")
        batch = "model"
    else:
        mesh = keras.distribution.DeviceMesh(mesh_shape, ("batch", "model"))
        kernel = ("batch", "model")
        batch = "batch"
    layout_map = keras.distribution.LayoutMap(mesh)
    layout_map["big/kernel"] = kernel
    return keras.distribution.ModelParallel(
        layout_map=layout_map, batch_dim_name=batch
    )


def _build():
    return keras.Sequential(
        [
            keras.Input((8,)),
            keras.layers.Dense(16, name="big"),
            keras.layers.Dense(3, name="small"),
        ],
        name="net",
    )


def _save(model, tmp_path, fmt):
    if fmt == "keras":
        path = tmp_path / "m.keras"
        model.save(path)
    elif fmt == "sharded":
        path = tmp_path / "m.weights.json"
        model.save_weights(path, max_shard_size=600 / 1024**3)
    else:
        path = tmp_path / "m.weights.h5"
        model.save_weights(path)
    return path


def _recorded_reads(monkeypatch):
    """Records `(dataset shape, index)` of every value read."""
    reads = []
    original = weights_h5._read

    def read(entry, display_name, partial=False, index=()):
        reads.append((tuple(entry.shape), tuple(index)))
        return original(entry, display_name, partial, index)

    monkeypatch.setattr(weights_h5, "_read", read)
    return reads


def _slice_shape(index, shape):
    return tuple(
        len(range(*part.indices(size))) for part, size in zip(index, shape)
    )


@pytest.mark.parametrize(
    "mesh_shape,fmt,prefetch",
    [
        ((8,), "weights.h5", True),
        ((8,), "weights.h5", False),
        ((4, 2), "weights.h5", True),
        ((4, 2), "weights.h5", False),
        ((8,), "keras", True),
        ((4, 2), "keras", False),
        ((8,), "sharded", False),
        ((4, 2), "sharded", True),
    ],
)
def test_sharded_load_reads_slices(
    tmp_path, monkeypatch, mesh_shape, fmt, prefetch
):
    _devices_or_skip()
    keras.utils.set_random_seed(1)
    saved = _build()
    path = _save(saved, tmp_path, fmt)
    if not prefetch:
        monkeypatch.setattr(weights_h5, "PREFETCH_BYTES", 0)
    reads = _recorded_reads(monkeypatch)
    distribution = _distribution(mesh_shape)
    with distribution.scope():
        if fmt == "keras":
            model = keras.saving.load_model(path)
        else:
            model = _build()
            model.load_weights(path)
    kernel_reads = [index for shape, index in reads if shape == (8, 16)]
    # One read per distinct slice: 8 of them, none of the whole kernel.
    assert len(kernel_reads) == 8
    assert len(set(map(str, kernel_reads))) == 8
    expected_shape = (8, 2) if mesh_shape == (8,) else (2, 8)
    for index in kernel_reads:
        assert _slice_shape(index, (8, 16)) == expected_shape
    # Replicated variables are read once, whole.
    for shape in [(16,), (16, 3), (3,)]:
        indices = [index for s, index in reads if s == shape]
        assert len(indices) == 1
        assert _slice_shape(indices[0], shape) == shape
    kernel = model.get_layer("big").kernel.value
    assert len(kernel.sharding.device_set) == 8
    for loaded, expected in zip(model.weights, saved.weights):
        np.testing.assert_array_equal(loaded.numpy(), expected.numpy())
