"""Quantizing a built layer in place, and undoing it.

A layer's float variables are replaced by quantized ones, which its
`quantized_build` creates; `snapshot_layers` records what that changes so
that a failed `Model.quantize` can put every layer back.
"""

from keras.src.quantizers.layer_config import policy_after_quantize


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
    `layer.quantized_build` creates the quantized variables, which take
    the place of the float ones in the layer's variables, and the values
    are assigned. The quantized variables usually take the float ones'
    attributes; where they have their own (a packed ternary kernel), the
    float attribute is deleted. Finally the layer's
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
            for attr in float_attrs:
                # A float weight the quantized variables did not replace
                # under the same attribute (a packed ternary kernel has its
                # own) leaves no reference behind.
                if any(getattr(layer, attr, None) is old for old in olds):
                    delattr(layer, attr)
            for attr, value in values.items():
                getattr(layer, attr).assign(value)
    finally:
        layer._lock_state()
    layer._set_dtype_policy(policy)
