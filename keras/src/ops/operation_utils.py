"""Shape arithmetic of ops for symbolic inputs, and graph helpers.

The shape functions take shapes whose entries may be `None`; unknown sizes
stay `None` in the result. The convolution and pooling ones take a full input
shape `(batch, *spatial, channels)` or `(batch, channels, *spatial)`.
"""

import numpy as np

from keras.src.api_export import keras_export
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.utils.argument_validation import standardize_tuple
from keras.src.utils.python_utils import ceil_div


def _spatial_axes(ndim, data_format):
    if data_format == "channels_last":
        return list(range(1, ndim - 1))
    return list(range(2, ndim))


def _window_output_size(size, window, stride, padding):
    """Length of a sliding-window output along one axis (`None` if unknown).

    `window` is the effective (dilated) window size.
    """
    if size is None:
        return None
    if padding == "valid":
        return (size - window) // stride + 1
    # "same" and "causal" keep `ceil(size / stride)` positions.
    return ceil_div(size, stride)


def _check_positive(output_sizes, input_shape, what):
    if any(size is not None and size <= 0 for size in output_sizes):
        raise ValueError(
            "Computed output size would be zero or negative. Received "
            f"`inputs shape={tuple(input_shape)}` and {what}."
        )


def compute_conv_output_shape(
    input_shape,
    filters,
    kernel_size,
    strides=1,
    padding="valid",
    data_format="channels_last",
    dilation_rate=1,
):
    """Output shape of an N-D convolution.

    Args:
        input_shape: Full input shape, entries may be `None`.
        filters: Number of output channels.
        kernel_size: Int or tuple, the spatial size of the kernel.
        strides: Int or tuple of strides.
        padding: `"valid"`, `"same"` or `"causal"` (case-insensitive).
        data_format: `"channels_last"` or `"channels_first"`.
        dilation_rate: Int or tuple of dilation rates.

    Returns:
        The output shape as a tuple.

    Raises:
        ValueError: if a known output size would be zero or negative.

    Example:

    >>> compute_conv_output_shape((None, 9, 9, 2), 4, 3, strides=2)
    (None, 4, 4, 4)
    """
    input_shape = tuple(input_shape)
    n = len(input_shape) - 2
    kernel_size = standardize_tuple(kernel_size, n, "kernel_size")
    strides = standardize_tuple(strides, n, "strides")
    dilation_rate = standardize_tuple(dilation_rate, n, "dilation_rate")
    padding = padding.lower()
    axes = _spatial_axes(len(input_shape), data_format)
    sizes = [
        _window_output_size(input_shape[axis], d * (k - 1) + 1, s, padding)
        for axis, k, s, d in zip(axes, kernel_size, strides, dilation_rate)
    ]
    _check_positive(
        sizes,
        input_shape,
        f"`kernel_size={kernel_size}`, `strides={strides}`, "
        f"`dilation_rate={dilation_rate}`",
    )
    if data_format == "channels_last":
        return (input_shape[0], *sizes, filters)
    return (input_shape[0], filters, *sizes)


def compute_pooling_output_shape(
    input_shape,
    pool_size,
    strides=None,
    padding="valid",
    data_format="channels_last",
):
    """Output shape of an N-D max or average pooling.

    Args:
        input_shape: Full input shape, entries may be `None`.
        pool_size: Int or tuple, the window size.
        strides: Int or tuple of strides; defaults to `pool_size`.
        padding: `"valid"` or `"same"` (case-insensitive).
        data_format: `"channels_last"` or `"channels_first"`.

    Returns:
        The output shape as a tuple (channels unchanged).

    Raises:
        ValueError: if a known output size would be zero or negative.

    Example:

    >>> compute_pooling_output_shape((2, 7, 6, 3), (2, 2))
    (2, 3, 3, 3)
    """
    input_shape = tuple(input_shape)
    n = len(input_shape) - 2
    pool_size = standardize_tuple(pool_size, n, "pool_size")
    strides = pool_size if strides is None else strides
    strides = standardize_tuple(strides, n, "strides")
    padding = padding.lower()
    axes = _spatial_axes(len(input_shape), data_format)
    output_shape = list(input_shape)
    sizes = [
        _window_output_size(input_shape[axis], p, s, padding)
        for axis, p, s in zip(axes, pool_size, strides)
    ]
    _check_positive(
        sizes, input_shape, f"`pool_size={pool_size}`, `strides={strides}`"
    )
    for axis, size in zip(axes, sizes):
        output_shape[axis] = size
    return tuple(output_shape)


def canonical_axis(axis, ndim):
    """Maps `axis` into `[0, ndim)`, or raises a `ValueError`."""
    if not isinstance(axis, (int, np.integer)) or isinstance(axis, bool):
        raise ValueError(f"Expected an integer axis. Received: axis={axis}")
    if not -ndim <= axis < ndim:
        raise ValueError(
            f"axis {axis} is out of bounds for array of dimension {ndim}"
        )
    return int(axis) % ndim if ndim else 0


def canonical_axes(axis, ndim):
    """A list of distinct axes in `[0, ndim)` for an int or a sequence."""
    if isinstance(axis, (list, tuple)):
        axes = [canonical_axis(a, ndim) for a in axis]
    else:
        axes = [canonical_axis(axis, ndim)]
    if len(set(axes)) != len(axes):
        raise ValueError(f"Repeated axis in argument `axis`: {axis}")
    return axes


def reduce_shape(shape, axis=None, keepdims=False):
    """Shape of a reduction of a tensor of shape `shape` over `axis`.

    Args:
        shape: The input shape.
        axis: `None` (every axis), an int or a sequence of ints.
        keepdims: Whether reduced axes stay, with size 1.

    Returns:
        The output shape as a tuple.

    Example:

    >>> reduce_shape((5, 6, 7), axis=[0, -1])
    (6,)
    """
    shape = list(shape)
    if axis is None:
        return tuple(1 for _ in shape) if keepdims else ()
    axes = canonical_axes(axis, len(shape))
    if keepdims:
        return tuple(1 if i in axes else d for i, d in enumerate(shape))
    return tuple(d for i, d in enumerate(shape) if i not in axes)


def compute_expand_dims_output_shape(input_shape, axis):
    """Shape after inserting size-1 axes at the positions `axis` names.

    Args:
        input_shape: The input shape.
        axis: An int or a sequence of ints, positions in the output.

    Returns:
        The output shape as a tuple.

    Example:

    >>> compute_expand_dims_output_shape((5, 6), (0, -1))
    (1, 5, 6, 1)
    """
    shape = list(input_shape)
    axes = axis if isinstance(axis, (list, tuple)) else [axis]
    for position in sorted(canonical_axes(list(axes), len(shape) + len(axes))):
        shape.insert(position, 1)
    return tuple(shape)


def _is_static_dim(dim):
    return isinstance(dim, (int, np.integer)) and not isinstance(dim, bool)


def validate_reshape_shape(newshape):
    """Checks the static entries of a target shape of `reshape`.

    Entries that are not Python or NumPy integers (symbolic or traced sizes)
    are accepted as they are; integers must be non-negative or the single
    `-1` that asks for an inferred size.

    Args:
        newshape: A sequence of target sizes.

    Raises:
        ValueError: if an integer entry is below -1 or `-1` appears twice.
    """
    static = [int(d) for d in newshape if _is_static_dim(d)]
    if any(d < -1 for d in static):
        raise ValueError(
            "Each entry of `newshape` must be a non-negative integer or -1 "
            f"(for one inferred dimension). Received: newshape={newshape}"
        )
    if static.count(-1) > 1:
        raise ValueError(
            "`newshape` can have at most one unknown dimension (-1). "
            f"Received: newshape={newshape}"
        )


def multiply_dims(*dims):
    """Product of dimensions, `None` if any of them is unknown."""
    out = 1
    for d in dims:
        if d is None:
            return None
        out *= d
    return out


def compute_reshape_output_shape(input_shape, newshape, newshape_arg_name):
    """Shape of `reshape(x, newshape)` for an input of shape `input_shape`.

    Args:
        input_shape: The input shape; entries may be `None`.
        newshape: An int, a sequence of sizes (one may be `-1`; symbolic
            entries give `None`), or a symbolic 1-D tensor holding the sizes.
        newshape_arg_name: The argument's name, for error messages.

    Returns:
        The output shape as a tuple, with `None` where the size is only known
        at run time.

    Example:

    >>> compute_reshape_output_shape((4, 6), (-1, 3), "newshape")
    (8, 3)
    """
    if isinstance(newshape, KerasTensor):
        length = newshape.shape[0] if newshape.shape else 1
        return (None,) * length
    if _is_static_dim(newshape):
        newshape = (newshape,)
    validate_reshape_shape(newshape)
    dims = [int(d) if _is_static_dim(d) else None for d in newshape]
    size = multiply_dims(*input_shape)
    known = multiply_dims(*(d for d in dims if d != -1))
    if -1 in dims:
        if size is None or known is None:
            fill = None
        elif known == 0 or size % known:
            raise ValueError(
                f"Cannot reshape a tensor of shape {tuple(input_shape)} into "
                f"{newshape_arg_name}={tuple(newshape)}."
            )
        else:
            fill = size // known
        dims = [fill if d == -1 else d for d in dims]
    elif size is not None and known is not None and size != known:
        raise ValueError(
            f"Cannot reshape a tensor of shape {tuple(input_shape)} into "
            f"{newshape_arg_name}={tuple(newshape)}."
        )
    return tuple(dims)


@keras_export("keras.utils.get_source_inputs")
def get_source_inputs(tensor):
    """The symbolic tensors a symbolic tensor was computed from.

    Follows the ops recorded on `tensor` back to tensors that no op produced
    (an `Input`, or a `KerasTensor` created directly).

    Args:
        tensor: A symbolic tensor.

    Returns:
        A list of the source tensors, each once, in the order they are
        first reached.

    Example:

    >>> a = keras.Input((3,))
    >>> b = keras.Input((3,))
    >>> keras.utils.get_source_inputs(keras.ops.add(a, b) * 2) == [a, b]
    True
    """
    sources = []
    pending = [tensor]
    while pending:
        x = pending.pop()
        history = getattr(x, "_keras_history", None)
        node = None
        if history is not None:
            node = history.operation._inbound_nodes[history.node_index]
        if node is None or node.is_input:
            if all(x is not s for s in sources):
                sources.append(x)
            continue
        pending.extend(reversed(node.input_tensors))
    return sources
