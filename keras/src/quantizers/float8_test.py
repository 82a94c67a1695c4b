import numpy as np

from keras.src import layers
from keras.src import testing
from keras.src.quantizers import float8


class Float8Test(testing.TestCase):
    def test_build_creates_the_scaling_state(self):
        layer = layers.Layer()
        float8.float8_build(layer, 16)
        variables = float8.float8_variables(layer)
        # A scale and a history for each operand, in that order.
        names = [v.name for v in variables]
        self.assertEqual(names[:2], ["inputs_scale", "inputs_amax_history"])
        self.assertEqual(
            names[4:], ["outputs_grad_scale", "outputs_grad_amax_history"]
        )
        self.assertEqual(len(names), 6)
        self.assertAllClose(layer.kernel_scale, 1.0)
        self.assertAllClose(layer.inputs_amax_history, np.zeros(16))
        self.assertTrue(all(v.overwrite_with_gradient for v in variables))

    def test_float8_max(self):
        self.assertEqual(float8._float8_max("float8_e4m3fn"), 448.0)
        self.assertEqual(float8._float8_max("float8_e5m2"), 57344.0)

    def test_round_through_float8(self):
        layer = layers.Dense(2)
        value = np.array([1.0, 0.3, 500.0], "float32")
        rounded = float8.float8_round(layer, value, 1.0)
        # 0.3 -> nearest e4m3 value, 500 clipped to the largest (448).
        self.assertAllClose(rounded, [1.0, 0.3125, 448.0])
