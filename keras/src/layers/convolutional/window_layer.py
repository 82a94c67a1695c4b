"""`WindowLayer`: what every convolution layer does besides convolving.

The plain, transposed, depthwise and separable convolutions all slide a
window over 1 to 3 spatial axes: they standardize the same window
arguments, resolve an initializer, regularizer and constraint for each of
their weights, check the channel axis of their input, and end with an
optional bias and activation.
"""

from keras.src import activations
from keras.src import backend
from keras.src import ops
from keras.src import regularizers
from keras.src.distribution import logical_axes
from keras.src.layers import weight_settings
from keras.src.layers.config_utils import attribute_config
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer
from keras.src.layers.weight_settings import settings_config
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


def window_arguments(layer):
    """The `strides`, `padding`, `dilation_rate` and `data_format` of a
    convolving layer, as keyword arguments of the convolution ops."""
    return {
        "strides": layer.strides,
        "padding": layer.padding,
        "dilation_rate": layer.dilation_rate,
        "data_format": layer.data_format,
    }


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


class WindowLayer(Layer):
    """Base of the convolution layers (see the module docstring).

    A subclass sets `rank` (the number of spatial axes) and
    `weight_names`, the prefixes of its `<weight>_initializer`,
    `<weight>_regularizer` and `<weight>_constraint` arguments (such as
    `("kernel", "bias")`), and calls `set_window` and `set_weight_settings`
    from its constructor.
    """

    rank = None
    weight_names = ()

    def set_window(
        self,
        kernel_size,
        strides,
        padding,
        data_format,
        dilation_rate,
        allow_causal=False,
    ):
        """Standardizes and stores the window arguments."""
        self.kernel_size = standardize_tuple(
            kernel_size, self.rank, "kernel_size"
        )
        self.strides = standardize_tuple(strides, self.rank, "strides")
        self.dilation_rate = standardize_tuple(
            dilation_rate, self.rank, "dilation_rate"
        )
        self.padding = standardize_padding(padding, allow_causal=allow_causal)
        self.data_format = backend.standardize_data_format(data_format)
        check_strides_and_dilation(self.strides, self.dilation_rate)
        self.input_spec = InputSpec(min_ndim=self.rank + 2)

    def window_arguments(self):
        """Returns the `strides`, `padding`, `dilation_rate` and
        `data_format` keyword arguments of the convolution ops."""
        return window_arguments(self)

    def set_weight_settings(self, arguments):
        """Resolves and stores `activation`, `use_bias` and the
        `<weight>_<setting>` argument of each weight of `weight_names`,
        read from `arguments` (the `locals()` of the constructor)."""
        self.activation = activations.get(arguments["activation"])
        self.use_bias = arguments["use_bias"]
        weight_settings.set_weight_settings(self, self.weight_names, arguments)

    def input_channels(self, input_shape):
        """Returns the channel axis of the inputs and its size, which
        must be known."""
        axis = channel_axis(self.data_format)
        channels = input_shape[axis]
        if channels is None:
            raise ValueError(
                f"The channel dimension of the inputs of layer "
                f"'{self.name}' should be defined. Found `None`. Full input "
                f"shape received: {tuple(input_shape)}"
            )
        return axis, channels

    def finish_build(self, axis, input_channels, bias_size):
        """Creates the bias (when `use_bias`) and fixes the input spec to
        the channel count the weights were built for."""
        build_bias(self, bias_size)
        self.input_spec = InputSpec(
            min_ndim=self.rank + 2, axes={axis: input_channels}
        )
        self.built = True

    def bias_and_activation(self, outputs):
        """Adds the bias and applies the activation, when the layer has
        them."""
        if self.use_bias:
            outputs = add_bias(outputs, self.bias, self.data_format, self.rank)
        if self.activation is not None:
            outputs = self.activation(outputs)
        return outputs

    def compute_output_spec(self, inputs):
        return backend.KerasTensor(
            self.compute_output_shape(inputs.shape), dtype=self.compute_dtype
        )

    def get_config(self):
        """The base config, then the window arguments, `activation`,
        `use_bias` and the weights' settings (see
        `weight_settings_config`). A subclass adds its own entries, such
        as `filters`."""
        config = super().get_config()
        config.update(
            attribute_config(
                self,
                "kernel_size",
                "strides",
                "padding",
                "data_format",
                "dilation_rate",
            )
        )
        config["activation"] = activations.serialize(self.activation)
        config["use_bias"] = self.use_bias
        config.update(self.weight_settings_config())
        return config

    def weight_settings_config(self):
        """Returns the config entries of the weights' settings: the
        initializers, the regularizers (then the activity regularizer)
        and the constraints, each in `weight_names` order."""
        names = self.weight_names
        return {
            **settings_config(self, names, "initializer", "regularizer"),
            "activity_regularizer": regularizers.serialize(
                self.activity_regularizer
            ),
            **settings_config(self, names, "constraint"),
        }
