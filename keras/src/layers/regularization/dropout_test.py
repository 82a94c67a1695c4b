import numpy as np
import pytest

from keras.src import backend
from keras.src import layers


def test_dropout_identity_at_inference():
    x = np.random.rand(4, 5).astype("float32")
    layer = layers.Dropout(0.5, seed=1)
    np.testing.assert_array_equal(layer(x), x)
    np.testing.assert_array_equal(layer(x, training=False), x)


def test_dropout_training_drops_and_rescales():
    x = np.ones((200, 50), "float32")
    layer = layers.Dropout(0.3, seed=1)
    y = np.asarray(layer(x, training=True))
    kept = y != 0
    np.testing.assert_allclose(y[kept], 1 / 0.7, rtol=1e-5)
    assert 0.25 < 1 - kept.mean() < 0.35
    # The seed generator advances: a second call draws a new mask.
    y2 = np.asarray(layer(x, training=True))
    assert not np.array_equal(y, y2)
    assert layer.weights == []
    assert len(layer.variables) == 1  # the seed state


def test_dropout_noise_shape():
    x = np.ones((3, 10, 4), "float32")
    layer = layers.Dropout(0.5, noise_shape=(None, 1, None), seed=2)
    y = np.asarray(layer(x, training=True))
    # Same mask along axis 1.
    np.testing.assert_array_equal(y, np.broadcast_to(y[:, :1, :], y.shape))


def test_dropout_same_seed_same_mask():
    x = np.ones((8, 8), "float32")
    a = layers.Dropout(0.5, seed=7)(x, training=True)
    b = layers.Dropout(0.5, seed=7)(x, training=True)
    np.testing.assert_array_equal(a, b)


def test_dropout_symbolic_config_and_errors():
    layer = layers.Dropout(0.2, noise_shape=(None, 1), seed=3)
    assert layer(backend.KerasTensor((None, 6))).shape == (None, 6)
    config = layer.get_config()
    assert config["rate"] == 0.2 and config["seed"] == 3
    assert config["noise_shape"] == (None, 1)
    assert layers.Dropout.from_config(config).get_config() == config
    with pytest.raises(ValueError, match="rate"):
        layers.Dropout(1.5)
    with pytest.raises(ValueError, match="rate"):
        layers.Dropout(-0.1)
    # rate=0 is the identity even in training.
    x = np.ones((2, 2), "float32")
    np.testing.assert_array_equal(layers.Dropout(0.0)(x, training=True), x)
