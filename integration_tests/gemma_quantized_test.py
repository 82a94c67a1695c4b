"""The example decoder (`examples/gemma`) quantized, on meshes.

The tiny decoder (vocab 256, width 64, 2 blocks, sequence 16) is quantized
in each mode under every layout of `examples/gemma/finetune.py` but
`(2, 4)` (one device, `(8,)` data parallel, `(4, 2)` `("model", "batch")`
with the example's layout map, `(2, 2, 2)` with the batch over `("data",
"batch")`), always from the same float weights. Checked:

- the quantized variables hold the same values as on one device (bitwise:
  quantizing is elementwise arithmetic and max/min reductions, which do
  not depend on how the weights are split);
- every quantized variable is laid out as the float weight it replaces,
  and the layout report lists it with the bytes each device holds;
- the logits equal those of one device (bounds below);
- QLoRA: LoRA on the int4 decoder under `(4, 2)` trains only the LoRA
  factors and gives the losses of one device; saving, reloading and
  `merge_lora` behave as for float layers.

Bounds. Without activation quantization (int4, and int8 with
`activation_quantizer=None`) the layouts compute the same function of the
same stored integers, differing only in float32 summation order: the
logits agree within `ROUNDOFF` of their largest magnitude (about 80 float32
ulps over a dozen sequential reductions; measured: at most 7e-7). The
default int8 and float8 also round each layer's inputs at call time (to
int8 per row, to `float8_e4m3fn`): where float32 round-off puts an input
on the other side of a rounding boundary, the two layouts round it to
neighbouring levels, one quantization step apart. That step is what the
quantizer may change a value by anyway, so the difference is bounded by
the model's quantization error: the largest difference between the
quantized and the float logits on one device. (Measured: up to 6e-3 for
int8 and 2.4e-2 for float8 against quantization errors of 1.7e-2 and
9.1e-2; without such a flip the difference is round-off, 2e-7.)
"""

import contextlib
import os

import numpy as np
import pytest

import keras
from examples.gemma import data
from examples.gemma import decoder
from examples.gemma import finetune
from keras.src.backend.common import global_state
from keras.src.quantizers.quantization_config import Int8QuantizationConfig

pytestmark = [pytest.mark.multi_device, pytest.mark.parity]

CONFIG = decoder.TINY_CONFIG
LAYOUTS = ("none", "dp8", "4x2", "2x2x2")
ROUNDOFF = 1e-5
# Name -> (mode, config, whether inputs are quantized at call time).
MODES = {
    "int8": ("int8", None, True),
    "int8_weights_only": (
        "int8",
        Int8QuantizationConfig(activation_quantizer=None),
        False,
    ),
    "int4": ("int4", None, False),
    "float8": ("float8", None, True),
}
STEPS = 6
BATCH_SIZE = 8
LEARNING_RATE = 2e-2

# Mesh axes of each quantized variable, by path suffix, under the
# example's layout map (`m`: "model", `b`: "batch"). int8 keeps the float
# kernel's shape and layout; the scales take the layout of the kernel
# axes they run along (EinsumDense scales have one entry per output
# letter). int4 stores the `(rows, columns)` matrix view packed along the
# columns: rows take the layout of the leading contracted kernel axis,
# columns that of the leading kept one; the per-group scales and zero
# points run along the columns and `g_idx` along the rows. float8 keeps
# the float kernels; its scaling state is replicated.
M, B = "model", "batch"
FLOAT_AXES = {
    "token_embedding/embeddings": (M, B),
    "attention/query/kernel": (B, M, None),
    "attention/key/kernel": (B, None, None),
    "attention/value/kernel": (B, None, None),
    "attention/attention_output/kernel": (M, None, B),
    "ffw_gating/kernel": (B, M),
    "ffw_up/kernel": (B, M),
    "ffw_down/kernel": (M, B),
}
INT8_AXES = {
    **FLOAT_AXES,
    "token_embedding/embeddings_scale": (M,),
    "attention/query/kernel_scale": (None, None, M, None),
    "attention/key/kernel_scale": (None,) * 4,
    "attention/value/kernel_scale": (None,) * 4,
    "attention/attention_output/kernel_scale": (None, None, B),
    "ffw_gating/kernel_scale": (None, None, M),
    "ffw_up/kernel_scale": (None, None, M),
    "ffw_down/kernel_scale": (None, None, B),
}
# (matrix rows, matrix columns) axes of each int4 weight.
INT4_MATRIX_AXES = {
    "attention/query": (B, M),
    "attention/key": (B, None),
    "attention/value": (B, None),
    "attention/attention_output": (M, B),
    "ffw_gating": (B, M),
    "ffw_up": (B, M),
    "ffw_down": (M, B),
}
INT4_AXES = {
    "token_embedding/embeddings": (M, B),
    "token_embedding/embeddings_scale": (M, None),
    "token_embedding/embeddings_zero": (M, None),
    "token_embedding/g_idx": (B,),
}
for _layer, (_rows, _columns) in INT4_MATRIX_AXES.items():
    INT4_AXES[f"{_layer}/kernel"] = (_rows, _columns)
    INT4_AXES[f"{_layer}/kernel_scale"] = (None, _columns)
    INT4_AXES[f"{_layer}/kernel_zero"] = (None, _columns)
    INT4_AXES[f"{_layer}/g_idx"] = (_rows,)
EXPECTED_AXES = {
    "int8": INT8_AXES,
    "int8_weights_only": INT8_AXES,
    "int4": INT4_AXES,
    "float8": FLOAT_AXES,
}


def _scope(dist):
    return dist.scope() if dist is not None else contextlib.nullcontext()


def _expected_axes(table, path):
    """Expected axes of `path` (`None`: replicated), by longest suffix."""
    matches = [s for s in table if path.endswith("/" + s) or path == s]
    if not matches:
        return None
    return table[max(matches, key=len)]


def _shard_count(axes, sizes):
    count = 1
    for entry in axes or ():
        for axis in (entry,) if isinstance(entry, str) else entry or ():
            count *= sizes[axis]
    return count


@pytest.fixture(scope="module")
def float_model():
    """`(weights, logits)` of the float decoder on one device."""
    global_state.clear_session()
    model = decoder.build_decoder(CONFIG, seed=0)
    x, _ = data.make_dataset(8, seq_len=CONFIG.seq_len, vocab_size=256)
    return model.get_weights(), x, model.predict(x, verbose=0)


@pytest.fixture(scope="module")
def runs(float_model):
    """`{(mode name, layout): result}` of the quantized decoder."""
    weights, x, _ = float_model
    results = {}
    for name, (mode, config, _) in MODES.items():
        for layout_name in LAYOUTS:
            global_state.clear_session()
            dist = finetune.make_distribution(layout_name)
            with _scope(dist):
                model = decoder.build_decoder(CONFIG, seed=0)
                model.set_weights(weights)
                model.quantize(mode, config=config)
                logits = model.predict(x, verbose=0)
            mesh = dist.device_mesh if dist is not None else None
            results[name, layout_name] = {
                "logits": logits,
                "values": {
                    v.path: np.asarray(v.value) for v in model.variables
                },
                "rows": keras.distribution.layout_report_rows(model),
                "report": keras.distribution.layout_report(model),
                "mesh_sizes": (
                    dict(zip(mesh.axis_names, mesh.shape)) if mesh else {}
                ),
            }
    global_state.clear_session()
    return results


@pytest.mark.parametrize("name", MODES)
@pytest.mark.parametrize("layout_name", LAYOUTS[1:])
def test_quantized_values_equal_one_device(runs, name, layout_name):
    reference = runs[name, "none"]["values"]
    values = runs[name, layout_name]["values"]
    assert sorted(values) == sorted(reference)
    for path, value in values.items():
        np.testing.assert_array_equal(
            value, reference[path], err_msg=f"{name} {layout_name} {path}"
        )


@pytest.mark.parametrize("name", MODES)
@pytest.mark.parametrize("layout_name", LAYOUTS[1:])
def test_logits_equal_one_device(runs, float_model, name, layout_name):
    _, _, float_logits = float_model
    reference = runs[name, "none"]["logits"]
    logits = runs[name, layout_name]["logits"]
    scale = np.abs(reference).max()
    if MODES[name][2]:
        # Inputs rounded at call time: see the module docstring.
        bound = np.abs(reference - float_logits).max()
    else:
        bound = ROUNDOFF * scale
    assert np.abs(logits - reference).max() <= bound, (
        name,
        layout_name,
        np.abs(logits - reference).max(),
        bound,
    )


@pytest.mark.parametrize("name", MODES)
@pytest.mark.parametrize("layout_name", LAYOUTS[1:])
def test_quantized_variables_laid_out_as_float_weights(runs, name, layout_name):
    run = runs[name, layout_name]
    sizes = run["mesh_sizes"]
    table = EXPECTED_AXES[name]
    # int8/int4 quantize every weight of the table; float8 keeps the
    # float kernels (its scaling state is replicated).
    quantized_suffixes = set() if name == "float8" else set(table)
    found = set()
    for row in run["rows"]:
        axes = _expected_axes(table, row.path) if layout_name != "dp8" else None
        expected = tuple(axes) if axes else (None,) * len(row.shape)
        assert tuple(row.layout) == expected, (row.path, row.layout)
        nbytes = run["values"][row.path].nbytes
        assert row.bytes_per_device == nbytes // _shard_count(axes, sizes), (
            row.path,
            row.bytes_per_device,
        )
        for suffix in quantized_suffixes:
            if row.path.endswith(suffix):
                found.add(suffix)
                assert row.path in run["report"]
    # Every quantized variable of the table is present in the report.
    assert found == quantized_suffixes
    # The table's last row is the total (the forecast and balance lines
    # follow it).
    (total,) = [
        line.split()
        for line in run["report"].splitlines()
        if line.startswith("total ")
    ]
    assert total == ["total", str(sum(r.bytes_per_device for r in run["rows"]))]


def test_int4_kernels_are_int8_packed(runs):
    rows = {r.path: r for r in runs["int4", "4x2"]["rows"]}
    query = rows["decoder_block_0/attention/query/kernel"]
    # (width, heads * head_dim / 2): two int4 values per byte.
    assert query.shape == (CONFIG.width, CONFIG.num_query_heads * 8)
    assert query.dtype == "int8"
    # 1/8 of the packed bytes on each of the (4, 2) mesh's devices.
    assert query.bytes_per_device == CONFIG.width * 32 // 8


# ------------------------------------------------------------------ QLoRA
@pytest.fixture(scope="module")
def qlora_runs():
    """int4 QLoRA fine-tuning on one device and on the (4, 2) mesh."""
    x, y = data.make_dataset(
        STEPS * BATCH_SIZE, seq_len=CONFIG.seq_len, vocab_size=256
    )
    results = {}
    for layout_name in ("none", "4x2"):
        global_state.clear_session()
        dist = finetune.make_distribution(layout_name)
        result = finetune.train(
            CONFIG,
            dist,
            x,
            y,
            batch_size=BATCH_SIZE,
            learning_rate=LEARNING_RATE,
            verbose=0,
            snapshot=True,
            quantize="int4",
        )
        result["dist"] = dist
        result["x"] = x[:BATCH_SIZE]
        results[layout_name] = result
    return results


def test_qlora_losses_equal_one_device(qlora_runs):
    reference = qlora_runs["none"]["losses"]
    assert len(reference) == STEPS
    assert reference[-1] < reference[0] - 0.1, reference
    # The int4 base is dequantized (no activation rounding): float32
    # round-off only, as for float LoRA (gemma_lora_test.py).
    np.testing.assert_allclose(
        qlora_runs["4x2"]["losses"], reference, rtol=ROUNDOFF
    )


def test_qlora_trains_only_lora_factors(qlora_runs):
    for layout_name, result in qlora_runs.items():
        model = result["model"]
        trainable = sorted(v.path for v in model.trainable_weights)
        assert trainable and all("lora_kernel" in p for p in trainable)
        initial, final = result["initial_weights"], result["final_weights"]
        for path, before in initial.items():
            if "lora_kernel_b" in path:
                assert not np.array_equal(final[path], before), path
            elif "lora_kernel" not in path:
                np.testing.assert_array_equal(
                    final[path], before, err_msg=f"{layout_name}: {path}"
                )
    rows = keras.distribution.layout_report_rows(qlora_runs["4x2"]["model"])
    layouts = {r.path: tuple(r.layout) for r in rows}
    # The factors follow the float kernel's layout (the int4 kernel is
    # a packed matrix view): `a` its leading axes, `b` its last one.
    block = "decoder_block_0"
    assert layouts[f"{block}/attention/query/lora_kernel_a"] == (B, M, None)
    assert layouts[f"{block}/attention/query/lora_kernel_b"] == (None, None)
    assert layouts[f"{block}/ffw_down/lora_kernel_a"] == (M, None)
    assert layouts[f"{block}/ffw_down/lora_kernel_b"] == (None, B)
    assert layouts[f"{block}/ffw_down/kernel"] == (M, B)


def _plain_int4_decoder(dist):
    with _scope(dist):
        model = decoder.build_decoder(CONFIG, seed=3)
        model.quantize("int4")
    return model


def test_qlora_save_reload_and_merge(qlora_runs, tmp_path):
    result = qlora_runs["4x2"]
    model, dist, x = result["model"], result["dist"], result["x"]
    with dist.scope():
        expected = model.predict(x, verbose=0)
        scale = np.abs(expected).max()
        # A .keras file reloads the exact LoRA state, on the mesh.
        path = os.path.join(tmp_path, "qlora.keras")
        model.save(path)
        reloaded = keras.saving.load_model(
            path,
            custom_objects={"DecoderBlock": decoder.DecoderBlock},
            compile=False,
        )
        np.testing.assert_allclose(
            reloaded.predict(x, verbose=0), expected, atol=ROUNDOFF * scale
        )
        specs = {v.path: v.value.sharding.spec for v in model.variables}
        for v in reloaded.variables:
            assert v.value.sharding.spec == specs[v.path], v.path
        # A weights file holds the merged kernels (quantized again): it
        # loads into the int4 decoder without LoRA.
        weights_path = os.path.join(tmp_path, "qlora.weights.h5")
        model.save_weights(weights_path)
        # Sharded weights files hold the same (shards of 16 KiB here).
        sharded_path = os.path.join(tmp_path, "qlora.weights.json")
        model.save_weights(sharded_path, max_shard_size=16 * 1024 / 1024**3)
        resumed = finetune.build_lora_model(CONFIG, seed=3, quantize="int4")
        resumed.load_weights(sharded_path)
        np.testing.assert_allclose(
            resumed.predict(x, verbose=0), expected, atol=ROUNDOFF * scale
        )
    plain = _plain_int4_decoder(dist)
    plain_from_shards = _plain_int4_decoder(dist)
    layer = model.get_layer("decoder_block_0").ffw_down
    with dist.scope():
        plain.load_weights(weights_path)
        merged_from_file = plain.predict(x, verbose=0)
        plain_from_shards.load_weights(sharded_path)
        for a, b in zip(plain.variables, plain_from_shards.variables):
            np.testing.assert_array_equal(a.value, b.value, err_msg=a.path)
        effective = np.asarray(layer._lora_effective_weight())
        keras.utils.merge_lora(model)
        assert not any("lora" in v.path for v in model.variables)
        assert not model.trainable_weights
        for v in model.variables:
            assert v.value.sharding.spec == specs[v.path], v.path
        merged = model.predict(x, verbose=0)
    # `merge_lora` quantizes the merged kernels as the weights file did.
    np.testing.assert_allclose(merged, merged_from_file, atol=ROUNDOFF * scale)
    # Requantizing moves each weight by at most one int4 step: its
    # group's range / 15 (one group per column: block size 128 > rows).
    assert layer.quantization_mode == "int4"
    dequantized = np.asarray(layer._dequantized_base("float32"))
    step = (effective.max(axis=0) - effective.min(axis=0)) / 15
    assert np.all(np.abs(dequantized - effective) <= step)
