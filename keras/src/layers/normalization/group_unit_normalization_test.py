import numpy as np

from keras.src import layers
from keras.src import testing


class GroupNormalizationOwnTest(testing.TestCase):
    def test_matches_numpy_reference(self):
        x = np.random.RandomState(0).normal(size=(2, 5, 6)).astype("float32")
        layer = layers.GroupNormalization(groups=3, epsilon=1e-5)
        y = np.asarray(layer(x))
        g = x.reshape(2, 5, 3, 2)
        mean = g.mean(axis=(1, 3), keepdims=True)
        var = g.var(axis=(1, 3), keepdims=True)
        expected = ((g - mean) / np.sqrt(var + 1e-5)).reshape(2, 5, 6)
        self.assertAllClose(y, expected, atol=1e-5)

    def test_weights_and_instance_norm_sentinel(self):
        layer = layers.GroupNormalization(groups=-1)
        layer.build((None, 4, 8))
        self.assertEqual(layer.groups, 8)
        self.assertEqual(layer.gamma.shape, (8,))
        self.assertEqual(layer.beta.shape, (8,))

    def test_unit_normalization_zero_slice_stays_zero(self):
        y = layers.UnitNormalization()(np.array([[0.0, 0.0], [6.0, 8.0]]))
        self.assertAllClose(y, [[0.0, 0.0], [0.6, 0.8]])
