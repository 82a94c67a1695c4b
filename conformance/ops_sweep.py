"""Runs every public op of `keras.ops` here and in upstream Keras, compares.

Each op has a recipe below that lists the calls to make: every input dtype
(and every ordered pair of dtypes for ops of two tensors), ordinary values
and edge values (NaN, infinities, negative zero, the extremes of integer
types), empty arrays and zero-size dimensions, 0-d tensors, Python scalars
(weakly typed) and NumPy 64-bit arrays. Every call is also made on
`KerasTensor`s, with the inputs' shapes and with unknown (`None`)
dimensions, to compare the symbolic shape and dtype inference.

Both sides run the same recipes in a subprocess of their own:
this repository's `keras` with the project venv, upstream Keras with the
side venv (`KERAS_UPSTREAM_VENV`, default `/tmp/keras-upstream`, run from
`/` so that no checkout shadows it). Each subprocess writes one pickle per
op under `conformance/.sweep/<side>/`, holding for every call the result's
structure, dtypes, shapes and values, or the error's type. Upstream's
results are kept between runs (`--rerun-upstream` refreshes them); this
side's are recomputed for the ops selected.

The comparison then reports, per op and call, each difference in
result dtype, shape, values (NaN, infinities and the sign of zeros
included), structure, or raised error type, and the same for the symbolic
results. It also compares `inspect.signature` of every public op.

Usage:
  python conformance/ops_sweep.py                 every op
  python conformance/ops_sweep.py add cdist       some ops
  python conformance/ops_sweep.py --report-only   compare stored results
  python conformance/ops_sweep.py --details add   one line per difference
  python conformance/ops_sweep.py --json FILE     write the differences
"""

import argparse
import collections
import concurrent.futures
import itertools
import json
import os
import pickle
import subprocess
import sys
import time
import zlib

import numpy as np

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESULTS = os.path.join(REPO, "conformance", ".sweep")
UPSTREAM_VENV = os.environ.get("KERAS_UPSTREAM_VENV", "/tmp/keras-upstream")
NAMESPACES = (
    "keras.ops",
    "keras.ops.numpy",
    "keras.ops.nn",
    "keras.ops.linalg",
    "keras.ops.image",
)

# Input dtypes. The 64-bit ones are passed as NumPy arrays (JAX without
# x64 has no 64-bit tensors); the others as tensors of that dtype.
DTYPES = (
    "bool",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "bfloat16",
    "float16",
    "float32",
    "float64",
)
NUMPY_ONLY = ("int64", "uint64", "float64")
INTS = tuple(d for d in DTYPES if "int" in d)
FLOATS = tuple(d for d in DTYPES if "float" in d)
NUMERIC = tuple(d for d in DTYPES if d != "bool")
PY_SCALARS = (("pyint", 3), ("pyfloat", 2.5), ("pybool", True))


# ---------------------------------------------------------------- inputs
def _np_dtype(dtype):
    if dtype == "bfloat16":
        import ml_dtypes

        return np.dtype(ml_dtypes.bfloat16)
    return np.dtype(dtype)


def _edge_values(dtype):
    """Values at the edges of `dtype`'s range, one per entry."""
    if dtype == "bool":
        return [True, False]
    if "int" in dtype:
        info = np.iinfo(dtype)
        values = [info.min, info.max, 0, 1, info.max - 1, 7]
        if info.min < 0:
            values += [-1, info.min + 1]
        return values
    info = np.finfo(_np_dtype(dtype))
    return [
        np.nan,
        np.inf,
        -np.inf,
        -0.0,
        0.0,
        1.5,
        -2.5,
        float(info.max),
        -float(info.max),
        float(info.tiny),
        1e-8,
        0.5,
    ]


def array(dtype, shape=(2, 3), kind="ordinary", seed=0, low=None):
    """A deterministic NumPy array of `dtype`.

    `kind`: "ordinary" (small random values), "positive" (values above
    zero), "edge" (NaN, infinities, signed zeros, extremes, repeated to
    fill the shape), "empty" (first dimension 0), "zerodim" (last
    dimension 0) or "scalar" (shape `()`).
    """
    if kind == "empty":
        shape = (0,) + tuple(shape[1:])
    elif kind == "zerodim":
        shape = tuple(shape[:-1]) + (0,)
    elif kind == "scalar":
        shape = ()
    size = int(np.prod(shape))
    rng = np.random.default_rng(seed)
    if kind == "edge":
        values = _edge_values(dtype)
        flat = [values[i % len(values)] for i in range(size)]
        return np.array(flat, dtype=_np_dtype(dtype)).reshape(shape)
    positive = kind == "positive"
    if dtype == "bool":
        values = rng.integers(0, 2, size) > 0
        if positive:
            values[:] = True
    elif dtype.startswith("uint"):
        values = rng.integers(1 if positive else 0, 8, size)
    elif "int" in dtype:
        values = rng.integers(1 if positive else -4, 8, size)
    else:
        if positive:
            values = np.round(rng.uniform(0.25, 3.0, size), 2)
        else:
            values = np.round(rng.normal(0.0, 2.0, size), 2)
    if low is not None:
        values = np.maximum(values, low)
    return np.asarray(values).astype(_np_dtype(dtype)).reshape(shape)


def _seed(*parts):
    return zlib.crc32(repr(parts).encode())


class Case:
    """One call: `op(*args, **kwargs)`.

    `values`: whether result values are compared ("abs" compares their
    absolute values, for decompositions defined up to sign).
    `symbolic`: whether the call is repeated on `KerasTensor`s.
    """

    def __init__(self, label, args, kwargs=None, values=True, symbolic=True):
        self.label = label
        self.args = tuple(args)
        self.kwargs = dict(kwargs or {})
        self.values = values
        self.symbolic = symbolic


# Recipes build the cases of one op. Helpers for the common shapes:


def unary(shape=(2, 3), dtypes=DTYPES, kinds=None, py=True, **kwargs):
    """`op(x, **kwargs)` for each dtype and kind of values."""
    kinds = kinds or ("ordinary", "positive", "edge", "empty", "scalar")

    def build(op):
        for dtype in dtypes:
            for kind in kinds:
                x = array(dtype, shape, kind, _seed(op, dtype, kind))
                yield Case(
                    f"{dtype}-{kind}",
                    (x,),
                    kwargs,
                    symbolic=kind in ("ordinary", "empty", "scalar"),
                )
        if py:
            for name, value in PY_SCALARS:
                yield Case(name, (value,), kwargs)

    return build


def binary(shape1=(2, 3), shape2=(3,), dtypes=DTYPES, py=True, **kwargs):
    """`op(x1, x2, **kwargs)` for each ordered pair of dtypes, on ordinary
    values; each dtype against itself on edge values and empty arrays;
    each dtype against Python scalars (both orders)."""

    def build(op):
        for d1, d2 in itertools.product(dtypes, dtypes):
            x1 = array(d1, shape1, "ordinary", _seed(op, d1, 1))
            x2 = array(d2, shape2, "ordinary", _seed(op, d2, 2))
            yield Case(f"{d1},{d2}", (x1, x2), kwargs)
        for dtype in dtypes:
            for kind in ("edge", "empty", "scalar"):
                x1 = array(dtype, shape1, kind, 1)
                x2 = array(dtype, shape1 if kind == "edge" else shape2, kind)
                if kind == "edge":
                    x2 = x2.reshape(-1)[::-1].reshape(shape1)
                yield Case(
                    f"{dtype},{dtype}-{kind}",
                    (x1, x2),
                    kwargs,
                    symbolic=kind != "edge",
                )
            if py:
                x = array(dtype, shape1, "ordinary", _seed(op, dtype))
                for name, value in PY_SCALARS:
                    yield Case(f"{dtype},{name}", (x, value), kwargs)
                    yield Case(f"{name},{dtype}", (value, x), kwargs)
        if py:
            for (n1, v1), (n2, v2) in itertools.product(PY_SCALARS, repeat=2):
                yield Case(f"{n1},{n2}", (v1, v2), kwargs)

    return build


def reduction(shape=(2, 3), dtypes=DTYPES, axes=(None, 0, -1), **kwargs):
    """`op(x, axis=..., keepdims=...)` for each dtype, axis and kind."""

    def build(op):
        for dtype in dtypes:
            for kind in ("ordinary", "edge", "empty", "zerodim"):
                x = array(dtype, shape, kind, _seed(op, dtype, kind))
                variants = [(axis, False) for axis in axes]
                variants.append((axes[-1], True))
                if kind in ("edge", "zerodim"):
                    variants = [(axes[0], False), (axes[-1], False)]
                for axis, keepdims in variants:
                    yield Case(
                        f"{dtype}-{kind}-axis{axis}-keep{keepdims}",
                        (x,),
                        dict(kwargs, axis=axis, keepdims=keepdims),
                        symbolic=kind in ("ordinary", "empty"),
                    )
            x = array(dtype, shape, "scalar", _seed(op, dtype))
            yield Case(f"{dtype}-scalar", (x,), kwargs)
        yield Case("pyfloat", (2.5,), kwargs)

    return build


def per_dtype(make, dtypes=DTYPES, kinds=("ordinary",), shape=(2, 3)):
    """Cases `make(x)` -> (args, kwargs) for each dtype and kind of `x`."""

    def build(op):
        for dtype in dtypes:
            for kind in kinds:
                x = array(dtype, shape, kind, _seed(op, dtype, kind))
                args, kwargs = make(x)
                yield Case(f"{dtype}-{kind}", args, kwargs)

    return build


def per_pair(
    make, dtypes=DTYPES, shape1=(2, 3), shape2=(2, 3), kind="ordinary"
):
    """Cases `make(x1, x2)` -> (args, kwargs) for each ordered dtype pair."""

    def build(op):
        for d1, d2 in itertools.product(dtypes, dtypes):
            x1 = array(d1, shape1, kind, _seed(op, d1, 1))
            x2 = array(d2, shape2, kind, _seed(op, d2, 2))
            args, kwargs = make(x1, x2)
            yield Case(f"{d1},{d2}", args, kwargs)

    return build


def calls(*entries, values=True, symbolic=True):
    """Explicit cases: each entry is `(label, args, kwargs)`."""

    def build(op):
        for label, args, kwargs in entries:
            yield Case(label, args, kwargs, values=values, symbolic=symbolic)

    return build


def combine(*builders):
    """The cases of every builder; repeated labels get the builder's index."""

    def build(op):
        seen = set()
        for index, builder in enumerate(builders):
            for case in builder(op):
                if case.label in seen:
                    case.label = f"{case.label}#{index}"
                seen.add(case.label)
                yield case

    return build


def no_values(builder):
    """Same cases, values not compared (undefined results: `empty`)."""

    def build(op):
        for case in builder(op):
            case.values = False
            yield case

    return build


def abs_values(builder):
    """Same cases, absolute values compared (decompositions up to sign)."""

    def build(op):
        for case in builder(op):
            case.values = "abs"
            yield case

    return build


# Named callables for the ops that take functions. They import keras when
# called, so each side uses its own.
def _double(x):
    from keras import ops

    return ops.multiply(x, 2)


def _add_pair(a, b):
    from keras import ops

    return ops.add(a, b)


def _scan_step(carry, x):
    from keras import ops

    total = ops.add(carry, x)
    return total, ops.multiply(total, 2)


def _fori_body(i, x):
    from keras import ops

    return ops.add(x, ops.cast(i, x.dtype))


def _while_cond(x):
    from keras import ops

    return ops.less(ops.sum(x), 20)


def _while_body(x):
    from keras import ops

    return (ops.add(x, 1),)


def _true_branch():
    return 1


def _false_branch():
    return 0


def _square_sum(x):
    from keras import ops

    return ops.sum(ops.square(x))


def _square_with_scaled_grad(x):
    from keras import ops

    def grad(*args, upstream=None):
        upstream = args[0] if upstream is None else upstream
        return ops.multiply(upstream, 3.0)

    return ops.square(x), grad


SQUARE = array("float32", (3, 3), "positive", 7) + 3 * np.eye(3, dtype="f4")
SPD = (SQUARE @ SQUARE.T).astype("float32")
INT_INDEX = np.array([[0, 2], [1, 0]], dtype="int32")


def _square_matrices(dtype, kind="ordinary"):
    base = SPD if kind != "empty" else np.zeros((0, 0), "f4")
    return base.astype(_np_dtype(dtype))


def square_matrix(**kwargs):
    """`op(x)` on a symmetric positive definite matrix of each dtype, on a
    batch of them, on an empty one and on a singular one."""

    def build(op):
        for dtype in DTYPES:
            m = _square_matrices(dtype)
            yield Case(dtype, (m,), kwargs)
            yield Case(f"{dtype}-batch", (np.stack([m, m * 2]),), kwargs)
        yield Case("empty", (np.zeros((0, 0), "f4"),), kwargs)
        yield Case("singular", (np.ones((3, 3), "f4"),), kwargs)
        yield Case("nonsquare", (np.ones((2, 3), "f4"),), kwargs)

    return build


def linear_system(**kwargs):
    """`op(a, b)` for each dtype pair, `a` square."""

    def build(op):
        for d1, d2 in itertools.product(DTYPES, DTYPES):
            a = _square_matrices(d1)
            b = array(d2, (3, 2), "ordinary", _seed(op, d2))
            yield Case(f"{d1},{d2}", (a, b), kwargs)
        a = _square_matrices("float32")
        yield Case("vector-b", (a, np.ones(3, "f4")), kwargs)
        yield Case(
            "batch", (np.stack([a, a]), np.ones((2, 3, 2), "f4")), kwargs
        )

    return build


def creation(**kwargs):
    """`op(shape, dtype=...)` for each dtype, and shape forms."""

    def build(op):
        for dtype in DTYPES + (None,):
            yield Case(f"dtype-{dtype}", ((2, 3),), dict(kwargs, dtype=dtype))
        yield Case("int-shape", (4,), kwargs)
        yield Case("empty-shape", ((0, 2),), kwargs)
        yield Case("scalar-shape", ((),), kwargs)
        yield Case("list-shape", ([2, 1],), kwargs)

    return build


def like(**kwargs):
    """`op(x, dtype=...)` for each dtype of `x` and of the result."""

    def build(op):
        for dtype in DTYPES:
            x = array(dtype, (2, 3), "ordinary", 3)
            yield Case(dtype, (x,), kwargs)
            yield Case(
                f"{dtype}-scalar", (array(dtype, kind="scalar"),), kwargs
            )
            for target in ("int32", "float16", "bool"):
                yield Case(
                    f"{dtype}->{target}", (x,), dict(kwargs, dtype=target)
                )
        yield Case("pyfloat", (2.5,), kwargs)
        yield Case("pyint", (2,), kwargs)
        yield Case("list", ([1, 2],), kwargs)

    return build


def sequence_of_two(**kwargs):
    """`op([x1, x2], **kwargs)` for each dtype pair (concatenation)."""
    return per_pair(lambda a, b: (([a, b],), kwargs))


def window(**kwargs):
    """Window functions (`hanning(n)` ...): `n` as int and 0-d tensors."""
    entries = [(f"n{n}", (n,), kwargs) for n in (0, 1, 5)]
    entries += [
        (f"tensor-{d}", (np.array(4, dtype=_np_dtype(d)),), kwargs)
        for d in ("int32", "int8", "float32", "uint8")
    ]
    return calls(*entries)


IMG = array("float32", (2, 8, 8, 3), "positive", 11)


def image_per_dtype(make, dtypes=NUMERIC, shape=(2, 8, 8, 3), scale=1.0):
    """Cases `make(image)` for each dtype of a batch of images."""

    def build(op):
        for dtype in dtypes:
            x = (IMG[..., : shape[-1]] * scale).astype(_np_dtype(dtype))
            if len(shape) == 3:
                x = x[0]
            args, kwargs = make(x)
            yield Case(dtype, args, kwargs)

    return build


def _f(dtype, shape, kind="ordinary", seed=0):
    return array(dtype, shape, kind, seed)


# ---------------------------------------------------------------- recipes
def _pool_recipe(*more_calls):
    """`max_pool` and `average_pool`: every dtype (edge values too) with
    a pool of 2, 2D with "same" padding and strides, channels first, a
    pool larger than the input, then `more_calls`."""
    return combine(
        per_dtype(
            lambda x: ((x, 2), {}),
            shape=(1, 6, 2),
            dtypes=DTYPES,
            kinds=("ordinary", "edge"),
        ),
        calls(
            (
                "2d-same",
                (_f("float32", (1, 5, 5, 2)), 3),
                {"strides": 2, "padding": "same"},
            ),
            (
                "cf",
                (_f("float32", (1, 2, 5, 5)), (2, 2)),
                {"data_format": "channels_first"},
            ),
            ("too-big", (_f("float32", (1, 2, 2)), 3), {}),
            *more_calls,
        ),
    )


def _adaptive_pool_recipe(*more_calls):
    """`adaptive_average_pool` and `adaptive_max_pool`: every dtype to an
    output of 3, 2D, channels first, an output larger than the input,
    then `more_calls`."""
    return combine(
        per_dtype(lambda x: ((x, 3), {}), shape=(1, 7, 2), dtypes=DTYPES),
        calls(
            ("2d", (_f("float32", (1, 7, 5, 2)), (3, 2)), {}),
            (
                "cf",
                (_f("float32", (1, 2, 7, 5)), 3),
                {"data_format": "channels_first"},
            ),
            ("up", (_f("float32", (1, 3, 2)), 5), {}),
            *more_calls,
        ),
    )


ELEMENTWISE_UNARY = """
abs absolute angle arccos arccosh arcsin arcsinh arctan arctanh cbrt ceil
conj conjugate copy cos cosh deg2rad exp exp2 expm1 fabs floor i0 imag
isfinite isinf isnan isneginf isposinf isreal log log10 log1p log2
logical_not negative rad2deg real reciprocal sign signbit sin sinc sinh
sqrt square tan tanh trunc rsqrt erf erfc erfinv relu relu6 sigmoid
softplus softsign silu swish log_sigmoid hard_sigmoid hard_silu hard_swish
hard_tanh selu gelu elu celu leaky_relu hard_shrink soft_shrink
tanh_shrink sparse_plus sparse_sigmoid squareplus bitwise_invert
bitwise_not nan_to_num round ravel zeros_like ones_like convert_to_numpy
convert_to_tensor stop_gradient ndim size shape dtype is_tensor nonzero
""".split()

ELEMENTWISE_BINARY = """
add subtract multiply divide true_divide floor_divide mod power maximum
minimum arctan2 logaddexp logaddexp2 hypot heaviside fmax fmin fmod gcd
lcm ldexp nextafter divide_no_nan equal not_equal less less_equal greater
greater_equal logical_and logical_or logical_xor bitwise_and bitwise_or
bitwise_xor bitwise_left_shift left_shift bitwise_right_shift right_shift
isclose
""".split()

REDUCTIONS = """
all any amax amin argmax argmin max min mean median sum prod std var ptp
nanargmax nanargmin nanmax nanmin nanmean nanmedian nanprod nanstd nansum
nanvar logsumexp
""".split()

RECIPES = {name: unary() for name in ELEMENTWISE_UNARY}
RECIPES.update({name: binary() for name in ELEMENTWISE_BINARY})
RECIPES.update({name: reduction() for name in REDUCTIONS})
RECIPES.update(
    {
        # Element-wise with options.
        "gelu": combine(unary(), unary(approximate=False, py=False)),
        "leaky_relu": combine(unary(), unary(negative_slope=0.5, py=False)),
        "elu": combine(unary(), unary(alpha=0.5, py=False)),
        "celu": combine(unary(), unary(alpha=0.5, py=False)),
        "hard_shrink": combine(unary(), unary(threshold=1.0, py=False)),
        "soft_shrink": combine(unary(), unary(threshold=1.0, py=False)),
        "squareplus": combine(unary(), unary(b=1, py=False)),
        "round": combine(unary(), unary(decimals=1, py=False)),
        "nan_to_num": combine(
            unary(), unary(nan=1.0, posinf=9.0, neginf=-9.0, py=False)
        ),
        "softmax": combine(unary(), unary(axis=0, py=False)),
        "log_softmax": combine(unary(), unary(axis=0, py=False)),
        "sparsemax": unary(),
        "glu": combine(unary(shape=(2, 4)), unary(shape=(4, 2), axis=0)),
        "threshold": combine(
            per_dtype(
                lambda x: ((x, 0.5, -1.0), {}), kinds=("ordinary", "edge")
            ),
            calls(("int-threshold", (_f("int32", (4,)), 1, 0), {})),
        ),
        "isclose": combine(
            binary(),
            binary(dtypes=FLOATS, equal_nan=True, py=False),
        ),
        "allclose": combine(
            binary(),
            binary(dtypes=FLOATS, equal_nan=True, py=False),
        ),
        "clip": combine(
            per_pair(lambda x, lo: ((x, lo, 5), {}), shape2=()),
            per_dtype(lambda x: ((x, -1, 1), {}), kinds=("ordinary", "edge")),
            per_dtype(
                lambda x: ((x, -1.5, 1.5), {}), kinds=("ordinary", "edge")
            ),
            calls(("py", (3, 0, 2), {})),
        ),
        "where": combine(
            per_pair(lambda a, b: ((a > 0, a, b), {})),
            per_dtype(lambda x: ((x,), {}), kinds=("ordinary", "empty")),
            per_dtype(lambda x: ((x > 0, x, 0), {})),
            per_dtype(lambda x: ((x > 0, 1.5, x), {})),
            calls(
                ("py-py", (np.array([True, False]), 1, 2.5), {}),
                ("none-x2", (np.array([True]), None, 1), {}),
            ),
        ),
        "polar": per_pair(lambda a, b: ((a, b), {})),
        "psnr": combine(
            per_pair(
                lambda a, b: ((a, b, 1.0), {}), shape1=(4, 4), shape2=(4, 4)
            ),
            calls(
                (
                    "int-max",
                    (_f("float32", (4,)), _f("float32", (4,), seed=1), 255),
                    {},
                )
            ),
        ),
        # Reductions with options.
        "max": combine(
            reduction(),
            calls(
                ("initial", (_f("float32", (2, 3)),), {"initial": 10.0}),
                (
                    "initial-empty",
                    (_f("float32", (0, 3)),),
                    {"axis": 0, "initial": -1.0},
                ),
                ("int-initial-float", (_f("int32", (2, 3)),), {"initial": 2.5}),
            ),
        ),
        "min": combine(
            reduction(),
            calls(
                ("initial", (_f("float32", (2, 3)),), {"initial": -10.0}),
                (
                    "initial-empty",
                    (_f("int8", (0, 3)),),
                    {"axis": 0, "initial": 1},
                ),
            ),
        ),
        "prod": combine(
            reduction(),
            per_dtype(lambda x: ((x,), {"dtype": "float32"})),
            per_dtype(lambda x: ((x,), {"dtype": "int16"})),
        ),
        "count_nonzero": combine(
            per_dtype(
                lambda x: ((x,), {}),
                kinds=("ordinary", "edge", "empty", "scalar"),
            ),
            per_dtype(lambda x: ((x,), {"axis": 0})),
            per_dtype(lambda x: ((x,), {"axis": (0, 1)})),
        ),
        "average": combine(
            reduction(axes=(None, 0, 1)),
            per_pair(
                lambda x, w: ((x,), {"axis": 1, "weights": w}), shape2=(3,)
            ),
            per_pair(lambda x, w: ((x,), {"axis": None, "weights": w})),
        ),
        "quantile": combine(
            per_dtype(
                lambda x: ((x, 0.5), {}), kinds=("ordinary", "edge", "empty")
            ),
            per_dtype(
                lambda x: ((x, [0.25, 0.75]), {"axis": 1, "keepdims": True})
            ),
            per_pair(lambda x, q: ((x, np.abs(q[0]) / 8), {}), shape2=(3,)),
            *[
                per_dtype(
                    lambda x, m=m: ((x, 0.4), {"axis": 0, "method": m}),
                    dtypes=("int32", "float32", "float16"),
                )
                for m in ("lower", "higher", "midpoint", "nearest")
            ],
        ),
        "nanquantile": combine(
            per_dtype(
                lambda x: ((x, 0.5), {}), kinds=("ordinary", "edge", "empty")
            ),
            per_dtype(
                lambda x: ((x, [0.25, 0.75]), {"axis": 1, "keepdims": True})
            ),
        ),
        "percentile": combine(
            per_dtype(
                lambda x: ((x, 50), {}), kinds=("ordinary", "edge", "empty")
            ),
            per_dtype(
                lambda x: ((x, [25, 75]), {"axis": 1, "method": "nearest"})
            ),
        ),
        "nanpercentile": combine(
            per_dtype(
                lambda x: ((x, 50), {}), kinds=("ordinary", "edge", "empty")
            ),
            per_dtype(lambda x: ((x, [25, 75]), {"axis": 1})),
        ),
        "moments": combine(
            per_dtype(
                lambda x: ((x, [0]), {}), kinds=("ordinary", "edge", "empty")
            ),
            per_dtype(lambda x: ((x, [0, 1]), {"keepdims": True})),
            per_dtype(
                lambda x: ((x, [1]), {"synchronized": True}), dtypes=FLOATS
            ),
        ),
        "cumsum": combine(
            unary(py=False),
            unary(axis=0, py=False, kinds=("ordinary", "empty")),
            per_dtype(lambda x: ((x,), {"axis": 1, "dtype": "float32"})),
            per_dtype(lambda x: ((x,), {"dtype": "int8"})),
        ),
        "cumprod": combine(
            unary(py=False),
            unary(axis=0, py=False, kinds=("ordinary", "empty")),
            per_dtype(lambda x: ((x,), {"axis": 1, "dtype": "float32"})),
        ),
        "nancumsum": combine(
            unary(py=False), unary(axis=1, py=False, kinds=("ordinary", "edge"))
        ),
        "nancumprod": combine(
            unary(py=False), unary(axis=1, py=False, kinds=("ordinary", "edge"))
        ),
        # Shape manipulation.
        "reshape": combine(
            per_dtype(lambda x: ((x, (3, 2)), {}), kinds=("ordinary", "empty")),
            per_dtype(lambda x: ((x, (-1,)), {}), kinds=("ordinary", "scalar")),
            calls(
                ("bad", (_f("float32", (2, 3)), (4, 2)), {}),
                ("int", (_f("float32", (2, 3)), 6), {}),
            ),
        ),
        "transpose": combine(
            unary(py=False, kinds=("ordinary", "empty", "scalar")),
            per_dtype(lambda x: ((x, (1, 0)), {})),
            calls(
                ("3d", (_f("float32", (2, 3, 4)), (2, 0, 1)), {}),
                ("bad", (_f("float32", (2, 3)), (0,)), {}),
            ),
        ),
        "expand_dims": combine(
            per_dtype(
                lambda x: ((x, 0), {}), kinds=("ordinary", "empty", "scalar")
            ),
            calls(
                ("neg", (_f("float32", (2, 3)), -1), {}),
                ("tuple", (_f("float32", (2, 3)), (0, 3)), {}),
                ("out-of-range", (_f("float32", (2, 3)), 5), {}),
                ("py", (2.5, 0), {}),
            ),
        ),
        "squeeze": combine(
            per_dtype(lambda x: ((x,), {}), shape=(1, 3, 1)),
            per_dtype(lambda x: ((x,), {"axis": 0}), shape=(1, 3, 1)),
            calls(
                ("axis-tuple", (_f("float32", (1, 3, 1)),), {"axis": (0, 2)}),
                ("bad-axis", (_f("float32", (2, 3)),), {"axis": 0}),
                ("scalar", (np.float32(2.0),), {}),
            ),
        ),
        "broadcast_to": combine(
            per_dtype(
                lambda x: ((x, (4, 2, 3)), {}), kinds=("ordinary", "scalar")
            ),
            calls(
                ("bad", (_f("float32", (2, 3)), (3, 3)), {}),
                ("py", (2.5, (2,)), {}),
            ),
        ),
        "flip": combine(
            unary(py=False, kinds=("ordinary", "empty", "scalar")),
            unary(axis=1, py=False, kinds=("ordinary",)),
        ),
        "fliplr": unary(py=False, kinds=("ordinary", "empty")),
        "flipud": unary(py=False, kinds=("ordinary", "empty")),
        "rot90": combine(
            unary(py=False, kinds=("ordinary", "empty")),
            per_dtype(
                lambda x: ((x,), {"k": 3, "axes": (1, 0)}),
                dtypes=("float32", "int8"),
            ),
            calls(("1d", (_f("float32", (3,)),), {})),
        ),
        "moveaxis": combine(
            per_dtype(lambda x: ((x, 0, -1), {}), shape=(2, 3, 4)),
            calls(("lists", (_f("float32", (2, 3, 4)), [0, 1], [2, 0]), {})),
        ),
        "swapaxes": per_dtype(lambda x: ((x, 0, 2), {}), shape=(2, 3, 4)),
        "roll": combine(
            per_dtype(lambda x: ((x, 1), {}), kinds=("ordinary", "empty")),
            per_dtype(lambda x: ((x, -2), {"axis": 1})),
            calls(("tuple", (_f("float32", (2, 3)), (1, 1)), {"axis": (0, 1)})),
        ),
        "tile": combine(
            per_dtype(
                lambda x: ((x, 2), {}), kinds=("ordinary", "empty", "scalar")
            ),
            calls(
                ("tuple", (_f("float32", (2, 3)), (2, 1, 2)), {}),
                ("zero", (_f("float32", (2, 3)), (0, 2)), {}),
            ),
        ),
        "repeat": combine(
            per_dtype(
                lambda x: ((x, 2), {}), kinds=("ordinary", "empty", "scalar")
            ),
            per_dtype(lambda x: ((x, 2), {"axis": 1})),
            calls(
                ("list", (_f("float32", (2, 3)), [1, 0, 2]), {"axis": 1}),
                (
                    "tensor-repeats",
                    (_f("float32", (2, 3)), np.array([1, 2], "int32")),
                    {"axis": 0},
                ),
                ("py", (2.5, 3), {}),
            ),
        ),
        "pad": combine(
            per_dtype(
                lambda x: ((x, 1), {}), kinds=("ordinary", "empty", "scalar")
            ),
            per_dtype(
                lambda x: ((x, ((1, 0), (0, 2))), {"constant_values": 1})
            ),
            *[
                per_dtype(
                    lambda x, m=m: ((x, 1), {"mode": m}),
                    dtypes=("int8", "float32", "bfloat16"),
                )
                for m in (
                    "reflect",
                    "symmetric",
                    "edge",
                    "maximum",
                    "minimum",
                    "mean",
                    "median",
                    "wrap",
                    "linear_ramp",
                    "empty",
                )
            ],
            calls(
                (
                    "const-float-on-int",
                    (_f("int32", (2, 2)), 1),
                    {"constant_values": 1.5},
                )
            ),
        ),
        "diff": combine(
            unary(py=False, kinds=("ordinary", "empty", "zerodim")),
            per_dtype(lambda x: ((x,), {"n": 2, "axis": 0}), shape=(4, 3)),
            calls(
                ("n0", (_f("float32", (3,)),), {"n": 0}),
                ("scalar", (np.float32(1.0),), {}),
            ),
        ),
        "diag": combine(
            per_dtype(lambda x: ((x,), {}), shape=(3,)),
            per_dtype(lambda x: ((x,), {"k": 1})),
            per_dtype(lambda x: ((x,), {"k": -1}), shape=(3, 3)),
            calls(
                ("3d", (_f("float32", (2, 2, 2)),), {}),
                ("empty", (_f("float32", (0,)),), {}),
            ),
        ),
        "diagflat": combine(
            per_dtype(lambda x: ((x,), {})),
            per_dtype(lambda x: ((x,), {"k": -1}), shape=(3,)),
            calls(("scalar", (np.float32(2.0),), {})),
        ),
        "diagonal": combine(
            per_dtype(lambda x: ((x,), {})),
            per_dtype(
                lambda x: ((x,), {"offset": 1, "axis1": 2, "axis2": 0}),
                shape=(2, 3, 4),
            ),
            calls(
                ("1d", (_f("float32", (3,)),), {}),
                ("large-offset", (_f("float32", (2, 3)),), {"offset": 5}),
            ),
        ),
        "trace": combine(
            per_dtype(lambda x: ((x,), {}), kinds=("ordinary", "empty")),
            per_dtype(
                lambda x: ((x,), {"offset": 1, "axis1": 1, "axis2": 2}),
                shape=(2, 3, 4),
            ),
        ),
        "tril": combine(
            per_dtype(lambda x: ((x,), {})),
            per_dtype(lambda x: ((x,), {"k": -1}), shape=(2, 3, 3)),
            calls(("1d", (_f("float32", (3,)),), {})),
        ),
        "triu": combine(
            per_dtype(lambda x: ((x,), {})),
            per_dtype(lambda x: ((x,), {"k": 1}), shape=(2, 3, 3)),
            calls(("1d", (_f("float32", (3,)),), {})),
        ),
        "split": combine(
            per_dtype(
                lambda x: ((x, 2), {}),
                shape=(4, 3),
                kinds=("ordinary", "empty"),
            ),
            calls(
                ("indices", (_f("float32", (5, 2)), [1, 3]), {}),
                ("axis", (_f("float32", (2, 6)), 3), {"axis": 1}),
                ("uneven", (_f("float32", (5, 2)), 2), {}),
            ),
        ),
        "array_split": combine(
            per_dtype(lambda x: ((x, 2), {}), shape=(5, 3)),
            calls(
                ("indices", (_f("float32", (5, 2)), [1, 3]), {}),
                ("axis", (_f("float32", (2, 5)), 3), {"axis": 1}),
            ),
        ),
        "hsplit": combine(
            per_dtype(lambda x: ((x, 3), {})),
            calls(("1d", (_f("float32", (4,)), 2), {})),
        ),
        "vsplit": combine(
            per_dtype(lambda x: ((x, 2), {})),
            calls(("indices", (_f("float32", (4, 2)), [1]), {})),
        ),
        "dsplit": combine(
            per_dtype(lambda x: ((x, 2), {}), shape=(2, 3, 4)),
            calls(("2d", (_f("float32", (2, 4)), 2), {})),
        ),
        "concatenate": combine(
            sequence_of_two(),
            sequence_of_two(axis=1),
            per_dtype(lambda x: (([x, x],), {"axis": None})),
            calls(
                (
                    "empty-part",
                    ([_f("float32", (2, 3)), _f("float32", (0, 3))],),
                    {},
                ),
                (
                    "mismatch",
                    ([_f("float32", (2, 3)), _f("float32", (2, 4))],),
                    {},
                ),
                ("one", ([_f("int8", (2, 3))],), {}),
                ("py", ([[1, 2], [3.5]],), {}),
            ),
        ),
        "stack": combine(
            sequence_of_two(),
            sequence_of_two(axis=-1),
            calls(
                (
                    "mismatch",
                    ([_f("float32", (2, 3)), _f("float32", (2, 4))],),
                    {},
                ),
                ("scalars", ([np.float32(1), np.float32(2)],), {}),
            ),
        ),
        "hstack": combine(
            sequence_of_two(),
            calls(("1d", ([_f("float32", (2,)), _f("int8", (3,))],), {})),
        ),
        "vstack": combine(
            sequence_of_two(),
            calls(("1d", ([_f("float32", (3,)), _f("int8", (3,))],), {})),
        ),
        "dstack": combine(
            sequence_of_two(),
            calls(("1d", ([_f("float32", (3,)), _f("int8", (3,))],), {})),
        ),
        "append": combine(
            binary(py=False),
            per_pair(lambda a, b: ((a, b), {"axis": 0})),
            calls(("py", (_f("int8", (3,)), 2.5), {})),
        ),
        "unstack": combine(
            per_dtype(lambda x: ((x,), {})),
            per_dtype(lambda x: ((x,), {"axis": 1, "num": 3})),
            calls(("empty", (_f("float32", (0, 2)),), {})),
        ),
        "meshgrid": combine(
            per_pair(lambda a, b: ((a, b), {}), shape1=(2,), shape2=(3,)),
            calls(
                (
                    "ij",
                    (_f("float32", (2,)), _f("float32", (3,))),
                    {"indexing": "ij"},
                ),
                ("one", (_f("float32", (2,)),), {}),
            ),
        ),
        "get_item": combine(
            per_dtype(lambda x: ((x, 1), {}), kinds=("ordinary",)),
            per_dtype(lambda x: ((x, np.array(1, "int32")), {})),
            calls(
                ("slice", (_f("float32", (4, 3)), slice(1, 3)), {}),
                (
                    "tuple",
                    (_f("float32", (4, 3)), (1, slice(None, None, -1))),
                    {},
                ),
                (
                    "ellipsis-none",
                    (_f("float32", (4, 3)), (Ellipsis, None)),
                    {},
                ),
                ("neg", (_f("float32", (4, 3)), -1), {}),
                (
                    "bool-mask",
                    (_f("float32", (3,)), np.array([True, False, True])),
                    {},
                ),
                (
                    "int-array",
                    (_f("float32", (4, 3)), np.array([0, 2, 3], "int32")),
                    {},
                ),
                ("out-of-range", (_f("float32", (4, 3)), 7), {}),
            ),
        ),
        "take": combine(
            per_pair(
                lambda x, i: (
                    (x, np.abs(i[:1]).astype(i.dtype) % 2),
                    {"axis": 0},
                ),
                dtypes=DTYPES,
            ),
            per_dtype(lambda x: ((x, INT_INDEX), {})),
            calls(
                (
                    "neg",
                    (_f("float32", (2, 3)), np.array([-1, 0], "int32")),
                    {"axis": 1},
                ),
                (
                    "oob",
                    (_f("float32", (2, 3)), np.array([5], "int32")),
                    {"axis": 1},
                ),
                ("py-index", (_f("float32", (2, 3)), 1), {"axis": 1}),
                ("list-index", (_f("float32", (2, 3)), [0, 2]), {"axis": 1}),
                (
                    "float-index",
                    (_f("float32", (2, 3)), np.array([1.0], "f4")),
                    {"axis": 1},
                ),
                (
                    "empty",
                    (_f("float32", (0, 3)), np.array([], "int32")),
                    {"axis": 0},
                ),
            ),
        ),
        "take_along_axis": combine(
            per_dtype(lambda x: ((x, INT_INDEX), {"axis": 1}), shape=(2, 3)),
            per_dtype(
                lambda x: ((x, np.array([0, 2], dtype=_np_dtype("int32"))), {}),
                shape=(2, 3),
            ),
            calls(
                (
                    "int8-index",
                    (_f("float32", (2, 3)), INT_INDEX.astype("int8")),
                    {"axis": 1},
                ),
                (
                    "uint8-index",
                    (_f("float32", (2, 3)), INT_INDEX.astype("uint8")),
                    {"axis": 1},
                ),
                ("neg", (_f("float32", (2, 3)), -INT_INDEX - 1), {"axis": 1}),
                (
                    "broadcast",
                    (_f("float32", (2, 3)), np.array([[1]], "int32")),
                    {"axis": 0},
                ),
            ),
        ),
        "slice": combine(
            per_dtype(lambda x: ((x, (0, 1), (2, 2)), {})),
            calls(
                (
                    "tensor-start",
                    (_f("float32", (2, 3)), np.array([1, 0], "int32"), (1, 3)),
                    {},
                )
            ),
        ),
        "slice_update": combine(
            per_pair(lambda x, u: ((x, (0, 1), u[:1, :2]), {})),
            calls(
                (
                    "tensor-start",
                    (
                        _f("float32", (2, 3)),
                        np.array([1, 0], "int32"),
                        _f("float32", (1, 3)),
                    ),
                    {},
                )
            ),
        ),
        "scatter": combine(
            per_dtype(lambda v: ((INT_INDEX, v[:, 0], (3, 3)), {})),
            calls(
                (
                    "dup",
                    (
                        np.array([[0], [0]], "int32"),
                        np.array([1.0, 2.0], "f4"),
                        (2,),
                    ),
                    {},
                )
            ),
        ),
        "scatter_update": combine(
            per_pair(
                lambda x, u: ((x, np.array([[0, 1]], "int32"), u[0, :1]), {}),
                shape1=(2, 3),
                shape2=(2, 3),
            ),
            calls(
                (
                    "rows",
                    (
                        _f("float32", (3, 2)),
                        np.array([[0], [2]], "int32"),
                        _f("float32", (2, 2)),
                    ),
                    {},
                )
            ),
        ),
        "searchsorted": combine(
            per_pair(
                lambda s, v: ((np.sort(s.reshape(-1)[:4]), v), {}),
                shape1=(2, 3),
                shape2=(3,),
            ),
            per_dtype(
                lambda v: (
                    (np.array([0, 1, 2, 3], "float32"), v),
                    {"side": "right"},
                )
            ),
            calls(("2d", (_f("float32", (2, 3)), _f("float32", (2,))), {})),
        ),
        "digitize": per_pair(
            lambda x, b: ((x, np.sort(b.reshape(-1)[:3])), {})
        ),
        "bincount": combine(
            per_dtype(
                lambda x: ((np.abs(x.astype("int32")).astype(x.dtype),), {}),
                dtypes=INTS + ("bool",),
            ),
            per_pair(
                lambda x, w: (
                    (np.abs(x[0].astype("int32")),),
                    {"weights": w[0]},
                ),
                dtypes=DTYPES,
            ),
            calls(
                (
                    "minlength",
                    (np.array([1, 1, 3], "int32"),),
                    {"minlength": 6},
                ),
                ("2d", (np.array([[1, 1], [0, 3]], "int32"),), {}),
                ("empty", (np.array([], "int32"),), {}),
                ("negative", (np.array([1, -1], "int32"),), {}),
                ("float", (np.array([1.0, 2.0], "f4"),), {}),
            ),
        ),
        "histogram": combine(
            per_dtype(lambda x: ((x,), {}), dtypes=NUMERIC, shape=(8,)),
            calls(
                (
                    "bins-range",
                    (_f("float32", (8,)),),
                    {"bins": 4, "range": (-1.0, 1.0)},
                ),
                ("2d", (_f("float32", (2, 3)),), {}),
                ("empty", (_f("float32", (0,)),), {}),
            ),
        ),
        "unique": combine(
            per_dtype(
                lambda x: ((x,), {}),
                shape=(8,),
                kinds=("ordinary", "edge", "empty"),
            ),
            per_dtype(
                lambda x: (
                    (x,),
                    {
                        "return_index": True,
                        "return_inverse": True,
                        "return_counts": True,
                    },
                ),
                dtypes=("int32", "float32"),
                shape=(8,),
            ),
            calls(
                (
                    "size",
                    (np.array([3, 1, 3, 2], "int32"),),
                    {"size": 5, "fill_value": -1},
                ),
                (
                    "unsorted",
                    (np.array([3, 1, 3, 2], "int32"),),
                    {"sorted": False},
                ),
                (
                    "axis",
                    (np.array([[1, 2], [1, 2], [0, 1]], "int32"),),
                    {"axis": 0},
                ),
                ("2d", (np.array([[3, 1], [3, 2]], "int32"),), {}),
            ),
        ),
        "sort": combine(
            unary(py=False, kinds=("ordinary", "edge", "empty", "scalar")),
            per_dtype(lambda x: ((x,), {"axis": 0})),
            per_dtype(lambda x: ((x,), {"axis": None})),
        ),
        "argsort": combine(
            unary(py=False, kinds=("ordinary", "edge", "empty", "scalar")),
            per_dtype(lambda x: ((x,), {"axis": 0})),
            per_dtype(lambda x: ((x,), {"axis": None})),
        ),
        "argpartition": no_values(
            combine(
                per_dtype(lambda x: ((x, 1), {}), kinds=("ordinary", "edge")),
                per_dtype(lambda x: ((x, 0), {"axis": 0})),
                calls(("bad-kth", (_f("float32", (2, 3)), 5), {})),
            )
        ),
        "top_k": combine(
            per_dtype(lambda x: ((x, 2), {}), kinds=("ordinary", "edge")),
            per_dtype(
                lambda x: ((x, 2), {"sorted": False}),
                dtypes=("float32", "int32"),
            ),
            calls(
                ("k-too-big", (_f("float32", (2, 3)), 5), {}),
                ("1d", (_f("float32", (5,)), 1), {}),
                ("k0", (_f("float32", (5,)), 0), {}),
            ),
        ),
        "in_top_k": combine(
            per_pair(
                lambda t, p: (
                    (np.abs(t[:, 0].astype("int32")).astype(t.dtype) % 3, p),
                    {"k": 2},
                ),
                dtypes=DTYPES,
            ),
            calls(
                (
                    "ties",
                    (
                        np.array([0, 1], "int32"),
                        np.array([[1.0, 1.0, 0.0], [0.5, 0.5, 0.5]], "f4"),
                        1,
                    ),
                    {},
                ),
                (
                    "k0",
                    (np.array([0, 1], "int32"), _f("float32", (2, 3)), 0),
                    {},
                ),
                (
                    "k-big",
                    (np.array([0, 1], "int32"), _f("float32", (2, 3)), 5),
                    {},
                ),
                (
                    "nan",
                    (
                        np.array([0, 1], "int32"),
                        np.array(
                            [[np.nan, 1.0, 0.0], [0.5, np.nan, 0.5]], "f4"
                        ),
                        1,
                    ),
                    {},
                ),
                (
                    "oob",
                    (np.array([3, -1], "int32"), _f("float32", (2, 3)), 1),
                    {},
                ),
            ),
        ),
        "nonzero": combine(
            unary(py=False),
            calls(("1d", (np.array([0, 3, 0, 1], "int32"),), {})),
        ),
        # Products.
        "matmul": combine(
            per_pair(lambda a, b: ((a, b), {}), shape1=(2, 3), shape2=(3, 4)),
            calls(
                ("vec-mat", (_f("float32", (3,)), _f("float32", (3, 2))), {}),
                ("mat-vec", (_f("float32", (2, 3)), _f("int8", (3,))), {}),
                ("vec-vec", (_f("float32", (3,)), _f("float32", (3,))), {}),
                (
                    "batch-broadcast",
                    (_f("float32", (2, 1, 2, 3)), _f("float32", (4, 3, 2))),
                    {},
                ),
                (
                    "empty-inner",
                    (_f("float32", (2, 0)), _f("float32", (0, 3))),
                    {},
                ),
                (
                    "mismatch",
                    (_f("float32", (2, 3)), _f("float32", (2, 3))),
                    {},
                ),
                ("scalar", (np.float32(2), _f("float32", (2, 3))), {}),
            ),
        ),
        "dot": combine(
            per_pair(lambda a, b: ((a, b), {}), shape1=(2, 3), shape2=(3, 4)),
            calls(
                ("vec-vec", (_f("float32", (3,)), _f("float32", (3,))), {}),
                ("scalar", (_f("float32", (2, 3)), 2.0), {}),
                (
                    "nd",
                    (_f("float32", (2, 3, 4)), _f("float32", (5, 4, 2))),
                    {},
                ),
            ),
        ),
        "inner": combine(
            per_pair(lambda a, b: ((a, b), {})),
            calls(("scalar", (2, _f("float32", (3,))), {})),
        ),
        "outer": combine(
            per_pair(lambda a, b: ((a, b), {}), shape1=(3,), shape2=(2,)),
            calls(("2d", (_f("float32", (2, 2)), _f("float32", (3,))), {})),
        ),
        "vdot": combine(
            per_pair(lambda a, b: ((a, b), {})),
            calls(("scalars", (2.0, 3), {})),
        ),
        "kron": per_pair(lambda a, b: ((a, b), {}), shape1=(2, 2), shape2=(2,)),
        "tensordot": combine(
            per_pair(
                lambda a, b: ((a, b), {"axes": 1}), shape1=(2, 3), shape2=(3, 2)
            ),
            calls(
                (
                    "axes-pairs",
                    (_f("float32", (2, 3, 4)), _f("float32", (4, 3))),
                    {"axes": ([1, 2], [1, 0])},
                ),
                (
                    "axes0",
                    (_f("float32", (2,)), _f("float32", (3,))),
                    {"axes": 0},
                ),
                (
                    "default",
                    (_f("float32", (2, 3, 4)), _f("float32", (3, 4, 5))),
                    {},
                ),
            ),
        ),
        "cross": combine(
            per_pair(lambda a, b: ((a, b), {}), shape1=(2, 3), shape2=(3,)),
            calls(
                ("2d-vectors", (_f("float32", (2,)), _f("float32", (2,))), {}),
                ("2-3", (_f("float32", (2, 2)), _f("float32", (2, 3))), {}),
                (
                    "axis",
                    (_f("float32", (3, 2)), _f("float32", (3, 2))),
                    {"axis": 0},
                ),
                (
                    "axisa",
                    (_f("float32", (3, 2)), _f("float32", (2, 3))),
                    {"axisa": 0},
                ),
            ),
        ),
        "correlate": combine(
            per_pair(lambda a, b: ((a, b), {}), shape1=(5,), shape2=(3,)),
            *[
                calls(
                    (m, (_f("float32", (5,)), _f("float32", (3,))), {"mode": m})
                )
                for m in ("same", "full")
            ],
        ),
        "einsum": combine(
            per_pair(
                lambda a, b: (("ij,jk->ik", a, b), {}),
                shape1=(2, 3),
                shape2=(3, 4),
            ),
            per_dtype(lambda a: (("ij->ji", a), {})),
            calls(
                ("trace", ("ii", _f("float32", (3, 3))), {}),
                (
                    "three",
                    (
                        "i,i,i->",
                        _f("float32", (3,)),
                        _f("int8", (3,)),
                        _f("float16", (3,)),
                    ),
                    {},
                ),
                (
                    "ellipsis",
                    (
                        "...ij,...jk",
                        _f("float32", (2, 2, 3)),
                        _f("float32", (2, 3, 2)),
                    ),
                    {},
                ),
                (
                    "bad",
                    ("ij,jk->ik", _f("float32", (2, 3)), _f("float32", (2, 3))),
                    {},
                ),
            ),
        ),
        "cdist": combine(
            per_pair(lambda a, b: ((a, b), {}), shape1=(2, 3), shape2=(4, 3)),
            calls(
                (
                    "batch",
                    (_f("float32", (2, 3, 4)), _f("float32", (2, 5, 4))),
                    {},
                ),
                (
                    "mismatch",
                    (_f("float32", (2, 3)), _f("float32", (2, 4))),
                    {},
                ),
                ("empty", (_f("float32", (0, 3)), _f("float32", (2, 3))), {}),
                ("1d", (_f("float32", (3,)), _f("float32", (3,))), {}),
            ),
        ),
        "isin": combine(
            per_pair(lambda a, b: ((a, b), {})),
            calls(
                (
                    "invert",
                    (_f("int32", (2, 3)), _f("int32", (4,))),
                    {"invert": True},
                ),
                (
                    "unique",
                    (_f("int32", (2, 3)), np.array([1, 2], "int32")),
                    {"assume_unique": True},
                ),
                (
                    "nan",
                    (np.array([np.nan, 1.0], "f4"), np.array([np.nan], "f4")),
                    {},
                ),
                ("py", (1, [1, 2]), {}),
            ),
        ),
        "vander": combine(
            per_dtype(lambda x: ((x,), {}), shape=(3,)),
            per_dtype(
                lambda x: ((x,), {"N": 2, "increasing": True}), shape=(3,)
            ),
            calls(
                ("n0", (_f("float32", (3,)),), {"N": 0}),
                ("2d", (_f("float32", (2, 3)),), {}),
            ),
        ),
        "kaiser": combine(
            calls(*[(f"n{n}", (n, 3.0), {}) for n in (0, 1, 5)]),
            calls(
                ("int-beta", (4, 2), {}),
                ("tensor", (np.array(4, "int32"), np.array(2.0, "f4")), {}),
            ),
        ),
        "bartlett": window(),
        "blackman": window(),
        "hamming": window(),
        "hanning": window(),
        "trapezoid": combine(
            per_dtype(lambda y: ((y,), {}), kinds=("ordinary", "empty")),
            per_pair(lambda y, x: ((y,), {"x": x}), shape1=(2, 3), shape2=(3,)),
            per_dtype(lambda y: ((y,), {"dx": 2, "axis": 0})),
        ),
        "corrcoef": combine(
            per_dtype(
                lambda x: ((x,), {}), shape=(3, 4), kinds=("ordinary", "edge")
            ),
            calls(
                ("1d", (_f("float32", (4,)),), {}),
                ("const", (np.ones((2, 3), "f4"),), {}),
            ),
        ),
        "select": combine(
            per_pair(lambda a, b: (([a > 0, b > 0], [a, b]), {})),
            per_dtype(lambda a: (([a > 0], [a]), {"default": 1.5})),
            calls(
                (
                    "py-default",
                    ([np.array([True, False])], [np.array([1, 2], "int8")]),
                    {"default": 300},
                ),
                ("mismatch", ([np.array([True])], []), {}),
            ),
        ),
        "full": combine(
            per_dtype(lambda v: (((2, 3), v[0, 0]), {}), kinds=("ordinary",)),
            *[
                calls(
                    *[
                        (f"{d}-{n}", ((2,), value), {"dtype": d})
                        for d in DTYPES + (None,)
                    ]
                )
                for n, value in (("int", 3), ("float", 2.5), ("bool", True))
            ],
            calls(
                ("array-fill", ((2, 3), np.array([1, 2, 3], "int32")), {}),
                ("empty", ((0,), 1.0), {}),
                ("int-shape", (3, 1), {}),
            ),
        ),
        "full_like": combine(
            per_pair(lambda x, v: ((x, v[0, 0]), {})),
            per_dtype(lambda x: ((x, 2.5), {})),
            per_dtype(lambda x: ((x, 3), {"dtype": "float16"})),
            calls(
                ("py", (2, 2.5), {}),
                (
                    "array-fill",
                    (_f("float32", (2, 3)), np.array([1, 2, 3], "int8")),
                    {},
                ),
            ),
        ),
        "zeros": creation(),
        "ones": creation(),
        "empty": no_values(creation()),
        "empty_like": no_values(like()),
        "zeros_like": like(),
        "ones_like": like(),
        "identity": calls(
            *[(f"{d}", (3,), {"dtype": d}) for d in DTYPES + (None,)],
            ("zero", (0,), {}),
        ),
        "eye": calls(
            *[(f"{d}", (3,), {"dtype": d}) for d in DTYPES + (None,)],
            ("rect", (2, 4), {"k": 1}),
            ("neg-k", (3,), {"M": 2, "k": -1}),
            ("float-n", (3.0,), {}),
            ("tensor-n", (np.array(3, "int32"),), {}),
        ),
        "tri": calls(
            *[(f"{d}", (3,), {"dtype": d}) for d in DTYPES + (None,)],
            ("rect", (2, 4), {"k": 1}),
            ("neg-k", (3,), {"M": 2, "k": -1}),
        ),
        "arange": calls(
            ("stop-int", (5,), {}),
            ("stop-float", (5.0,), {}),
            ("start-stop", (1, 5), {}),
            ("step", (1, 5, 2), {}),
            ("float-step", (0, 1, 0.25), {}),
            ("neg-step", (5, 0, -1), {}),
            ("empty", (5, 1), {}),
            ("step-none", (0, 3, None), {}),
            ("stop-none-step", (4, None, 2), {}),
            ("bool", (True,), {}),
            *[(f"dtype-{d}", (0, 4), {"dtype": d}) for d in DTYPES],
            *[
                (f"tensor-{d}", (np.array(4, dtype=_np_dtype(d)),), {})
                for d in NUMERIC
            ],
            (
                "tensor-pair",
                (np.array(1, "int8"), np.array(4.0, "float16")),
                {},
            ),
            ("zero-step", (0, 4, 0), {}),
        ),
        "linspace": combine(
            calls(
                ("ints", (0, 5), {"num": 5}),
                ("floats", (0.0, 1.0), {"num": 4}),
                ("no-endpoint", (0, 5), {"num": 5, "endpoint": False}),
                ("retstep", (0, 5), {"num": 5, "retstep": True}),
                ("num0", (0, 5), {"num": 0}),
                ("num1", (0, 5), {"num": 1}),
                (
                    "arrays",
                    (np.array([0.0, 1.0], "f4"), np.array([1.0, 3.0], "f4")),
                    {"num": 3},
                ),
                (
                    "arrays-axis",
                    (np.array([0.0, 1.0], "f4"), np.array([1.0, 3.0], "f4")),
                    {"num": 3, "axis": 1},
                ),
                *[
                    (f"dtype-{d}", (0, 4), {"num": 5, "dtype": d})
                    for d in DTYPES
                ],
            ),
            per_pair(
                lambda a, b: ((a[0, 0], b[0, 0]), {"num": 3}), dtypes=DTYPES
            ),
        ),
        "logspace": combine(
            calls(
                ("ints", (0, 3), {"num": 4}),
                ("base2", (0, 3), {"num": 4, "base": 2}),
                ("no-endpoint", (0, 3), {"num": 3, "endpoint": False}),
                (
                    "arrays",
                    (np.array([0.0, 1.0], "f4"), np.array([1.0, 2.0], "f4")),
                    {"num": 3},
                ),
                *[
                    (f"dtype-{d}", (0, 2), {"num": 3, "dtype": d})
                    for d in DTYPES
                ],
            ),
            per_pair(
                lambda a, b: ((a[0, 0], b[0, 0]), {"num": 3}), dtypes=DTYPES
            ),
        ),
        "geomspace": combine(
            calls(
                ("ints", (1, 8), {"num": 4}),
                ("floats", (1.0, 1000.0), {"num": 4}),
                ("neg", (-1.0, -100.0), {"num": 3}),
                ("zero", (0.0, 1.0), {"num": 3}),
                ("no-endpoint", (1, 8), {"num": 3, "endpoint": False}),
                *[
                    (f"dtype-{d}", (1, 8), {"num": 4, "dtype": d})
                    for d in DTYPES
                ],
            ),
            per_pair(
                lambda a, b: (
                    (np.abs(a[0, 0]) + 1, np.abs(b[0, 0]) + 2),
                    {"num": 3},
                ),
                dtypes=NUMERIC,
            ),
        ),
        "array": combine(
            like(),
            calls(
                ("nested", ([[1, 2], [3, 4]],), {}),
                ("mixed", ([1, 2.5],), {}),
                ("bool-list", ([True, False],), {}),
            ),
        ),
        "cast": combine(
            *[
                per_dtype(
                    lambda x, d=d: ((x, d), {}), kinds=("ordinary", "edge")
                )
                for d in DTYPES
            ],
            calls(
                ("py", (2.7, "int32"), {}), ("py-bool", (True, "float32"), {})
            ),
        ),
        "saturate_cast": combine(
            *[
                per_dtype(lambda x, d=d: ((x, d), {}), kinds=("edge",))
                for d in DTYPES
            ],
            calls(("py", (300, "uint8"), {})),
        ),
        "view": combine(
            *[
                per_dtype(lambda x, d=d: ((x, d), {}), shape=(2, 4))
                for d in (
                    "int8",
                    "uint8",
                    "int16",
                    "float16",
                    "int32",
                    "float32",
                    "bool",
                )
            ],
            per_dtype(lambda x: ((x,), {}), shape=(2, 4)),
        ),
        "unravel_index": combine(
            per_dtype(
                lambda x: ((np.abs(x.astype("int32")) % 6, (2, 3)), {}),
                dtypes=INTS,
            ),
            calls(
                ("scalar", (4, (2, 3)), {}),
                ("oob", (np.array([7], "int32"), (2, 3)), {}),
                ("neg", (np.array([-1], "int32"), (2, 3)), {}),
            ),
        ),
        # Linear algebra.
        "det": square_matrix(),
        "inv": square_matrix(),
        "logdet": square_matrix(),
        "slogdet": square_matrix(),
        "cholesky": combine(square_matrix(), square_matrix(upper=True)),
        "cholesky_inverse": combine(square_matrix(), square_matrix(upper=True)),
        "eig": abs_values(square_matrix()),
        "eigh": abs_values(square_matrix()),
        "lu_factor": square_matrix(),
        "qr": combine(
            abs_values(square_matrix()),
            abs_values(
                calls(
                    (
                        "complete",
                        (_f("float32", (4, 3)),),
                        {"mode": "complete"},
                    ),
                    ("r", (_f("float32", (4, 3)),), {"mode": "r"}),
                    ("bad", (_f("float32", (4, 3)),), {"mode": "x"}),
                )
            ),
        ),
        "svd": combine(
            abs_values(square_matrix()),
            abs_values(square_matrix(compute_uv=False)),
            abs_values(
                calls(
                    ("rect", (_f("float32", (4, 3)),), {"full_matrices": False})
                )
            ),
        ),
        "pinv": combine(
            square_matrix(),
            calls(("rect", (_f("float32", (4, 3)),), {"rcond": 0.1})),
        ),
        "matrix_rank": combine(
            square_matrix(),
            calls(("tol", (np.ones((3, 3), "f4"),), {"tol": 0.5})),
        ),
        "norm": combine(
            per_dtype(
                lambda x: ((x,), {}), kinds=("ordinary", "edge", "empty")
            ),
            per_dtype(lambda x: ((x,), {"axis": 1, "keepdims": True})),
            *[
                calls(
                    (
                        f"vec-ord{o}",
                        (_f("float32", (2, 3)),),
                        {"ord": o, "axis": 1},
                    )
                )
                for o in (0, 1, 2, 3, np.inf, -np.inf, -1)
            ],
            *[
                calls((f"mat-ord{o}", (_f("float32", (2, 3)),), {"ord": o}))
                for o in ("fro", "nuc", 1, 2, np.inf, -1, -2, -np.inf)
            ],
            calls(
                ("bad-ord", (_f("float32", (2, 3)),), {"ord": "x"}),
                ("3d", (_f("float32", (2, 3, 4)),), {"axis": (1, 2)}),
            ),
        ),
        "solve": linear_system(),
        "lstsq": combine(
            linear_system(),
            calls(
                (
                    "rect",
                    (_f("float32", (4, 3)), _f("float32", (4,))),
                    {"rcond": None},
                )
            ),
        ),
        "solve_triangular": combine(linear_system(), linear_system(lower=True)),
        # FFT family: (real, imag) pairs.
        "fft": calls(
            *[
                (d, ((_f(d, (2, 4)), _f(d, (2, 4), seed=1)),), {})
                for d in FLOATS
            ],
            ("int", ((_f("int32", (4,)), _f("int32", (4,))),), {}),
            ("mismatch", ((_f("float32", (4,)), _f("float16", (4,))),), {}),
        ),
        "fft2": calls(
            *[
                (d, ((_f(d, (2, 4)), _f(d, (2, 4), seed=1)),), {})
                for d in FLOATS
            ],
            (
                "batch",
                ((_f("float32", (2, 2, 4)), _f("float32", (2, 2, 4))),),
                {},
            ),
        ),
        "ifft2": calls(
            *[
                (d, ((_f(d, (2, 4)), _f(d, (2, 4), seed=1)),), {})
                for d in FLOATS
            ]
        ),
        "rfft": combine(
            per_dtype(lambda x: ((x,), {}), shape=(2, 8), dtypes=NUMERIC),
            calls(
                ("len", (_f("float32", (8,)),), {"fft_length": 6}),
                ("len-long", (_f("float32", (8,)),), {"fft_length": 12}),
            ),
        ),
        "irfft": combine(
            calls(
                *[
                    (d, ((_f(d, (2, 5)), _f(d, (2, 5), seed=1)),), {})
                    for d in FLOATS
                ]
            ),
            calls(
                (
                    "len",
                    ((_f("float32", (5,)), _f("float32", (5,))),),
                    {"fft_length": 6},
                )
            ),
        ),
        "stft": combine(
            per_dtype(
                lambda x: ((x, 8, 4, 8), {}), shape=(2, 32), dtypes=NUMERIC
            ),
            *[
                calls(
                    (
                        f"window-{w}",
                        (_f("float32", (32,)), 8, 4, 16),
                        {"window": w},
                    )
                )
                for w in ("hamming", None)
            ],
            calls(
                (
                    "no-center",
                    (_f("float32", (32,)), 8, 4, 8),
                    {"center": False},
                ),
                (
                    "array-window",
                    (_f("float32", (32,)), 8, 4, 8),
                    {"window": np.hanning(8).astype("f4")},
                ),
                ("short", (_f("float32", (4,)), 8, 4, 8), {}),
                (
                    "bad-window",
                    (_f("float32", (32,)), 8, 4, 8),
                    {"window": "nope"},
                ),
            ),
        ),
        "istft": combine(
            calls(
                *[
                    (
                        d,
                        ((_f(d, (2, 9, 5)), _f(d, (2, 9, 5), seed=1)), 8, 4, 8),
                        {},
                    )
                    for d in FLOATS + ("int32",)
                ]
            ),
            *[
                calls(
                    (
                        f"window-{w}",
                        (
                            (
                                _f("float32", (9, 5)),
                                _f("float32", (9, 5), seed=1),
                            ),
                            8,
                            4,
                            8,
                        ),
                        {"window": w},
                    )
                )
                for w in ("hamming", None)
            ],
            calls(
                (
                    "length",
                    ((_f("float32", (9, 5)), _f("float32", (9, 5))), 8, 4, 8),
                    {"length": 30},
                ),
                (
                    "length-long",
                    ((_f("float32", (9, 5)), _f("float32", (9, 5))), 8, 4, 8),
                    {"length": 50},
                ),
                (
                    "no-center",
                    ((_f("float32", (9, 5)), _f("float32", (9, 5))), 8, 4, 8),
                    {"center": False},
                ),
                (
                    "no-center-length",
                    ((_f("float32", (9, 5)), _f("float32", (9, 5))), 8, 4, 8),
                    {"center": False, "length": 30},
                ),
                (
                    "short-seq",
                    ((_f("float32", (9, 5)), _f("float32", (9, 5))), 6, 4, 8),
                    {},
                ),
                (
                    "fft16",
                    ((_f("float32", (5, 9)), _f("float32", (5, 9))), 16, 8, 16),
                    {},
                ),
                (
                    "array-window",
                    ((_f("float32", (9, 5)), _f("float32", (9, 5))), 8, 4, 8),
                    {"window": np.hanning(8).astype("f4")},
                ),
            ),
        ),
        "extract_sequences": combine(
            per_dtype(lambda x: ((x, 4, 2), {}), shape=(2, 10)),
            calls(
                ("short", (_f("float32", (3,)), 4, 2), {}),
                ("exact", (_f("float32", (8,)), 4, 4), {}),
            ),
        ),
        "view_as_complex": calls(
            ("f32", (_f("float32", (3, 2)),), {}),
            ("bad", (_f("float32", (3, 3)),), {}),
        ),
        "view_as_real": calls(
            ("c64", (np.array([1 + 2j, 3 - 1j], "complex64"),), {})
        ),
        # Segment ops.
        **{
            f"segment_{kind}": combine(
                per_pair(
                    lambda d, i: (
                        (d, np.abs(i[:, 0].astype("int32")) % 2),
                        {"num_segments": 3},
                    ),
                    dtypes=DTYPES,
                    shape1=(2, 3),
                    shape2=(2, 3),
                ),
                calls(
                    (
                        "no-num",
                        (
                            _f("float32", (4, 2)),
                            np.array([0, 0, 1, 3], "int32"),
                        ),
                        {},
                    ),
                    (
                        "sorted",
                        (_f("float32", (4,)), np.array([0, 0, 1, 1], "int32")),
                        {"num_segments": 2, "sorted": True},
                    ),
                    (
                        "neg-id",
                        (_f("float32", (3,)), np.array([0, -1, 1], "int32")),
                        {"num_segments": 2},
                    ),
                    (
                        "empty-segment",
                        (_f("int32", (3,)), np.array([0, 0, 2], "int32")),
                        {"num_segments": 3},
                    ),
                ),
            )
            for kind in ("sum", "max", "min", "prod")
        },
        # Control flow and functional ops.
        "cond": calls(
            ("true", (True, _true_branch, _false_branch), {}),
            ("tensor", (np.array(False), _true_branch, _false_branch), {}),
            symbolic=False,
        ),
        "switch": calls(
            (
                "index",
                (
                    np.array(1, "int32"),
                    [_double, _double],
                    np.array([1.0, 2.0], "f4"),
                ),
                {},
            ),
            ("oob", (5, [_double, _double], np.array([1.0], "f4")), {}),
            symbolic=False,
        ),
        "map": calls(
            ("f32", (_double, _f("float32", (3, 2))), {}),
            ("int", (_double, _f("int8", (3,))), {}),
        ),
        "vectorized_map": calls(
            ("f32", (_double, _f("float32", (3, 2))), {}),
            ("int", (_double, _f("int8", (3,))), {}),
        ),
        "scan": calls(
            ("f32", (_scan_step, np.float32(0), _f("float32", (4,))), {}),
            (
                "reverse",
                (_scan_step, np.float32(0), _f("float32", (4,))),
                {"reverse": True},
            ),
            ("int", (_scan_step, np.int32(0), _f("int32", (4,))), {}),
            ("length", (_scan_step, np.float32(0)), {"xs": None, "length": 0}),
        ),
        "associative_scan": calls(
            ("f32", (_add_pair, _f("float32", (4,))), {}),
            (
                "reverse",
                (_add_pair, _f("int16", (4, 2))),
                {"reverse": True, "axis": 1},
            ),
        ),
        "fori_loop": calls(
            ("f32", (0, 3, _fori_body, np.float32(1.0)), {}),
            ("int", (0, 3, _fori_body, np.array([1, 2], "int8")), {}),
            symbolic=False,
        ),
        "while_loop": calls(
            (
                "f32",
                (_while_cond, _while_body, (np.array([1.0, 2.0], "f4"),)),
                {},
            ),
            (
                "max-iter",
                (_while_cond, _while_body, (np.array([1, 2], "int32"),)),
                {"maximum_iterations": 2},
            ),
            symbolic=False,
        ),
        "custom_gradient": calls(
            ("square", (_square_with_scaled_grad,), {}),
            symbolic=False,
            values=False,
        ),
        "vectorize": calls(
            ("square", (_double,), {}), symbolic=False, values=False
        ),
        "jvp": calls(
            (
                "square-sum",
                (_square_sum, (_f("float32", (3,)),), (np.ones(3, "f4"),)),
                {},
            ),
            symbolic=False,
        ),
        "rearrange": combine(
            per_dtype(lambda x: ((x, "a b -> b a"), {})),
            calls(
                ("merge", (_f("float32", (2, 3, 4)), "a b c -> a (b c)"), {}),
                (
                    "split",
                    (_f("float32", (6, 2)), "(a b) c -> a b c"),
                    {"a": 2},
                ),
                ("bad", (_f("float32", (6, 2)), "a b -> a b c"), {}),
            ),
        ),
        # Neural network ops.
        "one_hot": combine(
            per_dtype(
                lambda x: ((np.abs(x.astype("int32")) % 4, 4), {}),
                dtypes=DTYPES,
            ),
            *[
                calls(
                    (f"dtype-{d}", (np.array([0, 2], "int32"), 3), {"dtype": d})
                )
                for d in DTYPES
            ],
            calls(
                ("axis0", (np.array([0, 2], "int32"), 3), {"axis": 0}),
                ("oob", (np.array([-1, 5], "int32"), 3), {}),
                ("sparse", (np.array([0, 2], "int32"), 3), {"sparse": True}),
            ),
        ),
        "multi_hot": combine(
            per_dtype(
                lambda x: (
                    (np.abs(x.astype("int32")) % 4,),
                    {"num_classes": 4},
                ),
                dtypes=DTYPES,
            ),
            *[
                calls(
                    (
                        f"dtype-{d}",
                        (np.array([[0, 2]], "int32"),),
                        {"num_classes": 3, "dtype": d},
                    )
                )
                for d in DTYPES
            ],
            calls(
                ("1d", (np.array([0, 2], "int32"),), {"num_classes": 3}),
                (
                    "axis0",
                    (np.array([[0, 2]], "int32"),),
                    {"num_classes": 3, "axis": 0},
                ),
            ),
        ),
        "normalize": combine(
            unary(py=False, kinds=("ordinary", "edge", "empty")),
            unary(axis=0, order=1, py=False, kinds=("ordinary",)),
            calls(
                ("eps", (_f("float32", (2, 3)),), {"epsilon": 0.5}),
                ("int-order", (np.zeros((2, 3), "f4"),), {}),
            ),
        ),
        "rms_normalization": combine(
            per_pair(lambda x, s: ((x,), {"scale": s[0]})),
            unary(py=False, kinds=("ordinary", "edge", "empty")),
            calls(
                ("eps", (_f("float32", (2, 3)),), {"epsilon": 0.5, "axis": 0})
            ),
        ),
        "layer_normalization": combine(
            per_pair(lambda x, g: ((x,), {"gamma": g[0], "beta": g[1]})),
            unary(py=False, kinds=("ordinary", "edge", "empty")),
            calls(
                ("eps", (_f("float32", (2, 3)),), {"epsilon": 0.5, "axis": 0}),
                (
                    "rms-scaling",
                    (_f("float32", (2, 3)),),
                    {"rms_scaling": True},
                ),
            ),
        ),
        "batch_normalization": combine(
            per_pair(lambda x, m: ((x, m[0], np.abs(m[1]) + 1, -1), {})),
            per_pair(
                lambda x, m: (
                    (x, m[0], np.abs(m[1]) + 1, 1),
                    {"offset": m[0], "scale": m[1]},
                ),
                dtypes=("int8", "float16", "float32", "bfloat16"),
            ),
            calls(
                (
                    "axis0",
                    (
                        _f("float32", (2, 3)),
                        _f("float32", (2, 1)),
                        np.ones((2, 1), "f4"),
                        0,
                    ),
                    {},
                )
            ),
        ),
        "binary_crossentropy": combine(
            per_pair(lambda t, o: ((t, o), {}), kind="positive"),
            per_pair(lambda t, o: ((t, o), {"from_logits": True})),
            calls(
                (
                    "edge",
                    (
                        np.array([0.0, 1.0, 1.0, 0.0], "f4"),
                        np.array([0.0, 1.0, 0.0, 1.0], "f4"),
                    ),
                    {},
                ),
                (
                    "mismatch",
                    (_f("float32", (2, 3)), _f("float32", (3, 2))),
                    {},
                ),
            ),
        ),
        "categorical_crossentropy": combine(
            per_pair(lambda t, o: ((t, o), {}), kind="positive"),
            per_pair(
                lambda t, o: ((t, o), {"from_logits": True, "axis": 0}),
                dtypes=("int8", "float16", "float32", "bfloat16"),
            ),
            calls(
                (
                    "edge",
                    (np.eye(3, dtype="f4"), np.eye(3, dtype="f4")[::-1]),
                    {},
                ),
                (
                    "mismatch",
                    (_f("float32", (2, 3)), _f("float32", (2, 4))),
                    {},
                ),
            ),
        ),
        "sparse_categorical_crossentropy": combine(
            per_pair(
                lambda t, o: (
                    (np.abs(t[:, 0].astype("int32")).astype(t.dtype) % 3, o),
                    {},
                ),
                kind="positive",
            ),
            per_pair(
                lambda t, o: (
                    (np.abs(t[:, 0].astype("int32")) % 3, o),
                    {"from_logits": True},
                ),
                dtypes=FLOATS,
            ),
            calls(
                (
                    "float-target",
                    (
                        np.array([0.0, 2.0], "f4"),
                        _f("float32", (2, 3), "positive"),
                    ),
                    {},
                ),
                (
                    "oob",
                    (
                        np.array([0, 7], "int32"),
                        _f("float32", (2, 3), "positive"),
                    ),
                    {},
                ),
                (
                    "keepdim-target",
                    (
                        np.array([[0], [2]], "int32"),
                        _f("float32", (2, 3), "positive"),
                    ),
                    {},
                ),
            ),
        ),
        "ctc_loss": calls(
            *[
                (
                    d,
                    (
                        np.array([[1, 2, 0], [2, 0, 0]], "int32"),
                        _f(d, (2, 5, 4), seed=3),
                        np.array([2, 1], "int32"),
                        np.array([5, 4], "int32"),
                    ),
                    {},
                )
                for d in FLOATS
            ],
            (
                "mask1",
                (
                    np.array([[1, 2, 0], [2, 0, 0]], "int32"),
                    _f("float32", (2, 5, 4), seed=3),
                    np.array([2, 1], "int32"),
                    np.array([5, 4], "int32"),
                ),
                {"mask_index": 3},
            ),
            (
                "int8-lengths",
                (
                    np.array([[1, 2, 0]], "int8"),
                    _f("float32", (1, 5, 4), seed=3),
                    np.array([2], "int8"),
                    np.array([5], "int8"),
                ),
                {},
            ),
        ),
        "ctc_decode": calls(
            *[
                (d, (_f(d, (2, 5, 4), seed=3), np.array([5, 3], "int32")), {})
                for d in FLOATS
            ],
            (
                "no-merge",
                (_f("float32", (2, 5, 4), seed=3), np.array([5, 3], "int32")),
                {"merge_repeated": False},
            ),
            (
                "beam",
                (_f("float32", (2, 5, 4), seed=3), np.array([5, 3], "int32")),
                {"strategy": "beam_search", "beam_width": 3, "top_paths": 2},
            ),
            (
                "bad",
                (_f("float32", (2, 5, 4), seed=3), np.array([5, 3], "int32")),
                {"strategy": "x"},
            ),
        ),
        "conv": combine(
            per_pair(
                lambda x, k: ((x, k), {}), shape1=(1, 6, 2), shape2=(3, 2, 4)
            ),
            calls(
                (
                    "2d-same",
                    (_f("float32", (1, 6, 6, 2)), _f("float32", (3, 3, 2, 4))),
                    {"padding": "same", "strides": 2},
                ),
                (
                    "2d-dilated",
                    (_f("float32", (1, 7, 7, 2)), _f("float32", (3, 3, 2, 4))),
                    {"dilation_rate": 2},
                ),
                (
                    "cf",
                    (_f("float32", (1, 2, 6, 6)), _f("float32", (3, 3, 2, 4))),
                    {"data_format": "channels_first"},
                ),
                (
                    "groups",
                    (_f("float32", (1, 6, 4)), _f("float32", (3, 2, 4))),
                    {},
                ),
                (
                    "causal",
                    (_f("float32", (1, 6, 2)), _f("float32", (3, 2, 4))),
                    {"padding": "causal"},
                ),
                (
                    "bad-channels",
                    (_f("float32", (1, 6, 3)), _f("float32", (3, 2, 4))),
                    {},
                ),
                (
                    "3d",
                    (
                        _f("float32", (1, 4, 4, 4, 1)),
                        _f("float32", (2, 2, 2, 1, 2)),
                    ),
                    {"padding": "same"},
                ),
            ),
        ),
        "depthwise_conv": combine(
            per_pair(
                lambda x, k: ((x, k), {}),
                shape1=(1, 6, 2),
                shape2=(3, 2, 2),
                dtypes=("int8", "bfloat16", "float16", "float32", "float64"),
            ),
            calls(
                (
                    "2d",
                    (_f("float32", (1, 6, 6, 2)), _f("float32", (3, 3, 2, 2))),
                    {"padding": "same", "strides": 2},
                )
            ),
        ),
        "separable_conv": combine(
            calls(
                *[
                    (
                        d,
                        (
                            _f(d, (1, 6, 6, 2)),
                            _f(d, (3, 3, 2, 2)),
                            _f(d, (1, 1, 4, 3)),
                        ),
                        {},
                    )
                    for d in NUMERIC
                ]
            ),
            calls(
                (
                    "1d",
                    (
                        _f("float32", (1, 6, 2)),
                        _f("float32", (3, 2, 2)),
                        _f("float32", (1, 4, 3)),
                    ),
                    {"padding": "same"},
                )
            ),
        ),
        "conv_transpose": combine(
            per_pair(
                lambda x, k: ((x, k), {}),
                shape1=(1, 6, 2),
                shape2=(3, 4, 2),
                dtypes=("int8", "bfloat16", "float16", "float32", "float64"),
            ),
            calls(
                (
                    "2d-same",
                    (_f("float32", (1, 5, 5, 2)), _f("float32", (3, 3, 4, 2))),
                    {"padding": "same", "strides": 2},
                ),
                (
                    "output-padding",
                    (_f("float32", (1, 5, 5, 2)), _f("float32", (3, 3, 4, 2))),
                    {"strides": 2, "output_padding": 1},
                ),
                (
                    "cf",
                    (_f("float32", (1, 2, 5)), _f("float32", (3, 4, 2))),
                    {"data_format": "channels_first", "strides": 2},
                ),
                (
                    "dilated",
                    (_f("float32", (1, 5, 2)), _f("float32", (3, 4, 2))),
                    {"dilation_rate": 2},
                ),
            ),
        ),
        "max_pool": _pool_recipe(
            ("3d", (_f("float32", (1, 4, 4, 4, 1)), 2), {}),
        ),
        "average_pool": _pool_recipe(
            (
                "3d-same",
                (_f("float32", (1, 4, 4, 4, 1)), 3),
                {"padding": "same"},
            ),
        ),
        "adaptive_average_pool": _adaptive_pool_recipe(
            ("3d", (_f("float32", (1, 4, 5, 6, 1)), (2, 2, 3)), {}),
        ),
        "adaptive_max_pool": _adaptive_pool_recipe(),
        "dot_product_attention": combine(
            per_pair(
                lambda q, k: ((q, k, k), {}),
                shape1=(1, 3, 2, 4),
                shape2=(1, 5, 2, 4),
                dtypes=("int8", "bfloat16", "float16", "float32", "float64"),
            ),
            calls(
                (
                    "causal",
                    (
                        _f("float32", (1, 3, 2, 4)),
                        _f("float32", (1, 3, 2, 4)),
                        _f("float32", (1, 3, 2, 4)),
                    ),
                    {"is_causal": True},
                ),
                (
                    "mask",
                    (
                        _f("float32", (1, 3, 2, 4)),
                        _f("float32", (1, 3, 2, 4)),
                        _f("float32", (1, 3, 2, 4)),
                    ),
                    {"mask": np.tril(np.ones((3, 3), bool))},
                ),
                (
                    "bias-scale",
                    (
                        _f("float32", (1, 3, 2, 4)),
                        _f("float32", (1, 3, 2, 4)),
                        _f("float32", (1, 3, 2, 4)),
                    ),
                    {"bias": _f("float32", (1, 2, 3, 3)), "scale": 0.5},
                ),
                (
                    "3d",
                    (
                        _f("float32", (3, 2, 4)),
                        _f("float32", (3, 2, 4)),
                        _f("float32", (3, 2, 4)),
                    ),
                    {},
                ),
                (
                    "gqa",
                    (
                        _f("float32", (1, 3, 4, 4)),
                        _f("float32", (1, 3, 2, 4)),
                        _f("float32", (1, 3, 2, 4)),
                    ),
                    {},
                ),
                (
                    "softcap",
                    (
                        _f("float32", (1, 3, 2, 4)),
                        _f("float32", (1, 3, 2, 4)),
                        _f("float32", (1, 3, 2, 4)),
                    ),
                    {"attn_logits_soft_cap": 2.0},
                ),
            ),
        ),
        "depth_to_space": combine(
            per_dtype(lambda x: ((x, 2), {}), shape=(1, 2, 2, 8)),
            calls(
                (
                    "cf",
                    (_f("float32", (1, 8, 2, 2)), 2),
                    {"data_format": "channels_first"},
                ),
                ("bad", (_f("float32", (1, 2, 2, 6)), 2), {}),
            ),
        ),
        "space_to_depth": combine(
            per_dtype(lambda x: ((x, 2), {}), shape=(1, 4, 4, 2)),
            calls(
                (
                    "cf",
                    (_f("float32", (1, 2, 4, 4)), 2),
                    {"data_format": "channels_first"},
                ),
                ("bad", (_f("float32", (1, 3, 4, 2)), 2), {}),
            ),
        ),
        "fold": combine(
            per_dtype(lambda x: ((x, (3, 3), 2), {}), shape=(1, 8, 4)),
            calls(
                (
                    "stride",
                    (_f("float32", (1, 4, 4)), (4, 4), 2),
                    {"stride": 2},
                ),
                ("pad", (_f("float32", (1, 4, 16)), (3, 3), 2), {"padding": 1}),
            ),
        ),
        "unfold": combine(
            per_dtype(lambda x: ((x, 2), {}), shape=(1, 2, 3, 3)),
            calls(
                ("stride", (_f("float32", (1, 1, 4, 4)), 2), {"stride": 2}),
                (
                    "pad-dilation",
                    (_f("float32", (1, 1, 4, 4)), 2),
                    {"padding": 1, "dilation": 2},
                ),
            ),
        ),
        # Image ops (keras.ops.image).
        "image.resize": combine(
            image_per_dtype(lambda x: ((x, (4, 5)), {})),
            *[
                calls((f"{m}", (IMG, (5, 3)), {"interpolation": m}))
                for m in ("nearest", "bicubic", "lanczos3", "lanczos5", "area")
            ],
            calls(
                ("aspect", (IMG, (4, 6)), {"crop_to_aspect_ratio": True}),
                (
                    "pad",
                    (IMG, (4, 6)),
                    {"pad_to_aspect_ratio": True, "fill_value": 1.0},
                ),
                ("antialias", (IMG, (3, 3)), {"antialias": True}),
                ("3d", (IMG[0], (4, 4)), {}),
                (
                    "cf",
                    (IMG.transpose(0, 3, 1, 2), (4, 4)),
                    {"data_format": "channels_first"},
                ),
                (
                    "uint8-nearest",
                    (IMG.astype("uint8"), (4, 4)),
                    {"interpolation": "nearest"},
                ),
            ),
        ),
        "image.affine_transform": combine(
            image_per_dtype(
                lambda x: ((x, np.array([[1, 0, 1, 0, 1, 1, 0, 0]], "f4")), {})
            ),
            *[
                calls(
                    (
                        m,
                        (IMG, np.array([1, 0.1, 1, 0.2, 1, -1, 0, 0], "f4")),
                        {"interpolation": m},
                    )
                )
                for m in ("nearest", "bilinear")
            ],
            *[
                calls(
                    (
                        f"fill-{m}",
                        (IMG, np.array([1, 0, 3, 0, 1, -2, 0, 0], "f4")),
                        {"fill_mode": m, "fill_value": 0.5},
                    )
                )
                for m in ("constant", "reflect", "wrap", "nearest")
            ],
        ),
        "image.crop_images": combine(
            image_per_dtype(
                lambda x: (
                    (x,),
                    {
                        "top_cropping": 1,
                        "left_cropping": 2,
                        "target_height": 4,
                        "target_width": 3,
                    },
                )
            ),
            calls(
                (
                    "bottom",
                    (IMG,),
                    {
                        "bottom_cropping": 1,
                        "right_cropping": 2,
                        "top_cropping": 0,
                        "left_cropping": 0,
                    },
                ),
                (
                    "3d",
                    (IMG[0],),
                    {
                        "top_cropping": 1,
                        "left_cropping": 1,
                        "target_height": 2,
                        "target_width": 2,
                    },
                ),
            ),
        ),
        "image.pad_images": combine(
            image_per_dtype(
                lambda x: (
                    (x,),
                    {
                        "top_padding": 1,
                        "left_padding": 2,
                        "target_height": 10,
                        "target_width": 11,
                    },
                )
            ),
            calls(
                (
                    "bottom",
                    (IMG,),
                    {
                        "bottom_padding": 1,
                        "right_padding": 2,
                        "top_padding": 0,
                        "left_padding": 0,
                    },
                ),
                (
                    "3d",
                    (IMG[0],),
                    {
                        "top_padding": 1,
                        "left_padding": 1,
                        "target_height": 10,
                        "target_width": 10,
                    },
                ),
            ),
        ),
        "image.rgb_to_grayscale": combine(
            image_per_dtype(lambda x: ((x,), {}), dtypes=DTYPES),
            calls(
                (
                    "cf",
                    (IMG.transpose(0, 3, 1, 2),),
                    {"data_format": "channels_first"},
                ),
                ("3d", (IMG[0],), {}),
            ),
        ),
        "image.rgb_to_hsv": combine(
            image_per_dtype(lambda x: ((x,), {}), dtypes=DTYPES),
            calls(("3d", (IMG[0],), {})),
        ),
        "image.hsv_to_rgb": combine(
            image_per_dtype(lambda x: ((x,), {}), dtypes=DTYPES, scale=0.3),
            calls(("3d", (IMG[0] * 0.3,), {})),
        ),
        "image.gaussian_blur": combine(
            image_per_dtype(lambda x: ((x,), {}), dtypes=DTYPES),
            calls(
                (
                    "kernel",
                    (IMG,),
                    {"kernel_size": (5, 3), "sigma": (2.0, 0.5)},
                ),
                ("3d", (IMG[0],), {}),
            ),
        ),
        "image.sobel_edges": combine(
            image_per_dtype(lambda x: ((x,), {}), dtypes=DTYPES),
            calls(
                ("3d", (IMG[0],), {}),
                (
                    "cf",
                    (IMG.transpose(0, 3, 1, 2),),
                    {"data_format": "channels_first"},
                ),
            ),
        ),
        "image.extract_patches": combine(
            image_per_dtype(lambda x: ((x, 2), {}), dtypes=DTYPES),
            calls(
                (
                    "strides-same",
                    (IMG, (3, 3)),
                    {"strides": (2, 2), "padding": "same"},
                ),
                ("dilation", (IMG, 2), {"dilation_rate": 2}),
                ("3d", (IMG[0], 4), {}),
            ),
        ),
        "image.extract_patches_3d": combine(
            calls(*[(d, (_f(d, (1, 4, 4, 4, 2)), 2), {}) for d in NUMERIC]),
            calls(
                (
                    "strides-same",
                    (_f("float32", (1, 5, 5, 5, 1)), (2, 2, 2)),
                    {"strides": 2, "padding": "same"},
                )
            ),
        ),
        "image.map_coordinates": combine(
            per_pair(
                lambda x, c: (
                    (x, np.abs(c.astype("float32")).reshape(2, 1, 3) % 2),
                    {"order": 1},
                ),
                dtypes=NUMERIC,
            ),
            *[
                calls(
                    (
                        f"fill-{m}",
                        (
                            _f("float32", (4, 4)),
                            np.array(
                                [[[-1.0, 0.5, 4.5]], [[0.0, 2.5, 3.0]]], "f4"
                            ),
                            1,
                        ),
                        {"fill_mode": m, "fill_value": 0.5},
                    )
                )
                for m in ("constant", "nearest", "wrap", "mirror", "reflect")
            ],
            calls(
                (
                    "order0",
                    (
                        _f("float32", (4, 4)),
                        np.array([[0.4, 1.6]] * 2, "f4"),
                        0,
                    ),
                    {},
                )
            ),
        ),
        "image.perspective_transform": combine(
            image_per_dtype(
                lambda x: (
                    (
                        x,
                        np.array([[0, 0], [8, 0], [0, 8], [8, 8]], "f4"),
                        np.array([[1, 0], [7, 1], [0, 8], [8, 7]], "f4"),
                    ),
                    {},
                )
            ),
            calls(
                (
                    "nearest",
                    (
                        IMG,
                        np.array([[0, 0], [8, 0], [0, 8], [8, 8]], "f4"),
                        np.array([[1, 0], [7, 1], [0, 8], [8, 7]], "f4"),
                    ),
                    {"interpolation": "nearest"},
                )
            ),
        ),
        "image.elastic_transform": no_values(
            calls(
                *[
                    (d, (IMG.astype(_np_dtype(d)),), {"seed": 1})
                    for d in NUMERIC
                ]
            )
        ),
        "image.scale_and_translate": combine(
            calls(
                *[
                    (
                        d,
                        (
                            IMG.astype(_np_dtype(d)),
                            (2, 4, 4, 3),
                            (1, 2),
                            np.array([0.5, 0.5], "f4"),
                            np.array([0.0, 0.0], "f4"),
                            "bilinear",
                        ),
                        {},
                    )
                    for d in FLOATS
                ]
            ),
            calls(
                *[
                    (
                        m,
                        (
                            IMG,
                            (2, 6, 6, 3),
                            (1, 2),
                            np.array([0.7, 0.7], "f4"),
                            np.array([1.0, 0.0], "f4"),
                            m,
                        ),
                        {},
                    )
                    for m in ("nearest", "bicubic", "lanczos3", "lanczos5")
                ]
            ),
            calls(
                (
                    "antialias",
                    (
                        IMG,
                        (2, 4, 4, 3),
                        (1, 2),
                        np.array([0.5, 0.5], "f4"),
                        np.array([0.0, 0.0], "f4"),
                        "bilinear",
                    ),
                    {"antialias": True},
                )
            ),
        ),
        "image.ssim": combine(
            per_pair(
                lambda a, b: ((a, b), {}),
                shape1=(1, 12, 12, 1),
                shape2=(1, 12, 12, 1),
                kind="positive",
                dtypes=NUMERIC,
            ),
            calls(
                (
                    "max-val",
                    (IMG[:, :, :, :1] * 80, IMG[::-1, :, :, :1] * 80, 255.0),
                    {},
                ),
                ("3d", (IMG[0], IMG[1]), {}),
            ),
        ),
    }
)


# ------------------------------------------------------------ the worker
def _resolve(name):
    """The public function of `name` ("add", "image.resize")."""
    import keras

    module = keras.ops
    *path, leaf = name.split(".")
    for part in path:
        module = getattr(module, part)
    return getattr(module, leaf)


def _to_input(value, backend_tensors):
    """NumPy arrays become tensors (64-bit dtypes stay NumPy arrays)."""
    if isinstance(value, np.ndarray) and backend_tensors:
        if value.dtype.name in NUMPY_ONLY or value.dtype.kind == "c":
            return value
        from keras import ops

        return ops.convert_to_tensor(value)
    if isinstance(value, (list, tuple)):
        return type(value)(_to_input(v, backend_tensors) for v in value)
    if isinstance(value, dict):
        return {k: _to_input(v, backend_tensors) for k, v in value.items()}
    return value


def _to_symbolic(value, unknown_dims):
    """NumPy arrays become `KerasTensor`s, of unknown dimensions if asked."""
    import keras

    if isinstance(value, np.ndarray):
        shape = value.shape
        if unknown_dims:
            shape = (None,) * len(shape)
        dtype = (
            "bfloat16" if value.dtype.name == "bfloat16" else value.dtype.name
        )
        return keras.KerasTensor(shape, dtype=dtype)
    if isinstance(value, (list, tuple)):
        return type(value)(_to_symbolic(v, unknown_dims) for v in value)
    if isinstance(value, dict):
        return {k: _to_symbolic(v, unknown_dims) for k, v in value.items()}
    return value


def _record(result, symbolic):
    """Picklable description of a result: nested lists/dicts of leaves."""
    from keras import backend

    if isinstance(result, (list, tuple)):
        return {
            "seq": type(result).__name__,
            "items": [_record(r, symbolic) for r in result],
        }
    if isinstance(result, dict):
        return {
            "dict": {k: _record(v, symbolic) for k, v in sorted(result.items())}
        }
    if result is None or isinstance(
        result, (bool, int, float, str, np.generic)
    ):
        if isinstance(result, np.generic):
            return {"py": result.item(), "pytype": type(result).__name__}
        return {"py": result, "pytype": type(result).__name__}
    if symbolic:
        return {
            "dtype": backend.standardize_dtype(result.dtype),
            "shape": tuple(result.shape),
            "sparse": bool(getattr(result, "sparse", False)),
        }
    if callable(result) and not hasattr(result, "shape"):
        return {"py": "<callable>", "pytype": "callable"}
    sparse = type(result).__name__ in ("BCOO", "SparseTensor")
    if sparse:
        result = result.todense()
    dtype = getattr(result, "dtype", None)
    dtype = backend.standardize_dtype(dtype) if dtype is not None else None
    values = np.asarray(result)
    return {
        "dtype": dtype,
        "shape": tuple(values.shape),
        "values": values,
        "type": "numpy" if isinstance(result, np.ndarray) else "tensor",
        "sparse": sparse,
    }


def _error(exc):
    return {"error": type(exc).__name__, "message": str(exc)[:300]}


def _run_case(fn, case):
    try:
        args = _to_input(case.args, True)
        kwargs = _to_input(case.kwargs, True)
        eager = _record(fn(*args, **kwargs), False)
    except Exception as exc:  # noqa: BLE001 (every error is a result)
        eager = _error(exc)
    record = {"eager": eager}
    if case.symbolic:
        for key, unknown in (("symbolic", False), ("symbolic_none", True)):
            has_arrays = _has_arrays((case.args, case.kwargs))
            if unknown and not has_arrays:
                continue
            try:
                args = _to_symbolic(case.args, unknown)
                kwargs = _to_symbolic(case.kwargs, unknown)
                record[key] = _record(fn(*args, **kwargs), True)
            except Exception as exc:  # noqa: BLE001
                record[key] = _error(exc)
    return record


def _has_arrays(value):
    if isinstance(value, np.ndarray):
        return value.ndim > 0
    if isinstance(value, (list, tuple)):
        return any(_has_arrays(v) for v in value)
    if isinstance(value, dict):
        return any(_has_arrays(v) for v in value.values())
    return False


def worker(side, ops, out):
    """Runs the cases of `ops` and writes one pickle per op into `out`."""
    import warnings

    warnings.filterwarnings("ignore")
    import keras

    expected_here = side == "fork"
    here = os.path.dirname(os.path.dirname(os.path.abspath(keras.__file__)))
    if expected_here != (os.path.realpath(here) == os.path.realpath(REPO)):
        sys.exit(f"{side} side imported keras from {keras.__file__}")
    os.makedirs(out, exist_ok=True)
    for op in ops:
        with open(os.path.join(out, "_current"), "w") as f:
            f.write(op)
        try:
            fn = _resolve(op)
        except AttributeError as exc:
            results = {"_missing": _error(exc)}
        else:
            results = {}
            for case in RECIPES[op](op):
                results[case.label] = _run_case(fn, case)
                results[case.label]["values_mode"] = case.values
        with open(os.path.join(out, op + ".pkl"), "wb") as f:
            pickle.dump(results, f)
    os.remove(os.path.join(out, "_current"))


def public_ops(side):
    """{name: signature string} of every public function of `keras.ops`."""
    code = (
        "import inspect, json, importlib, keras\n"
        f"out = {{}}\nfor ns in {list(NAMESPACES)!r}:\n"
        "    m = importlib.import_module(ns)\n"
        "    for n in dir(m):\n"
        "        f = getattr(m, n)\n"
        "        if n.startswith('_') or inspect.isclass(f) or "
        "inspect.ismodule(f) or not callable(f):\n"
        "            continue\n"
        "        short = ns[len('keras.ops.'):]\n"
        "        key = n if short in ('', 'numpy', 'nn', 'linalg') else "
        "short + '.' + n\n"
        "        out.setdefault(key, {})[ns] = str(inspect.signature(f))\n"
        "print(json.dumps(out))\n"
    )
    python, cwd, env = _side(side)
    output = subprocess.run(
        [python, "-c", code], cwd=cwd, env=env, capture_output=True, text=True
    )
    if output.returncode:
        sys.exit(output.stderr)
    return json.loads(output.stdout.strip().splitlines()[-1])


def _side(side):
    env = dict(os.environ, KERAS_BACKEND="jax", JAX_PLATFORMS="cpu")
    env.pop("XLA_FLAGS", None)
    if side == "fork":
        env["PYTHONPATH"] = REPO
        return sys.executable, REPO, env
    env.pop("PYTHONPATH", None)
    return os.path.join(UPSTREAM_VENV, "bin", "python"), "/", env


def run_side(side, ops):
    """Runs the worker of `side` on `ops`, resuming after a crash."""
    out = os.path.join(RESULTS, side)
    python, cwd, env = _side(side)
    remaining = list(ops)
    while remaining:
        process = subprocess.run(
            [python, os.path.abspath(__file__), "--worker", side, *remaining],
            cwd=cwd,
            env=env,
        )
        if process.returncode == 0:
            return
        current = os.path.join(out, "_current")
        if not os.path.exists(current):
            sys.exit(f"{side} worker failed (exit code {process.returncode})")
        with open(current) as f:
            crashed = f.read()
        with open(os.path.join(out, crashed + ".pkl"), "wb") as f:
            pickle.dump({"_crashed": {"error": "crash", "message": ""}}, f)
        remaining = remaining[remaining.index(crashed) + 1 :]


# -------------------------------------------------------------- comparing
TOLERANCE = {
    "bfloat16": (2e-2, 1e-2),
    "float16": (2e-3, 1e-3),
    "float32": (1e-5, 1e-6),
    "float64": (1e-5, 1e-6),
}


def _compare_values(a, b, dtype, mode):
    if mode == "abs":
        a, b = np.abs(a), np.abs(b)
    if a.dtype.kind in "fc" or b.dtype.kind in "fc" or dtype == "bfloat16":
        a = a.astype("complex128" if a.dtype.kind == "c" else "float64")
        b = b.astype("complex128" if b.dtype.kind == "c" else "float64")
        rtol, atol = TOLERANCE.get(dtype, (1e-5, 1e-6))
        if not np.allclose(a, b, rtol=rtol, atol=atol, equal_nan=True):
            return "value"
        if a.dtype.kind == "f":
            zeros = (a == 0) & (b == 0)
            if np.any(np.signbit(a[zeros]) != np.signbit(b[zeros])):
                return "signed-zero"
        return None
    if not np.array_equal(a, b):
        return "value"
    return None


def compare_records(up, fork, mode, symbolic):
    """Differences between two result records: a list of (kind, detail)."""
    prefix = "symbolic-" if symbolic else ""
    if "error" in up or "error" in fork:
        if "error" in up and "error" in fork:
            if up["error"] != fork["error"]:
                return [
                    (prefix + "error-type", f"{up['error']} vs {fork['error']}")
                ]
            return []
        if "error" in up:
            return [
                (
                    prefix + "missing-error",
                    f"upstream raises {up['error']}: {up['message'][:120]}",
                )
            ]
        return [
            (
                prefix + "extra-error",
                f"{fork['error']}: {fork['message'][:160]}",
            )
        ]
    for key in ("seq", "dict"):
        if (key in up) != (key in fork):
            return [(prefix + "structure", f"{_brief(up)} vs {_brief(fork)}")]
    if "seq" in up:
        if len(up["items"]) != len(fork["items"]):
            return [
                (
                    prefix + "structure",
                    f"{len(up['items'])} vs {len(fork['items'])} items",
                )
            ]
        diffs = []
        if up["seq"] != fork["seq"]:
            diffs.append(
                (prefix + "structure", f"{up['seq']} vs {fork['seq']}")
            )
        for u, f in zip(up["items"], fork["items"]):
            diffs += compare_records(u, f, mode, symbolic)
        return diffs
    if "dict" in up:
        if sorted(up["dict"]) != sorted(fork["dict"]):
            return [(prefix + "structure", "dict keys")]
        diffs = []
        for k in up["dict"]:
            diffs += compare_records(
                up["dict"][k], fork["dict"][k], mode, symbolic
            )
        return diffs
    if ("py" in up) != ("py" in fork):
        return [(prefix + "structure", f"{_brief(up)} vs {_brief(fork)}")]
    if "py" in up:
        if up["pytype"] != fork["pytype"] or up["py"] != fork["py"]:
            if not (_both_nan(up["py"], fork["py"])):
                return [
                    (prefix + "python-value", f"{up['py']!r} vs {fork['py']!r}")
                ]
        return []
    diffs = []
    if up["dtype"] != fork["dtype"]:
        diffs.append((prefix + "dtype", f"{up['dtype']} vs {fork['dtype']}"))
    if tuple(up["shape"]) != tuple(fork["shape"]):
        diffs.append((prefix + "shape", f"{up['shape']} vs {fork['shape']}"))
    if up.get("sparse") != fork.get("sparse"):
        diffs.append(
            (prefix + "sparse", f"{up.get('sparse')} vs {fork.get('sparse')}")
        )
    if not symbolic and not diffs and mode:
        kind = _compare_values(up["values"], fork["values"], up["dtype"], mode)
        if kind:
            diffs.append((kind, _value_detail(up["values"], fork["values"])))
    return diffs


def _both_nan(a, b):
    return isinstance(a, float) and isinstance(b, float) and a != a and b != b


def _brief(record):
    if "error" in record:
        return record["error"]
    if "seq" in record:
        return f"{record['seq']}[{len(record['items'])}]"
    if "py" in record:
        return record["pytype"]
    return "tensor"


def _value_detail(a, b):
    flat_a, flat_b = a.reshape(-1)[:6], b.reshape(-1)[:6]
    return f"{flat_a!r} vs {flat_b!r}".replace("\n", " ")


def compare(ops):
    """{op: [(case, kind, detail)]} and the number of cases compared."""
    differences = {}
    counts = collections.Counter()
    for op in ops:
        up = _load("upstream", op)
        fork = _load("fork", op)
        if up is None or fork is None:
            continue
        found = []
        for key in ("_missing", "_crashed"):
            if key in up or key in fork:
                found.append(
                    (key, key[1:], f"upstream {key in up}, fork {key in fork}")
                )
        for label, up_record in up.items():
            if label.startswith("_"):
                continue
            counts["cases"] += 1
            fork_record = fork.get(label)
            if fork_record is None:
                found.append((label, "no-case", ""))
                continue
            mode = up_record.get("values_mode", True)
            for kind in ("eager", "symbolic", "symbolic_none"):
                if kind not in up_record:
                    continue
                counts[kind] += 1
                for diff_kind, detail in compare_records(
                    up_record[kind],
                    fork_record.get(kind, {"error": "absent", "message": ""}),
                    mode,
                    kind != "eager",
                ):
                    if kind == "symbolic_none":
                        diff_kind = diff_kind.replace("symbolic-", "none-dims-")
                    found.append((label, diff_kind, detail))
        differences[op] = found
        counts["ops"] += 1
    return differences, counts


def _load(side, op):
    path = os.path.join(RESULTS, side, op + ".pkl")
    if not os.path.exists(path):
        return None
    with open(path, "rb") as f:
        return pickle.load(f)


def compare_signatures():
    up, fork = public_ops("upstream"), public_ops("fork")
    lines = []
    for name in sorted(set(up) | set(fork)):
        u, f = up.get(name, {}), fork.get(name, {})
        for ns in sorted(set(u) | set(f)):
            if u.get(ns) != f.get(ns):
                op = f"{ns}.{name.split('.')[-1]}"
                lines.append(f"{op}: upstream {u.get(ns)} vs here {f.get(ns)}")
    return up, lines


def main():
    parser = argparse.ArgumentParser(
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("ops", nargs="*")
    parser.add_argument("--worker", metavar="SIDE")
    parser.add_argument("--report-only", action="store_true")
    parser.add_argument("--rerun-upstream", action="store_true")
    parser.add_argument("--details", action="store_true")
    parser.add_argument("--json", metavar="FILE")
    args = parser.parse_args()
    if args.worker:
        worker(args.worker, args.ops, os.path.join(RESULTS, args.worker))
        return
    upstream_ops, signature_lines = compare_signatures()
    unknown = [op for op in args.ops if op not in RECIPES]
    if unknown:
        sys.exit(f"No recipe for {unknown}. Known: {sorted(RECIPES)}")
    ops = args.ops or sorted(RECIPES)
    if not args.report_only:
        start = time.time()
        todo = [
            op
            for op in ops
            if args.rerun_upstream or _load("upstream", op) is None
        ]
        with concurrent.futures.ThreadPoolExecutor(2) as pool:
            jobs = [pool.submit(run_side, "fork", ops)]
            if todo:
                jobs.append(pool.submit(run_side, "upstream", todo))
            for job in jobs:
                job.result()
        print(f"ran {len(ops)} ops in {time.time() - start:.0f} s")
    differences, counts = compare(ops)
    without_recipe = sorted(set(upstream_ops) - set(RECIPES))
    by_kind = collections.Counter(
        kind for found in differences.values() for _, kind, _ in found
    )
    print(
        f"{counts['ops']} ops, {counts['cases']} calls "
        f"({counts['eager']} eager, {counts['symbolic']} symbolic, "
        f"{counts['symbolic_none']} with None dims)"
    )
    print(f"ops with differences: {sum(1 for f in differences.values() if f)}")
    print(f"differences: {sum(by_kind.values())}")
    for kind, n in by_kind.most_common():
        print(f"  {kind}: {n}")
    for op, found in sorted(differences.items()):
        if not found:
            continue
        kinds = collections.Counter(kind for _, kind, _ in found)
        print(f"{op}: " + ", ".join(f"{k} {n}" for k, n in kinds.most_common()))
        if args.details:
            for label, kind, detail in found:
                print(f"    {label}: {kind}: {detail}")
    print(f"signature differences: {len(signature_lines)}")
    for line in signature_lines:
        print("  " + line)
    if without_recipe:
        print(f"public ops without a recipe: {without_recipe}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(
                {op: found for op, found in differences.items() if found},
                f,
                indent=1,
                default=str,
            )


if __name__ == "__main__":
    main()
