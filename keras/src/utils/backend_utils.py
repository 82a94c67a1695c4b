"""Backend helpers: choosing the backend (`set_backend`, `DynamicBackend`)
and handling code that may run inside a TensorFlow graph (`tf.data`).

`import keras` never imports TensorFlow: the graph helpers only look at it
when it has already been imported by the caller.
"""

import os
import sys

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend import config as backend_config

# The backends this fork can run on.
AVAILABLE_BACKENDS = ("jax",)


def _check_backend_name(name):
    if name not in AVAILABLE_BACKENDS:
        raise ValueError(
            "This Keras runs on the JAX backend only. Available backends "
            f"are {AVAILABLE_BACKENDS}. Received: backend={name!r}"
        )


def in_tf_graph():
    """Whether TensorFlow is currently tracing a graph (e.g. `Dataset.map`)."""
    if "tensorflow" not in sys.modules:
        return False
    import tensorflow as tf

    return not tf.executing_eagerly()


def is_tf_tensor(x):
    """Whether `x` is a TensorFlow tensor (checked without importing TF)."""
    return type(x).__module__.startswith("tensorflow")


def is_tf_symbolic_tensor(x):
    """Whether `x` is a tensor of a TensorFlow graph being traced: it has
    no value, so it cannot become a NumPy or JAX array."""
    if not is_tf_tensor(x):
        return False
    import tensorflow as tf

    return tf.is_symbolic_tensor(x)


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


class DynamicBackend:
    """Looks up backend functions by name in a backend chosen at run time.

    Attribute access is forwarded to the chosen backend's package, so
    `dynamic.numpy.log10(x)` calls that backend's `log10`. Upstream Keras
    uses this to run code on another backend than the global one; this
    fork has the JAX backend only, so `"jax"` is the one valid choice.

    Args:
        backend: Backend name; defaults to the global backend
            (`keras.config.backend()`).

    Example:

    >>> dynamic = DynamicBackend()
    >>> dynamic.name
    'jax'
    >>> dynamic.numpy.log10(np.array([10.0, 100.0]))
    Array([1., 2.], dtype=float32)
    """

    def __init__(self, backend=None):
        self._backend = backend or backend_config.backend()

    def set_backend(self, backend):
        """Chooses the backend; raises `ValueError` for any but `"jax"`."""
        _check_backend_name(backend)
        self._backend = backend

    def reset(self):
        """Goes back to the global backend."""
        self._backend = backend_config.backend()

    @property
    def name(self):
        """The name of the chosen backend."""
        return self._backend

    def __getattr__(self, name):
        # Only reached for names missing from the instance and the class.
        if name.startswith("__") or name == "_backend":
            raise AttributeError(name)
        _check_backend_name(self._backend)
        # The one valid backend is the global one: `keras.src.backend`.
        return getattr(backend, name)


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
    _check_backend_name(backend)
    os.environ["KERAS_BACKEND"] = backend
