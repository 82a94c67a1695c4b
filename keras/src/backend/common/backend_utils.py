"""Shape and padding arithmetic of transposed convolutions.

A transposed convolution with stride `s` scatters every input position into
`s`-spaced windows of the output. It is computed as a regular convolution of
the input dilated by `s` (`s - 1` zeros between neighbours) with the
spatially flipped kernel, after padding the dilated input on both sides; the
helpers below give those paddings and the resulting output lengths.
"""

import operator
import warnings

from keras.src.utils.argument_validation import standardize_tuple
from keras.src.utils.python_utils import ceil_div


def _dilated(kernel_size, dilation_rate):
    return dilation_rate * (kernel_size - 1) + 1


def _length_minus_strided_input(kernel, stride, padding, output_padding):
    """`output_length - (input_length - 1) * stride` for one axis.

    `kernel` is the dilated kernel size. Without `output_padding`, `"valid"`
    keeps every output position the kernel reaches and `"same"` keeps
    `input_length * stride` of them. With `output_padding`, `"same"` trims
    `kernel // 2` on each side and `output_padding` extra positions are kept
    at the end.
    """
    if output_padding is None:
        if padding == "valid":
            return stride + max(kernel - stride, 0)
        return stride
    trim = kernel // 2 if padding == "same" else 0
    return kernel - 2 * trim + output_padding


def _left_trim(kernel, stride, padding, output_padding):
    """How many leading positions of the full scatter are dropped."""
    if padding == "valid":
        return 0
    if output_padding is None:
        return max(kernel - stride, 0) // 2
    return kernel // 2


def _per_axis(n, kernel_size, strides, dilation_rate, output_padding):
    """The arguments of an `n`-D transposed convolution, axis by axis: a
    list of `n` tuples `(kernel_size, stride, dilation_rate,
    output_padding)`.

    `kernel_size` may be an int, a tuple of spatial sizes or a full kernel
    shape (only its leading `n` entries are read); a `None`
    `output_padding` stands for `None` on every axis.
    """
    if not isinstance(kernel_size, int):
        kernel_size = tuple(kernel_size)[:n]
    kernel_size = standardize_tuple(kernel_size, n, "kernel_size")
    strides = standardize_tuple(strides, n, "strides")
    dilation_rate = standardize_tuple(dilation_rate, n, "dilation_rate")
    if output_padding is None:
        output_padding = (None,) * n
    else:
        output_padding = standardize_tuple(
            output_padding, n, "output_padding", allow_zero=True
        )
    return list(zip(kernel_size, strides, dilation_rate, output_padding))


def _convert_conv_transpose_padding_args_from_keras_to_jax(
    kernel_size, stride, dilation_rate, padding, output_padding
):
    """`(left, right)` padding of the stride-dilated input for one axis.

    Args:
        kernel_size: Kernel size along the axis (not dilated).
        stride: Stride along the axis.
        dilation_rate: Kernel dilation along the axis.
        padding: `"valid"` or `"same"`.
        output_padding: `None` or the extra length kept at the end.

    Returns:
        A tuple `(left, right)` to use as `padding` of
        `jax.lax.conv_general_dilated` with `lhs_dilation=stride`.
    """
    padding = padding.lower()
    kernel = _dilated(kernel_size, dilation_rate)
    left = kernel - 1 - _left_trim(kernel, stride, padding, output_padding)
    extra = _length_minus_strided_input(kernel, stride, padding, output_padding)
    # A dilated input of length `(n - 1) * stride + 1`, padded by
    # `left + right`, gives `(n - 1) * stride + 2 + left + right - kernel`
    # positions.
    right = extra - 2 + kernel - left
    return left, right


def compute_conv_transpose_padding_args_for_jax(
    input_shape,
    kernel_shape,
    strides,
    padding,
    output_padding,
    dilation_rate,
):
    """Per-axis `(left, right)` paddings of a transposed convolution.

    Args:
        input_shape: Full input shape (batch and channel axes included).
        kernel_shape: Kernel shape; its leading entries are the spatial
            kernel sizes.
        strides: Int or tuple of strides.
        padding: `"valid"` or `"same"`.
        output_padding: `None`, an int or a tuple.
        dilation_rate: Int or tuple of dilation rates.

    Returns:
        A list with one `(left, right)` tuple per spatial axis.

    Example:

    >>> compute_conv_transpose_padding_args_for_jax(
    ...     (1, 6, 6, 2), (4, 4, 2, 2), 2, "valid", None, 1)
    [(3, 3), (3, 3)]
    """
    rank = len(input_shape) - 2
    axes = _per_axis(rank, kernel_shape, strides, dilation_rate, output_padding)
    return [
        _convert_conv_transpose_padding_args_from_keras_to_jax(
            k, s, d, padding, op
        )
        for k, s, d, op in axes
    ]


def _get_output_shape_given_tf_padding(
    input_size, kernel_size, strides, padding, output_padding, dilation_rate
):
    """Output length of a transposed convolution along one axis.

    Args:
        input_size: Input length along the axis, or `None`.
        kernel_size: Kernel size along the axis (not dilated).
        strides: Stride along the axis.
        padding: `"valid"` or `"same"`.
        output_padding: `None` or the extra length kept at the end.
        dilation_rate: Kernel dilation along the axis.

    Returns:
        The output length, `None` when `input_size` is `None`.
    """
    if input_size is None:
        return None
    extra = _length_minus_strided_input(
        _dilated(kernel_size, dilation_rate),
        strides,
        padding.lower(),
        output_padding,
    )
    return (input_size - 1) * strides + extra


def _convert_conv_transpose_padding_args_from_keras_to_torch(
    kernel_size, stride, dilation_rate, padding, output_padding
):
    """`(padding, output_padding)` of a PyTorch-style transposed convolution.

    PyTorch trims `padding` positions from both ends of the full scatter and
    then appends `output_padding` positions, which must be smaller than the
    stride. The pair returned gives the output length Keras defines for the
    same arguments; when that needs an `output_padding` of the stride or
    more, it is clamped to `stride - 1` and a warning says so.

    The arguments are those of
    `_convert_conv_transpose_padding_args_from_keras_to_jax`.

    Returns:
        A tuple `(padding, output_padding)` of ints.
    """
    padding = padding.lower()
    kernel = _dilated(kernel_size, dilation_rate)
    extra = _length_minus_strided_input(kernel, stride, padding, output_padding)
    if padding == "valid":
        trim = 0
    elif output_padding is None:
        # Keras drops `max(kernel - stride, 0)` positions in all, the
        # larger half at the end; PyTorch drops `trim` at each end.
        trim = ceil_div(max(kernel - stride, 0), 2)
    else:
        trim = kernel // 2
    appended = extra - kernel + 2 * trim
    if padding == "same" and output_padding is not None:
        warnings.warn(
            "A transposed convolution with padding='same' and an explicit "
            f"output_padding={output_padding} trims both ends symmetrically "
            "in PyTorch's convention; outputs may be shifted by one position "
            "relative to the JAX computation of the same arguments.",
            stacklevel=2,
        )
    if appended >= stride:
        warnings.warn(
            f"output_padding={appended} is not smaller than stride={stride}, "
            f"which PyTorch requires; it is clamped to {stride - 1}.",
            stacklevel=2,
        )
        appended = stride - 1
    return trim, max(appended, 0)


def compute_conv_transpose_padding_args_for_torch(
    input_shape,
    kernel_shape,
    strides,
    padding,
    output_padding,
    dilation_rate,
):
    """Per-axis PyTorch `padding` and `output_padding` lists.

    The arguments are those of `compute_conv_transpose_padding_args_for_jax`.

    Returns:
        A tuple `(paddings, output_paddings)` of lists, one entry per
        spatial axis.
    """
    rank = len(input_shape) - 2
    axes = _per_axis(rank, kernel_shape, strides, dilation_rate, output_padding)
    pairs = [
        _convert_conv_transpose_padding_args_from_keras_to_torch(
            k, s, d, padding, op
        )
        for k, s, d, op in axes
    ]
    return [p for p, _ in pairs], [op for _, op in pairs]


def check_conv_input_channels(in_channels, inputs_shape, kernel_shape):
    """Raises a `ValueError` unless the `in_channels` of a convolution's
    inputs are a multiple of its kernel's input channels (one group per
    multiple); passes when either is unknown."""
    kernel_in = kernel_shape[-2]
    if in_channels is not None and kernel_in and in_channels % kernel_in:
        raise ValueError(
            "The number of input channels must be a multiple of the "
            "kernel's input channels (the input channels must match the "
            "kernel's in_channels * groups). Received: "
            f"inputs.shape={inputs_shape}, kernel.shape={kernel_shape}"
        )


def check_kernel_input_channels(
    in_channels, inputs_shape, kernel_shape, transpose=False
):
    """Raises a `ValueError` unless a depthwise (or, with `transpose`, a
    transposed) convolution's kernel has `in_channels` input channels;
    passes when `in_channels` is unknown."""
    if transpose:
        axis = -1
        where = (
            "(`kernel.shape[-1]` for a transposed convolution, whose "
            "kernel is `(*spatial, out_channels, in_channels)`)"
        )
    else:
        axis = -2
        where = "(`kernel.shape[-2]`)"
    if in_channels is not None and kernel_shape[axis] != in_channels:
        raise ValueError(
            "The input channels must match the kernel's input channels "
            f"{where}. Received: "
            f"inputs.shape={inputs_shape}, kernel.shape={kernel_shape}"
        )


def canonicalize_axes(axes, rank):
    """Non-negative axes, as a tuple, for a tensor of the given rank.

    Args:
        axes: An int (NumPy integers included) or a sequence of ints;
            negative values count from the end.
        rank: Rank of the tensor the axes index.

    Returns:
        A tuple of ints in `[0, rank)`.

    Example:

    >>> canonicalize_axes([1, -1], 3)
    (1, 2)
    """
    if isinstance(axes, (list, tuple)):
        entries = axes
    else:
        entries = (axes,)
    result = []
    for axis in entries:
        try:
            axis = operator.index(axis)
        except TypeError:
            raise TypeError(
                f"Axes must be integers. Received: axes={axes!r}"
            ) from None
        if not -rank <= axis < rank:
            raise ValueError(
                f"Axis {axis} is out of bounds for a tensor of rank {rank}."
            )
        result.append(axis % rank)
    return tuple(result)


def compute_conv_transpose_output_shape(
    input_shape,
    kernel_size,
    filters,
    strides,
    padding,
    output_padding=None,
    data_format="channels_last",
    dilation_rate=1,
):
    """Output shape of a transposed convolution.

    Args:
        input_shape: Full input shape, entries may be `None`.
        kernel_size: Int or tuple of spatial kernel sizes (a full kernel
            shape works too: only its leading spatial entries are read).
        filters: Number of output channels.
        strides: Int or tuple of strides.
        padding: `"valid"` or `"same"`.
        output_padding: `None`, an int or a tuple.
        data_format: `"channels_last"` or `"channels_first"`.
        dilation_rate: Int or tuple of dilation rates.

    Returns:
        The output shape as a tuple; unknown input sizes give `None`.

    Example:

    >>> compute_conv_transpose_output_shape((None, 5, 3), 3, 8, 2, "same")
    (None, 10, 8)
    """
    input_shape = tuple(input_shape)
    axes = _per_axis(
        len(input_shape) - 2,
        kernel_size,
        strides,
        dilation_rate,
        output_padding,
    )
    padding = padding.lower()
    if data_format == "channels_last":
        spatial = input_shape[1:-1]
    else:
        spatial = input_shape[2:]
    sizes = [
        _get_output_shape_given_tf_padding(size, k, s, padding, op, d)
        for size, (k, s, d, op) in zip(spatial, axes)
    ]
    if data_format == "channels_last":
        return (input_shape[0], *sizes, filters)
    return (input_shape[0], filters, *sizes)
