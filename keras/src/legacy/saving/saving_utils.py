"""Models and compile arguments from Keras 2 format configs.

A legacy `.h5` file written by Keras 2 (or by upstream Keras 3) holds a
model config in the Keras 2 format (`{"class_name": ..., "config": ...}`,
no `"module"`) and a Keras 2 `training_config` (with an
`"optimizer_config"`); these turn them into a model and `compile()`
arguments.
"""

from keras.src.legacy.saving import serialization
from keras.src.saving import object_registration
from keras.src.saving import serialization_lib


def is_legacy_config(config):
    """Whether a serialized object config is in the Keras 2 format (has no
    `"module"`)."""
    return isinstance(config, dict) and "module" not in config


def model_from_config(config, custom_objects=None):
    """Builds a model (or layer) from its config.

    Args:
        config: A Keras 2 format config (`{"class_name": ...,
            "config": ...}`, naming a built-in layer or model, or a custom
            one); a config in the current format (with a `"module"`) is
            also accepted.
        custom_objects: Optional dict of names to custom classes and
            functions.

    Returns:
        The model (or layer), not built unless its config says how.
    """
    if isinstance(config, list):
        raise TypeError(
            "`model_from_config` expects a dictionary, not a list. "
            f"Received: config={config}. Did you mean to use "
            "`Sequential.from_config(config)`?"
        )
    if not is_legacy_config(config):
        return serialization_lib.deserialize_keras_object(
            config, custom_objects=custom_objects
        )
    from keras.src import layers

    return serialization.deserialize_keras_object(
        config,
        module_objects=layers.builtin_layers(),
        custom_objects=custom_objects,
        printable_module_name="layer",
    )


def _deserialize_nested(deserialize_fn, value):
    """Deserializes the object configs in `value` (through lists and
    dicts); names stay names, which `compile()` accepts."""
    if isinstance(value, dict):
        if "class_name" in value and "config" in value:
            return deserialize_fn(value)
        return {
            k: _deserialize_nested(deserialize_fn, v) for k, v in value.items()
        }
    if isinstance(value, (list, tuple)):
        return [_deserialize_nested(deserialize_fn, v) for v in value]
    return value


# Optimizer arguments of Keras 2 that Keras 3 optimizers do not take (XLA
# compilation is a `compile()` argument here).
_KERAS2_OPTIMIZER_ONLY = ("is_legacy_optimizer", "jit_compile")


def _optimizer_config(config):
    if not is_legacy_config(config) or not isinstance(
        config.get("config"), dict
    ):
        return config
    inner = {
        k: v
        for k, v in config["config"].items()
        if k not in _KERAS2_OPTIMIZER_ONLY
    }
    return {**config, "config": inner}


def _loss_config(config):
    """Keras 2's `"auto"` reduction was the mean over the batch."""
    inner = config.get("config")
    if isinstance(inner, dict) and inner.get("reduction") == "auto":
        config = {
            **config,
            "config": {**inner, "reduction": "sum_over_batch_size"},
        }
    return config


def compile_args_from_training_config(training_config, custom_objects=None):
    """Returns the `compile()` keyword arguments a Keras 2
    `training_config` describes.

    Args:
        training_config: Dict with `"optimizer_config"` and, optionally,
            `"loss"`, `"metrics"`, `"weighted_metrics"` and
            `"loss_weights"`.
        custom_objects: Optional dict of names to custom classes and
            functions.

    Returns:
        Dict of `optimizer`, `loss`, `metrics`, `weighted_metrics` and
        `loss_weights`. Keras 2 only settings are adapted: the optimizer
        arguments `is_legacy_optimizer` and `jit_compile` are dropped, and
        the loss reduction `"auto"` reads as `"sum_over_batch_size"`.
    """
    from keras.src import losses
    from keras.src import metrics
    from keras.src import optimizers

    with object_registration.CustomObjectScope(custom_objects):
        optimizer_config = training_config["optimizer_config"]
        optimizer = optimizers.deserialize(_optimizer_config(optimizer_config))
        loss = _deserialize_nested(
            lambda config: losses.deserialize(_loss_config(config)),
            training_config.get("loss"),
        )
        compiled_metrics = _deserialize_nested(
            metrics.deserialize, training_config.get("metrics")
        )
        weighted_metrics = _deserialize_nested(
            metrics.deserialize, training_config.get("weighted_metrics")
        )
    args = {
        "optimizer": optimizer,
        "loss": loss,
        "metrics": compiled_metrics,
        "weighted_metrics": weighted_metrics,
        "loss_weights": training_config.get("loss_weights"),
    }
    # Written by Keras 3 (not by Keras 2).
    for key in _EXECUTION_ARGS:
        if key in training_config:
            args[key] = training_config[key]
    return args


_EXECUTION_ARGS = ("run_eagerly", "steps_per_execution", "jit_compile")


def _serialize_nested(value):
    """Serializes the objects and functions in `value` (through lists and
    dicts) into the Keras 2 format; names stay names."""
    if isinstance(value, dict):
        return {k: _serialize_nested(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_serialize_nested(v) for v in value]
    if value is None or isinstance(value, (str, bool, int, float)):
        return value
    return serialization.serialize_keras_object(value)


def training_config(model):
    """Returns the Keras 2 `training_config` of a compiled model (`None`
    if it is not compiled), as written in a legacy `.h5` file.

    It holds the `compile()` arguments: `"loss"`, `"loss_weights"`,
    `"metrics"`, `"weighted_metrics"`, `"run_eagerly"`,
    `"steps_per_execution"`, `"jit_compile"`, and the optimizer as
    `"optimizer_config"`, with objects and functions in the Keras 2 format.
    A model that overrides `get_compile_config()` gets that config instead
    (in the current format).
    """
    if not getattr(model, "compiled", False):
        return None
    from keras.src.trainers.trainer import Trainer

    compile_args = getattr(model, "_compile_config", None)
    overridden = type(model).get_compile_config is not (
        Trainer.get_compile_config
    )
    if compile_args is None or overridden:
        return model.get_compile_config()
    config = {
        key: _serialize_nested(compile_args.get(key))
        for key in ("loss", "loss_weights", "metrics", "weighted_metrics")
    }
    for key in _EXECUTION_ARGS:
        config[key] = compile_args.get(key)
    config["optimizer_config"] = serialization.serialize_keras_object(
        compile_args["optimizer"]
    )
    return config
