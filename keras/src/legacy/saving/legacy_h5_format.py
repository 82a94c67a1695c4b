"""The legacy `.h5` whole-model file (HDF5, in the Keras 2 layout).

Layout written by `save_model_to_hdf5` (no pickle anywhere):

```
/                      attrs: keras_version, backend,
                              model_config   JSON of
                                             `serialize_keras_object(model)`
                              training_config  JSON of the compile
                                               arguments in the Keras 2
                                               format (when compiled; see
                                               `saving_utils`)
/model_weights         attrs: layer_names    the model's layers, in order
                              keras_version, backend
/model_weights/<layer name>
                       attrs: weight_names   the layer's weights, in
                                             `layer.weights` order
/model_weights/<layer name>/<weight name>    one dataset per weight
```

Weight names are the variables' paths (made unique within a layer).
Weights are stored with their own dtype, except dtypes HDF5 cannot
represent (`bfloat16`, ...), which are stored as `float32` (exact for
`bfloat16`); loading casts to each variable's dtype. The optimizer's state
is not stored.

Loading matches the layers that have weights by position (or, with
`by_name=True`, by name), and each layer's weights by position, like the
Keras 2 loader did, so a file also loads into an equivalent model with
other generated names. Files whose root holds `layer_names` directly (a
Keras 2 `save_weights()` file) load the same way. Links (soft or external)
and datasets whose declared size is not backed by the file are refused.

The model config is read in either format: the current one (with
`"module"`, as written here) or the Keras 2 one (as Keras 2 and upstream
Keras 3 write it, see `serialization`); the training config too (the
current compile config format, or a Keras 2 one with an
`"optimizer_config"`).
"""

import json
import os
import warnings

import numpy as np

from keras.src.distribution import distribution_lib
from keras.src.legacy.saving import json_utils
from keras.src.legacy.saving import saving_utils
from keras.src.saving import serialization_lib
from keras.src.saving import weights_h5

MODEL_WEIGHTS = "model_weights"


def _h5py():
    import h5py

    return h5py


def _as_text(value):
    return value.decode("utf-8") if isinstance(value, bytes) else str(value)


def _text_list(values):
    return [_as_text(v) for v in np.asarray(values).tolist()]


def _layers(model):
    layers = getattr(model, "layers", None)
    return list(layers) if layers is not None else [model]


def _storable(array):
    if array.dtype.kind in "biuf":
        return array
    # bfloat16, float8, int4, ...: widen to a type HDF5 stores.
    return array.astype("float32")


def _weight_names(layer):
    names = []
    for variable in layer.weights:
        base = str(getattr(variable, "path", variable.name))
        name = base
        n = 0
        while name in names:
            n += 1
            name = f"{base}_{n}"
        names.append(name)
    return names


def _process_index():
    return distribution_lib.process_id()


def save_model_to_hdf5(model, filepath, overwrite=True, include_optimizer=True):
    """Saves `model` (config and weights) to a legacy `.h5` file.

    Args:
        model: The model.
        filepath: The target path.
        overwrite: Whether to replace an existing file.
        include_optimizer: Whether to store the compile config
            (`training_config`), so that the loaded model is compiled. The
            optimizer's state is not stored in this format.
    """
    from keras.src.backend import backend
    from keras.src.saving import saving_lib
    from keras.src.version import __version__

    filepath = os.fspath(filepath)
    if not overwrite and os.path.exists(filepath):
        raise ValueError(
            f"File '{filepath}' already exists and `overwrite=False`."
        )
    config = json.dumps(serialization_lib.serialize_keras_object(model))
    training_config = None
    if include_optimizer and hasattr(model, "get_compile_config"):
        compile_config = saving_utils.training_config(model)
        if compile_config:
            training_config = json.dumps(
                compile_config, default=json_utils.get_json_type
            )
    writer = _process_index() == 0
    layers = [(layer, _weight_names(layer)) for layer in _layers(model)]
    # Every process reads the values (sharded ones are gathered
    # collectively); process 0 alone writes the file.
    values = [
        [weights_h5.host_value(v, needed=writer) for v in layer.weights]
        for layer, _ in layers
    ]
    if not writer:
        return
    dirname = os.path.dirname(os.path.abspath(filepath))
    os.makedirs(dirname, exist_ok=True)
    with saving_lib.atomic_write_path(filepath) as tmp:
        with _h5py().File(tmp, "w") as f:
            f.attrs["keras_version"] = __version__
            f.attrs["backend"] = backend()
            f.attrs["model_config"] = config
            if training_config is not None:
                f.attrs["training_config"] = training_config
            group = f.create_group(MODEL_WEIGHTS)
            group.attrs["keras_version"] = __version__
            group.attrs["backend"] = backend()
            group.attrs["layer_names"] = [
                layer.name.encode("utf8") for layer, _ in layers
            ]
            for (layer, names), arrays in zip(layers, values):
                layer_group = group.create_group(layer.name)
                layer_group.attrs["weight_names"] = [
                    name.encode("utf8") for name in names
                ]
                for name, array in zip(names, arrays):
                    layer_group.create_dataset(name, data=_storable(array))


def _check_no_links(group):
    h5py = _h5py()
    for name in group:
        weights_h5.check_link(group, name)
        child = group[name]
        if isinstance(child, h5py.Group):
            _check_no_links(child)


def _weights_group(f):
    """The group holding `layer_names` (`/model_weights` or the root)."""
    if MODEL_WEIGHTS in f:
        weights_h5.check_link(f, MODEL_WEIGHTS)
        group = f[MODEL_WEIGHTS]
    else:
        group = f
    if "layer_names" not in group.attrs:
        raise ValueError(
            f"'{f.filename}' is not a legacy Keras `.h5` weights file: it "
            "has no `layer_names` attribute."
        )
    _check_no_links(group)
    return group


def _saved_layers(group):
    """`[(layer name, [arrays])]` of the saved layers that have weights."""
    saved = []
    for name in _text_list(group.attrs["layer_names"]):
        layer_group = group[name]
        weight_names = _text_list(layer_group.attrs.get("weight_names", []))
        arrays = [
            np.asarray(weights_h5.safe_get_h5_dataset(layer_group, w)[()])
            for w in weight_names
        ]
        if arrays:
            saved.append((name, arrays))
    return saved


def _assign_layer(layer, arrays, source, skip_mismatch):
    variables = layer.weights
    if len(variables) != len(arrays):
        message = (
            f"Layer '{layer.name}' expects {len(variables)} weights, but the "
            f"saved layer '{source}' has {len(arrays)} element(s)."
        )
        if skip_mismatch:
            return [message]
        raise ValueError(message)
    problems = []
    for variable, array in zip(variables, arrays):
        if tuple(variable.shape) != tuple(array.shape):
            message = (
                f"Shape mismatch in layer '{layer.name}' for weight "
                f"'{variable.path}': the weight has shape "
                f"{tuple(variable.shape)}, the saved value (from "
                f"'{source}') has shape {tuple(array.shape)}."
            )
            if not skip_mismatch:
                raise ValueError(message)
            problems.append(message)
    if problems:
        return problems
    return [(variable, array) for variable, array in zip(variables, arrays)]


def load_weights_from_hdf5_group(group, model, skip_mismatch=False):
    """Loads the layers' weights from `group`, matching layers that have
    weights by position. Returns nothing; raises `ValueError` on a
    mismatch (unless `skip_mismatch`, which skips mismatched layers)."""
    saved = _saved_layers(group)
    layers = [layer for layer in _layers(model) if layer.weights]
    if len(saved) != len(layers):
        raise ValueError(
            f"The file holds weights for {len(saved)} layer(s), but the "
            f"model has {len(layers)} layer(s) with weights."
        )
    _assign_all(
        [(layer, arrays, name) for layer, (name, arrays) in zip(layers, saved)],
        skip_mismatch,
    )


def load_weights_from_hdf5_group_by_name(group, model, skip_mismatch=False):
    """Like `load_weights_from_hdf5_group`, matching layers by name; model
    layers absent from the file are left as they are."""
    saved = dict(_saved_layers(group))
    jobs = []
    for layer in _layers(model):
        if layer.weights and layer.name in saved:
            jobs.append((layer, saved[layer.name], layer.name))
    _assign_all(jobs, skip_mismatch)


def _assign_all(jobs, skip_mismatch):
    assignments = []
    for layer, arrays, source in jobs:
        result = _assign_layer(layer, arrays, source, skip_mismatch)
        if result and isinstance(result[0], str):
            warnings.warn(
                "Skipping loading weights for layer "
                f"'{layer.name}': {' '.join(result)}",
                stacklevel=3,
            )
            continue
        assignments.extend(result)
    # Everything was checked: assign.
    for variable, array in assignments:
        variable.assign(np.asarray(array).astype(variable.dtype))


def load_weights(model, filepath, skip_mismatch=False, by_name=False):
    """Loads weights from a legacy `.h5` file into `model`."""
    filepath = os.fspath(filepath)
    with _h5py().File(filepath, "r") as f:
        group = _weights_group(f)
        if by_name:
            load_weights_from_hdf5_group_by_name(group, model, skip_mismatch)
        else:
            load_weights_from_hdf5_group(group, model, skip_mismatch)


def load_model_from_hdf5(
    filepath, custom_objects=None, compile=True, safe_mode=True
):
    """Loads a model written by `save_model_to_hdf5`.

    Args:
        filepath: The `.h5` file.
        custom_objects: Optional dict of names to custom classes/functions.
        compile: Whether to compile the model with its saved compile
            config (when it has one).
        safe_mode: Whether to refuse configs containing Python code.

    Returns:
        The model with its weights.
    """
    from keras.src.saving import object_registration
    from keras.src.saving import saving_lib

    filepath = os.fspath(filepath)
    with _h5py().File(filepath, "r") as f:
        config = f.attrs.get("model_config")
        if config is None:
            raise ValueError(
                f"'{filepath}' holds no model config: it is a weights file. "
                "Create the model and call `model.load_weights()` instead."
            )
        config = json_utils.decode(_as_text(config))
        training_config = f.attrs.get("training_config")
        with object_registration.CustomObjectScope(custom_objects):
            if saving_utils.is_legacy_config(config):
                # Keras 2 format (as Keras 2 and upstream Keras 3 write).
                with serialization_lib.SafeModeScope(
                    serialization_lib.resolve_safe_mode(safe_mode)
                ):
                    model = saving_utils.model_from_config(
                        config, custom_objects=custom_objects
                    )
            else:
                model = serialization_lib.deserialize_keras_object(
                    config, custom_objects=custom_objects, safe_mode=safe_mode
                )
            load_weights_from_hdf5_group(_weights_group(f), model)
            if compile and training_config is not None:
                compile_config = _compile_config(
                    json_utils.decode(_as_text(training_config)),
                    custom_objects,
                )
                if compile_config is not None:
                    saving_lib._compile_from_config(
                        model, compile_config, safe_mode
                    )
    return model


def _compile_config(training_config, custom_objects):
    """The model's compile config (the format of `get_compile_config()`)
    from a file's training config, which is in the Keras 2 format (with an
    `"optimizer_config"`) in files of Keras 2 and upstream Keras 3."""
    if "optimizer_config" not in training_config:
        return training_config
    try:
        args = saving_utils.compile_args_from_training_config(
            training_config, custom_objects
        )
    except Exception as e:
        warnings.warn(
            "The model could not be compiled from its saved (Keras 2) "
            "training config, so it was loaded uncompiled. Call "
            f"`model.compile()` to compile it. Error: {e}",
            stacklevel=3,
        )
        return None
    return serialization_lib.serialize_keras_object(args)


def is_legacy_h5(filepath):
    """Whether `filepath` is an HDF5 file in this legacy layout (and not a
    `.weights.h5` file of the native format)."""
    h5py = _h5py()
    try:
        with h5py.File(os.fspath(filepath), "r") as f:
            if f.get(weights_h5.LAYERS_GROUP, getlink=True) is not None and (
                f.attrs.get("format", None) is not None
                or "layer_names" not in f.attrs
            ):
                return False
            return True
    except OSError:
        return True
