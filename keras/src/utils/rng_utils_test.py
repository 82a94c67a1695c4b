import numpy as np
import pytest

from keras.src.testing.test_utils import assert_runs_without_tensorflow
from keras.src.utils import rng_utils


def test_seeds_tensorflow_once_it_is_imported():
    # Random TensorFlow ops (e.g. augmentation inside `tf.data`) repeat.
    tf = pytest.importorskip("tensorflow")
    rng_utils.set_random_seed(1337)
    first = tf.random.uniform((4,)).numpy()
    rng_utils.set_random_seed(1337)
    np.testing.assert_array_equal(tf.random.uniform((4,)).numpy(), first)
    rng_utils.set_random_seed(7)
    assert not np.array_equal(tf.random.uniform((4,)).numpy(), first)


def test_does_not_import_tensorflow():
    assert_runs_without_tensorflow(
        "import keras", "keras.utils.set_random_seed(3)"
    )
