"""`SeparableConv1D`: depthwise separable convolution over steps."""

from keras.src.api_export import keras_export
from keras.src.layers.convolutional.base_separable_conv import BaseSeparableConv


@keras_export(
    [
        "keras.layers.SeparableConv1D",
        "keras.layers.SeparableConvolution1D",
    ]
)
class SeparableConv1D(BaseSeparableConv):
    """1D depthwise separable convolution layer.

    Factorizes a convolution in two steps: a depthwise convolution (each
    input channel filtered on its own by `depth_multiplier` filters, see
    `DepthwiseConv1D`), then a pointwise convolution (a size-1
    convolution mixing the resulting channels into `filters` outputs).
    It needs far fewer weights and operations than a `Conv1D` of the
    same output size.

    Args:
        filters: Positive int, the number of output channels.
        kernel_size: Int or tuple of 1 int, the depthwise window size.
        strides: Int or tuple of 1 int, for the depthwise step. Defaults
            to `1`. Strides above 1 cannot be combined with
            `dilation_rate` above 1.
        padding: `"valid"` or `"same"`, for the depthwise step.
        data_format: `"channels_last"` or `"channels_first"`, the order
            of the input axes (see below). Defaults to
            `keras.config.image_data_format()`.
        dilation_rate: Int or tuple of 1 int, for the depthwise step.
        depth_multiplier: Positive int, depthwise filters per input
            channel. Defaults to `1`.
        activation: Activation function applied to the output; `None`
            means none.
        use_bias: Whether to add a bias vector. Defaults to `True`.
        depthwise_initializer: Initializer of the depthwise kernel.
        pointwise_initializer: Initializer of the pointwise kernel.
        bias_initializer: Initializer of the bias. Defaults to `"zeros"`.
        depthwise_regularizer: Optional regularizer of the depthwise
            kernel.
        pointwise_regularizer: Optional regularizer of the pointwise
            kernel.
        bias_regularizer: Optional regularizer of the bias.
        activity_regularizer: Optional regularizer of the output.
        depthwise_constraint: Optional constraint of the depthwise kernel.
        pointwise_constraint: Optional constraint of the pointwise kernel.
        bias_constraint: Optional constraint of the bias.
        **kwargs: Base layer arguments such as `name` and `dtype`.

    Input shape:
        `(batch, steps, channels)` with `"channels_last"`, or
        `(batch, channels, steps)` with `"channels_first"`.

    Output shape:
        The same layout with `filters` channels and spatial sizes reduced
        as in `Conv1D`.

    Weights: `depthwise_kernel` of shape
    `(*kernel_size, input_channels, depth_multiplier)`,
    `pointwise_kernel` of shape
    `(*ones, input_channels * depth_multiplier, filters)` and `bias`.

    Example:

    >>> x = np.random.rand(2, 10, 3)
    >>> keras.layers.SeparableConv1D(8, 3)(x).shape
    (2, 8, 8)
    """

    def __init__(
        self,
        filters,
        kernel_size,
        strides=1,
        padding="valid",
        data_format=None,
        dilation_rate=1,
        depth_multiplier=1,
        activation=None,
        use_bias=True,
        depthwise_initializer="glorot_uniform",
        pointwise_initializer="glorot_uniform",
        bias_initializer="zeros",
        depthwise_regularizer=None,
        pointwise_regularizer=None,
        bias_regularizer=None,
        activity_regularizer=None,
        depthwise_constraint=None,
        pointwise_constraint=None,
        bias_constraint=None,
        **kwargs,
    ):
        super().__init__(
            rank=1,
            depth_multiplier=depth_multiplier,
            filters=filters,
            kernel_size=kernel_size,
            strides=strides,
            padding=padding,
            data_format=data_format,
            dilation_rate=dilation_rate,
            activation=activation,
            use_bias=use_bias,
            depthwise_initializer=depthwise_initializer,
            pointwise_initializer=pointwise_initializer,
            bias_initializer=bias_initializer,
            depthwise_regularizer=depthwise_regularizer,
            pointwise_regularizer=pointwise_regularizer,
            bias_regularizer=bias_regularizer,
            activity_regularizer=activity_regularizer,
            depthwise_constraint=depthwise_constraint,
            pointwise_constraint=pointwise_constraint,
            bias_constraint=bias_constraint,
            **kwargs,
        )
