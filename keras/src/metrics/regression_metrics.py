"""Regression metrics."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.losses.loss import squeeze_or_expand_to_same_rank
from keras.src.losses.losses import mean_absolute_error
from keras.src.losses.losses import mean_squared_error
from keras.src.metrics import reduction_metrics


@keras_export("keras.metrics.MeanSquaredError")
class MeanSquaredError(reduction_metrics.MeanMetricWrapper):
    """The mean of `square(y_true - y_pred)` over all samples seen.

    Args:
        name: Optional name of the metric instance.
        dtype: Optional dtype of the metric's variables and result.

    Example:

    >>> m = keras.metrics.MeanSquaredError()
    >>> m.update_state([[0, 1], [0, 0]], [[1, 1], [0, 0]])
    >>> float(m.result())
    0.25
    """

    def __init__(self, name="mean_squared_error", dtype=None):
        super().__init__(fn=mean_squared_error, name=name, dtype=dtype)

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype}


@keras_export("keras.metrics.MeanAbsoluteError")
class MeanAbsoluteError(reduction_metrics.MeanMetricWrapper):
    """The mean of `abs(y_true - y_pred)` over all samples seen.

    Args:
        name: Optional name of the metric instance.
        dtype: Optional dtype of the metric's variables and result.

    Example:

    >>> m = keras.metrics.MeanAbsoluteError()
    >>> m.update_state([[0, 1], [0, 0]], [[1, 1], [0, 0]])
    >>> float(m.result())
    0.25
    """

    def __init__(self, name="mean_absolute_error", dtype=None):
        super().__init__(fn=mean_absolute_error, name=name, dtype=dtype)

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype}


@keras_export("keras.metrics.RootMeanSquaredError")
class RootMeanSquaredError(reduction_metrics.Mean):
    """`sqrt(mean(square(y_true - y_pred)))` over all samples seen.

    Args:
        name: Optional name of the metric instance.
        dtype: Optional dtype of the metric's variables and result.

    Example:

    >>> m = keras.metrics.RootMeanSquaredError()
    >>> m.update_state([[0, 1], [0, 0]], [[1, 1], [0, 0]])
    >>> float(m.result())
    0.5
    """

    def __init__(self, name="root_mean_squared_error", dtype=None):
        super().__init__(name, dtype=dtype)

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Accumulates the squared errors of a batch.

        Args:
            y_true: Labels.
            y_pred: Predictions.
            sample_weight: Optional weights.
        """
        y_true = ops.convert_to_tensor(y_true, self.dtype)
        y_pred = ops.convert_to_tensor(y_pred, self.dtype)
        y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
        error_sq = ops.square(y_pred - y_true)
        return super().update_state(error_sq, sample_weight=sample_weight)

    def result(self):
        return ops.sqrt(super().result())
