"""Pieces shared by the core layers with one quantizable, LoRA-capable
weight (`Dense`, `EinsumDense`, `Embedding`): their LoRA and quantization
constructor arguments and config entries, and the variables that hold a
weight once quantized to int8 or int4.

The variables are frozen and, under a distribution, laid out after the
float weight they replace: `base` is `layouts.float_weight_layout(...)`
of that weight and `picks` name, for each axis of the new variable, the
float weight's axis whose layout it takes (`None`: replicated).
"""

from keras.src import constraints
from keras.src import initializers
from keras.src import regularizers
from keras.src.dtype_policies.dtype_policy import QuantizedFloat8DTypePolicy
from keras.src.quantizers import int4
from keras.src.quantizers import layouts
from keras.src.saving import serialization_lib
from keras.src.utils.python_utils import ceil_div


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


def set_weight_settings(layer, weight, initializer, regularizer, constraint):
    """Resolves and stores the `<weight>_initializer`,
    `<weight>_regularizer` and `<weight>_constraint` arguments of
    `layer`."""
    setattr(layer, f"{weight}_initializer", initializers.get(initializer))
    setattr(layer, f"{weight}_regularizer", regularizers.get(regularizer))
    setattr(layer, f"{weight}_constraint", constraints.get(constraint))


def weight_settings_config(layer, weights):
    """The config entries of the `<weight>_initializer`,
    `<weight>_regularizer` and then `<weight>_constraint` attributes of
    `layer`, for each name in `weights`."""
    config = {}
    for weight in weights:
        config[f"{weight}_initializer"] = initializers.serialize(
            getattr(layer, f"{weight}_initializer")
        )
        config[f"{weight}_regularizer"] = regularizers.serialize(
            getattr(layer, f"{weight}_regularizer")
        )
    for weight in weights:
        config[f"{weight}_constraint"] = (
            serialization_lib.serialize_keras_object(
                getattr(layer, f"{weight}_constraint")
            )
        )
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
