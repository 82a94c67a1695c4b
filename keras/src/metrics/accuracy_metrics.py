"""Accuracy metrics."""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.losses.loss import squeeze_or_expand_to_same_rank
from keras.src.metrics import reduction_metrics


def _float(x):
    return ops.cast(x, backend.floatx())


def _drop_unit_label_axis(y_true, y_pred):
    # Integer labels may come as `(batch, ..., 1)`; the predictions then
    # have the same rank, with classes on the last axis.
    if len(y_true.shape) == len(y_pred.shape) and y_true.shape[-1] == 1:
        return ops.squeeze(y_true, axis=-1)
    return y_true


class _AccuracyWrapper(reduction_metrics.FixedFunctionMean):
    """An accuracy: higher values are better."""

    _direction = "up"


@keras_export("keras.metrics.accuracy")
def accuracy(y_true, y_pred):
    """Elementwise exact-match indicator between labels and predictions.

    Args:
        y_true: Tensor of labels.
        y_pred: Tensor of predictions, compared to `y_true` for equality.

    Returns:
        A float tensor holding 1.0 where the two agree and 0.0 elsewhere.

    Example:

    >>> keras.metrics.accuracy([[4, 0, 7]], [[4, 1, 7]]).tolist()
    [[1.0, 0.0, 1.0]]
    """
    y_pred = ops.convert_to_tensor(y_pred)
    y_true = ops.convert_to_tensor(y_true, dtype=y_pred.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    return _float(ops.equal(y_true, y_pred))


@keras_export("keras.metrics.Accuracy")
class Accuracy(_AccuracyWrapper):
    """Running share of predictions identical to their labels.

    Each element of `y_pred` is compared with the matching element of
    `y_true`; the metric keeps the (optionally weighted) mean of these
    0/1 matches over every batch seen since the last reset.

    Args:
        name: Name of this metric instance.
        dtype: Dtype of the state variables and of the result.

    Example:

    >>> acc = keras.metrics.Accuracy()
    >>> acc.update_state([3, 1, 2, 2, 0], [3, 1, 0, 2, 1])
    >>> round(float(acc.result()), 4)
    0.6
    """

    def __init__(self, name="accuracy", dtype=None):
        super().__init__(fn=accuracy, name=name, dtype=dtype)


@keras_export("keras.metrics.binary_accuracy")
def binary_accuracy(y_true, y_pred, threshold=0.5):
    """Elementwise correctness of thresholded predictions for 0/1 labels.

    Args:
        y_true: Tensor of 0/1 labels.
        y_pred: Tensor of scores, usually probabilities.
        threshold: A score strictly above this value is read as class 1,
            anything else as class 0.

    Returns:
        A float tensor of 1.0 (correct) and 0.0 (wrong) entries.

    Example:

    >>> keras.metrics.binary_accuracy(
    ...     [[0], [1], [1]], [[0.2], [0.9], [0.4]]).tolist()
    [[1.0], [1.0], [0.0]]
    """
    y_pred = ops.convert_to_tensor(y_pred)
    y_true = ops.convert_to_tensor(y_true)
    above = ops.greater(y_pred, ops.cast(threshold, y_pred.dtype))
    y_true, y_pred = squeeze_or_expand_to_same_rank(
        y_true, ops.cast(above, y_true.dtype)
    )
    return _float(ops.equal(y_true, y_pred))


@keras_export("keras.metrics.BinaryAccuracy")
class BinaryAccuracy(_AccuracyWrapper):
    """Running share of correct 0/1 predictions.

    Scores above `threshold` count as a prediction of 1, the others as 0;
    the metric accumulates the (optionally weighted) mean agreement with
    the labels.

    Args:
        name: Name of this metric instance.
        dtype: Dtype of the state variables and of the result.
        threshold: Decision threshold applied to `y_pred`. Defaults to
            0.5.

    Example:

    >>> acc = keras.metrics.BinaryAccuracy(threshold=0.3)
    >>> acc.update_state([[1], [0], [1], [0]], [[0.35], [0.1], [0.2], [0.7]])
    >>> float(acc.result())
    0.5
    """

    _option_names = ("threshold",)

    def __init__(self, name="binary_accuracy", dtype=None, threshold=0.5):
        if not (threshold is None or isinstance(threshold, (int, float))):
            raise ValueError(
                "`threshold` must be a number (a float such as 0.5); "
                f"received threshold={threshold!r}."
            )
        super().__init__(
            fn=binary_accuracy, name=name, dtype=dtype, threshold=threshold
        )
        self.threshold = threshold


@keras_export("keras.metrics.categorical_accuracy")
def categorical_accuracy(y_true, y_pred):
    """Per-sample check that the top-scoring class is the one-hot label.

    Args:
        y_true: One-hot labels, classes on the last axis.
        y_pred: Scores per class (probabilities or logits).

    Returns:
        A float tensor with one 1.0/0.0 entry per sample.

    Example:

    >>> keras.metrics.categorical_accuracy(
    ...     [[1, 0, 0], [0, 0, 1]], [[0.6, 0.3, 0.1], [0.5, 0.2, 0.3]]
    ... ).tolist()
    [1.0, 0.0]
    """
    y_true = ops.argmax(ops.convert_to_tensor(y_true), axis=-1)
    return sparse_categorical_accuracy(y_true, y_pred)


@keras_export("keras.metrics.CategoricalAccuracy")
class CategoricalAccuracy(_AccuracyWrapper):
    """Running share of samples classified correctly, for one-hot labels.

    A sample is correct when the largest entry of `y_pred` sits at the
    position of the 1 in `y_true`.

    Args:
        name: Name of this metric instance.
        dtype: Dtype of the state variables and of the result.

    Example:

    >>> acc = keras.metrics.CategoricalAccuracy()
    >>> acc.update_state([[0, 1], [1, 0], [0, 1], [0, 1]],
    ...                  [[0.2, 0.8], [0.4, 0.6], [0.3, 0.7], [0.9, 0.1]])
    >>> float(acc.result())
    0.5
    """

    def __init__(self, name="categorical_accuracy", dtype=None):
        super().__init__(fn=categorical_accuracy, name=name, dtype=dtype)


@keras_export("keras.metrics.sparse_categorical_accuracy")
def sparse_categorical_accuracy(y_true, y_pred):
    """Per-sample check that the top-scoring class equals an integer label.

    Args:
        y_true: Integer class indices, shaped `(batch, ...)` or
            `(batch, ..., 1)`.
        y_pred: Scores with the classes on the last axis.

    Returns:
        A float tensor with one 1.0/0.0 entry per label.

    Example:

    >>> keras.metrics.sparse_categorical_accuracy(
    ...     [0, 2], [[0.7, 0.2, 0.1], [0.3, 0.5, 0.2]]
    ... ).tolist()
    [1.0, 0.0]
    """
    y_pred = ops.convert_to_tensor(y_pred)
    y_true = _drop_unit_label_axis(ops.convert_to_tensor(y_true), y_pred)
    predicted = ops.cast(ops.argmax(y_pred, axis=-1), y_true.dtype)
    return _float(ops.equal(y_true, predicted))


@keras_export("keras.metrics.SparseCategoricalAccuracy")
class SparseCategoricalAccuracy(_AccuracyWrapper):
    """Running share of samples classified correctly, for integer labels.

    A sample is correct when the index of the largest entry of `y_pred`
    equals its label.

    Args:
        name: Name of this metric instance.
        dtype: Dtype of the state variables and of the result.

    Example:

    >>> acc = keras.metrics.SparseCategoricalAccuracy()
    >>> acc.update_state([1, 0, 2], [[0.1, 0.8, 0.1], [0.2, 0.2, 0.6],
    ...                              [0.3, 0.3, 0.4]])
    >>> round(float(acc.result()), 4)
    0.6667
    """

    def __init__(self, name="sparse_categorical_accuracy", dtype=None):
        super().__init__(fn=sparse_categorical_accuracy, name=name, dtype=dtype)


def _in_top_k(targets, predictions, k):
    """Whether each target index is among the top `k` predictions."""
    target_scores = ops.take_along_axis(
        predictions, ops.expand_dims(targets, axis=-1), axis=-1
    )
    num_greater = ops.sum(
        ops.cast(ops.greater(predictions, target_scores), "int32"), axis=-1
    )
    return ops.less(num_greater, k)


@keras_export("keras.metrics.top_k_categorical_accuracy")
def top_k_categorical_accuracy(y_true, y_pred, k=5):
    """Per-sample check that the one-hot label is among the `k` best scores.

    Args:
        y_true: One-hot labels, classes on the last axis.
        y_pred: Scores per class.
        k: How many of the highest-scoring classes count as a hit.
            Defaults to 5.

    Returns:
        A float tensor with one 1.0/0.0 entry per sample.

    Example:

    >>> keras.metrics.top_k_categorical_accuracy(
    ...     [[0, 0, 1, 0], [1, 0, 0, 0]],
    ...     [[0.1, 0.4, 0.3, 0.2], [0.1, 0.4, 0.3, 0.2]], k=2
    ... ).tolist()
    [1.0, 0.0]
    """
    y_true = ops.argmax(ops.convert_to_tensor(y_true), axis=-1)
    return sparse_top_k_categorical_accuracy(y_true, y_pred, k=k)


@keras_export("keras.metrics.sparse_top_k_categorical_accuracy")
def sparse_top_k_categorical_accuracy(
    y_true, y_pred, k=5, from_sorted_ids=False
):
    """Per-sample check that the integer label is among the `k` best scores.

    Args:
        y_true: Integer labels, shape `(batch,)` or `(batch, 1)`.
        y_pred: Scores per class, shape `(batch, num_classes)`; or, with
            `from_sorted_ids=True`, class ids already sorted from the most
            to the least likely, shape `(batch, n)` with `n >= k`.
        k: How many of the best classes count as a hit. Defaults to 5.
        from_sorted_ids: Whether `y_pred` holds sorted class ids instead
            of scores.

    Returns:
        A float tensor with one 1.0/0.0 entry per sample.

    Example:

    >>> keras.metrics.sparse_top_k_categorical_accuracy(
    ...     [2, 0], [[0.1, 0.4, 0.3, 0.2], [0.1, 0.4, 0.3, 0.2]], k=2
    ... ).tolist()
    [1.0, 0.0]
    """
    y_pred = ops.convert_to_tensor(y_pred)
    y_true = _drop_unit_label_axis(ops.convert_to_tensor(y_true), y_pred)
    y_true = ops.cast(y_true, "int32")
    if from_sorted_ids:
        best = ops.cast(y_pred[..., :k], "int32")
        hits = ops.any(ops.equal(best, ops.expand_dims(y_true, -1)), axis=-1)
        return _float(hits)
    return _float(_in_top_k(y_true, y_pred, k))


@keras_export("keras.metrics.SparseTopKCategoricalAccuracy")
class SparseTopKCategoricalAccuracy(_AccuracyWrapper):
    """Running share of samples whose integer label is in the top `k`.

    A sample is a hit when its label has one of the `k` largest scores of
    `y_pred`, or, with `from_sorted_ids=True`, when it is among the first
    `k` ids of `y_pred` (which then holds class ids sorted by decreasing
    score, as returned by `keras.ops.top_k`).

    Args:
        k: How many of the best classes count as a hit. Defaults to 5.
        name: Name of this metric instance.
        dtype: Dtype of the state variables and of the result.
        from_sorted_ids: Whether `y_pred` holds sorted class ids instead of
            scores.

    Example:

    >>> acc = keras.metrics.SparseTopKCategoricalAccuracy(k=1)
    >>> acc.update_state([2, 1], [[0.1, 0.9, 0.8], [0.05, 0.95, 0.0]])
    >>> float(acc.result())
    0.5
    """

    _option_names = ("k", "from_sorted_ids")

    def __init__(
        self,
        k=5,
        name="sparse_top_k_categorical_accuracy",
        dtype=None,
        from_sorted_ids=False,
    ):
        super().__init__(
            fn=sparse_top_k_categorical_accuracy,
            name=name,
            dtype=dtype,
            k=k,
            from_sorted_ids=from_sorted_ids,
        )
        self.k = k
        self.from_sorted_ids = from_sorted_ids


@keras_export("keras.metrics.TopKCategoricalAccuracy")
class TopKCategoricalAccuracy(_AccuracyWrapper):
    """Running share of samples whose one-hot label is in the top `k`.

    A sample is a hit when the labelled class has one of the `k` largest
    scores of `y_pred`.

    Args:
        k: How many of the highest-scoring classes count as a hit.
            Defaults to 5.
        name: Name of this metric instance.
        dtype: Dtype of the state variables and of the result.

    Example:

    >>> acc = keras.metrics.TopKCategoricalAccuracy(k=2)
    >>> acc.update_state([[0, 0, 1, 0], [1, 0, 0, 0]],
    ...                  [[0.1, 0.4, 0.3, 0.2], [0.1, 0.4, 0.3, 0.2]])
    >>> float(acc.result())
    0.5
    """

    _option_names = ("k",)

    def __init__(self, k=5, name="top_k_categorical_accuracy", dtype=None):
        super().__init__(
            fn=top_k_categorical_accuracy, name=name, dtype=dtype, k=k
        )
        self.k = k
