"""LoRA fine-tuning of the Gemma-style decoder (`examples/gemma`) on meshes.

A tiny decoder (vocab 256, width 64, 2 blocks, sequence 16) gets LoRA on its
attention query/value and feed-forward kernels and is trained for a few
steps under every layout of `examples/gemma/finetune.py`. Checked:

- the per-step losses agree with the run without distribution, under
  Adam and under plain gradient descent, and they fall;
- the initial weights agree, and so do the final weights after plain
  gradient descent;
- only the LoRA weights change, and they are the only trainable weights;
- the weights are really sharded: the bytes each device holds of every
  variable equal the variable's size divided by the number of shards its
  layout asks for (`(model, batch)` for the embeddings: 1/8 per device on
  `(4, 2)` and `(2, 4)` meshes, 1/4 on `(2, 2, 2)`, which replicates over
  its `data` axis);
- `get_layout_map` with a batch axis of size 2: 2 replicas, 2 input
  splits, weights also split over that axis, divisibility errors;
- a 2 processes x 4 devices run of the `finetune.py` script reports the
  same losses on both processes, equal to the single-process ones.

Tolerances follow from float32 round-off (`keras.src.testing.parity`):
the losses of Adam runs are compared, and the final weights after plain
gradient descent (`SGD_LEARNING_RATE`), whose updates are linear in the
gradients. Adam's final weights are not: where a gradient is near zero,
its normalized update turns round-off into a step of up to the learning
rate (an element differed by 1.5e-3 `LEARNING_RATE` from the run without
distribution under `--xla_cpu_max_isa=SSE4_2`).
"""

import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np
import pytest

import keras
from examples.gemma import data
from examples.gemma import decoder
from examples.gemma import finetune
from examples.gemma import layout
from integration_tests.multi_process_utils import REPO_ROOT
from integration_tests.multi_process_utils import child_xla_flags
from integration_tests.multi_process_utils import find_free_port
from keras.src.testing import parity

pytestmark = pytest.mark.multi_device

STEPS = 6
BATCH_SIZE = 8
LEARNING_RATE = 2e-2
# Large enough that every LoRA factor moves by many ulps in STEPS steps of
# plain gradient descent (and the loss falls), small enough to be stable.
SGD_LEARNING_RATE = 4.0
CONFIG = decoder.TINY_CONFIG
LAYOUTS = finetune.ALL_LAYOUTS
SHARDED_LAYOUTS = ("4x2", "2x4", "2x2x2")

# The layout each base weight must get, by path suffix; mesh axes named.
EXPECTED_AXES = {
    "token_embedding/embeddings": ("model", "batch"),
    "attention/query/kernel": ("batch", "model", None),
    "attention/key/kernel": ("batch", None, None),
    "attention/value/kernel": ("batch", None, None),
    "attention/attention_output/kernel": ("model", None, "batch"),
    "ffw_gating/kernel": ("batch", "model"),
    "ffw_up/kernel": ("batch", "model"),
    "ffw_down/kernel": ("model", "batch"),
}
LORA_LAYERS = (
    "attention/query",
    "attention/value",
    "ffw_gating",
    "ffw_up",
    "ffw_down",
)


def make_data(steps=STEPS):
    return data.make_dataset(
        steps * BATCH_SIZE,
        seq_len=CONFIG.seq_len,
        vocab_size=CONFIG.vocab_size,
    )


def expected_axes(path):
    """Expected layout axes of a variable (LoRA factors derived)."""
    for suffix, axes in EXPECTED_AXES.items():
        base = suffix.rsplit("/", 1)[0]
        if path.endswith(suffix):
            return axes
        if path.endswith(base + "/lora_kernel_a"):
            return axes[:-1] + (None,)
        if path.endswith(base + "/lora_kernel_b"):
            return (None, axes[-1])
    return None  # Replicated.


def bytes_per_device(array):
    """`{device id: bytes}` of the addressable shards of `array`."""
    held = {}
    for shard in array.addressable_shards:
        held[shard.device.id] = held.get(shard.device.id, 0) + (
            shard.data.nbytes
        )
    return held


def train_every_layout(optimizer, learning_rate):
    """Trains under every layout; returns plain results per layout."""
    from keras.src.backend.common import global_state

    x, y = make_data()
    results = {}
    for name in LAYOUTS:
        global_state.clear_session()
        dist = finetune.make_distribution(name)
        result = finetune.train(
            CONFIG,
            dist,
            x,
            y,
            batch_size=BATCH_SIZE,
            learning_rate=learning_rate,
            optimizer=optimizer,
            verbose=0,
            snapshot=True,
        )
        model = result.pop("model")
        mesh = dist.device_mesh if dist is not None else None
        result["mesh_sizes"] = (
            dict(zip(mesh.axis_names, mesh.shape)) if mesh else {}
        )
        result["trainable_paths"] = [v.path for v in model.trainable_weights]
        result["held"] = {
            v.path: (v.value.nbytes, bytes_per_device(v.value))
            for v in model.weights
        }
        result["specs"] = {
            v.path: tuple(v.value.sharding.spec)
            for v in model.weights
            if hasattr(v.value.sharding, "spec")
        }
        results[name] = result
    global_state.clear_session()
    return results


@pytest.fixture(scope="module")
def runs():
    """Every layout trained with Adam, as `finetune.py` does."""
    return train_every_layout("adam", LEARNING_RATE)


@pytest.fixture(scope="module")
def sgd_runs():
    """Every layout trained with plain gradient descent."""
    return train_every_layout("sgd", SGD_LEARNING_RATE)


@pytest.mark.parity
@pytest.mark.parametrize("optimizer", ["adam", "sgd"])
def test_losses_agree_across_layouts(runs, sgd_runs, optimizer):
    results = runs if optimizer == "adam" else sgd_runs
    reference = results["none"]["losses"]
    assert len(reference) == STEPS
    for name in LAYOUTS:
        parity.assert_outputs_close(
            results[name]["losses"], reference, err_msg=name
        )
    # LoRA `b` starts at zero: every layout starts from the same model, so
    # the first losses differ only by the rounding of one forward pass.
    first = [results[name]["losses"][0] for name in LAYOUTS]
    np.testing.assert_allclose(first, first[0], rtol=8 * parity.EPS)


def test_losses_fall(runs, sgd_runs):
    for results in (runs, sgd_runs):
        for name in LAYOUTS:
            losses = results[name]["losses"]
            assert losses[-1] < losses[0] - 0.1, (name, losses)
            assert np.all(np.isfinite(losses)), (name, losses)


def test_only_lora_weights_change(runs):
    expected_trainable = sorted(
        f"decoder_block_{i}/{layer}/lora_kernel_{ab}"
        for i in range(CONFIG.num_layers)
        for layer in LORA_LAYERS
        for ab in "ab"
    )
    for name in LAYOUTS:
        result = runs[name]
        assert sorted(result["trainable_paths"]) == expected_trainable, name
        initial = result["initial_weights"]
        final = result["final_weights"]
        assert sorted(initial) == sorted(final)
        for path, before in initial.items():
            if "lora_kernel" in path:
                assert not np.array_equal(final[path], before), (name, path)
            else:
                np.testing.assert_array_equal(
                    final[path], before, err_msg=f"{name}: {path}"
                )
        # LoRA `b` factors start at zero.
        for path, before in initial.items():
            if path.endswith("lora_kernel_b"):
                assert not before.any(), (name, path)


@pytest.mark.parity
def test_same_initial_and_final_weights_across_layouts(runs, sgd_runs):
    for name in LAYOUTS:
        # Sharded variables are initialized by a jitted initializer,
        # unsharded ones op by op.
        initial = runs["none"]["initial_weights"]
        for path, value in runs[name]["initial_weights"].items():
            parity.assert_initial_weights_close(
                value, initial[path], err_msg=f"{name}: {path}"
            )
        # Plain gradient descent: `w0 - lr * sum(gradients)`.
        reference = sgd_runs["none"]
        parity.assert_sgd_weights_close(
            sgd_runs[name]["final_weights"],
            reference["final_weights"],
            reference["initial_weights"],
            STEPS,
            err_msg=name,
        )


@pytest.mark.parametrize("name", SHARDED_LAYOUTS)
def test_weights_are_sharded_as_laid_out(runs, name):
    result = runs[name]
    sizes = result["mesh_sizes"]
    num_devices = int(np.prod(list(sizes.values())))
    for path, (nbytes, held) in result["held"].items():
        axes = expected_axes(path)
        shards = 1
        for entry in axes or ():
            for axis in (entry,) if isinstance(entry, str) else entry or ():
                shards *= sizes[axis]
        assert len(held) == num_devices, path
        assert set(held.values()) == {nbytes // shards}, (path, held)
        expected_spec = tuple(axes) if axes else ()
        spec = result["specs"][path]
        spec = spec + (None,) * (len(expected_spec) - len(spec))
        expected_spec = expected_spec + (None,) * (
            len(spec) - len(expected_spec)
        )
        assert spec == expected_spec, (path, spec)
    # The headline: each device holds 1/(model x batch) of the embeddings.
    nbytes, held = result["held"]["token_embedding/embeddings"]
    fraction = sizes["model"] * sizes["batch"]
    assert set(held.values()) == {nbytes // fraction}
    held_total = sum(sum(h.values()) for _, h in result["held"].values())
    replicated_total = num_devices * sum(n for n, _ in result["held"].values())
    # Far less memory than with every variable replicated on every device.
    assert held_total < replicated_total / 2


@pytest.mark.parametrize("name", ["none", "dp8"])
def test_unsharded_layouts_replicate(runs, name):
    for path, (nbytes, held) in runs[name]["held"].items():
        assert set(held.values()) == {nbytes}, path


def test_layout_map_batch_axis_of_size_2():
    mesh = keras.distribution.DeviceMesh((4, 2), ("model", "batch"))
    layout_map = layout.get_layout_map(mesh)
    dist = keras.distribution.ModelParallel(
        layout_map=layout_map, batch_dim_name="batch"
    )
    # 2 data replicas = 2 input splits.
    assert dist.num_model_replicas == 2
    x = np.arange(8 * 4, dtype="float32").reshape(8, 4)
    batch = keras.distribution.distribute_tensor(
        x, dist.get_data_layout(x.shape)
    )
    rows = {}
    for shard in batch.addressable_shards:
        assert shard.data.shape == (4, 4)
        rows.setdefault(shard.index[0].start, []).append(shard.device)
    # Each half of the batch goes to the 4 devices of one batch coordinate.
    assert sorted(rows) == [0, 4]
    assert all(len(devices) == 4 for devices in rows.values())
    assert dist.per_process_batch_size(8) == 8
    with pytest.raises(ValueError, match="divisible"):
        dist.per_process_batch_size(5)

    # The weights are ALSO split over the batch axis: 1/(4 * 2) each.
    with dist.scope():
        model = decoder.build_decoder(CONFIG, seed=1)
    for path in ("token_embedding/embeddings", "ffw_down/kernel"):
        variable = next(v for v in model.weights if v.path.endswith(path))
        held = bytes_per_device(variable.value)
        assert set(held.values()) == {variable.value.nbytes // 8}, path

    # `width` must be divisible by the batch axis size, the other sharded
    # dimensions by the model axis size.
    bad = decoder.GemmaConfig(
        vocab_size=256,
        width=63,
        num_layers=1,
        num_query_heads=4,
        num_key_value_heads=1,
        head_dim=8,
        hidden_dim=64,
        seq_len=8,
    )
    with dist.scope():
        with pytest.raises(ValueError, match="divisible"):
            decoder.build_decoder(bad)

    # Unknown or overlapping axis names are errors.
    with pytest.raises(ValueError, match="not an axis"):
        layout.get_layout_map(mesh, data_parallel_dim_name="data")
    with pytest.raises(ValueError, match="distinct"):
        layout.get_layout_map(mesh, "model", ("batch", "model"))


def test_layout_map_tuple_batch_axes():
    mesh = keras.distribution.DeviceMesh((2, 2, 2), ("data", "model", "batch"))
    layout_map = layout.get_layout_map(
        mesh, data_parallel_dim_name=("data", "batch")
    )
    assert layout_map["token_embedding/embeddings"].axes == (
        "model",
        ("data", "batch"),
    )


@pytest.mark.parity
@pytest.mark.multi_process
def test_finetune_script_two_processes(runs, tmp_path):
    """`finetune.py` with 2 processes x 4 CPU devices (gloo collectives).

    On the `(2, 2, 2)` `("data", "model", "batch")` mesh, the `data` axis
    spans the two processes (each feeds half of every global batch, from
    the same global arrays) while `model` and `batch` (FSDP) are split
    within each process.
    """
    layouts = ("2x2x2",)
    address = f"127.0.0.1:{find_free_port()}"
    env = dict(os.environ)
    # `finetune.py` adds its device count to the other flags.
    env["XLA_FLAGS"] = child_xla_flags()
    env["JAX_PLATFORMS"] = "cpu"
    env["PYTHONPATH"] = os.pathsep.join(
        [REPO_ROOT, env.get("PYTHONPATH", "")]
    ).rstrip(os.pathsep)
    script = os.path.join(REPO_ROOT, "examples", "gemma", "finetune.py")
    procs = []
    for process_id in range(2):
        command = [
            sys.executable,
            script,
            "--tiny",
            f"--steps={STEPS}",
            f"--batch-size={BATCH_SIZE}",
            f"--learning-rate={LEARNING_RATE}",
            f"--layouts={','.join(layouts)}",
            "--output=",
            "--verbose=0",
            f"--results-json={tmp_path / f'process_{process_id}.json'}",
            "--num-processes=2",
            f"--process-id={process_id}",
            f"--coordinator={address}",
        ]
        out = tempfile.TemporaryFile(mode="w+")
        procs.append(
            (
                subprocess.Popen(
                    command,
                    cwd=REPO_ROOT,
                    env=env,
                    stdout=out,
                    stderr=subprocess.STDOUT,
                ),
                out,
            )
        )
    deadline = time.monotonic() + 240
    try:
        while any(p.poll() is None for p, _ in procs):
            if any(p.poll() not in (None, 0) for p, _ in procs):
                break
            if time.monotonic() > deadline:
                break
            time.sleep(0.1)
    finally:
        for p, _ in procs:
            if p.poll() is None:
                p.kill()
            p.wait()
    logs = []
    for i, (p, out) in enumerate(procs):
        out.seek(0)
        logs.append(f"--- process {i} (rc={p.returncode}) ---\n{out.read()}")
        out.close()
    assert all(p.returncode == 0 for p, _ in procs), "\n".join(logs)

    results = [
        json.loads((tmp_path / f"process_{i}.json").read_text())
        for i in range(2)
    ]
    assert [r["process_id"] for r in results] == [0, 1]
    reference = runs["none"]["losses"]
    for name in layouts:
        # Both processes report the very same (global) losses ...
        assert results[0]["losses"][name] == results[1]["losses"][name]
        # ... equal to the single-process run's.
        parity.assert_outputs_close(
            results[0]["losses"][name], reference, err_msg=name
        )
