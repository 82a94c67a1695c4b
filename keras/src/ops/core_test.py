"""Tests of the core ops: casting, control flow, slicing and scatter."""

import jax
import numpy as np
import pytest

from keras.src import backend
from keras.src import ops
from keras.src.backend.common.keras_tensor import KerasTensor


class TestCasting:
    def test_cast(self):
        out = ops.cast(np.array([1.7, -2.2]), "int32")
        np.testing.assert_array_equal(out, [1, -2])
        assert out.dtype == "int32"
        assert ops.cast(KerasTensor((None, 2)), "float16").dtype == "float16"
        v = backend.Variable(np.ones(2), name="v")
        assert ops.cast(v, "int32").dtype == "int32"

    @pytest.mark.float16
    def test_saturate_cast(self):
        out = ops.saturate_cast(np.array([-5.0, 100.0, 300.0]), "uint8")
        np.testing.assert_array_equal(out, [0, 100, 255])
        out = ops.saturate_cast(np.array([70000, -70000]), "int16")
        np.testing.assert_array_equal(out, [32767, -32768])
        out = ops.saturate_cast(np.array([3e38, -3e38], "float32"), "float16")
        np.testing.assert_array_equal(out, [65504.0, -65504.0])
        assert ops.saturate_cast(np.array([True]), "int8").dtype == "int8"

    def test_convert_to_tensor(self):
        x = ops.convert_to_tensor([1, 2])
        assert ops.is_tensor(x) and x.dtype == "int32"
        assert ops.convert_to_tensor([1.0]).dtype == "float32"
        assert ops.convert_to_tensor(np.ones(2), dtype="int8").dtype == "int8"
        kt = KerasTensor((None, 2))
        assert ops.convert_to_tensor(kt) is kt
        assert ops.convert_to_tensor(kt, dtype="int32").dtype == "int32"
        assert not ops.is_tensor(np.ones(2))

    def test_convert_to_tensor_of_a_list_of_traced_arrays(self):
        # A list holding traced values (a loss summing per-step scalars)
        # is stacked inside `jit`; arrays keep their dtype.
        total = jax.jit(lambda a: ops.sum([a, 2 * a]))(np.float32(1.0))
        np.testing.assert_allclose(total, 3.0)
        halves = jax.jit(lambda a: ops.convert_to_tensor([a, 2.0]))(
            np.float16(1.0)
        )
        assert halves.dtype == "float16"
        v = backend.Variable(np.ones(2, "float32"), name="v")
        assert ops.convert_to_tensor([v, v]).shape == (2, 2)

    def test_convert_to_numpy(self):
        out = ops.convert_to_numpy(ops.ones((2,)))
        assert isinstance(out, np.ndarray)
        v = backend.Variable(np.ones(2), name="v")
        assert isinstance(ops.convert_to_numpy(v), np.ndarray)
        with pytest.raises(ValueError):
            ops.convert_to_numpy(KerasTensor((2,)))

    def test_shape_and_dtype(self):
        assert ops.shape(KerasTensor((None, 3))) == (None, 3)
        assert ops.shape(np.zeros((2, 3))) == (2, 3)
        assert ops.shape(ops.zeros((4,))) == (4,)
        assert ops.dtype(np.zeros(2, "int8")) == "int8"
        assert ops.dtype(KerasTensor((2,), "bfloat16")) == "bfloat16"

    def test_stop_gradient(self):
        grad = jax.grad(lambda x: ops.sum(ops.stop_gradient(x) * x))(
            np.ones(3, "float32")
        )
        np.testing.assert_array_equal(grad, np.ones(3))
        assert ops.stop_gradient(KerasTensor((None, 2))).shape == (None, 2)


class TestControlFlow:
    def test_cond(self):
        out = ops.cond(True, lambda: ops.ones((2,)), lambda: ops.zeros((2,)))
        np.testing.assert_array_equal(out, [1.0, 1.0])

        @jax.jit
        def f(x):
            return ops.cond(x > 0, lambda: x * 2, lambda: x - 1)

        assert float(f(3.0)) == 6.0 and float(f(-3.0)) == -4.0

    def test_switch(self):
        branches = [lambda x: x + 1, lambda x: x * 10]
        assert int(ops.switch(1, branches, 2)) == 20
        assert int(ops.switch(5, branches, 2)) == 20  # clamped

    def test_loops(self):
        assert int(ops.fori_loop(0, 10, lambda i, s: s + i, 0)) == 45
        out = ops.while_loop(lambda i: i < 10, lambda i: i + 3, 0)
        assert int(out) == 12
        out = ops.while_loop(
            lambda i, s: i < 5, lambda i, s: (i + 1, s * 2), (0, 1)
        )
        assert (int(out[0]), int(out[1])) == (5, 32)
        out = ops.while_loop(
            lambda i: True, lambda i: i + 1, 0, maximum_iterations=7
        )
        assert int(out) == 7

    def test_scan(self):
        def f(carry, x):
            return carry + x, carry * x

        carry, ys = ops.scan(f, 0.0, np.arange(4.0))
        assert float(carry) == 6.0
        np.testing.assert_array_equal(ys, [0.0, 0.0, 2.0, 9.0])
        carry, ys = ops.scan(f, 0.0, np.arange(4.0), reverse=True)
        assert float(carry) == 6.0
        carry, _ = ops.scan(lambda c, _: (c + 1, None), 0, length=5)
        assert int(carry) == 5

    def test_associative_scan_and_map(self):
        out = ops.associative_scan(ops.add, np.arange(5.0))
        np.testing.assert_array_equal(out, np.cumsum(np.arange(5.0)))
        out = ops.associative_scan(ops.add, np.arange(5.0), reverse=True)
        np.testing.assert_array_equal(
            out, np.cumsum(np.arange(5.0)[::-1])[::-1]
        )
        out = ops.map(lambda x: x * 2, np.arange(3.0))
        np.testing.assert_array_equal(out, [0.0, 2.0, 4.0])
        out = ops.vectorized_map(lambda x: ops.sum(x), np.ones((3, 4)))
        np.testing.assert_array_equal(out, [4.0, 4.0, 4.0])

    def test_custom_gradient(self):
        @ops.custom_gradient
        def clipped(x):
            def grad(upstream):
                return ops.clip(upstream, -0.5, 0.5)

            return x * 1.0, grad

        g = jax.grad(lambda x: ops.sum(clipped(x) * 3.0))(np.ones(2, "f4"))
        np.testing.assert_array_equal(g, [0.5, 0.5])


class TestSlicing:
    x = np.arange(24).reshape(4, 6)

    def test_slice(self):
        out = ops.slice(self.x, (1, 2), (2, 3))
        np.testing.assert_array_equal(out, self.x[1:3, 2:5])
        # Traced start indices.
        f = jax.jit(lambda i: ops.slice(self.x, (i, 0), (2, 6)))
        np.testing.assert_array_equal(f(2), self.x[2:4])
        sym = ops.slice(KerasTensor((None, 6)), (0, 1), (2, 3))
        assert sym.shape == (2, 3)

    def test_slice_update(self):
        out = ops.slice_update(self.x, (1, 1), np.zeros((2, 2), "int32"))
        ref = self.x.copy()
        ref[1:3, 1:3] = 0
        np.testing.assert_array_equal(out, ref)

    def test_scatter(self):
        out = ops.scatter(
            np.array([[0, 1], [2, 0], [0, 1]]),
            np.array([1.0, 2.0, 3.0]),
            (3, 2),
        )
        np.testing.assert_array_equal(out, [[0, 4], [0, 0], [2, 0]])
        # Row scatter.
        out = ops.scatter(np.array([[1]]), np.ones((1, 3)), (2, 3))
        np.testing.assert_array_equal(out, [[0, 0, 0], [1, 1, 1]])

    def test_scatter_update(self):
        out = ops.scatter_update(
            np.zeros((2, 3)), np.array([[0, 0], [1, 2]]), np.array([5.0, 6.0])
        )
        np.testing.assert_array_equal(out, [[5, 0, 0], [0, 0, 6]])
        sym = ops.scatter_update(
            KerasTensor((4, 3)), np.array([[0, 0]]), np.array([1.0])
        )
        assert sym.shape == (4, 3)

    def test_unstack(self):
        parts = ops.unstack(self.x, axis=1)
        assert len(parts) == 6
        np.testing.assert_array_equal(parts[2], self.x[:, 2])
        with pytest.raises(ValueError):
            ops.unstack(self.x, num=3)
        sym = ops.unstack(KerasTensor((None, 3)), axis=1)
        assert [s.shape for s in sym] == [(None,)] * 3


def test_all_ops_are_exported_under_keras_ops():
    import keras

    for name in (
        "matmul",
        "einsum",
        "add",
        "multiply",
        "mean",
        "sum",
        "square",
        "sqrt",
        "log",
        "exp",
        "maximum",
        "minimum",
        "clip",
        "cast",
        "reshape",
        "transpose",
        "expand_dims",
        "squeeze",
        "where",
        "equal",
        "argmax",
        "one_hot",
        "softmax",
        "log_softmax",
        "relu",
        "gelu",
        "sigmoid",
        "tanh",
        "convert_to_tensor",
        "concatenate",
        "stack",
        "take",
        "ones",
        "zeros",
        "ones_like",
        "zeros_like",
        "full",
        "arange",
        "abs",
        "sign",
        "power",
        "rsqrt",
        "cumsum",
        "norm",
        "logsumexp",
        "top_k",
        "slice",
        "scatter",
        "get_item",
    ):
        assert callable(getattr(keras.ops, name)), name
    assert keras.ops.nn.relu is keras.ops.relu
    # As upstream, the core and math ops are public only directly under
    # `keras.ops`: there is no `keras.ops.core` nor `keras.ops.math`.
    assert not hasattr(keras.ops, "core")
    assert not hasattr(keras.ops, "math")
    assert keras.ops.linalg.norm is keras.ops.norm
    assert keras.ops.numpy.add is keras.ops.add


def test_keras_tensor_dunders_resolve_in_ops():
    for name in (
        "add",
        "subtract",
        "multiply",
        "true_divide",
        "floor_divide",
        "mod",
        "power",
        "matmul",
        "less",
        "less_equal",
        "greater",
        "greater_equal",
        "equal",
        "not_equal",
        "logical_and",
        "logical_or",
        "negative",
        "absolute",
        "logical_not",
        "get_item",
        "reshape",
        "squeeze",
    ):
        assert callable(getattr(ops, name)), name
    import keras.src.ops.math as math_module

    assert ops.math is math_module  # not shadowed by a star import


def test_scatter_update_reductions_and_slice_to_end():
    base = np.ones(3, "float32")
    indices = [[0], [0], [2]]
    updates = np.array([2.0, 3.0, 4.0], "float32")
    np.testing.assert_allclose(
        ops.scatter_update(base, indices, updates, reduction="mul"),
        [6.0, 1.0, 4.0],
    )
    np.testing.assert_allclose(
        ops.scatter_update(base, indices, updates, reduction="add"),
        [6.0, 1.0, 5.0],
    )
    with pytest.raises(ValueError, match="reduction"):
        ops.scatter_update(base, indices, updates, reduction="mean")
    x = np.arange(12).reshape(3, 4)
    np.testing.assert_array_equal(ops.slice(x, (1, 2), (-1, -1)), x[1:, 2:])
    assert ops.slice(KerasTensor((3, 4)), (1, 2), (-1, 2)).shape == (2, 2)


def test_loop_op_classes_and_cond_spec():
    from keras.src.ops import core

    assert int(core.ForiLoop(0, 4, lambda i, s: s + i)(0)) == 6
    out = core.WhileLoop(lambda v: v < 5, lambda v: v + 2)(np.array(0))
    assert int(out) == 6
    with pytest.raises(ValueError, match="same structure"):
        ops.cond(
            KerasTensor((), "bool"),
            lambda: ops.ones((2,)),
            lambda: ops.ones((3,)),
        )
