"""Metrics: `keras.metrics.get`, `serialize` and `deserialize`."""

from keras.src.api_export import keras_export
from keras.src.metrics.accuracy_metrics import Accuracy
from keras.src.metrics.accuracy_metrics import BinaryAccuracy
from keras.src.metrics.accuracy_metrics import CategoricalAccuracy
from keras.src.metrics.accuracy_metrics import SparseCategoricalAccuracy
from keras.src.metrics.accuracy_metrics import SparseTopKCategoricalAccuracy
from keras.src.metrics.accuracy_metrics import TopKCategoricalAccuracy
from keras.src.metrics.confusion_metrics import AUC
from keras.src.metrics.confusion_metrics import FalseNegatives
from keras.src.metrics.confusion_metrics import FalsePositives
from keras.src.metrics.confusion_metrics import Precision
from keras.src.metrics.confusion_metrics import PrecisionAtRecall
from keras.src.metrics.confusion_metrics import Recall
from keras.src.metrics.confusion_metrics import RecallAtPrecision
from keras.src.metrics.confusion_metrics import SensitivityAtSpecificity
from keras.src.metrics.confusion_metrics import SpecificityAtSensitivity
from keras.src.metrics.confusion_metrics import TrueNegatives
from keras.src.metrics.confusion_metrics import TruePositives
from keras.src.metrics.correlation_metrics import ConcordanceCorrelation
from keras.src.metrics.correlation_metrics import PearsonCorrelation
from keras.src.metrics.f_score_metrics import F1Score
from keras.src.metrics.f_score_metrics import FBetaScore
from keras.src.metrics.hinge_metrics import CategoricalHinge
from keras.src.metrics.hinge_metrics import Hinge
from keras.src.metrics.hinge_metrics import SquaredHinge
from keras.src.metrics.iou_metrics import BinaryIoU
from keras.src.metrics.iou_metrics import IoU
from keras.src.metrics.iou_metrics import MeanIoU
from keras.src.metrics.iou_metrics import OneHotIoU
from keras.src.metrics.iou_metrics import OneHotMeanIoU
from keras.src.metrics.metric import Metric
from keras.src.metrics.probabilistic_metrics import BinaryCrossentropy
from keras.src.metrics.probabilistic_metrics import CategoricalCrossentropy
from keras.src.metrics.probabilistic_metrics import KLDivergence
from keras.src.metrics.probabilistic_metrics import Poisson
from keras.src.metrics.probabilistic_metrics import (
    SparseCategoricalCrossentropy,
)
from keras.src.metrics.reduction_metrics import Mean
from keras.src.metrics.reduction_metrics import MeanMetricWrapper
from keras.src.metrics.reduction_metrics import Sum
from keras.src.metrics.regression_metrics import CosineSimilarity
from keras.src.metrics.regression_metrics import LogCoshError
from keras.src.metrics.regression_metrics import MeanAbsoluteError
from keras.src.metrics.regression_metrics import MeanAbsolutePercentageError
from keras.src.metrics.regression_metrics import MeanSquaredError
from keras.src.metrics.regression_metrics import MeanSquaredLogarithmicError
from keras.src.metrics.regression_metrics import R2Score
from keras.src.metrics.regression_metrics import RootMeanSquaredError
from keras.src.utils import identifier_utils

ALL_OBJECTS = {
    Accuracy,
    BinaryAccuracy,
    CategoricalAccuracy,
    SparseCategoricalAccuracy,
    SparseTopKCategoricalAccuracy,
    TopKCategoricalAccuracy,
    AUC,
    FalseNegatives,
    FalsePositives,
    Precision,
    PrecisionAtRecall,
    Recall,
    RecallAtPrecision,
    SensitivityAtSpecificity,
    SpecificityAtSensitivity,
    TrueNegatives,
    TruePositives,
    ConcordanceCorrelation,
    PearsonCorrelation,
    F1Score,
    FBetaScore,
    CategoricalHinge,
    Hinge,
    SquaredHinge,
    BinaryIoU,
    IoU,
    MeanIoU,
    OneHotIoU,
    OneHotMeanIoU,
    Metric,
    BinaryCrossentropy,
    CategoricalCrossentropy,
    KLDivergence,
    Poisson,
    SparseCategoricalCrossentropy,
    Mean,
    MeanMetricWrapper,
    Sum,
    CosineSimilarity,
    LogCoshError,
    MeanAbsoluteError,
    MeanAbsolutePercentageError,
    MeanSquaredError,
    MeanSquaredLogarithmicError,
    R2Score,
    RootMeanSquaredError,
}

# Each class is known by its class name and by its snake-case name, plus a
# few short aliases.
ALL_OBJECTS_DICT = identifier_utils.names_table(
    ALL_OBJECTS,
    acc=Accuracy,
    mae=MeanAbsoluteError,
    MAE=MeanAbsoluteError,
    mse=MeanSquaredError,
    MSE=MeanSquaredError,
    mape=MeanAbsolutePercentageError,
    MAPE=MeanAbsolutePercentageError,
    msle=MeanSquaredLogarithmicError,
    MSLE=MeanSquaredLogarithmicError,
    bce=BinaryCrossentropy,
    BCE=BinaryCrossentropy,
    kld=KLDivergence,
    KLD=KLDivergence,
)


@keras_export("keras.metrics.serialize")
def serialize(metric):
    """Turns a metric into a JSON-friendly config.

    Args:
        metric: The metric to serialize, either a `keras.metrics.Metric`
            object or a plain metric function.

    Returns:
        A dict describing `metric`, which `keras.metrics.deserialize`
        turns back into an equivalent metric.
    """
    return identifier_utils.serialize_object(metric)


@keras_export("keras.metrics.deserialize")
def deserialize(config, custom_objects=None):
    """Rebuilds a metric from the config made by `keras.metrics.serialize`.

    Args:
        config: The serialized metric (a config dict, or the name of a
            built-in metric).
        custom_objects: Optional dict of user-defined names to the classes
            or functions they stand for, searched when the config refers
            to something that is not built in.

    Returns:
        The metric object or metric function that `config` describes.
    """
    return identifier_utils.deserialize_from_table(
        config, ALL_OBJECTS_DICT, custom_objects
    )


@keras_export("keras.metrics.get")
def get(identifier):
    """Resolves a metric identifier into a metric object or function.

    A string is looked up among the built-in metrics, by class name
    (`"BinaryAccuracy"`), snake-case name (`"binary_accuracy"`) or alias
    (`"acc"`, `"mae"`, `"mse"`), and gives a new instance of that class.
    Dicts are passed to `keras.metrics.deserialize`; other callables come
    back unchanged.

    >>> m = keras.metrics.get("mae")
    >>> type(m).__name__
    'MeanAbsoluteError'

    Args:
        identifier: `None`, a name, a config dict, a metric function or a
            `keras.metrics.Metric` object.

    Returns:
        `None` for `None`, otherwise the matching metric function or
        `Metric` object.
    """
    return identifier_utils.get_from_table(
        identifier,
        ALL_OBJECTS_DICT,
        unknown_name="Unknown metric identifier {identifier!r}. Valid names: "
        "{names}",
        not_callable="Unknown metric identifier {identifier!r}: expected a "
        "name, a config dict or a callable.",
    )
