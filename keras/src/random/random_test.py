"""Tests of `keras.random`, `SeedGenerator` and `set_random_seed`."""

import jax
import numpy as np
import pytest

from keras.src import backend
from keras.src import ops
from keras.src import random
from keras.src.backend.common.stateless_scope import StatelessScope
from keras.src.random import seed_generator
from keras.src.utils import rng_utils


class TestDistributions:
    @pytest.mark.float16
    def test_normal(self):
        x = random.normal((2000,), mean=1.0, stddev=2.0, seed=0)
        assert x.shape == (2000,) and x.dtype == "float32"
        assert abs(float(ops.mean(x)) - 1.0) < 0.2
        assert abs(float(ops.std(x)) - 2.0) < 0.2
        assert random.normal((2,), dtype="float16", seed=1).dtype == "float16"

    def test_uniform(self):
        x = np.asarray(random.uniform((1000,), minval=-2, maxval=3, seed=2))
        assert x.min() >= -2 and x.max() < 3
        assert abs(x.mean() - 0.5) < 0.3
        with pytest.raises(ValueError):
            random.uniform((2,), dtype="int32")

    def test_truncated_normal(self):
        x = np.asarray(random.truncated_normal((2000,), stddev=0.5, seed=3))
        assert np.abs(x).max() <= 1.0 + 1e-6

    def test_randint(self):
        x = np.asarray(random.randint((500,), 3, 7, seed=4))
        assert x.dtype == np.int32
        assert set(np.unique(x)) == {3, 4, 5, 6}
        with pytest.raises(ValueError):
            random.randint((2,), 0, 2, dtype="float32")

    def test_categorical(self):
        logits = np.log(np.array([[0.0, 1.0, 0.0], [0.5, 0.0, 0.5]]) + 1e-12)
        out = np.asarray(random.categorical(logits, 20, seed=5))
        assert out.shape == (2, 20) and out.dtype == np.int32
        assert (out[0] == 1).all()
        assert set(np.unique(out[1])) <= {0, 2}
        with pytest.raises(ValueError):
            random.categorical(np.ones(3), 2)

    @pytest.mark.float16
    def test_dropout(self):
        x = np.ones((200, 50), "float32")
        out = np.asarray(random.dropout(x, 0.4, seed=6))
        assert set(np.unique(out)) <= {0.0, np.float32(1 / 0.6)}
        assert abs(out.mean() - 1.0) < 0.05
        out = np.asarray(random.dropout(x, 0.5, noise_shape=(1, 50), seed=7))
        assert (out == out[:1]).all()  # the mask is shared across rows
        out = random.dropout(x.astype("float16"), 0.5, seed=8)
        assert out.dtype == "float16"

    def test_shuffle(self):
        x = np.arange(20).reshape(10, 2)
        out = np.asarray(random.shuffle(x, seed=9))
        assert sorted(out[:, 0].tolist()) == list(range(0, 20, 2))
        np.testing.assert_array_equal(out[:, 1], out[:, 0] + 1)
        assert not (out == x).all()

    def test_other_distributions(self):
        # Their samplers take seconds to compile on CPU: check shapes and
        # dtypes by tracing only.
        for fn in (
            lambda: random.gamma((5,), alpha=2.0, seed=10),
            lambda: random.binomial((5,), 10, 0.5, seed=11),
            lambda: random.beta((5,), 2.0, 2.0, seed=12),
        ):
            spec = jax.eval_shape(fn)
            assert spec.shape == (5,) and spec.dtype == "float32"


class TestSeeds:
    def test_int_seed_is_deterministic(self):
        a = random.normal((4,), seed=42)
        b = random.normal((4,), seed=42)
        c = random.normal((4,), seed=43)
        np.testing.assert_array_equal(a, b)
        assert not np.array_equal(a, c)

    def test_seed_generator_advances_and_replays(self):
        gen = random.SeedGenerator(seed=1)
        assert gen.state.dtype == "uint32" and gen.state.shape == (2,)
        assert gen.state.path.endswith("seed_generator_state")
        assert not gen.state.trainable
        a = random.normal((3,), seed=gen)
        b = random.normal((3,), seed=gen)
        assert not np.array_equal(a, b)
        gen2 = random.SeedGenerator(seed=1)
        np.testing.assert_array_equal(random.normal((3,), seed=gen2), a)
        np.testing.assert_array_equal(random.normal((3,), seed=gen2), b)
        config = gen.get_config()
        assert config["seed"] == 1
        clone = random.SeedGenerator.from_config(config)
        np.testing.assert_array_equal(random.normal((3,), seed=clone), a)

    def test_invalid_seed(self):
        with pytest.raises(ValueError):
            random.normal((2,), seed="abc")
        with pytest.raises(ValueError):
            random.SeedGenerator(seed=1.5)

    def test_set_random_seed_makes_runs_reproducible(self):
        def run():
            gen = random.SeedGenerator()
            return (
                np.asarray(random.normal((3,))),
                np.asarray(random.uniform((3,), seed=gen)),
                np.asarray(random.uniform((3,), seed=gen)),
                np.random.rand(),
                __import__("random").random(),
            )

        rng_utils.set_random_seed(123)
        first = run()
        rng_utils.set_random_seed(123)
        second = run()
        for a, b in zip(first, second):
            np.testing.assert_array_equal(a, b)
        rng_utils.set_random_seed(124)
        third = run()
        assert not np.array_equal(first[0], third[0])
        with pytest.raises(ValueError):
            rng_utils.set_random_seed("x")

    def test_seed_none_differs_between_calls(self):
        a = random.normal((4,))
        b = random.normal((4,))
        assert not np.array_equal(a, b)

    def test_global_seed_generator(self):
        gen = seed_generator.global_seed_generator()
        assert seed_generator.global_seed_generator() is gen
        assert isinstance(gen, random.SeedGenerator)

    def test_jit_with_stateless_scope(self):
        gen = random.SeedGenerator(seed=7)
        state0 = gen.state.value

        @jax.jit
        def step(state):
            with StatelessScope([(gen.state, state)]) as scope:
                x = random.normal((3,), seed=gen)
                y = random.dropout(ops.ones((3,)), 0.5, seed=gen)
            return x, y, scope.get_current_value(gen.state)

        x1, y1, s1 = step(state0)
        x2, _, s2 = step(s1)
        assert not np.array_equal(x1, x2)
        assert not np.array_equal(s1, s2)
        # The variable itself was not modified by the traced calls.
        np.testing.assert_array_equal(gen.state.value, state0)
        # Same results as eager use of a fresh generator.
        eager = random.SeedGenerator(seed=7)
        np.testing.assert_array_equal(x1, random.normal((3,), seed=eager))
        np.testing.assert_array_equal(
            y1, random.dropout(ops.ones((3,)), 0.5, seed=eager)
        )
        np.testing.assert_array_equal(x2, random.normal((3,), seed=eager))

    def test_generator_used_inside_traced_initializer(self):
        gen = random.SeedGenerator(seed=3)

        @jax.jit
        def init():
            # No stateless scope: the state update happens eagerly.
            return random.normal((2,), seed=gen)

        out = init()
        state = gen.state.value
        assert not isinstance(state, jax.core.Tracer)
        np.testing.assert_array_equal(
            out, random.normal((2,), seed=random.SeedGenerator(seed=3))
        )

    def test_variable_initializer_under_jit(self):
        gen = random.SeedGenerator(seed=5)

        @jax.jit
        def make():
            v = backend.Variable(
                lambda shape, dtype: random.normal(
                    shape, dtype=dtype, seed=gen
                ),
                shape=(2,),
                name="v",
            )
            return v.value

        make()
        # No tracer leaked into the generator's state.
        assert not isinstance(gen.state.value, jax.core.Tracer)
        random.normal((2,), seed=gen)

    def test_draw_seed(self):
        key = seed_generator.draw_seed(5)
        assert key.shape == (2,) and key.dtype == "uint32"
        np.testing.assert_array_equal(seed_generator.draw_seed(key), key)
        # An int seed is the key `[seed, 0]`: the first key that a
        # `SeedGenerator(seed)` hands out.
        np.testing.assert_array_equal(seed_generator.draw_seed(5), [5, 0])
        gen = seed_generator.SeedGenerator(5)
        np.testing.assert_array_equal(gen.next(), [5, 0])
        np.testing.assert_array_equal(gen.next(), [5, 1])
        np.testing.assert_array_equal(gen.state.value, [5, 2])
