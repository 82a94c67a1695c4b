"""`Maximum`: the element-wise maximum of a list of inputs."""

import functools

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.merging.base_merge import Merge


@keras_export("keras.layers.Maximum")
class Maximum(Merge):
    """Takes the element-wise maximum of a list of tensors.

    Call the layer on a list of two or more tensors whose shapes are equal
    or broadcast against each other; the result has the broadcast shape.
    When every input carries a Keras mask, masked entries are left out of
    the maximum.

    Args:
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Example:

    >>> keras.layers.Maximum()([np.array([1.0, 5.0]), np.array([3.0, 2.0])])
    Array([3., 5.], dtype=float32)
    """

    _masked_fill_value = float("-inf")

    def _merge_function(self, inputs):
        return functools.reduce(ops.maximum, inputs)


@keras_export("keras.layers.maximum")
def maximum(inputs, **kwargs):
    """The element-wise maximum of tensors (functional form of `Maximum`).

    Args:
        inputs: List of tensors whose shapes are equal or broadcastable.
        **kwargs: Passed on to the `Maximum` layer (e.g. `name`).

    Returns:
        A tensor shaped like the (broadcast) inputs.

    Example:

    >>> keras.layers.maximum([np.zeros((4, 2)), np.ones((4, 2))]).shape
    (4, 2)
    """
    return Maximum(**kwargs)(inputs)
