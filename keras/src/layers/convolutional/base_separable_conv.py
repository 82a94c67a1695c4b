"""`BaseSeparableConv`: what `SeparableConv1D` and `SeparableConv2D`
share."""

from keras.src import ops
from keras.src.distribution import logical_axes
from keras.src.layers import arg_docs
from keras.src.layers import spatial_docs
from keras.src.layers.convolutional.base_depthwise_conv import (
    add_depthwise_kernel,
)
from keras.src.layers.convolutional.window_layer import WindowLayer
from keras.src.layers.convolutional.window_layer import check_positive
from keras.src.ops import operation_utils

_DOC = """{rank}D depthwise separable convolution layer.

    Factorizes a convolution in two steps: a depthwise convolution (each
    input channel filtered on its own by `depth_multiplier` filters, see
    `DepthwiseConv{rank}D`), then a pointwise convolution (a size-1
    convolution mixing the resulting channels into `filters` outputs).
    It needs far fewer weights and operations than a `Conv{rank}D` of
    the same output size.

    Args:
{args}

    Input shape:
{input_shape}

    Output shape:
        The same layout with `filters` channels and spatial sizes reduced
        as in `Conv{rank}D`.

    Weights: `depthwise_kernel` of shape
    `(*kernel_size, input_channels, depth_multiplier)`,
    `pointwise_kernel` of shape
    `(*ones, input_channels * depth_multiplier, filters)` and `bias`.

    Example:
{example}
    """


def separable_conv_doc(rank, example):
    """Returns the docstring of a separable convolution layer (see
    `spatial_docs.fill`)."""
    args = arg_docs.args_section(
        BaseSeparableConv.__init__,
        rank,
        kernel_size="Int or tuple of {ints}, the depthwise window size.",
        strides="Int or tuple of {ints}, for the depthwise step. "
        + arg_docs.STRIDES_NOTE,
        padding='`"valid"` or `"same"`, for the depthwise step.',
        dilation_rate="Int or tuple of {ints}, for the depthwise step.",
    )
    return spatial_docs.fill(_DOC, rank, example, args=args)


class BaseSeparableConv(WindowLayer):
    """Shared implementation of the separable convolution layers.

    Creates a `depthwise_kernel` of shape
    `(*kernel_size, input_channels, depth_multiplier)`, a
    `pointwise_kernel` of shape
    `(*ones, input_channels * depth_multiplier, filters)` and, when
    `use_bias`, a `bias` of shape `(filters,)`. A subclass sets `rank`,
    the number of spatial axes; the constructor arguments are those of
    the public layers (see `separable_conv_doc`).
    """

    weight_names = ("depthwise", "pointwise", "bias")

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
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        check_positive("depth_multiplier", depth_multiplier)
        check_positive("filters", filters)
        self.depth_multiplier = depth_multiplier
        self.filters = filters
        self.set_window(
            kernel_size, strides, padding, data_format, dilation_rate
        )
        self.set_weight_settings(locals())

    def build(self, input_shape):
        axis, input_channels = self.input_channels(input_shape)
        self.depthwise_kernel = add_depthwise_kernel(
            self, "depthwise_kernel", input_channels
        )
        with logical_axes.logical_axes(
            logical_axes.conv_kernel_axis_names(self.rank)
        ):
            self.pointwise_kernel = self.add_weight(
                name="pointwise_kernel",
                shape=(1,) * self.rank
                + (self.depth_multiplier * input_channels, self.filters),
                initializer=self.pointwise_initializer,
                regularizer=self.pointwise_regularizer,
                constraint=self.pointwise_constraint,
            )
        self.finish_build(axis, input_channels, self.filters)

    def call(self, inputs):
        outputs = ops.separable_conv(
            inputs,
            self.depthwise_kernel,
            self.pointwise_kernel,
            **self.window_arguments(),
        )
        return self.bias_and_activation(outputs)

    def compute_output_shape(self, input_shape):
        return operation_utils.compute_conv_output_shape(
            input_shape,
            self.filters,
            self.kernel_size,
            **self.window_arguments(),
        )

    def get_config(self):
        config = super().get_config()
        config.update(
            depth_multiplier=self.depth_multiplier, filters=self.filters
        )
        return config
