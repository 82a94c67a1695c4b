"""Multi-process tests of `distribute_data_input` and the replica math.

Each test starts real JAX processes on 127.0.0.1 (gloo CPU collectives).
"""

import pytest

from integration_tests.multi_process_utils import run_multi_process
from keras.src.testing import parity

pytestmark = pytest.mark.multi_process

# Shared by the worker processes and the single-process reference.
MODEL_CODE = """
import jax
import jax.numpy as jnp
import numpy as np


def make_data(batch=16):
    rng = np.random.RandomState(0)
    x = rng.normal(size=(batch, 5)).astype("float32")
    y = rng.normal(size=(batch, 1)).astype("float32")
    return x, y


def init_params():
    rng = np.random.RandomState(1)
    return {
        "w1": (rng.normal(size=(5, 8)) * 0.5).astype("float32"),
        "b1": np.zeros((8,), "float32"),
        "w2": (rng.normal(size=(8, 1)) * 0.5).astype("float32"),
        "b2": np.zeros((1,), "float32"),
    }


def loss_fn(params, x, y):
    h = jnp.tanh(x @ params["w1"] + params["b1"])
    return jnp.mean((h @ params["w2"] + params["b2"] - y) ** 2)


@jax.jit
def sgd_step(params, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    params = jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads)
    return params, loss


def train(params, x, y, steps=3):
    losses = []
    for _ in range(steps):
        params, loss = sgd_step(params, x, y)
        losses.append(float(loss))
    return losses
"""

WORKER = (
    MODEL_CODE
    + """
from jax.experimental import multihost_utils

from keras.src.backend.jax import distribution_lib as backend_dlib
from keras.src.distribution import data_consistency
from keras.src.distribution import data_input
from keras.src.distribution import distribution_lib as dl


def distribute(per_process, dist, global_batch_size=None):
    return jax.tree_util.tree_map(
        lambda leaf: backend_dlib.distribute_data_input(
            leaf,
            dist.get_data_layout(leaf.shape),
            dist.batch_dim_name,
            global_batch_size=global_batch_size,
        ),
        per_process,
    )


class Var:
    def __init__(self, path, value):
        self.path, self.shape, self._layout = path, value.shape, None


def local_rows(global_array, info, process):
    rows = global_array.shape[0] // info.num_batch_shards
    return np.concatenate(
        [global_array[s * rows:(s + 1) * rows] for s in info.shards_of(process)]
    )


def run_case(shape, axis_names, batch_dim_name, kernel_axes):
    layout_map = dl.LayoutMap(dl.DeviceMesh(shape, axis_names))
    if kernel_axes:
        layout_map["w1"] = kernel_axes
    dist = dl.ModelParallel(
        layout_map=layout_map, batch_dim_name=batch_dim_name
    )
    info = dist.data_sharding()
    x, y = make_data()
    per_process = (
        local_rows(x, info, PROCESS_ID), local_rows(y, info, PROCESS_ID)
    )
    gx, gy = distribute(per_process, dist, global_batch_size=16)
    # every addressable shard holds the intended rows of the global batch
    for shard in gx.addressable_shards:
        np.testing.assert_array_equal(np.asarray(shard.data), x[shard.index])
    full_x = multihost_utils.process_allgather(gx, tiled=True)
    full_y = multihost_utils.process_allgather(gy, tiled=True)
    params = {}
    for name, value in init_params().items():
        layout = dist.get_variable_layout(Var(name, value))
        params[name] = backend_dlib.distribute_variable(value, layout)
    losses = train(params, gx, gy)
    # a per-process batch of the wrong size is caught locally
    try:
        distribute(per_process[0][:-1], dist, global_batch_size=16)
        wrong_size_error = None
    except ValueError as e:
        wrong_size_error = str(e)
    # processes of one data-shard group fed different data are caught
    try:
        data_consistency.check_data_consistency(
            per_process[0] + PROCESS_ID, dist
        )
        consistency_error = None
    except ValueError as e:
        consistency_error = str(e)
    # consistent: no error
    data_consistency.check_data_consistency(per_process, dist)
    return {
        "shards": list(info.shards_of(PROCESS_ID)),
        "groups": [list(g) for g in info.groups],
        "local_batch": int(per_process[0].shape[0]),
        "spec": str(gx.sharding.spec),
        "x_ok": bool(np.array_equal(full_x, x)),
        "y_ok": bool(np.array_equal(full_y, y)),
        "losses": losses,
        "wrong_size_error": wrong_size_error,
        "consistency_error": consistency_error,
    }


results = {}
for name, case in CASES.items():
    results[name] = run_case(*case)
emit(results)
"""
)


def _reference_losses():
    namespace = {}
    exec(MODEL_CODE, namespace)
    x, y = namespace["make_data"]()
    return namespace["train"](namespace["init_params"](), x, y)


def _check(results, cases, expected):
    reference = _reference_losses()
    for name in cases:
        per_process = [r[name] for r in results]
        for process, r in enumerate(per_process):
            shards, groups, local_batch = expected[name]
            assert r["shards"] == shards[process], (name, process, r)
            assert r["groups"] == groups, (name, r)
            assert r["local_batch"] == local_batch[process], (name, r)
            assert r["x_ok"] and r["y_ok"], (name, process)
            assert r["wrong_size_error"] is not None
            assert (
                f"Process {process} received a per-process batch"
                in (r["wrong_size_error"])
            )
        # identical losses on every process, equal to one process's run
        losses = [r["losses"] for r in per_process]
        assert all(loss == losses[0] for loss in losses), (name, losses)
        parity.assert_outputs_close(losses[0], reference, err_msg=name)
        shared = [g for g in expected[name][1] if len(g) > 1]
        for r in per_process:
            if shared:
                assert (
                    "must be fed identical per-process batches"
                    in (r["consistency_error"])
                ), (name, r)
            else:
                assert r["consistency_error"] is None, (name, r)


@pytest.mark.parity
def test_two_processes_four_devices():
    cases = {
        # distinct shards: process 0 holds rows 0-7, process 1 rows 8-15
        "dp_1d": ((8,), ("batch",), "batch", None),
        # batch axis last: both processes hold both shards (share data)
        "shared": ((4, 2), ("model", "batch"), "batch", (None, "model")),
        # batch over two axes, non-contiguous shard sets {0, 2} / {1, 3}
        "two_axes": ((2, 2, 2), ("x", "y", "z"), ("z", "x"), (None, "y")),
    }
    expected = {
        "dp_1d": ([[0, 1, 2, 3], [4, 5, 6, 7]], [[0], [1]], [8, 8]),
        "shared": ([[0, 1], [0, 1]], [[0, 1]], [16, 16]),
        "two_axes": ([[0, 2], [1, 3]], [[0], [1]], [8, 8]),
    }
    script = f"CASES = {cases!r}\n" + WORKER
    results = run_multi_process(script, 2, 4, timeout=90)
    _check(results, cases, expected)
    assert results[0]["shared"]["spec"] == "P('batch', None)"
    assert results[0]["two_axes"]["spec"] == ("P(('z', 'x'), None)")


@pytest.mark.parity
def test_four_processes_two_devices():
    cases = {
        # (2, 4) ("batch", "model"): processes {0, 1} and {2, 3} share
        "batch_first": ((2, 4), ("batch", "model"), "batch", (None, "model")),
        # batch in the middle of (2, 2, 2): groups {0, 2} and {1, 3}
        "batch_middle": ((2, 2, 2), ("x", "batch", "y"), "batch", None),
        # 1D data parallel: every process holds two distinct shards
        "dp_1d": ((8,), ("batch",), "batch", None),
    }
    expected = {
        "batch_first": ([[0], [0], [1], [1]], [[0, 1], [2, 3]], [8, 8, 8, 8]),
        "batch_middle": ([[0], [1], [0], [1]], [[0, 2], [1, 3]], [8, 8, 8, 8]),
        "dp_1d": (
            [[0, 1], [2, 3], [4, 5], [6, 7]],
            [[0], [1], [2], [3]],
            [4, 4, 4, 4],
        ),
    }
    script = f"CASES = {cases!r}\n" + WORKER
    results = run_multi_process(script, 4, 2, timeout=120)
    _check(results, cases, expected)


def test_harness_reports_failures():
    with pytest.raises(AssertionError) as e:
        run_multi_process(
            """
            if PROCESS_ID == 1:
                raise RuntimeError("boom from process 1")
            emit({"ok": True})
            """,
            2,
            1,
            timeout=60,
        )
    message = str(e.value)
    assert "===== process 0" in message and "===== process 1" in message
    assert "boom from process 1" in message


DATASET_WORKER = """
import numpy as np
import tensorflow as tf
from jax.experimental import multihost_utils

from keras.src.distribution import data_input
from keras.src.distribution import distribution_lib as dl

results = {}
for name, (shape, axis_names, batch) in CASES.items():
    mesh = dl.DeviceMesh(shape, axis_names)
    dist = dl.ModelParallel(
        layout_map=dl.LayoutMap(mesh), batch_dim_name=batch
    )
    x = np.arange(40, dtype="float32").reshape(20, 2)
    dataset = tf.data.Dataset.from_tensor_slices(x).batch(8)
    local = dist.distribute_dataset(dataset)
    steps = []
    for batch_x in local:
        (global_x,), _ = data_input.distribute_batch(
            (batch_x.numpy(),), dist, global_input=False
        )
        steps.append(
            {
                "local": batch_x.numpy()[:, 0].tolist(),
                "global": multihost_utils.process_allgather(
                    global_x, tiled=True
                )[:, 0].tolist(),
            }
        )
    results[name] = {"same_object": local is dataset, "steps": steps}
emit(results)
"""


def test_distribute_dataset_two_processes():
    cases = {
        # distinct shards: each process reads half of every global batch
        "distinct": ((8,), ("batch",), "batch"),
        # both processes hold both batch shards: dataset left unchanged
        "shared": ((4, 2), ("model", "batch"), "batch"),
    }
    script = f"CASES = {cases!r}\n" + DATASET_WORKER
    results = run_multi_process(script, 2, 4, timeout=120)
    global_batches = [
        [float(2 * i) for i in range(0, 8)],
        [float(2 * i) for i in range(8, 16)],
    ]
    for process, r in enumerate(results):
        distinct = r["distinct"]
        assert not distinct["same_object"]
        # the incomplete last global batch (4 rows) is dropped everywhere
        assert [s["local"] for s in distinct["steps"]] == [
            b[4 * process : 4 * process + 4] for b in global_batches
        ]
        assert [s["global"] for s in distinct["steps"]] == global_batches
        shared = r["shared"]
        assert shared["same_object"]
        assert [s["global"] for s in shared["steps"]][:2] == global_batches
