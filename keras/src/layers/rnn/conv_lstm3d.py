"""`ConvLSTM3D`: the convolutional LSTM over sequences of 3D maps."""

from keras.src.api_export import keras_export
from keras.src.layers.rnn.conv_lstm import ConvLSTM


@keras_export("keras.layers.ConvLSTM3D")
class ConvLSTM3D(ConvLSTM):
    """3D convolutional LSTM.

    An LSTM whose input and recurrent transformations are 3D
    convolutions: each timestep is a 3D feature map, and so are the
    output and the states. The equations are those of `LSTM`, with
    convolutions in place of matrix products.

    Args:
        filters: Positive integer, the number of output channels.
        kernel_size: Int or tuple of 3 ints, the convolution window.
        strides: Int or tuple of 3 ints. Strides above 1 exclude
            `dilation_rate` above 1. Defaults to 1.
        padding: `"valid"` or `"same"`. Defaults to `"valid"`.
        data_format: `"channels_last"` (inputs `(batch, time, ...,
            channels)`) or `"channels_first"` (`(batch, time, channels,
            ...)`); defaults to `keras.config.image_data_format()`.
        dilation_rate: Int or tuple of 3 ints. Defaults to 1.
        activation: Activation of the candidate and cell state. Defaults
            to `"tanh"`.
        recurrent_activation: Activation of the gates. Defaults to
            `"sigmoid"`.
        use_bias: Whether to add a learned `bias`. Defaults to `True`.
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
        dropout: Fraction of the input entries dropped in training.
        recurrent_dropout: Fraction of the recurrent entries dropped in
            training.
        seed: Optional integer, the seed of the dropout masks.
        return_sequences: Whether to return every step's output. Defaults
            to `False`.
        return_state: Whether to also return the final states. Defaults
            to `False`.
        go_backwards: Whether to read the sequence backwards. Defaults to
            `False`.
        stateful: Whether each batch continues from the states of the
            previous one. Defaults to `False`.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Call arguments:
        inputs: Tensor of rank 3 + 3.
        initial_state: Optional list `[h, c]` of initial states.
        mask: Optional boolean tensor `(batch, timesteps)`.
        training: Whether dropout applies.
    """

    def __init__(
        self,
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
        super().__init__(
            rank=3,
            filters=filters,
            kernel_size=kernel_size,
            strides=strides,
            padding=padding,
            data_format=data_format,
            dilation_rate=dilation_rate,
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
            activity_regularizer=activity_regularizer,
            kernel_constraint=kernel_constraint,
            recurrent_constraint=recurrent_constraint,
            bias_constraint=bias_constraint,
            dropout=dropout,
            recurrent_dropout=recurrent_dropout,
            seed=seed,
            return_sequences=return_sequences,
            return_state=return_state,
            go_backwards=go_backwards,
            stateful=stateful,
            **kwargs,
        )

    def get_config(self):
        config = super().get_config()
        config.pop("rank", None)
        return config
