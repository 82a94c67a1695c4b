"""`Add`: sums a list of inputs element-wise."""

import functools

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.merging.base_merge import Merge


@keras_export("keras.layers.Add")
class Add(Merge):
    """Sums a list of tensors element-wise.

    Call the layer on a list of two or more tensors. Their shapes must be
    equal or broadcast against each other (NumPy rules, aligned on the
    right); the result has the broadcast shape and holds the sum of all
    the inputs.

    Args:
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Example:

    >>> a = np.full((3, 5), 2.0)
    >>> b = np.arange(15.0).reshape(3, 5)
    >>> keras.layers.Add()([a, b]).shape
    (3, 5)

    Joining two branches of a functional model:

    >>> left_in = keras.Input(shape=(10,))
    >>> right_in = keras.Input(shape=(6,))
    >>> left = keras.layers.Dense(12)(left_in)
    >>> right = keras.layers.Dense(12)(right_in)
    >>> total = keras.layers.Add()([left, right])  # same as `add([...])`
    >>> head = keras.layers.Dense(3)(total)
    >>> net = keras.Model([left_in, right_in], head)
    """

    def _merge_function(self, inputs):
        return functools.reduce(ops.add, inputs)


@keras_export("keras.layers.add")
def add(inputs, **kwargs):
    """Sums a list of tensors element-wise (functional form of `Add`).

    Args:
        inputs: List of tensors whose shapes are equal or broadcastable.
        **kwargs: Passed on to the `Add` layer (e.g. `name`).

    Returns:
        The element-wise sum, shaped like the (broadcast) inputs.

    Example:

    >>> keras.layers.add([np.ones((4, 2)), np.full((4, 2), 3.0)]).shape
    (4, 2)
    """
    layer = Add(**kwargs)
    return layer(inputs)
