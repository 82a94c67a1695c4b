import numpy as np
import pytest

from keras.src import backend
from keras.src import layers
from keras.src.testing.test_utils import assert_config_round_trip


def _layer_norm(x, axis, eps, gamma=None, beta=None):
    mean = x.mean(axis=axis, keepdims=True)
    var = x.var(axis=axis, keepdims=True)
    y = (x - mean) / np.sqrt(var + eps)
    if gamma is not None:
        y = y * gamma
    if beta is not None:
        y = y + beta
    return y


def test_layer_norm_matches_numpy():
    x = np.random.randn(4, 3, 6).astype("float32") * 3 + 1
    layer = layers.LayerNormalization(
        gamma_initializer="random_normal", beta_initializer="random_normal"
    )
    y = layer(x)
    gamma, beta = layer.gamma.numpy(), layer.beta.numpy()
    assert gamma.shape == (6,) and beta.shape == (6,)
    np.testing.assert_allclose(
        y, _layer_norm(x, -1, 1e-3, gamma, beta), rtol=1e-4, atol=1e-5
    )
    assert [w.name for w in layer.weights] == ["gamma", "beta"]


def test_layer_norm_multiple_axes():
    x = np.random.randn(2, 3, 4, 5).astype("float32")
    layer = layers.LayerNormalization(
        axis=(1, 3), epsilon=1e-5, gamma_initializer="random_normal"
    )
    y = layer(x)
    assert layer.gamma.shape == (3, 5)
    gamma = layer.gamma.numpy().reshape(1, 3, 1, 5)
    np.testing.assert_allclose(
        y, _layer_norm(x, (1, 3), 1e-5, gamma), rtol=1e-4, atol=1e-5
    )


def test_layer_norm_no_center_no_scale():
    x = np.random.randn(2, 8).astype("float32")
    layer = layers.LayerNormalization(center=False, scale=False)
    y = layer(x)
    assert layer.weights == []
    np.testing.assert_allclose(y, _layer_norm(x, -1, 1e-3), atol=1e-5)


def test_layer_norm_rms_scaling():
    x = np.random.randn(2, 8).astype("float32")
    layer = layers.LayerNormalization(rms_scaling=True, epsilon=1e-6)
    y = layer(x)
    assert [w.name for w in layer.weights] == ["gamma"]
    # No centering, but scaled by the spread (variance) of each sample.
    ref = x / np.sqrt(x.var(-1, keepdims=True) + 1e-6)
    np.testing.assert_allclose(y, ref, rtol=1e-5, atol=1e-5)


def test_layer_norm_low_precision_in_float32():
    x = (np.random.randn(2, 16) * 100 + 1000).astype("float32")
    layer = layers.LayerNormalization(dtype="mixed_bfloat16")
    y = layer(x)
    assert backend.standardize_dtype(y.dtype) == "bfloat16"
    assert layer.gamma.dtype == "float32"
    x_bf16 = np.asarray(backend.cast(x, "bfloat16"), "float32")
    np.testing.assert_allclose(
        np.asarray(y, "float32"), _layer_norm(x_bf16, -1, 1e-3), atol=3e-2
    )
    layer = layers.LayerNormalization(dtype="bfloat16")
    y = layer(x)
    assert backend.standardize_dtype(y.dtype) == "bfloat16"


def test_layer_norm_symbolic_and_config():
    layer = layers.LayerNormalization(axis=[-1], epsilon=1e-5)
    assert layer(backend.KerasTensor((None, 3, 4))).shape == (None, 3, 4)
    assert_config_round_trip(
        layer,
        (
            "axis",
            "epsilon",
            "center",
            "scale",
            "beta_initializer",
            "gamma_initializer",
            "beta_regularizer",
            "gamma_regularizer",
            "beta_constraint",
            "gamma_constraint",
        ),
        np.random.randn(2, 3, 4).astype("float32"),
    )


def test_layer_norm_errors():
    with pytest.raises(TypeError):
        layers.LayerNormalization(axis="x")
    with pytest.raises(ValueError, match="Invalid axis"):
        layers.LayerNormalization(axis=3)(np.ones((2, 3)))
