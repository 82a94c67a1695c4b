"""`SeedGenerator`: stateful random seeds that work under `jax.jit`.

A JAX random key is a `uint32` pair. A `SeedGenerator` keeps one in a
non-trainable variable: `[seed, counter]`. Each `next()` returns the
current pair as the key of a draw and advances the counter by one (JAX's
counter-based generator makes consecutive pairs independent streams).
Inside a `keras.StatelessScope` (as set up by the trainer under `jax.jit`)
the read returns the traced state and the write is recorded in the scope, so
random layers stay pure functions of the variables.
"""

import random as python_random

import jax
import numpy as np

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend.common import global_state
from keras.src.backend.jax.core import under_jax_trace
from keras.src.distribution import logical_axes

# Draws the keys of `seed=None` random calls. `keras.utils.set_random_seed`
# reseeds it, which makes such calls reproducible.
_GLOBAL_RNG = python_random.Random()

_MASK32 = 0xFFFFFFFF


def _seed_to_state(seed):
    """The initial `[seed, 0]` state of a Python int seed (seeds outside
    the `uint32` range are folded into it)."""
    seed = int(seed) & ((1 << 64) - 1)
    return np.array([(seed ^ (seed >> 32)) & _MASK32, 0], dtype="uint32")


def _draw_global_int():
    return _GLOBAL_RNG.randint(0, (1 << 31) - 1)


def make_default_seed():
    """Draws an int seed from the global generator (the one that
    `keras.utils.set_random_seed` reseeds)."""
    return _draw_global_int()


def set_global_rng_seed(seed):
    """Reseeds the generator behind `seed=None` draws (see `draw_seed`)."""
    _GLOBAL_RNG.seed(seed)


@keras_export("keras.random.SeedGenerator")
class SeedGenerator:
    """Generates a sequence of random seeds (JAX keys).

    Pass a `SeedGenerator` as the `seed` argument of `keras.random`
    functions to get different random numbers on each call while remaining
    reproducible: the generator's state is a variable, so it is saved,
    restored and threaded through `jax.jit` like any other model state.

    Args:
        seed: Initial seed (an int). If `None`, one is drawn from the global
            Python generator that `keras.utils.set_random_seed` seeds.
        name: Optional name.

    Example:

    >>> gen = keras.random.SeedGenerator(seed=42)
    >>> a = keras.random.normal((2,), seed=gen)
    >>> b = keras.random.normal((2,), seed=gen)  # differs from `a`
    """

    def __init__(self, seed=None, name=None, **kwargs):
        if kwargs.pop("backend", None) not in (None, "jax"):
            raise ValueError("Only the JAX backend is supported.")
        if kwargs:
            raise ValueError(f"Unrecognized keyword arguments: {kwargs}")
        if name is None:
            from keras.src.utils import naming

            name = naming.auto_name(self.__class__.__name__)
        self.name = name
        if seed is None:
            seed = _draw_global_int()
        elif not isinstance(seed, (int, np.integer)):
            raise ValueError(
                "Argument `seed` must be an integer. Received: "
                f"seed={seed} (of type {type(seed)})"
            )
        self._initial_seed = int(seed)
        initial_state = _seed_to_state(seed)

        def initializer(shape, dtype):
            return initial_state

        # The state is one key, read whole by every draw: its axis is
        # named with no rule, so that an `AutoLayoutMap` never splits it.
        with backend.name_scope(self.name), logical_axes.logical_axes((None,)):
            # A callable initializer: a generator created inside a stateless
            # scope (e.g. by a layer built in a traced step) gets its state
            # variable once the scope is left.
            self.state = backend.Variable(
                initializer,
                shape=(2,),
                dtype=backend.random_seed_dtype(),
                trainable=False,
                name="seed_generator_state",
            )

    def next(self, ordered=True):
        """Returns a fresh key and advances the state.

        Args:
            ordered: Accepted for API compatibility; the key sequence is
                always deterministic.

        Returns:
            A `uint32` JAX key of shape `(2,)`.
        """
        if backend.in_stateless_scope():
            # Traced (or recorded) update: the scope collects the new state.
            key, new_state = _advance(self.state.value)
            self.state.assign(new_state)
            return key
        # Eager update: even while some enclosing function is traced (e.g.
        # a variable initializer under `jax.jit`), the state stays concrete.
        with jax.ensure_compile_time_eval():
            key, new_state = _advance(self.state.value)
        self.state.assign(new_state)
        return key

    @property
    def seed(self):
        return self._initial_seed

    def get_config(self):
        return {"seed": self._initial_seed, "name": self.name}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


def _advance(state):
    """`(key, next_state)`: the key is the state itself, the next state
    has its counter word incremented."""
    key = jax.numpy.asarray(state).astype("uint32")
    return key, key + jax.numpy.array([0, 1], dtype="uint32")


def draw_seed(seed):
    """Turns a `seed` argument into a JAX key.

    Args:
        seed: One of:
            - an int: a fixed key derived from it (same int, same numbers);
            - a `SeedGenerator`: its `next()` key (advances its state);
            - a JAX key (`uint32` array of shape `(2,)`), used as is;
            - `None`: the next key of the global `SeedGenerator` (see
              `global_seed_generator`), which `keras.utils.set_random_seed`
              makes reproducible. Not allowed while JAX traces a function
              (the key would be frozen into it): pass a `SeedGenerator`
              (with a `StatelessScope`) there instead.

    Returns:
        A `uint32` JAX key of shape `(2,)`.
    """
    if isinstance(seed, SeedGenerator):
        return seed.next()
    if seed is None:
        return global_seed_generator().next()
    if isinstance(seed, (int, np.integer)) and not isinstance(seed, bool):
        return jax.numpy.asarray(_seed_to_state(seed))
    if backend.is_tensor(seed) or isinstance(seed, np.ndarray):
        seed = backend.convert_to_tensor(seed)
        if tuple(seed.shape) == (2,):
            return seed.astype("uint32")
        if seed.ndim == 0:
            return jax.random.PRNGKey(seed.astype("uint32"))
    raise ValueError(
        "Argument `seed` must be either an integer, a "
        "`keras.random.SeedGenerator` instance, a (2,) uint32 key or "
        f"`None`. Received: seed={seed} (of type {type(seed)})"
    )


def global_seed_generator():
    """A process-wide `SeedGenerator` (reset by `clear_session`)."""
    if under_jax_trace():
        raise ValueError(
            "When tracing a JAX function, you should only use seeded random "
            "ops: the global generator's draws would be frozen into the "
            "traced function. Create a `keras.random.SeedGenerator`, keep it "
            "on your layer or model and pass it as the `seed` argument."
        )
    generator = global_state.get_global_attribute("global_seed_generator")
    if generator is None:
        generator = SeedGenerator(name="global_seed_generator")
        global_state.set_global_attribute("global_seed_generator", generator)
    return generator
