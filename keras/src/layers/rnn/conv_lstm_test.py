"""Tests of `ConvLSTM1D/2D/3D` against an `LSTM` on 1x1 maps."""

import numpy as np

from keras import layers
from keras.src import testing


class ConvLSTMTest(testing.TestCase):
    def test_one_by_one_maps_are_an_lstm(self):
        # With 1x1 kernels on 1x1 maps, every product is a matrix product.
        x = np.random.RandomState(0).normal(size=(2, 5, 1, 1, 3))
        x = x.astype("float32")
        conv = layers.ConvLSTM2D(4, 1, return_sequences=True)
        output = np.asarray(conv(x))
        lstm = layers.LSTM(4, return_sequences=True)
        lstm.build((2, 5, 3))
        kernel, recurrent_kernel, bias = conv.get_weights()
        lstm.set_weights([kernel[0, 0], recurrent_kernel[0, 0], bias])
        self.assertAllClose(output[:, :, 0, 0], lstm(x[:, :, 0, 0]), atol=1e-5)

    def test_shapes_for_each_rank(self):
        for layer_cls, spatial in (
            (layers.ConvLSTM1D, (8,)),
            (layers.ConvLSTM2D, (8, 6)),
            (layers.ConvLSTM3D, (4, 4, 4)),
        ):
            x = np.zeros((2, 3, *spatial, 2), "float32")
            layer = layer_cls(5, 3, return_state=True)
            output, h, c = layer(x)
            expected = (2, *(s - 2 for s in spatial), 5)
            self.assertEqual(tuple(output.shape), expected)
            self.assertEqual(tuple(c.shape), expected)
            self.assertEqual(
                layer.compute_output_shape(x.shape),
                (expected, expected, expected),
            )
            self.assertEqual(
                [w.name for w in layer.weights],
                ["kernel", "recurrent_kernel", "bias"],
            )

    def test_config_round_trip(self):
        layer = layers.ConvLSTM1D(
            3, 2, padding="same", dilation_rate=2, return_sequences=True
        )
        revived = self.run_class_serialization_test(layer)
        self.assertEqual(revived.dilation_rate, (2,))
