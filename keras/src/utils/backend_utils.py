"""Helpers for code that may run inside a TensorFlow graph (`tf.data`).

`import keras` never imports TensorFlow: these helpers only look at it
when it has already been imported by the caller.
"""

import os
import sys

from keras.src import backend
from keras.src.api_export import keras_export


def in_tf_graph():
    """Whether TensorFlow is currently tracing a graph (e.g. `Dataset.map`)."""
    if "tensorflow" not in sys.modules:
        return False
    import tensorflow as tf

    return not tf.executing_eagerly()


def is_tf_tensor(x):
    """Whether `x` is a TensorFlow tensor (checked without importing TF)."""
    return type(x).__module__.startswith("tensorflow")


def convert_tf_tensor(outputs, dtype=None):
    """Converts `outputs` to the tensor type of the current context.

    Inside a TensorFlow graph the result is a TF tensor; elsewhere it is
    a tensor of this backend.

    Args:
        outputs: Array-like value.
        dtype: Optional dtype of the result.

    Returns:
        A TF tensor when a TF graph is being traced, else a backend tensor.
    """
    if in_tf_graph():
        import tensorflow as tf

        return tf.convert_to_tensor(outputs, dtype=dtype)
    if is_tf_tensor(outputs):
        outputs = outputs.numpy()
    return backend.convert_to_tensor(outputs, dtype=dtype)


@keras_export("keras.config.set_backend")
def set_backend(backend):
    """Selects the backend Keras runs on.

    This fork runs on JAX only, so `"jax"` is the only accepted value; it
    is already the active backend, so nothing is reloaded and objects made
    before the call stay usable. Upstream Keras reloads the whole `keras`
    package here to switch to another backend.

    Args:
        backend: The backend name; must be `"jax"`.

    Raises:
        ValueError: For any other backend name.

    Example:

    >>> keras.config.set_backend("jax")
    >>> keras.config.backend()
    'jax'
    """
    if backend != "jax":
        raise ValueError(
            "This Keras runs on the JAX backend only: "
            f"`keras.config.set_backend` accepts 'jax'. Received: "
            f"backend={backend!r}"
        )
    os.environ["KERAS_BACKEND"] = backend
