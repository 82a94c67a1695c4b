"""`Minimum`: the element-wise minimum of a list of inputs."""

import functools

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.merging.base_merge import Merge


@keras_export("keras.layers.Minimum")
class Minimum(Merge):
    """Takes the element-wise minimum of a list of tensors.

    Call the layer on a list of two or more tensors whose shapes are equal
    or broadcast against each other; the result has the broadcast shape.
    When every input carries a Keras mask, masked entries are left out of
    the minimum.

    Args:
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Example:

    >>> keras.layers.Minimum()([np.array([1.0, 5.0]), np.array([3.0, 2.0])])
    Array([1., 2.], dtype=float32)
    """

    _masked_fill_value = float("inf")

    def _merge_function(self, inputs):
        return functools.reduce(ops.minimum, inputs)


@keras_export("keras.layers.minimum")
def minimum(inputs, **kwargs):
    """The element-wise minimum of tensors (functional form of `Minimum`).

    Args:
        inputs: List of tensors whose shapes are equal or broadcastable.
        **kwargs: Passed on to the `Minimum` layer (e.g. `name`).

    Returns:
        A tensor shaped like the (broadcast) inputs.

    Example:

    >>> keras.layers.minimum([np.zeros((4, 2)), np.ones((4, 2))]).shape
    (4, 2)
    """
    return Minimum(**kwargs)(inputs)
