"""Output shapes of convolutions and poolings, for symbolic inputs.

Every function takes a full input shape `(batch, *spatial, channels)` or
`(batch, channels, *spatial)` whose entries may be `None`; unknown sizes stay
`None` in the result.
"""

from keras.src.utils.argument_validation import standardize_tuple


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
    return -(-size // stride)


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
