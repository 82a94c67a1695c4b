import numpy as np

from keras.src import layers
from keras.src import testing


class NoiseLayersTest(testing.TestCase):
    def test_inference_is_identity(self):
        x = np.random.rand(3, 4, 5).astype("float32")
        for layer in (
            layers.GaussianNoise(0.5),
            layers.GaussianDropout(0.5),
            layers.AlphaDropout(0.5),
            layers.SpatialDropout1D(0.5),
        ):
            self.assertAllClose(layer(x), x)

    def test_spatial_dropout_2d_channels_first_shares_pattern(self):
        layer = layers.SpatialDropout2D(
            0.5, data_format="channels_first", seed=4
        )
        y = np.asarray(layer(np.ones((6, 8, 3, 3)), training=True))
        self.assertAllClose(y[:, :, 0, 0], y[:, :, 2, 1])
        self.assertTrue(set(np.unique(y)) <= {0.0, 2.0})

    def test_alpha_dropout_keeps_mean_and_variance(self):
        x = np.random.RandomState(0).normal(size=(200, 500))
        y = np.asarray(layers.AlphaDropout(0.2, seed=1)(x, training=True))
        self.assertAllClose(y.mean(), 0.0, atol=0.02)
        self.assertAllClose(y.std(), 1.0, atol=0.02)

    def test_invalid_rates(self):
        with self.assertRaisesRegex(ValueError, "stddev=1.5"):
            layers.GaussianNoise(1.5)
        with self.assertRaisesRegex(ValueError, "rate=-0.1"):
            layers.GaussianDropout(-0.1)

    def test_activity_regularization_config(self):
        layer = layers.ActivityRegularization(l1=0.1, l2=0.2)
        config = layer.get_config()
        self.assertEqual((config["l1"], config["l2"]), (0.1, 0.2))
        self.assertNotIn("activity_regularizer", config)
        clone = layers.ActivityRegularization.from_config(config)
        clone(np.array([[1.0, -2.0]]))
        self.assertAllClose(clone.losses[0], 0.1 * 3 + 0.2 * 5)
