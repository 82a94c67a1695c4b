import numpy as np
import pytest

from keras.src import backend
from keras.src import layers
from keras.src import ops
from keras.src.saving import serialization_lib


def _square(x):
    return ops.square(x)


def test_lambda_computes():
    x = np.array([[1.0, -2.0, 3.0]], "float32")
    np.testing.assert_allclose(layers.Lambda(lambda t: t * 2)(x), x * 2)
    layer = layers.Lambda(lambda t, scale: t * scale, arguments={"scale": 3})
    np.testing.assert_allclose(layer(x), x * 3)


def test_lambda_training_argument():
    layer = layers.Lambda(lambda t, training=None: t * (2 if training else 1))
    x = np.ones((1, 2), "float32")
    np.testing.assert_allclose(layer(x), x)
    np.testing.assert_allclose(layer(x, training=True), 2 * x)


def test_lambda_symbolic_shapes():
    out = layers.Lambda(lambda t: ops.sum(t, axis=-1))(
        backend.KerasTensor((None, 4, 5))
    )
    assert out.shape == (None, 4)
    layer = layers.Lambda(lambda t: t, output_shape=(7,))
    assert layer(backend.KerasTensor((None, 3))).shape == (None, 7)
    assert layer.compute_output_shape((None, 3)) == (None, 7)
    layer = layers.Lambda(lambda t: t, output_shape=lambda s: (s[0], 2))
    assert layer.compute_output_shape((5, 3)) == (5, 2)


def test_lambda_config_named_function():
    layer = layers.Lambda(_square, output_shape=(3,), name="sq")
    config = layer.get_config()
    assert config["function"]["class_name"] == "function"
    clone = layers.Lambda.from_config(
        config, custom_objects={"_square": _square}
    )
    x = np.array([[1.0, 2.0, 3.0]], "float32")
    np.testing.assert_allclose(clone(x), x**2)
    assert clone.get_config() == config


def test_lambda_lambda_refused_in_safe_mode():
    layer = layers.Lambda(lambda t: t + 1.0)
    config = layer.get_config()
    assert config["function"]["class_name"] == "__lambda__"
    with pytest.raises(ValueError, match="safe mode"):
        layers.Lambda.from_config(config)
    serialized = serialization_lib.serialize_keras_object(layer)
    with pytest.raises(ValueError, match="safe mode"):
        serialization_lib.deserialize_keras_object(serialized)
    # Allowed when explicitly unsafe.
    restored = serialization_lib.deserialize_keras_object(
        serialized, safe_mode=False
    )
    np.testing.assert_allclose(restored(np.zeros((1, 2), "float32")), 1.0)
    restored = layers.Lambda.from_config(config, safe_mode=False)
    np.testing.assert_allclose(restored(np.zeros((1,), "float32")), 1.0)


def test_lambda_requires_callable():
    with pytest.raises(ValueError, match="callable"):
        layers.Lambda(3)


def test_lambda_unsafe_roundtrip_resolves_ops():
    layer = layers.Lambda(lambda t: ops.square(t) + 1.0)
    restored = serialization_lib.deserialize_keras_object(
        serialization_lib.serialize_keras_object(layer), safe_mode=False
    )
    np.testing.assert_allclose(
        restored(np.array([2.0], "float32")), [5.0], rtol=1e-6
    )


def test_lambda_from_config_argument_outranks_scope():
    config = layers.Lambda(lambda t: t - 1.0).get_config()
    with serialization_lib.SafeModeScope(True):
        restored = layers.Lambda.from_config(config, safe_mode=False)
    np.testing.assert_allclose(restored(np.ones((1,), "float32")), 0.0)
    with serialization_lib.SafeModeScope(False):
        with pytest.raises(ValueError, match="safe mode"):
            layers.Lambda.from_config(config, safe_mode=True)
        restored = layers.Lambda.from_config(config)
    np.testing.assert_allclose(restored(np.ones((1,), "float32")), 0.0)
