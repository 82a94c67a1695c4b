import numpy as np

from keras.src import layers
from keras.src import testing
from keras.src.quantizers import quantization_config
from keras.src.quantizers.in_place import snapshot_layers


class InPlaceTest(testing.TestCase):
    def test_quantize_replaces_the_float_kernel(self):
        layer = layers.Dense(2)
        layer.build((None, 3))
        layer.quantize("int8")
        self.assertEqual(layer.dtype_policy.name, "int8_from_float32")
        self.assertEqual(layer._kernel.dtype, "int8")
        # The trainable bias first, then the non-trainable quantized
        # variables, as upstream Keras lists them.
        self.assertEqual(
            [v.name for v in layer.weights], ["bias", "kernel", "kernel_scale"]
        )

    def test_snapshot_restores_the_float_layer(self):
        layer = layers.Dense(2)
        layer.build((None, 3))
        kernel = np.asarray(layer.kernel)
        restore = snapshot_layers([layer])
        layer.quantize(
            "int4", config=quantization_config.Int4QuantizationConfig()
        )
        restore()
        self.assertEqual(layer.dtype_policy.name, "float32")
        self.assertEqual(len(layer.weights), 2)
        self.assertAllClose(layer.kernel, kernel)
        self.assertEqual(layer(np.ones((1, 3))).shape, (1, 2))
