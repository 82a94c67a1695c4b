import numpy as np

from keras.src import layers
from keras.src import testing
from keras.src.quantizers import int4
from keras.src.quantizers import quantization_config


class Int4Test(testing.TestCase):
    def test_groups(self):
        self.assertEqual(int4.group_count(10, 4), 3)
        self.assertEqual(int4.group_count(8, 4), 2)
        self.assertAllEqual(int4.group_index(5, 2), [0, 0, 1, 1, 2])
        self.assertEqual(int4.group_index(5, 2).dtype, np.float32)
        self.assertTrue(int4.is_grouped(32))
        self.assertFalse(int4.is_grouped(-1))
        self.assertFalse(int4.is_grouped(None))

    def test_block_size_from_config(self):
        layer = layers.Dense(2)
        config = quantization_config.Int4QuantizationConfig(block_size=16)
        self.assertEqual(int4.int4_block_size(layer, config), 16)
        self.assertIsNone(int4.int4_block_size(layer, None))

    def test_per_channel_round_trip(self):
        matrix = np.array([[0.7, -1.0], [-0.3, 0.4]], "float32")
        q, scale, zero = int4.int4_quantize_matrix(matrix, None)
        self.assertIsNone(zero)
        self.assertEqual(tuple(scale.shape), (2,))
        self.assertAllEqual(q, [[7, -7], [-3, 3]])
        back = int4.int4_dequantize_matrix(q, scale, None, None, "float32")
        self.assertAllClose(back, matrix, atol=0.1)

    def test_grouped_round_trip(self):
        matrix = np.linspace(-1, 1, 12, dtype="float32").reshape(6, 2)
        q, scale, zero = int4.int4_quantize_matrix(matrix, 4)
        self.assertEqual(tuple(q.shape), (6, 2))
        self.assertEqual(tuple(scale.shape), (2, 2))
        self.assertEqual(tuple(zero.shape), (2, 2))
        self.assertTrue(np.all((np.asarray(q) >= -8) & (np.asarray(q) <= 7)))
        back = int4.int4_dequantize_matrix(
            q, scale, zero, int4.group_index(6, 4), "float32"
        )
        self.assertAllClose(back, matrix, atol=0.1)

    def test_quantize_rows(self):
        weight = np.array([[0.6, -1.0], [2.0, 0.8]], "float32")
        q, scale = int4.int4_quantize_rows(weight)
        self.assertEqual(tuple(scale.shape), (2,))
        self.assertAllEqual(q, [[4, -7], [7, 3]])

    def test_grouped_build(self):
        layer = layers.Layer()
        scale, zero, g_idx = int4.int4_grouped_build(
            layer, "kernel", 3, 5, 10, transpose=True
        )
        self.assertEqual(tuple(scale.shape), (5, 3))
        self.assertEqual(zero.dtype, "int8")
        self.assertEqual(tuple(g_idx.shape), (10,))
        self.assertEqual(
            [v.name for v in layer.weights],
            ["kernel_scale", "kernel_zero", "g_idx"],
        )
