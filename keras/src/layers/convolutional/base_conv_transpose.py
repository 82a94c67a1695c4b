"""`BaseConvTranspose`: what the transposed convolution layers share."""

from keras.src import ops
from keras.src.backend.common import backend_utils
from keras.src.distribution import logical_axes
from keras.src.layers import arg_docs
from keras.src.layers import spatial_docs
from keras.src.layers.convolutional.window_layer import WindowLayer
from keras.src.layers.convolutional.window_layer import check_positive
from keras.src.utils.argument_validation import standardize_tuple

_DOC = """{rank}D transposed convolution layer (sometimes called deconvolution).

    Goes the opposite way of `Conv{rank}D`: every input position spreads
    its channel values, weighted by the kernel, over a window of the
    output, and windows are `strides` apart, so the spatial size grows
    roughly by `strides`. This is the gradient of a `Conv{rank}D` with
    respect to its input, and a common learned upsampling step (e.g. in
    decoders).

    Along each spatial axis, with input size `n`, stride `s` and dilated
    kernel size `k`, the output size is `n * s + max(k - s, 0)` for
    `"valid"` and `n * s` for `"same"`; with `output_padding=p` it is
    `(n - 1) * s + k - 2 * (k // 2 if "same" else 0) + p`.

    Args:
{args}

    Input shape:
{input_shape}

    Output shape:
        The same layout with `filters` channels and the spatial sizes
        given above.

    The kernel has shape `(*kernel_size, filters, input_channels)`.

    Example:
{example}
    """


def conv_transpose_doc(rank, example):
    """Returns the docstring of a transposed convolution layer (see
    `spatial_docs.fill`)."""
    args = arg_docs.args_section(
        BaseConvTranspose.__init__,
        rank,
        strides="Int or tuple of {ints}, the upsampling factors. "
        + arg_docs.STRIDES_NOTE,
        padding='`"valid"` or `"same"`, case-insensitive (see above).',
    )
    return spatial_docs.fill(_DOC, rank, example, args=args)


class BaseConvTranspose(WindowLayer):
    """Shared implementation of the N-D transposed convolution layers.

    Creates a `kernel` of shape `(*kernel_size, filters, input_channels)`
    and, when `use_bias`, a `bias` of shape `(filters,)`, and computes
    `activation(conv_transpose(inputs, kernel) + bias)`. A subclass sets
    `rank`, the number of spatial axes; the constructor arguments are
    those of the public layers (see `conv_transpose_doc`).
    """

    weight_names = ("kernel", "bias")

    def __init__(
        self,
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
        check_positive("filters", filters)
        self.filters = filters
        self.set_window(
            kernel_size, strides, padding, data_format, dilation_rate
        )
        if output_padding is None:
            self.output_padding = None
        else:
            self.output_padding = standardize_tuple(
                output_padding, self.rank, "output_padding", allow_zero=True
            )
            for extra, stride in zip(self.output_padding, self.strides):
                if extra >= stride:
                    raise ValueError(
                        "`output_padding` must be strictly less than "
                        f"`strides`. Received: strides={self.strides}, "
                        f"output_padding={self.output_padding}."
                    )
        self.set_weight_settings(locals())

    def build(self, input_shape):
        axis, input_channels = self.input_channels(input_shape)
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
        self.finish_build(axis, input_channels, self.filters)

    def call(self, inputs):
        outputs = ops.conv_transpose(
            inputs,
            self.kernel,
            **self.window_arguments(),
            output_padding=self.output_padding,
        )
        return self.bias_and_activation(outputs)

    def compute_output_shape(self, input_shape):
        return backend_utils.compute_conv_transpose_output_shape(
            input_shape,
            self.kernel_size,
            self.filters,
            **self.window_arguments(),
            output_padding=self.output_padding,
        )

    def get_config(self):
        config = super().get_config()
        config.update(filters=self.filters, output_padding=self.output_padding)
        return config
