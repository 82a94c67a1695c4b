"""GPTQ and AWQ on the example decoder, on one device and on two meshes.

A one-block variant of the tiny Gemma-style decoder of `examples/gemma`
(grouped-query attention with rotary embeddings: query/key/value
`(width, heads, head_dim)` and output `(heads, head_dim, width)`
`EinsumDense` kernels, a gated feed-forward network) is quantized block
by block without a distribution and on a mesh: GPTQ on the `(4, 2)`
`("model", "batch")` mesh with the example's layout map (kernels split
over both axes, FSDP style), AWQ on the 3D `(2, 2, 2)`
`("data", "model", "batch")` mesh with the batch over two axes. The
calibration data go through the data path; the codes must be those of
one device and the quantized logits equal up to float32 round-off.
"""

import dataclasses
import math

import numpy as np
import pytest

import keras
from examples.gemma import decoder
from examples.gemma import layout

# One block of the tiny decoder: every projection kind (query, key, value,
# attention output, gate, up, down) is still quantized, with half the
# compilations of the two-block model; a hidden width equal to the model
# width gives the three feed-forward kernels one shape, so that their
# quantization steps share compiled programs (compilation dominates the
# run time at this size).
CONFIG = dataclasses.replace(decoder.TINY_CONFIG, num_layers=1, hidden_dim=64)
# Four sequences: still split over the batch axes of both meshes.
SAMPLES = 4


def _model():
    return decoder.build_decoder(CONFIG, seed=3)


def _quantize(model, mode):
    rng = np.random.default_rng(0)
    scale = math.sqrt(CONFIG.width)
    settings = dict(
        dataset=[
            rng.integers(0, CONFIG.vocab_size, CONFIG.seq_len)
            for _ in range(SAMPLES)
        ],
        tokenizer=lambda text: text,
        num_samples=SAMPLES,
        sequence_length=CONFIG.seq_len,
        group_size=16,
        quantization_layer_structure={
            # The embedding and its scaling produce the first block's input.
            "pre_block_layers": [
                model.get_layer("token_embedding"),
                lambda x: keras.ops.multiply(x, scale),
            ],
            "sequential_blocks": [
                model.get_layer(f"decoder_block_{i}")
                for i in range(CONFIG.num_layers)
            ],
        },
    )
    if mode == "gptq":
        config = keras.quantizers.GPTQConfig(activation_order=True, **settings)
    else:
        # Without the clipping search: its output-error contractions over
        # the kept rows round differently on a mesh at this size, which
        # moves a few codes by one (`calibration_test.py` compares the
        # clipped codes on smaller meshes).
        config = keras.quantizers.AWQConfig(
            num_grid_points=4, apply_clip=False, **settings
        )
    model.quantize(config=config)


def _distribution(name):
    if name == "model_batch_4x2":
        mesh = keras.distribution.DeviceMesh((4, 2), ("model", "batch"))
        return keras.distribution.ModelParallel(
            layout_map=layout.get_layout_map(mesh), batch_dim_name="batch"
        )
    mesh = keras.distribution.DeviceMesh((2, 2, 2), ("data", "model", "batch"))
    return keras.distribution.ModelParallel(
        layout_map=layout.get_layout_map(mesh),
        batch_dim_name=("data", "batch"),
    )


def _tokens():
    rng = np.random.default_rng(1)
    return rng.integers(0, CONFIG.vocab_size, (8, CONFIG.seq_len))


def _quantized(mode, name=None):
    if name is None:
        model = _model()
        _quantize(model, mode)
        return model, np.asarray(model(_tokens()))
    with _distribution(name).scope():
        model = _model()
        _quantize(model, mode)
        return model, model.predict(_tokens(), verbose=0)


@pytest.mark.parity
@pytest.mark.parametrize(
    "mode, mesh_name",
    # One mesh per mode keeps the test short; `calibration_test.py` runs
    # both modes under `DataParallel` and `ModelParallel` (smaller model).
    [("gptq", "model_batch_4x2"), ("awq", "3d_two_batch_axes")],
)
def test_quantized_decoder_equals_one_device(mode, mesh_name):
    expected_model, expected_logits = _quantized(mode)
    expected = {v.path: np.asarray(v) for v in expected_model.weights}
    quantized = [v.path for v in expected_model.weights if v.dtype == "uint8"]
    # Every projection of every block: 7 layers with codes and zero points.
    assert len(quantized) == CONFIG.num_layers * 7 * 2
    model, logits = _quantized(mode, mesh_name)
    for variable in model.weights:
        value = expected[variable.path]
        if value.dtype == np.uint8:
            np.testing.assert_array_equal(
                np.asarray(variable), value, err_msg=variable.path
            )
        else:
            np.testing.assert_allclose(
                np.asarray(variable),
                value,
                rtol=1e-5,
                atol=1e-6,
                err_msg=variable.path,
            )
    # The same codes: logits differ by float32 round-off of the sharded
    # matmuls only.
    np.testing.assert_allclose(logits, expected_logits, rtol=1e-4, atol=1e-4)
