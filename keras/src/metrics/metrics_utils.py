"""Helpers of the threshold-based metrics (confusion counts, AUC)."""

from enum import Enum

import numpy as np

from keras.src import backend
from keras.src import ops
from keras.src.losses.loss import squeeze_or_expand_to_same_rank

# Thresholds just outside [0, 1], so that predictions of exactly 0 or 1
# fall on a definite side of the first and last thresholds.
EPSILON = 1e-7
NEG_INF = -1e10


class ConfusionMatrix(Enum):
    """The four counts of a binary confusion matrix."""

    TRUE_POSITIVES = "tp"
    FALSE_POSITIVES = "fp"
    TRUE_NEGATIVES = "tn"
    FALSE_NEGATIVES = "fn"


class AUCCurve(Enum):
    """The curve whose area `keras.metrics.AUC` computes."""

    ROC = "ROC"
    PR = "PR"
    PRGAIN = "PRGAIN"

    @staticmethod
    def from_str(key):
        return _member_named(AUCCurve, key, str.lower, "AUC curve")


class AUCSummationMethod(Enum):
    """How the area under a curve sampled at thresholds is summed.

    `INTERPOLATION` uses the mean of the two ends of each interval (for PR
    curves, the interpolation of Davis & Goadrich, 2006), `MAJORING` their
    maximum and `MINORING` their minimum.
    """

    INTERPOLATION = "interpolation"
    MAJORING = "majoring"
    MINORING = "minoring"

    @staticmethod
    def from_str(key):
        return _member_named(
            AUCSummationMethod, key, str.capitalize, "AUC summation method"
        )


def _member_named(enum, key, respell, what):
    """The member of `enum` whose value, or its value respelled by
    `respell`, is `key`; a `ValueError` naming `what` if there is none."""
    for member in enum:
        if key in (member.value, respell(member.value)):
            return member
    values = [f'"{member.value}"' for member in enum]
    raise ValueError(
        f'Invalid {what} value: "{key}". Expected one of '
        f"{', '.join(values[:-1])} or {values[-1]}."
    )


def assert_thresholds_range(thresholds):
    """Raises a `ValueError` unless every threshold is a number in [0, 1]."""
    if thresholds is None:
        return
    invalid = [t for t in thresholds if t is None or t < 0 or t > 1]
    if invalid:
        raise ValueError(
            f"Threshold values must be in [0, 1]. Received: {invalid}"
        )


def parse_init_thresholds(thresholds, default_threshold=0.5):
    """Returns the thresholds as a list (`[default_threshold]` for `None`),
    after checking their range."""
    if thresholds is not None:
        assert_thresholds_range(to_list(thresholds))
    if thresholds is None:
        return [default_threshold]
    return to_list(thresholds)


def to_list(x):
    if isinstance(x, (list, tuple)):
        return list(x)
    if isinstance(x, np.ndarray):
        return x.tolist()
    return [x]


def _filter_top_k(x, k):
    """Sets all but the `k` largest entries of the last axis to `NEG_INF`
    (ties go to the lowest index)."""
    _, indices = ops.top_k(x, k, sorted=False)
    in_top_k = ops.sum(
        ops.one_hot(indices, ops.shape(x)[-1], dtype=x.dtype), axis=-2
    )
    return x * in_top_k + NEG_INF * (1 - in_top_k)


def _counts_above_thresholds(scores, values, thresholds, num_groups, groups):
    """For each threshold `t` and group `g`, sums `values` over the entries
    of group `g` whose score is above `t`.

    `scores`, `values` and `groups` are flat; returns `(T, num_groups)`.
    Each entry is put in one bucket, the number of thresholds below its
    score, and the buckets are summed from the top: this costs one pass
    over the entries whatever the number of thresholds.
    """
    order = np.argsort(thresholds, kind="stable")
    sorted_t = np.asarray(thresholds, dtype="float32")[order]
    num_thresholds = len(sorted_t)
    # `digitize(-score, -sorted_t[::-1])` counts the thresholds `>= score`.
    reversed_negated = ops.convert_to_tensor(-sorted_t[::-1], dtype="float32")
    not_below = ops.digitize(-ops.cast(scores, "float32"), reversed_negated)
    bucket = num_thresholds - ops.cast(not_below, "int32")
    segment = bucket * num_groups + groups
    histogram = ops.segment_sum(
        values, segment, num_segments=(num_thresholds + 1) * num_groups
    )
    histogram = ops.reshape(histogram, (num_thresholds + 1, num_groups))
    # above[i] = sum of buckets > i, i.e. scores above threshold i.
    from_top = ops.flip(ops.cumsum(ops.flip(histogram, 0), axis=0), 0)
    above_sorted = from_top[1:]
    inverse = np.empty_like(order)
    inverse[order] = np.arange(num_thresholds)
    return ops.take(above_sorted, ops.convert_to_tensor(inverse), axis=0)


def update_confusion_matrix_variables(
    variables_to_update,
    y_true,
    y_pred,
    thresholds,
    top_k=None,
    class_id=None,
    sample_weight=None,
    multi_label=False,
    label_weights=None,
    thresholds_distributed_evenly=False,
):
    """Adds the confusion counts of a batch to the given variables.

    An entry is a predicted positive at threshold `t` when its prediction
    is above `t`; it is a true positive when its label is also positive.

    Args:
        variables_to_update: Dict mapping `ConfusionMatrix` members to the
            variables to increment, of shape `(len(thresholds),)` or, with
            `multi_label`, `(len(thresholds), num_labels)`.
        y_true: Labels (0/1, or booleans).
        y_pred: Predictions, usually in `[0, 1]`.
        thresholds: List of float thresholds.
        top_k: Optional int: only the `k` highest predictions of the last
            axis can be positive.
        class_id: Optional int: only this index of the last axis counts.
        sample_weight: Optional weights, broadcastable to `y_pred` (once
            their rank is aligned).
        multi_label: Whether the last axis holds separate labels, counted
            separately (else every entry is pooled).
        label_weights: Optional weights of the labels (last axis), used
            when `multi_label` is `False`.
        thresholds_distributed_evenly: Unused; kept for compatibility (the
            counting is linear in the batch size for any thresholds).
    """
    del thresholds_distributed_evenly
    if not variables_to_update:
        return
    unknown = [
        key
        for key in variables_to_update
        if not isinstance(key, ConfusionMatrix)
    ]
    if unknown:
        raise ValueError(
            "`variables_to_update` must be keyed by `ConfusionMatrix` "
            f"members. Received keys: {unknown}"
        )
    dtype = next(iter(variables_to_update.values())).dtype
    if not backend.is_float_dtype(dtype):
        dtype = backend.floatx()
    y_pred = ops.cast(y_pred, dtype)
    y_true = ops.cast(ops.convert_to_tensor(y_true), dtype)
    y_pred, y_true = squeeze_or_expand_to_same_rank(y_pred, y_true)
    if sample_weight is not None:
        sample_weight = ops.cast(sample_weight, dtype)
        y_pred, sample_weight = squeeze_or_expand_to_same_rank(
            y_pred, sample_weight, expand_rank_1=False
        )
    if top_k is not None:
        y_pred = _filter_top_k(y_pred, top_k)
    if class_id is not None:
        if len(y_pred.shape) < 2:
            raise ValueError(
                "When class_id is provided, y_pred must be a 2D array with "
                "shape (num_samples, num_classes), found shape: "
                f"{y_pred.shape}"
            )
        y_true = y_true[..., class_id : class_id + 1]
        y_pred = y_pred[..., class_id : class_id + 1]
        if (
            sample_weight is not None
            and len(sample_weight.shape) == len(y_pred.shape)
            and sample_weight.shape[-1] not in (None, 1)
        ):
            sample_weight = sample_weight[..., class_id : class_id + 1]

    weights = ops.ones_like(y_pred)
    if sample_weight is not None:
        while len(sample_weight.shape) < len(y_pred.shape):
            sample_weight = ops.expand_dims(sample_weight, -1)
        weights = weights * sample_weight
    if label_weights is not None and not multi_label:
        weights = weights * ops.cast(label_weights, dtype)

    if multi_label:
        num_labels = y_pred.shape[-1]
        scores = ops.reshape(y_pred, (-1, num_labels))
        labels = ops.reshape(y_true, (-1, num_labels))
        weights = ops.reshape(weights, (-1, num_labels))
        groups = ops.broadcast_to(
            ops.arange(num_labels, dtype="int32"), ops.shape(scores)
        )
    else:
        num_labels = 1
        scores = ops.reshape(y_pred, (-1,))
        labels = ops.reshape(y_true, (-1,))
        weights = ops.reshape(weights, (-1,))
        groups = ops.zeros_like(scores, dtype="int32")
    scores = ops.reshape(scores, (-1,))
    labels = ops.cast(ops.reshape(labels, (-1,)) > 0, dtype)
    weights = ops.reshape(weights, (-1,))
    groups = ops.reshape(groups, (-1,))

    positive_weight = weights * labels
    negative_weight = weights * (1 - labels)
    thresholds = to_list(thresholds)

    def above(values):
        counts = _counts_above_thresholds(
            scores, values, thresholds, num_labels, groups
        )
        return counts if multi_label else counts[:, 0]

    def total(values):
        sums = ops.segment_sum(values, groups, num_segments=num_labels)
        return sums if multi_label else sums[0]

    needed = set(variables_to_update)
    results = {}
    # Each kind of label splits into the entries above the threshold
    # (predicted positive) and the rest.
    for weight, above_key, below_key in (
        (
            positive_weight,
            ConfusionMatrix.TRUE_POSITIVES,
            ConfusionMatrix.FALSE_NEGATIVES,
        ),
        (
            negative_weight,
            ConfusionMatrix.FALSE_POSITIVES,
            ConfusionMatrix.TRUE_NEGATIVES,
        ),
    ):
        if needed & {above_key, below_key}:
            count = above(weight)
            results[above_key] = count
            results[below_key] = total(weight) - count
    for key, variable in variables_to_update.items():
        variable.assign(variable + ops.cast(results[key], variable.dtype))


def divide_no_nan(numerator, denominator):
    """`numerator / denominator`, with 0 where the denominator is 0."""
    safe = ops.where(ops.equal(denominator, 0), 1, denominator)
    return ops.where(ops.equal(denominator, 0), 0, numerator / safe)


def confusion_matrix(
    labels, predictions, num_classes, weights=None, dtype="int32"
):
    """Confusion matrix of integer labels (rows) and predictions (columns).

    Entries whose label or prediction is outside `[0, num_classes)` are
    ignored.
    """
    labels = ops.cast(ops.reshape(labels, (-1,)), "int32")
    predictions = ops.cast(ops.reshape(predictions, (-1,)), "int32")
    valid = ops.logical_and(
        ops.logical_and(labels >= 0, labels < num_classes),
        ops.logical_and(predictions >= 0, predictions < num_classes),
    )
    if weights is None:
        values = ops.ones_like(labels, dtype=dtype)
    else:
        values = ops.cast(ops.reshape(weights, (-1,)), dtype)
    values = ops.where(valid, values, ops.zeros_like(values))
    index = ops.where(valid, labels * num_classes + predictions, 0)
    counts = ops.segment_sum(values, index, num_segments=num_classes**2)
    return ops.reshape(counts, (num_classes, num_classes))
