"""`Reshape`: reshapes the non-batch axes to a target shape."""

import math

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.reshaping._reshaping_layer import ReshapingLayer


@keras_export("keras.layers.Reshape")
class Reshape(ReshapingLayer):
    """Gives each sample a new shape, leaving the batch axis alone.

    Every sample of shape `input_shape[1:]` is reshaped (in row-major
    order) to `target_shape`, so the output is `(batch, *target_shape)`.
    The number of values per sample must not change. At most one entry of
    `target_shape` may be `-1`; its size is then worked out from the
    per-sample size and the other entries.

    Args:
        target_shape: Tuple of non-negative integers (or a single integer),
            the new per-sample shape without the batch axis; one entry may
            be `-1` to have it inferred.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Input shape:
        Any shape whose per-sample size matches `target_shape`.

    Output shape:
        `(batch_size, *target_shape)`, with a `-1` entry filled in.

    Example:

    >>> tokens = keras.Input(shape=(6, 10))
    >>> keras.layers.Reshape((4, 15))(tokens).shape
    (None, 4, 15)
    >>> keras.layers.Reshape((5, -1))(tokens).shape  # -1 becomes 12
    (None, 5, 12)
    """

    keeps_sparse = True

    def __init__(self, target_shape, **kwargs):
        super().__init__(**kwargs)
        dims = (
            (target_shape,)
            if isinstance(target_shape, int)
            else tuple(target_shape)
        )
        bad_entry = any(
            isinstance(d, bool) or not isinstance(d, int) or d < -1
            for d in dims
        )
        if bad_entry:
            raise ValueError(
                "`Reshape` expects each `target_shape` entry to be a "
                "non-negative integer, or -1 for a size to infer; got "
                f"target_shape={target_shape!r}"
            )
        if dims.count(-1) > 1:
            raise ValueError(
                "`Reshape` can infer at most one unknown dimension (-1) of "
                f"`target_shape`; got target_shape={target_shape!r}"
            )
        self.target_shape = dims
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

    def get_config(self):
        return {**super().get_config(), "target_shape": self.target_shape}
