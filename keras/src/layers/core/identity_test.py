import numpy as np

from keras.src import backend
from keras.src import layers


def test_identity_returns_inputs():
    x = np.random.rand(2, 3).astype("float32")
    np.testing.assert_array_equal(layers.Identity()(x), x)
    nested = {"a": x, "b": [x, x]}
    out = layers.Identity()(nested)
    assert set(out) == {"a", "b"} and len(out["b"]) == 2


def test_identity_symbolic_and_config():
    out = layers.Identity()(backend.KerasTensor((None, 4), dtype="int32"))
    assert out.shape == (None, 4) and out.dtype == "int32"
    layer = layers.Identity(name="ident")
    config = layer.get_config()
    assert layers.Identity.from_config(config).get_config() == config
    assert layer.weights == []
