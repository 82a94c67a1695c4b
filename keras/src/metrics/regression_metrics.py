"""Regression metrics."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.losses.loss import squeeze_or_expand_to_same_rank
from keras.src.losses.losses import mean_absolute_error
from keras.src.losses.losses import mean_squared_error
from keras.src.metrics import reduction_metrics


@keras_export("keras.metrics.MeanSquaredError")
class MeanSquaredError(reduction_metrics.MeanMetricWrapper):
    """Running average of the squared error `(y_true - y_pred) ** 2`.

    Args:
        name: Name of this metric instance.
        dtype: Dtype of the state variables and of the result.

    Example:

    >>> mse = keras.metrics.MeanSquaredError()
    >>> mse.update_state([[2.0, 5.0]], [[1.0, 2.0]])
    >>> float(mse.result())
    5.0
    """

    def __init__(self, name="mean_squared_error", dtype=None):
        super().__init__(fn=mean_squared_error, name=name, dtype=dtype)

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype}


@keras_export("keras.metrics.MeanAbsoluteError")
class MeanAbsoluteError(reduction_metrics.MeanMetricWrapper):
    """Running average of the absolute error `|y_true - y_pred|`.

    Args:
        name: Name of this metric instance.
        dtype: Dtype of the state variables and of the result.

    Example:

    >>> mae = keras.metrics.MeanAbsoluteError()
    >>> mae.update_state([[2.0, 5.0]], [[1.0, 2.0]])
    >>> float(mae.result())
    2.0
    """

    def __init__(self, name="mean_absolute_error", dtype=None):
        super().__init__(fn=mean_absolute_error, name=name, dtype=dtype)

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype}


@keras_export("keras.metrics.RootMeanSquaredError")
class RootMeanSquaredError(reduction_metrics.Mean):
    """Square root of the running average of squared errors.

    The squared errors of all batches are averaged (with the sample
    weights, if any) and `result()` takes the square root of that mean.

    Args:
        name: Name of this metric instance.
        dtype: Dtype of the state variables and of the result.

    Example:

    >>> rmse = keras.metrics.RootMeanSquaredError()
    >>> rmse.update_state([[3.0, 0.0]], [[0.0, 4.0]])
    >>> round(float(rmse.result()), 4)
    3.5355
    """

    def __init__(self, name="root_mean_squared_error", dtype=None):
        super().__init__(name, dtype=dtype)

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Adds the squared errors of one batch to the running mean.

        Args:
            y_true: Target values.
            y_pred: Predicted values.
            sample_weight: Optional weights for the samples.
        """
        targets, preds = squeeze_or_expand_to_same_rank(
            ops.convert_to_tensor(y_true, self.dtype),
            ops.convert_to_tensor(y_pred, self.dtype),
        )
        squared = ops.square(targets - preds)
        return super().update_state(squared, sample_weight=sample_weight)

    def result(self):
        return ops.sqrt(super().result())
