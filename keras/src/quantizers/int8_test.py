import numpy as np
import pytest

from keras.src import testing
from keras.src.quantizers import quantizers
from keras.src.quantizers.int8 import quantize_inputs
from keras.src.quantizers.int8 import quantize_weight


class Int8Test(testing.TestCase):
    def test_quantize_weight_one_scale_per_column(self):
        weight = np.array([[1.0, -0.5], [-2.0, 0.2]], "float32")
        q, scale = quantize_weight(None, weight, (0,), (1, 2))
        self.assertEqual(tuple(scale.shape), (1, 2))
        self.assertAllClose(scale, [[127 / 2.0, 127 / 0.5]], rtol=1e-5)
        self.assertAllEqual(q, [[64, -127], [-127, 51]])

    def test_quantize_weight_rejects_a_scale_per_row(self):
        weight = np.ones((2, 3), "float32")
        per_row = quantizers.AbsMaxQuantizer(axis=-1)
        with pytest.raises(ValueError, match="one scale per output"):
            quantize_weight(per_row, weight, (0,), (3,))

    def test_quantize_inputs_one_scale_per_row(self):
        inputs = np.array([[1.0, -4.0], [0.5, 0.2]], "float32")
        q, scale = quantize_inputs(quantizers.AbsMaxQuantizer(), inputs)
        self.assertAllClose(scale, [[127 / 4.0], [127 / 0.5]], rtol=1e-5)
        self.assertAllEqual(q, [[32, -127], [127, 51]])
