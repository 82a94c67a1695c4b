import numpy as np
import pytest

from keras.src import backend
from keras.src import layers


def numpy_rope(x, positions, max_wavelength=10000, scaling_factor=1.0):
    """RoPE (rotate halves) on `x` of shape `(..., seq, ..., dim)` with
    the sequence on axis 1 and features last."""
    dim = x.shape[-1]
    inverse_freq = 1.0 / (max_wavelength ** (np.arange(0, dim, 2) / dim))
    angles = np.asarray(positions, "float64")[..., None] * (
        inverse_freq / scaling_factor
    )
    angles = np.concatenate([angles, angles], axis=-1)  # (..., seq, dim)
    if angles.ndim == 2:
        angles = angles[None]
    # (batch or 1, seq, 1, ..., dim) against (batch, seq, ..., dim).
    angles = angles.reshape(angles.shape[:2] + (1,) * (x.ndim - 3) + (dim,))
    x1, x2 = np.split(x, 2, axis=-1)
    rotated = np.concatenate([-x2, x1], axis=-1)
    return x * np.cos(angles) + rotated * np.sin(angles)


def test_matches_numpy_reference():
    x = np.random.rand(2, 7, 3, 8).astype("float32")
    layer = layers.RotaryEmbedding()
    np.testing.assert_allclose(
        layer(x), numpy_rope(x, np.arange(7)), rtol=1e-5, atol=1e-5
    )
    layer = layers.RotaryEmbedding(max_wavelength=100, scaling_factor=2.0)
    np.testing.assert_allclose(
        layer(x),
        numpy_rope(x, np.arange(7), max_wavelength=100, scaling_factor=2.0),
        rtol=1e-5,
        atol=1e-5,
    )


def test_start_index_and_positions():
    x = np.random.rand(2, 4, 6).astype("float32")
    layer = layers.RotaryEmbedding()
    expected = numpy_rope(x, np.arange(5, 9))
    np.testing.assert_allclose(
        layer(x, start_index=5), expected, rtol=1e-5, atol=1e-5
    )
    np.testing.assert_allclose(
        layer(x, positions=np.arange(5, 9)), expected, rtol=1e-5, atol=1e-5
    )
    # Per-example positions (batch, seq).
    positions = np.array([[0, 1, 2, 3], [7, 3, 9, 1]])
    np.testing.assert_allclose(
        layer(x, positions=positions),
        numpy_rope(x, positions),
        rtol=1e-5,
        atol=1e-5,
    )
    # A decoding step equals the matching row of the full sequence.
    full = layer(x)
    np.testing.assert_allclose(
        layer(x[:, 2:3], start_index=2), full[:, 2:3], rtol=1e-5, atol=1e-6
    )


def test_custom_axes():
    x = np.random.rand(2, 5, 3, 8).astype("float32")  # b, t, heads, d
    expected = numpy_rope(x, np.arange(5))
    # (b, d, heads, t): features on axis 1, sequence last.
    moved = np.transpose(x, (0, 3, 2, 1))
    layer = layers.RotaryEmbedding(sequence_axis=-1, feature_axis=1)
    np.testing.assert_allclose(
        layer(moved), np.transpose(expected, (0, 3, 2, 1)), atol=1e-5
    )
    # (b, heads, t, d).
    moved = np.transpose(x, (0, 2, 1, 3))
    layer = layers.RotaryEmbedding(sequence_axis=2)
    np.testing.assert_allclose(
        layer(moved), np.transpose(expected, (0, 2, 1, 3)), atol=1e-5
    )


def test_relative_positions():
    # <rope(q, i), rope(k, j)> only depends on i - j.
    q = np.random.rand(1, 1, 8).astype("float32")
    k = np.random.rand(1, 1, 8).astype("float32")
    layer = layers.RotaryEmbedding()

    def score(i, j):
        rq = np.asarray(layer(q, start_index=i))
        rk = np.asarray(layer(k, start_index=j))
        return float(np.sum(rq * rk))

    np.testing.assert_allclose(score(3, 1), score(10, 8), rtol=1e-4)
    np.testing.assert_allclose(score(0, 0), score(6, 6), rtol=1e-4)


def test_dtype_symbolic_and_config():
    layer = layers.RotaryEmbedding(dtype="bfloat16")
    x = np.random.rand(1, 3, 4).astype("float32")
    assert backend.standardize_dtype(layer(x).dtype) == "bfloat16"
    out = layers.RotaryEmbedding()(backend.KerasTensor((None, 3, 2, 4)))
    assert out.shape == (None, 3, 2, 4)
    layer = layers.RotaryEmbedding(
        max_wavelength=500, scaling_factor=4.0, sequence_axis=2
    )
    config = layer.get_config()
    clone = layers.RotaryEmbedding.from_config(config)
    assert clone.get_config() == config
    assert layer.weights == []


def test_errors():
    with pytest.raises(ValueError, match="even"):
        layers.RotaryEmbedding()(np.ones((1, 2, 3), "float32"))
    with pytest.raises(ValueError, match="different"):
        layers.RotaryEmbedding(sequence_axis=2)(np.ones((1, 2, 4), "float32"))
    with pytest.raises(ValueError, match="max_wavelength"):
        layers.RotaryEmbedding(max_wavelength=0)
