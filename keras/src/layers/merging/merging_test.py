import numpy as np
import pytest

from keras.src import backend
from keras.src import layers


def _inputs(n, shape=(2, 3, 4)):
    return [np.random.rand(*shape).astype("float32") for _ in range(n)]


@pytest.mark.parametrize(
    "cls,fn,reference",
    [
        (layers.Add, layers.add, lambda xs: sum(np.broadcast_arrays(*xs))),
        (
            layers.Multiply,
            layers.multiply,
            lambda xs: np.prod(np.broadcast_arrays(*xs), axis=0),
        ),
        (
            layers.Average,
            layers.average,
            lambda xs: np.mean(np.broadcast_arrays(*xs), axis=0),
        ),
    ],
)
def test_elementwise_merges(cls, fn, reference):
    xs = _inputs(3)
    np.testing.assert_allclose(cls()(xs), reference(xs), rtol=1e-6)
    np.testing.assert_allclose(fn(xs), reference(xs), rtol=1e-6)
    # Broadcasting and symbolic shapes.
    a, b = np.random.rand(2, 5), np.random.rand(2, 1)
    np.testing.assert_allclose(cls()([a, b]), reference([a, b]), rtol=1e-6)
    out = cls()(
        [backend.KerasTensor((None, 5)), backend.KerasTensor((None, 5))]
    )
    assert out.shape == (None, 5)
    layer = cls(name="m")
    config = layer.get_config()
    assert cls.from_config(config).get_config() == config


def test_subtract():
    a, b = _inputs(2)
    np.testing.assert_allclose(layers.Subtract()([a, b]), a - b, rtol=1e-6)
    np.testing.assert_allclose(layers.subtract([a, b]), a - b, rtol=1e-6)
    with pytest.raises(ValueError, match="exactly 2 inputs"):
        layers.Subtract()(_inputs(3))


def test_merge_errors():
    with pytest.raises(ValueError, match="incompatible shapes"):
        layers.Add()([np.ones((2, 3)), np.ones((2, 4))])
    with pytest.raises(ValueError, match="incompatible shapes"):
        layers.Add()(
            [backend.KerasTensor((None, 3)), backend.KerasTensor((None, 4))]
        )
    with pytest.raises(ValueError, match="list of inputs"):
        layers.Add()(np.ones((2, 3)))


def test_concatenate():
    a = np.random.rand(2, 2, 5).astype("float32")
    b = np.random.rand(2, 1, 5).astype("float32")
    np.testing.assert_array_equal(
        layers.Concatenate(axis=1)([a, b]), np.concatenate([a, b], axis=1)
    )
    np.testing.assert_array_equal(
        layers.concatenate([a, a], axis=-1), np.concatenate([a, a], axis=-1)
    )
    out = layers.Concatenate()(
        [backend.KerasTensor((None, 3)), backend.KerasTensor((None, 4))]
    )
    assert out.shape == (None, 7)
    out = layers.Concatenate(axis=1)(
        [
            backend.KerasTensor((None, None, 2)),
            backend.KerasTensor((None, 3, 2)),
        ]
    )
    assert out.shape == (None, None, 2)
    layer = layers.Concatenate(axis=1)
    config = layer.get_config()
    assert config["axis"] == 1
    assert layers.Concatenate.from_config(config).get_config() == config


def test_concatenate_mismatched_shapes_error():
    with pytest.raises(ValueError, match="matching shapes except for"):
        layers.Concatenate(axis=1)([np.ones((2, 2, 5)), np.ones((2, 1, 4))])
    with pytest.raises(ValueError, match="matching shapes except for"):
        layers.Concatenate()(
            [
                backend.KerasTensor((None, 3, 2)),
                backend.KerasTensor((None, 4, 2)),
            ]
        )
    with pytest.raises(ValueError, match="different ranks"):
        layers.Concatenate()([np.ones((2, 3)), np.ones((2, 3, 1))])


def test_merge_mixed_precision():
    a, b = _inputs(2)
    out = layers.Add(dtype="mixed_bfloat16")([a, b])
    assert backend.standardize_dtype(out.dtype) == "bfloat16"


def _sparse(dense):
    from keras.src.backend.jax import sparse

    return sparse.fromdense(dense, n_batch=1)


@pytest.mark.parametrize(
    "layer,shapes",
    [
        (layers.Add(), [(2, 3, 4), (2, 3, 4)]),
        (layers.Maximum(), [(2, 3, 4), (2, 3, 4)]),
        (layers.Concatenate(axis=1), [(2, 3, 4), (2, 5, 4)]),
        (layers.Dot(axes=(2, 1)), [(2, 3, 4), (2, 4, 3)]),
        (layers.Dot(axes=1), [(2, 4), (2, 4)]),
    ],
)
def test_sparse_inputs_give_sparse_outputs(layer, shapes):
    rng = np.random.RandomState(0)
    dense = [
        (rng.rand(*s) * (rng.rand(*s) < 0.5)).astype("float32") for s in shapes
    ]
    symbolic = layer([backend.KerasTensor(s, sparse=True) for s in shapes])
    assert symbolic.sparse
    out = layer([_sparse(x) for x in dense])
    assert type(out).__name__ == "BCOO"
    np.testing.assert_allclose(out.todense(), layer(dense), rtol=1e-6)
    # A dense input makes the result dense.
    assert not layer(
        [_sparse(dense[0]), dense[1]]
    ).__class__.__name__.startswith("BCOO")


def test_sparse_batch_broadcast_inputs():
    # A stored batch dimension of size 1 stands for the whole batch.
    import jax.experimental.sparse as jax_sparse

    x1 = jax_sparse.BCOO(([[1.0, 2.0]], [[[0], [2]]]), shape=(2, 3))
    x2 = jax_sparse.BCOO(([[4.0, 5.0]], [[[0], [1]]]), shape=(2, 3))
    out = layers.Add()([x1, x2])
    assert type(out).__name__ == "BCOO"
    np.testing.assert_allclose(out.todense(), [[5, 5, 2], [5, 5, 2]])
