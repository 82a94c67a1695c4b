"""AWQ of one layer (`AWQ`, the scale and clipping searches) and its
config."""

import numpy as np
import pytest

from keras.src import layers
from keras.src import testing
from keras.src.quantizers.awq import AWQ
from keras.src.quantizers.awq import MAX_CLIP_SAMPLE_ROWS
from keras.src.quantizers.awq import _get_weight_scale
from keras.src.quantizers.awq import awq_quantize_matrix
from keras.src.quantizers.awq import awq_search_best_clip
from keras.src.quantizers.awq import awq_search_optimal_scales
from keras.src.quantizers.awq_config import AWQConfig
from keras.src.quantizers.gptq_test import INPUTS
from keras.src.quantizers.gptq_test import KERNEL


def _dense():
    layer = layers.Dense(3, use_bias=False)
    layer.build((None, 4))
    layer.set_weights([KERNEL])
    return layer


class AWQTest(testing.TestCase):
    @pytest.mark.parity
    def test_matches_upstream(self):
        # Values of upstream main (3.16 dev): mean magnitudes, weight
        # statistic and clipping search.
        layer = _dense()
        config = AWQConfig(None, None, group_size=2, num_grid_points=4)
        layer.quantize("awq", config=config)
        awq = AWQ(layer, config)
        awq.update_activation_magnitudes(INPUTS)
        awq.quantize_layer()
        self.assertAllEqual(
            layer.kernel, [[0, 15, 2, 15], [0, 15, 4, 15], [0, 15, 6, 15]]
        )
        self.assertAllEqual(layer.kernel_zero, [[26, 0], [22, 0], [8, 0]])
        self.assertAllClose(
            layer.awq_scales, [0.8013433, 0.7331439, 0.9036425, 1.3639886]
        )
        self.assertAllClose(
            layer(INPUTS[:2]),
            [
                [2.3516777, 2.4569683, 0.534456],
                [0.0850433, 0.4280534, 1.755096],
            ],
            rtol=1e-5,
            atol=1e-5,
        )
        self.assertFalse(hasattr(layer, "_kernel"))

    def test_magnitudes_are_means_of_real_rows(self):
        awq = AWQ(_dense())
        padded = np.concatenate([INPUTS, 100 * INPUTS[-1:]])
        awq.update_activation_magnitudes(padded, valid_rows=np.arange(6) < 5)
        awq.update_activation_magnitudes(INPUTS[:1])
        self.assertEqual(awq.num_samples, 6)
        rows = np.concatenate([INPUTS, INPUTS[:1]])
        self.assertAllClose(
            awq.activation_magnitudes, np.abs(rows).mean(axis=0)
        )
        # The padding row is not kept for the clipping search either.
        self.assertEqual(awq._clip_sample_rows, 6)
        self.assertAllClose(np.concatenate(awq._clip_samples), rows)

    def test_clip_sample_is_bounded_and_optional(self):
        awq = AWQ(_dense())
        for _ in range(3):
            awq.update_activation_magnitudes(
                np.ones((2, MAX_CLIP_SAMPLE_ROWS // 3, 4))
            )
        self.assertEqual(awq._clip_sample_rows, MAX_CLIP_SAMPLE_ROWS)
        self.assertEqual(
            sum(sample.shape[0] for sample in awq._clip_samples),
            MAX_CLIP_SAMPLE_ROWS,
        )
        config = AWQConfig(None, None, apply_clip=False)
        awq = AWQ(_dense(), config)
        awq.update_activation_magnitudes(INPUTS)
        self.assertEqual(awq._clip_samples, [])

    def test_weight_scale(self):
        weights = np.array([[1.0, -2.0, 4.0, 0.0], [2.0, 2.0, -1.0, 1.0]])
        # Each magnitude over its row's largest, averaged over the rows.
        self.assertAllClose(
            _get_weight_scale(weights, -1),
            [0.625, 0.75, 0.75, 0.25],
            atol=1e-5,
        )
        # Groups of 2 columns have their own largest magnitude.
        self.assertAllClose(
            _get_weight_scale(weights, 2), [0.75, 1.0, 1.0, 0.5], atol=1e-5
        )
        # A group size that does not divide the row means whole rows.
        self.assertAllClose(
            _get_weight_scale(weights, 3), _get_weight_scale(weights, -1)
        )
        self.assertAllClose(_get_weight_scale(np.zeros((2, 3)), -1), [0, 0, 0])

    def test_equal_statistics_give_unit_scales(self):
        scales = awq_search_optimal_scales(np.ones((3, 4)), np.ones(4))
        self.assertAllClose(scales, np.ones(4))

    def test_scales_follow_activations_and_weights(self):
        # Equal activations: the ratio 0 (factors `1 / w`, `w` the weight
        # statistic) rounds with the smaller error than the ratio 1 (unit
        # factors).
        weights = np.array([[1.0, 0.5, 0.25, 1.0]] * 2)
        scales = np.asarray(
            awq_search_optimal_scales(
                weights, [1.0, 1.0, 1.0, 1.0], num_grid_points=1
            )
        )
        self.assertAllClose(scales / scales[0], [1.0, 2.0, 4.0, 1.0])

    def test_clip_search(self):
        rng = np.random.default_rng(0)
        weights = rng.standard_normal((6, 8)).astype("float32")
        scales = np.linspace(0.5, 2.0, 8).astype("float32")
        sample = rng.standard_normal((3, 10, 8)).astype("float32")
        bounds, width, n_group = awq_search_best_clip(
            weights, sample, scales, group_size=4, n_grid=10
        )
        self.assertEqual((width, n_group), (4, 2))
        self.assertEqual(tuple(bounds.shape), (6, 2, 1))
        largest = np.abs(weights.reshape(6, 2, 4)).max(-1, keepdims=True)
        shrink = np.asarray(bounds) / largest
        self.assertTrue(np.all(shrink <= 1.0 + 1e-6))
        self.assertTrue(np.all(shrink > 0.5))
        # Searching a few output channels at a time changes nothing.
        batched, _, _ = awq_search_best_clip(
            weights, sample, scales, group_size=4, n_grid=10, oc_batch_size=4
        )
        self.assertAllClose(batched, bounds)
        # One candidate: the largest magnitude itself.
        unclipped, width, n_group = awq_search_best_clip(
            weights, sample, scales, n_grid=1
        )
        self.assertEqual((width, n_group), (8, 1))
        self.assertAllClose(unclipped, np.abs(weights).max(-1).reshape(6, 1, 1))

    def test_clipping_lowers_the_output_error(self):
        rng = np.random.default_rng(1)
        weights = rng.standard_normal((16, 16)).astype("float32")
        weights[::4] *= 6.0
        sample = rng.standard_normal((64, 16)).astype("float32")
        magnitudes = np.abs(sample).mean(axis=0)

        def output_error(apply_clip):
            codes, scale, zero, awq_scales, g_idx = awq_quantize_matrix(
                weights,
                magnitudes,
                num_grid_points=4,
                group_size=8,
                apply_clip=apply_clip,
                activation_sample=sample,
            )
            g_idx = np.asarray(g_idx).astype("int32")
            rounded = (np.asarray(codes) - np.asarray(zero)[:, g_idx]) * (
                np.asarray(scale)[:, g_idx]
            )
            kernel = rounded / np.asarray(awq_scales)
            return np.square(sample @ kernel.T - sample @ weights.T).mean()

        self.assertLess(output_error(True), output_error(False))

    def test_quantize_matrix_shapes(self):
        codes, scale, zero, awq_scales, g_idx = awq_quantize_matrix(
            KERNEL.T, [1.0, 2.0, 0.0, 4.0], group_size=2, num_grid_points=2
        )
        self.assertEqual(tuple(codes.shape), (3, 4))
        self.assertEqual(tuple(scale.shape), (3, 2))
        self.assertEqual(tuple(zero.shape), (3, 2))
        self.assertTrue(np.all(np.asarray(awq_scales) > 0))
        self.assertAllClose(g_idx, [0, 0, 1, 1])

    def test_layer_refusals(self):
        with self.assertRaisesRegex(TypeError, "layer type for AWQ"):
            AWQ(layers.Identity())
        awq = AWQ(_dense())
        with self.assertRaisesRegex(ValueError, "rank of at least 2"):
            awq.update_activation_magnitudes(np.ones((3,)))
        with self.assertRaisesRegex(ValueError, "do not match input"):
            awq.update_activation_magnitudes(np.ones((2, 5)))
        with self.assertRaisesRegex(ValueError, "quantize\\('awq'"):
            awq.quantize_layer()


class AWQConfigTest(testing.TestCase):
    def test_config_round_trip(self):
        config = AWQConfig(["text"], str.split, num_grid_points=8)
        self.assertFalse(
            AWQConfig.from_config(
                AWQConfig(None, None, apply_clip=False).get_config()
            ).apply_clip
        )
        saved = config.get_config()
        self.assertEqual(
            saved,
            {
                "dataset": None,
                "tokenizer": None,
                "weight_bits": 4,
                "num_samples": 128,
                "sequence_length": 512,
                "group_size": 128,
                "num_grid_points": 8,
                "apply_clip": True,
                "quantization_layer_structure": None,
            },
        )
        restored = AWQConfig.from_config(saved)
        self.assertEqual(restored.get_config(), saved)
        self.assertEqual(restored.dtype_policy_string(), "awq/4/128")

    def test_invalid_settings(self):
        for settings, message in [
            ({"weight_bits": 8}, "AWQ only supports 4-bit weights"),
            ({"num_samples": -1}, "Received: num_samples=-1"),
            ({"group_size": 1.5}, "Received: group_size=1.5"),
            ({"num_grid_points": 0}, "Received: num_grid_points=0"),
        ]:
            with self.assertRaisesRegex(ValueError, message):
                AWQConfig(None, None, **settings)
