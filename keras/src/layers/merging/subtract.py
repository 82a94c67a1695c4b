"""`Subtract`: subtracts two inputs element-wise."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.merging.base_merge import Merge


@keras_export("keras.layers.Subtract")
class Subtract(Merge):
    """Subtracts the second of two tensors from the first, element-wise.

    Call the layer on a list of exactly two tensors `[a, b]` with equal
    (or broadcastable) shapes; it returns `a - b`. Any other number of
    inputs raises a `ValueError`.

    Args:
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Example:

    >>> a = np.full((3, 5), 4.0)
    >>> b = np.ones((3, 5))
    >>> float(keras.layers.Subtract()([a, b])[0, 0])  # 4 - 1
    3.0

    Taking the difference of two branches of a functional model:

    >>> query_in = keras.Input(shape=(10,))
    >>> doc_in = keras.Input(shape=(7,))
    >>> query = keras.layers.Dense(6)(query_in)
    >>> doc = keras.layers.Dense(6)(doc_in)
    >>> gap = keras.layers.Subtract()([query, doc])  # `subtract([...])`
    >>> score = keras.layers.Dense(1)(gap)
    >>> net = keras.Model([query_in, doc_in], score)
    """

    _input_count = 2

    def _merge_function(self, inputs):
        minuend, subtrahend = inputs
        return ops.subtract(minuend, subtrahend)


@keras_export("keras.layers.subtract")
def subtract(inputs, **kwargs):
    """Computes `inputs[0] - inputs[1]` (functional form of `Subtract`).

    Args:
        inputs: List of exactly two tensors with equal or broadcastable
            shapes.
        **kwargs: Passed on to the `Subtract` layer (e.g. `name`).

    Returns:
        The element-wise difference, shaped like the (broadcast) inputs.

    Example:

    >>> keras.layers.subtract([np.ones((4, 2)), np.ones((4, 2))]).shape
    (4, 2)
    """
    layer = Subtract(**kwargs)
    return layer(inputs)
