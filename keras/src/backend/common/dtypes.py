"""Dtype names and promotion rules shared by the whole package."""

import jax.numpy as jnp
import numpy as np

from keras.src.backend import config

FLOAT_TYPES = ("float16", "bfloat16", "float32", "float64")
INT_TYPES = (
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
)
FLOAT8_TYPES = ("float8_e4m3fn", "float8_e5m2")
ALLOWED_DTYPES = FLOAT_TYPES + INT_TYPES + ("bool", "complex64", "complex128")

_ALIASES = {
    "float": "float32",
    "double": "float64",
    "int": "int32",
    "uint": "uint32",
    "half": "float16",
}


def standardize_dtype(dtype):
    """Returns the canonical string name of `dtype` (`None` → floatx)."""
    if dtype is None:
        return config.floatx()
    if hasattr(dtype, "name") and not isinstance(dtype, str):
        dtype = dtype.name
    elif hasattr(dtype, "dtype") and not isinstance(dtype, (str, type)):
        dtype = np.dtype(dtype.dtype).name
    elif not isinstance(dtype, str):
        dtype = np.dtype(dtype).name
    dtype = _ALIASES.get(dtype, dtype)
    if dtype not in ALLOWED_DTYPES:
        raise ValueError(
            f"Invalid dtype: {dtype}. Expected one of {ALLOWED_DTYPES}."
        )
    return dtype


def is_float_dtype(dtype):
    return standardize_dtype(dtype) in FLOAT_TYPES


def is_int_dtype(dtype):
    return standardize_dtype(dtype) in INT_TYPES


def result_type(*dtypes):
    """Promotes dtypes with JAX's rules; Python floats take floatx."""
    if not dtypes:
        return config.floatx()
    return standardize_dtype(jnp.result_type(*dtypes))
