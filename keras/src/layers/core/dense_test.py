import numpy as np
import pytest

from keras.src import backend
from keras.src import layers
from keras.src import ops
from keras.src.saving import serialization_lib


def _roundtrip(layer, *inputs):
    """Checks get_config/from_config and that outputs match after copying
    the weights."""
    config = layer.get_config()
    clone = layer.__class__.from_config(config)
    assert clone.get_config() == config
    expected = layer(*inputs)
    clone(*inputs)
    clone.set_weights(layer.get_weights())
    np.testing.assert_allclose(clone(*inputs), expected, rtol=1e-6)


def test_dense_matches_numpy():
    x = np.random.rand(4, 5).astype("float32")
    layer = layers.Dense(3, activation="relu", bias_initializer="ones")
    y = layer(x)
    kernel, bias = layer.get_weights()
    assert kernel.shape == (5, 3) and bias.shape == (3,)
    np.testing.assert_allclose(
        y, np.maximum(x @ kernel + bias, 0), rtol=1e-5, atol=1e-6
    )
    assert y.dtype == "float32"
    assert [w.name for w in layer.weights] == ["kernel", "bias"]
    assert [w.path for w in layer.weights] == [
        f"{layer.name}/kernel",
        f"{layer.name}/bias",
    ]


def test_dense_nd_input_and_no_bias():
    x = np.random.rand(2, 3, 4, 5).astype("float32")
    layer = layers.Dense(6, use_bias=False)
    y = layer(x)
    assert y.shape == (2, 3, 4, 6)
    assert len(layer.weights) == 1
    np.testing.assert_allclose(
        y, x @ layer.kernel.numpy(), rtol=1e-5, atol=1e-6
    )


def test_dense_symbolic_shapes():
    layer = layers.Dense(3)
    out = layer(backend.KerasTensor((None, 5)))
    assert out.shape == (None, 3)
    out = layers.Dense(7)(backend.KerasTensor((None, 2, 5)))
    assert out.shape == (None, 2, 7)
    assert layers.Dense(4).compute_output_shape((None, 8)) == (None, 4)


def test_dense_rank1_input_error_names_layer():
    layer = layers.Dense(3, name="my_dense")
    with pytest.raises(ValueError, match="my_dense.*min_ndim=2"):
        layer(np.ones((5,), "float32"))


def test_dense_input_dim_mismatch_after_build():
    layer = layers.Dense(3)
    layer(np.ones((2, 4)))
    with pytest.raises(ValueError, match="axis -1"):
        layer(np.ones((2, 5)))


def test_dense_unknown_last_dim_error():
    with pytest.raises(ValueError, match="last dimension"):
        layers.Dense(3)(backend.KerasTensor((None, None)))


def test_dense_invalid_units():
    with pytest.raises(ValueError, match="units"):
        layers.Dense(0)


def test_dense_config_roundtrip():
    layer = layers.Dense(
        4,
        activation="tanh",
        use_bias=True,
        kernel_regularizer="l2",
        kernel_constraint="non_neg",
        name="d",
    )
    config = layer.get_config()
    assert set(config) == {
        "name",
        "trainable",
        "dtype",
        "units",
        "activation",
        "use_bias",
        "kernel_initializer",
        "bias_initializer",
        "kernel_regularizer",
        "bias_regularizer",
        "kernel_constraint",
        "bias_constraint",
    }
    assert config["activation"] == "tanh"
    # Set only when there is one.
    with_activity = layers.Dense(2, activity_regularizer="l2").get_config()
    assert with_activity["activity_regularizer"]["class_name"] == "L2"
    _roundtrip(layer, np.random.rand(2, 3).astype("float32"))
    # And through the serialization library.
    restored = serialization_lib.deserialize_keras_object(
        serialization_lib.serialize_keras_object(layer)
    )
    assert isinstance(restored, layers.Dense)
    assert restored.get_config() == config


def test_dense_regularizer_losses():
    layer = layers.Dense(
        2,
        kernel_initializer="ones",
        kernel_regularizer="l2",
        activity_regularizer="l1",
    )
    layer(np.ones((1, 3), "float32"))
    losses = layer.losses
    assert len(losses) == 2
    total = float(sum(ops.convert_to_numpy(v) for v in losses))
    # activity l1: 0.01 * |[3, 3]| ; kernel l2: 0.01 * 6
    np.testing.assert_allclose(total, 0.06 + 0.06, rtol=1e-5)


def test_dense_mixed_precision():
    layer = layers.Dense(3, dtype="mixed_bfloat16")
    y = layer(np.ones((2, 4), "float32"))
    assert backend.standardize_dtype(y.dtype) == "bfloat16"
    assert layer.kernel.dtype == "float32"
