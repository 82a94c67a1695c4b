"""`LSTMCell` and `LSTM`: the Long Short-Term Memory layer."""

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


@keras_export("keras.layers.LSTMCell")
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
        units: Positive integer, the size of the output and of each state.
        activation: Activation of the candidate and of the cell state.
            Defaults to `"tanh"`.
        recurrent_activation: Activation of the gates. Defaults to
            `"sigmoid"`.
        use_bias: Boolean; whether to add a learned `bias`. Defaults to
            `True`.
        kernel_initializer: Initializer of `kernel`. Defaults to
            `"glorot_uniform"`.
        recurrent_initializer: Initializer of `recurrent_kernel`.
            Defaults to `"orthogonal"`.
        bias_initializer: Initializer of `bias`. Defaults to `"zeros"`.
        unit_forget_bias: Boolean. If `True`, the forget gate's part of
            the bias starts at one (whatever `bias_initializer` says), so
            that the cell remembers by default. Defaults to `True`.
        kernel_regularizer: Optional penalty on `kernel`.
        recurrent_regularizer: Optional penalty on `recurrent_kernel`.
        bias_regularizer: Optional penalty on `bias`.
        kernel_constraint: Optional constraint on `kernel`.
        recurrent_constraint: Optional constraint on `recurrent_kernel`.
        bias_constraint: Optional constraint on `bias`.
        dropout: Fraction of the input features dropped in training.
        recurrent_dropout: Fraction of the units of `h_{t-1}` dropped
            before the recurrent product, in training.
        seed: Optional integer, the seed of the dropout masks.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

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
        self.activation = activations.get(activation)
        self.recurrent_activation = activations.get(recurrent_activation)
        self.use_bias = use_bias
        self.unit_forget_bias = unit_forget_bias
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
        self.seed = seed
        self.seed_generator = backend.random.SeedGenerator(seed=seed)
        self.state_size = [self.units, self.units]
        self.output_size = self.units

    def build(self, input_shape):
        units = self.units
        self.kernel = self.add_weight(
            shape=(input_shape[-1], 4 * units),
            name="kernel",
            initializer=self.kernel_initializer,
            regularizer=self.kernel_regularizer,
            constraint=self.kernel_constraint,
        )
        self.recurrent_kernel = self.add_weight(
            shape=(units, 4 * units),
            name="recurrent_kernel",
            initializer=self.recurrent_initializer,
            regularizer=self.recurrent_regularizer,
            constraint=self.recurrent_constraint,
        )
        self.bias = None
        if self.use_bias:
            self.bias = self.add_weight(
                shape=(4 * units,),
                name="bias",
                initializer=self._bias_initializer(),
                regularizer=self.bias_regularizer,
                constraint=self.bias_constraint,
            )
        self.built = True

    def _bias_initializer(self):
        if not self.unit_forget_bias:
            return self.bias_initializer
        base = self.bias_initializer
        units = self.units

        def initializer(shape, dtype=None, **kwargs):
            # Gates i, f, c, o: the forget gate's part starts at one.
            return ops.concatenate(
                [
                    base((units,), dtype=dtype),
                    ops.ones((units,), dtype=dtype),
                    base((2 * units,), dtype=dtype),
                ]
            )

        return initializer

    def call(self, inputs, states, training=False):
        h_previous, c_previous = states[0], states[1]
        if training and self.dropout > 0:
            inputs = inputs * self.get_dropout_mask(inputs)
        if training and self.recurrent_dropout > 0:
            h_previous = h_previous * self.get_recurrent_dropout_mask(
                h_previous
            )
        z = ops.add(
            ops.matmul(inputs, self.kernel),
            ops.matmul(h_previous, self.recurrent_kernel),
        )
        if self.use_bias:
            z = ops.add(z, self.bias)
        z_i, z_f, z_c, z_o = ops.split(z, 4, axis=-1)
        gate = self.recurrent_activation
        c = gate(z_f) * c_previous + gate(z_i) * self.activation(z_c)
        h = gate(z_o) * self.activation(c)
        return h, [h, c]

    def get_initial_state(self, batch_size=None):
        return [
            ops.zeros((batch_size, size), dtype=self.compute_dtype)
            for size in self.state_size
        ]

    def get_config(self):
        config = super().get_config()
        config.update(
            {
                "units": self.units,
                "activation": activations.serialize(self.activation),
                "recurrent_activation": activations.serialize(
                    self.recurrent_activation
                ),
                "use_bias": self.use_bias,
                "unit_forget_bias": self.unit_forget_bias,
                **cell_weight_config(self),
                "dropout": self.dropout,
                "recurrent_dropout": self.recurrent_dropout,
                "seed": self.seed,
            }
        )
        return config


@keras_export("keras.layers.LSTM")
class LSTM(RNN):
    """Long Short-Term Memory layer (Hochreiter and Schmidhuber, 1997).

    Runs an `LSTMCell` over the timesteps of the input (see `LSTMCell`
    for the equations and the layout of the weights `kernel`,
    `recurrent_kernel` and `bias`). The time loop is one `jax.lax.scan`.

    Args:
        units: Positive integer, the size of the output.
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
        activity_regularizer: Optional penalty on the layer's output.
        kernel_constraint: Optional constraint on `kernel`.
        recurrent_constraint: Optional constraint on `recurrent_kernel`.
        bias_constraint: Optional constraint on `bias`.
        dropout: Fraction of the input features dropped in training.
        recurrent_dropout: Fraction of the recurrent units dropped in
            training.
        seed: Optional integer, the seed of the dropout masks.
        return_sequences: Whether to return every step's output. Defaults
            to `False`.
        return_state: Whether to also return the final states `h` and
            `c`. Defaults to `False`.
        go_backwards: Whether to read the sequence backwards (and return
            the reversed sequence). Defaults to `False`.
        stateful: Whether each batch continues from the states of the
            previous one. Defaults to `False`.
        unroll: Whether to unroll the time loop. Defaults to `False`.
        use_cudnn: Accepted for compatibility (`"auto"`, `True` or
            `False`); no fused cuDNN kernel is used by this backend.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

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
            activation=activation,
            recurrent_activation=recurrent_activation,
            use_bias=use_bias,
            kernel_initializer=kernel_initializer,
            recurrent_initializer=recurrent_initializer,
            bias_initializer=bias_initializer,
            unit_forget_bias=unit_forget_bias,
            kernel_regularizer=kernel_regularizer,
            recurrent_regularizer=recurrent_regularizer,
            bias_regularizer=bias_regularizer,
            kernel_constraint=kernel_constraint,
            recurrent_constraint=recurrent_constraint,
            bias_constraint=bias_constraint,
            dropout=dropout,
            recurrent_dropout=recurrent_dropout,
            seed=seed,
            implementation=kwargs.pop("implementation", 2),
            dtype=kwargs.get("dtype"),
            trainable=kwargs.get("trainable", True),
            name="lstm_cell",
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
        self.input_spec = InputSpec(ndim=3)
        if use_cudnn not in ("auto", True, False):
            raise ValueError(
                "Invalid value for argument `use_cudnn`. Expected one of "
                f"{{'auto', True, False}}. Received: use_cudnn={use_cudnn}"
            )
        self.use_cudnn = use_cudnn

    def get_config(self):
        return layer_config(
            self,
            super().get_config(),
            extra=("recurrent_activation", "unit_forget_bias"),
        )


add_cell_properties(
    LSTM,
    (
        "units",
        "activation",
        "recurrent_activation",
        "use_bias",
        "unit_forget_bias",
        "kernel_initializer",
        "recurrent_initializer",
        "bias_initializer",
        "kernel_regularizer",
        "recurrent_regularizer",
        "bias_regularizer",
        "kernel_constraint",
        "recurrent_constraint",
        "bias_constraint",
        "dropout",
        "recurrent_dropout",
        "implementation",
    ),
)
