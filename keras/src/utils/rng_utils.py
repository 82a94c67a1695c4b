"""`keras.utils.set_random_seed`: one seed for a reproducible run."""

import random
import sys

import numpy as np

from keras.src.api_export import keras_export


@keras_export("keras.utils.set_random_seed")
def set_random_seed(seed):
    """Sets all random seeds (Python, NumPy, and Keras' global generator).

    After `set_random_seed(seed)`, `keras.random` calls with `seed=None`,
    `SeedGenerator()`s created without a seed (and therefore layers and
    initializers using them), Python's `random` and NumPy's global
    generator all replay the same sequence. When TensorFlow has been
    imported (e.g. for `tf.data`), its global seed is set too, so random
    TensorFlow ops in preprocessing pipelines repeat as well; TensorFlow is
    never imported here.

    Args:
        seed: The integer every generator is reset with.

    Example:

    >>> keras.utils.set_random_seed(1337)
    >>> a = keras.random.normal((2,))
    >>> keras.utils.set_random_seed(1337)
    >>> b = keras.random.normal((2,))  # equal to `a`
    """
    if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool):
        raise ValueError(
            "Expected `seed` argument to be an integer. "
            f"Received: seed={seed} (of type {type(seed)})"
        )
    seed = int(seed)
    random.seed(seed)
    np.random.seed(seed % (1 << 32))
    from keras.src.backend.common import global_state
    from keras.src.random import seed_generator

    seed_generator.set_global_rng_seed(seed)
    # A fresh global SeedGenerator is created (from the reseeded global
    # generator) the next time it is needed.
    global_state.set_global_attribute("global_seed_generator", None)
    if "tensorflow" in sys.modules:
        sys.modules["tensorflow"].random.set_seed(seed)
