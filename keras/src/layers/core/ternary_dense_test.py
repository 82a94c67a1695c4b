import os

import jax
import numpy as np

from keras.src import backend
from keras.src import layers
from keras.src import models
from keras.src import saving
from keras.src import testing


def _layer(kernel, bias=None, **kwargs):
    layer = layers.TernaryDense(kernel.shape[1], **kwargs)
    layer.build((None, kernel.shape[0]))
    layer.kernel.assign(kernel)
    if bias is not None:
        layer.bias.assign(bias)
    return layer


class TernaryDenseTest(testing.TestCase):
    def test_forward_with_mean_threshold(self):
        # Mean 0.5: 0.2 <= 0.25 becomes 0, the others their sign.
        kernel = np.array([[0.2, -0.6], [0.9, -0.3]], "float32")
        layer = _layer(kernel, bias=np.array([1.0, 0.0], "float32"))
        x = np.array([[1.0, 2.0]], "float32")
        # x @ [[0, -1], [1, -1]] = [2, -3], times 0.5, plus the bias.
        self.assertAllClose(layer(x), [[2.0, -1.5]])

    def test_forward_with_fixed_threshold(self):
        kernel = np.array([[0.2, -0.6], [0.9, -0.3]], "float32")
        layer = _layer(kernel, threshold=0.25, use_bias=False)
        x = np.array([[1.0, 2.0]], "float32")
        # x @ [[0, -1], [1, -1]], no scale.
        self.assertAllClose(layer(x), [[2.0, -3.0]])

    def test_straight_through_gradient(self):
        # L = sum((x @ t) * mean|w|): the rounding passes the gradient as
        # the identity, the mean adds sum(x @ t) * sign(w) / size.
        rng = np.random.default_rng(0)
        kernel = rng.normal(size=(5, 3)).astype("float32")
        layer = _layer(kernel, use_bias=False)
        x = rng.normal(size=(4, 5)).astype("float32")

        def loss(kernel_value):
            y, _ = layer.stateless_call([kernel_value], [], x)
            return y.sum()

        grad = np.asarray(jax.grad(loss)(layer.kernel.value))
        beta = np.abs(kernel).mean()
        t = np.sign(kernel) * (np.abs(kernel) > beta / 2)
        expected = (
            x.T @ np.ones((4, 3)) * beta
            + (x @ t).sum() * np.sign(kernel) / kernel.size
        )
        self.assertAllClose(grad, expected, atol=1e-5)

    def test_quantize_keeps_outputs(self):
        rng = np.random.default_rng(1)
        for threshold in (None, 0.1):
            layer = layers.TernaryDense(6, threshold=threshold)
            layer.build((None, 11))
            x = rng.normal(size=(3, 11)).astype("float32")
            before = layer(x)
            layer.quantize("ternary")
            self.assertFalse(hasattr(layer, "kernel"))
            self.assertEqual(layer.dtype_policy.name, "ternary_from_float32")
            self.assertEqual(
                [
                    (v.name, tuple(v.shape), backend.standardize_dtype(v.dtype))
                    for v in layer._own_weights()
                ],
                [
                    ("kernel", (3, 6), "uint8"),
                    ("bias", (6,), "float32"),
                    ("kernel_scale", (), "float32"),
                ],
            )
            self.assertAllClose(layer(x), before, atol=1e-6)
            if threshold is not None:
                self.assertEqual(float(layer.kernel_scale.value), 1.0)

    def test_saved_and_loaded(self):
        model = models.Sequential(
            [layers.Input((8,)), layers.TernaryDense(4, threshold=0.05)]
        )
        x = np.random.default_rng(2).normal(size=(2, 8)).astype("float32")
        model.quantize("ternary", verbose=False)
        path = os.path.join(self.get_temp_dir(), "ternary.keras")
        model.save(path)
        loaded = saving.load_model(path)
        self.assertEqual(loaded.layers[0].threshold, 0.05)
        self.assertAllClose(loaded.predict(x), model.predict(x))

    def test_config_and_errors(self):
        layer = layers.TernaryDense(3, threshold=0.5, activation="relu")
        restored = layers.TernaryDense.from_config(layer.get_config())
        self.assertEqual((restored.units, restored.threshold), (3, 0.5))
        with self.assertRaisesRegex(ValueError, "positive integer"):
            layers.TernaryDense(2.0)
        with self.assertRaisesRegex(ValueError, "non-negative"):
            layers.TernaryDense(2, threshold=-1)
        layer.build((None, 4))
        with self.assertRaises(NotImplementedError):
            layer.quantize("int8")
