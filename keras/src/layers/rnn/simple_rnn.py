"""`SimpleRNNCell` and `SimpleRNN`: the fully-connected recurrent layer."""

from keras.src import activations
from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer
from keras.src.layers.rnn.cell_utils import add_cell_properties
from keras.src.layers.rnn.cell_utils import cell_weight_config
from keras.src.layers.rnn.cell_utils import check_units
from keras.src.layers.rnn.cell_utils import clip_rate
from keras.src.layers.rnn.cell_utils import layer_config
from keras.src.layers.rnn.cell_utils import set_cell_weight_settings
from keras.src.layers.rnn.dropout_rnn_cell import DropoutRNNCell
from keras.src.layers.rnn.rnn import RNN


@keras_export("keras.layers.SimpleRNNCell")
class SimpleRNNCell(Layer, DropoutRNNCell):
    """One timestep of `SimpleRNN`: `h_t = activation(x_t @ kernel +
    h_{t-1} @ recurrent_kernel + bias)`.

    The cell's output is also its only state. Use it with `keras.layers.RNN`
    to process whole sequences (as `SimpleRNN` does).

    Args:
        units: Positive integer, the size of the output (and state).
        activation: Activation applied to the result. Defaults to
            `"tanh"`; `None` means the identity.
        use_bias: Boolean; whether to add a learned `bias`. Defaults to
            `True`.
        kernel_initializer: Initializer of `kernel` (inputs to units).
            Defaults to `"glorot_uniform"`.
        recurrent_initializer: Initializer of `recurrent_kernel` (state to
            units). Defaults to `"orthogonal"`.
        bias_initializer: Initializer of `bias`. Defaults to `"zeros"`.
        kernel_regularizer: Optional penalty on `kernel`.
        recurrent_regularizer: Optional penalty on `recurrent_kernel`.
        bias_regularizer: Optional penalty on `bias`.
        kernel_constraint: Optional constraint on `kernel`.
        recurrent_constraint: Optional constraint on `recurrent_kernel`.
        bias_constraint: Optional constraint on `bias`.
        dropout: Float in `[0, 1]`: the fraction of input features
            dropped in training (one mask per sequence).
        recurrent_dropout: Float in `[0, 1]`: the fraction of state
            units dropped before the recurrent product, in training.
        seed: Optional integer, the seed of the dropout masks.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

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
        self.seed = seed
        self.seed_generator = backend.random.SeedGenerator(seed)
        self.units = units
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        set_cell_weight_settings(
            self,
            kernel_initializer=kernel_initializer,
            recurrent_initializer=recurrent_initializer,
            bias_initializer=bias_initializer,
            kernel_regularizer=kernel_regularizer,
            recurrent_regularizer=recurrent_regularizer,
            bias_regularizer=bias_regularizer,
            kernel_constraint=kernel_constraint,
            recurrent_constraint=recurrent_constraint,
            bias_constraint=bias_constraint,
        )
        self.dropout = clip_rate(dropout)
        self.recurrent_dropout = clip_rate(recurrent_dropout)
        self.state_size = self.units
        self.output_size = self.units

    def build(self, input_shape):
        self.kernel = self.add_weight(
            shape=(input_shape[-1], self.units),
            name="kernel",
            initializer=self.kernel_initializer,
            regularizer=self.kernel_regularizer,
            constraint=self.kernel_constraint,
        )
        self.recurrent_kernel = self.add_weight(
            shape=(self.units, self.units),
            name="recurrent_kernel",
            initializer=self.recurrent_initializer,
            regularizer=self.recurrent_regularizer,
            constraint=self.recurrent_constraint,
        )
        self.bias = None
        if self.use_bias:
            self.bias = self.add_weight(
                shape=(self.units,),
                name="bias",
                initializer=self.bias_initializer,
                regularizer=self.bias_regularizer,
                constraint=self.bias_constraint,
            )
        self.built = True

    def call(self, sequence, states, training=False):
        nested = isinstance(states, (list, tuple))
        previous = states[0] if nested else states
        if training and self.dropout > 0:
            sequence = sequence * self.get_dropout_mask(sequence)
        h = ops.matmul(sequence, self.kernel)
        if self.bias is not None:
            h = h + self.bias
        if training and self.recurrent_dropout > 0:
            previous = previous * self.get_recurrent_dropout_mask(previous)
        output = h + ops.matmul(previous, self.recurrent_kernel)
        if self.activation is not None:
            output = self.activation(output)
        return output, ([output] if nested else output)

    def get_initial_state(self, batch_size=None):
        return [
            ops.zeros((batch_size, self.state_size), dtype=self.compute_dtype)
        ]

    def get_config(self):
        config = super().get_config()
        config.update(
            {
                "units": self.units,
                "activation": activations.serialize(self.activation),
                "use_bias": self.use_bias,
                **cell_weight_config(self),
                "dropout": self.dropout,
                "recurrent_dropout": self.recurrent_dropout,
                "seed": self.seed,
            }
        )
        return config


@keras_export("keras.layers.SimpleRNN")
class SimpleRNN(RNN):
    """Fully-connected recurrent layer: the output of each step is fed
    back as the state of the next.

    Computes `h_t = activation(x_t @ kernel + h_{t-1} @ recurrent_kernel
    + bias)` over the timesteps of the input with a `SimpleRNNCell`.

    Args:
        units: Positive integer, the size of the output.
        activation: Activation. Defaults to `"tanh"`.
        use_bias: Boolean; whether to add a learned `bias`. Defaults to
            `True`.
        kernel_initializer: Initializer of `kernel`. Defaults to
            `"glorot_uniform"`.
        recurrent_initializer: Initializer of `recurrent_kernel`.
            Defaults to `"orthogonal"`.
        bias_initializer: Initializer of `bias`. Defaults to `"zeros"`.
        kernel_regularizer: Optional penalty on `kernel`.
        recurrent_regularizer: Optional penalty on `recurrent_kernel`.
        bias_regularizer: Optional penalty on `bias`.
        activity_regularizer: Optional penalty on the layer's output.
        kernel_constraint: Optional constraint on `kernel`.
        recurrent_constraint: Optional constraint on `recurrent_kernel`.
        bias_constraint: Optional constraint on `bias`.
        dropout: Fraction of the input features dropped in training.
        recurrent_dropout: Fraction of the state units dropped in training.
        return_sequences: Whether to return every step's output. Defaults
            to `False`.
        return_state: Whether to also return the final state. Defaults to
            `False`.
        go_backwards: Whether to read the sequence backwards (and return
            the reversed sequence). Defaults to `False`.
        stateful: Whether each batch continues from the states of the
            previous one. Defaults to `False`.
        unroll: Whether to unroll the time loop. Defaults to `False`.
        seed: Optional integer, the seed of the dropout masks.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

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
            activation=activation,
            use_bias=use_bias,
            kernel_initializer=kernel_initializer,
            recurrent_initializer=recurrent_initializer,
            bias_initializer=bias_initializer,
            kernel_regularizer=kernel_regularizer,
            recurrent_regularizer=recurrent_regularizer,
            bias_regularizer=bias_regularizer,
            kernel_constraint=kernel_constraint,
            recurrent_constraint=recurrent_constraint,
            bias_constraint=bias_constraint,
            dropout=dropout,
            recurrent_dropout=recurrent_dropout,
            seed=seed,
            dtype=kwargs.get("dtype"),
            trainable=kwargs.get("trainable", True),
            name="simple_rnn_cell",
        )
        super().__init__(
            cell,
            return_sequences=return_sequences,
            return_state=return_state,
            go_backwards=go_backwards,
            stateful=stateful,
            unroll=unroll,
            activity_regularizer=activity_regularizer,
            **kwargs,
        )
        self.input_spec = [InputSpec(ndim=3)]

    def get_config(self):
        return layer_config(self, super().get_config())


add_cell_properties(SimpleRNN)
