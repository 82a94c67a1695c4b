"""`Reshape`: reshapes the non-batch axes to a target shape."""

import math

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer


@keras_export("keras.layers.Reshape")
class Reshape(Layer):
    """Layer that reshapes inputs into the given shape.

    Args:
        target_shape: Target shape. Tuple of integers, does not include the
            samples dimension (batch size). One element of the
            `target_shape` can be -1 in which case the missing value is
            inferred from the size of the array and remaining dimensions.
        **kwargs: Base layer keyword arguments, such as `name` and `dtype`.

    Input shape:
        Arbitrary, but required to be compatible with `target_shape`.

    Output shape:
        `(batch_size, *target_shape)`

    Example:

    >>> x = keras.Input(shape=(12,))
    >>> y = keras.layers.Reshape((3, 4))(x)
    >>> y.shape
    (None, 3, 4)

    >>> # another example with shape inference using `-1` as dimension
    >>> y = keras.layers.Reshape((-1, 2, 2))(x)
    >>> y.shape
    (None, 3, 2, 2)
    """

    def __init__(self, target_shape, **kwargs):
        super().__init__(**kwargs)
        if isinstance(target_shape, int):
            target_shape = (target_shape,)
        target_shape = tuple(target_shape)
        if (
            any(
                not isinstance(d, int) or (d < 1 and d != -1)
                for d in target_shape
            )
            or list(target_shape).count(-1) > 1
        ):
            raise ValueError(
                "Argument `target_shape` of `Reshape` must be a tuple of "
                "positive integers, with at most one -1 (an inferred "
                f"dimension). Received: target_shape={target_shape}"
            )
        self.target_shape = target_shape
        self.built = True

    def _resolve_target_shape(self, input_shape):
        """The target shape with -1 resolved (`None` if unknowable)."""
        input_shape = tuple(input_shape)
        non_batch = input_shape[1:]
        known = None
        if all(d is not None for d in non_batch):
            known = math.prod(non_batch)
        target = list(self.target_shape)
        if known is None:
            return tuple(None if d == -1 else d for d in target)
        fixed = math.prod(d for d in target if d != -1)
        if -1 in target:
            if fixed == 0 or known % fixed != 0:
                raise self._size_error(input_shape)
            target[target.index(-1)] = known // fixed
        elif fixed != known:
            raise self._size_error(input_shape)
        return tuple(target)

    def _size_error(self, input_shape):
        return ValueError(
            f"The total size of the new array must be unchanged: layer "
            f"'{self.name}' cannot reshape an input of shape {input_shape} "
            f"(without batch: {input_shape[1:]}) to target_shape="
            f"{self.target_shape}."
        )

    def call(self, inputs):
        input_shape = tuple(inputs.shape)
        target = self._resolve_target_shape(input_shape)
        return ops.reshape(inputs, (input_shape[0],) + target)

    def compute_output_shape(self, input_shape):
        input_shape = tuple(input_shape)
        return (input_shape[0],) + self._resolve_target_shape(input_shape)

    def compute_output_spec(self, inputs):
        return backend.KerasTensor(
            self.compute_output_shape(inputs.shape), dtype=inputs.dtype
        )

    def get_config(self):
        config = {"target_shape": self.target_shape}
        base_config = super().get_config()
        return {**base_config, **config}
