"""Quantized policies that a rebuilt model's layers missed by path.

A model quantized layer by layer can record each layer's policy in a
`DTypePolicyMap` keyed by layer path (keras-hub's backbones put one in
their configs). The model rebuilt from such a config does not always
give its layers the paths of the original:

- a generated name takes the next free counter of its process
  (`moe_block_1` is `moe_block_2` when another model was built first);
- a layer named after its model (`f"{model.name}_encoder"` when the model
  is given a name, `"encoder"` otherwise) gains the model's name when the
  config passes the name the original generated afterwards.

Those layers miss their entries, are built in float and hold fewer
variables than the saved model, whose weights then do not load.
`apply_unmatched_policies(model)` runs once a model is rebuilt: the map's
quantized entries that no layer's path matched are paired with the
layers that matched no entry, where the pairing is unambiguous, and each
paired layer is quantized in place as its entry says (its variables are
then those of the original layer; their values come from the weights
loaded next). An ambiguous entry is left alone, as before.
"""

import re

from keras.src.dtype_policies.dtype_policy import Int4DTypePolicy
from keras.src.dtype_policies.dtype_policy_map import DTypePolicyMap

# Modes a built float layer takes in place without calibration data.
_IN_PLACE_MODES = ("int8", "int4", "float8", "ternary")
_COUNTER = re.compile(r"^(.*?)(?:_(\d+))?$")
_REGEX_CHARACTERS = set(".*+?[](){}|^$\\")


def apply_unmatched_policies(model):
    """Quantizes the layers of the rebuilt `model` that missed their
    `DTypePolicyMap` entries by path (see the module docstring)."""
    holders = {}
    for layer in model._flatten_layers(include_self=True):
        policy_map = layer._dtype_policy
        if isinstance(policy_map, DTypePolicyMap) and len(policy_map):
            holders.setdefault(id(policy_map), (policy_map, []))[1].append(
                layer
            )
    if not holders:
        return
    owners = _owner_names(model)
    for policy_map, layers in holders.values():
        for key, layer in _pairs(policy_map, layers, owners):
            _quantize_as(layer, policy_map[key])


def _owner_names(model):
    """`{id(layer): names of the layers that contain it}`."""
    owners = {}
    for outer in model._flatten_layers(include_self=True):
        for inner in outer._flatten_layers(include_self=False):
            owners.setdefault(id(inner), set()).add(outer.name)
    return owners


def _pairs(policy_map, layers, owners):
    """(key, layer) pairs of the unmatched quantized entries and the
    layers without an entry that stand where they stood."""
    paths = {layer.path for layer in layers}
    patterns = [key for key in policy_map if _REGEX_CHARACTERS & set(key)]
    unmatched = [
        key
        for key in policy_map
        if policy_map[key].quantization_mode in _IN_PLACE_MODES
        and key not in paths
        and not (key in patterns and any(_full_match(key, p) for p in paths))
    ]
    if not unmatched:
        return []
    keys_by_form = {}
    for key in unmatched:
        keys_by_form.setdefault(_form(key.split("/")), []).append(key)
    layers_by_form = {}
    for layer in layers:
        if (
            layer.built
            and layer.quantization_mode is None
            and layer.path not in policy_map
            and not any(_full_match(key, layer.path) for key in patterns)
        ):
            segments = _without_owner(layer, owners)
            layers_by_form.setdefault(_form(segments), []).append(
                (segments, layer)
            )
    pairs = []
    for form, keys in keys_by_form.items():
        modes = {policy_map[key].quantization_mode for key in keys}
        found = [
            (segments, layer)
            for segments, layer in layers_by_form.get(form, [])
            if modes <= set(getattr(layer, "_QUANTIZATION_MODES", ()))
        ]
        if len(found) == len(keys):
            # Generated counters grow in creation order in both models.
            keys = sorted(keys, key=lambda k: _counters(k.split("/")))
            found = sorted(found, key=lambda item: _counters(item[0]))
            pairs.extend((k, layer) for k, (_, layer) in zip(keys, found))
        elif len(keys) == 1 and all(
            "/".join(segments) == keys[0] for segments, _ in found
        ):
            # Layers of one path in several nested models (the towers of
            # a two-encoder model) shared one entry.
            pairs.extend((keys[0], layer) for _, layer in found)
    return pairs


def _without_owner(layer, owners):
    """The segments of `layer.path`, each without a leading
    `f"{name}_"` of a layer that contains it but is not in its path."""
    path = layer.path.split("/")
    # A container named in the path is a parent; the prefix is the name
    # of a model that its sublayers were called outside of.
    names = sorted(owners.get(id(layer), set()) - set(path), key=len)[::-1]
    segments = []
    for segment in path:
        for name in names:
            prefix = f"{name}_"
            if segment.startswith(prefix) and len(segment) > len(prefix):
                segment = segment[len(prefix) :]
                break
        segments.append(segment)
    return segments


def _form(segments):
    """The segments without their generated counters."""
    return tuple(_COUNTER.match(segment).group(1) for segment in segments)


def _counters(segments):
    return tuple(int(_COUNTER.match(s).group(2) or 0) for s in segments)


def _full_match(key, path):
    try:
        return re.fullmatch(key, path) is not None
    except re.error:
        return False


def _quantize_as(layer, policy):
    """Quantizes the built float `layer` in place as `policy` says."""
    from keras.src.quantizers import quantization_config

    config = None
    if isinstance(policy, Int4DTypePolicy):
        config = quantization_config.Int4QuantizationConfig(
            block_size=policy.block_size
        )
    layer.quantize(policy.quantization_mode, type_check=False, config=config)
