"""`EinsumDense`: a dense layer of arbitrary dimensionality."""

import re

from keras.src import activations
from keras.src import constraints
from keras.src import initializers
from keras.src import ops
from keras.src import regularizers
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer
from keras.src.saving import serialization_lib
from keras.src.utils import lora_utils


@keras_export("keras.layers.EinsumDense")
class EinsumDense(lora_utils.LoraKernelMixin, Layer):
    """A layer that uses `einsum` as the backing computation.

    This layer can perform einsum calculations of arbitrary dimensionality.
    The equation has the form `"<input>,<kernel>-><output>"`, e.g.
    `"ab,bc->ac"`. The kernel shape is read off the equation: each kernel
    axis takes its size from the input axis with the same letter, or,
    failing that, from the output axis with the same letter. An ellipsis
    may stand for leading (`"...b,bc->...c"`) or trailing
    (`"ab...,bc->ac..."`) axes that are passed through.

    Args:
        equation: An equation describing the einsum to perform. This
            equation must be a valid einsum string of the form
            `ab,bc->ac`, `...ab,bc->...ac`, or `ab...,bc->ac...` where
            'ab', 'bc', and 'ac' can be any valid einsum axis expression
            sequence.
        output_shape: The expected shape of the output tensor (excluding the
            batch dimension and any dimensions represented by ellipses). You
            can specify `None` for any dimension that is unknown or can be
            inferred from the input shape.
        activation: Activation function to use. If you don't specify
            anything, no activation is applied (that is, a "linear"
            activation: `a(x) = x`).
        bias_axes: A string containing the output dimension(s) to apply a
            bias to. Each character in the `bias_axes` string should
            correspond to a character in the output portion of the
            `equation` string.
        kernel_initializer: Initializer for the `kernel` weights matrix.
        bias_initializer: Initializer for the bias vector.
        kernel_regularizer: Regularizer function applied to the `kernel`
            weights matrix.
        bias_regularizer: Regularizer function applied to the bias vector.
        activity_regularizer: Regularizer function applied to the output.
        kernel_constraint: Constraint function applied to the `kernel`
            weights matrix.
        bias_constraint: Constraint function applied to the bias vector.
        lora_rank: Optional integer. If set, the layer's forward pass will
            implement LoRA (Low-Rank Adaptation) with the provided rank
            (`enable_lora` is called when the layer is built).
        lora_alpha: Optional integer. If set, this parameter scales the
            low-rank adaptation delta during the forward pass: the delta is
            scaled by `lora_alpha / lora_rank`. Defaults to `lora_rank`.
        **kwargs: Base layer keyword arguments, such as `name` and `dtype`.

    Input shape:
        A tensor whose axes match the input part of `equation`.

    Output shape:
        `(batch_size,) + output_shape` (plus the axes covered by an
        ellipsis).

    Examples:

    **Biased dense layer with einsums**

    This example shows how to instantiate a standard Keras dense layer using
    einsum operations. This example is equivalent to
    `keras.layers.Dense(64, use_bias=True)`.

    >>> layer = keras.layers.EinsumDense("ab,bc->ac",
    ...                                  output_shape=64,
    ...                                  bias_axes="c")
    >>> input_tensor = keras.Input(shape=[32])
    >>> output_tensor = layer(input_tensor)
    >>> output_tensor.shape
    (None, 64)

    **Applying a dense layer to a sequence**

    >>> layer = keras.layers.EinsumDense("abc,cd->abd",
    ...                                  output_shape=(None, 64),
    ...                                  bias_axes="d")
    >>> input_tensor = keras.Input(shape=[32, 128])
    >>> output_tensor = layer(input_tensor)
    >>> output_tensor.shape
    (None, 32, 64)

    **Applying a dense layer to a sequence using ellipses**

    >>> layer = keras.layers.EinsumDense("...b,bc->...c",
    ...                                  output_shape=64,
    ...                                  bias_axes="c")
    >>> input_tensor = keras.Input(shape=[32, 128])
    >>> output_tensor = layer(input_tensor)
    >>> output_tensor.shape
    (None, 32, 64)
    """

    def __init__(
        self,
        equation,
        output_shape,
        activation=None,
        bias_axes=None,
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
        self.equation = equation
        if isinstance(output_shape, int):
            self.partial_output_shape = (output_shape,)
        else:
            self.partial_output_shape = tuple(output_shape)
        self.bias_axes = bias_axes
        self.activation = activations.get(activation)
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.kernel_constraint = constraints.get(kernel_constraint)
        self.bias_constraint = constraints.get(bias_constraint)
        self.lora_rank = lora_rank
        self.lora_alpha = lora_alpha if lora_alpha is not None else lora_rank
        self.lora_enabled = False
        # Validates the equation early.
        _parse_equation(equation)

    def build(self, input_shape):
        kernel_shape, bias_shape, full_output_shape = _analyze_einsum_string(
            self.equation,
            self.bias_axes,
            tuple(input_shape),
            self.partial_output_shape,
        )
        self.full_output_shape = tuple(full_output_shape)
        self._kernel = self.add_weight(
            name="kernel",
            shape=tuple(kernel_shape),
            initializer=_with_fan_axes(self.kernel_initializer, self.equation),
            regularizer=self.kernel_regularizer,
            constraint=self.kernel_constraint,
        )
        if bias_shape is not None:
            self.bias = self.add_weight(
                name="bias",
                shape=tuple(bias_shape),
                initializer=self.bias_initializer,
                regularizer=self.bias_regularizer,
                constraint=self.bias_constraint,
            )
        else:
            self.bias = None
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
        added: `lora_kernel_a` of shape `kernel.shape[:-1] + (rank,)` and
        `lora_kernel_b` of shape `(rank, kernel.shape[-1])`. The layer then
        computes with
        `kernel + (lora_alpha / rank) * matmul(lora_kernel_a, lora_kernel_b)`
        (a matmul batched over the leading kernel axes; equal to `kernel`
        at first, since `lora_kernel_b` starts at zero). For an attention
        projection with kernel `(model_dim, num_heads, head_dim)`, `a` is
        `(model_dim, num_heads, rank)` and `b` is `(rank, head_dim)`.

        Under a distribution, `lora_kernel_a` takes the layout entries of
        the kernel's leading axes (`rank` replicated) and `lora_kernel_b`
        that of its last axis, so the delta is sharded like the kernel.

        Args:
            rank: Positive integer, the rank of the factors.
            lora_alpha: Optional scale numerator; defaults to `rank`.
            a_initializer: Initializer of `lora_kernel_a`.
            b_initializer: Initializer of `lora_kernel_b`.

        Example:

        >>> layer = keras.layers.EinsumDense("abc,cde->abde", (3, 4, 5))
        >>> layer.build((None, 3, 8))
        >>> layer.enable_lora(2)
        >>> [tuple(w.shape) for w in layer.trainable_weights]
        [(8, 4, 2), (2, 5)]
        """
        self._enable_lora_factors(
            rank, lora_alpha, a_initializer, b_initializer
        )

    def call(self, inputs):
        x = ops.einsum(self.equation, inputs, self.kernel)
        if self.bias is not None:
            x = ops.add(x, self.bias)
        if self.activation is not None:
            x = self.activation(x)
        return x

    def compute_output_shape(self, input_shape):
        _, _, full_output_shape = _analyze_einsum_string(
            self.equation,
            self.bias_axes,
            tuple(input_shape),
            self.partial_output_shape,
            validate_sizes=False,
        )
        return tuple(full_output_shape)

    def get_config(self):
        base_config = super().get_config()
        config = {
            "output_shape": self.partial_output_shape,
            "equation": self.equation,
            "activation": activations.serialize(self.activation),
            "bias_axes": self.bias_axes,
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


_PATTERNS = (
    # (pattern, elided): 0 = no ellipsis, 1 = leading, 2 = trailing.
    (r"^([a-zA-Z]+),([a-zA-Z]+)->([a-zA-Z]+)$", 0),
    (r"^\.\.\.([a-zA-Z]+),([a-zA-Z]+)->\.\.\.([a-zA-Z]+)$", 1),
    (r"^([a-zA-Z]{2,})\.\.\.,([a-zA-Z]+)->([a-zA-Z]{2,})\.\.\.$", 2),
)


def _with_fan_axes(initializer, equation):
    """A fan-scaled initializer (`VarianceScaling` and its presets) whose
    fans are computed from the kernel axes contracted with the input and
    the axes kept in the output, rather than from the kernel's last two
    dimensions (which would count e.g. the heads of a `(dim, heads,
    head_dim)` projection in its fan-in)."""
    if not isinstance(initializer, initializers.VarianceScaling) or (
        initializer.input_axes is not None
        or initializer.output_axes is not None
    ):
        return initializer
    input_spec, weight_spec, output_spec, _ = _parse_equation(equation)
    input_axes = [i for i, c in enumerate(weight_spec) if c in input_spec]
    output_axes = [i for i, c in enumerate(weight_spec) if c in output_spec]
    if not input_axes or not output_axes:
        return initializer
    return initializers.VarianceScaling(
        scale=initializer.scale,
        mode=initializer.mode,
        distribution=initializer.distribution,
        seed=initializer.seed,
        input_axes=input_axes,
        output_axes=output_axes,
    )


def _parse_equation(equation):
    """Returns `(input_spec, weight_spec, output_spec, elided)`."""
    if not isinstance(equation, str):
        raise ValueError(
            f"Invalid einsum equation '{equation}'. Expected a string."
        )
    compact = equation.replace(" ", "")
    for pattern, elided in _PATTERNS:
        match = re.match(pattern, compact)
        if match:
            return match.group(1), match.group(2), match.group(3), elided
    raise ValueError(
        f"Invalid einsum equation '{equation}'. Equations must be in the "
        "form [X],[Y]->[Z], ...[X],[Y]->...[Z], or [X]...,[Y]->[Z]...."
    )


def _analyze_einsum_string(
    equation, bias_axes, input_shape, output_shape, validate_sizes=True
):
    """Computes the kernel, bias and full output shapes of an EinsumDense.

    Args:
        equation: The einsum equation.
        bias_axes: Output letters to add a bias on, or `None`.
        input_shape: The full input shape (batch included).
        output_shape: The partial output shape given to the layer
            (excluding the batch axis and the ellipsis axes).
        validate_sizes: Whether undetermined kernel sizes are an error.

    Returns:
        `(kernel_shape, bias_shape or None, full_output_shape)`.
    """
    input_spec, weight_spec, output_spec, elided = _parse_equation(equation)
    input_shape = tuple(input_shape)
    output_shape = list(output_shape)

    if elided == 0:
        if len(input_shape) != len(input_spec):
            raise ValueError(
                f"Input shape {input_shape} has rank {len(input_shape)}, "
                f"but the einsum equation '{equation}' expects rank "
                f"{len(input_spec)} ('{input_spec}')."
            )
        explicit_input = input_shape
        if len(output_shape) + 1 != len(output_spec):
            raise ValueError(
                f"Output shape {tuple(output_shape)} (excluding the batch "
                f"dimension) must have rank {len(output_spec) - 1} to match "
                f"the output part of the equation '{equation}'."
            )
        explicit_output = [input_shape[0]] + output_shape
        leading, trailing = (), ()
    elif elided == 1:
        if len(input_shape) < len(input_spec):
            raise ValueError(
                f"Input shape {input_shape} has rank {len(input_shape)}, "
                f"but the einsum equation '{equation}' expects at least "
                f"rank {len(input_spec)}."
            )
        num_leading = len(input_shape) - len(input_spec)
        explicit_input = input_shape[num_leading:]
        leading, trailing = input_shape[:num_leading], ()
        if len(output_shape) != len(output_spec):
            raise ValueError(
                f"Output shape {tuple(output_shape)} (excluding the "
                f"ellipsis dimensions) must have rank {len(output_spec)} to "
                f"match the output part of the equation '{equation}'."
            )
        explicit_output = output_shape
    else:
        if len(input_shape) < len(input_spec):
            raise ValueError(
                f"Input shape {input_shape} has rank {len(input_shape)}, "
                f"but the einsum equation '{equation}' expects at least "
                f"rank {len(input_spec)}."
            )
        explicit_input = input_shape[: len(input_spec)]
        leading, trailing = (), input_shape[len(input_spec) :]
        if len(output_shape) + 1 != len(output_spec):
            raise ValueError(
                f"Output shape {tuple(output_shape)} (excluding the batch "
                f"and ellipsis dimensions) must have rank "
                f"{len(output_spec) - 1} to match the output part of the "
                f"equation '{equation}'."
            )
        explicit_output = [input_shape[0]] + output_shape

    # Output sizes left unknown are inferred from the input; given sizes
    # must agree with the input's.
    explicit_output = list(explicit_output)
    for i, char in enumerate(output_spec):
        if char in input_spec:
            input_dim = explicit_input[input_spec.index(char)]
            if explicit_output[i] is None:
                explicit_output[i] = input_dim
            elif input_dim is not None and explicit_output[i] != input_dim:
                raise ValueError(
                    "Input shape and output shape do not match at shared "
                    f"dimension '{char}'. Input shape is {input_dim}, and "
                    f"output shape is {explicit_output[i]}."
                )

    kernel_shape = []
    for char in weight_spec:
        if char in input_spec:
            dim = explicit_input[input_spec.index(char)]
        elif char in output_spec:
            dim = explicit_output[output_spec.index(char)]
        else:
            raise ValueError(
                f"Weight dimension '{char}' did not have a match in either "
                f"the input spec '{input_spec}' or the output spec "
                f"'{output_spec}'. For this layer, the weight must be fully "
                "specified."
            )
        if dim is None and validate_sizes:
            raise ValueError(
                f"The size of kernel dimension '{char}' of equation "
                f"'{equation}' could not be determined: the input shape is "
                f"{input_shape} and the output shape is "
                f"{tuple(explicit_output)}."
            )
        kernel_shape.append(dim)

    bias_shape = None
    if bias_axes:
        for char in bias_axes:
            if char not in output_spec:
                raise ValueError(
                    f"Bias dimension '{char}' was requested, but is not part "
                    f"of the output spec '{output_spec}'."
                )
        first = min(output_spec.index(char) for char in bias_axes)
        bias_shape = [
            explicit_output[output_spec.index(char)] if char in bias_axes else 1
            for char in output_spec[first:]
        ]
        # The bias must broadcast against the trailing ellipsis axes too.
        bias_shape += [1] * len(trailing)

    full_output_shape = (
        tuple(leading) + tuple(explicit_output) + tuple(trailing)
    )
    return kernel_shape, bias_shape, full_output_shape
