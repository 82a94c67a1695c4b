"""The ONNX lowering of each primitive, run by ONNX Runtime.

Each case traces a JAX function with symbolic dimensions, lowers it to
ONNX and runs it on inputs whose symbolic dimensions take sizes the trace
never saw; the outputs must equal the function's own (JAX) outputs. Both
sides compute the same float32 operations on a few values each, so they
agree to float32 round-off of the values involved (`rtol=1e-5,
atol=1e-6`); integer and shape results must be identical.
"""

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax import lax

onnx = pytest.importorskip("onnx")
onnxruntime = pytest.importorskip("onnxruntime")

from keras.src.backend.jax import jaxpr_to_onnx  # noqa: E402


def _lower(fn, specs, opset=jaxpr_to_onnx.MIN_OPSET + 10):
    """ONNX model of `fn` for `specs`: a list of `(shape string, dtype)`."""
    scope = jax.export.SymbolicScope()
    args = [
        jax.ShapeDtypeStruct(jax.export.symbolic_shape(s, scope=scope), d)
        for s, d in specs
    ]
    closed = jax.make_jaxpr(fn)(*args)
    names = [f"x{i}" for i in range(len(args))]
    outputs = [f"y{i}" for i in range(len(closed.jaxpr.outvars))]
    return jaxpr_to_onnx.jaxpr_to_onnx(closed, [], names, outputs, opset)


def _check(fn, specs, inputs, opset=jaxpr_to_onnx.MIN_OPSET + 10):
    model = _lower(fn, specs, opset)
    session = onnxruntime.InferenceSession(model.SerializeToString())
    served = session.run(None, {f"x{i}": x for i, x in enumerate(inputs)})
    expected = jax.tree_util.tree_leaves(fn(*inputs))
    assert len(served) == len(expected)
    for got, want in zip(served, expected):
        want = np.asarray(want)
        assert got.shape == want.shape
        assert got.dtype == want.dtype
        if np.issubdtype(want.dtype, np.inexact):
            np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)
        else:
            np.testing.assert_array_equal(got, want)


def _normal(*shape):
    return np.random.default_rng(0).normal(size=shape).astype("float32")


def _conv_pool(x, w):
    y = lax.conv_general_dilated(
        x, w, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC")
    )
    maxed = lax.reduce_window(
        y, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID"
    )
    summed = lax.reduce_window(
        y, 0.0, lax.add, (1, 2, 2, 1), (1, 1, 1, 1), "SAME"
    )
    transposed = lax.conv_transpose(
        x, w, (2, 3), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC")
    )
    cropped = lax.conv_general_dilated(
        x,
        w,
        (1, 1),
        [(-1, 1), (0, -1)],
        lhs_dilation=(2, 1),
        dimension_numbers=("NHWC", "HWIO", "NHWC"),
    )
    return maxed, summed, jnp.mean(y, axis=(1, 2)), transposed, cropped


def _loops(xs, h):
    def step(carry, x):
        carry = jnp.tanh(carry + x)
        return carry, carry * 2.0

    forward = lax.scan(step, h, xs)
    backward = lax.scan(step, h, xs, reverse=True)
    doubled = lax.while_loop(
        lambda c: c[1] < 3, lambda c: (c[0] * 2.0, c[1] + 1), (h, 0)
    )
    return forward, backward, doubled


def _branches(x, i):
    first = lax.cond(jnp.sum(x) > 0, jnp.sin, jnp.cos, x)
    second = lax.switch(i, [jnp.sin, jnp.cos, jnp.exp], x)
    return first, second


def _gathers(table, ids):
    return (
        jnp.take(table, ids, axis=0),  # out-of-bounds ids read NaN
        jnp.take(table, ids, axis=0, mode="clip"),
        jnp.take(table.T, ids[:, 0], axis=1),
    )


def _shapes(x):
    b = x.shape[0]
    flat = x.reshape(-1)  # (3 * b,)
    twice = jnp.concatenate([x, x])  # (2 * b, 3)
    positions = jnp.arange(twice.shape[0])
    start = jnp.argmax(x[:, 0]).astype("int32")
    window = lax.dynamic_slice(twice, (start, 0), (2, 3))
    padded = lax.pad(x, 0.0, [(1, -1, 0), (2, 0, 0)])
    halves = jnp.split(x, [1], axis=1)
    return (
        flat,
        positions,
        window,
        padded,
        jnp.flip(x, 0),
        halves[0],
        halves[1],
        lax.cumsum(x, axis=0, reverse=True),
        lax.top_k(x, 2)[0],
        lax.top_k(x, 2)[1],
        jnp.mean(flat) * b,
    )


def _elementwise(x, y, k):
    return (
        lax.integer_pow(x, -3),
        lax.integer_pow(x, 5),
        lax.round(x * 3, lax.RoundingMethod.AWAY_FROM_ZERO),
        jnp.round(x * 3),
        lax.select_n(k, x, y, x * y),
        jnp.clip(x, -0.5, 0.5),
        lax.rem(x * 5, y),
        jnp.isfinite(x / (y - y)),
        lax.erf(x),
        lax.erfc(x),
        jnp.log1p(jnp.abs(x)),
        jnp.expm1(x),
        jax.nn.relu(x) ** 1.5,
        (x > 0) & (y < 0),
        k ^ 3,
    )


def _math(x):
    positive = jnp.abs(x) + 0.5
    bounded = jnp.clip(x, -0.9, 0.9)
    return (
        jnp.floor(x),
        jnp.ceil(x),
        jnp.sign(x),
        jnp.sqrt(positive),
        jnp.log(positive),
        lax.rsqrt(positive),
        jnp.exp2(x),
        jnp.tan(bounded),
        jnp.arcsin(bounded),
        jnp.arccos(bounded),
        jnp.arctan(x),
        jnp.sinh(x),
        jnp.cosh(x),
        jnp.arcsinh(x),
        jnp.arccosh(positive + 1.0),
        jnp.arctanh(bounded),
        jax.nn.sigmoid(x),
        lax.reduce_precision(x, exponent_bits=8, mantissa_bits=7),
        jnp.square(lax.stop_gradient(x)),
    )


def _reductions(x):
    return (
        jnp.min(x, axis=1),
        jnp.prod(x, axis=0),
        jnp.argmin(x, axis=1),
        jnp.all(x > -1.0, axis=1),
        jnp.any(x > 1.0, axis=0),
        jnp.logical_not((x == x[0]) | (x <= 0.0)),
        (x >= 0.5) != (x < 0.1),
        x[1:, ::2],
    )


@jax.custom_vjp
def _scaled(x):
    return x * 3.0


_scaled.defvjp(lambda x: (x * 3.0, None), lambda _, g: (g * 3.0,))


def _calls(x):
    return jax.checkpoint(jnp.sin)(x), _scaled(x), jax.jit(jnp.cos)(x)


def _dots(a, b, q, w):
    return (
        jnp.einsum("bij,bjk->bik", a, b),
        jnp.einsum("bij,kji->bk", a, b[:1].repeat(2, axis=0)),
        lax.dot_general(q, w, (((1,), (0,)), ((), ())), None, jnp.int32),
        a @ b[0],
    )


CASES = {
    "conv_pool": (
        _conv_pool,
        [("b, h, w, 2", "float32"), ("3, 3, 2, 4", "float32")],
        [_normal(3, 6, 8, 2), _normal(3, 3, 2, 4)],
    ),
    "loops": (
        _loops,
        [("5, b, 4", "float32"), ("b, 4", "float32")],
        [_normal(5, 3, 4), _normal(3, 4)],
    ),
    "branches": (
        _branches,
        [("b, 4", "float32"), ("", "int32")],
        [_normal(3, 4), np.asarray(2, "int32")],
    ),
    "gathers": (
        _gathers,
        [("10, 3", "float32"), ("b, 2", "int32")],
        [_normal(10, 3), np.asarray([[1, 9], [3, 12], [-1, 0]], "int32")],
    ),
    "shapes": (_shapes, [("b, 3", "float32")], [_normal(5, 3)]),
    "elementwise": (
        _elementwise,
        [("b, 4", "float32"), ("b, 4", "float32"), ("b, 4", "int32")],
        [
            _normal(3, 4) + 0.1,
            _normal(3, 4) - 2.0,
            np.asarray([[0, 1, 2, 1]] * 3, "int32"),
        ],
    ),
    "math": (_math, [("b, 4", "float32")], [_normal(3, 4)]),
    "reductions": (_reductions, [("b, 4", "float32")], [_normal(3, 4)]),
    "calls": (_calls, [("b, 4", "float32")], [_normal(3, 4)]),
    "dots": (
        _dots,
        [
            ("b, 3, 4", "float32"),
            ("b, 4, 3", "float32"),
            ("b, 6", "int8"),
            ("6, 2", "int8"),
        ],
        [
            _normal(2, 3, 4),
            _normal(2, 4, 3),
            np.arange(-60, 60, 10, dtype="int8").reshape(2, 6),
            np.arange(12, dtype="int8").reshape(6, 2) * 10,
        ],
    ),
}


@pytest.mark.parity
@pytest.mark.parametrize("case", list(CASES))
def test_lowering_matches_jax(case):
    fn, specs, inputs = CASES[case]
    _check(fn, specs, inputs)


@pytest.mark.parity
def test_opset_13_writes_reduction_axes_as_attributes():
    def fn(x):
        return jnp.max(x, axis=1), jnp.sum(x, axis=0)

    model = _lower(fn, [("b, 4", "float32")], opset=13)
    assert model.opset_import[0].version == 13
    reduce_max = [n for n in model.graph.node if n.op_type == "ReduceMax"]
    assert [a.name for a in reduce_max[0].attribute] == ["axes", "keepdims"]
    _check(fn, [("b, 4", "float32")], [_normal(3, 4)], opset=13)


def test_symbolic_dimensions_are_named_inputs():
    model = _lower(lambda x, y: x + y, [("b, 4", "float32")] * 2)
    dims = [
        [d.dim_param or d.dim_value for d in i.type.tensor_type.shape.dim]
        for i in model.graph.input
    ]
    assert dims == [["b", 4], ["b", 4]]


def test_unsupported_primitive_is_named():
    with pytest.raises(NotImplementedError, match="primitive 'sort'"):
        _lower(lambda x: jnp.sort(x), [("b", "float32")])


def test_opset_below_13_is_refused():
    with pytest.raises(ValueError, match="opset_version=12"):
        _lower(lambda x: x + 1, [("b", "float32")], opset=12)
