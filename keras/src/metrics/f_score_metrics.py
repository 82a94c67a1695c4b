"""F-beta and F1 scores."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.metrics.metric import Metric
from keras.src.metrics.metrics_utils import divide_no_nan

_AVERAGES = (None, "micro", "macro", "weighted")


@keras_export("keras.metrics.FBetaScore")
class FBetaScore(Metric):
    """F-beta score, the weighted harmonic mean of precision and recall.

    `F = (1 + beta**2) * precision * recall / (beta**2 * precision +
    recall)`: `beta > 1` favors recall, `beta < 1` precision. Inputs are
    2D, `(batch_size, num_classes)`: one-hot (or multi-hot) labels and
    scores. Each class is scored separately, then averaged per `average`.

    Args:
        average: How the per-class scores are combined: `None` (one score
            per class), `"micro"` (the counts of all classes are pooled
            first), `"macro"` (plain mean) or `"weighted"` (mean weighted
            by the number of true instances of each class).
        beta: Positive float, the weight of recall. Defaults to 1.
        threshold: Optional float in `(0, 1]`: scores above it count as
            positive. If `None`, the highest score of each sample is the
            (only) positive one.
        name: Name of this metric instance.
        dtype: Dtype of the state variables and of the result.

    Example:

    >>> m = keras.metrics.FBetaScore(beta=2.0, threshold=0.5)
    >>> m.update_state([[1, 0], [0, 1], [1, 1]],
    ...                [[0.9, 0.2], [0.3, 0.2], [0.8, 0.7]])
    >>> [round(float(v), 4) for v in m.result()]
    [1.0, 0.5556]
    """

    _direction = "up"

    def __init__(
        self,
        average=None,
        beta=1.0,
        threshold=None,
        name="fbeta_score",
        dtype=None,
    ):
        super().__init__(name=name, dtype=dtype)
        if average not in _AVERAGES:
            raise ValueError(
                "Invalid `average` argument value. Expected one of: "
                "{None, 'micro', 'macro', 'weighted'}. "
                f"Received: average={average}"
            )
        if not isinstance(beta, float):
            raise ValueError(
                "Invalid `beta` argument value. It should be a Python float. "
                f"Received: beta={beta} of type '{type(beta)}'"
            )
        if beta <= 0.0:
            raise ValueError(
                "Invalid `beta` argument value. It should be > 0. "
                f"Received: beta={beta}"
            )
        if threshold is not None:
            if not isinstance(threshold, float):
                raise ValueError(
                    "Invalid `threshold` argument value. It should be a "
                    f"Python float. Received: threshold={threshold} of type "
                    f"'{type(threshold)}'"
                )
            if threshold > 1.0 or threshold <= 0.0:
                raise ValueError(
                    "Invalid `threshold` argument value. It should verify "
                    f"0 < threshold <= 1. Received: threshold={threshold}"
                )
        self.average = average
        self.beta = beta
        self.threshold = threshold
        self.axis = None
        self._built = False
        if self.average != "micro":
            self.axis = 0

    def _build(self, y_true_shape, y_pred_shape):
        if len(y_pred_shape) != 2 or len(y_true_shape) != 2:
            raise ValueError(
                f"{type(self).__name__} expects 2D inputs with shape "
                "(batch_size, output_dim). Received input "
                f"shapes: y_pred.shape={y_pred_shape} and "
                f"y_true.shape={y_true_shape}."
            )
        if y_pred_shape[-1] is None or y_true_shape[-1] is None:
            raise ValueError(
                f"{type(self).__name__} expects 2D inputs with shape "
                "(batch_size, output_dim), with output_dim fully "
                "defined (not None). Received input "
                f"shapes: y_pred.shape={y_pred_shape} and "
                f"y_true.shape={y_true_shape}."
            )
        num_classes = y_pred_shape[-1]
        shape = () if self.average == "micro" else (num_classes,)

        def state(name):
            return self.add_variable(
                shape=shape, initializer="zeros", dtype=self.dtype, name=name
            )

        self.true_positives = state("true_positives")
        self.false_positives = state("false_positives")
        self.false_negatives = state("false_negatives")
        self.intermediate_weights = self.add_variable(
            shape=(num_classes,),
            initializer="zeros",
            dtype=self.dtype,
            name="intermediate_weights",
        )
        self._built = True

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Adds the per-class counts of a batch.

        Args:
            y_true: Labels, `(batch_size, num_classes)`.
            y_pred: Scores, `(batch_size, num_classes)`.
            sample_weight: Optional weights, one per sample (or per
                entry).
        """
        y_true = ops.convert_to_tensor(y_true, dtype=self.dtype)
        y_pred = ops.convert_to_tensor(y_pred, dtype=self.dtype)
        if not self._built:
            self._build(tuple(y_true.shape), tuple(y_pred.shape))
        if self.threshold is None:
            # The highest score of each row is its predicted positive.
            best = ops.max(y_pred, axis=-1, keepdims=True)
            y_pred = ops.greater_equal(y_pred, best)
        else:
            y_pred = ops.greater(y_pred, self.threshold)
        y_pred = ops.cast(y_pred, self.dtype)

        weights = ops.ones_like(y_true)
        if sample_weight is not None:
            sample_weight = ops.convert_to_tensor(sample_weight, self.dtype)
            if len(sample_weight.shape) == 1:
                sample_weight = ops.expand_dims(sample_weight, 1)
            weights = weights * sample_weight

        def weighted_sum(values):
            return ops.sum(values * weights, axis=self.axis)

        self.true_positives.assign(
            self.true_positives + weighted_sum(y_pred * y_true)
        )
        self.false_positives.assign(
            self.false_positives + weighted_sum(y_pred * (1 - y_true))
        )
        self.false_negatives.assign(
            self.false_negatives + weighted_sum((1 - y_pred) * y_true)
        )
        self.intermediate_weights.assign(
            self.intermediate_weights + ops.sum(y_true * weights, axis=0)
        )

    def result(self):
        tp = ops.convert_to_tensor(self.true_positives)
        precision = divide_no_nan(tp, tp + self.false_positives)
        recall = divide_no_nan(tp, tp + self.false_negatives)
        squared_beta = self.beta**2
        scores = divide_no_nan(
            (1 + squared_beta) * precision * recall,
            squared_beta * precision + recall,
        )
        if self.average == "weighted":
            weights = ops.convert_to_tensor(self.intermediate_weights)
            return divide_no_nan(ops.sum(scores * weights), ops.sum(weights))
        if self.average is not None:
            return ops.mean(scores)
        return scores

    def reset_state(self):
        if not self._built:
            return
        for variable in self.variables:
            variable.assign(ops.zeros(variable.shape, variable.dtype))

    def get_config(self):
        return {
            **super().get_config(),
            "average": self.average,
            "beta": self.beta,
            "threshold": self.threshold,
        }


@keras_export("keras.metrics.F1Score")
class F1Score(FBetaScore):
    """F1 score, the harmonic mean of precision and recall.

    `F1 = 2 * precision * recall / (precision + recall)`, i.e. the
    F-beta score with `beta=1`. Inputs are 2D,
    `(batch_size, num_classes)`.

    Args:
        average: `None` (one score per class), `"micro"`, `"macro"` or
            `"weighted"`; see `keras.metrics.FBetaScore`.
        threshold: Optional float in `(0, 1]`: scores above it count as
            positive. If `None`, the highest score of each sample is the
            positive one.
        name: Name of this metric instance.
        dtype: Dtype of the state variables and of the result.

    Example:

    >>> m = keras.metrics.F1Score(threshold=0.5)
    >>> m.update_state([[1, 0], [0, 1], [1, 1]],
    ...                [[0.9, 0.2], [0.3, 0.2], [0.8, 0.7]])
    >>> [round(float(v), 4) for v in m.result()]
    [1.0, 0.6667]
    """

    def __init__(
        self, average=None, threshold=None, name="f1_score", dtype=None
    ):
        super().__init__(
            average=average,
            beta=1.0,
            threshold=threshold,
            name=name,
            dtype=dtype,
        )

    def get_config(self):
        config = super().get_config()
        del config["beta"]
        return config
