"""`Average`: averages a list of inputs element-wise."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.merging.base_merge import Merge


@keras_export("keras.layers.Average")
class Average(Merge):
    """Averages a list of inputs element-wise.

    It takes as input a list of tensors, all of the same shape (or
    broadcastable against each other), and returns a single tensor (also
    of the same shape).

    Args:
        **kwargs: Base layer keyword arguments, such as `name` and `dtype`.

    Examples:

    >>> input_shape = (2, 3, 4)
    >>> x1 = np.random.rand(*input_shape)
    >>> x2 = np.random.rand(*input_shape)
    >>> y = keras.layers.Average()([x1, x2])

    Usage in a Keras model:

    >>> input1 = keras.layers.Input(shape=(16,))
    >>> x1 = keras.layers.Dense(8, activation='relu')(input1)
    >>> input2 = keras.layers.Input(shape=(32,))
    >>> x2 = keras.layers.Dense(8, activation='relu')(input2)
    >>> # equivalent to `y = keras.layers.average([x1, x2])`
    >>> y = keras.layers.Average()([x1, x2])
    >>> out = keras.layers.Dense(4)(y)
    >>> model = keras.models.Model(inputs=[input1, input2], outputs=out)
    """

    def _merge_function(self, inputs):
        output = inputs[0]
        for x in inputs[1:]:
            output = ops.add(output, x)
        return ops.divide(output, len(inputs))


@keras_export("keras.layers.average")
def average(inputs, **kwargs):
    """Functional interface to the `keras.layers.Average` layer.

    Args:
        inputs: A list of input tensors, all of the same shape.
        **kwargs: Standard layer keyword arguments.

    Returns:
        A tensor as the element-wise average of the inputs with the same
        shape as the inputs.

    Example:

    >>> keras.layers.average([np.ones((2, 3)), np.zeros((2, 3))]).shape
    (2, 3)
    """
    return Average(**kwargs)(inputs)
