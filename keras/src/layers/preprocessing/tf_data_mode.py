"""The tf.data mode: whether the preprocessing layers compute with
TensorFlow now, which picks the op namespace they compute with.

They do while TensorFlow traces a graph (`Dataset.map`) and inside
`tf_mode()` (a layer call on eager TF tensors, see `tf_layer_call`); their
ops then come from `TF_OPS` (`backend/tensorflow_data`), else from
`keras.ops`.
"""

import contextlib
import threading

from keras.src.backend.tensorflow_data import TF_OPS
from keras.src.utils.backend_utils import in_tf_graph

_MODE = threading.local()


@contextlib.contextmanager
def tf_mode():
    """Routes the layers' array functions to TensorFlow while the block
    runs (also for eager TF tensors, outside any graph)."""
    previous = getattr(_MODE, "tf", False)
    _MODE.tf = True
    try:
        yield
    finally:
        _MODE.tf = previous


def tf_mode_active():
    return getattr(_MODE, "tf", False)


def serves_tf():
    """Whether array functions must be TensorFlow's now: inside
    `tf_mode()` or while TensorFlow traces a graph (`Dataset.map`)."""
    return tf_mode_active() or in_tf_graph()


class _KerasOps:
    """`keras.ops` as an op namespace of the layers: attribute lookups go
    to the ops module; `_backend` names the backend computing them."""

    _backend = "jax"

    def __getattr__(self, name):
        from keras.src import ops

        return getattr(ops, name)


KERAS_OPS = _KerasOps()


def current_ops():
    """`TF_OPS` when `serves_tf()`, else `keras.ops` (as `KERAS_OPS`)."""
    if serves_tf():
        return TF_OPS
    return KERAS_OPS
