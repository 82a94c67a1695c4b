"""`Conv1D`: convolution over one spatial (temporal) dimension."""

from keras.src.api_export import keras_export
from keras.src.layers.convolutional.base_conv import BaseConv


@keras_export(["keras.layers.Conv1D", "keras.layers.Convolution1D"])
class Conv1D(BaseConv):
    """1D convolution layer, e.g. a convolution over time.

    The layer slides `filters` kernels of length `kernel_size` along the
    steps of its input and, at every position, takes the dot product of
    each kernel with the window of input steps (all channels). A bias is
    added if `use_bias` and then `activation`, if any.

    Args:
        filters: Positive int, the number of output channels.
        kernel_size: Int or tuple of 1 int, the length of the window.
        strides: Int or tuple of 1 int, how far the window moves between
            outputs. Defaults to `1`. Strides above 1 cannot be combined
            with `dilation_rate` above 1.
        padding: `"valid"` (no padding), `"same"` (zero padding so that
            the output has `ceil(steps / strides)` steps) or `"causal"`
            (zero padding on the left only: output `t` never depends on
            inputs after `t`, which suits autoregressive models).
            Case-insensitive.
        data_format: `"channels_last"` (inputs `(batch, steps,
            channels)`) or `"channels_first"` (inputs `(batch, channels,
            steps)`). Defaults to `keras.config.image_data_format()`.
        dilation_rate: Int or tuple of 1 int, the gap between kernel taps
            (a dilated, "atrous" convolution when above 1).
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
        kernel_constraint: Optional constraint of the kernel (applied after
            each optimizer update).
        bias_constraint: Optional constraint of the bias.
        lora_rank: Optional int; when set, LoRA is enabled with this rank
            as soon as the layer is built (see `enable_lora`).
        lora_alpha: Optional LoRA scale numerator; defaults to
            `lora_rank`.
        **kwargs: Base layer arguments such as `name` and `dtype`.

    Input shape:
        3D tensor `(batch, steps, channels)` with `"channels_last"`, or
        `(batch, channels, steps)` with `"channels_first"`.

    Output shape:
        3D tensor `(batch, new_steps, filters)` with `"channels_last"`, or
        `(batch, filters, new_steps)` with `"channels_first"`.

    The kernel has shape `(kernel_size, channels // groups, filters)`.

    Example:

    >>> x = np.random.rand(2, 12, 3)
    >>> y = keras.layers.Conv1D(6, 4, activation="relu")(x)
    >>> y.shape
    (2, 9, 6)
    """

    def __init__(
        self,
        filters,
        kernel_size,
        strides=1,
        padding="valid",
        data_format=None,
        dilation_rate=1,
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
            rank=1,
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
