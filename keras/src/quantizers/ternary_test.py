import numpy as np

from keras.src import layers
from keras.src import testing
from keras.src.quantizers.ternary import ternary_build
from keras.src.quantizers.ternary import ternary_quantize


class TernaryTest(testing.TestCase):
    def test_quantize_values_and_scale(self):
        q, scale = ternary_quantize(np.array([[1.0, -3.0], [0.5, 3.5]]))
        self.assertAllClose(scale, 2.0)
        self.assertAllEqual(q, [[0, -1], [0, 1]])
        self.assertEqual(q.dtype, np.int8)

    def test_quantize_zeros(self):
        q, scale = ternary_quantize(np.zeros((2, 2)))
        self.assertEqual(float(scale), 0.0)
        self.assertAllEqual(q, np.zeros((2, 2)))

    def test_build_packs_five_rows_a_byte(self):
        layer = layers.Dense(3)
        packed, scale = ternary_build(layer, (11, 3))
        self.assertEqual(tuple(packed.shape), (3, 3))
        self.assertEqual(packed.dtype, "uint8")
        self.assertEqual(tuple(scale.shape), ())
