"""Helpers shared by the layers that quantize their weights.

A quantizable weight is handled through its *matrix view* `(rows,
columns)`: the rows are the input features (the axis contracted with the
layer's inputs, along which int4 groups run) and the columns the output
channels (each gets its own scales). `Dense` kernels are already such a
matrix; the other layers say how to reshape or transpose their weight
into one.
"""

import re

import numpy as np

from keras.src import ops
from keras.src.dtype_policies.dtype_policy import QUANTIZATION_MODES
from keras.src.dtype_policies.dtype_policy import Int4DTypePolicy
from keras.src.dtype_policies.dtype_policy import QuantizedDTypePolicy
from keras.src.dtype_policies.dtype_policy import QuantizedFloat8DTypePolicy
from keras.src.dtype_policies.dtype_policy import TernaryDTypePolicy

INT4_RANGE = (-8, 7)

# Modes whose stored weight holds integer codes that `_dequantized_base`
# turns back into floats (LoRA builds on that float weight).
DEQUANTIZABLE_MODES = ("int8", "int4", "ternary")


# ------------------------------------------------------------- selecting
def should_quantize_layer(layer, filters):
    """Whether `Model.quantize(..., filters=filters)` quantizes `layer`.

    Args:
        layer: The layer.
        filters: `None` (every layer), a regular expression or a list or
            tuple of them (searched in the layer's name; any may match),
            or a callable taking the layer and returning a boolean.

    Returns:
        A boolean.

    Example:

    >>> layer = keras.layers.Dense(2, name="ffn_up")
    >>> should_quantize_layer(layer, ["attn", "ffn"])
    True
    """
    if filters is None:
        return True
    if callable(filters):
        return bool(filters(layer))
    if isinstance(filters, str):
        filters = [filters]
    if not isinstance(filters, (list, tuple)):
        raise ValueError(
            "The `filters` argument must be a regex string, a list of "
            "regex strings, or a callable taking a layer. Received: "
            f"filters={filters!r} (of type {type(filters).__name__})"
        )
    return any(re.search(pattern, layer.name) for pattern in filters)


def check_mode(mode, supported):
    """Raises `NotImplementedError` unless `mode` is one of `supported`
    (the modes a layer implements)."""
    if mode not in QUANTIZATION_MODES or mode not in supported:
        raise NotImplementedError(
            f"Invalid quantization mode. Expected one of {tuple(supported)}. "
            f"Received: quantization_mode={mode}"
        )


def default_config(mode, config):
    """`config`, or the default config of `mode` when `config` is None."""
    if config is not None:
        return config
    from keras.src.quantizers import quantization_config

    return quantization_config.validate_and_resolve_config(mode, None)


def int4_block_size(layer, config):
    """The int4 block size of `layer` as configured: from its
    `Int4DTypePolicy`, else from `config`; `None` or `-1` mean per-channel
    scales (see `is_grouped`)."""
    policy = layer._path_dtype_policy
    if isinstance(policy, Int4DTypePolicy):
        return policy.block_size
    if config is not None and config.mode == "int4":
        return config.block_size
    return None


def is_grouped(block_size):
    """Whether an int4 `block_size` asks for grouped scales."""
    return block_size is not None and block_size != -1


def policy_after_quantize(layer, config):
    """The dtype policy a float `layer` gets once quantized with
    `config`."""
    source = layer._path_dtype_policy.name
    if config.mode == "float8":
        return QuantizedFloat8DTypePolicy("float8", source)
    if config.mode == "ternary":
        return TernaryDTypePolicy("ternary", source)
    if config.mode == "int4" and is_grouped(int4_block_size(layer, config)):
        return Int4DTypePolicy(f"int4/{config.block_size}", source)
    return QuantizedDTypePolicy(config.mode, source)


def group_count(rows, block_size):
    return -(-rows // block_size)


# -------------------------------------------------------- the procedure
def snapshot_layers(layers):
    """Records the state of `layers` that quantizing them changes, and
    returns a function putting it back.

    Quantizing replaces a layer's float variables by new ones and sets
    attributes (the dtype policy, the quantization config, the new
    variables); the float variables themselves are never modified. So the
    attributes as they are now, with copies of the collections the layer
    updates in place, are enough to undo it: `Model.quantize` uses this to
    leave every layer as it was when one of them fails.
    """
    saved = []
    for layer in layers:
        state = dict(layer.__dict__)
        for key, value in state.items():
            if type(value) in (list, set, dict):
                state[key] = type(value)(value)
        saved.append((layer, state, layer._tracker.locked))

    def restore():
        for layer, state, locked in saved:
            layer.__dict__.clear()
            layer.__dict__.update(
                {
                    key: type(value)(value)
                    if type(value) in (list, set, dict)
                    else value
                    for key, value in state.items()
                }
            )
            layer._tracker.locked = locked

    return restore


def quantize_in_place(layer, config, float_attrs, values_fn):
    """Quantizes the float weights of a built `layer` for `config`.

    For `"float8"` the weights stay float and the layer's `_float8_build`
    adds the scaling state. Otherwise the quantized values are computed
    from the float weights (`values_fn(weight, mode, config)` returns
    `{attribute: value}`, one call per weight named in `float_attrs`),
    `layer.quantized_build` creates the quantized variables (under the
    same attributes), which take the place of the float ones in the
    layer's variables, and the values are assigned. Finally the layer's
    dtype policy becomes the quantized one.
    """
    if isinstance(float_attrs, str):
        float_attrs = [float_attrs]
    mode = config.mode
    policy = policy_after_quantize(layer, config)
    layer._tracker.unlock()
    try:
        if mode == "float8":
            layer.quantization_config = config
            layer._float8_build()
        else:
            olds = [getattr(layer, attr, None) for attr in float_attrs]
            olds = [old for old in olds if old is not None]
            values = {}
            for old in olds:
                values.update(values_fn(old, mode, config))
            before = {id(v) for v in layer._own_variables}
            layer.quantized_build(tuple(olds[0].shape), mode, config)
            created = [v for v in layer._own_variables if id(v) not in before]
            layer._replace_variable(olds[0], created)
            for old in olds[1:]:
                layer._untrack_variable(old)
                layer._own_variables = [
                    v for v in layer._own_variables if v is not old
                ]
            for attr, value in values.items():
                getattr(layer, attr).assign(value)
    finally:
        layer._lock_state()
    layer._set_dtype_policy(policy)


def file_order(layer, first):
    """The layer's own weights with `first` (`None`s dropped) in front,
    the others after them in their usual order; LoRA factors are left
    out (weights files hold the merged weight instead)."""
    from keras.src.layers.layer import Layer

    first = [v for v in first if v is not None]
    skipped = {id(v) for v in first}
    lora_variables = getattr(layer, "_lora_variables", None)
    if lora_variables is not None:
        skipped |= {id(v) for v in lora_variables()}
    rest = [v for v in Layer._own_weights(layer) if id(v) not in skipped]
    return first + rest


# --------------------------------------------------------------- layouts
def float_weight_layout(layer, name, shape):
    """`(axes, mesh)` of the float weight `name` (of `shape`) that a
    quantized variable replaces, under the current distribution: the
    layout of the existing float variable, else the one the distribution
    would give a float variable of that path and of the logical axis
    names the layer gives it (`layer._float_weight_axis_names(name)`).
    `None` without a distribution (or when the layout does not fit
    `shape`)."""
    from keras.src.backend.common.name_scope import current_path
    from keras.src.distribution import distribution_lib
    from keras.src.layers import layer as layer_module

    distribution = distribution_lib.distribution()
    if distribution is None:
        return None
    with layer_module._variable_scope(layer):
        path = f"{current_path()}/{name}"
    existing = getattr(layer, f"_{name}", None)
    if existing is None:
        existing = getattr(layer, name, None)
    if existing is None or tuple(existing.shape) != tuple(shape):
        existing = None
    axis_names = getattr(existing, "_axis_names", None)
    if axis_names is None and hasattr(layer, "_float_weight_axis_names"):
        axis_names = layer._float_weight_axis_names(name)
    probe = _LayoutProbe(
        path, shape, getattr(existing, "_layout", None), axis_names
    )
    layout = distribution.get_variable_layout(probe)
    if layout is None or len(layout.axes) != len(shape):
        return None
    return tuple(layout.axes), layout.device_mesh


class _LayoutProbe:
    """What `Distribution.get_variable_layout` reads from a variable."""

    def __init__(self, path, shape, layout, axis_names=None):
        self.path = path
        self.shape = tuple(shape)
        self._layout = layout
        self._axis_names = axis_names


def derived_layout(base, picks, shape):
    """The layout of a quantized variable of `shape` whose axis `i` takes
    the mesh axes of the float weight's axis `picks[i]` (`None`:
    replicated), given `base = float_weight_layout(...)`. An axis whose
    size the mesh axes do not divide (e.g. a packed int4 axis) is
    replicated. `None` when `base` is."""
    from keras.src.distribution import distribution_lib

    if base is None:
        return None
    axes, mesh = base
    derived = []
    for size, pick in zip(shape, picks):
        entry = None if pick is None else axes[pick]
        if entry is not None and size % _mesh_size(mesh, entry):
            entry = None
        derived.append(entry)
    return distribution_lib.TensorLayout(tuple(derived), mesh)


def _mesh_size(mesh, entry):
    names = entry if isinstance(entry, (tuple, list)) else (entry,)
    size = 1
    for name in names:
        size *= mesh.shape[list(mesh.axis_names).index(name)]
    return size


# ----------------------------------------------------------- activations
def quantize_inputs(inputs_quantizer, inputs):
    """Quantizes layer inputs to int8, one scale per row unless the
    quantizer has its own axis.

    Returns:
        `(int8 inputs, scale)`.
    """
    if getattr(inputs_quantizer, "axis", None) is None:
        return inputs_quantizer(inputs, axis=-1)
    return inputs_quantizer(inputs)


# ------------------------------------------------------------------ int8
def quantize_weight(weight_quantizer, weight, reduce_axes, scale_shape):
    """Quantizes `weight` to int8, one scale per non-reduced position.

    Args:
        weight_quantizer: A quantizer, or `None` for
            `AbsMaxQuantizer(axis=reduce_axes)`.
        weight: The float weight.
        reduce_axes: The axes sharing one scale (the contracted ones).
        scale_shape: The shape the scale is stored with.

    Returns:
        `(int8 values, scale reshaped to scale_shape)`.
    """
    from keras.src.quantizers import quantizers

    if weight_quantizer is None:
        weight_quantizer = quantizers.AbsMaxQuantizer(axis=reduce_axes)
    quantized, scale = weight_quantizer(weight, to_numpy=True)
    if int(ops.size(scale)) != int(np.prod(scale_shape)):
        raise ValueError(
            "The weight quantizer must produce one scale per output "
            f"position, i.e. reduce the axes {tuple(reduce_axes)} of the "
            f"weight of shape {tuple(weight.shape)}; got a scale of shape "
            f"{tuple(scale.shape)}. Use "
            f"`AbsMaxQuantizer(axis={tuple(reduce_axes)})`."
        )
    return quantized, ops.reshape(scale, scale_shape)


# ------------------------------------------------------------------ int4
def int4_quantize_rows(weight, weight_quantizer=None):
    """Quantizes a `(channels, features)` weight to int4 values, one
    symmetric scale per row (per channel).

    Returns:
        `(q, scale)`: `q` is `int8` of the weight's shape, `scale` has
        shape `(channels,)`.
    """
    from keras.src.quantizers import quantizers

    if weight_quantizer is None:
        weight_quantizer = quantizers.AbsMaxQuantizer(
            axis=-1, value_range=INT4_RANGE, output_dtype="int8"
        )
    return quantize_weight(
        weight_quantizer, weight, (-1,), (int(weight.shape[0]),)
    )


def int4_quantize_matrix(matrix, block_size, weight_quantizer=None):
    """Quantizes a `(rows, columns)` matrix to int4 values in `[-8, 7]`.

    Per channel (`block_size` `None` or `-1`): symmetric, one scale per column,
    `matrix ~= q / scale`. Grouped: asymmetric, one scale and zero point
    per group of `block_size` rows and column,
    `matrix ~= (q - zero) * scale`.

    Returns:
        `(q, scale, zero)`: `q` is `int8` of the matrix's shape; `scale`
        has shape `(columns,)` per channel and `(groups, columns)`
        grouped; `zero` is `None` per channel.
    """
    from keras.src.quantizers import quantizers

    if not is_grouped(block_size):
        if weight_quantizer is None:
            weight_quantizer = quantizers.AbsMaxQuantizer(
                axis=0, value_range=INT4_RANGE, output_dtype="int8"
            )
        q, scale = weight_quantizer(matrix, to_numpy=True)
        return q, ops.reshape(scale, (matrix.shape[1],)), None
    return quantizers.abs_max_quantize_grouped_with_zero_point(
        matrix, block_size, value_range=INT4_RANGE, dtype="int8", to_numpy=True
    )


def int4_dequantize_matrix(q, scale, zero, group_index, dtype):
    """The float `(rows, columns)` matrix from int4 values `q` (unpacked,
    `int8`), per-channel or grouped as `int4_quantize_matrix` made it.

    Args:
        group_index: For grouped scales, the group of each row.
        dtype: The dtype of the result.
    """
    q = ops.cast(q, dtype)
    scale = ops.cast(scale, dtype)
    if zero is None:
        return ops.divide(q, scale)
    index = ops.cast(group_index, "int32")
    zero = ops.cast(ops.take(zero, index, axis=0), dtype)
    return ops.multiply(ops.subtract(q, zero), ops.take(scale, index, axis=0))


def group_index(rows, block_size):
    """The group of each of `rows` rows, as float32 (how `g_idx` is
    stored)."""
    return (np.arange(rows) // block_size).astype("float32")


def int4_grouped_build(
    layer,
    prefix,
    groups,
    columns,
    rows,
    transpose=False,
    layout=None,
    rows_layout=None,
):
    """Creates `<prefix>_scale`, `<prefix>_zero` and `g_idx` for grouped
    int4 scales of `groups` groups over `rows` rows and `columns`
    columns (`(columns, groups)` when `transpose`); `layout` is the
    layout of the scales and zero points, `rows_layout` that of `g_idx`
    (one entry per row: the layout of the float weight's row axis)."""
    shape = (columns, groups) if transpose else (groups, columns)
    scale = layer.add_weight(
        name=f"{prefix}_scale",
        shape=shape,
        initializer="ones",
        trainable=False,
        layout=layout,
    )
    zero = layer.add_weight(
        name=f"{prefix}_zero",
        shape=shape,
        initializer="zeros",
        dtype="int8",
        trainable=False,
        layout=layout,
    )
    g_idx = layer.add_weight(
        name="g_idx",
        shape=(rows,),
        initializer="zeros",
        dtype="float32",
        trainable=False,
        layout=rows_layout,
    )
    return scale, zero, g_idx


# --------------------------------------------------------------- ternary
def ternary_quantize(weight):
    """Quantizes a float weight to ternary values with one scale.

    The scale is the mean of `|weight|` (in float32) and each value
    becomes `round(weight / scale)` clipped to `[-1, 1]`: values smaller
    than half the scale in magnitude become 0 (a tie rounds to 0), the
    others their sign. `weight ~= q * scale`. An all-zero weight gets a
    zero scale and zero values.

    Returns:
        `(q, scale)`: `q` is an `int8` NumPy array of the weight's shape,
        `scale` a float32 NumPy scalar.

    Example:

    >>> q, scale = ternary_quantize(np.array([[1.0, -3.0], [0.5, 3.5]]))
    >>> scale, q.tolist()  # 0.5 / 2 = 0.25 rounds to 0
    (2.0, [[0, -1], [0, 1]])
    """
    w = np.asarray(ops.convert_to_numpy(weight), "float32")
    scale = np.mean(np.abs(w), dtype="float32")
    if scale > 0:
        q = np.clip(np.round(w / scale), -1, 1)
    else:
        q = np.zeros_like(w)
    return q.astype("int8"), scale


def ternary_build(layer, kernel_shape):
    """Creates the variables of a ternary `(rows, columns)` kernel: the
    `uint8` `kernel` of shape `(ceil(rows / 5), columns)` (five values a
    byte along the rows) and the scalar `kernel_scale`. Under a
    distribution the packed kernel keeps the float kernel's mesh axes
    (the packed rows only when their count still divides) and the scale
    is replicated.

    Returns:
        `(packed_kernel, kernel_scale)`.
    """
    rows, columns = kernel_shape
    base = float_weight_layout(layer, "kernel", kernel_shape)
    packed_shape = (-(-rows // 5), columns)
    packed = layer.add_weight(
        shape=packed_shape,
        name="kernel",
        initializer="zeros",
        dtype="uint8",
        trainable=False,
        layout=derived_layout(base, (0, 1), packed_shape),
    )
    scale = layer.add_weight(
        shape=(),
        name="kernel_scale",
        initializer="ones",
        trainable=False,
        layout=derived_layout(base, (), ()),
    )
    return packed, scale


# ---------------------------------------------------------------- float8
FLOAT8_VARIABLES = ("inputs", "kernel", "outputs_grad")


def float8_build(layer, amax_history_length):
    """Creates the delayed-scaling state of a float8 layer: for each of
    `FLOAT8_VARIABLES`, a scalar `<name>_scale` (starting at 1) and an
    `<name>_amax_history` of `amax_history_length` zeros. They are
    trainable with `overwrite_with_gradient=True`: the "gradient" the
    layer's custom backward pass returns for them is their new value."""
    for name in FLOAT8_VARIABLES:
        scale = layer.add_weight(
            name=f"{name}_scale",
            shape=(),
            initializer="ones",
            trainable=True,
        )
        history = layer.add_weight(
            name=f"{name}_amax_history",
            shape=(amax_history_length,),
            initializer="zeros",
            trainable=True,
        )
        scale.overwrite_with_gradient = True
        history.overwrite_with_gradient = True
        setattr(layer, f"{name}_scale", scale)
        setattr(layer, f"{name}_amax_history", history)


def float8_variables(layer):
    """The float8 state of `layer` in file order."""
    return [
        getattr(layer, f"{name}_{kind}")
        for name in FLOAT8_VARIABLES
        for kind in ("scale", "amax_history")
    ]


def kernel_quantization_weights(layer):
    """The variables a quantized `_kernel` (of `Dense` or `EinsumDense`)
    keeps beside it, in the order of upstream Keras' weights files (after
    the kernel and bias); `[]` when `layer` is not quantized."""
    from keras.src.quantizers import zero_point_kernel

    mode = layer.quantization_mode
    if mode in ("int8", "ternary"):
        return [layer.kernel_scale]
    if mode == "int4":
        if not is_grouped(layer._int4_block_size):
            return [layer.kernel_scale]
        return [layer.kernel_scale, layer.kernel_zero, layer.g_idx]
    if mode == "float8":
        return float8_variables(layer)
    if mode in zero_point_kernel.ZERO_POINT_MODES:
        return layer._zero_point_weights()
    return []


def float8_contract(layer, inputs, kernel, contract, contract_grads):
    """`contract(x, k)` (the layer's matmul or einsum) computed on
    float8-rounded operands, with delayed scaling.

    The inputs and kernel are rounded through `float8_e4m3fn` with the
    layer's current scales. In the backward pass the output gradient is
    rounded through `float8_e5m2`, `contract_grads(x, k, g)` returns the
    gradients `(dx, dk)` of the rounded operands, and the "gradients" of
    the scales and amax histories are their next values: each history
    records the largest magnitude of this step, and each scale is
    recomputed from the previous history.
    """
    from keras.src.quantizers import quantizers

    dtype = layer.compute_dtype

    def next_state(value, scale, history, float8_dtype):
        dtype_max = float(_float8_max(float8_dtype))
        new_scale = quantizers.compute_float8_scale(
            ops.max(history), scale, dtype_max
        )
        new_history = quantizers.compute_float8_amax_history(value, history)
        return new_scale, new_history

    def round_to(value, scale, float8_dtype):
        return quantizers.quantize_and_dequantize(
            value, scale, float8_dtype, dtype
        )

    @ops.custom_gradient
    def contract_float8(
        x, k, x_scale, x_hist, k_scale, k_hist, g_scale, g_hist
    ):
        x_q = round_to(x, x_scale, "float8_e4m3fn")
        k_q = round_to(k, k_scale, "float8_e4m3fn")

        def grad(upstream):
            g_q = round_to(upstream, g_scale, "float8_e5m2")
            dx, dk = contract_grads(x_q, k_q, g_q)
            return (
                dx,
                dk,
                *next_state(x, x_scale, x_hist, "float8_e4m3fn"),
                *next_state(k, k_scale, k_hist, "float8_e4m3fn"),
                *next_state(upstream, g_scale, g_hist, "float8_e5m2"),
            )

        return contract(x_q, k_q), grad

    return contract_float8(
        inputs,
        kernel,
        layer.inputs_scale,
        layer.inputs_amax_history,
        layer.kernel_scale,
        layer.kernel_amax_history,
        layer.outputs_grad_scale,
        layer.outputs_grad_amax_history,
    )


def float8_round(layer, value, scale):
    """`value` rounded through `float8_e4m3fn` with `scale`, in the
    layer's compute dtype (the forward pass of a float8 layer)."""
    from keras.src.quantizers import quantizers

    return quantizers.quantize_and_dequantize(
        value, scale, "float8_e4m3fn", layer.compute_dtype
    )


def _float8_max(float8_dtype):
    import ml_dtypes

    return ml_dtypes.finfo(getattr(ml_dtypes, float8_dtype)).max
