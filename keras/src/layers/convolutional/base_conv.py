"""`BaseConv`: what `Conv1D`, `Conv2D` and `Conv3D` share."""

from keras.src import ops
from keras.src.distribution import logical_axes
from keras.src.layers import arg_docs
from keras.src.layers import spatial_docs
from keras.src.layers.convolutional.window_layer import WindowLayer
from keras.src.layers.convolutional.window_layer import check_positive
from keras.src.ops import operation_utils
from keras.src.utils import lora_utils


def causal_pad(x, kernel_size, dilation_rate, data_format):
    """Pads the (single) spatial axis on the left, so that output `t`
    depends on inputs `<= t` only."""
    amount = dilation_rate[0] * (kernel_size[0] - 1)
    if data_format == "channels_last":
        pad_width = [[0, 0], [amount, 0], [0, 0]]
    else:
        pad_width = [[0, 0], [0, 0], [amount, 0]]
    return ops.pad(x, pad_width)


WHAT = {1: "time", 2: "the pixels of images", 3: "volumes or video frames"}

_CAUSAL = (
    '`"valid"` (no padding), `"same"` (zero padding so that the output has '
    '`ceil(steps / strides)` steps) or `"causal"` (zero padding on the '
    "left only: output `t` never depends on inputs after `t`, which suits "
    "autoregressive models). Case-insensitive."
)

_DOC = """{rank}D convolution layer, e.g. a convolution over {what}.

    The layer slides `filters` kernels of size `kernel_size` over the
    spatial axes of its input and, at every position, takes the dot
    product of each kernel with the window of inputs (all channels). A
    bias is added if `use_bias` and then `activation`, if any.

    Args:
{args}

    Input shape:
{input_shape}

    Output shape:
{output_shape}

    The kernel has shape
    `(*kernel_size, input_channels // groups, filters)`; a `LayoutMap`
    entry for it (such as `"conv.*/kernel"`) that names a mesh axis for
    its last axis shards the output channels.

    Example:
{example}
    """


def conv_doc(rank, example):
    """Returns the docstring of `Conv1D`, `Conv2D` or `Conv3D` (see
    `spatial_docs.fill`)."""
    padding = {"padding": _CAUSAL} if rank == 1 else {}
    return spatial_docs.fill(
        _DOC,
        rank,
        example,
        what=WHAT[rank],
        args=arg_docs.args_section(BaseConv.__init__, rank, **padding),
        output_shape=spatial_docs.shapes_by_format(
            rank, prefix="new_", channels="filters"
        ),
    )


class BaseConv(lora_utils.LoraKernelMixin, WindowLayer):
    """Shared implementation of the N-D convolution layers.

    Creates a `kernel` of shape
    `(*kernel_size, input_channels // groups, filters)` and, when
    `use_bias`, a `bias` of shape `(filters,)`, then computes
    `activation(conv(inputs, kernel) + bias)`. A subclass sets `rank`,
    the number of spatial axes; the constructor arguments are those of
    the public layers (see `conv_doc`).
    """

    weight_names = ("kernel", "bias")

    # Upstream Keras' weights files hold only the kernel and the bias of
    # a convolution, even when a subclass adds variables.
    _files_hold_other_weights = False

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
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
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
        self.set_window(
            kernel_size,
            strides,
            padding,
            data_format,
            dilation_rate,
            allow_causal=self.rank == 1,
        )
        self.set_weight_settings(locals())
        self.lora_rank = lora_rank
        self.lora_alpha = lora_alpha if lora_alpha is not None else lora_rank
        self.lora_enabled = False

    def build(self, input_shape):
        axis, input_channels = self.input_channels(input_shape)
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
        self.finish_build(axis, input_channels, self.filters)
        if self.lora_rank:
            self.enable_lora(self.lora_rank, lora_alpha=self.lora_alpha)

    def convolution_op(self, inputs, kernel):
        arguments = self.window_arguments()
        if self.padding == "causal":
            inputs = causal_pad(
                inputs, self.kernel_size, self.dilation_rate, self.data_format
            )
            arguments["padding"] = "valid"
        return ops.conv(inputs, kernel, **arguments)

    def call(self, inputs):
        outputs = self.convolution_op(inputs, self.kernel)
        return self.bias_and_activation(outputs)

    def compute_output_shape(self, input_shape):
        return operation_utils.compute_conv_output_shape(
            input_shape,
            self.filters,
            self.kernel_size,
            **self.window_arguments(),
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
        config.update(filters=self.filters, groups=self.groups)
        if self.lora_rank:
            config["lora_rank"] = self.lora_rank
            config["lora_alpha"] = self.lora_alpha
        return config
