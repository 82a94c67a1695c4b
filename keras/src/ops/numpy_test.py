"""Tests of the NumPy-style ops against NumPy, symbolic shapes and dtypes."""

import numpy as np
import pytest

from keras.src import backend
from keras.src import ops
from keras.src.backend.common.keras_tensor import KerasTensor

rng = np.random.RandomState(0)
X = rng.randn(2, 3).astype("float32")
Y = rng.randn(2, 3).astype("float32")
P = rng.rand(2, 3).astype("float32") + 0.5  # positive
U = (rng.rand(2, 3).astype("float32") - 0.5) * 1.8  # in (-0.9, 0.9)
K = np.array([[1, -2, 3], [4, 5, -6]], dtype="int32")
B = np.array([[True, False, True], [False, False, True]])
M = rng.randn(3, 4).astype("float32")
V = rng.randn(3).astype("float32")
T3 = rng.randn(2, 3, 4).astype("float32")

# (op name, positional args, keyword args, NumPy reference)
CASES = [
    ("add", (X, Y), {}, np.add),
    ("subtract", (X, Y), {}, np.subtract),
    ("multiply", (X, Y), {}, np.multiply),
    ("divide", (X, P), {}, np.divide),
    ("true_divide", (X, P), {}, np.true_divide),
    ("floor_divide", (K, 2), {}, np.floor_divide),
    ("mod", (K, 4), {}, np.mod),
    ("power", (P, Y), {}, np.power),
    ("maximum", (X, Y), {}, np.maximum),
    ("minimum", (X, Y), {}, np.minimum),
    ("arctan2", (X, Y), {}, np.arctan2),
    ("logaddexp", (X, Y), {}, np.logaddexp),
    ("hypot", (X, Y), {}, np.hypot),
    ("negative", (X,), {}, np.negative),
    ("absolute", (X,), {}, np.absolute),
    ("abs", (K,), {}, np.abs),
    ("sign", (X,), {}, np.sign),
    ("square", (X,), {}, np.square),
    ("sqrt", (P,), {}, np.sqrt),
    ("reciprocal", (P,), {}, np.reciprocal),
    ("exp", (X,), {}, np.exp),
    ("exp2", (X,), {}, np.exp2),
    ("expm1", (X,), {}, np.expm1),
    ("log", (P,), {}, np.log),
    ("log1p", (P,), {}, np.log1p),
    ("log2", (P,), {}, np.log2),
    ("log10", (P,), {}, np.log10),
    ("sin", (X,), {}, np.sin),
    ("cos", (X,), {}, np.cos),
    ("tan", (U,), {}, np.tan),
    ("arcsin", (U,), {}, np.arcsin),
    ("arccos", (U,), {}, np.arccos),
    ("arctan", (X,), {}, np.arctan),
    ("sinh", (X,), {}, np.sinh),
    ("cosh", (X,), {}, np.cosh),
    ("tanh", (X,), {}, np.tanh),
    ("arcsinh", (X,), {}, np.arcsinh),
    ("arccosh", (P + 1,), {}, np.arccosh),
    ("arctanh", (U,), {}, np.arctanh),
    ("floor", (X,), {}, np.floor),
    ("ceil", (X,), {}, np.ceil),
    ("trunc", (X,), {}, np.trunc),
    ("round", (X * 10,), {}, np.round),
    ("round", (X,), {"decimals": 1}, lambda x, decimals: np.round(x, 1)),
    ("clip", (X, -0.5, 0.5), {}, np.clip),
    ("equal", (K, 3), {}, np.equal),
    ("not_equal", (K, 3), {}, np.not_equal),
    ("less", (X, Y), {}, np.less),
    ("less_equal", (X, Y), {}, np.less_equal),
    ("greater", (X, Y), {}, np.greater),
    ("greater_equal", (X, Y), {}, np.greater_equal),
    ("isclose", (X, X + 1e-9), {}, np.isclose),
    ("logical_and", (B, ~B[::-1]), {}, np.logical_and),
    ("logical_or", (B, B[::-1]), {}, np.logical_or),
    ("logical_xor", (B, B[::-1]), {}, np.logical_xor),
    ("logical_not", (B,), {}, np.logical_not),
    ("isfinite", (np.array([1.0, np.inf, np.nan]),), {}, np.isfinite),
    ("isinf", (np.array([1.0, -np.inf, np.nan]),), {}, np.isinf),
    ("isnan", (np.array([1.0, np.inf, np.nan]),), {}, np.isnan),
    ("where", (B, X, Y), {}, np.where),
    ("sum", (X,), {}, np.sum),
    ("sum", (X,), {"axis": 1, "keepdims": True}, np.sum),
    ("sum", (T3,), {"axis": (0, 2)}, np.sum),
    ("prod", (X,), {"axis": 0}, np.prod),
    ("mean", (X,), {"axis": -1}, np.mean),
    ("mean", (T3,), {"axis": (0, 1), "keepdims": True}, np.mean),
    ("var", (X,), {"axis": 0}, np.var),
    ("std", (X,), {}, np.std),
    ("average", (X,), {"axis": 1, "weights": P[0]}, np.average),
    ("average", (X,), {"axis": (1,), "weights": P[0]}, np.average),
    ("average", (T3,), {"axis": (1, 2), "weights": T3[0]}, np.average),
    ("median", (X,), {"axis": 1}, np.median),
    ("max", (X,), {"axis": 1}, np.max),
    ("min", (X,), {"axis": 0, "keepdims": True}, np.min),
    ("amax", (X,), {}, np.amax),
    ("amin", (X,), {"axis": 1}, np.amin),
    ("all", (B,), {"axis": 0}, np.all),
    ("any", (B,), {"axis": 1}, np.any),
    ("argmax", (X,), {"axis": 1}, np.argmax),
    ("argmax", (X,), {}, np.argmax),
    ("argmin", (X,), {"axis": 0}, np.argmin),
    ("argsort", (X,), {}, np.argsort),
    ("sort", (X,), {"axis": 0}, np.sort),
    ("count_nonzero", (K - 1,), {"axis": 1}, np.count_nonzero),
    ("cumsum", (X,), {"axis": 1}, np.cumsum),
    ("cumsum", (X,), {}, np.cumsum),
    ("cumprod", (X,), {"axis": 0}, np.cumprod),
    ("trace", (M,), {}, np.trace),
    ("matmul", (X, M), {}, np.matmul),
    ("matmul", (T3, M.T), {}, np.matmul),
    ("matmul", (V, M), {}, np.matmul),
    ("dot", (X, M), {}, np.dot),
    ("dot", (V, V), {}, np.dot),
    ("vdot", (X, Y), {}, np.vdot),
    ("inner", (X, Y), {}, np.inner),
    ("outer", (V, X), {}, np.outer),
    ("tensordot", (T3, M.T), {"axes": 1}, np.tensordot),
    ("tensordot", (X, Y), {"axes": ([0, 1], [0, 1])}, np.tensordot),
    ("cross", (X, Y), {}, np.cross),
    ("reshape", (T3, (4, -1)), {}, np.reshape),
    ("ravel", (T3,), {}, np.ravel),
    ("transpose", (T3,), {}, np.transpose),
    ("transpose", (T3, (1, 0, 2)), {}, np.transpose),
    ("expand_dims", (X, 1), {}, np.expand_dims),
    ("expand_dims", (X, (0, -1)), {}, np.expand_dims),
    ("squeeze", (X[:, :1],), {}, np.squeeze),
    ("squeeze", (X[None, :, :1],), {"axis": 0}, np.squeeze),
    ("moveaxis", (T3, 0, -1), {}, np.moveaxis),
    ("swapaxes", (T3, 0, 2), {}, np.swapaxes),
    ("broadcast_to", (V, (2, 3)), {}, np.broadcast_to),
    ("append", (X, Y), {"axis": 0}, np.append),
    ("append", (X, V), {}, np.append),
    ("flip", (X,), {"axis": 1}, np.flip),
    ("flip", (X,), {}, np.flip),
    ("roll", (X, 1), {"axis": 1}, np.roll),
    ("roll", (X, (1, 2)), {"axis": (0, 1)}, np.roll),
    ("roll", (X, (1, 2)), {"axis": [1]}, np.roll),
    ("tile", (X, (2, 1)), {}, np.tile),
    ("repeat", (X, 2), {"axis": 0}, np.repeat),
    ("repeat", (X, [1, 2, 3]), {"axis": 1}, np.repeat),
    ("pad", (X, ((1, 0), (0, 2))), {}, np.pad),
    ("pad", (X, 1), {"mode": "reflect"}, np.pad),
    (
        "pad",
        (X, ((1, 1), (1, 1))),
        {"constant_values": 7.0},
        np.pad,
    ),
    ("take", (X, np.array([2, 0])), {"axis": 1}, np.take),
    ("take", (X, np.array([[0, 5]])), {}, np.take),
    (
        "take_along_axis",
        (X, np.argsort(X, axis=1)),
        {"axis": 1},
        np.take_along_axis,
    ),
    ("tril", (M,), {}, np.tril),
    ("tril", (M,), {"k": 1}, np.tril),
    ("triu", (M,), {"k": -1}, np.triu),
    ("diag", (V,), {}, np.diag),
    ("diag", (M,), {"k": 1}, np.diag),
    ("diagonal", (T3,), {"axis1": 1, "axis2": 2}, np.diagonal),
    ("diff", (X,), {}, np.diff),
    ("real", (X,), {}, np.real),
    ("imag", (X,), {}, np.imag),
    ("conjugate", (X,), {}, np.conjugate),
    ("nan_to_num", (np.array([np.nan, 1.0], "float32"),), {}, np.nan_to_num),
    ("digitize", (X, np.array([-1.0, 0.0, 1.0])), {}, np.digitize),
    ("copy", (X,), {}, np.copy),
]


def _ids():
    seen = {}
    ids = []
    for case in CASES:
        n = seen.get(case[0], 0)
        seen[case[0]] = n + 1
        ids.append(f"{case[0]}-{n}")
    return ids


@pytest.mark.parametrize("name,args,kwargs,reference", CASES, ids=_ids())
def test_op_matches_numpy(name, args, kwargs, reference):
    out = getattr(ops, name)(*args, **kwargs)
    # `ops.numpy.X` is the same function.
    assert getattr(ops.numpy, name) is getattr(ops, name)
    expected = reference(*args, **kwargs)
    np.testing.assert_allclose(np.asarray(out), expected, rtol=1e-5, atol=1e-5)
    assert tuple(out.shape) == np.shape(expected)


@pytest.mark.parametrize("name,args,kwargs,reference", CASES, ids=_ids())
def test_symbolic_shape_matches_eager(name, args, kwargs, reference):
    expected = np.shape(reference(*args, **kwargs))
    if name in ("digitize", "take", "take_along_axis", "where"):
        # Index/bin arguments stay concrete; the data is symbolic.
        sym_args = (KerasTensor(args[0].shape, args[0].dtype),) + args[1:]
    else:
        sym_args = tuple(
            KerasTensor(a.shape, a.dtype) if isinstance(a, np.ndarray) else a
            for a in args
        )
    out = getattr(ops, name)(*sym_args, **kwargs)
    assert isinstance(out, KerasTensor)
    assert out.shape == expected


class TestSymbolicNoneDims:
    def test_binary_broadcast(self):
        x = KerasTensor((None, 3))
        assert ops.add(x, KerasTensor((1, 3))).shape == (None, 3)
        assert (x + 1.0).shape == (None, 3)
        assert (2 * x).shape == (None, 3)
        assert ops.equal(x, x).dtype == "bool"

    def test_matmul(self):
        x = KerasTensor((None, 3))
        assert ops.matmul(x, KerasTensor((3, 4))).shape == (None, 4)
        assert (x @ KerasTensor((3, 5))).shape == (None, 5)
        b = KerasTensor((None, None, 3))
        assert ops.matmul(b, KerasTensor((3, 2))).shape == (None, None, 2)

    def test_einsum(self):
        x = KerasTensor((None, 5, 3))
        out = ops.einsum("btd,de->bte", x, KerasTensor((3, 7)))
        assert out.shape == (None, 5, 7)

    def test_reductions(self):
        x = KerasTensor((None, 4, 5))
        assert ops.sum(x, axis=1).shape == (None, 5)
        assert ops.mean(x, axis=(1, 2)).shape == (None,)
        assert ops.max(x, axis=-1, keepdims=True).shape == (None, 4, 1)
        assert ops.argmax(x, axis=-1).shape == (None, 4)
        assert ops.argmax(x, axis=-1).dtype == "int32"
        assert ops.mean(x).shape == ()

    def test_shape_manipulation(self):
        x = KerasTensor((None, 4))
        assert ops.reshape(x, (-1, 2, 2)).shape == (None, 2, 2)
        assert ops.reshape(x, (2, -1)).shape == (2, None)
        assert ops.expand_dims(x, -1).shape == (None, 4, 1)
        assert ops.transpose(x).shape == (4, None)
        assert ops.squeeze(KerasTensor((None, 1, 3)), 1).shape == (None, 3)
        assert ops.concatenate([x, x], axis=-1).shape == (None, 8)
        assert ops.concatenate([x, x], axis=0).shape == (None, 4)
        assert ops.stack([x, x], axis=1).shape == (None, 2, 4)
        parts = ops.split(x, 2, axis=1)
        assert [p.shape for p in parts] == [(None, 2), (None, 2)]
        assert ops.tile(x, (1, 2)).shape == (None, 8)
        assert ops.pad(x, ((0, 0), (1, 1))).shape == (None, 6)
        assert ops.broadcast_to(KerasTensor((1, 4)), (3, 4)).shape == (3, 4)

    def test_indexing(self):
        x = KerasTensor((None, 4, 5))
        assert x[:, 0].shape == (None, 5)
        assert x[..., 1:3].shape == (None, 4, 2)
        assert x[:, None].shape == (None, 1, 4, 5)
        assert ops.take(x, np.array([0, 1]), axis=2).shape == (None, 4, 2)
        idx = KerasTensor((None, 2), dtype="int32")
        assert ops.take(KerasTensor((10, 3)), idx, axis=0).shape == (
            None,
            2,
            3,
        )

    def test_where_and_like(self):
        x = KerasTensor((None, 3))
        assert ops.where(x > 0, x, 0.0).shape == (None, 3)
        assert ops.zeros_like(x).shape == (None, 3)
        assert ops.ones_like(x, dtype="int32").dtype == "int32"
        assert ops.full_like(x, 2).shape == (None, 3)

    def test_dunders(self):
        x = KerasTensor((None, 3))
        for out in (
            x - 1,
            1 - x,
            x / 2,
            2 / x,
            x // 2,
            x % 2,
            x**2,
            2**x,
            -x,
            abs(x),
            x < 1,
            x <= 1,
            x > 1,
            x >= 1,
            x != 1,
        ):
            assert out.shape == (None, 3)
        b = KerasTensor((None, 3), dtype="bool")
        assert (b & b).dtype == "bool"
        assert (b | b).dtype == "bool"
        assert (~b).dtype == "bool"


class TestDtypes:
    @pytest.mark.float16
    def test_python_scalars_are_weak(self):
        x = np.ones((2,), "float16")
        assert ops.add(x, 1.0).dtype == "float16"
        assert ops.multiply(np.ones(2, "bfloat16"), 2).dtype == "bfloat16"
        assert ops.add(np.ones(2, "int8"), 1).dtype == "int8"
        assert ops.add(np.ones(2, "float32"), 1.0).dtype == "float32"
        assert ops.add(np.ones(2, "int32"), 1.0).dtype == "float32"

    @pytest.mark.float16
    def test_promotion(self):
        i = np.ones(2, "int32")
        assert ops.add(i, np.ones(2, "float16")).dtype == "float16"
        assert ops.add(i, i).dtype == "int32"
        assert ops.divide(i, i).dtype == backend.floatx()
        assert ops.true_divide(i, 2).dtype == backend.floatx()

    @pytest.mark.parametrize(
        "name", ["sqrt", "exp", "log", "sin", "tanh", "log1p", "reciprocal"]
    )
    def test_int_to_floatx(self, name):
        out = getattr(ops, name)(np.array([1, 2], "int32"))
        assert out.dtype == "float32"

    @pytest.mark.float16
    def test_mean_var_std(self):
        i = np.array([1, 2, 3, 4], "int32")
        assert ops.mean(i).dtype == "float32"
        assert float(ops.mean(i)) == 2.5
        assert ops.var(i).dtype == "float32"
        assert ops.std(i).dtype == "float32"
        h = np.ones((4,), "float16")
        assert ops.mean(h).dtype == "float16"

    def test_sum_small_ints(self):
        assert ops.sum(np.ones(3, "int8")).dtype == "int32"
        assert ops.sum(np.array([True, True])).dtype == "int32"
        assert ops.square(np.array([True])).dtype == "int32"

    def test_index_ops_int32(self):
        x = np.ones((2, 3))
        assert ops.argmax(x).dtype == "int32"
        assert ops.argmin(x).dtype == "int32"
        assert ops.argsort(x).dtype == "int32"
        assert ops.count_nonzero(x).dtype == "int32"

    def test_matmul_int8(self):
        a = np.full((2, 3), 100, "int8")
        out = ops.matmul(a, a.T)
        assert out.dtype == "int32"
        assert int(out[0, 0]) == 30000

    def test_float64_lists_become_floatx(self):
        assert ops.array([1.0, 2.0]).dtype == "float32"
        assert ops.array([1, 2]).dtype == "int32"
        assert ops.array([1, 2], dtype="float16").dtype == "float16"


class TestCreation:
    @pytest.mark.float16
    def test_arange(self):
        np.testing.assert_array_equal(ops.arange(5), np.arange(5))
        assert ops.arange(5).dtype == "int32"
        assert ops.arange(0.0, 1.0, 0.25).dtype == "float32"
        np.testing.assert_allclose(ops.arange(1, 7, 2), [1, 3, 5])
        assert ops.arange(3, dtype="float16").dtype == "float16"

    def test_linspace(self):
        np.testing.assert_allclose(
            ops.linspace(0, 1, 5), np.linspace(0, 1, 5), rtol=1e-6
        )
        assert ops.linspace(0, 1, 5).dtype == "float32"
        out, step = ops.linspace(0.0, 1.0, 5, endpoint=False, retstep=True)
        assert abs(float(step) - 0.2) < 1e-6
        np.testing.assert_allclose(
            ops.logspace(0, 2, 3), [1.0, 10.0, 100.0], rtol=1e-5
        )

    def test_ones_zeros_full(self):
        assert ops.ones((2, 3)).dtype == "float32"
        assert ops.zeros(3, dtype="int32").shape == (3,)
        np.testing.assert_array_equal(ops.ones((2,)), [1.0, 1.0])
        np.testing.assert_array_equal(ops.zeros((2,)), [0.0, 0.0])
        assert ops.empty((2, 2)).shape == (2, 2)
        assert ops.full((2,), 3).dtype == "float32"
        assert ops.full((2,), 3.0).dtype == "float32"
        np.testing.assert_array_equal(ops.full((2,), 7), [7, 7])
        assert ops.full((2,), 3, dtype="float16").dtype == "float16"
        x = np.ones((2, 3), "int32")
        assert ops.ones_like(x).dtype == "int32"
        assert ops.zeros_like(x, dtype="float32").dtype == "float32"
        np.testing.assert_array_equal(ops.full_like(x, 5), np.full_like(x, 5))

    def test_eye_identity_tri(self):
        np.testing.assert_array_equal(ops.eye(3), np.eye(3))
        np.testing.assert_array_equal(ops.eye(3, 4, k=1), np.eye(3, 4, k=1))
        np.testing.assert_array_equal(ops.identity(2), np.identity(2))
        np.testing.assert_array_equal(ops.tri(3, 4, k=-1), np.tri(3, 4, -1))

    def test_meshgrid(self):
        a, b = np.arange(3), np.arange(2)
        for out, ref in zip(ops.meshgrid(a, b), np.meshgrid(a, b)):
            np.testing.assert_array_equal(out, ref)
        for out, ref in zip(
            ops.meshgrid(a, b, indexing="ij"),
            np.meshgrid(a, b, indexing="ij"),
        ):
            np.testing.assert_array_equal(out, ref)


class TestMultiTensorOps:
    def test_concatenate_stack(self):
        np.testing.assert_array_equal(
            ops.concatenate([X, Y], axis=1), np.concatenate([X, Y], axis=1)
        )
        np.testing.assert_array_equal(
            ops.stack([X, Y], axis=-1), np.stack([X, Y], axis=-1)
        )
        np.testing.assert_array_equal(ops.hstack([X, Y]), np.hstack([X, Y]))
        np.testing.assert_array_equal(ops.vstack([X, Y]), np.vstack([X, Y]))

    def test_split(self):
        for out, ref in zip(ops.split(T3, 2, axis=2), np.split(T3, 2, axis=2)):
            np.testing.assert_array_equal(out, ref)
        for out, ref in zip(ops.split(T3, [1], axis=1), np.split(T3, [1], 1)):
            np.testing.assert_array_equal(out, ref)

    def test_einsum(self):
        np.testing.assert_allclose(
            ops.einsum("ij,jk->ik", X, M),
            np.einsum("ij,jk->ik", X, M),
            rtol=1e-5,
        )
        np.testing.assert_allclose(
            ops.einsum("bij->bji", T3), np.einsum("bij->bji", T3)
        )
        np.testing.assert_allclose(
            ops.einsum("i,i->", V, V), np.einsum("i,i->", V, V), rtol=1e-5
        )

    def test_where_single_arg(self):
        out = ops.where(np.array([0, 3, 0, 1]))
        np.testing.assert_array_equal(out[0], [1, 3])
        np.testing.assert_array_equal(ops.nonzero(np.array([0, 2]))[0], [1])

    def test_get_item(self):
        np.testing.assert_array_equal(
            ops.get_item(T3, (0, slice(1, 3))), T3[0, 1:3]
        )
        np.testing.assert_array_equal(ops.get_item(T3, 1), T3[1])
        np.testing.assert_array_equal(
            ops.get_item(T3, (Ellipsis, None, 2)), T3[..., None, 2]
        )
        np.testing.assert_array_equal(
            ops.get_item(X, np.array([1, 0])), X[[1, 0]]
        )

    def test_take_out_of_range_is_zero(self):
        out = ops.take(np.array([1.0, 2.0]), np.array([0, 5]))
        np.testing.assert_array_equal(out, [1.0, 0.0])

    def test_ndim_size(self):
        assert int(ops.ndim(T3)) == 3
        assert int(ops.size(T3)) == 24

    def test_variable_inputs(self):
        v = backend.Variable(np.ones((2, 2)), name="v")
        np.testing.assert_array_equal(ops.add(v, 1.0), np.full((2, 2), 2.0))
        np.testing.assert_array_equal(ops.matmul(v, v), np.full((2, 2), 2.0))
        assert ops.sum(v).shape == ()

    def test_lists_and_scalars(self):
        np.testing.assert_array_equal(ops.add([1, 2], 3), [4, 5])
        assert float(ops.sqrt(4.0)) == 2.0
        assert ops.sqrt(4.0).dtype == "float32"


def test_column_stack_matches_numpy():
    from keras.src.ops import numpy as knp

    cases = [
        [np.array([1, 2, 3]), np.array([4, 5, 6])],
        [np.ones((2, 3)), np.zeros((2, 2))],
        [np.array([1, 2]), np.array([[3, 4], [5, 6]])],
        [np.ones((2, 3, 4)), np.zeros((2, 1, 4))],
        [np.array([1, 2])],
        (np.array([1, 2]), np.array([3, 4])),
    ]
    for xs in cases:
        out = ops.column_stack(xs)
        np.testing.assert_array_equal(out, np.column_stack(xs))
        np.testing.assert_array_equal(knp.ColumnStack()(xs), out)
    # Scalars count as one-element columns when values are concrete.
    out = ops.column_stack([np.array(1), np.array(2)])
    np.testing.assert_array_equal(out, [[1, 2]])
    assert ops.numpy.column_stack is ops.column_stack
    with pytest.raises(ValueError, match="at least one array"):
        ops.column_stack([])
    with pytest.raises(TypeError, match="concatenate"):
        ops.column_stack([np.array([1, 2]), np.array([3, 4, 5])])


@pytest.mark.parametrize(
    "dtype1,dtype2,expected",
    [
        ("int8", "uint8", "int16"),
        ("float16", "int32", "float16"),
        ("bool", "int32", "int32"),
        ("bfloat16", "float32", "float32"),
    ],
)
def test_column_stack_dtypes(dtype1, dtype2, expected):
    x1, x2 = ops.ones((2,), dtype=dtype1), ops.ones((2,), dtype=dtype2)
    assert ops.column_stack([x1, x2]).dtype == expected
    symbolic = ops.column_stack(
        [KerasTensor((2,), dtype1), KerasTensor((2,), dtype2)]
    )
    assert symbolic.dtype == expected


def test_column_stack_symbolic_shapes_and_errors():
    def stack(*shapes):
        return ops.column_stack([KerasTensor(s) for s in shapes]).shape

    assert stack((None,), (None,)) == (None, 2)
    assert stack((3,), (3,), (3,)) == (3, 3)
    assert stack((None, 3), (None, 3)) == (None, 6)
    assert stack((None, 3), (None, None)) == (None, None)
    assert stack((2,), (2, 3)) == (2, 4)
    assert stack((2, 3, 4), (2, 1, 4)) == (2, 4, 4)
    # An unknown row count is taken from the others.
    assert stack((None,), (3,)) == (3, 2)
    mixed = ops.column_stack([KerasTensor((2,), "int8"), np.ones(2, "f4")])
    assert (mixed.shape, mixed.dtype) == ((2, 2), "float32")
    with pytest.raises(ValueError, match="rank >= 1"):
        stack((), ())
    for shapes in [
        ((2,), (3,)),
        ((2, 3), (3, 3)),
        ((2, 3, 4), (2, 3)),
        ((2, 3, 4), (2, 3, 5)),
    ]:
        with pytest.raises(ValueError, match="column axis"):
            stack(*shapes)
    with pytest.raises(ValueError, match="at least one array"):
        from keras.src.ops import numpy as knp

        knp.ColumnStack().compute_output_spec([])


# Ops whose symbolic result keeps the width of an `int64` / `float64`
# KerasTensor (upstream Keras 3.15.1 reports the same dtypes), with the
# input dtypes they take.
_KEEP_64BIT_OPS = {
    "abs": ("int64", "float64"),
    "absolute": ("int64", "float64"),
    "negative": ("int64", "float64"),
    "sign": ("int64", "float64"),
    "square": ("int64", "float64"),
    "trunc": ("int64", "float64"),
    "copy": ("int64", "float64"),
    "conj": ("int64", "float64"),
    "conjugate": ("int64", "float64"),
    "real": ("int64", "float64"),
    "imag": ("int64", "float64"),
    "exp": ("float64",),
    "exp2": ("float64",),
    "expm1": ("float64",),
    "fabs": ("float64",),
    "bitwise_invert": ("int64",),
    "bitwise_not": ("int64",),
    "amax": ("int64", "float64"),
    "amin": ("int64", "float64"),
    "max": ("int64", "float64"),
    "min": ("int64", "float64"),
    "prod": ("int64", "float64"),
    "nanprod": ("int64", "float64"),
    "ptp": ("int64", "float64"),
    "mean": ("float64",),
    "std": ("float64",),
    "cumsum": ("int64", "float64"),
    "cumprod": ("int64", "float64"),
    "nancumsum": ("int64", "float64"),
    "nancumprod": ("int64", "float64"),
    "round": ("int64", "float64"),
    "nan_to_num": ("int64", "float64"),
    "diff": ("int64", "float64"),
}


class TestSymbolic64Bit:
    @pytest.mark.parametrize("name", sorted(_KEEP_64BIT_OPS))
    def test_64bit_input_keeps_width(self, name):
        fn = getattr(ops, name)
        for dtype in _KEEP_64BIT_OPS[name]:
            out = fn(KerasTensor((2, 3), dtype=dtype))
            assert out.dtype == dtype, (name, dtype, out.dtype)

    @pytest.mark.parametrize("name", sorted(_KEEP_64BIT_OPS))
    @pytest.mark.parametrize("dtype", ["int8", "int32", "float16", "float32"])
    def test_symbolic_dtype_equals_eager(self, name, dtype):
        fn = getattr(ops, name)
        if "int" in dtype and "int64" not in _KEEP_64BIT_OPS[name]:
            dtype = "float32"
        if dtype.startswith("float") and "float64" not in _KEEP_64BIT_OPS[name]:
            dtype = "int32"
        x = np.array([[1, 2, 3], [4, 5, 6]]).astype(dtype)
        eager = fn(x)
        symbolic = fn(KerasTensor(x.shape, dtype=dtype))
        assert symbolic.dtype == backend.standardize_dtype(eager.dtype)
        assert symbolic.shape == eager.shape

    @pytest.mark.parametrize("dtype", ["int64", "float64"])
    def test_trace_keeps_width(self, dtype):
        assert ops.trace(KerasTensor((3, 3), dtype=dtype)).dtype == dtype
        x = np.ones((3, 3), dtype=dtype.replace("64", "32"))
        symbolic = ops.trace(KerasTensor((3, 3), dtype=x.dtype.name))
        assert symbolic.dtype == backend.standardize_dtype(ops.trace(x).dtype)

    def test_explicit_dtype_of_cumsum_wins(self):
        out = ops.cumsum(KerasTensor((2, 3), dtype="int64"), dtype="int32")
        assert out.dtype == "int32"

    def test_ops_that_narrow_upstream_too(self):
        # Upstream reports 32-bit results for these on 64-bit inputs.
        assert ops.sqrt(KerasTensor((2,), dtype="float64")).dtype == "float32"
        assert ops.mean(KerasTensor((2,), dtype="int64")).dtype == "float32"
        assert ops.argmax(KerasTensor((2,), dtype="int64")).dtype == "int32"
        assert (
            ops.add(
                KerasTensor((2,), dtype="float64"),
                KerasTensor((2,), dtype="float64"),
            ).dtype
            == "float32"
        )


def test_roll_and_average_symbolic_axes_and_errors():
    x = KerasTensor((None, 3))
    assert ops.roll(x, 1, axis=[0, 1]).shape == (None, 3)
    assert ops.roll(x, np.array([1, 2]), axis=np.array([0, 1])).shape == (
        None,
        3,
    )
    with pytest.raises(ValueError, match="out of bounds"):
        ops.roll(x, 1, axis=2)
    with pytest.raises(ValueError, match="broadcastable"):
        ops.roll(x, [1, 2, 3], axis=[0, 1])
    weights = KerasTensor((3,))
    assert ops.average(x, axis=(1,), weights=weights).shape == (None,)
    assert ops.average(x, axis=[1], weights=weights).shape == (None,)
    x3 = KerasTensor((None, 3, 4))
    assert ops.average(x3, axis=(1, 2), weights=KerasTensor((3, 4))).shape == (
        None,
    )
    with pytest.raises(ValueError, match="averaged axes"):
        ops.average(x3, axis=(1, 2), weights=KerasTensor((4, 3)))
