import numpy as np
import pytest

from keras.src import backend
from keras.src.backend.common.keras_tensor import KerasTensor


def test_shape_dtype_and_rank():
    x = KerasTensor((None, 3), dtype="int32")
    assert x.shape == (None, 3)
    assert x.dtype == "int32"
    assert x.ndim == 2


def test_cannot_become_numpy():
    with pytest.raises(ValueError, match="symbolic"):
        np.asarray(KerasTensor((2,)))


def test_cannot_be_converted_to_a_concrete_tensor():
    with pytest.raises(ValueError, match="cannot be converted"):
        backend.convert_to_tensor(KerasTensor((2,)))


def test_compute_output_spec_probes_unknown_dims():
    import jax.numpy as jnp

    spec = backend.compute_output_spec(
        lambda x: jnp.concatenate([x, x], axis=1), KerasTensor((None, 3))
    )
    assert spec.shape == (None, 6)
    spec = backend.compute_output_spec(
        lambda x: jnp.sum(x, axis=0), KerasTensor((None, 3))
    )
    assert spec.shape == (3,)
