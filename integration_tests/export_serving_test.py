"""The example Gemma-style decoder exported from a mesh, served elsewhere.

- Under a `(4, 2)` `("model", "batch")` mesh (FSDP: every big weight split
  over both axes), the decoder is LoRA fine-tuned for two steps, then
  exported (as a SavedModel, as ONNX and as OpenVINO IR) as it is and again
  after merging its LoRA weights; a fresh process that only has the
  format's runtime serves both on a batch of 3 (a batch size the export
  never saw: its batch dimension is symbolic) and gets `predict`'s logits.
- In two real processes of 4 devices each, under a `(2, 4)`
  `("batch", "model")` mesh (no process holds a whole weight), both
  processes call `export()` in each format; process 0 alone writes, and
  each artifact serves the logits of the same decoder built on one device.
  An export that fails on process 0 raises on both processes.

Tolerance: the served logits are the same float32 computation, reordered
by the sharding and by each runtime's fusion and kernels; the decoder's
logits are sums over at most 128 float32 terms of order 1, so they agree
to a few ulps of those sums: `rtol=1e-5, atol=1e-5`.
"""

import importlib.util
import json
import os

import numpy as np
import pytest

import keras
from examples.gemma import data
from examples.gemma import decoder
from examples.gemma import finetune
from integration_tests.multi_process_utils import run_multi_process
from keras.src.testing import export_serving

pytest.importorskip("tensorflow")

CONFIG = decoder.TINY_CONFIG
SERVE_BATCH = 3


def _tokens(batch, seed=0):
    rng = np.random.default_rng(seed)
    return rng.integers(0, CONFIG.vocab_size, size=(batch, CONFIG.seq_len))


def _merge_lora(model):
    for layer in model._flatten_layers():
        if getattr(layer, "lora_enabled", False):
            layer.merge_lora()


# format -> (file name, packages that export and serve it).
FORMATS = {
    "tf_saved_model": ("decoder", ["tensorflow"]),
    "onnx": ("decoder.onnx", ["onnx", "onnxruntime"]),
    "openvino": ("decoder.xml", ["onnx", "openvino"]),
}


def _missing_packages(format):
    return [
        p for p in FORMATS[format][1] if importlib.util.find_spec(p) is None
    ]


@pytest.fixture(scope="module")
def exported_from_a_4x2_mesh(tmp_path_factory):
    """Trains the decoder under `(4, 2)` and exports it in every format
    whose packages are installed, before and after merging LoRA; returns
    the folder and `predict`'s logits of each state."""
    x, y = data.make_dataset(
        16, seq_len=CONFIG.seq_len, vocab_size=CONFIG.vocab_size
    )
    dist = finetune.make_distribution("4x2")
    model = finetune.train(
        CONFIG, dist, x, y, batch_size=8, learning_rate=2e-2, verbose=0
    )["model"]
    folder = tmp_path_factory.mktemp("4x2")
    tokens = _tokens(SERVE_BATCH).astype("int32")
    expected = {}
    with dist.scope():
        embeddings = model.get_layer("token_embedding").embeddings.value
        assert len(embeddings.sharding.device_set) == 8
        assert embeddings.addressable_shards[0].data.shape == (
            CONFIG.vocab_size // 4,
            CONFIG.width // 2,
        )
        for state in ("lora", "merged"):
            if state == "merged":
                _merge_lora(model)
                assert not any(
                    "lora" in v.path for v in model.trainable_variables
                )
            for format, (filename, _) in FORMATS.items():
                if not _missing_packages(format):
                    path = str(folder / state / filename)
                    model.export(path, format=format, verbose=False)
            expected[state] = model.predict(tokens, verbose=0)
    # LoRA moved the model: the merged export is the trained one.
    base = decoder.build_decoder(CONFIG, seed=1).predict(tokens, verbose=0)
    assert np.abs(expected["merged"] - base).max() > 1e-3
    return folder, expected


@pytest.mark.parity
@pytest.mark.multi_device
@pytest.mark.parametrize("format", list(FORMATS))
def test_decoder_exported_from_a_4x2_mesh_with_and_without_merged_lora(
    exported_from_a_4x2_mesh, format
):
    missing = _missing_packages(format)
    if missing:
        pytest.skip(f"format={format!r} needs the packages {missing}")
    folder, expected = exported_from_a_4x2_mesh
    tokens = _tokens(SERVE_BATCH).astype("int32")
    states = list(expected)
    served = export_serving.serve_in_fresh_process(
        [
            (
                format,
                str(folder / state / FORMATS[format][0]),
                {"tokens": tokens},
            )
            for state in states
        ]
    )
    for outputs, state in zip(served, states):
        assert list(outputs) == ["output_0"]
        assert outputs["output_0"].shape == (
            SERVE_BATCH,
            CONFIG.seq_len,
            CONFIG.vocab_size,
        )
        np.testing.assert_allclose(
            outputs["output_0"], expected[state], rtol=1e-5, atol=1e-5
        )


WORKER = """
import json
import os

import jax

import keras
from examples.gemma import decoder
from examples.gemma import finetune

export_dir = os.environ["EXPORT_DIR"]
dist = finetune.make_distribution("2x4")
with dist.scope():
    model = decoder.build_decoder(decoder.TINY_CONFIG, seed=1)
    embeddings = model.get_layer("token_embedding").embeddings.value
    for format, filename in json.loads(os.environ["EXPORTS"]).items():
        model.export(
            os.path.join(export_dir, filename), format=format, verbose=False
        )
    try:
        # `blocker` is a file: process 0 cannot write below it.
        model.export(
            os.path.join(export_dir, "blocker", "decoder"), verbose=False
        )
        failure = None
    except Exception as e:
        failure = type(e).__name__
emit(
    {
        "process": jax.process_index(),
        "sharded_across_processes": not embeddings.is_fully_addressable,
        "failure": failure,
    }
)
"""


@pytest.mark.parity
@pytest.mark.multi_process
def test_decoder_exported_by_two_processes(tmp_path):
    formats = [f for f in FORMATS if not _missing_packages(f)]
    exports = {f: FORMATS[f][0] for f in formats}
    (tmp_path / "blocker").write_text("not a folder")
    results = run_multi_process(
        WORKER,
        num_processes=2,
        devices_per_process=4,
        timeout=900,
        env={"EXPORT_DIR": str(tmp_path), "EXPORTS": json.dumps(exports)},
    )
    assert [r["sharded_across_processes"] for r in results] == [True, True]
    # Process 0's own error, and a clear error (not a hang) on process 1.
    assert [r["failure"] for r in results] == [
        "FileExistsError",
        "RuntimeError",
    ]
    assert not [p for p in os.listdir(tmp_path) if p.startswith(".")]
    tokens = _tokens(SERVE_BATCH).astype("int32")
    keras.distribution.set_distribution(None)
    expected = decoder.build_decoder(CONFIG, seed=1).predict(tokens, verbose=0)
    served = export_serving.serve_in_fresh_process(
        [
            (format, str(tmp_path / filename), {"tokens": tokens})
            for format, filename in exports.items()
        ]
    )
    for outputs in served:
        np.testing.assert_allclose(
            outputs["output_0"], expected, rtol=1e-5, atol=1e-5
        )
    missing = {f: _missing_packages(f) for f in FORMATS if f not in formats}
    if missing:
        pytest.skip(f"Checked {formats}; not installed: {missing}")
