"""Regression metrics."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.losses.loss import squeeze_or_expand_to_same_rank
from keras.src.losses.losses import cosine_similarity
from keras.src.losses.losses import log_cosh
from keras.src.losses.losses import mean_absolute_error
from keras.src.losses.losses import mean_absolute_percentage_error
from keras.src.losses.losses import mean_squared_error
from keras.src.losses.losses import mean_squared_logarithmic_error
from keras.src.metrics import reduction_metrics
from keras.src.metrics.metric import Metric


@keras_export("keras.metrics.MeanSquaredError")
class MeanSquaredError(reduction_metrics.LossMean):
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


@keras_export("keras.metrics.MeanAbsoluteError")
class MeanAbsoluteError(reduction_metrics.LossMean):
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

    _direction = "down"

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


@keras_export("keras.metrics.MeanAbsolutePercentageError")
class MeanAbsolutePercentageError(reduction_metrics.LossMean):
    """Running average of `100 * abs((y_true - y_pred) / y_true)`.

    Args:
        name: Name of this metric instance.
        dtype: Dtype of the state variables and of the result.

    Example:

    >>> m = keras.metrics.MeanAbsolutePercentageError()
    >>> m.update_state([[2.0, 4.0]], [[3.0, 4.0]])
    >>> float(m.result())
    25.0
    """

    def __init__(self, name="mean_absolute_percentage_error", dtype=None):
        super().__init__(
            fn=mean_absolute_percentage_error, name=name, dtype=dtype
        )


@keras_export("keras.metrics.MeanSquaredLogarithmicError")
class MeanSquaredLogarithmicError(reduction_metrics.LossMean):
    """Running average of `square(log(1 + y_true) - log(1 + y_pred))`.

    Args:
        name: Name of this metric instance.
        dtype: Dtype of the state variables and of the result.

    Example:

    >>> m = keras.metrics.MeanSquaredLogarithmicError()
    >>> m.update_state([[1.0, 3.0]], [[1.0, 3.0]])
    >>> float(m.result())
    0.0
    """

    def __init__(self, name="mean_squared_logarithmic_error", dtype=None):
        super().__init__(
            fn=mean_squared_logarithmic_error, name=name, dtype=dtype
        )


def _cosine_similarity(y_true, y_pred, axis=-1):
    # The loss is the negated similarity.
    return -cosine_similarity(y_true, y_pred, axis=axis)


@keras_export("keras.metrics.CosineSimilarity")
class CosineSimilarity(reduction_metrics.FixedFunctionMean):
    """Running average of the cosine similarity of labels and predictions.

    Per sample: `sum(l2_normalize(y_true) * l2_normalize(y_pred), axis)`,
    1 for vectors pointing the same way, -1 for opposite ones.

    Args:
        name: Name of this metric instance.
        dtype: Dtype of the state variables and of the result.
        axis: The axis along which the similarity is computed.

    Example:

    >>> m = keras.metrics.CosineSimilarity()
    >>> m.update_state([[0.0, 1.0], [1.0, 0.0]], [[0.0, 3.0], [-1.0, 0.0]])
    >>> float(m.result())
    0.0
    """

    _direction = "up"
    _option_names = ("axis",)

    def __init__(self, name="cosine_similarity", dtype=None, axis=-1):
        super().__init__(_cosine_similarity, name, dtype=dtype, axis=axis)
        self.axis = axis


@keras_export("keras.metrics.LogCoshError")
class LogCoshError(reduction_metrics.LossMean):
    """Running average of `log(cosh(y_pred - y_true))`.

    Args:
        name: Name of this metric instance.
        dtype: Dtype of the state variables and of the result.

    Example:

    >>> m = keras.metrics.LogCoshError()
    >>> m.update_state([[1.0]], [[1.0]])
    >>> float(m.result())
    0.0
    """

    def __init__(self, name="logcosh", dtype=None):
        super().__init__(fn=log_cosh, name=name, dtype=dtype)


_R2_AGGREGATIONS = (None, "uniform_average", "variance_weighted_average")


@keras_export("keras.metrics.R2Score")
class R2Score(Metric):
    """Coefficient of determination, `1 - SS_res / SS_tot`, per output.

    Inputs are 2D, `(num_samples, num_outputs)`. For each output,
    `SS_res` is the (weighted) sum of squared residuals and `SS_tot` the
    (weighted) sum of squared deviations of the labels from their mean,
    both accumulated over all batches. 1 is a perfect fit, 0 is no better
    than predicting the mean, and the score can be negative.

    Args:
        class_aggregation: How the scores of the outputs are combined:
            `None` (one score per output), `"uniform_average"` (default,
            their mean) or `"variance_weighted_average"` (their mean
            weighted by the variance of each output's labels).
        num_regressors: Number of independent variables of the model; if
            above 0, the adjusted R2 is reported,
            `1 - (1 - R2) * (n - 1) / (n - num_regressors - 1)`, where `n`
            counts the samples (rows) seen; while `n - num_regressors - 1`
            is not positive, the plain R2 is reported instead.
        name: Name of this metric instance.
        dtype: Dtype of the state variables and of the result.

    Example:

    >>> m = keras.metrics.R2Score()
    >>> m.update_state([[1.0], [2.0], [3.0]], [[1.0], [2.0], [2.0]])
    >>> float(m.result())
    0.5
    """

    _direction = "up"

    def __init__(
        self,
        class_aggregation="uniform_average",
        num_regressors=0,
        name="r2_score",
        dtype=None,
    ):
        super().__init__(name=name, dtype=dtype)
        if class_aggregation not in _R2_AGGREGATIONS:
            raise ValueError(
                "Invalid value for argument `class_aggregation`. Expected "
                f"one of {_R2_AGGREGATIONS}. Received: "
                f"class_aggregation={class_aggregation}"
            )
        if num_regressors < 0:
            raise ValueError(
                "Invalid value for argument `num_regressors`: it must be "
                "an integer >= 0. Received: "
                f"num_regressors={num_regressors}"
            )
        self.class_aggregation = class_aggregation
        self.num_regressors = num_regressors
        self.num_samples = self.add_variable(
            shape=(), initializer="zeros", name="num_samples"
        )
        self._built = False

    def _build(self, y_true_shape, y_pred_shape):
        if len(y_pred_shape) != 2 or len(y_true_shape) != 2:
            raise ValueError(
                "R2Score expects 2D inputs with shape "
                "(batch_size, output_dim). Received input "
                f"shapes: y_pred.shape={y_pred_shape} and "
                f"y_true.shape={y_true_shape}."
            )
        if y_pred_shape[-1] is None or y_true_shape[-1] is None:
            raise ValueError(
                "R2Score expects 2D inputs with shape (batch_size, "
                "output_dim), with output_dim fully defined (not None). "
                f"Received input shapes: y_pred.shape={y_pred_shape} and "
                f"y_true.shape={y_true_shape}."
            )
        num_outputs = y_pred_shape[-1]

        def per_output(name):
            return self.add_variable(
                shape=(num_outputs,), initializer="zeros", name=name
            )

        self.squared_sum = per_output("squared_sum")
        self.sum = per_output("sum")
        self.total_mse = per_output("residual")
        self.count = per_output("count")
        self._built = True

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Accumulates the sums of a batch.

        Args:
            y_true: Labels, `(num_samples, num_outputs)`.
            y_pred: Predictions, same shape.
            sample_weight: Optional weights, one per sample (or per
                entry).
        """
        y_true = ops.convert_to_tensor(y_true, dtype=self.dtype)
        y_pred = ops.convert_to_tensor(y_pred, dtype=self.dtype)
        y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
        if not self._built:
            self._build(tuple(y_true.shape), tuple(y_pred.shape))
        if sample_weight is None:
            weights = ops.ones_like(y_true)
        else:
            weights = ops.convert_to_tensor(sample_weight, dtype=self.dtype)
            if len(weights.shape) == 1:
                weights = ops.expand_dims(weights, 1)
            weights = ops.broadcast_to(weights, ops.shape(y_true))
        weighted_true = y_true * weights
        self.sum.assign(self.sum + ops.sum(weighted_true, axis=0))
        self.squared_sum.assign(
            self.squared_sum + ops.sum(y_true * weighted_true, axis=0)
        )
        self.total_mse.assign(
            self.total_mse
            + ops.sum(ops.square(y_true - y_pred) * weights, axis=0)
        )
        self.count.assign(self.count + ops.sum(weights, axis=0))
        self.num_samples.assign(
            self.num_samples + ops.cast(ops.shape(y_true)[0], self.dtype)
        )

    def result(self):
        mean = self.sum / self.count
        total = self.squared_sum - self.sum * mean
        raw_scores = 1.0 - self.total_mse / total
        # An output whose labels never vary has no defined score: 0.
        raw_scores = ops.where(
            ops.isinf(raw_scores) | ops.isnan(raw_scores),
            ops.zeros_like(raw_scores),
            raw_scores,
        )
        if self.class_aggregation == "uniform_average":
            score = ops.mean(raw_scores)
        elif self.class_aggregation == "variance_weighted_average":
            score = ops.sum(raw_scores * total) / ops.sum(total)
        else:
            score = raw_scores
        if self.num_regressors:
            n = ops.convert_to_tensor(self.num_samples)
            p = float(self.num_regressors)
            # Too few samples for the adjustment: keep the plain score.
            defined = n - p - 1.0 > 0
            adjusted = 1.0 - (1.0 - score) * (n - 1.0) / (
                ops.where(defined, n - p - 1.0, 1.0)
            )
            score = ops.where(defined, adjusted, score)
        return score

    def reset_state(self):
        for variable in self.variables:
            variable.assign(ops.zeros(variable.shape, variable.dtype))

    def get_config(self):
        return {
            "name": self.name,
            "dtype": self.dtype,
            "class_aggregation": self.class_aggregation,
            "num_regressors": self.num_regressors,
        }
