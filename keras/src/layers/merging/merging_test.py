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
