"""Tests of `TimeDistributed` and `Wrapper`."""

import numpy as np

from keras import layers
from keras.src import testing


class TimeDistributedTest(testing.TestCase):
    def test_applies_the_layer_to_every_timestep(self):
        x = np.random.RandomState(0).normal(size=(2, 3, 4)).astype("float32")
        dense = layers.Dense(5)
        layer = layers.TimeDistributed(dense)
        output = np.asarray(layer(x))
        self.assertEqual(output.shape, (2, 3, 5))
        for t in range(3):
            self.assertAllClose(output[:, t], dense(x[:, t]), atol=1e-6)
        self.assertEqual(layer.compute_output_shape((None, 7, 4)), (None, 7, 5))
        self.assertEqual(len(layer.weights), 2)

    def test_image_sequences(self):
        x = np.zeros((2, 4, 8, 8, 3), "float32")
        layer = layers.TimeDistributed(layers.Conv2D(6, 3))
        self.assertEqual(tuple(layer(x).shape), (2, 4, 6, 6, 6))

    def test_mask_is_kept_and_checked(self):
        x = np.zeros((2, 3, 4), "float32")
        layer = layers.TimeDistributed(layers.Dense(2))
        mask = np.array([[True, False, True], [True, True, False]])
        output = layer(x, mask=mask)
        self.assertAllClose(layer.compute_mask(x, mask), mask)
        self.assertEqual(tuple(output.shape), (2, 3, 2))
        with self.assertRaisesRegex(ValueError, "mask"):
            layer(x, mask=np.ones((2, 4), bool))

    def test_config_round_trip_and_errors(self):
        self.run_class_serialization_test(
            layers.TimeDistributed(layers.Dense(3, activation="relu"))
        )
        with self.assertRaisesRegex(ValueError, "Layer"):
            layers.TimeDistributed("dense")
        with self.assertRaisesRegex(ValueError, "rank 3"):
            layers.TimeDistributed(layers.Dense(3)).build((2, 4))
