"""`Multiply`: multiplies a list of inputs element-wise."""

import functools

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.merging.base_merge import Merge


@keras_export("keras.layers.Multiply")
class Multiply(Merge):
    """Multiplies a list of tensors element-wise.

    Call the layer on a list of two or more tensors. Their shapes must be
    equal or broadcast against each other (NumPy rules, aligned on the
    right); the result has the broadcast shape and holds the product of
    all the inputs.

    Args:
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Example:

    >>> a = np.full((3, 5), 2.0)
    >>> gate = np.zeros((3, 1))  # broadcast across the last axis
    >>> keras.layers.Multiply()([a, gate]).shape
    (3, 5)

    Gating one branch of a functional model with another:

    >>> feat_in = keras.Input(shape=(10,))
    >>> ctx_in = keras.Input(shape=(4,))
    >>> feat = keras.layers.Dense(12)(feat_in)
    >>> gate = keras.layers.Dense(12, activation="sigmoid")(ctx_in)
    >>> gated = keras.layers.Multiply()([feat, gate])  # `multiply([...])`
    >>> head = keras.layers.Dense(3)(gated)
    >>> net = keras.Model([feat_in, ctx_in], head)
    """

    _masked_fill_value = 1

    def _merge_function(self, inputs):
        return functools.reduce(ops.multiply, inputs)


@keras_export("keras.layers.multiply")
def multiply(inputs, **kwargs):
    """Multiplies a list of tensors element-wise (functional `Multiply`).

    Args:
        inputs: List of tensors whose shapes are equal or broadcastable.
        **kwargs: Passed on to the `Multiply` layer (e.g. `name`).

    Returns:
        The element-wise product, shaped like the (broadcast) inputs.

    Example:

    >>> keras.layers.multiply([np.ones((4, 2)), np.ones((4, 2))]).shape
    (4, 2)
    """
    layer = Multiply(**kwargs)
    return layer(inputs)
