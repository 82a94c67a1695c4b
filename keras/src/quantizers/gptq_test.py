"""GPTQ of one layer (`GPTQ`, `gptq_quantize_matrix`), its config and
the batches of its calibration."""

from unittest import mock

import numpy as np
import pytest

from keras.src import layers
from keras.src import models
from keras.src import testing
from keras.src.quantizers import calibration
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


def _fixed_scale(columns):
    """Scale 0.25 and zero point 8 for every row (4-bit codes)."""
    rows = columns.shape[0]
    return np.full((rows, 1), 0.25), np.full((rows, 1), 8.0), 15


def _sequential_gptq_codes(weights, hessian):
    """GPTQ's rounding written the slow way, in float64, with
    `_fixed_scale`: after each column is rounded, its error is spread
    over the columns still free through the inverse of the Hessian of
    those columns only, inverted anew at every step."""
    weights = weights.astype("float64")
    codes = np.zeros_like(weights)
    for j in range(weights.shape[1]):
        free_inverse = np.linalg.inv(hessian[j:, j:])
        codes[:, j] = np.clip(np.round(weights[:, j] / 0.25 + 8), 0, 15)
        error = (weights[:, j] - (codes[:, j] - 8) * 0.25) / free_inverse[0, 0]
        weights[:, j:] -= np.outer(error, free_inverse[0])
    return codes


def _calibrated_dense(**settings):
    layer = _dense()
    config = GPTQConfig(dataset=None, tokenizer=None, **settings)
    layer.quantize("gptq", config=config)
    gptq = GPTQ(layer, config)
    gptq.update_hessian_with_batch(INPUTS)
    gptq.quantize_and_correct_layer()
    return layer


class GPTQTest(testing.TestCase):
    def test_hessian_stays_symmetric_for_large_inputs(self):
        layer = layers.Dense(5, use_bias=False)
        layer.build((None, 7))
        gptq = GPTQ(layer)
        rng = np.random.default_rng(3)
        for _ in range(2):
            gptq.update_hessian_with_batch(
                (rng.standard_normal((32, 7)) * 1e6).astype("float32")
            )
        hessian = np.asarray(gptq.hessian)
        self.assertTrue(np.isfinite(hessian).all())
        self.assertAllEqual(hessian, hessian.T)

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

    def test_error_spread_matches_sequential_inverses(self):
        # The rounding uses the Cholesky factor of the inverse Hessian:
        # equal to re-inverting the free columns' Hessian after every
        # column, across blocks of 4 columns too.
        rng = np.random.default_rng(7)
        inputs = rng.normal(size=(30, 10)) * np.linspace(0.5, 2.0, 10)
        hessian = inputs.T @ inputs / 15.0 + 0.01 * np.eye(10)
        weights = rng.normal(size=(3, 10)).astype("float32")
        codes, _, _, _ = gptq_quantize_matrix(
            weights,
            hessian.astype("float32"),
            blocksize=4,
            compute_scale_zero=_fixed_scale,
        )
        expected = _sequential_gptq_codes(weights, hessian)
        self.assertAllEqual(codes, expected)
        # Not a plain rounding: the error compensation moved codes.
        plain = np.clip(np.round(weights / 0.25 + 8), 0, 15)
        self.assertGreater(int(np.sum(expected != plain)), 0)

    def test_hessian_not_positive_definite(self):
        rank_one = np.outer(np.arange(1.0, 5.0), np.arange(1.0, 5.0))
        with self.assertRaisesRegex(ValueError, "not positive definite"):
            gptq_quantize_matrix(
                np.ones((2, 4), "float32"),
                rank_one,
                compute_scale_zero=_fixed_scale,
            )

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
            calibration_batch_size=2,
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
                "calibration_batch_size": 2,
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
            (
                {"calibration_batch_size": 0},
                "Received: calibration_batch_size=0",
            ),
            (
                {"calibration_batch_size": 1.5},
                "Received: calibration_batch_size=1.5",
            ),
            ({"sequence_length": 2.5}, "Received: sequence_length=2.5"),
            ({"hessian_damping": 1.5}, "Received: hessian_damping=1.5"),
            ({"group_size": 0}, "Received: group_size=0"),
        ]:
            with self.assertRaisesRegex(ValueError, message):
                GPTQConfig(None, None, **settings)

    def test_default_batch_size(self):
        self.assertEqual(GPTQConfig(None, None).calibration_batch_size, 8)


def _tiny_model():
    """An embedding and two `Dense` blocks, with fixed weights."""
    ids = layers.Input((4,), dtype="int32")
    x = layers.Embedding(20, 8, name="embedding")(ids)
    x = layers.Dense(8, activation="relu", name="up")(x)
    outputs = layers.Dense(8, name="down")(x)
    model = models.Model(ids, outputs)
    rng = np.random.default_rng(3)
    model.set_weights(
        [rng.normal(size=w.shape).astype("float32") for w in model.weights]
    )
    return model


class BatchedCalibrationTest(testing.TestCase):
    def test_batch_size_does_not_change_the_codes(self):
        # 5 samples: batches of 1, of 2 (the last one holding 1) and one
        # batch of 5 (a batch size above `num_samples`). The Hessians
        # differ by float32 round-off at most.
        rng = np.random.default_rng(0)
        dataset = [rng.integers(0, 20, 4) for _ in range(5)]
        ids = rng.integers(0, 20, (3, 4))
        original = calibration._distributed_batches
        results = []
        for batch_size, expected_batches in (
            (1, [1] * 5),
            (2, [2, 2, 1]),
            (8, [5]),
        ):
            model = _tiny_model()
            batches = []

            def record(tokens, size):
                for inputs, valid_rows in original(tokens, size):
                    batches.append(int(inputs.shape[0]))
                    yield inputs, valid_rows

            with mock.patch.object(calibration, "_distributed_batches", record):
                model.quantize(
                    "gptq",
                    config=GPTQConfig(
                        dataset=dataset,
                        tokenizer=lambda text: text,
                        num_samples=5,
                        calibration_batch_size=batch_size,
                        sequence_length=4,
                        group_size=4,
                        quantization_layer_structure={
                            "pre_block_layers": [model.get_layer("embedding")],
                            "sequential_blocks": [
                                model.get_layer("up"),
                                model.get_layer("down"),
                            ],
                        },
                    ),
                )
            self.assertEqual(batches, expected_batches)
            self.assertEqual(model.get_layer("down").quantization_mode, "gptq")
            results.append(
                (
                    {v.path: np.asarray(v) for v in model.weights},
                    np.asarray(model(ids)),
                )
            )
        (weights, outputs), others = results[0], results[1:]
        for other_weights, other_outputs in others:
            for path, value in weights.items():
                if value.dtype == np.uint8:
                    self.assertAllEqual(other_weights[path], value, msg=path)
                else:
                    self.assertAllClose(
                        other_weights[path], value, rtol=1e-5, msg=path
                    )
            self.assertAllClose(other_outputs, outputs, rtol=1e-5, atol=1e-5)
