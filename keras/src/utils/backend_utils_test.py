import os

import pytest

import keras


def test_set_backend_jax_keeps_working_objects():
    layer = keras.layers.Dense(2)
    keras.config.set_backend("jax")
    assert keras.config.backend() == "jax"
    assert os.environ["KERAS_BACKEND"] == "jax"
    assert layer(keras.ops.ones((1, 3))).shape == (1, 2)


@pytest.mark.parametrize("name", ["tensorflow", "torch", "numpy", "nope"])
def test_set_backend_other_raises(name):
    with pytest.raises(ValueError, match=f"backend='{name}'"):
        keras.config.set_backend(name)
    assert keras.config.backend() == "jax"
