"""`BaseSeparableConv`: what `SeparableConv1D` and `SeparableConv2D`
share."""

from keras.src import activations
from keras.src import backend
from keras.src import constraints
from keras.src import initializers
from keras.src import ops
from keras.src import regularizers
from keras.src.distribution import logical_axes
from keras.src.layers.convolutional.base_conv import add_bias
from keras.src.layers.convolutional.base_conv import build_bias
from keras.src.layers.convolutional.base_conv import channel_axis
from keras.src.layers.convolutional.base_conv import check_positive
from keras.src.layers.convolutional.base_conv import check_strides_and_dilation
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer
from keras.src.ops import operation_utils
from keras.src.saving import serialization_lib
from keras.src.utils.argument_validation import standardize_padding
from keras.src.utils.argument_validation import standardize_tuple


class BaseSeparableConv(Layer):
    """Shared implementation of the separable convolution layers.

    Creates a `depthwise_kernel` of shape
    `(*kernel_size, input_channels, depth_multiplier)`, a
    `pointwise_kernel` of shape
    `(*ones, input_channels * depth_multiplier, filters)` and, when
    `use_bias`, a `bias` of shape `(filters,)`.

    Args:
        rank: Number of spatial dimensions (1 or 2).
        depth_multiplier: Positive int, depthwise filters per input
            channel.
        filters: Positive int, the number of output channels.
        kernel_size: Int or tuple of `rank` ints.
        strides: Int or tuple of `rank` ints.
        padding: `"valid"` or `"same"`.
        data_format: `"channels_last"` or `"channels_first"`.
        dilation_rate: Int or tuple of `rank` ints.
        activation: Activation applied to the output, or `None`.
        use_bias: Whether to add a bias vector.
        depthwise_initializer: Initializer of the depthwise kernel.
        pointwise_initializer: Initializer of the pointwise kernel.
        bias_initializer: Initializer of the bias.
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
    """

    def __init__(
        self,
        rank,
        depth_multiplier,
        filters,
        kernel_size,
        strides=1,
        padding="valid",
        data_format=None,
        dilation_rate=1,
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
        self.rank = rank
        check_positive("depth_multiplier", depth_multiplier)
        check_positive("filters", filters)
        self.depth_multiplier = depth_multiplier
        self.filters = filters
        self.kernel_size = standardize_tuple(kernel_size, rank, "kernel_size")
        self.strides = standardize_tuple(strides, rank, "strides")
        self.dilation_rate = standardize_tuple(
            dilation_rate, rank, "dilation_rate"
        )
        self.padding = standardize_padding(padding)
        self.data_format = backend.standardize_data_format(data_format)
        check_strides_and_dilation(self.strides, self.dilation_rate)
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.depthwise_initializer = initializers.get(depthwise_initializer)
        self.pointwise_initializer = initializers.get(pointwise_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.depthwise_regularizer = regularizers.get(depthwise_regularizer)
        self.pointwise_regularizer = regularizers.get(pointwise_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.depthwise_constraint = constraints.get(depthwise_constraint)
        self.pointwise_constraint = constraints.get(pointwise_constraint)
        self.bias_constraint = constraints.get(bias_constraint)
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
        with logical_axes.logical_axes(
            (logical_axes.CONV_SPATIAL,) * self.rank
            + (logical_axes.CONV_IN, logical_axes.CONV_MULTIPLIER)
        ):
            self.depthwise_kernel = self.add_weight(
                name="depthwise_kernel",
                shape=self.kernel_size
                + (input_channels, self.depth_multiplier),
                initializer=self.depthwise_initializer,
                regularizer=self.depthwise_regularizer,
                constraint=self.depthwise_constraint,
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
        build_bias(self, self.filters)
        self.input_spec = InputSpec(
            min_ndim=self.rank + 2, axes={axis: input_channels}
        )
        self.built = True

    def call(self, inputs):
        outputs = ops.separable_conv(
            inputs,
            self.depthwise_kernel,
            self.pointwise_kernel,
            strides=self.strides,
            padding=self.padding,
            dilation_rate=self.dilation_rate,
            data_format=self.data_format,
        )
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

    def get_config(self):
        config = super().get_config()
        config.update(
            {
                "depth_multiplier": self.depth_multiplier,
                "filters": self.filters,
                "kernel_size": self.kernel_size,
                "strides": self.strides,
                "padding": self.padding,
                "data_format": self.data_format,
                "dilation_rate": self.dilation_rate,
                "activation": activations.serialize(self.activation),
                "use_bias": self.use_bias,
            }
        )
        for name in ("depthwise", "pointwise", "bias"):
            config[f"{name}_initializer"] = initializers.serialize(
                getattr(self, f"{name}_initializer")
            )
            config[f"{name}_regularizer"] = regularizers.serialize(
                getattr(self, f"{name}_regularizer")
            )
            config[f"{name}_constraint"] = (
                serialization_lib.serialize_keras_object(
                    getattr(self, f"{name}_constraint")
                )
            )
        config["activity_regularizer"] = regularizers.serialize(
            self.activity_regularizer
        )
        return config
