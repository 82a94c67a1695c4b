"""Checkpoints saved under one mesh load under another (8 CPU devices).

A model (with its Adam state and a dropout seed generator) is trained a
little under `ModelParallel` on a `(4, 2)` `("model", "batch")` mesh and
saved; the file is then loaded into fresh models under a `(2, 4)`
`("batch", "model")` `ModelParallel`, an `(8,)` `DataParallel` and no
distribution. Every variable (optimizer slots included) gets exactly the
saved values and the sharding its target layout asks for.
"""

import contextlib

import jax
import numpy as np
import pytest
from jax.sharding import PartitionSpec as P

import keras
from keras.src.saving import weights_h5
from keras.src.testing import parity

pytestmark = pytest.mark.multi_device

LAYOUTS = {
    "d1/kernel": (None, "model"),
    "d1/bias": ("model",),
    "d2/kernel": ("model", None),
}


def _distribution(kind):
    if kind == "none":
        return None
    if kind == "data_parallel_8":
        mesh = keras.distribution.DeviceMesh((8,), ("batch",))
        return keras.distribution.DataParallel(device_mesh=mesh)
    shape, names = {
        "model_batch_4x2": ((4, 2), ("model", "batch")),
        "batch_model_2x4": ((2, 4), ("batch", "model")),
    }[kind]
    mesh = keras.distribution.DeviceMesh(shape, names)
    layout_map = keras.distribution.LayoutMap(mesh)
    for key, axes in LAYOUTS.items():
        layout_map[key] = axes
    return keras.distribution.ModelParallel(
        layout_map=layout_map, batch_dim_name="batch"
    )


def _build(seed):
    keras.utils.set_random_seed(seed)
    model = keras.Sequential(
        [
            keras.Input((8,)),
            keras.layers.Dense(16, activation="relu", name="d1"),
            keras.layers.Dropout(0.25, name="drop"),
            keras.layers.Dense(4, name="d2"),
        ],
        name="mlp",
    )
    model.compile(optimizer=keras.optimizers.Adam(1e-2), loss="mse")
    return model


def _data():
    rng = np.random.RandomState(0)
    x = rng.normal(size=(32, 8)).astype("float32")
    y = rng.normal(size=(32, 4)).astype("float32")
    return x, y


class _LossRecorder(keras.callbacks.Callback):
    """Records the (running mean) loss `fit` logs after every step."""

    def __init__(self):
        super().__init__()
        self.losses = []

    def on_train_batch_end(self, batch, logs=None):
        self.losses.append(float(logs["loss"]))


def _all_variables(model):
    """`{path: variable}` of the weights, optimizer and seed states."""
    return {
        f"{group}/{key}": v
        for group, key, v in weights_h5.variable_entries(model)
    }


def _expected_spec(kind, path, ndim):
    """The PartitionSpec the target layout asks for (`None`: unsharded)."""
    if kind == "none":
        return None
    if kind == "data_parallel_8":
        return P(*([None] * ndim))
    for key, axes in LAYOUTS.items():
        # Weights `layers/mlp/<key>` and Adam slots `mlp_<key>_momentum`.
        flat = "mlp_" + key.replace("/", "_")
        if path.endswith("/" + key) or f"/{flat}_" in path:
            return P(*axes)
    return P(*([None] * ndim))


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """Trains under the (4, 2) mesh, saves; returns (path, values)."""
    from keras.src.backend.common import global_state

    global_state.clear_session()
    path = str(tmp_path_factory.mktemp("reshard") / "mp.weights.h5")
    x, y = _data()
    with _distribution("model_batch_4x2").scope():
        model = _build(seed=1)
        model.fit(x, y, batch_size=8, epochs=2, shuffle=True, verbose=0)
        variables = _all_variables(model)
        # The source really is sharded.
        kernel = variables["layers/mlp/d1/kernel"].value
        assert kernel.sharding.spec == P(None, "model")
        assert kernel.addressable_shards[0].data.shape == (8, 4)
        model.save_weights(path)
    values = {k: np.asarray(v.value) for k, v in variables.items()}
    assert int(values["optimizer/adam/iteration"]) == 8
    assert any(k.startswith("seed_generators/") for k in values)
    global_state.clear_session()
    return path, values


@pytest.mark.parametrize("kind", ["batch_model_2x4", "data_parallel_8", "none"])
def test_load_under_another_layout(saved, kind):
    path, saved_values = saved
    distribution = _distribution(kind)
    scope = distribution.scope() if distribution else contextlib.nullcontext()
    with scope:
        model = _build(seed=2)  # different initial values
        model.optimizer.build(model.trainable_variables)
        model.load_weights(path)
    variables = _all_variables(model)
    assert sorted(variables) == sorted(saved_values)
    for key, variable in variables.items():
        value = variable.value
        np.testing.assert_array_equal(
            np.asarray(value), saved_values[key], err_msg=key
        )
        expected = _expected_spec(kind, key, value.ndim)
        if expected is None:
            assert len(value.sharding.device_set) == 1, key
        else:
            assert value.sharding.spec == expected, (key, value.sharding)
            assert len(value.sharding.device_set) == 8, key
    if kind == "batch_model_2x4":
        kernel = variables["layers/mlp/d1/kernel"].value
        assert kernel.addressable_shards[0].data.shape == (8, 4)
        slot = variables[
            "optimizer/adam/mlp_d1_kernel_momentum"
        ].value.sharding.spec
        assert slot == P(None, "model")


@pytest.mark.parity
def test_resumed_training_matches_across_layouts(saved):
    """One more epoch from the checkpoint gives the same losses under the
    (2, 4) mesh as without a distribution: values, not just layouts, are
    restored (optimizer state and dropout seeds included).

    Adam's weights are not compared elementwise (its normalized updates
    turn round-off of near-zero gradients into steps of up to the learning
    rate, see `keras.src.testing.parity`): the loss of every step is, and
    the loss of the final weights."""
    path, _ = saved
    x, y = _data()
    results = []
    for kind in ("batch_model_2x4", "none"):
        distribution = _distribution(kind)
        scope = (
            distribution.scope() if distribution else contextlib.nullcontext()
        )
        with scope:
            model = _build(seed=3)
            model.optimizer.build(model.trainable_variables)
            model.load_weights(path)
            recorder = _LossRecorder()
            model.fit(
                x,
                y,
                batch_size=8,
                epochs=1,
                shuffle=False,
                verbose=0,
                callbacks=[recorder],
            )
            final_loss = model.evaluate(x, y, batch_size=8, verbose=0)
            results.append(recorder.losses + [final_loss])
        assert int(model.optimizer.iterations.numpy()) == 12
    assert len(results[0]) == 5
    parity.assert_outputs_close(*results)


def test_failed_load_leaves_sharded_model_unchanged(saved, tmp_path):
    path, _ = saved
    import h5py

    bad = str(tmp_path / "bad.weights.h5")
    with h5py.File(path, "r") as src, h5py.File(bad, "w") as dst:
        for name, value in src.attrs.items():
            dst.attrs[name] = value
        src.copy("layers", dst)
        src.copy("optimizer", dst)
        # The kernel of d2 (the second Dense layer).
        del dst["layers/dense_1/vars/0"]
        dst.create_dataset("layers/dense_1/vars/0", data=np.zeros((4, 4)))
    with _distribution("batch_model_2x4").scope():
        model = _build(seed=2)
        before = {
            k: np.asarray(v.value) for k, v in _all_variables(model).items()
        }
        specs = {k: v.value.sharding for k, v in _all_variables(model).items()}
        with pytest.raises(ValueError, match="mlp/d2/kernel") as info:
            model.load_weights(bad)
    assert bad in str(info.value)
    for key, variable in _all_variables(model).items():
        np.testing.assert_array_equal(np.asarray(variable.value), before[key])
        assert variable.value.sharding == specs[key]


@pytest.mark.parametrize("streamed", [False, True])
def test_loaded_values_are_never_gathered_on_one_device(
    saved, monkeypatch, streamed
):
    """Loading builds each sharded value shard by shard, and reads from
    the file only the distinct shards this process's devices hold (also
    when everything is read before assigning)."""
    path, saved_values = saved
    if streamed:
        monkeypatch.setattr(weights_h5, "PREFETCH_BYTES", 0)
    calls = []
    original = jax.make_array_from_single_device_arrays

    def spy(shape, sharding, arrays, *args, **kwargs):
        calls.extend((shape, a.shape) for a in arrays)
        return original(shape, sharding, arrays, *args, **kwargs)

    monkeypatch.setattr(jax, "make_array_from_single_device_arrays", spy)
    reads = []
    original_read = weights_h5._read

    def read_spy(entry, display_name, partial=False, index=()):
        out = original_read(entry, display_name, partial, index)
        reads.append((entry.name, out.shape))
        return out

    monkeypatch.setattr(weights_h5, "_read", read_spy)
    with _distribution("batch_model_2x4").scope():
        model = _build(seed=2)
        model.load_weights(path)
    assert ((8, 16), (8, 4)) in calls  # d1/kernel: one 1/4 slice per device
    assert ((8, 16), (8, 16)) not in calls
    kernel_reads = [s for n, s in reads if n == "layers/dense/vars/0"]
    # Only the 4 distinct (8, 4) shards, each once.
    assert kernel_reads == [(8, 4)] * 4
    for key, variable in _all_variables(model).items():
        np.testing.assert_array_equal(
            np.asarray(variable.value), saved_values[key]
        )
