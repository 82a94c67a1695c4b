"""Pieces shared by the core layers with a quantizable weight (`Dense`,
`EinsumDense`, `Embedding`, and in part `TernaryDense`): the docstring
entries, storage and config entries of their weight settings and of
their LoRA and quantization arguments, and the variables that hold a
weight once quantized to int8 or int4.

The variables are frozen and, under a distribution, laid out after the
float weight they replace: `base` is `layouts.float_weight_layout(...)`
of that weight and `picks` name, for each axis of the new variable, the
float weight's axis whose layout it takes (`None`: replicated).
"""

from keras.src.dtype_policies.dtype_policy import QuantizedFloat8DTypePolicy
from keras.src.layers.weight_settings import settings_config
from keras.src.quantizers import int4
from keras.src.quantizers import layouts
from keras.src.saving import serialization_lib
from keras.src.utils.python_utils import ceil_div

# `Args:` entries written into the docstrings of the layers, where a line
# says `{<key>}` (see `with_shared_args`).
_SHARED_ARGS = {
    "kernel_and_bias_args": """\
        kernel_initializer: How to initialize `kernel`. Defaults to
            `"glorot_uniform"`.
        bias_initializer: How to initialize `bias`. Defaults to `"zeros"`.
        kernel_regularizer: Optional penalty on `kernel`, added to the
            layer's losses.
        bias_regularizer: Optional penalty on `bias`.
        activity_regularizer: Optional penalty computed on the layer's
            output.
        kernel_constraint: Optional projection applied to `kernel` after
            each optimizer update.
        bias_constraint: Optional projection applied to `bias` after each
            optimizer update.
""",
    "lora_and_quantization_args": """\
        lora_rank: Optional positive integer. When given, LoRA (low-rank
            adaptation) is switched on with this rank as soon as the layer
            is built (see `enable_lora`).
        lora_alpha: Optional number controlling the strength of the LoRA
            update: the low-rank product is multiplied by
            `lora_alpha / lora_rank`. Defaults to `lora_rank` (a factor
            of 1).
        quantization_config: Optional `keras.quantizers.QuantizationConfig`
            used when the layer's dtype policy is quantized (e.g.
            `"int8_from_float32"`); `None` uses the mode's defaults.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.
""",
}


def with_shared_args(cls):
    """Class decorator writing the `_SHARED_ARGS` entries into the
    docstring of `cls`, each in place of its `{<key>}` line."""
    for key, text in _SHARED_ARGS.items():
        cls.__doc__ = cls.__doc__.replace(f"        {{{key}}}\n", text)
    return cls


def set_lora_and_quantization_args(
    layer, lora_rank, lora_alpha, quantization_config
):
    """Stores the `lora_rank`, `lora_alpha` (defaulting to the rank) and
    `quantization_config` (deserialized when given as a dict) arguments
    on `layer`; LoRA starts disabled."""
    layer.lora_rank = lora_rank
    layer.lora_alpha = lora_rank if lora_alpha is None else lora_alpha
    layer.lora_enabled = False
    if isinstance(quantization_config, dict):
        quantization_config = serialization_lib.deserialize_keras_object(
            quantization_config
        )
    layer.quantization_config = quantization_config


def lora_and_quantization_config(layer):
    """The config entries of the LoRA and quantization arguments, for
    those that are set."""
    config = {}
    if layer.lora_rank:
        config.update(lora_rank=layer.lora_rank, lora_alpha=layer.lora_alpha)
    if layer.quantization_config is not None:
        config["quantization_config"] = (
            serialization_lib.serialize_keras_object(layer.quantization_config)
        )
    return config


def weight_settings_config(layer, weights):
    """The config entries of the `<weight>_initializer` and
    `<weight>_regularizer` attributes of `layer`, weight by weight for
    each name in `weights`, then of their `<weight>_constraint`s."""
    config = {}
    for weight in weights:
        config.update(
            settings_config(layer, (weight,), "initializer", "regularizer")
        )
    config.update(settings_config(layer, weights, "constraint"))
    return config


def float8_history_length(layer):
    """How many past maxima the float8 scaling state of `layer` keeps
    (set by its dtype policy, else the policy's default)."""
    return getattr(
        layer._path_dtype_policy,
        "amax_history_length",
        QuantizedFloat8DTypePolicy.default_amax_history_length,
    )


def add_integer_values(layer, name, shape, base, picks):
    """A frozen `int8` variable `name` of `shape`, zeros at first."""
    return layer.add_weight(
        shape=shape,
        name=name,
        initializer="zeros",
        dtype="int8",
        trainable=False,
        layout=layouts.derived_layout(base, picks, shape),
    )


def add_scales(layer, name, shape, base, picks):
    """A frozen float variable `name` of `shape`, ones at first."""
    return layer.add_weight(
        shape=shape,
        name=name,
        initializer="ones",
        trainable=False,
        layout=layouts.derived_layout(base, picks, shape),
    )


def build_int8(layer, prefix, shape, base, scale_shape, scale_picks):
    """Sets `layer._<prefix>` to the `int8` values of the weight `prefix`
    (of `shape`) and `layer.<prefix>_scale` to its scales."""
    picks = tuple(range(len(shape)))
    values = add_integer_values(layer, prefix, shape, base, picks)
    setattr(layer, f"_{prefix}", values)
    setattr(
        layer,
        f"{prefix}_scale",
        add_scales(layer, f"{prefix}_scale", scale_shape, base, scale_picks),
    )


def build_int4(layer, prefix, rows, columns, base, picks, transpose=False):
    """Sets on `layer` the int4 variables of the weight `prefix`, read as
    a `(rows, columns)` matrix (stored as `(columns, rows)` when
    `transpose`) whose float axes' layouts are `picks = (row_pick,
    column_pick)`, with `layer._int4_block_size` already set:

    - `_<prefix>`: the values, packed two per byte along the stored
      matrix's last axis;
    - `<prefix>_scale`: one scale per column, or with grouped scales one
      per column and group of rows, along with `<prefix>_zero` (zero
      points) and `g_idx` (the group of each row).
    """
    row_pick, column_pick = picks
    if transpose:
        packed_shape = (columns, ceil_div(rows, 2))
        packed_picks = (column_pick, row_pick)
    else:
        packed_shape = (rows, ceil_div(columns, 2))
        packed_picks = (row_pick, column_pick)
    setattr(
        layer,
        f"_{prefix}",
        add_integer_values(layer, prefix, packed_shape, base, packed_picks),
    )
    if not int4.is_grouped(layer._int4_block_size):
        setattr(
            layer,
            f"{prefix}_scale",
            add_scales(
                layer, f"{prefix}_scale", (columns,), base, (column_pick,)
            ),
        )
        return
    groups = int4.group_count(rows, layer._int4_block_size)
    if transpose:
        scale_shape, scale_picks = (columns, groups), (column_pick, None)
    else:
        scale_shape, scale_picks = (groups, columns), (None, column_pick)
    scale, zero, g_idx = int4.int4_grouped_build(
        layer,
        prefix,
        groups,
        columns,
        rows,
        transpose=transpose,
        layout=layouts.derived_layout(base, scale_picks, scale_shape),
        rows_layout=layouts.derived_layout(base, (row_pick,), (rows,)),
    )
    setattr(layer, f"{prefix}_scale", scale)
    setattr(layer, f"{prefix}_zero", zero)
    layer.g_idx = g_idx
