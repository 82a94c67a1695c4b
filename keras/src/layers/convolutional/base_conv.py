"""`BaseConv`: what `Conv1D`, `Conv2D` and `Conv3D` share."""

from keras.src import activations
from keras.src import backend
from keras.src import constraints
from keras.src import initializers
from keras.src import ops
from keras.src import regularizers
from keras.src.distribution import logical_axes
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer
from keras.src.ops import operation_utils
from keras.src.saving import serialization_lib
from keras.src.utils import lora_utils
from keras.src.utils.argument_validation import standardize_padding
from keras.src.utils.argument_validation import standardize_tuple


def check_positive(name, value):
    """Raises a `ValueError` unless `value` is a positive int."""
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise ValueError(
            f"Invalid value for argument `{name}`. Expected a strictly "
            f"positive value. Received {name}={value}."
        )


def check_strides_and_dilation(strides, dilation_rate):
    if max(strides) > 1 and max(dilation_rate) > 1:
        raise ValueError(
            "`strides > 1` not supported in conjunction with "
            f"`dilation_rate > 1`. Received: strides={strides} and "
            f"dilation_rate={dilation_rate}"
        )


def channel_axis(data_format):
    return -1 if data_format == "channels_last" else 1


def add_bias(x, bias, data_format, rank):
    """Adds a per-channel `bias` to `x` of the given spatial rank."""
    if data_format == "channels_last":
        return ops.add(x, bias)
    return ops.add(x, ops.reshape(bias, (1, -1) + (1,) * rank))


def build_bias(layer, size):
    """Sets `layer.bias`: a `(size,)` weight named along the output
    channels (`conv_out`) when `layer.use_bias`, else `None`."""
    if not layer.use_bias:
        layer.bias = None
        return
    with logical_axes.logical_axes((logical_axes.CONV_OUT,)):
        layer.bias = layer.add_weight(
            name="bias",
            shape=(size,),
            initializer=layer.bias_initializer,
            regularizer=layer.bias_regularizer,
            constraint=layer.bias_constraint,
        )


def causal_pad(x, kernel_size, dilation_rate, data_format):
    """Pads the (single) spatial axis on the left, so that output `t`
    depends on inputs `<= t` only."""
    amount = dilation_rate[0] * (kernel_size[0] - 1)
    if data_format == "channels_last":
        pad_width = [[0, 0], [amount, 0], [0, 0]]
    else:
        pad_width = [[0, 0], [0, 0], [amount, 0]]
    return ops.pad(x, pad_width)


class BaseConv(lora_utils.LoraKernelMixin, Layer):
    """Shared implementation of the N-D convolution layers.

    Creates a `kernel` of shape
    `(*kernel_size, input_channels // groups, filters)` and, when
    `use_bias`, a `bias` of shape `(filters,)`, then computes
    `activation(conv(inputs, kernel) + bias)`.

    Args:
        rank: Number of spatial dimensions (1, 2 or 3).
        filters: Positive int, the number of output channels.
        kernel_size: Int or tuple of `rank` ints.
        strides: Int or tuple of `rank` ints. Strides above 1 cannot be
            combined with `dilation_rate` above 1.
        padding: `"valid"`, `"same"` or (1D only) `"causal"`.
        data_format: `"channels_last"` or `"channels_first"`; defaults to
            `keras.config.image_data_format()`.
        dilation_rate: Int or tuple of `rank` ints.
        groups: Positive int dividing both the input channels and
            `filters`; each group of input channels is convolved with its
            own `filters // groups` filters.
        activation: Activation applied to the output, or `None`.
        use_bias: Whether to add a bias vector.
        kernel_initializer: Initializer of the kernel.
        bias_initializer: Initializer of the bias.
        kernel_regularizer: Optional regularizer of the kernel.
        bias_regularizer: Optional regularizer of the bias.
        activity_regularizer: Optional regularizer of the output.
        kernel_constraint: Optional constraint of the kernel.
        bias_constraint: Optional constraint of the bias.
        lora_rank: Optional int; LoRA is enabled with this rank when the
            layer is built.
        lora_alpha: Optional LoRA scale numerator; defaults to
            `lora_rank`.
        **kwargs: Base layer arguments such as `name` and `dtype`.
    """

    # Upstream Keras' weights files hold only the kernel and the bias of
    # a convolution, even when a subclass adds variables.
    _files_hold_other_weights = False

    def __init__(
        self,
        rank,
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
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        self.rank = rank
        if filters is not None:
            check_positive("filters", filters)
        self.filters = filters
        if (
            isinstance(groups, bool)
            or not isinstance(groups, int)
            or (groups <= 0)
        ):
            raise ValueError(
                "The number of groups must be a positive integer. "
                f"Received: groups={groups}."
            )
        self.groups = groups
        if filters is not None and filters % groups:
            raise ValueError(
                "The number of filters must be evenly divisible by the "
                f"number of groups. Received: groups={groups}, "
                f"filters={filters}."
            )
        self.kernel_size = standardize_tuple(kernel_size, rank, "kernel_size")
        self.strides = standardize_tuple(strides, rank, "strides")
        self.dilation_rate = standardize_tuple(
            dilation_rate, rank, "dilation_rate"
        )
        self.padding = standardize_padding(padding, allow_causal=rank == 1)
        self.data_format = backend.standardize_data_format(data_format)
        check_strides_and_dilation(self.strides, self.dilation_rate)
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.kernel_constraint = constraints.get(kernel_constraint)
        self.bias_constraint = constraints.get(bias_constraint)
        self.lora_rank = lora_rank
        self.lora_alpha = lora_alpha if lora_alpha is not None else lora_rank
        self.lora_enabled = False
        self.input_spec = InputSpec(min_ndim=rank + 2)

    def build(self, input_shape):
        axis = channel_axis(self.data_format)
        input_channels = input_shape[axis]
        if input_channels is None:
            raise ValueError(
                f"The channel dimension of the inputs of layer "
                f"'{self.name}' should be defined. Found `None`. Full input "
                f"shape received: {tuple(input_shape)}"
            )
        if input_channels % self.groups:
            raise ValueError(
                "The number of input channels must be evenly divisible by "
                f"the number of groups. Received groups={self.groups}, but "
                f"the input has {input_channels} channels (full input shape "
                f"is {tuple(input_shape)})."
            )
        kernel_shape = self.kernel_size + (
            input_channels // self.groups,
            self.filters,
        )
        with logical_axes.logical_axes(
            logical_axes.conv_kernel_axis_names(self.rank)
        ):
            self._kernel = self.add_weight(
                name="kernel",
                shape=kernel_shape,
                initializer=self.kernel_initializer,
                regularizer=self.kernel_regularizer,
                constraint=self.kernel_constraint,
            )
        build_bias(self, self.filters)
        self.input_spec = InputSpec(
            min_ndim=self.rank + 2, axes={axis: input_channels}
        )
        self.built = True
        if self.lora_rank:
            self.enable_lora(self.lora_rank, lora_alpha=self.lora_alpha)

    def convolution_op(self, inputs, kernel):
        padding = self.padding
        if padding == "causal":
            inputs = causal_pad(
                inputs, self.kernel_size, self.dilation_rate, self.data_format
            )
            padding = "valid"
        return ops.conv(
            inputs,
            kernel,
            strides=self.strides,
            padding=padding,
            dilation_rate=self.dilation_rate,
            data_format=self.data_format,
        )

    def call(self, inputs):
        outputs = self.convolution_op(inputs, self.kernel)
        if self.use_bias:
            outputs = add_bias(outputs, self.bias, self.data_format, self.rank)
        if self.activation is not None:
            outputs = self.activation(outputs)
        return outputs

    def compute_output_shape(self, input_shape):
        return operation_utils.compute_conv_output_shape(
            input_shape,
            self.filters,
            self.kernel_size,
            strides=self.strides,
            padding=self.padding,
            data_format=self.data_format,
            dilation_rate=self.dilation_rate,
        )

    def compute_output_spec(self, inputs):
        return backend.KerasTensor(
            self.compute_output_shape(inputs.shape), dtype=self.compute_dtype
        )

    def enable_lora(
        self,
        rank,
        lora_alpha=None,
        a_initializer="he_uniform",
        b_initializer="zeros",
    ):
        """Enables LoRA (low-rank adaptation) on the built layer.

        The `kernel` variable is frozen and two trainable factors are
        added: `lora_kernel_a`, shaped like the kernel but with `rank` as
        its last dimension, and `lora_kernel_b` of shape `(rank, filters)`.
        The layer then convolves with
        `kernel + (lora_alpha / rank) * (lora_kernel_a @ lora_kernel_b)`,
        which equals `kernel` at first since `lora_kernel_b` starts at
        zero. A `kernel_regularizer` then applies to the two factors
        instead of the frozen kernel. Under a distribution, the factors
        follow the kernel's layout (see `keras.layers.Dense.enable_lora`).

        Args:
            rank: Positive int, the rank of the factors.
            lora_alpha: Optional scale numerator; defaults to `rank`.
            a_initializer: Initializer of `lora_kernel_a`.
            b_initializer: Initializer of `lora_kernel_b`.

        Example:

        >>> layer = keras.layers.Conv2D(8, 3)
        >>> layer.build((None, 16, 16, 4))
        >>> layer.enable_lora(2)
        >>> layer.lora_kernel_a.shape, layer.lora_kernel_b.shape
        ((3, 3, 4, 2), (2, 8))
        """
        self._enable_lora_factors(
            rank, lora_alpha, a_initializer, b_initializer
        )
        if self.kernel_regularizer is not None:
            self._regularized_variables = [
                (v, r)
                for v, r in self._regularized_variables
                if v is not self._kernel
            ] + [(v, self.kernel_regularizer) for v in self._lora_factors()]

    def merge_lora(self):
        factors = self._lora_factors() if self.lora_enabled else ()
        super().merge_lora()
        if self.kernel_regularizer is not None and factors:
            ids = {id(v) for v in factors}
            self._regularized_variables = [
                (v, r)
                for v, r in self._regularized_variables
                if id(v) not in ids
            ] + [(self._kernel, self.kernel_regularizer)]

    def get_config(self):
        config = super().get_config()
        config.update(
            {
                "filters": self.filters,
                "kernel_size": self.kernel_size,
                "strides": self.strides,
                "padding": self.padding,
                "data_format": self.data_format,
                "dilation_rate": self.dilation_rate,
                "groups": self.groups,
                "activation": activations.serialize(self.activation),
                "use_bias": self.use_bias,
                "kernel_initializer": initializers.serialize(
                    self.kernel_initializer
                ),
                "bias_initializer": initializers.serialize(
                    self.bias_initializer
                ),
                "kernel_regularizer": regularizers.serialize(
                    self.kernel_regularizer
                ),
                "bias_regularizer": regularizers.serialize(
                    self.bias_regularizer
                ),
                "activity_regularizer": regularizers.serialize(
                    self.activity_regularizer
                ),
                "kernel_constraint": serialization_lib.serialize_keras_object(
                    self.kernel_constraint
                ),
                "bias_constraint": serialization_lib.serialize_keras_object(
                    self.bias_constraint
                ),
            }
        )
        if self.lora_rank:
            config["lora_rank"] = self.lora_rank
            config["lora_alpha"] = self.lora_alpha
        return config
