import math

import numpy as np
import pytest

from keras.src import initializers
from keras.src.initializers.random_initializers import compute_fans
from keras.src.random.seed_generator import SeedGenerator
from keras.src.utils.rng_utils import set_random_seed

SHAPE = (200, 300)


def _np(x):
    return np.asarray(x)


def test_compute_fans():
    assert compute_fans(()) == (1, 1)
    assert compute_fans((7,)) == (7, 7)
    assert compute_fans((3, 5)) == (3, 5)
    # Conv kernel: receptive field 3 * 3.
    assert compute_fans((3, 3, 4, 8)) == (36, 72)


def test_random_normal_stats():
    x = _np(initializers.RandomNormal(mean=1.0, stddev=2.0, seed=1)(SHAPE))
    assert x.shape == SHAPE and x.dtype == np.float32
    assert abs(x.mean() - 1.0) < 0.05
    assert abs(x.std() - 2.0) < 0.05


def test_random_uniform_stats():
    x = _np(initializers.RandomUniform(minval=-1.0, maxval=3.0, seed=2)(SHAPE))
    assert x.min() >= -1.0 and x.max() < 3.0
    assert abs(x.mean() - 1.0) < 0.05
    assert abs(x.std() - 4.0 / math.sqrt(12)) < 0.05


def test_truncated_normal_stats():
    x = _np(initializers.TruncatedNormal(mean=0.0, stddev=1.0, seed=3)(SHAPE))
    assert np.abs(x).max() <= 2.0 + 1e-6
    # Std of the standard normal truncated to (-2, 2).
    assert abs(x.std() - 0.87962566) < 0.02


@pytest.mark.parametrize(
    "cls, expected_std, uniform",
    [
        (initializers.GlorotUniform, math.sqrt(2.0 / 500), True),
        (initializers.GlorotNormal, math.sqrt(2.0 / 500), False),
        (initializers.HeUniform, math.sqrt(2.0 / 200), True),
        (initializers.HeNormal, math.sqrt(2.0 / 200), False),
        (initializers.LecunUniform, math.sqrt(1.0 / 200), True),
        (initializers.LecunNormal, math.sqrt(1.0 / 200), False),
    ],
)
def test_variance_scaling_presets(cls, expected_std, uniform):
    x = _np(cls(seed=4)(SHAPE))
    assert x.shape == SHAPE
    assert abs(x.mean()) < 0.01 * expected_std * 10
    assert abs(x.std() - expected_std) / expected_std < 0.03
    if uniform:
        limit = math.sqrt(3.0) * expected_std
        assert np.abs(x).max() <= limit + 1e-6
        assert np.abs(x).max() > 0.99 * limit
    else:
        # Truncated at 2 "raw" standard deviations.
        assert np.abs(x).max() <= 2 * expected_std / 0.87962566 + 1e-6
    assert cls(seed=4).get_config() == {"seed": 4}


def test_variance_scaling_modes_and_conv_fans():
    shape = (3, 3, 16, 32)  # fan_in 144, fan_out 288
    for mode, n in (("fan_in", 144), ("fan_out", 288), ("fan_avg", 216)):
        init = initializers.VarianceScaling(
            scale=2.0, mode=mode, distribution="untruncated_normal", seed=5
        )
        x = _np(init(shape))
        expected = math.sqrt(2.0 / n)
        assert abs(x.std() - expected) / expected < 0.05


def test_variance_scaling_validation():
    with pytest.raises(ValueError):
        initializers.VarianceScaling(scale=0.0)
    with pytest.raises(ValueError):
        initializers.VarianceScaling(mode="fan_x")
    with pytest.raises(ValueError):
        initializers.VarianceScaling(distribution="cauchy")
    with pytest.raises(ValueError, match="seed"):
        initializers.RandomNormal(seed="abc")


def test_int_seed_determinism():
    a = _np(initializers.RandomNormal(seed=7)((10, 10)))
    b = _np(initializers.RandomNormal(seed=7)((10, 10)))
    c = _np(initializers.RandomNormal(seed=8)((10, 10)))
    np.testing.assert_array_equal(a, b)
    assert not np.allclose(a, c)
    # The same instance returns the same values on each call.
    init = initializers.GlorotUniform(seed=7)
    np.testing.assert_array_equal(_np(init((4, 4))), _np(init((4, 4))))


def test_seed_generator_gives_fresh_values():
    init = initializers.RandomUniform(seed=SeedGenerator(3))
    a = _np(init((5,)))
    b = _np(init((5,)))
    assert not np.allclose(a, b)


def test_unseeded_reproducible_with_set_random_seed():
    set_random_seed(123)
    a = _np(initializers.GlorotUniform()((6, 6)))
    b = _np(initializers.GlorotUniform()((6, 6)))
    set_random_seed(123)
    a2 = _np(initializers.GlorotUniform()((6, 6)))
    b2 = _np(initializers.GlorotUniform()((6, 6)))
    np.testing.assert_array_equal(a, a2)
    np.testing.assert_array_equal(b, b2)
    assert not np.allclose(a, b)


def test_orthogonal():
    init = initializers.Orthogonal(gain=2.0, seed=1)
    x = _np(init((8, 5)))
    np.testing.assert_allclose(x.T @ x, 4.0 * np.eye(5), atol=1e-4)
    x = _np(init((5, 8)))
    np.testing.assert_allclose(x @ x.T, 4.0 * np.eye(5), atol=1e-4)
    assert init.get_config() == {"gain": 2.0, "seed": 1}


def test_get_config_round_trip():
    init = initializers.VarianceScaling(
        scale=0.5, mode="fan_out", distribution="uniform", seed=3
    )
    config = init.get_config()
    assert config == {
        "scale": 0.5,
        "mode": "fan_out",
        "distribution": "uniform",
        "seed": 3,
    }
    clone = initializers.VarianceScaling.from_config(config)
    np.testing.assert_array_equal(_np(init((3, 4))), _np(clone((3, 4))))
    for cls, kwargs in (
        (initializers.RandomNormal, {"mean": 1.0, "stddev": 0.5}),
        (initializers.RandomUniform, {"minval": 0.0, "maxval": 2.0}),
        (initializers.TruncatedNormal, {"mean": 0.1, "stddev": 0.3}),
    ):
        config = cls(seed=9, **kwargs).get_config()
        assert config == {"seed": 9, **kwargs}
    # Unseeded: the seed config stays None.
    assert initializers.HeNormal().get_config() == {"seed": None}


def test_float_dtypes_only():
    with pytest.raises(ValueError, match="floating"):
        initializers.RandomNormal(seed=1)((2,), dtype="int32")
    x = initializers.RandomNormal(seed=1)((2,), dtype="bfloat16")
    assert str(x.dtype) == "bfloat16"


def test_variance_scaling_normal_alias_and_truncation_constant():
    from keras.src.initializers import random_initializers as ri

    init = initializers.VarianceScaling(distribution="Normal")
    assert init.distribution == "truncated_normal"
    assert init.get_config()["distribution"] == "truncated_normal"
    with pytest.raises(ValueError, match="cauchy"):
        initializers.VarianceScaling(distribution="cauchy")
    with pytest.raises(ValueError, match="fan_x"):
        initializers.VarianceScaling(mode="fan_x")
    with pytest.raises(ValueError, match="-2"):
        initializers.VarianceScaling(scale=-2)
    # Empirical std of N(0, 1) kept within [-2, 2].
    z = np.random.RandomState(3).randn(2_000_000)
    z = z[np.abs(z) <= 2.0]
    assert abs(z.std() - ri._TRUNCATED_UNIT_STDDEV) < 2e-3
