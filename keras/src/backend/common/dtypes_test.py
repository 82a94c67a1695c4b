import pytest

from keras.src.backend.common import dtypes


@pytest.mark.parametrize(
    "args,expected",
    [
        (("int8", int), "int8"),
        (("int8", float), "float32"),
        (("bfloat16", float), "bfloat16"),
        ((bool, int), "int32"),
        (("uint8", "int8"), "int16"),
        # No 64-bit result from narrower inputs while JAX runs without x64.
        (("uint32", "int8"), "int32"),
        (("float16", "bfloat16"), "float32"),
        (("float64", "float32"), "float64"),
        ((), "float32"),
    ],
)
def test_result_type(args, expected):
    assert dtypes.result_type(*args) == expected


def test_float8_does_not_promote_with_other_floats():
    assert dtypes.result_type("float8_e5m2", "int8") == "float8_e5m2"
    with pytest.raises(ValueError, match="float8"):
        dtypes.result_type("float8_e5m2", "float16")


def test_lattice_least_upper_bound_and_errors():
    assert dtypes._least_upper_bound("int32", "float16") == "float16"
    with pytest.raises(ValueError, match="not a valid dtype"):
        dtypes._least_upper_bound("int33")
    assert dtypes._respect_weak_type("uint16", True) == "int"
    assert dtypes._resolve_weak_type("float", precision="64") == "float64"


def test_standardize_dtype_inputs():
    import jax.numpy as jnp
    import numpy as np

    assert dtypes.standardize_dtype(None) == "float32"
    assert dtypes.standardize_dtype(float) == "float32"
    assert dtypes.standardize_dtype(np.float16) == "float16"
    assert dtypes.standardize_dtype(jnp.bfloat16) == "bfloat16"
    assert dtypes.standardize_dtype(np.ones(2, "uint8")) == "uint8"
    assert dtypes.standardize_dtype("double") == "float64"
    with pytest.raises(ValueError, match="Invalid dtype"):
        dtypes.standardize_dtype("float7")
