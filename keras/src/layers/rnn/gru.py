"""`GRUCell` and `GRU`: the Gated Recurrent Unit layer."""

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
from keras.src.layers.rnn.cell_utils import layer_config
from keras.src.layers.rnn.cell_utils import rnn_options
from keras.src.layers.rnn.cell_utils import set_cell_options
from keras.src.layers.rnn.cell_utils import zero_states
from keras.src.layers.rnn.dropout_rnn_cell import DropoutRNNCell
from keras.src.layers.rnn.rnn import RNN

_RESET_AFTER = (
    "Whether the reset gate applies after the recurrent product (see "
    "`GRUCell`). Defaults to `True`."
)


@keras_export("keras.layers.GRUCell")
@arg_docs.with_args_section(
    **arg_docs.RNN_ARGS,
    activation='Activation of the candidate. Defaults to `"tanh"`.',
    reset_after=_RESET_AFTER,
)
class GRUCell(Layer, DropoutRNNCell):
    """One timestep of `GRU`.

    The kernels hold three blocks of `units` columns, in the order update
    gate `z`, reset gate `r`, candidate `h`. With `x = x_t @ kernel` and
    `u = h_{t-1} @ recurrent_kernel` split the same way:

    ```
    z = recurrent_activation(x_z + u_z)
    r = recurrent_activation(x_r + u_r)
    candidate = activation(x_h + r * u_h)            # reset_after=True
    candidate = activation(x_h + (r * h_{t-1}) @ recurrent_kernel_h)
                                                     # reset_after=False
    h_t = z * h_{t-1} + (1 - z) * candidate
    ```

    With `reset_after=True` (the default, and the cuDNN-compatible form)
    the bias has shape `(2, 3 * units)`: row 0 is added to `x`, row 1 to
    `u`. With `reset_after=False` it has shape `(3 * units,)` and is
    added to `x` only.

    Args:
        {args}

    Call arguments:
        inputs: Tensor `(batch, features)`, the inputs of one timestep.
        states: The previous state `(batch, units)`, or a list holding it.
        training: Whether dropout applies.

    Example:

    >>> cell = keras.layers.GRUCell(3)
    >>> output, states = cell(np.ones((2, 5)), [np.zeros((2, 3))])
    >>> output.shape
    (2, 3)
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
        kernel_regularizer=None,
        recurrent_regularizer=None,
        bias_regularizer=None,
        kernel_constraint=None,
        recurrent_constraint=None,
        bias_constraint=None,
        dropout=0.0,
        recurrent_dropout=0.0,
        reset_after=True,
        seed=None,
        **kwargs,
    ):
        check_units("GRUCell", units)
        # Upstream's `implementation` (1 or 2) gives the same results; it
        # is kept for configs.
        implementation = kwargs.pop("implementation", 2)
        super().__init__(**kwargs)
        self.implementation = implementation
        self.units = units
        self.recurrent_activation = activations.get(recurrent_activation)
        set_cell_options(self, locals())
        self.reset_after = reset_after
        self.state_size = self.units
        self.output_size = self.units

    def build(self, input_shape):
        units = self.units
        bias_shape = (2, 3 * units) if self.reset_after else (3 * units,)
        add_cell_weights(
            self, (input_shape[-1], 3 * units), (units, 3 * units), bias_shape
        )

    def call(self, inputs, states, training=False):
        nested = isinstance(states, (list, tuple))
        h_previous = states[0] if nested else states
        inputs = self.drop_inputs(inputs, training)
        h_dropped = self.drop_state(h_previous, training)
        input_bias = recurrent_bias = None
        if self.use_bias:
            if self.reset_after:
                input_bias, recurrent_bias = self.bias[0], self.bias[1]
            else:
                input_bias = self.bias
        x = ops.matmul(inputs, self.kernel)
        if input_bias is not None:
            x = ops.add(x, input_bias)
        x_z, x_r, x_h = ops.split(x, 3, axis=-1)
        units = self.units
        gate = self.recurrent_activation
        if self.reset_after:
            u = ops.matmul(h_dropped, self.recurrent_kernel)
            if recurrent_bias is not None:
                u = ops.add(u, recurrent_bias)
            u_z, u_r, u_h = ops.split(u, 3, axis=-1)
            z = gate(x_z + u_z)
            r = gate(x_r + u_r)
            candidate = self.activation(x_h + r * u_h)
        else:
            u = ops.matmul(h_dropped, self.recurrent_kernel[:, : 2 * units])
            u_z, u_r = ops.split(u, 2, axis=-1)
            z = gate(x_z + u_z)
            r = gate(x_r + u_r)
            u_h = ops.matmul(
                r * h_dropped, self.recurrent_kernel[:, 2 * units :]
            )
            candidate = self.activation(x_h + u_h)
        h = z * h_previous + (1 - z) * candidate
        return h, ([h] if nested else h)

    def get_initial_state(self, batch_size=None):
        return zero_states(self, batch_size)

    def get_config(self):
        config = super().get_config()
        config.update(units=self.units)
        config.update(cell_config(self, "recurrent_activation", "reset_after"))
        return config


@keras_export("keras.layers.GRU")
@arg_docs.with_args_section(
    **arg_docs.RNN_ARGS,
    activation='Activation of the candidate. Defaults to `"tanh"`.',
    reset_after=_RESET_AFTER,
)
class GRU(RNN):
    """Gated Recurrent Unit layer (Cho et al., 2014).

    Runs a `GRUCell` over the timesteps of the input (see `GRUCell` for
    the equations, `reset_after` and the layout of `kernel`,
    `recurrent_kernel` and `bias`). The time loop is one `jax.lax.scan`.

    Args:
        {args}

    Call arguments:
        sequences: Tensor `(batch, timesteps, features)`.
        initial_state: Optional initial state `(batch, units)`.
        mask: Optional boolean tensor `(batch, timesteps)`.
        training: Whether dropout applies.

    Example:

    >>> layer = keras.layers.GRU(4)
    >>> layer(np.ones((2, 6, 3))).shape
    (2, 4)
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
        reset_after=True,
        use_cudnn="auto",
        **kwargs,
    ):
        cell = GRUCell(
            units,
            recurrent_activation=recurrent_activation,
            reset_after=reset_after,
            seed=seed,
            implementation=kwargs.pop("implementation", 2),
            dtype=kwargs.get("dtype"),
            trainable=kwargs.get("trainable", True),
            name="gru_cell",
            **cell_options(locals()),
        )
        super().__init__(cell, **rnn_options(locals()), **kwargs)
        self.input_spec = InputSpec(ndim=3)
        check_use_cudnn(use_cudnn)
        self.use_cudnn = use_cudnn

    def get_config(self):
        return layer_config(self, super().get_config())


add_cell_properties(
    GRU,
    CELL_PROPERTIES + ("recurrent_activation", "reset_after", "implementation"),
)
