"""Helpers shared by the layers that quantize their weights to int8."""

from keras.src import ops
from keras.src.dtype_policies.dtype_policy import QUANTIZATION_MODES
from keras.src.dtype_policies.dtype_policy import QuantizedDTypePolicy


def check_implemented_mode(mode):
    """Raises `NotImplementedError` unless `mode` is implemented here."""
    if mode not in QUANTIZATION_MODES:
        raise NotImplementedError(
            "Invalid quantization mode. Expected one of "
            f"{QUANTIZATION_MODES}. Received: mode={mode}"
        )
    if mode != "int8":
        raise NotImplementedError(
            f"Quantization mode '{mode}' is not implemented in this fork "
            "yet; only 'int8' is. Use mode='int8'."
        )


def default_config(mode, config):
    """`config`, or the default config of `mode` when `config` is None."""
    if config is not None:
        return config
    from keras.src.quantizers import quantization_config

    return quantization_config.validate_and_resolve_config(mode, None)


def quantize_inputs(inputs_quantizer, inputs):
    """Quantizes layer inputs to int8, one scale per row by default.

    Returns:
        `(int8 inputs, scale)`.
    """
    if getattr(inputs_quantizer, "axis", None) is None:
        return inputs_quantizer(inputs, axis=-1)
    return inputs_quantizer(inputs)


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
    expected = 1
    for dim in scale_shape:
        expected *= dim
    if int(ops.size(scale)) != expected:
        raise ValueError(
            "The weight quantizer must produce one scale per output "
            f"position, i.e. reduce the axes {tuple(reduce_axes)} of the "
            f"weight of shape {tuple(weight.shape)}; got a scale of shape "
            f"{tuple(scale.shape)}. Use "
            f"`AbsMaxQuantizer(axis={tuple(reduce_axes)})`."
        )
    return quantized, ops.reshape(scale, scale_shape)


def quantize_layer_weight(layer, attribute, mode, config, reduce_axes):
    """Replaces the float weight `layer.<attribute>` by its int8 version.

    The layer's `quantized_build` creates the int8 weight (under the same
    attribute) and its scale (`layer.<attribute without _>_scale`); they
    take the place of the float weight in the layer's variables. The
    layer's dtype policy becomes `"<mode>_from_<previous policy>"`.
    """
    old = getattr(layer, attribute)
    scale_name = f"{attribute.lstrip('_')}_scale"
    layer.quantization_config = config
    layer._tracker.unlock()
    layer.quantized_build(tuple(old.shape), mode, config)
    layer._lock_state()
    new = getattr(layer, attribute)
    scale = getattr(layer, scale_name)
    quantized, scale_value = quantize_weight(
        config.weight_quantizer, old, reduce_axes, tuple(scale.shape)
    )
    layer._replace_variable(old, [new, scale])
    new.assign(quantized)
    scale.assign(scale_value)
    layer._set_dtype_policy(
        QuantizedDTypePolicy(mode, source_name=layer.dtype_policy.name)
    )


def should_quantize_layer(layer, filters):
    """Whether `Model.quantize(filters=...)` selects `layer`.

    Args:
        layer: The candidate layer.
        filters: `None` (every layer), a regex searched in `layer.name`, a
            list or tuple of such regexes (any may match), or a callable
            taking the layer and returning a boolean.

    Returns:
        A boolean.

    Example:

    >>> layer = keras.layers.Dense(2, name="ffn_up")
    >>> should_quantize_layer(layer, ["attn", "ffn"])
    True
    """
    import re

    if filters is None:
        return True
    if isinstance(filters, str):
        return re.search(filters, layer.name) is not None
    if isinstance(filters, (list, tuple)):
        return any(re.search(f, layer.name) is not None for f in filters)
    if callable(filters):
        return bool(filters(layer))
    raise ValueError(
        "The `filters` argument must be a regex string, a list of regex "
        "strings, or a callable taking a layer. Received: "
        f"filters={filters!r} (of type {type(filters).__name__})"
    )
