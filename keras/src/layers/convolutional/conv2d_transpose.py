"""`Conv2DTranspose`: transposed convolution over height and width."""

from keras.src.api_export import keras_export
from keras.src.layers.convolutional.base_conv_transpose import BaseConvTranspose


@keras_export(
    [
        "keras.layers.Conv2DTranspose",
        "keras.layers.Convolution2DTranspose",
    ]
)
class Conv2DTranspose(BaseConvTranspose):
    """2D transposed convolution layer (sometimes called deconvolution).

    Goes the opposite way of `Conv2D`: every input position spreads its
    channel values, weighted by the kernel, over a window of the output,
    and windows are `strides` apart, so the spatial size grows roughly by
    `strides`. This is the gradient of a `Conv2D` with respect to its
    input, and a common learned upsampling step (e.g. in decoders).

    Along each spatial axis, with input size `n`, stride `s` and dilated
    kernel size `k`, the output size is `n * s + max(k - s, 0)` for
    `"valid"` and `n * s` for `"same"`; with `output_padding=p` it is
    `(n - 1) * s + k - 2 * (k // 2 if "same" else 0) + p`.

    Args:
        filters: Positive int, the number of output channels.
        kernel_size: Int or tuple of 2 ints, the window size.
        strides: Int or tuple of 2 ints, the upsampling factors. Defaults
            to `1`. Strides above 1 cannot be combined with
            `dilation_rate` above 1.
        padding: `"valid"` or `"same"`, case-insensitive (see above).
        output_padding: `None` (the default) or an int or tuple of
            2 ints: extra output positions kept at the end of each
            spatial axis. Each must be strictly less than its stride.
        data_format: `"channels_last"` or `"channels_first"`, the order
            of the input axes (see below). Defaults to
            `keras.config.image_data_format()`.
        dilation_rate: Int or tuple of 2 ints, the gap between kernel
            taps.
        activation: Activation function applied to the output; `None`
            means none.
        use_bias: Whether to add a bias vector. Defaults to `True`.
        kernel_initializer: Initializer of the kernel. Defaults to
            `"glorot_uniform"`.
        bias_initializer: Initializer of the bias. Defaults to `"zeros"`.
        kernel_regularizer: Optional regularizer of the kernel.
        bias_regularizer: Optional regularizer of the bias.
        activity_regularizer: Optional regularizer of the output.
        kernel_constraint: Optional constraint of the kernel.
        bias_constraint: Optional constraint of the bias.
        **kwargs: Base layer arguments such as `name` and `dtype`.

    Input shape:
        `(batch, height, width, channels)` with `"channels_last"`, or
        `(batch, channels, height, width)` with `"channels_first"`.

    Output shape:
        The same layout with `filters` channels and the spatial sizes
        given above.

    The kernel has shape `(*kernel_size, filters, input_channels)`.

    Example:

    >>> x = np.random.rand(1, 4, 4, 8)
    >>> keras.layers.Conv2DTranspose(3, 2, strides=2, padding="same")(x).shape
    (1, 8, 8, 3)
    """

    def __init__(
        self,
        filters,
        kernel_size,
        strides=1,
        padding="valid",
        output_padding=None,
        data_format=None,
        dilation_rate=1,
        activation=None,
        use_bias=True,
        kernel_initializer="glorot_uniform",
        bias_initializer="zeros",
        kernel_regularizer=None,
        bias_regularizer=None,
        activity_regularizer=None,
        kernel_constraint=None,
        bias_constraint=None,
        **kwargs,
    ):
        super().__init__(
            rank=2,
            filters=filters,
            kernel_size=kernel_size,
            strides=strides,
            padding=padding,
            output_padding=output_padding,
            data_format=data_format,
            dilation_rate=dilation_rate,
            activation=activation,
            use_bias=use_bias,
            kernel_initializer=kernel_initializer,
            bias_initializer=bias_initializer,
            kernel_regularizer=kernel_regularizer,
            bias_regularizer=bias_regularizer,
            activity_regularizer=activity_regularizer,
            kernel_constraint=kernel_constraint,
            bias_constraint=bias_constraint,
            **kwargs,
        )
