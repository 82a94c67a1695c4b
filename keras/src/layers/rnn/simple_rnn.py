"""`SimpleRNNCell` and `SimpleRNN`: the fully-connected recurrent layer."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers import arg_docs
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer
from keras.src.layers.rnn.cell_utils import add_cell_properties
from keras.src.layers.rnn.cell_utils import add_cell_weights
from keras.src.layers.rnn.cell_utils import cell_config
from keras.src.layers.rnn.cell_utils import cell_options
from keras.src.layers.rnn.cell_utils import check_units
from keras.src.layers.rnn.cell_utils import layer_config
from keras.src.layers.rnn.cell_utils import rnn_options
from keras.src.layers.rnn.cell_utils import set_cell_options
from keras.src.layers.rnn.cell_utils import zero_states
from keras.src.layers.rnn.dropout_rnn_cell import DropoutRNNCell
from keras.src.layers.rnn.rnn import RNN

_ACTIVATION = (
    'Activation of the output. Defaults to `"tanh"`; `None` means the identity.'
)


@keras_export("keras.layers.SimpleRNNCell")
@arg_docs.with_args_section(
    **arg_docs.RNN_ARGS,
    activation=_ACTIVATION,
)
class SimpleRNNCell(Layer, DropoutRNNCell):
    """One timestep of `SimpleRNN`: `h_t = activation(x_t @ kernel +
    h_{t-1} @ recurrent_kernel + bias)`.

    The cell's output is also its only state. Use it with `keras.layers.RNN`
    to process whole sequences (as `SimpleRNN` does).

    Args:
        {args}

    Call arguments:
        sequence: Tensor `(batch, features)`, the inputs of one timestep.
        states: List holding the previous output, `(batch, units)`.
        training: Whether dropout applies.

    Example:

    >>> cell = keras.layers.SimpleRNNCell(3)
    >>> output, states = cell(np.ones((2, 5)), [np.zeros((2, 3))])
    >>> output.shape
    (2, 3)
    """

    def __init__(
        self,
        units,
        activation="tanh",
        use_bias=True,
        kernel_initializer="glorot_uniform",
        recurrent_initializer="orthogonal",
        bias_initializer="zeros",
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
        check_units("SimpleRNNCell", units)
        super().__init__(**kwargs)
        self.units = units
        set_cell_options(self, locals())
        self.state_size = self.units
        self.output_size = self.units

    def build(self, input_shape):
        add_cell_weights(
            self,
            (input_shape[-1], self.units),
            (self.units, self.units),
            (self.units,),
        )

    def call(self, sequence, states, training=False):
        nested = isinstance(states, (list, tuple))
        previous = states[0] if nested else states
        sequence = self.drop_inputs(sequence, training)
        h = ops.matmul(sequence, self.kernel)
        if self.bias is not None:
            h = h + self.bias
        previous = self.drop_state(previous, training)
        output = h + ops.matmul(previous, self.recurrent_kernel)
        if self.activation is not None:
            output = self.activation(output)
        return output, ([output] if nested else output)

    def get_initial_state(self, batch_size=None):
        return zero_states(self, batch_size)

    def get_config(self):
        config = super().get_config()
        config.update(units=self.units)
        config.update(cell_config(self))
        return config


@keras_export("keras.layers.SimpleRNN")
@arg_docs.with_args_section(
    **arg_docs.RNN_ARGS,
    activation=_ACTIVATION,
)
class SimpleRNN(RNN):
    """Fully-connected recurrent layer: the output of each step is fed
    back as the state of the next.

    Computes `h_t = activation(x_t @ kernel + h_{t-1} @ recurrent_kernel
    + bias)` over the timesteps of the input with a `SimpleRNNCell`.

    Args:
        {args}

    Call arguments:
        sequences: Tensor `(batch, timesteps, features)`.
        initial_state: Optional initial state, `(batch, units)`.
        mask: Optional boolean tensor `(batch, timesteps)`.
        training: Whether dropout applies.

    Example:

    >>> layer = keras.layers.SimpleRNN(4, return_state=True)
    >>> output, state = layer(np.ones((2, 6, 3)))
    >>> output.shape, state.shape
    ((2, 4), (2, 4))
    """

    def __init__(
        self,
        units,
        activation="tanh",
        use_bias=True,
        kernel_initializer="glorot_uniform",
        recurrent_initializer="orthogonal",
        bias_initializer="zeros",
        kernel_regularizer=None,
        recurrent_regularizer=None,
        bias_regularizer=None,
        activity_regularizer=None,
        kernel_constraint=None,
        recurrent_constraint=None,
        bias_constraint=None,
        dropout=0.0,
        recurrent_dropout=0.0,
        return_sequences=False,
        return_state=False,
        go_backwards=False,
        stateful=False,
        unroll=False,
        seed=None,
        **kwargs,
    ):
        cell = SimpleRNNCell(
            units,
            seed=seed,
            dtype=kwargs.get("dtype"),
            trainable=kwargs.get("trainable", True),
            name="simple_rnn_cell",
            **cell_options(locals()),
        )
        super().__init__(cell, **rnn_options(locals()), **kwargs)
        self.input_spec = [InputSpec(ndim=3)]

    def get_config(self):
        return layer_config(self, super().get_config())


add_cell_properties(SimpleRNN)
