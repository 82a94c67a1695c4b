"""Processes that feed inconsistent input fail together, never hang.

Real JAX processes (gloo CPU collectives), 2x4 and 4x2 devices. Every case
runs on every process; a case that must fail records the error message of
each process, and the test checks that every process raised it (a hang
would be caught by the timeout of `run_multi_process`). Consistent input
trains to the losses of one process, including a partial last batch of
global arrays, per-process parts of different sizes, and a dataset sharded
by the distribution whose last batch leaves some processes without rows.
"""

import pytest

from integration_tests.multi_process_utils import run_multi_process
from keras.src.testing import parity

pytestmark = pytest.mark.multi_process

MODEL_CODE = """
import numpy as np

import keras


def make_data(samples=32):
    rng = np.random.RandomState(0)
    x = rng.normal(size=(samples, 6)).astype("float32")
    y = rng.normal(size=(samples, 2)).astype("float32")
    return x, y


def make_model():
    keras.utils.set_random_seed(3)
    model = keras.Sequential(
        [
            keras.Input((6,)),
            keras.layers.Dense(8, activation="tanh"),
            keras.layers.Dense(2),
        ]
    )
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
    return model


def fit(x, y, batch_size=8, **kwargs):
    model = make_model()
    history = model.fit(
        x, y, batch_size=batch_size, epochs=2, shuffle=False, verbose=0,
        **kwargs
    )
    return history.history["loss"]
"""

WORKER = (
    MODEL_CODE
    + """
import tensorflow as tf


def distribution(shape, axis_names, auto_shard_dataset=True):
    mesh = keras.distribution.DeviceMesh(shape, axis_names)
    return keras.distribution.ModelParallel(
        layout_map=keras.distribution.LayoutMap(mesh),
        batch_dim_name="batch",
        auto_shard_dataset=auto_shard_dataset,
    )


def own_part(x, y, rows):
    # This process's `rows` rows of `x` and `y` (see `_own_parts`).
    start = PROCESS_ID * rows
    return x[start : start + rows], y[start : start + rows]


def dataset(x, y, batches, known_size=True):
    data = tf.data.Dataset.from_tensor_slices((x, y)).take(batches * 4)
    if not known_size:
        data = data.filter(lambda a, b: True)
    return data.batch(4)


def attempt(fn):
    try:
        return {"losses": fn(), "error": None}
    except ValueError as e:
        return {"losses": None, "error": str(e)}


data_parallel = distribution((8,), ("batch",))
shared = distribution(SHARED_SHAPE, SHARED_AXES, auto_shard_dataset=False)
own_data = distribution((8,), ("batch",), auto_shard_dataset=False)
x, y = make_data()
x10, y10 = make_data(10)
results = {}
with data_parallel.scope():
    results["equal"] = attempt(lambda: fit(x, y))
    results["partial"] = attempt(lambda: fit(x10, y10, batch_size=3))
    results["global_differ"] = attempt(lambda: fit(x + PROCESS_ID, y))
    rows = 32 + 8 * (PROCESS_ID % 2)
    results["count_differ"] = attempt(lambda: fit(*make_data(rows)))
with shared.scope():
    results["group_equal"] = attempt(lambda: fit(x, y))
    results["group_differ"] = attempt(lambda: fit(x + PROCESS_ID, y))
with own_data.scope():
    size = 4 + PROCESS_ID % 2
    results["dataset_count_differ"] = attempt(
        lambda: make_model().fit(dataset(x, y, size), verbose=0)
    )
    results["dataset_runs_out"] = attempt(
        lambda: make_model().fit(
            dataset(x, y, size, known_size=False), verbose=0
        )
    )
    # 7 rows each, batch 3: the last batch (1 row) is padded on every
    # process.
    results["own_partial"] = attempt(
        lambda: fit(*own_part(*make_data(7 * NUM_PROCESSES), 7), batch_size=3)
    )
    # 7 or 8 rows, batch 3: as many batches, but last batches of 1 and 2
    # rows: every part is padded to 2 rows per batch shard.
    rows = 7 + PROCESS_ID % 2
    part = own_part(*make_data(8 * NUM_PROCESSES), 8)
    results["own_uneven"] = attempt(
        lambda: fit(part[0][:rows], part[1][:rows], batch_size=3)
    )
with data_parallel.scope():
    # A dataset sharded by the distribution: global batches of 8 and 2;
    # of the last, some processes hold no row.
    def fit_and_evaluate_dataset():
        data = tf.data.Dataset.from_tensor_slices((x10, y10)).batch(8)
        model = make_model()
        history = model.fit(data, epochs=2, verbose=0)
        return history.history["loss"] + [model.evaluate(data, verbose=0)]

    results["dataset_partial"] = attempt(fit_and_evaluate_dataset)
emit(results)
"""
)


def _own_parts(x, y, num_processes, rows, batch_size):
    """The global batches of processes that each feed `rows` rows of `x`
    and `y` (process p its p-th block) in batches of `batch_size`: batch i
    is the processes' i-th batches, one after the other, as one array."""
    order = [
        p * rows + i
        for start in range(0, rows, batch_size)
        for p in range(num_processes)
        for i in range(start, min(start + batch_size, rows))
    ]
    return x[order], y[order]


def _reference(num_processes):
    import tensorflow as tf

    namespace = {}
    exec(MODEL_CODE, namespace)
    x, y = namespace["make_data"]()
    x10, y10 = namespace["make_data"](10)
    own_x, own_y = _own_parts(
        *namespace["make_data"](7 * num_processes), num_processes, 7, 3
    )
    # The same batches as the processes' (sizes 3P, 3P, P).
    batches = [3 * num_processes] * 2 + [num_processes]
    own_losses = _fit_batches(namespace, own_x, own_y, batches)
    # Parts of 7 and 8 rows: last batches of 1 and 2 rows.
    uneven_x, uneven_y = namespace["make_data"](8 * num_processes)
    uneven_batches = [[], [], []]
    for p in range(num_processes):
        rows = 7 + p % 2
        for i, start in enumerate(range(0, rows, 3)):
            end = min(start + 3, rows)
            uneven_batches[i] += range(8 * p + start, 8 * p + end)
    order = sum(uneven_batches, [])
    uneven_losses = _fit_batches(
        namespace,
        uneven_x[order],
        uneven_y[order],
        [len(b) for b in uneven_batches],
    )
    data = tf.data.Dataset.from_tensor_slices((x10, y10)).batch(8)
    model = namespace["make_model"]()
    history = model.fit(data, epochs=2, verbose=0)
    dataset_results = history.history["loss"] + [
        model.evaluate(data, verbose=0)
    ]
    return {
        "equal": namespace["fit"](x, y),
        "partial": namespace["fit"](x10, y10, batch_size=3),
        "own_partial": own_losses,
        "own_uneven": uneven_losses,
        "dataset_partial": dataset_results,
    }


def _fit_batches(namespace, x, y, sizes):
    """Two epochs on one process over batches of the given sizes."""
    import tensorflow as tf

    def batches():
        start = 0
        for size in sizes:
            yield x[start : start + size], y[start : start + size]
            start += size

    data = tf.data.Dataset.from_generator(
        batches,
        output_signature=(
            tf.TensorSpec((None, 6), tf.float32),
            tf.TensorSpec((None, 2), tf.float32),
        ),
    )
    model = namespace["make_model"]()
    history = model.fit(data, epochs=2, verbose=0)
    return history.history["loss"]


def _check(results):
    reference = _reference(len(results))
    for name in (
        "equal",
        "partial",
        "group_equal",
        "own_partial",
        "own_uneven",
        "dataset_partial",
    ):
        expected = reference["equal" if name == "group_equal" else name]
        for process, r in enumerate(results):
            assert r[name]["error"] is None, (name, process, r[name])
            parity.assert_outputs_close(
                r[name]["losses"], expected, err_msg=name
            )
    expected_errors = {
        "global_differ": "hold different data than process 0",
        "count_differ": "different numbers of samples",
        "group_differ": "must be fed identical per-process batches",
        "dataset_count_differ": "different numbers of batches",
        "dataset_runs_out": "ran out of data",
    }
    for name, message in expected_errors.items():
        for process, r in enumerate(results):
            error = r[name]["error"]
            assert error is not None, (name, process, r[name])
            assert message in error, (name, process, error)


@pytest.mark.parity
def test_two_processes_four_devices():
    # (2, 4) ("model", "batch"): both processes hold every batch shard.
    script = "SHARED_SHAPE, SHARED_AXES = (2, 4), ('model', 'batch')\n"
    _check(run_multi_process(script + WORKER, 2, 4, timeout=400))


@pytest.mark.parity
def test_four_processes_two_devices():
    # (2, 4) ("batch", "model"): processes {0, 1} and {2, 3} share shards.
    script = "SHARED_SHAPE, SHARED_AXES = (2, 4), ('batch', 'model')\n"
    _check(run_multi_process(script + WORKER, 4, 2, timeout=400))
