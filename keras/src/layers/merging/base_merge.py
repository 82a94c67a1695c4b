"""`Merge`: the base class of the element-wise merge layers."""

import numpy as np

from keras.src import backend
from keras.src import ops
from keras.src.layers.layer import Layer


class Merge(Layer):
    """Generic merge layer for element-wise merge functions.

    Subclasses implement `_merge_function(inputs)` on a list of tensors.
    Inputs are broadcast against each other (NumPy rules, aligned on the
    right), so e.g. `(batch, 5)` merges with `(batch, 1)` or `(5,)`.

    Args:
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.
    """

    # The number of inputs of a subclass that takes a fixed number of
    # them (checked on each call), else `None`.
    _input_count = None

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True

    def _merge_function(self, inputs):
        raise NotImplementedError(
            f"`{type(self).__name__}` must implement `_merge_function`, "
            "which combines the list of input tensors into one."
        )

    def _check_inputs(self, inputs):
        if not isinstance(inputs, (list, tuple)):
            raise ValueError(
                f"A merge layer ('{self.name}', a "
                f"`{self.__class__.__name__}` layer) should be called on a "
                f"list of inputs. Received: inputs={inputs} (not a list)"
            )
        self._check_input_count(len(inputs), f"{len(inputs)} inputs")

    def _check_shape_list(self, input_shape):
        """Raises a `ValueError` unless `input_shape` is a list (or
        tuple) of shapes, one per input."""
        if not isinstance(input_shape, (list, tuple)) or not all(
            isinstance(s, (list, tuple)) for s in input_shape
        ):
            raise ValueError(
                f"A merge layer ('{self.name}', a "
                f"`{self.__class__.__name__}` layer) should be called on a "
                f"list of inputs. Received: input_shape={input_shape} "
                "(not a list of shapes)"
            )

    def build(self, input_shape):
        self._check_shape_list(input_shape)
        if len(input_shape) < 1:
            raise ValueError(
                "A merge layer should be called on a list of at least 1 "
                f"input. Got {len(input_shape)} inputs. Full input_shape "
                f"received: {input_shape}"
            )
        self._check_input_count(len(input_shape), f"input_shape={input_shape}")
        self.compute_output_shape(input_shape)

    def _check_input_count(self, count, received):
        """Raises a `ValueError` (saying what was `received`) when the
        layer takes a fixed number of inputs, `_input_count`, other than
        `count`."""
        expected = self._input_count
        if expected is not None and count != expected:
            raise ValueError(
                f"A `{type(self).__name__}` layer should be called on "
                f"exactly {expected} inputs; layer '{self.name}' got "
                f"{received}."
            )

    def _compute_elemwise_op_output_shape(self, shape1, shape2):
        """Broadcasts two shapes (aligned on the right; `None` unknown)."""
        if shape1 is None or shape2 is None:
            return None
        shape1, shape2 = tuple(shape1), tuple(shape2)
        if len(shape1) < len(shape2):
            shape1, shape2 = shape2, shape1
        offset = len(shape1) - len(shape2)
        output = list(shape1[:offset])
        for i, j in zip(shape1[offset:], shape2):
            if i is None or j is None:
                if i == 1:
                    output.append(j)
                elif j == 1:
                    output.append(i)
                else:
                    output.append(i if j is None else j)
            elif i == 1:
                output.append(j)
            elif j == 1 or i == j:
                output.append(i)
            else:
                raise ValueError(
                    f"Inputs of layer '{self.name}' have incompatible "
                    f"shapes. Received shapes {shape1} and {shape2}"
                )
        return tuple(output)

    # Value given to masked-out entries before merging (the merge's
    # neutral element), or `None` to merge the raw values.
    _masked_fill_value = None

    def call(self, inputs, mask=None):
        self._check_inputs(inputs)
        inputs = [ops.convert_to_tensor(x) for x in inputs]
        has_masks = isinstance(mask, (list, tuple)) and any(
            m is not None for m in mask
        )
        if not has_masks or self._masked_fill_value is None:
            return self._merge_function(inputs)
        # Masked entries do not take part (they get the merge's neutral
        # value); positions masked in every input come out as zeros.
        filled = []
        any_kept = None
        for x, m in zip(inputs, mask):
            if m is None:
                filled.append(x)
                any_kept = True
                continue
            keep = _expand_to(ops.cast(m, "bool"), x)
            fill = _fill_value(self._masked_fill_value, x.dtype)
            filled.append(ops.where(keep, x, fill))
            if any_kept is not True:
                any_kept = (
                    keep
                    if any_kept is None
                    else (ops.logical_or(any_kept, keep))
                )
        merged = self._merge_function(filled)
        if any_kept is True:
            return merged
        return ops.where(any_kept, merged, ops.zeros_like(merged))

    def compute_output_shape(self, input_shape):
        output_shape = tuple(input_shape[0])
        for shape in input_shape[1:]:
            output_shape = self._compute_elemwise_op_output_shape(
                output_shape, shape
            )
        return output_shape

    def compute_output_spec(self, inputs):
        self._check_inputs(inputs)
        # Raises a clear error for incompatible shapes before tracing.
        self.compute_output_shape([x.shape for x in inputs])
        return super().compute_output_spec(inputs)

    def compute_mask(self, inputs, mask=None):
        """The output mask: `None` unless every input has a mask, else a
        position is kept when any input keeps it."""
        if mask is None:
            return None
        _check_mask_arguments(inputs, mask)
        if any(m is None for m in mask):
            return None
        masks = [ops.expand_dims(ops.cast(m, "bool"), axis=0) for m in mask]
        return ops.any(ops.concatenate(masks, axis=0), axis=0)

    def get_config(self):
        return super().get_config()


def _check_mask_arguments(inputs, mask):
    if not isinstance(mask, (list, tuple)):
        raise ValueError(f"`mask` should be a list. Received: mask={mask!r}")
    if not isinstance(inputs, (list, tuple)):
        raise ValueError(
            f"`inputs` should be a list. Received: inputs={inputs!r}"
        )
    if len(mask) != len(inputs):
        raise ValueError(
            "The lists `inputs` and `mask` should have the same length. "
            f"Received: {len(inputs)} inputs and {len(mask)} masks."
        )


def _fill_value(value, dtype):
    """`value` in `dtype`; infinities become the extremes of int dtypes."""
    dtype = backend.standardize_dtype(dtype)
    if value in (float("inf"), float("-inf")) and not (
        backend.is_float_dtype(dtype)
    ):
        info = np.iinfo(dtype) if "int" in dtype else None
        if info is not None:
            value = info.max if value > 0 else info.min
    return ops.cast(value, dtype)


def _expand_to(mask, x):
    """`mask` with trailing axes added up to the rank of `x`."""
    while len(mask.shape) < len(x.shape):
        mask = ops.expand_dims(mask, axis=-1)
    return mask
