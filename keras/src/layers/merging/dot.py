"""`Dot`: per-sample dot products between two inputs."""

import string

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.merging.base_merge import Merge


@keras_export("keras.layers.Dot")
class Dot(Merge):
    """Computes, sample by sample, the dot product of two tensors.

    For inputs `a` of shape `(batch, *a_dims)` and `b` of shape
    `(batch, *b_dims)`, `axes` names one axis of each (of equal size); for
    every sample the two are contracted along these axes, like
    `np.tensordot(a[i], b[i], axes)`. The output holds the remaining axes
    of `a`, then those of `b`: `(batch, n, m)` for `a` of shape
    `(batch, n, k)` and `b` of shape `(batch, m, k)` with `axes=2`. A
    result with no axis left besides the batch gets a trailing axis of
    size 1.

    Args:
        axes: Integer, or pair of integers (one per input): the axes to
            contract. The batch axis (0) cannot be contracted; negative
            values count from the end.
        normalize: Boolean; if `True`, both inputs are L2-normalized along
            the contracted axes first, so the products are cosine
            similarities. Defaults to `False`.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Example:

    >>> a = np.ones((2, 3, 4))
    >>> b = np.ones((2, 5, 4))
    >>> keras.layers.Dot(axes=-1)([a, b]).shape
    (2, 3, 5)
    """

    _input_count = 2

    def __init__(self, axes, normalize=False, **kwargs):
        super().__init__(**kwargs)
        if isinstance(axes, int):
            pair = (axes, axes)
        elif isinstance(axes, (list, tuple)) and len(axes) == 2:
            pair = tuple(axes)
        else:
            raise ValueError(
                "`Dot` expects `axes` to be an integer or a list/tuple of "
                f"2 integers; got axes={axes!r}"
            )
        if not all(isinstance(a, int) for a in pair):
            raise ValueError(
                f"`Dot` expects `axes` to hold integers; got axes={axes!r}"
            )
        self.axes = axes if isinstance(axes, int) else list(axes)
        self._axes_pair = pair
        self.normalize = normalize
        self.supports_masking = True

    def _resolved_axes(self, shape_a, shape_b):
        resolved = []
        for axis, shape in zip(self._axes_pair, (shape_a, shape_b)):
            rank = len(shape)
            positive = axis % rank if -rank <= axis < rank else None
            if positive is None or positive == 0:
                raise ValueError(
                    f"Invalid axes {self.axes} for `Dot` layer "
                    f"'{self.name}' with inputs of shapes {shape_a} and "
                    f"{shape_b}: each axis must be a non-batch axis."
                )
            resolved.append(positive)
        axis_a, axis_b = resolved
        size_a, size_b = shape_a[axis_a], shape_b[axis_b]
        if size_a is not None and size_b is not None and size_a != size_b:
            raise ValueError(
                f"`Dot` layer '{self.name}' contracts axis {axis_a} of "
                f"shape {shape_a} with axis {axis_b} of shape {shape_b}, "
                f"whose sizes differ ({size_a} != {size_b})."
            )
        return axis_a, axis_b

    def build(self, input_shape):
        if not isinstance(input_shape, (list, tuple)) or len(input_shape) != 2:
            raise ValueError(
                f"A `Dot` layer should be called on exactly 2 inputs; "
                f"layer '{self.name}' got input_shape={input_shape}"
            )
        self._resolved_axes(tuple(input_shape[0]), tuple(input_shape[1]))

    def _merge_function(self, inputs):
        a, b = inputs
        axis_a, axis_b = self._resolved_axes(tuple(a.shape), tuple(b.shape))
        if self.normalize:
            a = _l2_normalize(a, axis_a)
            b = _l2_normalize(b, axis_b)
        letters = iter(string.ascii_letters)
        batch = next(letters)
        contracted = next(letters)
        subs_a = [batch] + [
            contracted if i == axis_a else next(letters)
            for i in range(1, len(a.shape))
        ]
        subs_b = [batch] + [
            contracted if i == axis_b else next(letters)
            for i in range(1, len(b.shape))
        ]
        out = [batch]
        out += [s for s in subs_a[1:] if s != contracted]
        out += [s for s in subs_b[1:] if s != contracted]
        equation = f"{''.join(subs_a)},{''.join(subs_b)}->{''.join(out)}"
        result = ops.einsum(equation, a, b)
        if len(result.shape) == 1:
            result = ops.expand_dims(result, axis=1)
        return result

    def call(self, inputs, mask=None):
        self._check_inputs(inputs)
        inputs = [ops.convert_to_tensor(x) for x in inputs]
        return self._merge_function(inputs)

    def compute_output_shape(self, input_shape):
        shape_a, shape_b = (tuple(s) for s in input_shape)
        axis_a, axis_b = self._resolved_axes(shape_a, shape_b)
        out = (shape_a[0],)
        out += tuple(d for i, d in enumerate(shape_a) if i not in (0, axis_a))
        out += tuple(d for i, d in enumerate(shape_b) if i not in (0, axis_b))
        if len(out) == 1:
            out += (1,)
        return out

    def compute_mask(self, inputs, mask=None):
        # The contraction mixes positions: no mask carries over.
        return None

    def get_config(self):
        return {
            **super().get_config(),
            "axes": self.axes,
            "normalize": self.normalize,
        }


def _l2_normalize(x, axis):
    square_sum = ops.sum(ops.square(x), axis=axis, keepdims=True)
    return x * ops.rsqrt(ops.maximum(square_sum, 1e-12))


@keras_export("keras.layers.dot")
def dot(inputs, axes=-1, **kwargs):
    """Per-sample dot products of two tensors (functional form of `Dot`).

    Args:
        inputs: List of two tensors.
        axes: Integer or pair of integers, the axes to contract.
        **kwargs: Passed on to the `Dot` layer (e.g. `normalize`, `name`).

    Returns:
        The per-sample products (see `Dot`).

    Example:

    >>> keras.layers.dot([np.ones((4, 3)), np.ones((4, 3))], axes=1).shape
    (4, 1)
    """
    return Dot(axes=axes, **kwargs)(inputs)
