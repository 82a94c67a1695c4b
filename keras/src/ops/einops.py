"""`keras.ops.rearrange`: einops-style axis permutation, merging and
splitting."""

import math
import re

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.backend.common.keras_tensor import any_symbolic_tensors
from keras.src.ops.operation import Operation

_TOKEN = re.compile(r"\(([^()]*)\)|(\w+)|(\S)")


def _parse_side(side, pattern):
    """`"b (h w) c"` -> `[["b"], ["h", "w"], ["c"]]`."""
    groups = []
    for match in _TOKEN.finditer(side):
        group, name, other = match.groups()
        if other is not None:
            raise ValueError(
                f"Invalid `pattern` {pattern!r}: unexpected {other!r}. Use "
                "axis names, and parentheses to group axes."
            )
        groups.append(group.split() if group is not None else [name])
    return groups


def _plan(input_shape, pattern, axes_lengths):
    """Returns the elementary shape, the permutation and the output shape
    of `rearrange(x, pattern, **axes_lengths)` for `x` of `input_shape`
    (unknown sizes may be `None`)."""
    if pattern.count("->") != 1:
        raise ValueError(
            f"Invalid `pattern` {pattern!r}: expected exactly one '->'."
        )
    left, right = pattern.split("->")
    inputs = _parse_side(left, pattern)
    outputs = _parse_side(right, pattern)
    input_axes = [a for group in inputs for a in group]
    output_axes = [a for group in outputs for a in group]
    for axes, side in ((input_axes, "input"), (output_axes, "output")):
        if len(set(axes)) != len(axes):
            raise ValueError(
                f"Invalid `pattern` {pattern!r}: an axis is repeated on the "
                f"{side} side."
            )
    if set(input_axes) != set(output_axes):
        raise ValueError(
            f"Invalid `pattern` {pattern!r}: both sides must name the same "
            f"axes. Only in the input: "
            f"{sorted(set(input_axes) - set(output_axes))}; only in the "
            f"output: {sorted(set(output_axes) - set(input_axes))}."
        )
    unknown = set(axes_lengths) - set(input_axes)
    if unknown:
        raise ValueError(
            f"Axis lengths given for axes not in `pattern` {pattern!r}: "
            f"{sorted(unknown)}"
        )
    if len(inputs) != len(input_shape):
        raise ValueError(
            f"`pattern` {pattern!r} describes {len(inputs)} input axes, but "
            f"the input has shape {tuple(input_shape)}."
        )
    sizes = {}
    for group, dim in zip(inputs, input_shape):
        known = [a for a in group if a in axes_lengths]
        missing = [a for a in group if a not in axes_lengths]
        for a in known:
            sizes[a] = int(axes_lengths[a])
        known_product = math.prod(sizes[a] for a in known)
        if len(missing) > 1:
            raise ValueError(
                f"Cannot infer the sizes of {missing} in `pattern` "
                f"{pattern!r}: pass all but one as keyword arguments."
            )
        if missing:
            if dim is not None and dim % known_product:
                raise ValueError(
                    f"Axis of size {dim} cannot be split into {group} with "
                    f"{dict((a, sizes[a]) for a in known)}."
                )
            sizes[missing[0]] = None if dim is None else dim // known_product
        elif dim is not None and dim != known_product:
            raise ValueError(
                f"Axis of size {dim} does not match {group} of sizes "
                f"{dict((a, sizes[a]) for a in group)} (product "
                f"{known_product})."
            )
    elementary_shape = tuple(sizes[a] for a in input_axes)
    permutation = tuple(input_axes.index(a) for a in output_axes)
    output_shape = []
    for group in outputs:
        group_sizes = [sizes[a] for a in group]
        output_shape.append(
            None if None in group_sizes else math.prod(group_sizes)
        )
    return elementary_shape, permutation, tuple(output_shape)


class Rearrange(Operation):
    """The operation of `keras.ops.rearrange` on a symbolic tensor."""

    def call(self, tensor, pattern, **axes_lengths):
        return rearrange(tensor, pattern, **axes_lengths)

    def compute_output_spec(self, tensor, pattern, **axes_lengths):
        _, _, output_shape = _plan(tensor.shape, pattern, axes_lengths)
        return KerasTensor(output_shape, dtype=tensor.dtype)


@keras_export("keras.ops.rearrange")
def rearrange(tensor, pattern, **axes_lengths):
    """Rearranges the axes of a tensor following an einops-style pattern.

    The pattern names each input axis on the left of `->` and the output
    axes on the right. Axes may be reordered, merged (`(h w)` on the right)
    or split (`(h w)` on the left, with all but one of the sizes given as
    keyword arguments).

    Args:
        tensor: The input tensor.
        pattern: The pattern, e.g. `"b h w c -> b c h w"`.
        **axes_lengths: Sizes of the axes that split an input axis.

    Returns:
        The rearranged tensor.

    Example:

    >>> images = np.zeros((32, 30, 40, 3))
    >>> keras.ops.rearrange(images, "b h w c -> b c h w").shape
    (32, 3, 30, 40)
    >>> keras.ops.rearrange(images, "b h w c -> (b h) w c").shape
    (960, 40, 3)
    >>> keras.ops.rearrange(images, "b h w c -> b (c h w)").shape
    (32, 3600)
    >>> keras.ops.rearrange(
    ...     images, "b (h h1) (w w1) c -> b h w (c h1 w1)", h1=2, w1=2
    ... ).shape
    (32, 15, 20, 12)
    """
    if any_symbolic_tensors((tensor,)):
        return Rearrange().symbolic_call(tensor, pattern, **axes_lengths)
    tensor = backend.convert_to_tensor(tensor)
    elementary_shape, permutation, output_shape = _plan(
        tensor.shape, pattern, axes_lengths
    )
    tensor = backend.numpy.reshape(tensor, elementary_shape)
    if permutation != tuple(range(len(permutation))):
        tensor = backend.numpy.transpose(tensor, permutation)
    return backend.numpy.reshape(tensor, output_shape)
