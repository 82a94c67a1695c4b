"""Correlation metrics: Pearson and concordance correlation."""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.losses.loss import squeeze_or_expand_to_same_rank
from keras.src.metrics import reduction_metrics


def _centered_moments(y_true, y_pred, axis):
    y_pred = ops.convert_to_tensor(y_pred)
    if not backend.is_float_dtype(y_pred.dtype):
        y_pred = ops.cast(y_pred, backend.floatx())
    y_true = ops.cast(y_true, y_pred.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    mean_true = ops.mean(y_true, axis=axis, keepdims=True)
    mean_pred = ops.mean(y_pred, axis=axis, keepdims=True)
    dev_true = y_true - mean_true
    dev_pred = y_pred - mean_pred
    covariance = ops.mean(dev_true * dev_pred, axis=axis)
    var_true = ops.mean(ops.square(dev_true), axis=axis)
    var_pred = ops.mean(ops.square(dev_pred), axis=axis)
    mean_gap = ops.squeeze(mean_true - mean_pred, axis=axis)
    return covariance, var_true, var_pred, mean_gap


@keras_export("keras.metrics.pearson_correlation")
def pearson_correlation(y_true, y_pred, axis=-1):
    """Pearson correlation coefficient of labels and predictions.

    `cov(y_true, y_pred) / (std(y_true) * std(y_pred))` along `axis`: 1
    for a perfect increasing linear relation, -1 for a decreasing one.

    Args:
        y_true: Labels.
        y_pred: Predictions, same shape.
        axis: The axis along which the correlation is computed.

    Returns:
        The correlations, with `axis` reduced.

    Example:

    >>> keras.metrics.pearson_correlation(
    ...     [[1.0, 2.0, 3.0]], [[2.0, 4.0, 6.0]]).tolist()
    [1.0]
    """
    covariance, var_true, var_pred, _ = _centered_moments(y_true, y_pred, axis)
    scale = ops.sqrt(var_true * var_pred)
    return covariance / ops.maximum(scale, backend.epsilon())


@keras_export("keras.metrics.concordance_correlation")
def concordance_correlation(y_true, y_pred, axis=-1):
    """Lin's concordance correlation coefficient of labels and predictions.

    `2 * cov / (var(y_true) + var(y_pred) + (mean(y_true) -
    mean(y_pred))**2)` along `axis`: like the Pearson correlation, but
    also penalizing shifts and scale differences, so 1 means
    `y_pred == y_true`.

    Args:
        y_true: Labels.
        y_pred: Predictions, same shape.
        axis: The axis along which the coefficient is computed.

    Returns:
        The coefficients, with `axis` reduced.

    Example:

    >>> keras.metrics.concordance_correlation(
    ...     [[1.0, 2.0, 3.0]], [[1.0, 2.0, 3.0]]).tolist()
    [1.0]
    """
    covariance, var_true, var_pred, gap = _centered_moments(
        y_true, y_pred, axis
    )
    denominator = var_true + var_pred + ops.square(gap)
    return 2.0 * covariance / ops.maximum(denominator, backend.epsilon())


class _CorrelationMean(reduction_metrics.FixedFunctionMean):
    """The running average of a per-sample coefficient computed along
    `axis`."""

    _option_names = ("axis",)

    def __init__(self, fn, name, dtype, axis):
        super().__init__(fn=fn, name=name, dtype=dtype, axis=axis)
        self.axis = axis


@keras_export("keras.metrics.PearsonCorrelation")
class PearsonCorrelation(_CorrelationMean):
    """Running average of the per-sample Pearson correlation.

    Each sample's correlation is computed along `axis` (see
    `keras.metrics.pearson_correlation`), then averaged over samples.

    Args:
        name: Name of this metric instance.
        dtype: Dtype of the state variables and of the result.
        axis: The axis along which the correlation is computed.

    Example:

    >>> m = keras.metrics.PearsonCorrelation()
    >>> m.update_state([[1.0, 2.0, 3.0]], [[3.0, 2.0, 1.0]])
    >>> float(m.result())
    -1.0
    """

    _direction = "up"

    def __init__(self, name="pearson_correlation", dtype=None, axis=-1):
        super().__init__(pearson_correlation, name, dtype, axis)


@keras_export("keras.metrics.ConcordanceCorrelation")
class ConcordanceCorrelation(_CorrelationMean):
    """Running average of the per-sample concordance correlation.

    Each sample's coefficient is computed along `axis` (see
    `keras.metrics.concordance_correlation`), then averaged over samples.

    Args:
        name: Name of this metric instance.
        dtype: Dtype of the state variables and of the result.
        axis: The axis along which the coefficient is computed.

    Example:

    >>> m = keras.metrics.ConcordanceCorrelation()
    >>> m.update_state([[1.0, 2.0, 3.0]], [[1.0, 2.0, 3.0]])
    >>> float(m.result())
    1.0
    """

    def __init__(self, name="concordance_correlation", dtype=None, axis=-1):
        super().__init__(concordance_correlation, name, dtype, axis)
