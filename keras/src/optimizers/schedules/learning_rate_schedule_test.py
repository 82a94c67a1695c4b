import math

import numpy as np
import pytest

from keras.src.optimizers import schedules


def test_exponential_decay():
    s = schedules.ExponentialDecay(0.1, decay_steps=10, decay_rate=0.5)
    for step in (0, 3, 10, 25):
        np.testing.assert_allclose(s(step), 0.1 * 0.5 ** (step / 10), rtol=1e-6)
    s = schedules.ExponentialDecay(0.1, 10, 0.5, staircase=True)
    np.testing.assert_allclose(s(25), 0.1 * 0.5**2, rtol=1e-6)
    assert schedules.ExponentialDecay.from_config(s.get_config()).staircase
    with pytest.raises(ValueError):
        schedules.ExponentialDecay(0.1, 0, 0.5)


def test_cosine_decay():
    s = schedules.CosineDecay(2.0, decay_steps=100, alpha=0.1)

    def ref(step, lr=2.0, steps=100, alpha=0.1):
        step = min(step, steps)
        cos = 0.5 * (1 + math.cos(math.pi * step / steps))
        return lr * ((1 - alpha) * cos + alpha)

    for step in (0, 25, 50, 100, 150):
        np.testing.assert_allclose(s(step), ref(step), rtol=1e-5)
    # Warmup from 0 to 1 over 10 steps, then decay over 100 steps.
    s = schedules.CosineDecay(0.0, 100, warmup_target=1.0, warmup_steps=10)
    np.testing.assert_allclose(s(5), 0.5, rtol=1e-6)
    np.testing.assert_allclose(s(10), 1.0, rtol=1e-6)
    np.testing.assert_allclose(s(60), ref(50, lr=1.0, alpha=0.0), rtol=1e-5)
    np.testing.assert_allclose(s(500), 0.0, atol=1e-6)
    config = s.get_config()
    assert config == {
        "initial_learning_rate": 0.0,
        "decay_steps": 100,
        "alpha": 0.0,
        "name": "CosineDecay",
        "warmup_target": 1.0,
        "warmup_steps": 10,
    }


def test_piecewise_constant_decay():
    s = schedules.PiecewiseConstantDecay([10, 20], [1.0, 0.5, 0.1])
    for step, expected in (
        (0, 1.0),
        (10, 1.0),
        (11, 0.5),
        (20, 0.5),
        (21, 0.1),
        (1000, 0.1),
    ):
        np.testing.assert_allclose(s(step), expected)
    with pytest.raises(ValueError):
        schedules.PiecewiseConstantDecay([10], [1.0])


def test_polynomial_and_inverse_time_decay():
    s = schedules.PolynomialDecay(1.0, 10, end_learning_rate=0.1, power=2.0)
    np.testing.assert_allclose(s(5), 0.9 * 0.25 + 0.1, rtol=1e-6)
    np.testing.assert_allclose(s(50), 0.1, rtol=1e-6)
    s = schedules.PolynomialDecay(1.0, 10, end_learning_rate=0.0, cycle=True)
    np.testing.assert_allclose(s(15), 1.0 - 15 / 20, rtol=1e-6)
    s = schedules.InverseTimeDecay(1.0, decay_steps=2, decay_rate=0.5)
    np.testing.assert_allclose(s(3), 1.0 / (1 + 0.5 * 1.5), rtol=1e-6)
    s = schedules.InverseTimeDecay(1.0, 2, 0.5, staircase=True)
    np.testing.assert_allclose(s(3), 1.0 / 1.5, rtol=1e-6)


def test_serialize_round_trip():
    from keras.src.optimizers.schedules import learning_rate_schedule as lrs

    s = schedules.CosineDecay(0.1, 1000, alpha=0.2)
    config = lrs.serialize(s)
    clone = lrs.deserialize(config)
    assert isinstance(clone, schedules.CosineDecay)
    assert clone.get_config() == s.get_config()


def test_polynomial_decay_under_jit_has_no_nan_at_the_end():
    import jax

    for cycle in (False, True):
        s = schedules.PolynomialDecay(0.1, 7, 0.001, power=1.7, cycle=cycle)
        values = np.asarray(jax.jit(jax.vmap(s))(np.arange(30)))
        assert np.all(np.isfinite(values))
        np.testing.assert_allclose(values[7], 0.001, rtol=1e-5)


def test_cosine_decay_restarts_periods():
    from keras.src.optimizers.schedules import CosineDecayRestarts

    def reference(step, period, t_mul, m_mul, alpha):
        peak = 1.0
        while step >= period:
            step -= period
            period *= t_mul
            peak *= m_mul
        cosine = peak * 0.5 * (1 + math.cos(math.pi * step / period))
        return (1 - alpha) * cosine + alpha

    for t_mul, m_mul, alpha in (
        (2.0, 1.0, 0.0),
        (1.0, 0.5, 0.1),
        (3.0, 0.9, 0.0),
    ):
        schedule = CosineDecayRestarts(2.0, 10, t_mul, m_mul, alpha)
        for step in (0, 3, 10, 17, 29, 45, 95):
            expected = 2.0 * reference(step, 10, t_mul, m_mul, alpha)
            assert abs(float(schedule(step)) - expected) < 1e-5
    config = CosineDecayRestarts(1.0, 5, name="r").get_config()
    assert CosineDecayRestarts.from_config(config).get_config() == config
