"""AWQ of one layer (`AWQ`, `awq_search_optimal_scales`) and its config."""

import numpy as np
import pytest

from keras.src import layers
from keras.src import testing
from keras.src.quantizers.awq import AWQ
from keras.src.quantizers.awq import awq_quantize_matrix
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
        layer = _dense()
        config = AWQConfig(None, None, group_size=2, num_grid_points=4)
        layer.quantize("awq", config=config)
        awq = AWQ(layer, config)
        awq.update_activation_magnitudes(INPUTS)
        awq.quantize_layer()
        self.assertAllEqual(
            layer.kernel, [[0, 15, 2, 15], [0, 15, 4, 15], [0, 15, 7, 15]]
        )
        self.assertAllEqual(layer.kernel_zero, [[27, 0], [22, 0], [7, 0]])
        self.assertAllClose(
            layer.awq_scales, [0.81649655, 0.81649655, 0.81649655, 1.2247448]
        )
        self.assertAllClose(
            layer(INPUTS[:2]),
            [[2.3041668, 2.4, 0.48874944], [0.14999986, 0.50000012, 1.7783334]],
            rtol=1e-5,
            atol=1e-5,
        )
        self.assertFalse(hasattr(layer, "_kernel"))

    def test_magnitudes_are_maxima_of_real_rows(self):
        awq = AWQ(_dense())
        padded = np.concatenate([INPUTS, 100 * INPUTS[-1:]])
        awq.update_activation_magnitudes(padded, valid_rows=np.arange(6) < 5)
        self.assertEqual(awq.num_samples, 5)
        self.assertAllClose(awq.activation_magnitudes, [2, 2, 2, 3])

    def test_equal_magnitudes_give_unit_scales(self):
        scales = awq_search_optimal_scales(KERNEL.T, np.ones(4))
        self.assertAllClose(scales, np.ones(4))

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
