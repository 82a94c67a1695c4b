"""GPTQ and AWQ kernels of `Dense` and `EinsumDense`.

Both modes store a kernel as unsigned codes with a scale and a zero point
per output column and group of input rows. The kernel is seen as a matrix
`[rows, columns]` (its input and output features, see
`kernel_geometry`), and the stored variables are laid out transposed:

- `quantized_kernel` (variable name `kernel`), `uint8`: the codes,
  `[columns, rows]`; with 4-bit codes two share a byte along the first
  axis (`[ceil(columns / 2), rows]`), with 2-bit codes four do
  (`[ceil(columns / 4), rows]`).
- `kernel_scale`, `[columns, num_groups]`, and `kernel_zero` (variable
  name `kernel_zero` in `Dense`, `zero_point` in `EinsumDense`), `uint8`.
- AWQ only: `awq_scales`, `[rows]`: the kernel rows were multiplied by
  these factors before rounding, so the layer divides them out again.
- `g_idx`, `[rows]`, float: the group of each row is its integer part.

Code `q` of output column `c` and row `r` stands for
`scale[c, g] * (q - zero[c, g]) / awq_scales[r]` with `g = int(g_idx[r])`.

`layer.quantize("gptq" | "awq", config=...)` only creates these variables
next to the float kernel: the layer keeps computing with the float kernel
until a calibration (`keras.src.quantizers.gptq.GPTQ`,
`keras.src.quantizers.awq.AWQ`) fills them in and removes the float
kernel. A layer built with a GPTQ or AWQ dtype policy (e.g. when a saved
model is loaded) has no float kernel and computes with its codes.
"""

from keras.src import ops
from keras.src.dtype_policies.dtype_policy import AWQDTypePolicy
from keras.src.dtype_policies.dtype_policy import GPTQDTypePolicy
from keras.src.quantizers import layouts
from keras.src.utils import lora_utils
from keras.src.utils.python_utils import ceil_div

# The quantization modes stored as zero-point codes.
ZERO_POINT_MODES = ("gptq", "awq")
_POLICY_CLASSES = {"gptq": GPTQDTypePolicy, "awq": AWQDTypePolicy}
# How many codes of each bit width share a byte of `quantized_kernel`
# (other widths keep one code a byte).
_CODES_PER_BYTE = {2: 4, 4: 2}


def kernel_geometry(layer_class_name, kernel_shape, mode):
    """The `(rows, columns)` matrix view of a kernel, as upstream Keras
    lays it out for GPTQ and AWQ.

    A 2D kernel is `[rows, columns]`. A 3D kernel `(d0, d1, d2)` is
    `[d0, d1 * d2]` when `d0 > d1` (e.g. an attention query projection
    `(hidden, heads, head_dim)`) and `[d0 * d1, d2]` otherwise (e.g. an
    output projection `(heads, head_dim, hidden)`); the kernel is the
    row-major reshape of that matrix.

    Raises:
        ValueError: for kernels of another rank.
    """
    shape = tuple(kernel_shape)
    if len(shape) == 2:
        return shape
    if len(shape) == 3:
        d0, d1, d2 = shape
        return (d0, d1 * d2) if d0 > d1 else (d0 * d1, d2)
    raise ValueError(
        f"{mode.upper()} quantization only supports 2D or 3D kernels. "
        f"`{layer_class_name}` has a kernel of shape {shape}."
    )


def num_groups(rows, group_size):
    """Number of row groups sharing a scale (`group_size=-1`: one)."""
    return 1 if group_size == -1 else ceil_div(rows, group_size)


def group_index(rows, group_size):
    """The group of each row, as the float `g_idx` values upstream Keras
    stores for GPTQ: `row / group_size` (truncated when used)."""
    size = rows if group_size == -1 else group_size
    return ops.divide(ops.arange(rows, dtype="float32"), float(size))


class ZeroPointKernelMixin:
    """GPTQ and AWQ for a layer with a float `_kernel` (`Dense`,
    `EinsumDense`).

    The layer provides `_apply_kernel(inputs, kernel)` (the output for a
    kernel of the float kernel's shape) and names its zero-point variable
    in `_zero_point_variable_name`.
    """

    _zero_point_variable_name = "kernel_zero"

    # ------------------------------------------------------------ creation
    def _zero_point_quantize(self, config):
        """`quantize()` for GPTQ and AWQ: creates the (empty) quantized
        variables next to the float kernel; a calibration fills them."""
        mode = config.mode
        kernel_geometry(type(self).__name__, self._kernel.shape, mode)
        policy = _POLICY_CLASSES[mode](
            config.dtype_policy_string(),
            source_name=self._path_dtype_policy.name,
        )
        self.quantization_config = config
        self._set_dtype_policy(policy)
        self._tracker.unlock()
        # The new variables' paths sit next to the float kernel's, wherever
        # `quantize` is called from.
        with lora_utils.variable_scope_of(self._kernel, self):
            self._zero_point_build(tuple(self._kernel.shape), mode)
        self._lock_state()
        self._set_calibrated(mode, False)

    def _gptq_build(self, kernel_shape, config=None):
        self._zero_point_build(kernel_shape, "gptq")

    def _awq_build(self, kernel_shape, config=None):
        self._zero_point_build(kernel_shape, "awq")

    def _zero_point_build(self, kernel_shape, mode):
        """Creates the variables listed in the module docstring, with the
        bits and group size of the layer's dtype policy."""
        policy = self._path_dtype_policy
        rows, columns = kernel_geometry(type(self).__name__, kernel_shape, mode)
        groups = num_groups(rows, policy.group_size)
        self._zero_point_kernel_shape = tuple(kernel_shape)
        # Under a distribution the codes, scales and zero points keep the
        # float kernel's mesh axes (transposed, see `_matrix_picks`).
        base = layouts.float_weight_layout(self, "kernel", kernel_shape)
        row_pick, column_pick = _matrix_picks(base, kernel_shape, rows)
        packed_columns = ceil_div(
            columns, _CODES_PER_BYTE.get(policy.weight_bits, 1)
        )

        def layout(shape, picks):
            return layouts.derived_layout(base, picks, shape)

        self.quantized_kernel = self.add_weight(
            name="kernel",
            shape=(packed_columns, rows),
            initializer="zeros",
            dtype="uint8",
            trainable=False,
            layout=layout((packed_columns, rows), (column_pick, row_pick)),
        )
        self.kernel_scale = self.add_weight(
            name="kernel_scale",
            shape=(columns, groups),
            initializer="ones",
            trainable=False,
            layout=layout((columns, groups), (column_pick, None)),
        )
        self.kernel_zero = self.add_weight(
            name=self._zero_point_variable_name,
            shape=(columns, groups),
            initializer="zeros",
            dtype="uint8",
            trainable=False,
            layout=layout((columns, groups), (column_pick, None)),
        )
        if mode == "awq":
            self.awq_scales = self.add_weight(
                name="awq_scales",
                shape=(rows,),
                initializer="ones",
                trainable=False,
                layout=layout((rows,), (None,)),
            )
        self.g_idx = self.add_weight(
            name="g_idx",
            shape=(rows,),
            initializer=lambda shape, dtype=None: group_index(
                rows, policy.group_size
            ),
            dtype="float32",
            trainable=False,
            layout=layout((rows,), (None,)),
        )
        # Built from the policy (e.g. when loading), the codes are the
        # layer's weights; `_zero_point_quantize` marks them as pending.
        self._set_calibrated(mode, True)

    # ---------------------------------------------------------- calibrated
    def _assign_zero_point_kernel(self, codes, scale, zero, g_idx, awq_scales):
        """Stores a calibration's result and drops the float kernel.

        Args:
            codes: Integer codes `[columns, rows]` (unpacked).
            scale: `[columns, num_groups]` scales.
            zero: `[columns, num_groups]` zero points.
            g_idx: `[rows]` group index of each row.
            awq_scales: `[rows]` AWQ factors, or `None` for GPTQ.
        """
        mode = self.quantization_mode
        codes = pack_codes(
            ops.cast(codes, "uint8"), self._path_dtype_policy.weight_bits
        )
        self.quantized_kernel.assign(codes)
        self.kernel_scale.assign(scale)
        self.kernel_zero.assign(ops.cast(zero, "uint8"))
        self.g_idx.assign(g_idx)
        if awq_scales is not None:
            self.awq_scales.assign(awq_scales)
        if getattr(self, "_kernel", None) is not None:
            self._untrack_variable(self._kernel)
            del self._kernel
        self._set_calibrated(mode, True)

    def _zero_point_weights(self):
        """The GPTQ/AWQ variables in the order of upstream's weights
        files (after the bias)."""
        weights = [self.quantized_kernel, self.kernel_scale, self.kernel_zero]
        if self.quantization_mode == "awq":
            weights.append(self.awq_scales)
        return weights + [self.g_idx]

    def _zero_point_codes(self):
        """The codes `[columns, rows]`, unpacked (`uint8`)."""
        return unpack_codes(
            self.quantized_kernel,
            self.kernel_scale.shape[0],
            self._path_dtype_policy.weight_bits,
        )

    def load_own_variables(self, store):
        """Loads a store written by `save_own_variables`, or by Keras 3.15
        (see `_stored_value_conversions`)."""
        conversions = self._stored_value_conversions()
        converted = {
            key: convert(store[key])
            for key, (stored_shape, convert) in conversions.items()
            if key in store and tuple(store[key].shape) == stored_shape
        }
        if converted:
            store = {key: converted.get(key, store[key]) for key in store}
        super().load_own_variables(store)

    def _stored_value_conversions(self):
        """`{key: (stored_shape, convert)}`: a saved value under `key` (in
        the layer's weights-file order) whose shape is `stored_shape` is
        loaded as `convert(value)`.

        Keras 3.15 saved 2-bit GPTQ codes one a byte (`[columns, rows]`);
        they are packed four a byte on the way in.
        """
        if (
            self.quantization_mode not in ZERO_POINT_MODES
            or self._path_dtype_policy.weight_bits != 2
        ):
            return {}
        unpacked_shape = (
            self.kernel_scale.shape[0],
            self.quantized_kernel.shape[1],
        )
        if unpacked_shape == tuple(self.quantized_kernel.shape):
            return {}
        bits = self._path_dtype_policy.weight_bits
        return {
            str(i): (
                unpacked_shape,
                lambda codes: pack_codes(ops.cast(codes, "uint8"), bits),
            )
            for i, variable in enumerate(self._own_weights())
            if variable is self.quantized_kernel
        }

    def _zero_point_float_kernel(self):
        """The kernel the codes stand for, in the float kernel's shape and
        the compute dtype."""
        from keras.src.quantizers import quantizers

        kernel = quantizers.dequantize_with_sz_map(
            self._zero_point_codes(),
            self.kernel_scale,
            self.kernel_zero,
            self.g_idx,
        )
        if self.quantization_mode == "awq":
            kernel = ops.divide(kernel, self.awq_scales)
        kernel = ops.reshape(
            ops.transpose(kernel), self._zero_point_kernel_shape
        )
        return ops.cast(kernel, self.compute_dtype)

    def _set_calibrated(self, mode, calibrated):
        """Sets `is_gptq_calibrated` and `is_awq_calibrated`: whether the
        codes of `mode` hold the layer's weights (`calibrated`); the flag
        of the other mode is `False`."""
        for each in ZERO_POINT_MODES:
            setattr(self, f"is_{each}_calibrated", calibrated and each == mode)

    def _is_calibrated(self):
        return getattr(self, f"is_{self.quantization_mode}_calibrated", True)

    def _weights_to_save(self):
        """Refuses to save codes that no calibration has filled in (they
        would load as a broken kernel)."""
        mode = self.quantization_mode
        if mode in ZERO_POINT_MODES and not self._is_calibrated():
            raise ValueError(
                f"Layer '{self.name}' uses {mode.upper()} quantization but "
                "has never been calibrated, so its codes, scales and zero "
                "points hold no weights yet and cannot be saved. Calibrate "
                f"it first (`model.quantize(\"{mode}\", config=...)` with "
                "calibration data), or leave it out of the quantization."
            )
        return super()._weights_to_save()

    def _zero_point_call(self, inputs):
        if not self._is_calibrated():
            # Quantized but not calibrated yet: the float kernel computes,
            # while a calibration (if running) records the inputs.
            observer = getattr(self, "_calibration_observer", None)
            if observer is not None:
                observer(inputs)
            return self._apply_kernel(inputs, self._kernel)
        return self._apply_kernel(inputs, self._zero_point_float_kernel())

    def _gptq_call(self, inputs, training=False):
        return self._zero_point_call(inputs)

    def _awq_call(self, inputs, training=False):
        return self._zero_point_call(inputs)

    def _zero_point_kernel(self):
        """What `layer.kernel` returns in GPTQ/AWQ mode: the unpacked codes
        `[columns, rows]` once calibrated, the float kernel before."""
        if self._is_calibrated():
            return self._zero_point_codes()
        return getattr(self, "_kernel", None)


def pack_codes(codes, bits):
    """Packs `uint8` codes `[columns, rows]` of `bits` bits along the
    columns, as `quantized_kernel` stores them."""
    from keras.src.quantizers import quantizers

    if bits == 4:
        return quantizers.pack_int4(codes, axis=0, dtype="uint8")[0]
    if bits == 2:
        return quantizers.pack_int2(codes, axis=0, dtype="uint8")[0]
    return codes


def unpack_codes(packed, columns, bits):
    """Inverts `pack_codes`: the `uint8` codes `[columns, rows]`."""
    from keras.src.quantizers import quantizers

    if bits == 4:
        return quantizers.unpack_int4(packed, columns, axis=0, dtype="uint8")
    if bits == 2:
        return quantizers.unpack_int2(packed, columns, axis=0, dtype="uint8")
    return packed


# --------------------------------------------------------------- layouts
def replicated(value):
    """`value` with a full copy on every device of the current
    distribution (unchanged without one).

    GPTQ and AWQ round a kernel with many small computations (a loop over
    its columns, a grid search); on a replicated copy they run on each
    device without any collective, instead of exchanging shards of a
    sharded kernel at every step."""
    from keras.src.distribution import distribution_lib

    distribution = distribution_lib.distribution()
    if distribution is None:
        return value
    layout = distribution_lib.TensorLayout(
        (None,) * len(value.shape), distribution.device_mesh
    )
    return distribution_lib.distribute_tensor(value, layout)


def _matrix_picks(base, kernel_shape, rows):
    """Which float-kernel axis the `(rows, columns)` view's dimensions take
    their mesh axes from: the leading kernel axis of each merged group of
    axes, when the group's other axes are unsharded (`None` otherwise, or
    without a distribution)."""
    if base is None:
        return None, None
    axes = base[0]
    split, size = 0, 1
    while size < rows:
        size *= kernel_shape[split]
        split += 1

    def pick(first, last):
        if first == last or any(a is not None for a in axes[first + 1 : last]):
            return None
        return first

    return pick(0, split), pick(split, len(kernel_shape))
