from keras.src import layers
from keras.src import testing
from keras.src.quantizers.file_order import file_order
from keras.src.quantizers.file_order import kernel_quantization_weights


class FileOrderTest(testing.TestCase):
    def test_quantization_weights_by_mode(self):
        layer = layers.Dense(2)
        layer.build((None, 3))
        self.assertEqual(kernel_quantization_weights(layer), [])
        layer.quantize("int8")
        self.assertEqual(
            [v.name for v in kernel_quantization_weights(layer)],
            ["kernel_scale"],
        )

    def test_first_weights_lead_and_lora_factors_are_left_out(self):
        layer = layers.Dense(2)
        layer.build((None, 3))
        layer.enable_lora(1)
        order = file_order(layer, [layer.bias, None])
        self.assertEqual([v.name for v in order], ["bias", "kernel"])
