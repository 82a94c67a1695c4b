"""`keras.random` draws of the image layers, with TensorFlow's stateless
random ops.

A `SeedGenerator` seed draws with the keys `(initial seed, n)`, `n` a TF
counter of its draws (0, 1, 2, ...), so each element (and each epoch) of a
`tf.data` pipeline gets new values (the keys of upstream Keras's TensorFlow
stream); an integer seed gives the same values every time, like in
`keras.random`.
"""

import weakref

import numpy as np

from keras.src.backend import config
from keras.src.backend.tensorflow_data.lazy_tf import tf

__all__ = ["beta", "gamma", "normal", "randint", "uniform"]


def _new_counter():
    # Made outside the graph being traced, so that the pipeline captures
    # it and it counts across elements and epochs.
    with tf.init_scope():
        return tf.Variable(0, dtype="int64", trainable=False)


class _DrawCounters:
    """The TF counters of the draws made in `tf.data` graphs: one per
    `SeedGenerator`, and one (with a random base seed) for unseeded
    draws."""

    def __init__(self):
        self._per_generator = weakref.WeakKeyDictionary()
        self._unseeded = None

    def for_generator(self, generator):
        if generator not in self._per_generator:
            self._per_generator[generator] = _new_counter()
        return generator.seed, self._per_generator[generator]

    def unseeded(self):
        if self._unseeded is None:
            base = int(np.random.SeedSequence().entropy % (2**31 - 1))
            self._unseeded = (base, _new_counter())
        return self._unseeded


_DRAW_COUNTERS = _DrawCounters()


def _key(seed):
    from keras.src.random.seed_generator import SeedGenerator

    if isinstance(seed, SeedGenerator):
        base, counter = _DRAW_COUNTERS.for_generator(seed)
    elif seed is None:
        base, counter = _DRAW_COUNTERS.unseeded()
    else:
        return tf.constant([int(seed), 0], dtype="int64")
    # The count before this draw: keys `(seed, 0)`, `(seed, 1)`, ...
    step = counter.assign_add(1) - 1
    return tf.stack([tf.constant(base, dtype="int64"), step])


def _shape(shape):
    if any(tf.is_tensor(d) for d in shape):
        return tf.stack([tf.cast(d, "int32") for d in shape])
    return [int(d) for d in shape]


def _draw(stateless_op, shape, seed, dtype, **params):
    """One draw of a TF stateless random op, its parameters in `dtype`."""
    dtype = dtype or config.floatx()
    return stateless_op(
        _shape(shape),
        _key(seed),
        **{name: tf.cast(value, dtype) for name, value in params.items()},
        dtype=dtype,
    )


def uniform(shape, minval=0.0, maxval=1.0, dtype=None, seed=None):
    return _draw(
        tf.random.stateless_uniform,
        shape,
        seed,
        dtype,
        minval=minval,
        maxval=maxval,
    )


def randint(shape, minval, maxval, dtype="int32", seed=None):
    # TensorFlow's uniform draw is over integers for an integer dtype.
    return uniform(shape, minval, maxval, dtype=dtype, seed=seed)


def normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    return _draw(
        tf.random.stateless_normal, shape, seed, dtype, mean=mean, stddev=stddev
    )


def gamma(shape, alpha, dtype=None, seed=None):
    return _draw(tf.random.stateless_gamma, shape, seed, dtype, alpha=alpha)


def beta(shape, alpha, beta, dtype=None, seed=None):
    # X / (X + Y) with X ~ Gamma(alpha), Y ~ Gamma(beta).
    x = gamma(shape, alpha, dtype=dtype, seed=seed)
    y = gamma(shape, beta, dtype=dtype, seed=seed)
    return x / (x + y)
