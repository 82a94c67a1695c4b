"""GPTQ of one layer (`GPTQ`, `gptq_quantize_matrix`) and its config."""

import numpy as np
import pytest

from keras.src import layers
from keras.src import testing
from keras.src.quantizers.gptq import GPTQ
from keras.src.quantizers.gptq import gptq_quantize_matrix
from keras.src.quantizers.gptq_config import GPTQConfig

# A 4 -> 3 kernel and 5 inputs; the expected values were produced by
# upstream Keras 3.15.1 from the same numbers (`awq_test` uses them too).
KERNEL = (np.arange(12, dtype="float32").reshape(4, 3) - 5.5) / 4.0
KERNEL[1, 2] = 0.9
INPUTS = np.array(
    [
        [1, -2, 0.5, 3],
        [0.5, 1, -1, 2],
        [2, 0, 1, -1],
        [-1, 1, 2, 0.5],
        [0.2, -0.3, 0.8, 1.5],
    ],
    "float32",
)


def _dense():
    layer = layers.Dense(3, use_bias=False)
    layer.build((None, 4))
    layer.set_weights([KERNEL])
    return layer


def _calibrated_dense(**settings):
    layer = _dense()
    config = GPTQConfig(dataset=None, tokenizer=None, **settings)
    layer.quantize("gptq", config=config)
    gptq = GPTQ(layer, config)
    gptq.update_hessian_with_batch(INPUTS)
    gptq.quantize_and_correct_layer()
    return layer


class GPTQTest(testing.TestCase):
    @pytest.mark.parity
    def test_grouped_matches_upstream(self):
        layer = _calibrated_dense(group_size=2)
        self.assertAllEqual(
            layer.kernel, [[0, 15, 2, 15], [0, 15, 7, 15], [0, 15, 12, 15]]
        )
        self.assertAllEqual(layer.kernel_zero, [[27, 0], [22, 0], [7, 0]])
        self.assertAllClose(
            layer.kernel_scale,
            [[0.05, 0.05], [0.05, 0.05], [0.11833334, 0.05]],
            rtol=1e-6,
        )
        self.assertAllClose(layer.g_idx, [0.0, 0.5, 1.0, 1.5])
        # Dequantized matmuls: float32 round-off only.
        self.assertAllClose(
            layer(INPUTS[:2]),
            [[2.15, 2.025, -0.17166668], [0.125, 0.25, 1.4325001]],
            rtol=1e-6,
            atol=1e-6,
        )
        self.assertFalse(hasattr(layer, "_kernel"))
        self.assertTrue(layer.is_gptq_calibrated)

    @pytest.mark.parity
    def test_activation_order_symmetric_matches_upstream(self):
        layer = _calibrated_dense(
            group_size=-1, activation_order=True, symmetric=True
        )
        self.assertAllEqual(
            layer.kernel, [[0, 5, 9, 13], [1, 5, 11, 15], [3, 12, 11, 15]]
        )
        self.assertAllEqual(layer.kernel_zero, [[8], [8], [8]])
        self.assertAllClose(
            layer.kernel_scale, [[0.18333334], [0.15], [0.18333334]]
        )
        self.assertAllClose(layer.g_idx, [0.5, 0.75, 0.25, 0.0])

    def test_hessian_leaves_padding_rows_out(self):
        layer = _dense()
        padded = np.concatenate([INPUTS, INPUTS[-1:], INPUTS[-1:]])
        valid = np.arange(7) < 5
        whole, masked = GPTQ(layer), GPTQ(layer)
        whole.update_hessian_with_batch(INPUTS)
        masked.update_hessian_with_batch(padded, valid_rows=valid)
        self.assertEqual(masked.num_samples, 5)
        self.assertAllClose(masked.hessian, whole.hessian, rtol=1e-6)
        # The running mean 2 / n * X^T X.
        self.assertAllClose(
            whole.hessian, 2.0 / 5.0 * INPUTS.T @ INPUTS, rtol=1e-6
        )

    def test_identity_hessian_rounds_each_column_alone(self):
        weights = np.array([[0.1, 0.4, -0.3], [0.2, -0.5, 0.0]], "float32")

        def scale_zero(columns):
            rows = columns.shape[0]
            return np.full((rows, 1), 0.1), np.zeros((rows, 1)), 15

        codes, scale, zero, g_idx = gptq_quantize_matrix(
            weights, np.eye(3), compute_scale_zero=scale_zero
        )
        # No error is carried over: each weight is rounded on its own
        # (codes are clipped to [0, 15]).
        self.assertAllEqual(codes, [[1, 4, 0], [2, 0, 0]])
        self.assertEqual(tuple(scale.shape), (2, 1))
        self.assertAllClose(g_idx, [0.0, 1 / 3, 2 / 3])

    def test_layer_refusals(self):
        with self.assertRaisesRegex(TypeError, "layer type for GPTQ"):
            GPTQ(layers.Identity())
        layer = layers.EinsumDense("ab,bcde->acde", (2, 3, 4))
        layer.build((None, 5))
        with self.assertRaisesRegex(TypeError, "only supports 2D or 3D"):
            GPTQ(layer)
        gptq = GPTQ(_dense())
        with self.assertRaisesRegex(ValueError, "do not match input"):
            gptq.update_hessian_with_batch(np.ones((2, 5)))
        with self.assertRaisesRegex(ValueError, "cannot be None"):
            gptq.update_hessian_with_batch(None)
        with self.assertRaisesRegex(ValueError, "must be quantized with"):
            gptq.quantize_and_correct_layer()
        calibrated = _calibrated_dense()
        with self.assertRaisesRegex(ValueError, "no float kernel"):
            GPTQ(calibrated)


class GPTQConfigTest(testing.TestCase):
    def test_config_round_trip(self):
        config = GPTQConfig(
            dataset=["text"],
            tokenizer=str.split,
            weight_bits=3,
            group_size=-1,
            activation_order=True,
        )
        saved = config.get_config()
        self.assertEqual(
            saved,
            {
                "dataset": None,
                "tokenizer": None,
                "weight_bits": 3,
                "num_samples": 128,
                "per_channel": True,
                "sequence_length": 512,
                "hessian_damping": 0.01,
                "group_size": -1,
                "symmetric": False,
                "activation_order": True,
                "quantization_layer_structure": None,
            },
        )
        restored = GPTQConfig.from_config(saved)
        self.assertEqual(restored.get_config(), saved)
        self.assertEqual(restored.mode, "gptq")
        self.assertEqual(restored.dtype_policy_string(), "gptq/3/-1")

    def test_invalid_settings(self):
        for settings, message in [
            ({"weight_bits": 5}, "Unsupported weight_bits 5"),
            ({"num_samples": 0}, "Received: num_samples=0"),
            ({"sequence_length": 2.5}, "Received: sequence_length=2.5"),
            ({"hessian_damping": 1.5}, "Received: hessian_damping=1.5"),
            ({"group_size": 0}, "Received: group_size=0"),
        ]:
            with self.assertRaisesRegex(ValueError, message):
                GPTQConfig(None, None, **settings)
