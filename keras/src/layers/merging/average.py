"""`Average`: averages a list of inputs element-wise."""

import functools

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.merging.base_merge import Merge


@keras_export("keras.layers.Average")
class Average(Merge):
    """Takes the element-wise mean of a list of tensors.

    Call the layer on a list of two or more tensors. Their shapes must be
    equal or broadcast against each other (NumPy rules, aligned on the
    right); the result has the broadcast shape and holds the sum of the
    inputs divided by their count.

    Args:
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Example:

    >>> a = np.full((3, 5), 2.0)
    >>> b = np.full((3, 5), 6.0)
    >>> float(keras.layers.Average()([a, b])[0, 0])  # (2 + 6) / 2
    4.0

    Ensembling two branches of a functional model:

    >>> in_a = keras.Input(shape=(10,))
    >>> in_b = keras.Input(shape=(6,))
    >>> pred_a = keras.layers.Dense(3)(in_a)
    >>> pred_b = keras.layers.Dense(3)(in_b)
    >>> mean = keras.layers.Average()([pred_a, pred_b])  # `average([...])`
    >>> net = keras.Model([in_a, in_b], mean)
    """

    def _merge_function(self, inputs):
        return ops.divide(functools.reduce(ops.add, inputs), len(inputs))


@keras_export("keras.layers.average")
def average(inputs, **kwargs):
    """Averages a list of tensors element-wise (functional `Average`).

    Args:
        inputs: List of tensors whose shapes are equal or broadcastable.
        **kwargs: Passed on to the `Average` layer (e.g. `name`).

    Returns:
        The element-wise mean, shaped like the (broadcast) inputs.

    Example:

    >>> keras.layers.average([np.ones((4, 2)), np.zeros((4, 2))]).shape
    (4, 2)
    """
    layer = Average(**kwargs)
    return layer(inputs)
