"""Metrics computed from confusion counts at one or more thresholds."""

import numpy as np

from keras.src import activations
from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.metrics import metrics_utils
from keras.src.metrics.metric import Metric
from keras.src.metrics.metrics_utils import ConfusionMatrix
from keras.src.metrics.metrics_utils import divide_no_nan

_COUNT_DETAILS = """\
    A prediction counts as positive when it is above the threshold. With a
    list of thresholds, one count per threshold is kept and the result is
    a vector. `sample_weight` turns the counts into sums of weights.

    Args:
        thresholds: A float or a list of floats in `[0, 1]`. Defaults to
            0.5.
        name: Name of this metric instance.
        dtype: Dtype of the state variable and of the result.
"""


def _with_count_details(cls):
    """Writes the paragraph and the `Args:` section shared by the
    confusion counts where their docstring says `{details}`."""
    cls.__doc__ = cls.__doc__.replace("    {details}\n", _COUNT_DETAILS)
    return cls


class _ConfusionMatrixConditionCount(Metric):
    """Counts one cell of the confusion matrix, at each threshold.

    Subclasses name the cell, a `ConfusionMatrix` member, in
    `_confusion_matrix_cond`.

    Args:
        thresholds: A float or a list of floats in `[0, 1]`. A prediction
            above a threshold counts as positive. Defaults to 0.5.
        name: Name of this metric instance.
        dtype: Dtype of the state variable and of the result.
    """

    _confusion_matrix_cond = None

    def __init__(self, thresholds=None, name=None, dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.init_thresholds = thresholds
        self.thresholds = metrics_utils.parse_init_thresholds(
            thresholds, default_threshold=0.5
        )
        self.accumulator = self.add_variable(
            shape=(len(self.thresholds),),
            initializer="zeros",
            name="accumulator",
        )

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Adds the counts of a batch.

        Args:
            y_true: Binary labels.
            y_pred: Predictions, usually probabilities in `[0, 1]`.
            sample_weight: Optional weights of the entries (per sample or
                per entry).
        """
        metrics_utils.update_confusion_matrix_variables(
            {self._confusion_matrix_cond: self.accumulator},
            y_true,
            y_pred,
            thresholds=self.thresholds,
            sample_weight=sample_weight,
        )

    def result(self):
        if len(self.thresholds) == 1:
            return ops.convert_to_tensor(self.accumulator)[0]
        return ops.convert_to_tensor(self.accumulator)

    def get_config(self):
        return {**super().get_config(), "thresholds": self.init_thresholds}


@keras_export("keras.metrics.FalsePositives")
@_with_count_details
class FalsePositives(_ConfusionMatrixConditionCount):
    """Counts false positives: negative labels predicted positive.

    {details}

    Example:

    >>> m = keras.metrics.FalsePositives()
    >>> m.update_state([0, 1, 0, 0], [0.9, 0.2, 0.7, 0.1])
    >>> float(m.result())
    2.0
    """

    _direction = "down"
    _confusion_matrix_cond = ConfusionMatrix.FALSE_POSITIVES


@keras_export("keras.metrics.FalseNegatives")
@_with_count_details
class FalseNegatives(_ConfusionMatrixConditionCount):
    """Counts false negatives: positive labels predicted negative.

    {details}

    Example:

    >>> m = keras.metrics.FalseNegatives()
    >>> m.update_state([1, 1, 0, 1], [0.9, 0.2, 0.7, 0.1])
    >>> float(m.result())
    2.0
    """

    _direction = "down"
    _confusion_matrix_cond = ConfusionMatrix.FALSE_NEGATIVES


@keras_export("keras.metrics.TrueNegatives")
@_with_count_details
class TrueNegatives(_ConfusionMatrixConditionCount):
    """Counts true negatives: negative labels predicted negative.

    {details}

    Example:

    >>> m = keras.metrics.TrueNegatives()
    >>> m.update_state([0, 1, 0, 0], [0.9, 0.2, 0.3, 0.1])
    >>> float(m.result())
    2.0
    """

    _direction = "up"
    _confusion_matrix_cond = ConfusionMatrix.TRUE_NEGATIVES


@keras_export("keras.metrics.TruePositives")
@_with_count_details
class TruePositives(_ConfusionMatrixConditionCount):
    """Counts true positives: positive labels predicted positive.

    {details}

    Example:

    >>> m = keras.metrics.TruePositives()
    >>> m.update_state([1, 1, 0, 1], [0.9, 0.2, 0.7, 0.8])
    >>> float(m.result())
    2.0
    """

    _direction = "up"
    _confusion_matrix_cond = ConfusionMatrix.TRUE_POSITIVES


class _PrecisionOrRecall(Metric):
    """Shared state of `Precision` and `Recall`: true positives and one
    kind of errors, at each threshold."""

    _direction = "up"

    _errors = None  # ConfusionMatrix member of the counted errors
    _errors_name = None

    def __init__(
        self, thresholds=None, top_k=None, class_id=None, name=None, dtype=None
    ):
        super().__init__(name=name, dtype=dtype)
        self.init_thresholds = thresholds
        self.top_k = top_k
        self.class_id = class_id
        # With `top_k` alone, every top-k prediction counts as positive.
        default_threshold = 0.5 if top_k is None else metrics_utils.NEG_INF
        self.thresholds = metrics_utils.parse_init_thresholds(
            thresholds, default_threshold=default_threshold
        )
        self._thresholds_distributed_evenly = False
        count = len(self.thresholds)
        self.true_positives = self.add_variable(
            shape=(count,), initializer="zeros", name="true_positives"
        )
        self._error_counts = self.add_variable(
            shape=(count,), initializer="zeros", name=self._errors_name
        )

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Adds the counts of a batch.

        Args:
            y_true: Binary labels (or one-hot labels with `class_id`).
            y_pred: Predictions, usually probabilities in `[0, 1]`.
            sample_weight: Optional weights of the entries (per sample or
                per entry).
        """
        metrics_utils.update_confusion_matrix_variables(
            {
                ConfusionMatrix.TRUE_POSITIVES: self.true_positives,
                self._errors: self._error_counts,
            },
            y_true,
            y_pred,
            thresholds=self.thresholds,
            top_k=self.top_k,
            class_id=self.class_id,
            sample_weight=sample_weight,
        )

    def result(self):
        tp = ops.convert_to_tensor(self.true_positives)
        errors = ops.convert_to_tensor(self._error_counts)
        value = divide_no_nan(tp, tp + errors)
        return value[0] if len(self.thresholds) == 1 else value

    def reset_state(self):
        count = len(self.thresholds)
        self.true_positives.assign(ops.zeros((count,)))
        self._error_counts.assign(ops.zeros((count,)))

    def get_config(self):
        return {
            **super().get_config(),
            "thresholds": self.init_thresholds,
            "top_k": self.top_k,
            "class_id": self.class_id,
        }


@keras_export("keras.metrics.Precision")
class Precision(_PrecisionOrRecall):
    """Share of the predicted positives that are real positives.

    `precision = true_positives / (true_positives + false_positives)`,
    accumulated over the batches (0 when nothing was predicted positive).
    A prediction is positive when it is above the threshold; with a list
    of thresholds the result holds one precision per threshold.

    With `top_k`, only the `k` highest predictions of each sample can be
    positive; with `class_id`, only that column of multi-class inputs
    counts.

    Args:
        thresholds: A float or a list of floats in `[0, 1]`. Defaults to
            0.5, or, with `top_k`, to no threshold at all.
        top_k: Optional int, see above.
        class_id: Optional int, see above.
        name: Name of this metric instance.
        dtype: Dtype of the state variables and of the result.

    Example:

    >>> m = keras.metrics.Precision()
    >>> m.update_state([0, 1, 1, 1], [1, 0, 1, 1])
    >>> round(float(m.result()), 4)
    0.6667
    """

    _errors = ConfusionMatrix.FALSE_POSITIVES
    _errors_name = "false_positives"

    @property
    def false_positives(self):
        return self._error_counts


@keras_export("keras.metrics.Recall")
class Recall(_PrecisionOrRecall):
    """Share of the real positives that are predicted positive.

    `recall = true_positives / (true_positives + false_negatives)`,
    accumulated over the batches (0 when there were no positives). A
    prediction is positive when it is above the threshold; with a list of
    thresholds the result holds one recall per threshold.

    With `top_k`, only the `k` highest predictions of each sample can be
    positive; with `class_id`, only that column of multi-class inputs
    counts.

    Args:
        thresholds: A float or a list of floats in `[0, 1]`. Defaults to
            0.5, or, with `top_k`, to no threshold at all.
        top_k: Optional int, see above.
        class_id: Optional int, see above.
        name: Name of this metric instance.
        dtype: Dtype of the state variables and of the result.

    Example:

    >>> m = keras.metrics.Recall()
    >>> m.update_state([0, 1, 1, 1], [1, 0, 1, 1])
    >>> round(float(m.result()), 4)
    0.6667
    """

    _errors = ConfusionMatrix.FALSE_NEGATIVES
    _errors_name = "false_negatives"

    @property
    def false_negatives(self):
        return self._error_counts


def _evenly_spaced_thresholds(num_thresholds):
    """`num_thresholds` thresholds from just below 0 to just above 1."""
    if num_thresholds == 1:
        return [0.5]
    inner = [(i + 1) / (num_thresholds - 1) for i in range(num_thresholds - 2)]
    return [0.0 - metrics_utils.EPSILON] + inner + [1.0 + metrics_utils.EPSILON]


class SensitivitySpecificityBase(Metric):
    """Base of the metrics that optimize one rate under a constraint on
    another, over `num_thresholds` evenly spaced thresholds.

    Subclasses name the constrained rate in `_constraint` (also the
    attribute and config key of its target value) and the rate reported
    in `_optimized`, each one of `"sensitivity"`, `"specificity"`,
    `"precision"` and `"recall"`.

    Args:
        value: The target value of the constrained rate, in `[0, 1]`.
        num_thresholds: Number of thresholds tried. Defaults to 200.
        class_id: Optional int: only this column of multi-class inputs
            counts.
        name: Name of this metric instance.
        dtype: Dtype of the state variables and of the result.
    """

    _direction = "up"
    _constraint = None
    _optimized = None

    def __init__(
        self, value, num_thresholds=200, class_id=None, name=None, dtype=None
    ):
        if self._constraint is not None:
            _check_rate(self._constraint, value)
            setattr(self, self._constraint, value)
        super().__init__(name=name, dtype=dtype)
        if not isinstance(num_thresholds, int) or num_thresholds <= 0:
            raise ValueError(
                "Argument `num_thresholds` must be an integer > 0. "
                f"Received: num_thresholds={num_thresholds}"
            )
        self.value = value
        self.class_id = class_id
        self.num_thresholds = num_thresholds
        self.thresholds = _evenly_spaced_thresholds(num_thresholds)
        self._thresholds_distributed_evenly = num_thresholds > 1
        shape = (num_thresholds,)
        self.true_positives = self.add_variable(
            shape=shape, initializer="zeros", name="true_positives"
        )
        self.false_positives = self.add_variable(
            shape=shape, initializer="zeros", name="false_positives"
        )
        self.true_negatives = self.add_variable(
            shape=shape, initializer="zeros", name="true_negatives"
        )
        self.false_negatives = self.add_variable(
            shape=shape, initializer="zeros", name="false_negatives"
        )

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Adds the counts of a batch at every threshold.

        Args:
            y_true: Binary labels (or one-hot labels with `class_id`).
            y_pred: Predictions, probabilities in `[0, 1]`.
            sample_weight: Optional weights of the entries.
        """
        metrics_utils.update_confusion_matrix_variables(
            {
                ConfusionMatrix.TRUE_POSITIVES: self.true_positives,
                ConfusionMatrix.TRUE_NEGATIVES: self.true_negatives,
                ConfusionMatrix.FALSE_POSITIVES: self.false_positives,
                ConfusionMatrix.FALSE_NEGATIVES: self.false_negatives,
            },
            y_true,
            y_pred,
            thresholds=self.thresholds,
            class_id=self.class_id,
            sample_weight=sample_weight,
        )

    def reset_state(self):
        for variable in (
            self.true_positives,
            self.false_positives,
            self.true_negatives,
            self.false_negatives,
        ):
            variable.assign(ops.zeros((self.num_thresholds,)))

    def _counts(self):
        return tuple(
            ops.convert_to_tensor(v)
            for v in (
                self.true_positives,
                self.false_positives,
                self.true_negatives,
                self.false_negatives,
            )
        )

    def _rates(self):
        """The four rates at each threshold, by name."""
        tp, fp, tn, fn = self._counts()
        recalls = divide_no_nan(tp, tp + fn)
        return {
            "sensitivity": recalls,
            "specificity": divide_no_nan(tn, tn + fp),
            "precision": divide_no_nan(tp, tp + fp),
            "recall": recalls,
        }

    def result(self):
        rates = self._rates()
        return self._best_under_constraint(
            rates[self._constraint],
            rates[self._optimized],
            getattr(self, self._constraint),
        )

    @staticmethod
    def _best_under_constraint(constrained, dependent, target):
        """Largest `dependent` over the thresholds where `constrained >=
        target`; 0 if there is none."""
        feasible = ops.greater_equal(constrained, target)
        candidates = ops.where(feasible, dependent, ops.zeros_like(dependent))
        return ops.where(
            ops.any(feasible), ops.max(candidates), ops.zeros_like(dependent[0])
        )

    def get_config(self):
        config = {
            **super().get_config(),
            "num_thresholds": self.num_thresholds,
            "class_id": self.class_id,
        }
        if self._constraint is not None:
            config[self._constraint] = getattr(self, self._constraint)
        return config


def _check_rate(name, value):
    if value < 0 or value > 1:
        raise ValueError(
            f"`{name}` must be in the range [0, 1]. Received: {name}={value}"
        )


@keras_export("keras.metrics.SensitivityAtSpecificity")
class SensitivityAtSpecificity(SensitivitySpecificityBase):
    """Best sensitivity (recall) reachable with a given specificity.

    Over `num_thresholds` thresholds, keeps those whose specificity
    `TN / (TN + FP)` is at least `specificity` and reports the highest
    sensitivity `TP / (TP + FN)` among them.

    Args:
        specificity: Float in `[0, 1]`, the required specificity.
        num_thresholds: Number of thresholds tried. Defaults to 200.
        class_id: Optional int: only this column of multi-class inputs
            counts.
        name: Name of this metric instance.
        dtype: Dtype of the state variables and of the result.

    Example:

    >>> m = keras.metrics.SensitivityAtSpecificity(0.5)
    >>> m.update_state([0, 0, 0, 1, 1], [0.0, 0.3, 0.8, 0.3, 0.9])
    >>> float(m.result())
    0.5
    """

    _constraint = "specificity"
    _optimized = "sensitivity"

    def __init__(
        self,
        specificity,
        num_thresholds=200,
        class_id=None,
        name=None,
        dtype=None,
    ):
        super().__init__(
            specificity,
            num_thresholds=num_thresholds,
            class_id=class_id,
            name=name,
            dtype=dtype,
        )


@keras_export("keras.metrics.SpecificityAtSensitivity")
class SpecificityAtSensitivity(SensitivitySpecificityBase):
    """Best specificity reachable with a given sensitivity (recall).

    Over `num_thresholds` thresholds, keeps those whose sensitivity
    `TP / (TP + FN)` is at least `sensitivity` and reports the highest
    specificity `TN / (TN + FP)` among them.

    Args:
        sensitivity: Float in `[0, 1]`, the required sensitivity.
        num_thresholds: Number of thresholds tried. Defaults to 200.
        class_id: Optional int: only this column of multi-class inputs
            counts.
        name: Name of this metric instance.
        dtype: Dtype of the state variables and of the result.

    Example:

    >>> m = keras.metrics.SpecificityAtSensitivity(0.5)
    >>> m.update_state([0, 0, 0, 1, 1], [0.0, 0.3, 0.8, 0.3, 0.9])
    >>> float(m.result())
    1.0
    """

    _constraint = "sensitivity"
    _optimized = "specificity"

    def __init__(
        self,
        sensitivity,
        num_thresholds=200,
        class_id=None,
        name=None,
        dtype=None,
    ):
        super().__init__(
            sensitivity,
            num_thresholds=num_thresholds,
            class_id=class_id,
            name=name,
            dtype=dtype,
        )


@keras_export("keras.metrics.PrecisionAtRecall")
class PrecisionAtRecall(SensitivitySpecificityBase):
    """Best precision reachable with a given recall.

    Over `num_thresholds` thresholds, keeps those whose recall is at least
    `recall` and reports the highest precision among them.

    Args:
        recall: Float in `[0, 1]`, the required recall.
        num_thresholds: Number of thresholds tried. Defaults to 200.
        class_id: Optional int: only this column of multi-class inputs
            counts.
        name: Name of this metric instance.
        dtype: Dtype of the state variables and of the result.

    Example:

    >>> m = keras.metrics.PrecisionAtRecall(0.5)
    >>> m.update_state([0, 0, 0, 1, 1], [0.0, 0.3, 0.8, 0.3, 0.9])
    >>> float(m.result())
    1.0
    """

    _constraint = "recall"
    _optimized = "precision"

    def __init__(
        self, recall, num_thresholds=200, class_id=None, name=None, dtype=None
    ):
        super().__init__(
            recall,
            num_thresholds=num_thresholds,
            class_id=class_id,
            name=name,
            dtype=dtype,
        )


@keras_export("keras.metrics.RecallAtPrecision")
class RecallAtPrecision(SensitivitySpecificityBase):
    """Best recall reachable with a given precision.

    Over `num_thresholds` thresholds, keeps those whose precision is at
    least `precision` and reports the highest recall among them (0 when no
    threshold reaches that precision).

    Args:
        precision: Float in `[0, 1]`, the required precision.
        num_thresholds: Number of thresholds tried. Defaults to 200.
        class_id: Optional int: only this column of multi-class inputs
            counts.
        name: Name of this metric instance.
        dtype: Dtype of the state variables and of the result.

    Example:

    >>> m = keras.metrics.RecallAtPrecision(0.8)
    >>> m.update_state([0, 0, 1, 1], [0.0, 0.5, 0.3, 0.9])
    >>> float(m.result())
    0.5
    """

    _constraint = "precision"
    _optimized = "recall"

    def __init__(
        self,
        precision,
        num_thresholds=200,
        class_id=None,
        name=None,
        dtype=None,
    ):
        super().__init__(
            precision,
            num_thresholds=num_thresholds,
            class_id=class_id,
            name=name,
            dtype=dtype,
        )


@keras_export("keras.metrics.AUC")
class AUC(Metric):
    """Area under the ROC or precision-recall curve.

    The four confusion counts are accumulated at `num_thresholds`
    thresholds; the curve through the resulting (x, y) points is then
    integrated with a Riemann sum. For the ROC curve the points are
    (false positive rate, recall), for the PR curve (recall, precision),
    and for the precision-recall-gain curve (recall gain, precision gain).
    More thresholds give a finer approximation.

    Args:
        num_thresholds: Number of evenly spaced thresholds (> 1). Defaults
            to 200. Ignored when `thresholds` is given.
        curve: `"ROC"` (default), `"PR"` or `"PRGAIN"`.
        summation_method: How each interval is summed: `"interpolation"`
            (default; the exact interpolation of Davis & Goadrich, 2006,
            for PR curves, the trapezoid rule otherwise), `"minoring"` (the
            lower end) or `"majoring"` (the higher end).
        name: Name of this metric instance.
        dtype: Dtype of the state variables and of the result.
        thresholds: Optional list of thresholds in `[0, 1]`; `0 - epsilon`
            and `1 + epsilon` are added around them.
        multi_label: Whether the last axis of the inputs holds independent
            labels: their AUCs are computed separately, then averaged
            (weighted by `label_weights` if given). Otherwise every entry
            is pooled into one curve.
        num_labels: Number of labels, with `multi_label`. If `None`, it is
            read from the first batch.
        label_weights: Optional weights of the labels: for averaging with
            `multi_label`, else for weighting the pooled entries.
        from_logits: Whether the predictions are logits (a sigmoid is
            applied first).

    Example:

    >>> m = keras.metrics.AUC(num_thresholds=3)
    >>> m.update_state([0, 0, 1, 1], [0.0, 0.5, 0.3, 0.9])
    >>> float(m.result())
    0.75
    """

    _direction = "up"

    def __init__(
        self,
        num_thresholds=200,
        curve="ROC",
        summation_method="interpolation",
        name=None,
        dtype=None,
        thresholds=None,
        multi_label=False,
        num_labels=None,
        label_weights=None,
        from_logits=False,
    ):
        super().__init__(name=name, dtype=dtype)
        self._init_from_thresholds = thresholds is not None
        if thresholds is not None:
            thresholds = metrics_utils.to_list(thresholds)
            metrics_utils.assert_thresholds_range(thresholds)
            self.num_thresholds = len(thresholds) + 2
            inner = sorted(thresholds)
            self._thresholds_distributed_evenly = False
            self._thresholds = np.array(
                [0.0 - metrics_utils.EPSILON]
                + inner
                + [1.0 + metrics_utils.EPSILON]
            )
        else:
            if not isinstance(num_thresholds, int) or num_thresholds <= 1:
                raise ValueError(
                    "Argument `num_thresholds` must be an integer > 1. "
                    f"Received: num_thresholds={num_thresholds}"
                )
            self.num_thresholds = num_thresholds
            self._thresholds_distributed_evenly = True
            self._thresholds = np.array(
                _evenly_spaced_thresholds(num_thresholds)
            )
        if isinstance(curve, metrics_utils.AUCCurve):
            self.curve = curve
        else:
            self.curve = metrics_utils.AUCCurve.from_str(curve)
        if isinstance(summation_method, metrics_utils.AUCSummationMethod):
            self.summation_method = summation_method
        else:
            self.summation_method = metrics_utils.AUCSummationMethod.from_str(
                summation_method
            )
        self.multi_label = multi_label
        self.num_labels = num_labels
        self._from_logits = from_logits
        if label_weights is not None:
            label_weights = ops.convert_to_tensor(label_weights, self.dtype)
        self.label_weights = label_weights
        self._built = False
        if not multi_label:
            self._build(None)
        elif num_labels is not None:
            self._build((None, num_labels))

    @property
    def thresholds(self):
        """The thresholds, `0 - epsilon` and `1 + epsilon` included."""
        return list(self._thresholds)

    def _build(self, shape):
        if self.multi_label:
            if shape is None or len(shape) < 2 or shape[-1] is None:
                raise ValueError(
                    "With `multi_label=True`, AUC needs inputs with a "
                    "known label axis (at least 2D). Received input shape: "
                    f"{shape}"
                )
            self.num_labels = shape[-1]
            variable_shape = (self.num_thresholds, self.num_labels)
        else:
            variable_shape = (self.num_thresholds,)
        self.true_positives = self.add_variable(
            shape=variable_shape, initializer="zeros", name="true_positives"
        )
        self.false_positives = self.add_variable(
            shape=variable_shape, initializer="zeros", name="false_positives"
        )
        self.true_negatives = self.add_variable(
            shape=variable_shape, initializer="zeros", name="true_negatives"
        )
        self.false_negatives = self.add_variable(
            shape=variable_shape, initializer="zeros", name="false_negatives"
        )
        self._built = True

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Adds the counts of a batch at every threshold.

        Args:
            y_true: Binary labels.
            y_pred: Predictions (probabilities, or logits with
                `from_logits=True`).
            sample_weight: Optional weights of the entries.
        """
        if not self._built:
            self._build(ops.shape(y_pred))
        y_pred = ops.convert_to_tensor(y_pred)
        if self._from_logits:
            y_pred = activations.sigmoid(y_pred)
        label_weights = None if self.multi_label else self.label_weights
        metrics_utils.update_confusion_matrix_variables(
            {
                ConfusionMatrix.TRUE_POSITIVES: self.true_positives,
                ConfusionMatrix.TRUE_NEGATIVES: self.true_negatives,
                ConfusionMatrix.FALSE_POSITIVES: self.false_positives,
                ConfusionMatrix.FALSE_NEGATIVES: self.false_negatives,
            },
            y_true,
            y_pred,
            thresholds=self.thresholds,
            sample_weight=sample_weight,
            multi_label=self.multi_label,
            label_weights=label_weights,
        )

    def _interpolated_pr_auc(self, tp, fp, fn):
        """Area under the PR curve, interpolating precision between two
        thresholds as the true positives grow linearly with the predicted
        positives (Davis & Goadrich, 2006)."""
        predicted = tp + fp
        d_tp = tp[:-1] - tp[1:]
        d_predicted = predicted[:-1] - predicted[1:]
        slope = divide_no_nan(d_tp, ops.maximum(d_predicted, 0))
        intercept = tp[1:] - slope * predicted[1:]
        both_positive = ops.logical_and(predicted[:-1] > 0, predicted[1:] > 0)
        ratio = ops.where(
            both_positive,
            divide_no_nan(predicted[:-1], ops.maximum(predicted[1:], 0)),
            ops.ones_like(predicted[1:]),
        )
        increments = divide_no_nan(
            slope * (d_tp + intercept * ops.log(ratio)),
            ops.maximum(tp[1:] + fn[1:], 0),
        )
        return self._combine_labels(ops.sum(increments, axis=0))

    def _combine_labels(self, per_label):
        if not self.multi_label:
            return per_label
        if self.label_weights is None:
            return ops.mean(per_label)
        return divide_no_nan(
            ops.sum(per_label * self.label_weights),
            ops.sum(self.label_weights),
        )

    def result(self):
        tp = ops.convert_to_tensor(self.true_positives)
        fp = ops.convert_to_tensor(self.false_positives)
        tn = ops.convert_to_tensor(self.true_negatives)
        fn = ops.convert_to_tensor(self.false_negatives)
        curve = self.curve
        summation = self.summation_method
        if (
            curve == metrics_utils.AUCCurve.PR
            and summation == metrics_utils.AUCSummationMethod.INTERPOLATION
        ):
            return self._interpolated_pr_auc(tp, fp, fn)

        recall = divide_no_nan(tp, tp + fn)
        if curve == metrics_utils.AUCCurve.ROC:
            x = divide_no_nan(fp, fp + tn)
            y = recall
        elif curve == metrics_utils.AUCCurve.PR:
            x = recall
            y = divide_no_nan(tp, tp + fp)
        else:
            # Precision and recall gains (Flach & Kull, 2015), clipped to
            # [0, 1]. An undefined ratio 0/0 counts as 0; x/0 for x > 0
            # as infinite (gain 0 after clipping).
            scale = divide_no_nan(tp + fn, fp + tn)

            def gain(errors):
                ratio = divide_no_nan(errors, tp)
                g = 1.0 - scale * ratio
                g = ops.where(
                    ops.logical_and(tp <= 0, errors > 0),
                    ops.zeros_like(g),
                    g,
                )
                return ops.clip(g, 0.0, 1.0)

            x = gain(fn)
            y = gain(fp)

        if summation == metrics_utils.AUCSummationMethod.INTERPOLATION:
            heights = (y[:-1] + y[1:]) / 2.0
        elif summation == metrics_utils.AUCSummationMethod.MINORING:
            heights = ops.minimum(y[:-1], y[1:])
        else:
            heights = ops.maximum(y[:-1], y[1:])
        per_label = ops.sum((x[:-1] - x[1:]) * heights, axis=0)
        return self._combine_labels(per_label)

    def reset_state(self):
        if not self._built:
            return
        for variable in (
            self.true_positives,
            self.false_positives,
            self.true_negatives,
            self.false_negatives,
        ):
            variable.assign(ops.zeros(variable.shape, variable.dtype))

    def get_config(self):
        label_weights = self.label_weights
        if label_weights is not None:
            label_weights = [
                float(w) for w in backend.convert_to_numpy(label_weights)
            ]
        config = {
            **super().get_config(),
            "num_thresholds": self.num_thresholds,
            "curve": self.curve.value,
            "summation_method": self.summation_method.value,
            "multi_label": self.multi_label,
            "num_labels": self.num_labels,
            "label_weights": label_weights,
            "from_logits": self._from_logits,
        }
        if self._init_from_thresholds:
            config["thresholds"] = [float(t) for t in self._thresholds[1:-1]]
        return config
