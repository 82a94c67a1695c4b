"""`EinsumDense`: a dense layer of arbitrary dimensionality."""

import re

from keras.src import activations
from keras.src import initializers
from keras.src import ops
from keras.src import regularizers
from keras.src.api_export import keras_export
from keras.src.distribution import logical_axes
from keras.src.layers import weight_settings
from keras.src.layers.core import quantized_weights
from keras.src.layers.layer import Layer
from keras.src.quantizers import file_order
from keras.src.quantizers import float8
from keras.src.quantizers import in_place
from keras.src.quantizers import int4
from keras.src.quantizers import int8
from keras.src.quantizers import layer_config
from keras.src.quantizers import layouts
from keras.src.quantizers import quantizers
from keras.src.quantizers import zero_point_kernel
from keras.src.utils import lora_utils


@keras_export("keras.layers.EinsumDense")
@quantized_weights.with_shared_args
class EinsumDense(
    zero_point_kernel.ZeroPointKernelMixin, lora_utils.LoraKernelMixin, Layer
):
    """Dense layer whose contraction is spelled as an einsum equation.

    Where `Dense` always contracts the last input axis, `EinsumDense`
    computes `einsum(equation, inputs, kernel)` (plus an optional bias and
    activation), so the kernel may have several axes and the output any
    layout, e.g. projecting `(batch, seq, model_dim)` straight to
    `(batch, seq, heads, head_dim)`.

    `equation` reads `"<input>,<kernel>-><output>"`, one letter per axis,
    e.g. `"btd,dhk->bthk"`. The kernel's shape follows from it: each
    kernel letter takes the size of the input axis with that letter or,
    if the input has none, of the output axis with that letter (so those
    sizes must be given in `output_shape`). An ellipsis can stand for
    axes carried through unchanged, either in front (`"...d,de->...e"`)
    or at the end (`"bd...,de->be..."`).

    Args:
        equation: String of the form `"ab,bc->ac"`, `"...ab,bc->...ac"` or
            `"ab...,bc->ac..."`, where each part is a run of axis letters.
        output_shape: Integer or tuple, the output's shape without the
            batch axis and without the axes an ellipsis stands for. Entries
            may be `None` where the size is copied from an input axis.
        activation: Optional activation applied to the result (a name from
            `keras.activations` or a callable). Defaults to `None`, the
            identity.
        bias_axes: Optional string of output letters that get a learned
            bias; the bias is broadcast over all other output axes.
            Defaults to `None` (no bias).
        {kernel_and_bias_args}
        {lora_and_quantization_args}

    Input shape:
        A tensor with one axis per letter of the equation's input part
        (plus any axes an ellipsis stands for).

    Output shape:
        `(batch_size, *output_shape)`, with the ellipsis axes inserted
        where the equation puts them.

    Examples:

    The same projection as `Dense(20)` on a 2D input:

    >>> keras.layers.EinsumDense("ab,bc->ac", 20, bias_axes="c")(
    ...     keras.Input(shape=(7,))
    ... ).shape
    (None, 20)

    Splitting a sequence's features into 4 heads of size 5 (the kernel is
    `(12, 4, 5)`):

    >>> heads = keras.layers.EinsumDense("btd,dhk->bthk", (None, 4, 5))
    >>> heads(keras.Input(shape=(9, 12))).shape
    (None, 9, 4, 5)

    Any number of leading axes, through an ellipsis:

    >>> per_position = keras.layers.EinsumDense("...d,de->...e", 3)
    >>> per_position(np.ones((2, 6, 8, 10))).shape
    (2, 6, 8, 3)
    """

    # GPTQ/AWQ zero points are stored under this variable name.
    _zero_point_variable_name = "zero_point"

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
        quantization_config=None,
        **kwargs,
    ):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        _parse_equation(equation)  # fail fast on a malformed equation
        self.equation = equation
        self.partial_output_shape = (
            tuple(output_shape)
            if not isinstance(output_shape, int)
            else (output_shape,)
        )
        self.activation = activations.get(activation)
        self.bias_axes = bias_axes
        # Per-weight settings: kernel first, then bias.
        weight_settings.set_weight_settings(self, ("kernel", "bias"), locals())
        quantized_weights.set_lora_and_quantization_args(
            self, lora_rank, lora_alpha, quantization_config
        )
        self.inputs_quantizer = None

    def _shapes(self, input_shape, validate_sizes=True):
        """The kernel, bias and output shapes for `input_shape` (see
        `_analyze_einsum_string`)."""
        return _analyze_einsum_string(
            self.equation,
            self.bias_axes,
            tuple(input_shape),
            self.partial_output_shape,
            validate_sizes=validate_sizes,
        )[:3]

    def build(self, input_shape):
        kernel_dims, bias_dims, out_dims = self._shapes(input_shape)
        self.full_output_shape = tuple(out_dims)
        mode = self.quantization_mode
        if mode is not None and mode != "float8":
            self.quantized_build(
                tuple(kernel_dims), mode, self.quantization_config
            )
        else:
            self._build_float_kernel(tuple(kernel_dims))
        self.bias = None
        if bias_dims is not None:
            with logical_axes.logical_axes(self._bias_axis_names(bias_dims)):
                self.bias = self.add_weight(
                    shape=tuple(bias_dims),
                    name="bias",
                    initializer=self.bias_initializer,
                    constraint=self.bias_constraint,
                    regularizer=self.bias_regularizer,
                )
        if mode == "float8":
            # After the kernel and bias, as `quantize("float8")` adds them
            # to a built layer: a layer built from a float8 policy and one
            # quantized in place list the same variables in one order.
            self._float8_build()
        self.built = True
        if self.lora_rank:
            self.enable_lora(self.lora_rank, lora_alpha=self.lora_alpha)

    def _build_float_kernel(self, kernel_shape):
        """Creates the float `kernel` variable (fans from the equation)."""
        with logical_axes.logical_axes(self._kernel_axis_names()):
            self._kernel = self.add_weight(
                shape=kernel_shape,
                name="kernel",
                initializer=_with_fan_axes(
                    self.kernel_initializer, self.equation
                ),
                constraint=self.kernel_constraint,
                regularizer=self.kernel_regularizer,
            )

    def _letter_axis_names(self):
        """The logical axis name of each kernel letter of the equation."""
        input_spec, weight_spec, output_spec, _ = _parse_equation(self.equation)
        return logical_axes.einsum_axis_names(
            input_spec, weight_spec, output_spec
        )

    def _kernel_axis_names(self):
        """The kernel's logical axis names (see `logical_axes`)."""
        _, weight_spec, _, _ = _parse_equation(self.equation)
        names = self._letter_axis_names()
        return tuple(names[c] for c in weight_spec)

    def _float_weight_axis_names(self, name):
        """Logical axis names of the float weight `name`, which quantized
        variables derive their layout from; `None` for other names."""
        return self._kernel_axis_names() if name == "kernel" else None

    def _bias_axis_names(self, bias_dims):
        """The bias's logical axis names: those of its kernel letters, `None`
        for its broadcast (size 1) axes and letters the kernel lacks."""
        _, _, output_spec, _ = _parse_equation(self.equation)
        names = self._letter_axis_names()
        first = min(output_spec.index(c) for c in self.bias_axes)
        letters = [
            names.get(c) if c in self.bias_axes else None
            for c in output_spec[first:]
        ]
        return tuple(letters) + (None,) * (len(bias_dims) - len(letters))

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

    def call(self, inputs, training=None):
        if self.quantization_mode is not None:
            return self.quantized_call(inputs, training=training)
        # `self.kernel` includes the LoRA update when LoRA is enabled.
        y = ops.einsum(self.equation, inputs, self.kernel)
        return self._finish(y)

    def _apply_kernel(self, inputs, kernel):
        """The output for a float `kernel` (GPTQ/AWQ computation)."""
        return self._finish(ops.einsum(self.equation, inputs, kernel))

    def _finish(self, y):
        if self.bias is not None:
            y = ops.add(y, self.bias)
        return y if self.activation is None else self.activation(y)

    @property
    def kernel(self):
        """The kernel. For a float layer: the `kernel` variable, plus the
        scaled LoRA delta (a tensor then) when LoRA is enabled. For an
        int8 layer: the `int8` kernel; for int4: the `(rows, columns)`
        matrix of its int4 values (unpacked to `int8`); with LoRA enabled
        on either, the dequantized kernel plus the delta."""
        mode = self.quantization_mode
        if mode in zero_point_kernel.ZERO_POINT_MODES:
            return self._zero_point_kernel()
        if mode not in ("int8", "int4") or self.lora_enabled:
            return self._lora_effective_weight()
        if mode == "int4":
            return quantizers.unpack_int4(
                self._kernel, self._int4_unpacked_column_size, axis=-1
            )
        return self._kernel

    def _lora_update(self, inputs):
        lora_kernel = lora_utils.lora_delta(
            self.lora_kernel_a,
            self.lora_kernel_b,
            self.lora_alpha / self.lora_rank,
        )
        return ops.einsum(self.equation, inputs, lora_kernel)

    # ---------------------------------------------------------- quantization
    _QUANTIZATION_MODES = ("int8", "int4", "float8")

    def quantize(self, mode=None, type_check=True, config=None):
        """Quantizes the kernel of the built layer in place.

        - `"int8"`: the kernel becomes an `int8` variable and
          `kernel_scale` holds one scale per position of the kernel's
          non-contracted axes, arranged like the output (size-1 axes
          elsewhere, e.g. `(1, 3, 4)` for `"ab,bcd->acd"`): `kernel ~=
          int8 / kernel_scale`. By default the inputs are quantized too
          at call time, so that the einsum runs on integers.
        - `"int4"`: the kernel is read as a `(rows, columns)` matrix
          (`rows` the product of the contracted axes, the kernel
          reshaped in its axis order), whose int4 values are packed two
          per byte along the columns. Scales are per column
          (`block_size=None` or `-1`), or per group of `block_size` rows
          with zero points (`kernel_zero`, `g_idx`), as for `Dense`.
        - `"float8"`: as for `Dense`: float8 rounding with delayed
          scaling state.

        The dtype policy becomes the quantized one.

        `"gptq"` and `"awq"` (with a `GPTQConfig` / `AWQConfig`) create
        the code, scale and zero-point variables described in
        `keras.src.quantizers.zero_point_kernel` (for kernels of rank 2 or
        3); the layer computes with its float kernel until
        `Model.quantize` calibrates it.

        Args:
            mode: `"int8"`, `"int4"` or `"float8"`. May be omitted when
                `config` is given.
            type_check: Whether to reject subclasses of `EinsumDense`,
                whose computation may differ.
            config: Optional `keras.quantizers.QuantizationConfig`.

        Example:

        >>> layer = keras.layers.EinsumDense("ab,bcd->acd", (2, 4))
        >>> layer.build((None, 3))
        >>> layer.quantize("int8")
        >>> [tuple(w.shape) for w in layer.weights]
        [(3, 2, 4), (1, 2, 4)]
        """
        config = self._resolve_quantize_args(
            mode, config, type_check, EinsumDense
        )
        if config.mode in zero_point_kernel.ZERO_POINT_MODES:
            return self._zero_point_quantize(config)
        layer_config.check_mode(config.mode, self._QUANTIZATION_MODES)
        in_place.quantize_in_place(
            self, config, "_kernel", self._quantized_base_values
        )

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
        else:
            self._build_float_kernel(kernel_shape)
            self._float8_build()

    def _int8_build(self, kernel_shape, config):
        config = layer_config.default_config("int8", config)
        self.inputs_quantizer = config.activation_quantizer
        _, weight_spec, output_spec, _ = _parse_equation(self.equation)
        # Under a distribution the kernel keeps the float kernel's layout
        # and the scale that of the kernel axes it spans.
        base = layouts.float_weight_layout(self, "kernel", kernel_shape)
        picks = tuple(
            weight_spec.index(c) if c in weight_spec else None
            for c in output_spec
        )
        quantized_weights.build_int8(
            self,
            "kernel",
            kernel_shape,
            base,
            self._int8_scale_shape(kernel_shape),
            picks,
        )

    def _int8_scale_shape(self, kernel_shape):
        """One entry per output letter: the kernel's size along it, or 1
        where the kernel has no such axis."""
        _, weight_spec, output_spec, _ = _parse_equation(self.equation)
        return tuple(
            kernel_shape[weight_spec.index(c)] if c in weight_spec else 1
            for c in output_spec
        )

    def _int4_build(self, kernel_shape, config):
        self.inputs_quantizer = getattr(config, "activation_quantizer", None)
        block_size = int4.int4_block_size(self, config)
        # Per-channel scales are recorded as `None` (upstream's value).
        self._int4_block_size = (
            block_size if int4.is_grouped(block_size) else None
        )
        self.original_kernel_shape = tuple(kernel_shape)
        rows, columns = self._int4_matrix_shape(kernel_shape)
        self._int4_rows = rows
        self._int4_unpacked_column_size = columns
        base = layouts.float_weight_layout(self, "kernel", kernel_shape)
        quantized_weights.build_int4(
            self, "kernel", rows, columns, base, self._int4_matrix_picks(base)
        )

    def _int4_matrix_picks(self, base):
        """The float kernel axes whose layout the rows and the columns of
        the int4 matrix take: the leading contracted axis and the leading
        kept axis, when they lead their (contiguous) part of the kernel
        and the other axes of that part are not sharded."""
        if base is None:
            return None, None
        axes = base[0]
        _, weight_spec, output_spec, _ = _parse_equation(self.equation)
        reduced = [i for i, c in enumerate(weight_spec) if c not in output_spec]
        kept = [i for i, c in enumerate(weight_spec) if c in output_spec]
        picks = []
        for part, start in ((reduced, 0), (kept, len(reduced))):
            contiguous = part == list(range(start, start + len(part)))
            inner_replicated = all(axes[i] is None for i in part[1:])
            picks.append(
                part[0] if part and contiguous and inner_replicated else None
            )
        return tuple(picks)

    def _int4_matrix_shape(self, kernel_shape):
        """`(rows, columns)` of the int4 matrix: rows span the contracted
        kernel axes."""
        _, weight_spec, output_spec, _ = _parse_equation(self.equation)
        rows = 1
        for size, c in zip(kernel_shape, weight_spec):
            if c not in output_spec:
                rows *= size
        size = 1
        for dim in kernel_shape:
            size *= dim
        return rows, size // rows

    def _float8_build(self):
        float8.float8_build(self, quantized_weights.float8_history_length(self))

    def _quantized_base_values(self, float_kernel, mode, config):
        """`{attribute: value}` of the quantized kernel variables holding
        `float_kernel` in `mode` (nothing for `"float8"`)."""
        _, weight_spec, output_spec, _ = _parse_equation(self.equation)
        kernel_shape = tuple(float_kernel.shape)
        if mode == "int8":
            reduce_axes = tuple(
                i for i, c in enumerate(weight_spec) if c not in output_spec
            )
            kept = "".join(c for c in weight_spec if c in output_spec)
            kept_shape = tuple(
                d for d, c in zip(kernel_shape, weight_spec) if c in kept
            )
            q, scale = int8.quantize_weight(
                config.weight_quantizer, float_kernel, reduce_axes, kept_shape
            )
            in_output_order = "".join(c for c in output_spec if c in kept)
            scale = ops.einsum(f"{kept}->{in_output_order}", scale)
            scale = ops.reshape(scale, self._int8_scale_shape(kernel_shape))
            return {"_kernel": q, "kernel_scale": scale}
        if mode == "int4":
            block_size = int4.int4_block_size(self, config)
            matrix = ops.reshape(
                float_kernel, self._int4_matrix_shape(kernel_shape)
            )
            q, scale, zero = int4.int4_quantize_matrix(
                matrix, block_size, config.weight_quantizer
            )
            values = {
                "_kernel": quantizers.pack_int4(q, axis=-1)[0],
                "kernel_scale": scale,
            }
            if zero is not None:
                values["kernel_zero"] = zero
                values["g_idx"] = int4.group_index(matrix.shape[0], block_size)
            return values
        return {}

    def _dequantized_base(self, dtype):
        """The float kernel the int8/int4 variables stand for."""
        if self.quantization_mode == "int8":
            return ops.divide(
                ops.cast(self._kernel, dtype),
                self._kernel_scale_like_kernel(dtype),
            )
        q = quantizers.unpack_int4(
            self._kernel, self._int4_unpacked_column_size, axis=-1
        )
        grouped = int4.is_grouped(self._int4_block_size)
        matrix = int4.int4_dequantize_matrix(
            q,
            self.kernel_scale,
            self.kernel_zero if grouped else None,
            self.g_idx if grouped else None,
            dtype,
        )
        return ops.reshape(matrix, self.original_kernel_shape)

    def _kernel_scale_like_kernel(self, dtype):
        """The int8 `kernel_scale` arranged to broadcast against the
        kernel (size-1 contracted axes)."""
        _, weight_spec, output_spec, _ = _parse_equation(self.equation)
        kept = "".join(c for c in output_spec if c in weight_spec)
        sizes = {c: self.kernel_scale.shape[output_spec.index(c)] for c in kept}
        scale = ops.reshape(
            ops.cast(self.kernel_scale, dtype), [sizes[c] for c in kept]
        )
        in_kernel_order = "".join(c for c in weight_spec if c in kept)
        scale = ops.einsum(f"{kept}->{in_kernel_order}", scale)
        return ops.reshape(scale, [sizes.get(c, 1) for c in weight_spec])

    def _lora_base_shape(self):
        if self.quantization_mode == "int4":
            return self.original_kernel_shape
        return tuple(self._kernel.shape)

    def _quantization_weights(self):
        return file_order.kernel_quantization_weights(self)

    def _int8_call(self, inputs, training=None):
        input_spec, weight_spec, output_spec, elided = _parse_equation(
            self.equation
        )
        x_scale = None
        if self.inputs_quantizer is None:
            # Weight-only: the kernel is dequantized to the compute dtype.
            kernel = ops.cast(self._kernel, self.compute_dtype)
            y = ops.einsum(self.equation, inputs, kernel)
        else:
            inputs = ops.convert_to_tensor(inputs)
            offset = len(inputs.shape) - len(input_spec) if elided == 1 else 0
            reduce_axes = tuple(
                offset + i
                for i, c in enumerate(input_spec)
                if c not in output_spec
            )
            x, x_scale = self.inputs_quantizer(inputs, axis=reduce_axes)
            y = ops.cast(
                ops.einsum(self.equation, x, self._kernel), self.compute_dtype
            )
            x_scale = ops.squeeze(
                ops.cast(x_scale, self.compute_dtype), axis=reduce_axes
            )
        out_ndim = len(y.shape)
        scale = ops.cast(self.kernel_scale, self.compute_dtype)
        if elided == 2:
            # Trailing ellipsis axes are broadcast over.
            missing = out_ndim - len(scale.shape)
            scale = ops.reshape(scale, tuple(scale.shape) + (1,) * missing)
        if x_scale is not None:
            x_chars = "".join(c for c in input_spec if c in output_spec)
            scale = ops.multiply(
                _to_output_layout(
                    x_scale, x_chars, output_spec, elided, out_ndim
                ),
                scale,
            )
        y = ops.divide(y, scale)
        if self.lora_enabled:
            y = ops.add(y, self._lora_update(inputs))
        return self._finish(y)

    def _int4_call(self, inputs, training=None):
        if self.inputs_quantizer is not None:
            # Inputs are rounded to int8 levels (per-channel scales only).
            x, x_scale = int8.quantize_inputs(self.inputs_quantizer, inputs)
            x = ops.divide(
                ops.cast(x, self.compute_dtype),
                ops.cast(x_scale, self.compute_dtype),
            )
        else:
            x = inputs
        kernel = self._dequantized_base(self.compute_dtype)
        y = ops.einsum(self.equation, x, kernel)
        if self.lora_enabled:
            y = ops.add(y, self._lora_update(inputs))
        return self._finish(y)

    def _float8_call(self, inputs, training=None):
        x = ops.cast(inputs, self.compute_dtype)
        kernel = ops.cast(self._kernel, self.compute_dtype)
        if training:
            y = float8.float8_contract(
                self,
                x,
                kernel,
                lambda a, b: ops.einsum(self.equation, a, b),
                self._einsum_grads,
            )
        else:
            y = ops.einsum(
                self.equation,
                float8.float8_round(self, x, self.inputs_scale),
                float8.float8_round(self, kernel, self.kernel_scale),
            )
        if self.lora_enabled:
            y = ops.add(y, self._lora_update(inputs))
        return self._finish(y)

    def _einsum_grads(self, x, kernel, upstream):
        """Gradients `(dx, dkernel)` of the layer's einsum for the output
        gradient `upstream`."""
        input_spec, weight_spec, output_spec, elided = _parse_equation(
            self.equation
        )
        lead = "..." if elided == 1 else ""
        trail = "..." if elided == 2 else ""
        x_sub = f"{lead}{input_spec}{trail}"
        g_sub = f"{lead}{output_spec}{trail}"
        dx = ops.einsum(f"{g_sub},{weight_spec}->{x_sub}", upstream, kernel)
        dkernel = ops.einsum(f"{x_sub},{g_sub}->{weight_spec}", x, upstream)
        return dx, dkernel

    def compute_output_shape(self, input_shape):
        out_dims = self._shapes(input_shape, validate_sizes=False)[2]
        return tuple(out_dims)

    def get_config(self):
        config = super().get_config()
        config.update(
            output_shape=self.partial_output_shape,
            equation=self.equation,
            activation=activations.serialize(self.activation),
            bias_axes=self.bias_axes,
        )
        config["activity_regularizer"] = regularizers.serialize(
            self.activity_regularizer
        )
        config.update(
            quantized_weights.weight_settings_config(self, ("kernel", "bias"))
        )
        config.update(quantized_weights.lora_and_quantization_config(self))
        return config


def _to_output_layout(scale, chars, output_spec, elided, out_ndim):
    """Arranges a scale whose explicit axes are `chars` like the output.

    Its axes are transposed into the order of `output_spec` and size-1
    axes are inserted for the output letters it lacks, so that it
    broadcasts against the einsum's result. Ellipsis axes of `scale` (if
    any) stay where the equation puts them; with a trailing ellipsis,
    size-1 axes are appended up to the output rank `out_ndim`.
    """
    target = "".join(c for c in output_spec if c in chars)
    if elided == 1:
        scale = ops.einsum(f"...{chars}->...{target}", scale)
        offset = len(scale.shape) - len(chars)
    elif elided == 2:
        scale = ops.einsum(f"{chars}...->{target}...", scale)
        offset = 0
    else:
        scale = ops.einsum(f"{chars}->{target}", scale)
        offset = 0
    for i, c in enumerate(output_spec):
        if c not in chars:
            scale = ops.expand_dims(scale, offset + i)
    if elided == 2:
        # Trailing ellipsis axes the scale lacks are broadcast over.
        missing = out_ndim - len(scale.shape)
        scale = ops.reshape(scale, tuple(scale.shape) + (1,) * missing)
    return scale


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
            f"Invalid einsum equation {equation!r}: `EinsumDense` needs "
            f"a string, got {type(equation).__name__}."
        )
    compact = equation.replace(" ", "")
    for pattern, elided in _PATTERNS:
        match = re.match(pattern, compact)
        if match:
            return match.group(1), match.group(2), match.group(3), elided
    raise ValueError(
        f"Invalid einsum equation {equation!r} for `EinsumDense`: expected "
        "one of the layouts 'ab,bc->ac', '...ab,bc->...ac' or "
        "'ab...,bc->ac...' (letters name axes)."
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
        `(kernel_shape, bias_shape or None, full_output_shape, input_axes,
        output_axes)`: the last two list the kernel axes contracted with
        the input and those carried to the output.
    """
    input_spec, weight_spec, output_spec, elided = _parse_equation(equation)
    input_shape = tuple(input_shape)
    output_shape = list(output_shape)

    if elided == 0:
        # Axes are matched by position. Ranks that do not fit the equation
        # are left for `call` to reject (the einsum itself does).
        explicit_input = input_shape
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
    # (Positions past the end of a mis-ranked shape count as unknown.)
    explicit_output += [None] * (len(output_spec) - len(explicit_output))
    explicit_input = tuple(explicit_input) + (None,) * (
        len(input_spec) - len(explicit_input)
    )
    for i, char in enumerate(output_spec):
        if char in input_spec:
            input_dim = explicit_input[input_spec.index(char)]
            if explicit_output[i] is None:
                explicit_output[i] = input_dim
            elif input_dim is not None and explicit_output[i] != input_dim:
                raise ValueError(
                    f"The sizes given for axis '{char}' in input and output "
                    "do not match at shared dimension: the input has "
                    f"{input_dim}, `output_shape` asks for "
                    f"{explicit_output[i]} (equation '{equation}')."
                )

    kernel_shape = []
    for char in weight_spec:
        if char in input_spec:
            dim = explicit_input[input_spec.index(char)]
        elif char in output_spec:
            dim = explicit_output[output_spec.index(char)]
        else:
            raise ValueError(
                f"Kernel axis '{char}' of equation '{equation}' did not "
                "have a match among the input axes "
                f"'{input_spec}' or the output axes '{output_spec}', so its "
                "size is unknown."
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
                    f"`bias_axes` names axis '{char}', which is not part of "
                    f"the output spec '{output_spec}' of equation "
                    f"'{equation}'."
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
    input_axes = [i for i, c in enumerate(weight_spec) if c in input_spec]
    output_axes = [
        i
        for i, c in enumerate(weight_spec)
        if c in output_spec and c not in input_spec
    ]
    return kernel_shape, bias_shape, full_output_shape, input_axes, output_axes
