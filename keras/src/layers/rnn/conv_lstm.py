"""`ConvLSTMCell` and `ConvLSTM`: the LSTM whose products are convolutions.

`ConvLSTM1D`, `ConvLSTM2D` and `ConvLSTM3D` are `ConvLSTM` with a fixed
spatial rank.
"""

from keras.src import activations
from keras.src import backend
from keras.src import ops
from keras.src import tree
from keras.src.layers import arg_docs
from keras.src.layers import spatial_docs
from keras.src.layers.convolutional.window_layer import window_arguments
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer
from keras.src.layers.rnn.cell_utils import CELL_OPTIONS
from keras.src.layers.rnn.cell_utils import add_cell_properties
from keras.src.layers.rnn.cell_utils import add_cell_weights
from keras.src.layers.rnn.cell_utils import cell_config
from keras.src.layers.rnn.cell_utils import cell_options
from keras.src.layers.rnn.cell_utils import forget_bias_initializer
from keras.src.layers.rnn.cell_utils import layer_config
from keras.src.layers.rnn.cell_utils import lstm_gates
from keras.src.layers.rnn.cell_utils import rnn_options
from keras.src.layers.rnn.cell_utils import set_cell_options
from keras.src.layers.rnn.dropout_rnn_cell import DropoutRNNCell
from keras.src.layers.rnn.rnn import RNN
from keras.src.ops import operation_utils
from keras.src.utils.argument_validation import standardize_padding
from keras.src.utils.argument_validation import standardize_tuple


class ConvLSTMCell(Layer, DropoutRNNCell):
    """One timestep of `ConvLSTM`: an `LSTMCell` whose matrix products
    are convolutions.

    The gates (in the order input, forget, candidate, output) come from
    `conv(x_t, kernel) + conv(h_{t-1}, recurrent_kernel) + bias`; the
    input convolution uses the layer's `strides`, `padding` and
    `dilation_rate`, the recurrent one stride 1 and `"same"` padding. The
    states `h` and `c` have the spatial shape of the input convolution's
    output and `filters` channels.

    Args:
        rank: Integer, the number of spatial dimensions (1, 2 or 3).
        filters: Positive integer, the number of output channels.
        kernel_size: Int or tuple of `rank` ints, the convolution window.
        strides: Int or tuple of `rank` ints. Defaults to 1.
        padding: `"valid"` or `"same"` (case-insensitive). Defaults to
            `"valid"`.
        data_format: `"channels_last"` or `"channels_first"`; defaults to
            `keras.config.image_data_format()`.
        dilation_rate: Int or tuple of `rank` ints. Defaults to 1.
        activation: Activation of the candidate and cell state. Defaults
            to `"tanh"`.
        recurrent_activation: Activation of the gates. Defaults to
            `"sigmoid"`.
        use_bias: Boolean; whether to add a learned `bias`. Defaults to
            `True`.
        kernel_initializer: Initializer of `kernel`. Defaults to
            `"glorot_uniform"`.
        recurrent_initializer: Initializer of `recurrent_kernel`.
            Defaults to `"orthogonal"`.
        bias_initializer: Initializer of `bias`. Defaults to `"zeros"`.
        unit_forget_bias: Whether the forget gate's bias starts at one.
            Defaults to `True`.
        kernel_regularizer: Optional penalty on `kernel`.
        recurrent_regularizer: Optional penalty on `recurrent_kernel`.
        bias_regularizer: Optional penalty on `bias`.
        kernel_constraint: Optional constraint on `kernel`.
        recurrent_constraint: Optional constraint on `recurrent_kernel`.
        bias_constraint: Optional constraint on `bias`.
        dropout: Fraction of the input entries dropped in training.
        recurrent_dropout: Fraction of the entries of `h_{t-1}` dropped
            in training.
        seed: Optional integer, the seed of the dropout masks.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Call arguments:
        inputs: Tensor `(batch, *spatial, channels)` (channels first with
            `"channels_first"`), the inputs of one timestep.
        states: List `[h_{t-1}, c_{t-1}]`.
        training: Whether dropout applies.
    """

    def __init__(
        self,
        rank,
        filters,
        kernel_size,
        strides=1,
        padding="valid",
        data_format=None,
        dilation_rate=1,
        activation="tanh",
        recurrent_activation="sigmoid",
        use_bias=True,
        kernel_initializer="glorot_uniform",
        recurrent_initializer="orthogonal",
        bias_initializer="zeros",
        unit_forget_bias=True,
        kernel_regularizer=None,
        recurrent_regularizer=None,
        bias_regularizer=None,
        kernel_constraint=None,
        recurrent_constraint=None,
        bias_constraint=None,
        dropout=0.0,
        recurrent_dropout=0.0,
        seed=None,
        **kwargs,
    ):
        super().__init__(**kwargs)
        self.rank = rank
        if self.rank > 3:
            raise ValueError(
                f"Rank {rank} convolutions are not supported by "
                "`ConvLSTMCell`: the rank must be 1, 2 or 3."
            )
        self.filters = filters
        self.kernel_size = standardize_tuple(kernel_size, rank, "kernel_size")
        self.strides = standardize_tuple(
            strides, rank, "strides", allow_zero=True
        )
        self.padding = standardize_padding(padding)
        self.data_format = backend.standardize_data_format(data_format)
        self.dilation_rate = standardize_tuple(
            dilation_rate, rank, "dilation_rate"
        )
        if max(self.strides) > 1 and max(self.dilation_rate) > 1:
            raise ValueError(
                "Specifying `strides > 1` is not compatible with "
                "`dilation_rate > 1`: a strided convolution cannot be "
                f"dilated. Received: strides={self.strides}, "
                f"dilation_rate={self.dilation_rate}"
            )
        self.recurrent_activation = activations.get(recurrent_activation)
        self.unit_forget_bias = unit_forget_bias
        set_cell_options(self, locals())
        self.input_spec = InputSpec(ndim=rank + 2)
        # The states' shapes depend on the inputs: see `get_initial_state`.
        self.state_size = -1

    def _channel_axis(self):
        return -1 if self.data_format == "channels_last" else 1

    def build(self, inputs_shape, states_shape=None):
        inputs_shape = tuple(inputs_shape)
        if self.data_format == "channels_first":
            self.spatial_dims = inputs_shape[2:]
        else:
            self.spatial_dims = inputs_shape[1:-1]
        if None in self.spatial_dims:
            raise ValueError(
                "ConvLSTM layers need static spatial dimensions; received "
                f"an input with unknown ones: input_shape={inputs_shape}"
            )
        input_dim = inputs_shape[self._channel_axis()]
        if input_dim is None:
            raise ValueError(
                "The channel dimension of the inputs of a ConvLSTM layer "
                f"should be defined. Received: input_shape={inputs_shape}"
            )
        self.input_dim = input_dim
        add_cell_weights(
            self,
            self.kernel_size + (input_dim, 4 * self.filters),
            self.kernel_size + (self.filters, 4 * self.filters),
            (4 * self.filters,),
            forget_bias_initializer(self, self.filters),
        )

    def call(self, inputs, states, training=False):
        h_previous, c_previous = states[0], states[1]
        inputs = self.drop_inputs(inputs, training)
        h_previous = self.drop_state(h_previous, training)
        z = ops.conv(inputs, self.kernel, **window_arguments(self))
        z = z + ops.conv(
            h_previous,
            self.recurrent_kernel,
            strides=1,
            padding="same",
            data_format=self.data_format,
        )
        if self.use_bias:
            if self.data_format == "channels_last":
                z = z + self.bias
            else:
                z = z + ops.reshape(self.bias, (1, -1) + (1,) * self.rank)
        h, c = lstm_gates(self, z, c_previous, axis=self._channel_axis())
        return h, [h, c]

    def _state_shape(self, inputs_shape):
        return operation_utils.compute_conv_output_shape(
            inputs_shape,
            self.filters,
            self.kernel_size,
            **window_arguments(self),
        )

    def compute_output_shape(self, inputs_shape, states_shape=None):
        shape = self._state_shape(inputs_shape)
        return shape, [shape, shape]

    def get_initial_state(self, batch_size=None):
        if self.data_format == "channels_last":
            inputs_shape = (batch_size, *self.spatial_dims, self.input_dim)
        else:
            inputs_shape = (batch_size, self.input_dim, *self.spatial_dims)
        shape = self._state_shape(inputs_shape)
        return [
            ops.zeros(shape, dtype=self.compute_dtype),
            ops.zeros(shape, dtype=self.compute_dtype),
        ]

    def get_config(self):
        config = super().get_config()
        config.update(
            {
                "rank": self.rank,
                "filters": self.filters,
                "kernel_size": self.kernel_size,
                **window_arguments(self),
            }
        )
        config.update(
            cell_config(self, "recurrent_activation", "unit_forget_bias")
        )
        return config


_LSTM_ACTIVATION = (
    'Activation of the candidate and of the cell state. Defaults to `"tanh"`.'
)

_DOC = """{rank}D convolutional LSTM.

    An LSTM whose input and recurrent transformations are {rank}D
    convolutions: each timestep is a {rank}D feature map, and so are the
    output and the states. The equations are those of `LSTM`, with
    convolutions in place of matrix products.

    Args:
{args}

    Call arguments:
        inputs: Tensor of rank {ndim}.
        initial_state: Optional list `[h, c]` of initial states.
        mask: Optional boolean tensor `(batch, timesteps)`.
        training: Whether dropout applies.

    Input shape:
{input_shape}

    Output shape:
        With `return_sequences=False`, the last step's output:
{last}
        With `return_sequences=True`, every step's output:
{sequence}
        With `return_state=True`, the final states `h` and `c`, each
        shaped like the last step's output, follow the output.

    Example:
{example}
    """


def conv_lstm_doc(rank, example):
    """Returns the docstring of `ConvLSTM1D`, `ConvLSTM2D` or
    `ConvLSTM3D` (see `spatial_docs.fill`)."""
    output = dict(prefix="new_", channels="filters")
    return spatial_docs.fill(
        _DOC,
        rank,
        example,
        ndim=rank + 3,
        args=arg_docs.args_section(
            ConvLSTM.__init__,
            rank,
            skip=("rank",),
            kernel_size="Int or tuple of {ints}, the convolution window.",
            **arg_docs.RNN_ARGS,
            activation=_LSTM_ACTIVATION,
        ),
        input_shape=spatial_docs.shapes_by_format(rank, time=True),
        last=spatial_docs.shapes_by_format(rank, **output),
        sequence=spatial_docs.shapes_by_format(rank, time=True, **output),
    )


class ConvLSTM(RNN):
    """Convolutional LSTM over sequences of 1D, 2D or 3D feature maps.

    Runs a `ConvLSTMCell` of spatial rank `rank` (1, 2 or 3) over the
    timesteps of the input; `ConvLSTM1D`, `ConvLSTM2D` and `ConvLSTM3D`
    fix `rank`. The other constructor arguments are those of the public
    layers (see `conv_lstm_doc`).
    """

    def __init__(
        self,
        rank,
        filters,
        kernel_size,
        strides=1,
        padding="valid",
        data_format=None,
        dilation_rate=1,
        activation="tanh",
        recurrent_activation="sigmoid",
        use_bias=True,
        kernel_initializer="glorot_uniform",
        recurrent_initializer="orthogonal",
        bias_initializer="zeros",
        unit_forget_bias=True,
        kernel_regularizer=None,
        recurrent_regularizer=None,
        bias_regularizer=None,
        activity_regularizer=None,
        kernel_constraint=None,
        recurrent_constraint=None,
        bias_constraint=None,
        dropout=0.0,
        recurrent_dropout=0.0,
        seed=None,
        return_sequences=False,
        return_state=False,
        go_backwards=False,
        stateful=False,
        **kwargs,
    ):
        cell = ConvLSTMCell(
            rank=rank,
            filters=filters,
            kernel_size=kernel_size,
            strides=strides,
            padding=padding,
            data_format=data_format,
            dilation_rate=dilation_rate,
            recurrent_activation=recurrent_activation,
            unit_forget_bias=unit_forget_bias,
            seed=seed,
            name="conv_lstm_cell",
            dtype=kwargs.get("dtype"),
            **cell_options(locals()),
        )
        super().__init__(cell, **rnn_options(locals()), **kwargs)
        self.input_spec = InputSpec(ndim=rank + 3)

    def compute_output_shape(self, sequences_shape, initial_state_shape=None):
        sequences_shape = tuple(sequences_shape)
        batch_size, timesteps = sequences_shape[0], sequences_shape[1]
        step_shape = (batch_size,) + sequences_shape[2:]
        state_shape = self.cell._state_shape(step_shape)
        if self.return_sequences:
            output_shape = (batch_size, timesteps) + state_shape[1:]
        else:
            output_shape = state_shape
        if self.return_state:
            return output_shape, state_shape, state_shape
        return output_shape

    def compute_mask(self, inputs, mask):
        if mask is not None:
            mask = tree.flatten(mask)[0]
        output_mask = mask if self.return_sequences else None
        if self.return_state:
            return [output_mask, None, None]
        return output_mask

    def get_config(self):
        return layer_config(self, super().get_config())


add_cell_properties(
    ConvLSTM,
    CELL_OPTIONS
    + (
        "filters",
        "kernel_size",
        "strides",
        "padding",
        "data_format",
        "dilation_rate",
        "recurrent_activation",
        "unit_forget_bias",
    ),
)


class FixedRankConvLSTM(ConvLSTM):
    """Base of `ConvLSTM1D`, `ConvLSTM2D` and `ConvLSTM3D`, whose class
    fixes `rank`: it is neither a constructor argument nor in the config."""

    def get_config(self):
        config = super().get_config()
        config.pop("rank", None)
        return config
