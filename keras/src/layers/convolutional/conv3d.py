"""`Conv3D`: convolution over three spatial dimensions (volumes)."""

from keras.src.api_export import keras_export
from keras.src.layers.convolutional.base_conv import BaseConv


@keras_export(["keras.layers.Conv3D", "keras.layers.Convolution3D"])
class Conv3D(BaseConv):
    """3D convolution layer, e.g. over volumes or video frames.

    The layer slides `filters` kernels of size `kernel_size` over the
    three spatial dimensions of its input and, at every position, takes
    the dot product of each kernel with the window of voxels (all
    channels). A bias is added if `use_bias` and then `activation`, if
    any.

    Args:
        filters: Positive int, the number of output channels.
        kernel_size: Int or tuple of 3 ints, the window's size along each
            spatial dimension.
        strides: Int or tuple of 3 ints. Defaults to `1`. Strides above 1
            cannot be combined with `dilation_rate` above 1.
        padding: `"valid"` (no padding) or `"same"` (zero padding so that
            each spatial size becomes `ceil(size / strides)`).
            Case-insensitive.
        data_format: `"channels_last"` (inputs `(batch, dim1, dim2, dim3,
            channels)`) or `"channels_first"` (inputs `(batch, channels,
            dim1, dim2, dim3)`). Defaults to
            `keras.config.image_data_format()`.
        dilation_rate: Int or tuple of 3 ints, the gap between kernel
            taps.
        groups: Positive int. Input channels are split into `groups`
            groups, each convolved with its own `filters // groups`
            filters. Defaults to `1`.
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
        5D tensor `(batch, dim1, dim2, dim3, channels)` with
        `"channels_last"`, or `(batch, channels, dim1, dim2, dim3)` with
        `"channels_first"`.

    Output shape:
        5D tensor with `filters` channels and each spatial size reduced
        as set by `kernel_size`, `strides`, `padding` and
        `dilation_rate`.

    Example:

    >>> x = np.random.rand(1, 6, 6, 6, 2)
    >>> y = keras.layers.Conv3D(4, 3)(x)
    >>> y.shape
    (1, 4, 4, 4, 4)
    """

    def __init__(
        self,
        filters,
        kernel_size,
        strides=(1, 1, 1),
        padding="valid",
        data_format=None,
        dilation_rate=(1, 1, 1),
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
            rank=3,
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
