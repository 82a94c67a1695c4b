"""`Dense`: the regular densely-connected layer."""

from keras.src import activations
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.distribution import logical_axes
from keras.src.layers import weight_settings
from keras.src.layers.core import quantized_weights
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer
from keras.src.quantizers import file_order
from keras.src.quantizers import float8
from keras.src.quantizers import in_place
from keras.src.quantizers import int4
from keras.src.quantizers import int8
from keras.src.quantizers import layer_config
from keras.src.quantizers import layouts
from keras.src.quantizers import quantizers
from keras.src.quantizers import ternary
from keras.src.quantizers import zero_point_kernel
from keras.src.utils import lora_utils

# The logical names of the kernel's axes (see `logical_axes`).
_KERNEL_AXES = (logical_axes.EMBED, logical_axes.MLP)


@keras_export("keras.layers.Dense")
@quantized_weights.with_shared_args
class Dense(
    zero_point_kernel.ZeroPointKernelMixin, lora_utils.LoraKernelMixin, Layer
):
    """Fully connected layer: an affine map followed by an activation.

    Computes `activation(inputs @ kernel + bias)`. The layer owns a
    `kernel` of shape `(input_dim, units)` and, when `use_bias=True`, a
    `bias` of shape `(units,)`; both are created on first call, once
    `input_dim` (the size of the input's last axis) is known.

    Inputs of rank above 2 are handled by contracting only the last axis:
    every position along the leading axes is mapped independently, so
    `(batch, steps, input_dim)` becomes `(batch, steps, units)`. An input
    mask is passed through unchanged.

    Args:
        units: Positive integer, the size of the output's last axis.
        activation: Activation applied to the result (a name from
            `keras.activations` or a callable). Defaults to `None`, i.e.
            the identity.
        use_bias: Boolean; whether to add a learned `bias` vector.
            Defaults to `True`.
        {kernel_and_bias_args}
        {lora_and_quantization_args}

    Input shape:
        Tensor of rank >= 2, `(batch_size, ..., input_dim)`; most often
        2D, `(batch_size, input_dim)`.

    Output shape:
        The input shape with its last axis replaced by `units`, e.g.
        `(batch_size, units)` for a 2D input.

    Example:

    >>> proj = keras.layers.Dense(6, activation="tanh")
    >>> proj(np.zeros((4, 10, 3))).shape
    (4, 10, 6)
    >>> [tuple(w.shape) for w in proj.weights]
    [(3, 6), (6,)]
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
        quantization_config=None,
        **kwargs,
    ):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        is_count = isinstance(units, int) and not isinstance(units, bool)
        if not (is_count and units > 0):
            raise ValueError(
                "`Dense` needs `units` (the output size) to be a positive "
                f"integer; got units={units!r}"
            )
        self.units = units
        self.use_bias = use_bias
        self.activation = activations.get(activation)
        # Per-weight settings: kernel first, then bias.
        weight_settings.set_weight_settings(self, ("kernel", "bias"), locals())
        quantized_weights.set_lora_and_quantization_args(
            self, lora_rank, lora_alpha, quantization_config
        )
        self.inputs_quantizer = None
        self.supports_masking = True
        self.input_spec = InputSpec(min_ndim=2)

    def build(self, input_shape):
        in_features = input_shape[-1]
        if in_features is None:
            raise ValueError(
                f"`Dense` layer '{self.name}' cannot create its kernel: the "
                "last dimension of its input is unknown (`None`) in input "
                f"shape {tuple(input_shape)}."
            )
        kernel_shape = (in_features, self.units)
        mode = self.quantization_mode
        if mode is not None and mode != "float8":
            self.quantized_build(kernel_shape, mode, self.quantization_config)
        else:
            self._build_float_kernel(kernel_shape)
        self.bias = None
        if self.use_bias:
            with logical_axes.logical_axes((logical_axes.MLP,)):
                self.bias = self.add_weight(
                    shape=(self.units,),
                    name="bias",
                    initializer=self.bias_initializer,
                    constraint=self.bias_constraint,
                    regularizer=self.bias_regularizer,
                )
        # From now on the last axis must keep this size.
        self.input_spec = InputSpec(min_ndim=2, axes={-1: in_features})
        if mode == "float8":
            # After the kernel and bias, as `quantize("float8")` adds them
            # to a built layer: a layer built from a float8 policy and one
            # quantized in place list the same variables in one order.
            self._float8_build()
        self.built = True
        if self.lora_rank:
            self.enable_lora(self.lora_rank, lora_alpha=self.lora_alpha)

    def _build_float_kernel(self, kernel_shape):
        """Creates the float `kernel` variable."""
        with logical_axes.logical_axes(_KERNEL_AXES):
            self._kernel = self.add_weight(
                shape=kernel_shape,
                name="kernel",
                initializer=self.kernel_initializer,
                constraint=self.kernel_constraint,
                regularizer=self.kernel_regularizer,
            )

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

    def call(self, inputs, training=None):
        if self.quantization_mode is not None:
            return self.quantized_call(inputs, training=training)
        return self._finish(inputs, ops.matmul(inputs, self._kernel))

    def _apply_kernel(self, inputs, kernel):
        """The output for a float `kernel` (GPTQ/AWQ computation)."""
        return self._finish(inputs, ops.matmul(inputs, kernel))

    def _finish(self, inputs, y):
        """Adds the LoRA update and the bias, then applies the activation."""
        if self.lora_enabled:
            # `(x @ a) @ b` never materializes the full-size delta.
            low_rank = ops.matmul(inputs, self.lora_kernel_a)
            update = ops.matmul(low_rank, self.lora_kernel_b)
            scale = self.lora_alpha / self.lora_rank
            y = ops.add(y, ops.multiply(update, scale))
        if self.use_bias and self.bias is not None:
            y = ops.add(y, self.bias)
        return y if self.activation is None else self.activation(y)

    @property
    def kernel(self):
        """The kernel. For a float layer: the `kernel` variable, plus the
        scaled LoRA delta `a @ b` (a tensor then) when LoRA is enabled.
        For an int8/int4/ternary layer: the integer kernel (int4 and
        ternary values unpacked to `int8`), or with LoRA enabled the
        dequantized kernel plus the delta. For a GPTQ/AWQ layer: its
        `uint8` codes `[columns, rows]` (unpacked), or the float kernel
        before calibration."""
        mode = self.quantization_mode
        if mode in zero_point_kernel.ZERO_POINT_MODES:
            return self._zero_point_kernel()
        if mode not in layer_config.DEQUANTIZABLE_MODES:
            return self._lora_effective_weight()
        if self.lora_enabled:
            return self._lora_effective_weight()
        if mode == "ternary":
            return self._ternary_values()
        if mode == "int4":
            return quantizers.unpack_int4(
                self._kernel, self._orig_output_dim, axis=-1
            )
        return self._kernel

    # ---------------------------------------------------------- quantization
    _QUANTIZATION_MODES = ("int8", "int4", "float8", "ternary")

    def quantize(self, mode=None, type_check=True, config=None):
        """Quantizes the kernel of the built layer in place.

        - `"int8"`: the kernel becomes an `int8` variable with a per-unit
          `kernel_scale` (`kernel ~= int8 / kernel_scale`). By default the
          inputs are quantized per row at call time too, so that the
          matmul runs on integers.
        - `"int4"`: the kernel's values lie in `[-8, 7]` and are packed two
          per byte along the units axis (an `int8` kernel of shape
          `(input_dim, ceil(units / 2))`). With the default config's
          `block_size` (128), each group of 128 input features has its own
          `kernel_scale` and `kernel_zero` per unit
          (`kernel ~= (int4 - zero) * scale`) and `g_idx` records the
          group of each input feature; with `block_size=None` (or `-1`)
          there is one symmetric scale per unit.
        - `"ternary"`: the kernel becomes values in `{-1, 0, 1}` times one
          float `kernel_scale` (a scalar: the mean of `|kernel|`; weights
          under half of it in magnitude become 0), the values packed five
          to a byte along the input axis (a `uint8` kernel of shape
          `(ceil(input_dim / 5), units)`). The inputs stay float.
        - `"float8"`: the kernel stays float; inputs and kernel are rounded
          through `float8_e4m3fn` and, in training, the output gradient
          through `float8_e5m2`, with delayed scaling: `<x>_scale` and
          `<x>_amax_history` variables for `x` in inputs, kernel and
          outputs_grad, updated by the optimizer in each training step.

        The dtype policy becomes the quantized one (e.g.
        `"int8_from_float32"`, `"int4/128_from_float32"` or
        `"ternary_from_float32"`).

        `"gptq"` and `"awq"` (with a `GPTQConfig` / `AWQConfig`) create
        the code, scale and zero-point variables described in
        `keras.src.quantizers.zero_point_kernel`; the layer computes with
        its float kernel until `Model.quantize` calibrates it.

        Args:
            mode: `"int8"`, `"int4"`, `"ternary"` or `"float8"`. May be
                omitted when `config` is given.
            type_check: Whether to reject subclasses of `Dense`, whose
                computation may differ.
            config: Optional `keras.quantizers.QuantizationConfig`.

        Example:

        >>> layer = keras.layers.Dense(4)
        >>> layer.build((None, 3))
        >>> layer.quantize("int8")
        >>> [w.name for w in layer.weights]
        ['kernel', 'kernel_scale', 'bias']
        """
        config = self._resolve_quantize_args(mode, config, type_check, Dense)
        if config.mode in zero_point_kernel.ZERO_POINT_MODES:
            return self._zero_point_quantize(config)
        layer_config.check_mode(config.mode, self._QUANTIZATION_MODES)
        in_place.quantize_in_place(
            self, config, "_kernel", self._quantized_base_values
        )

    def _float_weight_axis_names(self, name):
        """Logical axis names of the float weight `name` (see
        `logical_axes`), which quantized variables derive their layout
        from; `None` for other names."""
        return _KERNEL_AXES if name == "kernel" else None

    def quantized_build(self, kernel_shape, mode, config=None):
        """Creates the variables of quantization `mode` for a kernel of
        shape `kernel_shape` (the float kernel too for `"float8"`)."""
        if mode in zero_point_kernel.ZERO_POINT_MODES:
            return self._zero_point_build(kernel_shape, mode)
        layer_config.check_mode(mode, self._QUANTIZATION_MODES)
        self.quantization_config = config
        if mode == "int8":
            self._int8_build(kernel_shape, config)
        elif mode == "int4":
            self._int4_build(kernel_shape, config)
        elif mode == "ternary":
            self._ternary_build(kernel_shape)
        else:
            self._build_float_kernel(kernel_shape)
            self._float8_build()

    def _int8_build(self, kernel_shape, config):
        config = layer_config.default_config("int8", config)
        self.inputs_quantizer = config.activation_quantizer
        # Under a distribution the kernel keeps the float kernel's layout
        # and the scale that of its units axis.
        base = layouts.float_weight_layout(self, "kernel", kernel_shape)
        quantized_weights.build_int8(
            self, "kernel", kernel_shape, base, (self.units,), (1,)
        )

    def _int4_build(self, kernel_shape, config):
        in_features, units = kernel_shape
        self.inputs_quantizer = getattr(config, "activation_quantizer", None)
        self._int4_block_size = int4.int4_block_size(self, config)
        self._orig_output_dim = units
        base = layouts.float_weight_layout(self, "kernel", kernel_shape)
        quantized_weights.build_int4(
            self, "kernel", in_features, units, base, (0, 1)
        )

    def _ternary_build(self, kernel_shape):
        self.inputs_quantizer = None
        self._orig_input_dim = kernel_shape[0]
        self._packed_kernel, self.kernel_scale = ternary.ternary_build(
            self, kernel_shape
        )

    def _float8_build(self):
        float8.float8_build(self, quantized_weights.float8_history_length(self))

    def _quantized_base_values(self, float_kernel, mode, config):
        """`{attribute: value}` of the quantized kernel variables holding
        `float_kernel` in `mode` (nothing for `"float8"`, whose kernel
        stays float)."""
        if mode == "int8":
            q, scale = int8.quantize_weight(
                config.weight_quantizer, float_kernel, (0,), (self.units,)
            )
            return {"_kernel": q, "kernel_scale": scale}
        if mode == "ternary":
            q, scale = ternary.ternary_quantize(float_kernel)
            packed = quantizers.pack_ternary(q, axis=0)[0]
            return {"_packed_kernel": packed, "kernel_scale": scale}
        if mode == "int4":
            block_size = int4.int4_block_size(self, config)
            q, scale, zero = int4.int4_quantize_matrix(
                float_kernel, block_size, config.weight_quantizer
            )
            values = {
                "_kernel": quantizers.pack_int4(q, axis=-1)[0],
                "kernel_scale": scale,
            }
            if zero is not None:
                values["kernel_zero"] = zero
                values["g_idx"] = int4.group_index(
                    float_kernel.shape[0], block_size
                )
            return values
        return {}

    def _dequantized_base(self, dtype):
        """The float kernel the int8/int4/ternary variables stand for."""
        if self.quantization_mode == "int8":
            kernel = ops.cast(self._kernel, dtype)
            return ops.divide(kernel, ops.cast(self.kernel_scale, dtype))
        if self.quantization_mode == "ternary":
            kernel = ops.cast(self._ternary_values(), dtype)
            return ops.multiply(kernel, ops.cast(self.kernel_scale, dtype))
        q = quantizers.unpack_int4(self._kernel, self._orig_output_dim, axis=-1)
        grouped = int4.is_grouped(self._int4_block_size)
        return int4.int4_dequantize_matrix(
            q,
            self.kernel_scale,
            self.kernel_zero if grouped else None,
            self.g_idx if grouped else None,
            dtype,
        )

    @property
    def _lora_base(self):
        # A ternary kernel is stored packed, under its own attribute.
        if self.quantization_mode == "ternary":
            return "_packed_kernel"
        return "_kernel"

    def _lora_base_shape(self):
        if self.quantization_mode == "ternary":
            return (self._orig_input_dim, self.units)
        return (self._kernel.shape[0], self.units)

    def _quantization_weights(self):
        return file_order.kernel_quantization_weights(self)

    def _int8_call(self, inputs, training=None):
        kernel_scale = ops.cast(self.kernel_scale, self.compute_dtype)
        if self.inputs_quantizer is None:
            # Weight-only: the kernel is dequantized to the compute dtype.
            kernel = ops.cast(self._kernel, self.compute_dtype)
            y = ops.divide(ops.matmul(inputs, kernel), kernel_scale)
        else:
            x, x_scale = int8.quantize_inputs(self.inputs_quantizer, inputs)
            y = ops.cast(ops.matmul(x, self._kernel), self.compute_dtype)
            scale = ops.multiply(
                ops.cast(x_scale, self.compute_dtype), kernel_scale
            )
            y = ops.divide(y, scale)
        return self._finish(inputs, y)

    def _int4_call(self, inputs, training=None):
        if self.inputs_quantizer is None:
            kernel = self._dequantized_base(self.compute_dtype)
            return self._finish(inputs, ops.matmul(inputs, kernel))
        # Per-channel scales with quantized inputs: an integer matmul.
        q = quantizers.unpack_int4(self._kernel, self._orig_output_dim, axis=-1)
        x, x_scale = int8.quantize_inputs(self.inputs_quantizer, inputs)
        y = ops.cast(ops.matmul(x, q), self.compute_dtype)
        scale = ops.multiply(
            ops.cast(x_scale, self.compute_dtype),
            ops.cast(self.kernel_scale, self.compute_dtype),
        )
        return self._finish(inputs, ops.divide(y, scale))

    def _ternary_values(self):
        """The ternary kernel unpacked: `int8` values in `{-1, 0, 1}`."""
        return quantizers.unpack_ternary(
            self._packed_kernel, self._orig_input_dim
        )

    def _ternary_call(self, inputs, training=None):
        # Weight-only: the scale multiplies the output, not the kernel.
        kernel = ops.cast(self._ternary_values(), self.compute_dtype)
        y = ops.matmul(inputs, kernel)
        y = ops.multiply(y, ops.cast(self.kernel_scale, self.compute_dtype))
        return self._finish(inputs, y)

    def _float8_call(self, inputs, training=None):
        x = ops.cast(inputs, self.compute_dtype)
        kernel = ops.cast(self._kernel, self.compute_dtype)
        if training:
            y = float8.float8_contract(
                self, x, kernel, ops.matmul, _matmul_grads
            )
        else:
            y = ops.matmul(
                float8.float8_round(self, x, self.inputs_scale),
                float8.float8_round(self, kernel, self.kernel_scale),
            )
        return self._finish(inputs, y)

    def compute_output_shape(self, input_shape):
        *leading, _ = tuple(input_shape)
        return (*leading, self.units)

    def compute_mask(self, inputs, mask=None):
        return mask

    def get_config(self):
        config = super().get_config()
        config["units"] = self.units
        config["activation"] = activations.serialize(self.activation)
        config["use_bias"] = self.use_bias
        config.update(
            quantized_weights.weight_settings_config(self, ("kernel", "bias"))
        )
        config.update(quantized_weights.lora_and_quantization_config(self))
        return config


def _matmul_grads(x, kernel, upstream):
    """Gradients `(dx, dkernel)` of `x @ kernel` for the output gradient
    `upstream` (`x` may have several leading axes)."""
    dx = ops.matmul(upstream, ops.transpose(kernel))
    features = x.shape[-1]
    dkernel = ops.matmul(
        ops.transpose(ops.reshape(x, (-1, features))),
        ops.reshape(upstream, (-1, upstream.shape[-1])),
    )
    return dx, dkernel
