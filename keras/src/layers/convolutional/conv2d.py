"""`Conv2D`: convolution over two spatial dimensions (images)."""

from keras.src.api_export import keras_export
from keras.src.layers.convolutional.base_conv import BaseConv


@keras_export(["keras.layers.Conv2D", "keras.layers.Convolution2D"])
class Conv2D(BaseConv):
    """2D convolution layer, e.g. a convolution over the pixels of images.

    The layer slides `filters` kernels of size `kernel_size` over the
    height and width of its input and, at every position, takes the dot
    product of each kernel with the window of pixels (all channels). A
    bias is added if `use_bias` and then `activation`, if any.

    Args:
        filters: Positive int, the number of output channels.
        kernel_size: Int or tuple of 2 ints, the window's height and
            width.
        strides: Int or tuple of 2 ints, how far the window moves between
            outputs along each axis. Defaults to `1`. Strides above 1
            cannot be combined with `dilation_rate` above 1.
        padding: `"valid"` (no padding) or `"same"` (zero padding so that
            each spatial size becomes `ceil(size / strides)`).
            Case-insensitive.
        data_format: `"channels_last"` (inputs `(batch, height, width,
            channels)`) or `"channels_first"` (inputs `(batch, channels,
            height, width)`). Defaults to
            `keras.config.image_data_format()`.
        dilation_rate: Int or tuple of 2 ints, the gap between kernel
            taps.
        groups: Positive int. Input channels are split into `groups`
            groups, each convolved with its own `filters // groups`
            filters; both the input channels and `filters` must be
            divisible by it. Defaults to `1`.
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
        lora_rank: Optional int; when set, LoRA is enabled with this rank
            as soon as the layer is built (see `enable_lora`).
        lora_alpha: Optional LoRA scale numerator; defaults to
            `lora_rank`.
        **kwargs: Base layer arguments such as `name` and `dtype`.

    Input shape:
        4D tensor `(batch, height, width, channels)` with
        `"channels_last"`, or `(batch, channels, height, width)` with
        `"channels_first"`.

    Output shape:
        4D tensor `(batch, new_height, new_width, filters)` with
        `"channels_last"`, or `(batch, filters, new_height, new_width)`
        with `"channels_first"`.

    The kernel has shape
    `(kernel_height, kernel_width, channels // groups, filters)`, so a
    `LayoutMap` entry such as `"conv2d.*/kernel": (None, None, None,
    "model")` shards the output channels over a mesh axis.

    Example:

    >>> x = np.random.rand(2, 10, 10, 3)
    >>> y = keras.layers.Conv2D(8, 3, strides=2, padding="same")(x)
    >>> y.shape
    (2, 5, 5, 8)
    """

    def __init__(
        self,
        filters,
        kernel_size,
        strides=(1, 1),
        padding="valid",
        data_format=None,
        dilation_rate=(1, 1),
        groups=1,
        activation=None,
        use_bias=True,
        kernel_initializer="glorot_uniform",
        bias_initializer="zeros",
        kernel_regularizer=None,
        bias_regularizer=None,
        activity_regularizer=None,
        kernel_constraint=None,
        bias_constraint=None,
        lora_rank=None,
        lora_alpha=None,
        **kwargs,
    ):
        super().__init__(
            rank=2,
            filters=filters,
            kernel_size=kernel_size,
            strides=strides,
            padding=padding,
            data_format=data_format,
            dilation_rate=dilation_rate,
            groups=groups,
            activation=activation,
            use_bias=use_bias,
            kernel_initializer=kernel_initializer,
            bias_initializer=bias_initializer,
            kernel_regularizer=kernel_regularizer,
            bias_regularizer=bias_regularizer,
            activity_regularizer=activity_regularizer,
            kernel_constraint=kernel_constraint,
            bias_constraint=bias_constraint,
            lora_rank=lora_rank,
            lora_alpha=lora_alpha,
            **kwargs,
        )
