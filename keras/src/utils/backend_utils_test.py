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


def test_dynamic_backend_forwards_to_jax():
    import jax
    import numpy as np

    from keras.src.utils import backend_utils

    dynamic = backend_utils.DynamicBackend()
    assert dynamic.name == "jax"
    y = dynamic.numpy.log10(np.array([1.0, 1000.0], dtype="float32"))
    assert isinstance(y, jax.Array)
    np.testing.assert_allclose(np.asarray(y), [0.0, 3.0])
    assert dynamic.cast(np.array([1.7]), "int32").dtype == "int32"
    dynamic.set_backend("jax")
    dynamic.reset()
    assert dynamic.name == "jax"


@pytest.mark.parametrize("name", ["tensorflow", "torch", "numpy"])
def test_dynamic_backend_refuses_other_backends(name):
    from keras.src.utils import backend_utils

    dynamic = backend_utils.DynamicBackend()
    with pytest.raises(ValueError, match="Available backends are"):
        dynamic.set_backend(name)
    assert dynamic.name == "jax"
    with pytest.raises(ValueError, match=f"backend='{name}'"):
        backend_utils.DynamicBackend(name).numpy
