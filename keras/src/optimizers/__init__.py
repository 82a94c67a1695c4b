"""The optimizers, and looking them up by name or config
(`keras.optimizers.get`, `serialize`, `deserialize`)."""

from keras.src.api_export import keras_export
from keras.src.optimizers.adadelta import Adadelta
from keras.src.optimizers.adafactor import Adafactor
from keras.src.optimizers.adagrad import Adagrad
from keras.src.optimizers.adam import Adam
from keras.src.optimizers.adamax import Adamax
from keras.src.optimizers.adamw import AdamW
from keras.src.optimizers.ftrl import Ftrl
from keras.src.optimizers.lamb import Lamb
from keras.src.optimizers.lion import Lion
from keras.src.optimizers.loss_scale_optimizer import LossScaleOptimizer
from keras.src.optimizers.multi_optimizer import MultiOptimizer
from keras.src.optimizers.multi_optimizer import OptimizerMap
from keras.src.optimizers.muon import Muon
from keras.src.optimizers.nadam import Nadam
from keras.src.optimizers.optimizer import Optimizer
from keras.src.optimizers.rmsprop import RMSprop
from keras.src.optimizers.schedule_free_adamw import ScheduleFreeAdamW
from keras.src.optimizers.sgd import SGD
from keras.src.utils import identifier_utils

ALL_OBJECTS = {
    Optimizer,
    Adam,
    SGD,
    RMSprop,
    Adadelta,
    AdamW,
    Adagrad,
    Adamax,
    Adafactor,
    Nadam,
    Ftrl,
    Lion,
    Lamb,
    LossScaleOptimizer,
    ScheduleFreeAdamW,
    Muon,
    MultiOptimizer,
}
ALL_OBJECTS_DICT = {cls.__name__.lower(): cls for cls in ALL_OBJECTS}


@keras_export("keras.optimizers.serialize")
def serialize(optimizer):
    """Turns an optimizer into a JSON-friendly config dict.

    Args:
        optimizer: The `keras.optimizers.Optimizer` to serialize.

    Returns:
        A dict with the optimizer's `class_name` and `config` (its
        hyperparameters, not its variables' values), which `deserialize()`
        turns back into an optimizer.

    Example:

    >>> config = keras.optimizers.serialize(keras.optimizers.SGD(0.5))
    >>> config["class_name"]
    'SGD'
    """
    return identifier_utils.serialize_object(optimizer)


@keras_export("keras.optimizers.deserialize")
def deserialize(config, custom_objects=None):
    """Creates an optimizer from a config dict made by `serialize()`.

    The built-in optimizers are found whatever the case of their
    `class_name` (`"adam"` and `"Adam"` both work).

    Args:
        config: A dict with `class_name` and `config` entries.
        custom_objects: Optional dict mapping names to the custom classes
            (optimizers, learning rate schedules) the config refers to.

    Returns:
        A new optimizer, with freshly initialized variables.
    """
    class_name = config.get("class_name") if isinstance(config, dict) else None
    is_builtin = (
        isinstance(class_name, str)
        and class_name.lower() in ALL_OBJECTS_DICT
        and class_name not in (custom_objects or {})
    )
    if is_builtin:
        config = {**config, "class_name": class_name.lower()}
    return identifier_utils.deserialize_from_table(
        config, ALL_OBJECTS_DICT, custom_objects
    )


@keras_export("keras.optimizers.get")
def get(identifier):
    """Returns the optimizer an identifier designates.

    Args:
        identifier: One of:
            - the name of a built-in optimizer, case-insensitive
              (`"sgd"`, `"adam"`, `"adamw"`, `"rmsprop"`): a new instance
              with the default arguments,
            - a config dict as made by `serialize()`,
            - an optimizer instance, returned as is,
            - `None`, returned as is.

    Returns:
        A `keras.optimizers.Optimizer` instance, or `None`.

    Example:

    >>> isinstance(keras.optimizers.get("adam"), keras.optimizers.Adam)
    True
    """
    if identifier is None:
        return None
    if isinstance(identifier, dict):
        candidate = deserialize(identifier)
    elif isinstance(identifier, str):
        cls = ALL_OBJECTS_DICT.get(identifier.lower())
        if cls is None or cls is Optimizer:
            names = sorted(k for k in ALL_OBJECTS_DICT if k != "optimizer")
            raise ValueError(
                f"Unknown optimizer name: {identifier!r}. Valid names are: "
                f"{names} (case-insensitive)."
            )
        candidate = cls()
    else:
        candidate = identifier
    if not isinstance(candidate, Optimizer):
        raise ValueError(
            f"Cannot use {identifier!r} as an optimizer: pass an optimizer "
            "instance, the name of a built-in optimizer or a config dict "
            "made by `keras.optimizers.serialize()`."
        )
    return candidate


# `keras.optimizers.legacy.*` exists so that code (and packages) importing
# the Keras 2 legacy optimizers still import; using one is an error.
@keras_export(
    [
        "keras.optimizers.legacy.Adagrad",
        "keras.optimizers.legacy.Adam",
        "keras.optimizers.legacy.Ftrl",
        "keras.optimizers.legacy.RMSprop",
        "keras.optimizers.legacy.SGD",
        "keras.optimizers.legacy.Optimizer",
    ]
)
class LegacyOptimizerWarning:
    """Stands for every `keras.optimizers.legacy` optimizer: Keras 3 has
    none, so creating one raises an `ImportError` saying what to do."""

    def __init__(self, *args, **kwargs):
        raise ImportError(
            "`keras.optimizers.legacy` is not supported in Keras 3: use the "
            "optimizers of `keras.optimizers`. Code written for the Keras 2 "
            "legacy optimizers of `tf.keras` can keep them by installing "
            "`tf_keras` (Keras 2) and setting the environment variable "
            "`TF_USE_LEGACY_KERAS=True`, so that `tf.keras` is `tf_keras`."
        )
