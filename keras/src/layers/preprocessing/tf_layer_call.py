"""`call_with_tf_ops`: one layer call on TensorFlow tensors, with the
TensorFlow op namespace (`TF_OPS`).

The preprocessing layers that run inside `tf.data` (`DataLayer` and the
image layers) reach their `call` through it there, without
`Layer.__call__`, whose machinery computes with JAX.
"""

from keras.src import tree
from keras.src.backend.common import dtypes
from keras.src.backend.tensorflow_data import TF_OPS
from keras.src.layers.preprocessing.tf_data_mode import tf_mode
from keras.src.utils.backend_utils import is_tf_tensor


def call_with_tf_ops(layer, inputs, **kwargs):
    """Runs `layer.call` on TF tensors with `TF_OPS` as its op namespace.

    As `Layer.__call__` would: the layer is built from the input shapes on
    its first call, float inputs are cast to its compute dtype when it
    autocasts, and `training` reaches only a `call` that takes it.
    """
    if not layer.built:
        layer.build(
            tree.map_structure(
                lambda x: tuple(x.shape) if hasattr(x, "shape") else None,
                inputs,
            )
        )
        layer.built = True
    if not layer._call_has_training_arg:
        kwargs.pop("training", None)
    compute_dtype = layer.compute_dtype
    if layer.autocast and dtypes.is_float_dtype(compute_dtype):

        def autocast(x):
            if (
                is_tf_tensor(x)
                and x.dtype.is_floating
                and x.dtype.name != compute_dtype
            ):
                return TF_OPS.cast(x, compute_dtype)
            return x

        inputs = tree.map_structure(autocast, inputs)
    with tf_mode():
        return layer.call(inputs, **kwargs)
