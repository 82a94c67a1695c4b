"""`Dense` quantized to ternary: variables, math, saving, layouts."""

import os

import numpy as np
import pytest

from keras.src import backend
from keras.src import distribution
from keras.src import dtype_policies
from keras.src import layers
from keras.src import models
from keras.src import quantizers
from keras.src import saving
from keras.src import testing
from keras.src.testing import parity
from keras.src.testing.test_utils import model_batch_layout_map


def _dense(units, in_features, kernel, **kwargs):
    layer = layers.Dense(units, **kwargs)
    layer.build((None, in_features))
    layer._kernel.assign(kernel)
    return layer


class DenseTernaryTest(testing.TestCase):
    def test_variables(self):
        # Names, shapes and dtypes as upstream main has them; in weights
        # files the kernel, bias, then the scale.
        layer = layers.Dense(7)
        layer.build((None, 11))
        layer.quantize("ternary")
        self.assertEqual(layer.dtype_policy.name, "ternary_from_float32")
        self.assertIsInstance(
            layer.dtype_policy, dtype_policies.TernaryDTypePolicy
        )
        self.assertEqual(
            [
                (v.name, tuple(v.shape), backend.standardize_dtype(v.dtype))
                for v in layer._own_weights()
            ],
            [
                ("kernel", (3, 7), "uint8"),
                ("bias", (7,), "float32"),
                ("kernel_scale", (), "float32"),
            ],
        )
        self.assertEqual([v.name for v in layer.trainable_weights], ["bias"])

    def test_values_and_output(self):
        # Scale 2 (the mean of |w|); 1 / 2 = 0.5 ties to 0.
        w = np.array([[1.0, -1.0], [3.0, -3.0]], "float32")
        layer = _dense(2, 2, w, use_bias=False)
        layer.quantize("ternary")
        self.assertAllEqual(layer.kernel, [[0, 0], [1, -1]])
        self.assertEqual(float(layer.kernel_scale.value), 2.0)
        x = np.array([[1.0, 2.0]], "float32")
        self.assertAllClose(layer(x), [[4.0, -4.0]])

    def test_zero_kernel(self):
        layer = _dense(3, 4, np.zeros((4, 3)), use_bias=False)
        layer.quantize("ternary")
        self.assertEqual(float(layer.kernel_scale.value), 0.0)
        self.assertAllEqual(layer.kernel, np.zeros((4, 3)))

    def test_output_close_to_ternary_product(self):
        rng = np.random.default_rng(0)
        w = rng.normal(size=(10, 4)).astype("float32")
        layer = _dense(4, 10, w)
        layer.quantize("ternary")
        # The packed kernel has an attribute of its own; the float one is
        # gone.
        self.assertEqual(layer._packed_kernel.dtype, "uint8")
        self.assertFalse(hasattr(layer, "_kernel"))
        scale = np.mean(np.abs(w))
        q = np.clip(np.round(w / scale), -1, 1)
        x = rng.normal(size=(3, 10)).astype("float32")
        self.assertAllClose(layer(x), x @ q * scale, atol=1e-5)

    def test_policy_build_config_and_errors(self):
        layer = layers.Dense(4, dtype="ternary_from_mixed_bfloat16")
        layer.build((None, 10))
        self.assertEqual(tuple(layer._packed_kernel.shape), (2, 4))
        self.assertFalse(hasattr(layer, "_kernel"))
        self.assertEqual(layer.compute_dtype, "bfloat16")
        config = quantizers.TernaryQuantizationConfig()
        self.assertEqual(config.get_config(), {})
        self.assertEqual(
            quantizers.deserialize(quantizers.serialize(config)).mode,
            "ternary",
        )
        with self.assertRaisesRegex(ValueError, "already quantized"):
            layer.quantize("ternary")
        table = layers.Embedding(5, 2)
        table.build()
        with self.assertRaises(NotImplementedError):
            table.quantize("ternary")
        with self.assertRaisesRegex(ValueError, "Invalid quantization mode"):
            dtype_policies.TernaryDTypePolicy("int8")

    def test_lora_on_ternary_kernel(self):
        layer = _dense(3, 6, np.ones((6, 3)))
        layer.quantize("ternary")
        layer.enable_lora(2)
        self.assertEqual(tuple(layer.lora_kernel_a.shape), (6, 2))
        x = np.ones((2, 6), "float32")
        self.assertAllClose(layer(x), np.full((2, 3), 6.0))
        # The kernel is the dequantized one plus the (zero) delta.
        self.assertAllClose(layer.kernel, np.ones((6, 3)))
        layer.lora_kernel_a.assign(np.full((6, 2), 0.1))
        layer.lora_kernel_b.assign(np.full((2, 3), 0.5))
        # Every weight is now 1 + 2 * 0.1 * 0.5 = 1.1.
        self.assertAllClose(layer(x), np.full((2, 3), 6.6), rtol=1e-6)
        layer.merge_lora()
        self.assertFalse(layer.lora_enabled)
        self.assertEqual(layer.quantization_mode, "ternary")
        # Quantized again: all ones times the scale 1.1.
        self.assertAllEqual(layer.kernel, np.ones((6, 3)))
        self.assertAllClose(layer.kernel_scale.value, 1.1)
        self.assertAllClose(layer(x), np.full((2, 3), 6.6), rtol=1e-6)

    def test_model_save_load(self):
        rng = np.random.default_rng(1)
        model = models.Sequential(
            [layers.Input((13,)), layers.Dense(6), layers.Dense(2)]
        )
        model.quantize("ternary", verbose=False)
        x = rng.normal(size=(4, 13)).astype("float32")
        path = os.path.join(self.get_temp_dir(), "model.keras")
        model.save(path)
        loaded = saving.load_model(path)
        self.assertAllClose(loaded.predict(x), model.predict(x))
        self.assertEqual(
            loaded.layers[0].dtype_policy.name,
            model.layers[0].dtype_policy.name,
        )


@pytest.mark.parity
class DenseTernaryLayoutTest(testing.TestCase):
    def test_quantized_variables_follow_float_layout(self):
        layout_map = model_batch_layout_map(
            {
                "d1/kernel": (None, "model"),
                "d2/kernel": ("model", None),
                "t1/kernel": (None, "model"),
            }
        )

        def build():
            return models.Sequential(
                [
                    layers.Input((40,)),
                    layers.Dense(32, name="d1"),
                    layers.Dense(8, name="d2"),
                    layers.TernaryDense(12, name="t1"),
                ]
            )

        x = np.random.default_rng(5).normal(size=(8, 40)).astype("float32")
        weights = build().get_weights()
        single = build()
        single.set_weights(weights)
        single.quantize("ternary", verbose=False)
        expected = single.predict(x, verbose=0)
        dist = distribution.ModelParallel(
            layout_map=layout_map, batch_dim_name="batch"
        )
        with dist.scope():
            model = build()
            model.set_weights(weights)
            model.quantize("ternary", verbose=False)
            got = model.predict(x, verbose=0)
        specs = {
            v.path.split("/", 1)[1]: tuple(v.value.sharding.spec)
            for v in model.weights
        }
        # d1's packed rows (8) keep no mesh axis; its units do. d2's packed
        # rows (32 / 5 -> 7) cannot split over "model": replicated.
        self.assertEqual(specs["d1/kernel"], (None, "model"))
        self.assertEqual(specs["d2/kernel"], (None, None))
        self.assertEqual(specs["d1/kernel_scale"], ())
        self.assertEqual(specs["t1/kernel"], (None, "model"))
        for path in ("d1", "d2", "t1"):
            self.assertAllEqual(
                model.get_layer(path)._packed_kernel.value,
                single.get_layer(path)._packed_kernel.value,
            )
        parity.assert_outputs_close(got, expected)
