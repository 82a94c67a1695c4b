"""`BaseDepthwiseConv`: what `DepthwiseConv1D` and `DepthwiseConv2D`
share."""

from keras.src import ops
from keras.src.distribution import logical_axes
from keras.src.layers import arg_docs
from keras.src.layers import spatial_docs
from keras.src.layers.convolutional.window_layer import WindowLayer
from keras.src.layers.convolutional.window_layer import channel_axis
from keras.src.layers.convolutional.window_layer import check_positive
from keras.src.ops import operation_utils

_DOC = """{rank}D depthwise convolution layer.

    Unlike `Conv{rank}D`, channels are not mixed: every input channel is
    convolved separately with `depth_multiplier` filters of its own, and
    the results are stacked, giving `input_channels * depth_multiplier`
    output channels (output channel `c * depth_multiplier + m` comes from
    input channel `c` and filter `m`). It is the first half of a
    separable convolution.

    Args:
{args}

    Input shape:
{input_shape}

    Output shape:
        The same layout with `input_channels * depth_multiplier` channels
        and spatial sizes reduced as in `Conv{rank}D`.

    The kernel variable, `kernel`, has shape
    `(*kernel_size, input_channels, depth_multiplier)`.

    Example:
{example}
    """


def depthwise_conv_doc(rank, example):
    """Returns the docstring of a depthwise convolution layer (see
    `spatial_docs.fill`)."""
    args = arg_docs.args_section(BaseDepthwiseConv.__init__, rank)
    return spatial_docs.fill(_DOC, rank, example, args=args)


def add_depthwise_kernel(layer, name, input_channels):
    """Creates and returns the depthwise kernel of `layer`, of shape
    `(*kernel_size, input_channels, depth_multiplier)`, from its
    `depthwise_*` settings."""
    with logical_axes.logical_axes(
        (logical_axes.CONV_SPATIAL,) * layer.rank
        + (logical_axes.CONV_IN, logical_axes.CONV_MULTIPLIER)
    ):
        return layer.add_weight(
            name=name,
            shape=layer.kernel_size + (input_channels, layer.depth_multiplier),
            initializer=layer.depthwise_initializer,
            regularizer=layer.depthwise_regularizer,
            constraint=layer.depthwise_constraint,
        )


class BaseDepthwiseConv(WindowLayer):
    """Shared implementation of the depthwise convolution layers.

    Creates a `kernel` of shape
    `(*kernel_size, input_channels, depth_multiplier)` and, when
    `use_bias`, a `bias` of shape `(input_channels * depth_multiplier,)`.
    A subclass sets `rank`, the number of spatial axes; the constructor
    arguments are those of the public layers (see `depthwise_conv_doc`).
    """

    weight_names = ("depthwise", "bias")

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
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        check_positive("depth_multiplier", depth_multiplier)
        self.depth_multiplier = depth_multiplier
        self.set_window(
            kernel_size, strides, padding, data_format, dilation_rate
        )
        self.set_weight_settings(locals())

    def build(self, input_shape):
        axis, input_channels = self.input_channels(input_shape)
        self.kernel = add_depthwise_kernel(self, "kernel", input_channels)
        self.finish_build(
            axis, input_channels, self.depth_multiplier * input_channels
        )

    def call(self, inputs):
        outputs = ops.depthwise_conv(
            inputs,
            self.kernel,
            **self.window_arguments(),
        )
        return self.bias_and_activation(outputs)

    def compute_output_shape(self, input_shape):
        input_channels = input_shape[channel_axis(self.data_format)]
        return operation_utils.compute_conv_output_shape(
            input_shape,
            None
            if input_channels is None
            else input_channels * self.depth_multiplier,
            self.kernel_size,
            **self.window_arguments(),
        )

    def get_config(self):
        config = super().get_config()
        config["depth_multiplier"] = self.depth_multiplier
        return config
