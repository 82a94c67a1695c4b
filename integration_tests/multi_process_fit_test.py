"""Multi-process `fit` (real JAX processes, gloo CPU collectives).

Every process builds the same model with the same seed and calls `fit` with
the same GLOBAL data (NumPy arrays, or a `tf.data.Dataset` batched with the
global batch size); the trainer gives each process its share. Every process
must then report the same per-epoch losses as a single-process run.
"""

import pytest

from integration_tests.multi_process_utils import run_multi_process
from keras.src.testing import parity

pytestmark = pytest.mark.multi_process


# Shared by the worker processes and the single-process reference.
MODEL_CODE = """
import numpy as np

import keras

EPOCHS = 3
BATCH_SIZE = 32


def make_data():
    rng = np.random.RandomState(0)
    x = rng.normal(size=(128, 16)).astype("float32")
    y = rng.normal(size=(128, 4)).astype("float32")
    return x, y


def make_model():
    keras.utils.set_random_seed(1337)
    inputs = keras.Input((16,))
    h = keras.layers.Dense(32, activation="relu", name="d1")(inputs)
    h = keras.layers.Dense(32, activation="tanh", name="d2")(h)
    outputs = keras.layers.Dense(4, name="d3")(h)
    model = keras.Model(inputs, outputs)
    model.compile(
        optimizer=keras.optimizers.SGD(learning_rate=0.05, momentum=0.9),
        loss="mse",
    )
    return model


def fit_numpy(model, x, y):
    history = model.fit(
        x, y, batch_size=BATCH_SIZE, epochs=EPOCHS, shuffle=False, verbose=0
    )
    return history.history["loss"]


def fit_shuffled(model, x, y):
    keras.utils.set_random_seed(7)  # the shuffling seed
    history = model.fit(
        x, y, batch_size=BATCH_SIZE, epochs=EPOCHS, shuffle=True, verbose=0
    )
    return history.history["loss"]


def fit_dataset(model, x, y):
    import tensorflow as tf

    dataset = tf.data.Dataset.from_tensor_slices((x, y)).batch(BATCH_SIZE)
    return model.fit(dataset, epochs=EPOCHS, verbose=0).history["loss"]
"""

WORKER = (
    MODEL_CODE
    + """

def make_distribution(shape, axis_names, batch_dim_name, layouts, **kwargs):
    mesh = keras.distribution.DeviceMesh(shape, axis_names)
    if layouts is None:
        return keras.distribution.DataParallel(device_mesh=mesh, **kwargs)
    layout_map = keras.distribution.LayoutMap(mesh)
    for key, axes in layouts.items():
        layout_map[key] = axes
    return keras.distribution.ModelParallel(
        layout_map=layout_map, batch_dim_name=batch_dim_name, **kwargs
    )


def specs(variables):
    return {v.path: str(v.value.sharding.spec) for v in variables}


def snapshot(model):
    # Copies of the initial model and optimizer state (global arrays).
    import jax.numpy as jnp

    model.optimizer.build(model.trainable_variables)
    variables = list(model.variables) + list(model.optimizer.variables)
    return [(v, jnp.array(v.value, copy=True)) for v in variables]


def restore(state):
    import jax.numpy as jnp

    for variable, value in state:
        variable.assign(jnp.array(value, copy=True))


def run_case(case):
    distribution = make_distribution(*case)
    x, y = make_data()
    with distribution.scope():
        model = make_model()
        initial_state = snapshot(model)
        numpy_losses = fit_numpy(model, x, y)
        evaluate = model.evaluate(x, y, batch_size=BATCH_SIZE, verbose=0)
        predict = model.predict(x, batch_size=BATCH_SIZE, verbose=0)
        # The same model from the same initial state (no recompilation).
        restore(initial_state)
        dataset_losses = fit_dataset(model, x, y)
        restore(initial_state)
        shuffled_losses = fit_shuffled(model, x, y)
    return {
        "shards": list(distribution.data_sharding().shards_of(PROCESS_ID)),
        "numpy": numpy_losses,
        "dataset": dataset_losses,
        "shuffled": shuffled_losses,
        "evaluate": evaluate,
        "predict": predict.tolist(),
        "specs": specs(model.trainable_variables),
        # Keyed without the optimizer's own (auto-numbered) name.
        "slot_specs": {
            path.split("/", 1)[1]: spec
            for path, spec in specs(model.optimizer.momentums).items()
        },
    }


results = {name: run_case(case) for name, case in CASES.items()}
"""
)

LAYOUTS = {"d1/kernel": (None, "model"), "d2/kernel": ("model", None)}

# name -> (mesh shape, axis names, batch_dim_name, layout map or None).
# Meshes use `list_devices()` order: process p owns a contiguous block.
CASES = {
    # 8 distinct batch shards, spread over the processes
    "data_parallel": ((8,), ("batch",), "batch", None),
    # 2 batch shards: 2 x 4 -> distinct per process; 4 x 2 -> groups of 2
    "batch_model": ((2, 4), ("batch", "model"), "batch", LAYOUTS),
    # batch axis last: every process holds both batch shards (shared)
    "model_batch": ((4, 2), ("model", "batch"), "batch", LAYOUTS),
}

# Batch shards held by each process, for (processes, devices per process).
EXPECTED_SHARDS = {
    (2, 4): {
        "data_parallel": [[0, 1, 2, 3], [4, 5, 6, 7]],
        "batch_model": [[0], [1]],
        "model_batch": [[0, 1], [0, 1]],
    },
    (4, 2): {
        "data_parallel": [[0, 1], [2, 3], [4, 5], [6, 7]],
        "batch_model": [[0], [0], [1], [1]],
        "model_batch": [[0, 1], [0, 1], [0, 1], [0, 1]],
    },
}


def _namespace():
    namespace = {}
    exec(MODEL_CODE, namespace)
    return namespace


@pytest.fixture(scope="module")
def reference():
    """Losses and evaluate result of the same run in this one process."""
    import keras
    from keras.src.backend.common import global_state

    global_state.clear_session()
    keras.distribution.set_distribution(None)
    ns = _namespace()
    x, y = ns["make_data"]()
    model = ns["make_model"]()
    losses = ns["fit_numpy"](model, x, y)
    batch_size = ns["BATCH_SIZE"]
    evaluate = model.evaluate(x, y, batch_size=batch_size, verbose=0)
    predict = model.predict(x, batch_size=batch_size, verbose=0)
    shuffled = ns["fit_shuffled"](ns["make_model"](), x, y)
    global_state.clear_session()
    return {
        "losses": losses,
        "evaluate": evaluate,
        "predict": predict,
        "shuffled": shuffled,
    }


VARIABLE_RANKS = {
    "d1/kernel": 2,
    "d1/bias": 1,
    "d2/kernel": 2,
    "d2/bias": 1,
    "d3/kernel": 2,
    "d3/bias": 1,
}


def _expected_specs(layouts):
    from jax.sharding import PartitionSpec as P

    layouts = layouts or {}
    return {
        path: str(P(*layouts.get(path, (None,) * rank)))
        for path, rank in VARIABLE_RANKS.items()
    }


@pytest.mark.parity
@pytest.mark.parametrize("num_processes, devices_per_process", [(2, 4), (4, 2)])
def test_fit_matches_single_process(
    num_processes, devices_per_process, reference, request
):
    if (num_processes, devices_per_process) == (2, 4):
        two_by_four = request.getfixturevalue("two_by_four")
        results = [r["cases"] for r in two_by_four]
    else:
        script = f"CASES = {CASES!r}\n" + WORKER + "emit(results)\n"
        results = run_multi_process(
            script, num_processes, devices_per_process, timeout=600
        )
    expected_shards = EXPECTED_SHARDS[(num_processes, devices_per_process)]
    for name, case in CASES.items():
        per_process = [r[name] for r in results]
        assert [r["shards"] for r in per_process] == expected_shards[name]
        for kind in ("numpy", "dataset", "shuffled", "evaluate", "predict"):
            values = [r[kind] for r in per_process]
            # identical on every process (bit for bit) ...
            assert all(v == values[0] for v in values), (name, kind, values)
        # ... and equal to the single-process run
        parity.assert_outputs_close(
            per_process[0]["numpy"], reference["losses"]
        )
        parity.assert_outputs_close(
            per_process[0]["dataset"], reference["losses"]
        )
        # shuffle=True: every process draws the same permutation
        parity.assert_outputs_close(
            per_process[0]["shuffled"], reference["shuffled"]
        )
        parity.assert_outputs_close(
            per_process[0]["evaluate"], reference["evaluate"]
        )
        # predict returns the global outputs on every process
        parity.assert_outputs_close(
            per_process[0]["predict"], reference["predict"]
        )
        expected = _expected_specs(case[3])
        for r in per_process:
            assert r["specs"] == expected, name
            slots = {
                path: r["slot_specs"][path.replace("/", "_") + "_momentum"]
                for path in expected
            }
            assert slots == expected, name


# Runs after `WORKER` in the same two processes (see `two_by_four`).
INCONSISTENT_PART = """
mesh = keras.distribution.DeviceMesh((4, 2), ("model", "batch"))
layout_map = keras.distribution.LayoutMap(mesh)
distribution = keras.distribution.ModelParallel(
    layout_map=layout_map, batch_dim_name="batch", auto_shard_dataset=False
)
x, y = make_data()
inconsistent = {}
with distribution.scope():
    # Both processes hold both batch shards and feed the same global data.
    inconsistent["consistent"] = fit_dataset(make_model(), x, y)
    # Process 1 feeds different data than process 0 of its group.
    try:
        losses = fit_dataset(make_model(), x + PROCESS_ID, y)
        inconsistent["error"] = None
        inconsistent["inconsistent"] = losses
    except ValueError as e:
        inconsistent["error"] = str(e)
emit({"cases": results, "inconsistent": inconsistent})
"""


@pytest.fixture(scope="module")
def two_by_four():
    """What 2 processes x 4 devices report: `WORKER`'s cases, then the
    `INCONSISTENT_PART`; one launch for both tests, as starting the
    processes (imports, `jax.distributed` set-up) costs as much as a case.
    """
    script = f"CASES = {CASES!r}\n" + WORKER + INCONSISTENT_PART
    return run_multi_process(script, 2, 4, timeout=600)


@pytest.mark.parity
def test_unsharded_dataset_with_inconsistent_data_raises(
    reference, two_by_four
):
    for process in two_by_four:
        r = process["inconsistent"]
        parity.assert_outputs_close(r["consistent"], reference["losses"])
        assert r["error"] is not None, (
            "fit() silently trained on inconsistent data: "
            f"{r.get('inconsistent')}"
        )
        assert "must be fed identical per-process batches" in r["error"]
        assert "[0, 1]" in r["error"]
