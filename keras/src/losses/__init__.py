"""Losses: `keras.losses.get`, `serialize` and `deserialize`."""

from keras.src.api_export import keras_export
from keras.src.losses.loss import Loss
from keras.src.losses.losses import CTC
from keras.src.losses.losses import BinaryCrossentropy
from keras.src.losses.losses import BinaryFocalCrossentropy
from keras.src.losses.losses import CategoricalCrossentropy
from keras.src.losses.losses import CategoricalFocalCrossentropy
from keras.src.losses.losses import CategoricalGeneralizedCrossEntropy
from keras.src.losses.losses import CategoricalHinge
from keras.src.losses.losses import Circle
from keras.src.losses.losses import CosineSimilarity
from keras.src.losses.losses import Dice
from keras.src.losses.losses import Hinge
from keras.src.losses.losses import Huber
from keras.src.losses.losses import KLDivergence
from keras.src.losses.losses import LogCosh
from keras.src.losses.losses import LossFunctionWrapper
from keras.src.losses.losses import MeanAbsoluteError
from keras.src.losses.losses import MeanAbsolutePercentageError
from keras.src.losses.losses import MeanSquaredError
from keras.src.losses.losses import MeanSquaredLogarithmicError
from keras.src.losses.losses import Poisson
from keras.src.losses.losses import SparseCategoricalCrossentropy
from keras.src.losses.losses import SquaredHinge
from keras.src.losses.losses import Tversky
from keras.src.losses.losses import binary_crossentropy
from keras.src.losses.losses import binary_focal_crossentropy
from keras.src.losses.losses import categorical_crossentropy
from keras.src.losses.losses import categorical_focal_crossentropy
from keras.src.losses.losses import categorical_generalized_cross_entropy
from keras.src.losses.losses import categorical_hinge
from keras.src.losses.losses import circle
from keras.src.losses.losses import cosine_similarity
from keras.src.losses.losses import ctc
from keras.src.losses.losses import dice
from keras.src.losses.losses import hinge
from keras.src.losses.losses import huber
from keras.src.losses.losses import kl_divergence
from keras.src.losses.losses import log_cosh
from keras.src.losses.losses import mean_absolute_error
from keras.src.losses.losses import mean_absolute_percentage_error
from keras.src.losses.losses import mean_squared_error
from keras.src.losses.losses import mean_squared_logarithmic_error
from keras.src.losses.losses import poisson
from keras.src.losses.losses import sparse_categorical_crossentropy
from keras.src.losses.losses import squared_hinge
from keras.src.losses.losses import tversky
from keras.src.utils import identifier_utils

# Every built-in loss: the classes and the functions they wrap.
ALL_OBJECTS = {
    Loss,
    BinaryCrossentropy,
    BinaryFocalCrossentropy,
    CTC,
    CategoricalCrossentropy,
    CategoricalFocalCrossentropy,
    CategoricalGeneralizedCrossEntropy,
    CategoricalHinge,
    Circle,
    CosineSimilarity,
    Dice,
    Hinge,
    Huber,
    KLDivergence,
    LogCosh,
    LossFunctionWrapper,
    MeanAbsoluteError,
    MeanAbsolutePercentageError,
    MeanSquaredError,
    MeanSquaredLogarithmicError,
    Poisson,
    SparseCategoricalCrossentropy,
    SquaredHinge,
    Tversky,
    binary_crossentropy,
    binary_focal_crossentropy,
    categorical_crossentropy,
    categorical_focal_crossentropy,
    categorical_generalized_cross_entropy,
    categorical_hinge,
    circle,
    cosine_similarity,
    ctc,
    dice,
    hinge,
    huber,
    kl_divergence,
    log_cosh,
    mean_absolute_error,
    mean_absolute_percentage_error,
    mean_squared_error,
    mean_squared_logarithmic_error,
    poisson,
    sparse_categorical_crossentropy,
    squared_hinge,
    tversky,
}

ALL_OBJECTS_DICT = {obj.__name__: obj for obj in ALL_OBJECTS}
# Short names, in lower and upper case, resolve to the functions.
for _short, _fn in (
    ("mae", mean_absolute_error),
    ("mse", mean_squared_error),
    ("bce", binary_crossentropy),
    ("mape", mean_absolute_percentage_error),
    ("msle", mean_squared_logarithmic_error),
    ("kld", kl_divergence),
):
    ALL_OBJECTS_DICT[_short] = _fn
    ALL_OBJECTS_DICT[_short.upper()] = _fn
del _short, _fn
ALL_OBJECTS_DICT["logcosh"] = log_cosh
ALL_OBJECTS_DICT["kullback_leibler_divergence"] = kl_divergence


@keras_export("keras.losses.serialize")
def serialize(loss):
    """Turns a loss into a JSON-friendly config.

    Args:
        loss: The loss to serialize, either a `keras.losses.Loss` object
            or a plain loss function.

    Returns:
        A dict describing `loss`, which `keras.losses.deserialize` turns
        back into an equivalent loss.
    """
    return identifier_utils.serialize_object(loss)


@keras_export("keras.losses.deserialize")
def deserialize(name, custom_objects=None):
    """Rebuilds a loss from the config made by `keras.losses.serialize`.

    Args:
        name: The serialized loss (a config dict, or the name of a
            built-in loss).
        custom_objects: Optional dict of user-defined names to the classes
            or functions they stand for, searched when the config refers
            to something that is not built in.

    Returns:
        The loss object or loss function that `name` describes.
    """
    return identifier_utils.deserialize_from_table(
        name, ALL_OBJECTS_DICT, custom_objects
    )


@keras_export("keras.losses.get")
def get(identifier):
    """Resolves a loss identifier into a loss object or function.

    Strings are looked up among the built-in losses: the name of a loss
    function (`"mae"`, `"binary_crossentropy"`) gives that function, the
    name of a class (`"MeanAbsoluteError"`) gives a new instance built
    with the default arguments. Dicts are passed to
    `keras.losses.deserialize`; other callables come back unchanged.

    >>> fn = keras.losses.get("mae")
    >>> fn is keras.losses.mean_absolute_error
    True
    >>> obj = keras.losses.get("BinaryCrossentropy")
    >>> obj.from_logits
    False

    Args:
        identifier: `None`, a name, a config dict, a loss function or a
            `keras.losses.Loss` object.

    Returns:
        `None` for `None`, otherwise the matching loss function or `Loss`
        object.
    """
    return identifier_utils.get_from_table(
        identifier,
        ALL_OBJECTS_DICT,
        unknown_name="Unknown loss identifier {identifier!r}. Valid names: "
        "{names}",
        not_callable="Unknown loss identifier {identifier!r}: expected a "
        "name, a config dict or a callable.",
    )
