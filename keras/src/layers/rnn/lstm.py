"""`LSTMCell` and `LSTM`: the Long Short-Term Memory layer."""

from keras.src import activations
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers import arg_docs
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer
from keras.src.layers.rnn.cell_utils import CELL_PROPERTIES
from keras.src.layers.rnn.cell_utils import add_cell_properties
from keras.src.layers.rnn.cell_utils import add_cell_weights
from keras.src.layers.rnn.cell_utils import cell_config
from keras.src.layers.rnn.cell_utils import cell_options
from keras.src.layers.rnn.cell_utils import check_units
from keras.src.layers.rnn.cell_utils import check_use_cudnn
from keras.src.layers.rnn.cell_utils import forget_bias_initializer
from keras.src.layers.rnn.cell_utils import layer_config
from keras.src.layers.rnn.cell_utils import lstm_gates
from keras.src.layers.rnn.cell_utils import rnn_options
from keras.src.layers.rnn.cell_utils import set_cell_options
from keras.src.layers.rnn.cell_utils import zero_states
from keras.src.layers.rnn.dropout_rnn_cell import DropoutRNNCell
from keras.src.layers.rnn.rnn import RNN

_LSTM_ACTIVATION = (
    'Activation of the candidate and of the cell state. Defaults to `"tanh"`.'
)


@keras_export("keras.layers.LSTMCell")
@arg_docs.with_args_section(
    **arg_docs.RNN_ARGS,
    activation=_LSTM_ACTIVATION,
)
class LSTMCell(Layer, DropoutRNNCell):
    """One timestep of `LSTM`.

    With `z = x_t @ kernel + h_{t-1} @ recurrent_kernel + bias` split in
    four equal parts `(z_i, z_f, z_c, z_o)` (input gate, forget gate,
    candidate, output gate):

    ```
    c_t = recurrent_activation(z_f) * c_{t-1}
          + recurrent_activation(z_i) * activation(z_c)
    h_t = recurrent_activation(z_o) * activation(c_t)
    ```

    The output is `h_t`; the states are `[h_t, c_t]`. `kernel` has shape
    `(input_dim, 4 * units)`, `recurrent_kernel` `(units, 4 * units)` and
    `bias` `(4 * units,)`, each holding the gates in the order i, f, c, o.

    Args:
        {args}

    Call arguments:
        inputs: Tensor `(batch, features)`, the inputs of one timestep.
        states: List `[h_{t-1}, c_{t-1}]`, each `(batch, units)`.
        training: Whether dropout applies.

    Example:

    >>> cell = keras.layers.LSTMCell(3)
    >>> h, (h_again, c) = cell(np.ones((2, 5)), [np.zeros((2, 3))] * 2)
    >>> h.shape, c.shape
    ((2, 3), (2, 3))
    """

    def __init__(
        self,
        units,
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
        check_units("LSTMCell", units)
        # Upstream's `implementation` (1: per-gate products, 2: one fused
        # product) gives the same results; it is kept for configs.
        implementation = kwargs.pop("implementation", 2)
        super().__init__(**kwargs)
        self.implementation = implementation
        self.units = units
        self.recurrent_activation = activations.get(recurrent_activation)
        self.unit_forget_bias = unit_forget_bias
        set_cell_options(self, locals())
        self.state_size = [self.units, self.units]
        self.output_size = self.units

    def build(self, input_shape):
        units = self.units
        add_cell_weights(
            self,
            (input_shape[-1], 4 * units),
            (units, 4 * units),
            (4 * units,),
            forget_bias_initializer(self, units),
        )

    def call(self, inputs, states, training=False):
        h_previous, c_previous = states[0], states[1]
        inputs = self.drop_inputs(inputs, training)
        h_previous = self.drop_state(h_previous, training)
        z = ops.add(
            ops.matmul(inputs, self.kernel),
            ops.matmul(h_previous, self.recurrent_kernel),
        )
        if self.use_bias:
            z = ops.add(z, self.bias)
        h, c = lstm_gates(self, z, c_previous, axis=-1)
        return h, [h, c]

    def get_initial_state(self, batch_size=None):
        return zero_states(self, batch_size)

    def get_config(self):
        config = super().get_config()
        config.update(units=self.units)
        config.update(
            cell_config(self, "recurrent_activation", "unit_forget_bias")
        )
        return config


@keras_export("keras.layers.LSTM")
@arg_docs.with_args_section(
    **arg_docs.RNN_ARGS,
    activation=_LSTM_ACTIVATION,
)
class LSTM(RNN):
    """Long Short-Term Memory layer (Hochreiter and Schmidhuber, 1997).

    Runs an `LSTMCell` over the timesteps of the input (see `LSTMCell`
    for the equations and the layout of the weights `kernel`,
    `recurrent_kernel` and `bias`). The time loop is one `jax.lax.scan`.

    Args:
        {args}

    Call arguments:
        sequences: Tensor `(batch, timesteps, features)`.
        initial_state: Optional list `[h, c]` of initial states.
        mask: Optional boolean tensor `(batch, timesteps)`.
        training: Whether dropout applies.

    Example:

    >>> layer = keras.layers.LSTM(4, return_sequences=True, return_state=True)
    >>> sequence, h, c = layer(np.ones((2, 6, 3)))
    >>> sequence.shape, h.shape, c.shape
    ((2, 6, 4), (2, 4), (2, 4))
    """

    def __init__(
        self,
        units,
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
        unroll=False,
        use_cudnn="auto",
        **kwargs,
    ):
        cell = LSTMCell(
            units,
            recurrent_activation=recurrent_activation,
            unit_forget_bias=unit_forget_bias,
            seed=seed,
            implementation=kwargs.pop("implementation", 2),
            dtype=kwargs.get("dtype"),
            trainable=kwargs.get("trainable", True),
            name="lstm_cell",
            **cell_options(locals()),
        )
        super().__init__(cell, **rnn_options(locals()), **kwargs)
        self.input_spec = InputSpec(ndim=3)
        check_use_cudnn(use_cudnn)
        self.use_cudnn = use_cudnn

    def get_config(self):
        return layer_config(self, super().get_config())


add_cell_properties(
    LSTM,
    CELL_PROPERTIES
    + ("recurrent_activation", "unit_forget_bias", "implementation"),
)
