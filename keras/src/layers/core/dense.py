"""`Dense`: the regular densely-connected layer."""

from keras.src import activations
from keras.src import constraints
from keras.src import initializers
from keras.src import ops
from keras.src import regularizers
from keras.src.api_export import keras_export
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer
from keras.src.saving import serialization_lib
from keras.src.utils import lora_utils


@keras_export("keras.layers.Dense")
class Dense(lora_utils.LoraKernelMixin, Layer):
    """Just your regular densely-connected NN layer.

    `Dense` implements the operation
    `output = activation(dot(input, kernel) + bias)`, where `activation` is
    the element-wise activation function passed as the `activation`
    argument, `kernel` is a weights matrix created by the layer, and `bias`
    is a bias vector created by the layer (only applicable if `use_bias` is
    `True`).

    If the input has a rank greater than 2, `Dense` computes the dot
    product along the last axis of the inputs and axis 0 of the kernel
    (the kernel is applied to every position of the other axes).

    Args:
        units: Positive integer, dimensionality of the output space.
        activation: Activation function to use. If you don't specify
            anything, no activation is applied (`a(x) = x`).
        use_bias: Boolean, whether the layer uses a bias vector.
        kernel_initializer: Initializer for the `kernel` weights matrix.
        bias_initializer: Initializer for the bias vector.
        kernel_regularizer: Regularizer function applied to the `kernel`
            weights matrix.
        bias_regularizer: Regularizer function applied to the bias vector.
        activity_regularizer: Regularizer function applied to the output of
            the layer (its "activation").
        kernel_constraint: Constraint function applied to the `kernel`
            weights matrix.
        bias_constraint: Constraint function applied to the bias vector.
        lora_rank: Optional integer. If set, the layer's forward pass will
            implement LoRA (Low-Rank Adaptation) with the provided rank
            (`enable_lora` is called when the layer is built).
        lora_alpha: Optional integer. If set, this parameter scales the
            low-rank adaptation delta (computed as the product of two
            lower-rank trainable matrices) during the forward pass. The
            delta is scaled by `lora_alpha / lora_rank`. Defaults to
            `lora_rank`.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Input shape:
        N-D tensor with shape: `(batch_size, ..., input_dim)`. The most
        common situation is a 2D input with shape `(batch_size, input_dim)`.

    Output shape:
        N-D tensor with shape: `(batch_size, ..., units)`. For instance,
        for a 2D input with shape `(batch_size, input_dim)`, the output
        has shape `(batch_size, units)`.

    Example:

    >>> layer = keras.layers.Dense(3, activation="relu")
    >>> layer(np.ones((2, 5))).shape
    (2, 3)
    >>> [w.name for w in layer.weights]
    ['kernel', 'bias']
    """

    def __init__(
        self,
        units,
        activation=None,
        use_bias=True,
        kernel_initializer="glorot_uniform",
        bias_initializer="zeros",
        kernel_regularizer=None,
        bias_regularizer=None,
        activity_regularizer=None,
        kernel_constraint=None,
        bias_constraint=None,
        lora_rank=None,
        lora_alpha=None,
        **kwargs,
    ):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        if not isinstance(units, int) or isinstance(units, bool) or units < 1:
            raise ValueError(
                "Received an invalid value for `units`, expected a positive "
                f"integer. Received: units={units}"
            )
        self.units = units
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.kernel_constraint = constraints.get(kernel_constraint)
        self.bias_constraint = constraints.get(bias_constraint)
        self.lora_rank = lora_rank
        self.lora_alpha = lora_alpha if lora_alpha is not None else lora_rank
        self.lora_enabled = False
        self.input_spec = InputSpec(min_ndim=2)
        self.supports_masking = True

    def build(self, input_shape):
        input_dim = input_shape[-1]
        if input_dim is None:
            raise ValueError(
                f"The last dimension of the inputs to layer '{self.name}' "
                "(a `Dense` layer) should be defined. Found `None`. "
                f"Full input shape received: {tuple(input_shape)}"
            )
        self._kernel = self.add_weight(
            name="kernel",
            shape=(input_dim, self.units),
            initializer=self.kernel_initializer,
            regularizer=self.kernel_regularizer,
            constraint=self.kernel_constraint,
        )
        if self.use_bias:
            self.bias = self.add_weight(
                name="bias",
                shape=(self.units,),
                initializer=self.bias_initializer,
                regularizer=self.bias_regularizer,
                constraint=self.bias_constraint,
            )
        else:
            self.bias = None
        self.input_spec = InputSpec(min_ndim=2, axes={-1: input_dim})
        self.built = True
        if self.lora_rank:
            self.enable_lora(self.lora_rank, lora_alpha=self.lora_alpha)

    def enable_lora(
        self,
        rank,
        lora_alpha=None,
        a_initializer="he_uniform",
        b_initializer="zeros",
    ):
        """Enables LoRA (Low-Rank Adaptation) on the built layer.

        The `kernel` variable is frozen and two trainable variables are
        added: `lora_kernel_a` of shape `(input_dim, rank)` and
        `lora_kernel_b` of shape `(rank, units)`. The layer then computes
        with `kernel + (lora_alpha / rank) * lora_kernel_a @ lora_kernel_b`
        (equal to `kernel` at first, since `lora_kernel_b` starts at zero).
        Under a distribution, `lora_kernel_a` takes the layout of the
        kernel's input axis (`rank` replicated) and `lora_kernel_b` that of
        its output axis, so the delta is sharded like the kernel.

        Args:
            rank: Positive integer, the rank of the factors.
            lora_alpha: Optional scale numerator; defaults to `rank`.
            a_initializer: Initializer of `lora_kernel_a`.
            b_initializer: Initializer of `lora_kernel_b`.

        Example:

        >>> layer = keras.layers.Dense(4)
        >>> layer.build((None, 8))
        >>> layer.enable_lora(2)
        >>> [w.name for w in layer.trainable_weights]
        ['bias', 'lora_kernel_a', 'lora_kernel_b']
        """
        self._enable_lora_factors(
            rank, lora_alpha, a_initializer, b_initializer
        )

    def call(self, inputs):
        x = ops.matmul(inputs, self._kernel)
        if self.lora_enabled:
            # `x @ a @ b` never materializes the full-size delta.
            delta = ops.matmul(
                ops.matmul(inputs, self.lora_kernel_a), self.lora_kernel_b
            )
            x = ops.add(
                x, ops.multiply(delta, self.lora_alpha / self.lora_rank)
            )
        if self.bias is not None:
            x = ops.add(x, self.bias)
        if self.activation is not None:
            x = self.activation(x)
        return x

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)[:-1] + (self.units,)

    def compute_mask(self, inputs, mask=None):
        return mask

    def get_config(self):
        base_config = super().get_config()
        config = {
            "units": self.units,
            "activation": activations.serialize(self.activation),
            "use_bias": self.use_bias,
            "kernel_initializer": initializers.serialize(
                self.kernel_initializer
            ),
            "bias_initializer": initializers.serialize(self.bias_initializer),
            "kernel_regularizer": regularizers.serialize(
                self.kernel_regularizer
            ),
            "bias_regularizer": regularizers.serialize(self.bias_regularizer),
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
        if self.lora_rank:
            config["lora_rank"] = self.lora_rank
            config["lora_alpha"] = self.lora_alpha
        return {**base_config, **config}
