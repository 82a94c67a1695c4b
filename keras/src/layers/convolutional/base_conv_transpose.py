"""`BaseConvTranspose`: what the transposed convolution layers share."""

from keras.src import activations
from keras.src import backend
from keras.src import constraints
from keras.src import initializers
from keras.src import ops
from keras.src import regularizers
from keras.src.backend.common import backend_utils
from keras.src.distribution import logical_axes
from keras.src.layers.convolutional.base_conv import add_bias
from keras.src.layers.convolutional.base_conv import build_bias
from keras.src.layers.convolutional.base_conv import channel_axis
from keras.src.layers.convolutional.base_conv import check_positive
from keras.src.layers.convolutional.base_conv import check_strides_and_dilation
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer
from keras.src.saving import serialization_lib
from keras.src.utils.argument_validation import standardize_padding
from keras.src.utils.argument_validation import standardize_tuple


class BaseConvTranspose(Layer):
    """Shared implementation of the N-D transposed convolution layers.

    Creates a `kernel` of shape `(*kernel_size, filters, input_channels)`
    and, when `use_bias`, a `bias` of shape `(filters,)`, and computes
    `activation(conv_transpose(inputs, kernel) + bias)`.

    Args:
        rank: Number of spatial dimensions (1, 2 or 3).
        filters: Positive int, the number of output channels.
        kernel_size: Int or tuple of `rank` ints.
        strides: Int or tuple of `rank` ints, the upsampling factors.
        padding: `"valid"` or `"same"`.
        output_padding: `None`, or an int or tuple of `rank` ints, each
            strictly smaller than the matching stride.
        data_format: `"channels_last"` or `"channels_first"`.
        dilation_rate: Int or tuple of `rank` ints.
        activation: Activation applied to the output, or `None`.
        use_bias: Whether to add a bias vector.
        kernel_initializer: Initializer of the kernel.
        bias_initializer: Initializer of the bias.
        kernel_regularizer: Optional regularizer of the kernel.
        bias_regularizer: Optional regularizer of the bias.
        activity_regularizer: Optional regularizer of the output.
        kernel_constraint: Optional constraint of the kernel.
        bias_constraint: Optional constraint of the bias.
        **kwargs: Base layer arguments such as `name` and `dtype`.
    """

    def __init__(
        self,
        rank,
        filters,
        kernel_size,
        strides=1,
        padding="valid",
        output_padding=None,
        data_format=None,
        dilation_rate=1,
        activation=None,
        use_bias=True,
        kernel_initializer="glorot_uniform",
        bias_initializer="zeros",
        kernel_regularizer=None,
        bias_regularizer=None,
        activity_regularizer=None,
        kernel_constraint=None,
        bias_constraint=None,
        **kwargs,
    ):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        self.rank = rank
        check_positive("filters", filters)
        self.filters = filters
        self.kernel_size = standardize_tuple(kernel_size, rank, "kernel_size")
        self.strides = standardize_tuple(strides, rank, "strides")
        self.dilation_rate = standardize_tuple(
            dilation_rate, rank, "dilation_rate"
        )
        self.padding = standardize_padding(padding)
        if output_padding is None:
            self.output_padding = None
        else:
            self.output_padding = standardize_tuple(
                output_padding, rank, "output_padding", allow_zero=True
            )
            for extra, stride in zip(self.output_padding, self.strides):
                if extra >= stride:
                    raise ValueError(
                        "`output_padding` must be strictly less than "
                        f"`strides`. Received: strides={self.strides}, "
                        f"output_padding={self.output_padding}."
                    )
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
            logical_axes.conv_kernel_axis_names(self.rank, transpose=True)
        ):
            self.kernel = self.add_weight(
                name="kernel",
                shape=self.kernel_size + (self.filters, input_channels),
                initializer=self.kernel_initializer,
                regularizer=self.kernel_regularizer,
                constraint=self.kernel_constraint,
            )
        build_bias(self, self.filters)
        self.input_spec = InputSpec(
            min_ndim=self.rank + 2, axes={axis: input_channels}
        )
        self.built = True

    def call(self, inputs):
        outputs = ops.conv_transpose(
            inputs,
            self.kernel,
            strides=self.strides,
            padding=self.padding,
            output_padding=self.output_padding,
            data_format=self.data_format,
            dilation_rate=self.dilation_rate,
        )
        if self.use_bias:
            outputs = add_bias(outputs, self.bias, self.data_format, self.rank)
        if self.activation is not None:
            outputs = self.activation(outputs)
        return outputs

    def compute_output_shape(self, input_shape):
        return backend_utils.compute_conv_transpose_output_shape(
            input_shape,
            self.kernel_size,
            self.filters,
            strides=self.strides,
            padding=self.padding,
            output_padding=self.output_padding,
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
                "filters": self.filters,
                "kernel_size": self.kernel_size,
                "strides": self.strides,
                "padding": self.padding,
                "output_padding": self.output_padding,
                "data_format": self.data_format,
                "dilation_rate": self.dilation_rate,
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
        return config
