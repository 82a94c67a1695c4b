"""Dtype names and promotion rules shared by the whole package.

Promotion follows the same lattice as JAX (a partial order of dtypes in
which Python scalars are "weak": they adopt the dtype of the tensor they
meet). The result of promoting several dtypes is their least upper bound in
that lattice.
"""

import functools
import re

import numpy as np

from keras.src.api_export import keras_export
from keras.src.backend import config

FLOAT_TYPES = ("bfloat16", "float16", "float32", "float64")
FLOAT8_TYPES = ("float8_e4m3fn", "float8_e5m2")
INT_TYPES = (
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "int8",
    "int16",
    "int32",
    "int64",
)
COMPLEX_TYPES = ("complex64", "complex128")
# Weak types: what a Python scalar becomes until it meets a tensor.
WEAK_TYPES = ("int", "float", "complex")
# Tests parametrized over this tuple take their names from its order.
ALLOWED_DTYPES = (
    "float16",
    "float32",
    "float64",
    *INT_TYPES,
    "bfloat16",
    "bool",
    "string",
    "float8_e4m3fn",
    "float8_e5m2",
    "complex64",
    "complex128",
)
PYTHON_DTYPES_MAP = {
    bool: "bool",
    int: "int32",
    float: "float32",
    complex: "complex64",
    str: "string",
    "int": "int32",
    "float": "float32",
    "complex": "complex64",
}

_ALIASES = {
    "double": "float64",
    "half": "float16",
    "uint": "uint32",
    "str": "string",
    "bool_": "bool",
}


@keras_export(
    ["keras.backend.standardize_dtype", "keras.utils.standardize_dtype"]
)
def standardize_dtype(dtype):
    """Returns the canonical Keras name of a dtype.

    Accepts dtype strings, NumPy/JAX dtypes and scalar types, Python types
    (`int`, `float`, ...) and objects with a `dtype` attribute. `None`
    stands for `keras.config.floatx()`.

    Args:
        dtype: The dtype to name.

    Returns:
        A string among `ALLOWED_DTYPES`, e.g. `"float32"`.
    """
    if dtype is None:
        return config.floatx()
    if isinstance(dtype, str) or isinstance(dtype, type):
        key = dtype
    else:
        key = None
    if key is not None and key in PYTHON_DTYPES_MAP:
        return PYTHON_DTYPES_MAP[key]
    if isinstance(dtype, str):
        name = dtype
    elif hasattr(dtype, "name") and isinstance(dtype.name, str):
        name = dtype.name
    elif isinstance(dtype, type) and issubclass(dtype, np.generic):
        name = np.dtype(dtype).name
    elif isinstance(dtype, type) and hasattr(dtype, "dtype"):
        # JAX scalar types such as `jnp.float32`.
        name = np.dtype(dtype.dtype).name
    elif hasattr(dtype, "dtype") and not isinstance(dtype, type):
        return standardize_dtype(dtype.dtype)
    elif "torch" in str(dtype):
        name = str(dtype).split(".")[-1]
    else:
        try:
            name = np.dtype(dtype).name
        except TypeError:
            name = str(dtype)
    if name.startswith("torch."):
        name = name[len("torch.") :]
    name = _ALIASES.get(name, name)
    if name not in ALLOWED_DTYPES:
        raise ValueError(
            f"Invalid dtype: {name}. Expected one of {ALLOWED_DTYPES}."
        )
    return name


@keras_export(["keras.backend.is_float_dtype", "keras.utils.is_float_dtype"])
def is_float_dtype(dtype):
    """Whether `dtype` is a floating point dtype (float8 included)."""
    dtype = standardize_dtype(dtype)
    return dtype.startswith("float") or dtype.startswith("bfloat")


@keras_export(["keras.backend.is_int_dtype", "keras.utils.is_int_dtype"])
def is_int_dtype(dtype):
    """Whether `dtype` is a (signed or unsigned) integer dtype."""
    dtype = standardize_dtype(dtype)
    return dtype.startswith("int") or dtype.startswith("uint")


def is_complex_dtype(dtype):
    return standardize_dtype(dtype).startswith("complex")


def _kind(dtype):
    """`"bool"`, `"int"`, `"uint"`, `"float"` or `"complex"`, or `None`."""
    if dtype == "bool":
        return "bool"
    for kind in ("uint", "int", "bfloat", "float", "complex"):
        if dtype.startswith(kind):
            return "float" if kind == "bfloat" else kind
    return None


def _type_promotion_lattice():
    """The promotion lattice: each dtype maps to the dtypes directly above
    it. `"int"`, `"float"` and `"complex"` are the weak (Python scalar)
    types."""
    return {
        "bool": ["int"],
        "int": ["uint8", "int8"],
        "uint8": ["int16", "uint16"],
        "uint16": ["int32", "uint32"],
        "uint32": ["int64", "uint64"],
        "uint64": ["float"],
        "int8": ["int16"],
        "int16": ["int32"],
        "int32": ["int64"],
        "int64": ["float"],
        "float": ["float16", "bfloat16", "complex", *FLOAT8_TYPES],
        "float8_e4m3fn": [],
        "float8_e5m2": [],
        "float16": ["float32"],
        "bfloat16": ["float32"],
        "float32": ["float64", "complex64"],
        "float64": ["complex128"],
        "complex": ["complex64"],
        "complex64": ["complex128"],
        "complex128": [],
    }


def _make_lattice_upper_bounds():
    """Maps each node of the lattice to the set of nodes at or above it."""
    lattice = _type_promotion_lattice()
    bounds = {}

    def visit(node, path):
        if node in bounds:
            return bounds[node]
        if node in path:
            raise ValueError(
                "The dtype lattice is not a partial order: cycle detected "
                f"in type promotion lattice for node '{node}'."
            )
        path.add(node)
        above = {node}
        for parent in lattice.get(node, ()):
            above |= visit(parent, path)
        path.discard(node)
        bounds[node] = above
        return above

    for node in lattice:
        visit(node, set())
    return bounds


LATTICE_UPPER_BOUNDS = _make_lattice_upper_bounds()


@functools.lru_cache(maxsize=512)
def _least_upper_bound(*nodes):
    """The smallest lattice node that every node in `nodes` promotes to."""
    for node in nodes:
        if node not in LATTICE_UPPER_BOUNDS:
            raise ValueError(
                f"'{node}' is not a valid dtype for Keras type promotion."
            )
    common = set.intersection(*(LATTICE_UPPER_BOUNDS[n] for n in nodes))
    least = [c for c in common if common <= LATTICE_UPPER_BOUNDS[c]]
    if len(least) == 1:
        return least[0]
    if not least:
        raise ValueError(
            f"The dtypes {nodes} have no available implicit dtype "
            "promotion path. Cast them to a common dtype explicitly."
        )
    raise ValueError(
        f"The dtypes {nodes} have several least upper bounds ({least}) "
        "in the promotion lattice."
    )


def _respect_weak_type(dtype, weak_type):
    """The lattice node of `dtype`: its weak kind when `weak_type` is set
    (`"int32"` → `"int"`), the dtype itself otherwise."""
    if dtype not in ALLOWED_DTYPES and dtype not in WEAK_TYPES:
        raise ValueError(
            "Invalid value for argument `dtype`. Expected one of "
            f"{ALLOWED_DTYPES}. Received: dtype={dtype}"
        )
    if not weak_type:
        return dtype
    kind = _kind(dtype)
    if kind == "uint":
        return "int"
    return kind


def _resolve_weak_type(dtype, precision="32"):
    """The concrete dtype a weak type becomes, at a given bit width
    (`"float"` at `"32"` → `"float32"`; `"bfloat16"` → `"float32"`)."""
    if dtype not in ALLOWED_DTYPES and dtype not in WEAK_TYPES:
        raise ValueError(
            "Invalid value for argument `dtype`. Expected one of "
            f"{ALLOWED_DTYPES}. Received: dtype={dtype}"
        )
    precisions = ("16", "32", "64")
    if precision not in precisions:
        raise ValueError(
            "Invalid value for argument `precision`. Expected one of "
            f"{precisions}. Received: precision={precision}"
        )
    kind = _kind(dtype)
    if kind == "bool":
        return "bool"
    if kind == "complex":
        return "complex128" if precision == "64" else "complex64"
    return f"{kind}{precision}"


def _jax_x64_enabled():
    try:
        import jax
    except ImportError:  # pragma: no cover
        return True
    return bool(jax.config.jax_enable_x64)


def _bits(dtype):
    """Bit width of a dtype name (`"float8_e5m2"` → 8, `"bool"` → 0)."""
    match = re.match(r"[a-z]+(\d+)", dtype)
    return int(match.group(1)) if match else 0


@keras_export("keras.backend.result_type")
def result_type(*dtypes):
    """Returns the dtype that `dtypes` promote to together.

    Python types (`int`, `float`, `complex`) are weak: they take on the
    dtype of the tensors they are combined with, e.g.
    `result_type("int8", int)` is `"int8"`. `None` stands for
    `keras.config.floatx()`; with no argument the result is floatx.

    Args:
        *dtypes: Dtypes or Python types.

    Returns:
        The promoted dtype, as a string.

    Example:

    >>> keras.backend.result_type("float16", "int32")
    'float16'
    """
    if not dtypes:
        return config.floatx()
    nodes = []
    strong = []
    for dtype in dtypes:
        if dtype in (int, float, complex) and isinstance(dtype, type):
            nodes.append(
                {int: "int", float: "float", complex: "complex"}[dtype]
            )
            continue
        dtype = standardize_dtype(dtype)
        nodes.append(dtype)
        strong.append(dtype)
    float8 = {d for d in strong if d in FLOAT8_TYPES}
    inexact = {d for d in strong if _kind(d) in ("float", "complex")}
    if float8 and len(inexact) > 1:
        raise ValueError(
            "There is no implicit conversions from float8 dtypes to other "
            f"dtypes: cast them explicitly. Received: dtypes={dtypes}"
        )
    result = _least_upper_bound(*nodes)
    if result in WEAK_TYPES:
        precision = "64" if any(_bits(d) == 64 for d in strong) else "32"
        if result == "float" and precision == "32":
            result = "float32"
        else:
            result = _resolve_weak_type(result, precision=precision)
    # JAX without x64 cannot hold a 64-bit promotion of narrower inputs
    # (`uint32` with `int8` gives `int64`): it stays at 32 bits, as in JAX.
    if (
        _bits(result) == 64
        and result not in strong
        and not any(_bits(d) >= 64 for d in strong)
        and not _jax_x64_enabled()
    ):
        result = result.replace("64", "32")
    return result
