"""Multi-process checkpoints (2 JAX processes x 4 CPU devices, gloo).

Both processes train a `ModelParallel` model whose kernels are sharded
across the two processes (no process addresses a whole kernel) with a
`ModelCheckpoint`, then save its weights and a `.keras` file: process 0
alone writes, both take part, and both can load the files back right away.
The same files then load in this (single-process, 8-device) test under
another mesh with identical values.
"""

import os

import numpy as np
import pytest
from jax.sharding import PartitionSpec as P

from integration_tests.multi_process_utils import run_multi_process

pytestmark = pytest.mark.multi_process

LAYOUTS = {
    "d1/kernel": (None, "model"),
    "d1/bias": ("model",),
    "d2/kernel": ("model", None),
}

MODEL_CODE = """
import numpy as np

import keras


def make_model(seed):
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


def make_data():
    rng = np.random.RandomState(0)
    x = rng.normal(size=(32, 8)).astype("float32")
    y = rng.normal(size=(32, 4)).astype("float32")
    return x, y
"""

WORKER = (
    MODEL_CODE
    + """
import os

import jax
from jax.experimental import multihost_utils

from keras.src.saving import object_tree
from keras.src.saving import weights_h5

workdir = os.environ["CHECKPOINT_DIR"]
layouts = {layouts!r}
mesh = keras.distribution.DeviceMesh((4, 2), ("model", "batch"))
layout_map = keras.distribution.LayoutMap(mesh)
for key, axes in layouts.items():
    layout_map[key] = axes
distribution = keras.distribution.ModelParallel(
    layout_map=layout_map, batch_dim_name="batch"
)

written = []
original_write = object_tree._write_dataset


def spy(group, key, *args):
    written.append(f"{{group.name}}/{{key}}")
    return original_write(group, key, *args)


object_tree._write_dataset = spy


def named_variables(model):
    # Keyed without the model's and optimizer's own names (`adam` of the
    # saved model is `adam_1` in the next one).
    return [
        (f"{{group}}/{{structure}}", v)
        for group, entries in weights_h5._model_entries(model).items()
        for _, v, structure in entries
    ]


def global_values(model):
    result = {{}}
    for name, v in named_variables(model):
        value = v.value
        if not value.is_fully_addressable:
            value = multihost_utils.process_allgather(value, tiled=True)
        result[name] = np.asarray(value).tolist()
    return result


x, y = make_data()
with distribution.scope():
    model = make_model(seed=1)
    checkpoint = keras.callbacks.ModelCheckpoint(
        os.path.join(workdir, "ckpt_{{epoch}}.weights.h5"),
        save_weights_only=True,
    )
    model.fit(
        x, y, batch_size=8, epochs=2, callbacks=[checkpoint], verbose=0
    )
    kernel = model.get_layer("d1").kernel.value
    sharded_across_processes = not kernel.is_fully_addressable
    local_shard = tuple(kernel.addressable_shards[0].data.shape)
    saved = global_values(model)
    path = os.path.join(workdir, "final.weights.h5")
    model.save_weights(path)
    writes = len(written)
    model.save(os.path.join(workdir, "final.keras"))
    # Read back right away (the save returned on every process only once
    # the file was in place).
    loaded_model = make_model(seed=2)
    loaded_model.optimizer.build(loaded_model.trainable_variables)
    before = global_values(loaded_model)
    loaded_model.load_weights(path)
    loaded = global_values(loaded_model)
    specs = {{
        name: str(v.value.sharding.spec)
        for name, v in named_variables(loaded_model)
    }}
    # A failed save (process 0 cannot write) raises on every process
    # instead of hanging the others.
    try:
        model.save_weights(os.path.join(workdir, "nope", "x.weights.h5"))
        failure = None
    except Exception as e:
        failure = type(e).__name__

emit(
    {{
        "process": jax.process_index(),
        "sharded_across_processes": sharded_across_processes,
        "local_shard": local_shard,
        "writes": writes,
        "saved": saved,
        "before": before,
        "loaded": loaded,
        "specs": specs,
        "failure": failure,
    }}
)
"""
)


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    workdir = tmp_path_factory.mktemp("multi_process_checkpoint")
    results = run_multi_process(
        WORKER.format(layouts=LAYOUTS),
        num_processes=2,
        devices_per_process=4,
        timeout=90,
        env={"CHECKPOINT_DIR": str(workdir)},
    )
    return workdir, results


def test_process_0_writes_and_every_process_loads(results):
    workdir, (r0, r1) = results
    assert [r0["process"], r1["process"]] == [0, 1]
    for r in (r0, r1):
        # No process held a whole d1 kernel: (8, 16) split over 4 "model"
        # rows, two per process.
        assert r["sharded_across_processes"]
        assert r["local_shard"] == [8, 4]
    # Process 0 wrote every dataset (weights, Adam, seed state) of the
    # two checkpoints and the final file; process 1 wrote nothing.
    assert r0["writes"] == 3 * len(r0["saved"])
    assert r1["writes"] == 0
    assert r0["saved"] == r1["saved"]
    for r in (r0, r1):
        assert r["loaded"] == r["saved"]
        assert r["before"] != r["saved"]
        assert r["specs"]["layers/d1/kernel"] == str(P(None, "model"))
        assert r["specs"]["optimizer/mlp_d1_kernel_velocity"] == str(
            P(None, "model")
        )
        assert r["failure"] is not None
    assert int(r0["saved"]["optimizer/iteration"]) == 8
    names = sorted(os.listdir(workdir))
    assert names == [
        "ckpt_1.weights.h5",
        "ckpt_2.weights.h5",
        "final.keras",
        "final.weights.h5",
    ]


def _single_process_model(seed):
    import keras

    namespace = {}
    exec(MODEL_CODE, namespace)
    return namespace["make_model"](seed), keras


@pytest.mark.multi_device
@pytest.mark.parametrize("file_name", ["final.weights.h5", "final.keras"])
def test_single_process_load_under_another_mesh(results, file_name):
    import jax

    if len(jax.devices()) < 8:
        pytest.skip("needs 8 devices")
    from keras.src.saving import weights_h5

    workdir, (r0, _) = results
    import keras

    mesh = keras.distribution.DeviceMesh((2, 4), ("batch", "model"))
    layout_map = keras.distribution.LayoutMap(mesh)
    for key, axes in LAYOUTS.items():
        layout_map[key] = axes
    distribution = keras.distribution.ModelParallel(
        layout_map=layout_map, batch_dim_name="batch"
    )
    path = str(workdir / file_name)
    with distribution.scope():
        if file_name.endswith(".keras"):
            model = keras.saving.load_model(path)
        else:
            model, _ = _single_process_model(seed=3)
            model.optimizer.build(model.trainable_variables)
            model.load_weights(path)
    entries = [
        (f"{group}/{structure}", v)
        for group, items in weights_h5._model_entries(model).items()
        for _, v, structure in items
    ]
    assert len(entries) == len(r0["saved"])
    for name, variable in entries:
        expected = np.asarray(r0["saved"][name])
        np.testing.assert_array_equal(np.asarray(variable.value), expected)
    kernel = model.get_layer("d1").kernel.value
    assert kernel.sharding.spec == P(None, "model")
    assert kernel.addressable_shards[0].data.shape == (8, 4)
