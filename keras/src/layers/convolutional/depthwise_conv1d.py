"""`DepthwiseConv1D`: per-channel convolution over steps."""

from keras.src.api_export import keras_export
from keras.src.layers.convolutional.base_depthwise_conv import BaseDepthwiseConv


@keras_export("keras.layers.DepthwiseConv1D")
class DepthwiseConv1D(BaseDepthwiseConv):
    """1D depthwise convolution layer.

    Unlike `Conv1D`, channels are not mixed: every input channel is
    convolved separately with `depth_multiplier` filters of its own, and
    the results are stacked, giving `input_channels * depth_multiplier`
    output channels (output channel `c * depth_multiplier + m` comes from
    input channel `c` and filter `m`). It is the first half of a
    separable convolution.

    Args:
        kernel_size: Int or tuple of 1 int, the window size.
        strides: Int or tuple of 1 int. Defaults to `1`. Strides above 1
            cannot be combined with `dilation_rate` above 1.
        padding: `"valid"` (no padding) or `"same"` (zero padding so that
            each spatial size becomes `ceil(size / strides)`).
        depth_multiplier: Positive int, the number of filters per input
            channel. Defaults to `1`.
        data_format: `"channels_last"` or `"channels_first"`, the order
            of the input axes (see below). Defaults to
            `keras.config.image_data_format()`.
        dilation_rate: Int or tuple of 1 int, the gap between kernel
            taps.
        activation: Activation function applied to the output; `None`
            means none.
        use_bias: Whether to add a bias vector. Defaults to `True`.
        depthwise_initializer: Initializer of the kernel. Defaults to
            `"glorot_uniform"`.
        bias_initializer: Initializer of the bias. Defaults to `"zeros"`.
        depthwise_regularizer: Optional regularizer of the kernel.
        bias_regularizer: Optional regularizer of the bias.
        activity_regularizer: Optional regularizer of the output.
        depthwise_constraint: Optional constraint of the kernel.
        bias_constraint: Optional constraint of the bias.
        **kwargs: Base layer arguments such as `name` and `dtype`.

    Input shape:
        `(batch, steps, channels)` with `"channels_last"`, or
        `(batch, channels, steps)` with `"channels_first"`.

    Output shape:
        The same layout with `input_channels * depth_multiplier` channels
        and spatial sizes reduced as in `Conv1D`.

    The kernel variable, `kernel`, has shape
    `(*kernel_size, input_channels, depth_multiplier)`.

    Example:

    >>> x = np.random.rand(2, 10, 3)
    >>> keras.layers.DepthwiseConv1D(3, depth_multiplier=2)(x).shape
    (2, 8, 6)
    """

    def __init__(
        self,
        kernel_size,
        strides=1,
        padding="valid",
        depth_multiplier=1,
        data_format=None,
        dilation_rate=1,
        activation=None,
        use_bias=True,
        depthwise_initializer="glorot_uniform",
        bias_initializer="zeros",
        depthwise_regularizer=None,
        bias_regularizer=None,
        activity_regularizer=None,
        depthwise_constraint=None,
        bias_constraint=None,
        **kwargs,
    ):
        super().__init__(
            rank=1,
            depth_multiplier=depth_multiplier,
            kernel_size=kernel_size,
            strides=strides,
            padding=padding,
            data_format=data_format,
            dilation_rate=dilation_rate,
            activation=activation,
            use_bias=use_bias,
            depthwise_initializer=depthwise_initializer,
            bias_initializer=bias_initializer,
            depthwise_regularizer=depthwise_regularizer,
            bias_regularizer=bias_regularizer,
            activity_regularizer=activity_regularizer,
            depthwise_constraint=depthwise_constraint,
            bias_constraint=bias_constraint,
            **kwargs,
        )
