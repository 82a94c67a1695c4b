import numpy as np
import pytest

from keras.src import backend
from keras.src import layers
from keras.src.testing.test_utils import assert_config_round_trip


def test_batch_norm_inference_uses_moving_stats():
    x = np.random.randn(8, 3).astype("float32") * 2 + 5
    layer = layers.BatchNormalization()
    y = layer(x)  # inference by default: moving_mean=0, moving_var=1
    np.testing.assert_allclose(y, x / np.sqrt(1 + 1e-3), rtol=1e-5)
    assert [w.name for w in layer.weights] == [
        "gamma",
        "beta",
        "moving_mean",
        "moving_variance",
    ]
    assert [w.name for w in layer.trainable_weights] == ["gamma", "beta"]
    assert [w.name for w in layer.non_trainable_weights] == [
        "moving_mean",
        "moving_variance",
    ]


def test_batch_norm_training_normalizes_and_updates():
    x = np.random.randn(16, 4).astype("float32") * 2 + 5
    layer = layers.BatchNormalization(momentum=0.9)
    y = layer(x, training=True)
    ref = (x - x.mean(0)) / np.sqrt(x.var(0) + 1e-3)
    np.testing.assert_allclose(y, ref, rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(
        layer.moving_mean.numpy(), 0.1 * x.mean(0), rtol=1e-5
    )
    np.testing.assert_allclose(
        layer.moving_variance.numpy(), 0.9 + 0.1 * x.var(0), rtol=1e-5
    )


@pytest.mark.parametrize(
    "dtype, mean, spread, moving_mean",
    [
        ("float32", 1e4, 1.0, 0.0),  # float32 inputs: centered
        ("float16", 2000.0, 2.0, 0.0),  # float16 inputs: centered
        ("bfloat16", 5.0, 2.0, 0.0),  # one pass: 2.5 spreads from the shift
        ("bfloat16", 2000.0, 2.0, 1999.0),  # the shift has caught up
    ],
)
def test_batch_norm_statistics_exact(dtype, mean, spread, moving_mean):
    rng = np.random.default_rng(0)
    x = (rng.normal(size=(1024, 8, 3)) * spread + mean).astype(dtype)
    policy = "float32" if dtype == "float32" else f"mixed_{dtype}"
    layer = layers.BatchNormalization(momentum=0.0, dtype=policy)
    layer.build(x.shape)
    layer.moving_mean.assign(np.full((3,), moving_mean, "float32"))
    layer(x, training=True)
    x64 = np.asarray(x).astype("float64")
    np.testing.assert_allclose(
        layer.moving_mean.numpy(), x64.mean((0, 1)), rtol=1e-6
    )
    np.testing.assert_allclose(
        layer.moving_variance.numpy(), x64.var((0, 1)), rtol=2e-5
    )


@pytest.mark.parametrize("spreads", [30, 300])
def test_batch_norm_bfloat16_variance_error_below_the_inputs_rounding(
    spreads,
):
    # Far from the moving mean, the one-pass variance of bfloat16 inputs
    # is off by much less than rounding the data to bfloat16 changed it.
    rng = np.random.default_rng(2)
    data = rng.normal(size=(1024, 8, 3)) * 2.0 + 2.0 * spreads
    x = data.astype("bfloat16")
    layer = layers.BatchNormalization(momentum=0.0, dtype="mixed_bfloat16")
    layer.build(x.shape)
    layer(x, training=True)
    rounded = np.asarray(x).astype("float64").var((0, 1))
    one_pass_error = np.abs(layer.moving_variance.numpy() - rounded)
    rounding_error = np.abs(rounded - data.var((0, 1)))
    assert np.all(one_pass_error < 0.1 * rounding_error)


def test_batch_norm_gradient_matches_the_centered_formula():
    import jax

    rng = np.random.default_rng(1)
    x = (rng.normal(size=(32, 4)) * 3 + 2).astype("bfloat16")
    cotangent = rng.normal(size=x.shape).astype("float32")
    layer = layers.BatchNormalization(
        center=False, scale=False, dtype="mixed_bfloat16"
    )
    layer.build(x.shape)

    def through_layer(v):
        y, _ = layer.stateless_call(
            [], [w.value for w in layer.non_trainable_weights], v, training=True
        )
        return (y.astype("float32") * cotangent).sum()

    def reference(v):
        v = v.astype("float32")
        centered = v - v.mean(0)
        y = centered / jax.numpy.sqrt((centered**2).mean(0) + 1e-3)
        return (y.astype("bfloat16").astype("float32") * cotangent).sum()

    np.testing.assert_allclose(
        np.asarray(jax.jit(jax.grad(through_layer))(x), "float32"),
        np.asarray(jax.grad(reference)(x), "float32"),
        rtol=2e-2,
        atol=2e-2,
    )


def test_batch_norm_channels_first_axis():
    x = np.random.randn(4, 3, 5, 5).astype("float32")
    layer = layers.BatchNormalization(axis=1)
    y = layer(x, training=True)
    mean = x.mean(axis=(0, 2, 3), keepdims=True)
    var = x.var(axis=(0, 2, 3), keepdims=True)
    np.testing.assert_allclose(
        y, (x - mean) / np.sqrt(var + 1e-3), rtol=1e-4, atol=1e-4
    )
    assert layer.moving_mean.shape == (3,)


def test_batch_norm_frozen_runs_in_inference_mode():
    x = np.random.randn(8, 2).astype("float32") + 3
    layer = layers.BatchNormalization()
    layer.build(x.shape)
    layer.trainable = False
    y = layer(x, training=True)
    np.testing.assert_allclose(y, x / np.sqrt(1 + 1e-3), rtol=1e-5)
    np.testing.assert_allclose(layer.moving_mean.numpy(), 0.0)


def test_batch_norm_stateless_call_returns_updates():
    x = np.random.randn(8, 3).astype("float32") + 2
    layer = layers.BatchNormalization(momentum=0.5)
    layer.build(x.shape)
    trainable = [v.value for v in layer.trainable_variables]
    non_trainable = [v.value for v in layer.non_trainable_variables]
    _, new_non_trainable = layer.stateless_call(
        trainable, non_trainable, x, training=True
    )
    np.testing.assert_allclose(new_non_trainable[0], 0.5 * x.mean(0), rtol=1e-5)
    # The layer's own variables are untouched.
    np.testing.assert_allclose(layer.moving_mean.numpy(), 0.0)


def test_batch_norm_mask():
    x = np.random.randn(2, 6, 3).astype("float32")
    mask = np.array([[1, 1, 1, 0, 0, 0], [1, 1, 1, 1, 1, 1]], bool)
    layer = layers.BatchNormalization(momentum=0.0)
    layer(x, training=True, mask=mask)
    np.testing.assert_allclose(
        layer.moving_mean.numpy(), x[mask].mean(0), rtol=1e-4, atol=1e-5
    )
    np.testing.assert_allclose(
        layer.moving_variance.numpy(), x[mask].var(0), rtol=1e-4, atol=1e-5
    )


def test_batch_norm_mixed_precision():
    x = np.random.randn(8, 3).astype("float32")
    layer = layers.BatchNormalization(dtype="mixed_bfloat16")
    y = layer(x, training=True)
    assert backend.standardize_dtype(y.dtype) == "bfloat16"
    assert layer.moving_mean.dtype == "float32"


def test_batch_norm_symbolic_config_and_errors():
    layer = layers.BatchNormalization(axis=1, momentum=0.8, epsilon=1e-5)
    assert layer(backend.KerasTensor((None, 3, 4))).shape == (None, 3, 4)
    layer.moving_mean.assign(np.array([1.0, 2.0, 3.0]))
    assert_config_round_trip(
        layer,
        (
            "axis",
            "momentum",
            "epsilon",
            "center",
            "scale",
            "beta_initializer",
            "gamma_initializer",
            "moving_mean_initializer",
            "moving_variance_initializer",
            "beta_regularizer",
            "gamma_regularizer",
            "beta_constraint",
            "gamma_constraint",
            "synchronized",
        ),
        np.random.randn(2, 3, 4).astype("float32"),
    )
    with pytest.raises(ValueError, match="Invalid axis"):
        layers.BatchNormalization(axis=4)(np.ones((2, 3)))
    with pytest.raises(ValueError, match="defined dimension"):
        layers.BatchNormalization()(backend.KerasTensor((None, None)))
