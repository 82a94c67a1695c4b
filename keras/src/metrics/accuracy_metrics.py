"""Accuracy metrics."""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.losses.loss import squeeze_or_expand_to_same_rank
from keras.src.metrics import reduction_metrics


def _float(x):
    return ops.cast(x, backend.floatx())


@keras_export("keras.metrics.accuracy")
def accuracy(y_true, y_pred):
    """Computes how often predictions equal labels (exact element match).

    Args:
        y_true: Ground truth values.
        y_pred: The predicted values.

    Returns:
        Element-wise accuracy values (1.0 where equal, else 0.0).

    Example:

    >>> keras.metrics.accuracy([[1, 2]], [[1, 3]]).tolist()
    [[1.0, 0.0]]
    """
    y_pred = ops.convert_to_tensor(y_pred)
    y_true = ops.convert_to_tensor(y_true, dtype=y_pred.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    return _float(ops.equal(y_true, y_pred))


@keras_export("keras.metrics.Accuracy")
class Accuracy(reduction_metrics.MeanMetricWrapper):
    """The (weighted) fraction of predictions exactly equal to the labels.

    Args:
        name: Optional name of the metric instance.
        dtype: Optional dtype of the metric's variables and result.

    Example:

    >>> m = keras.metrics.Accuracy()
    >>> m.update_state([[1], [2], [3], [4]], [[0], [2], [3], [4]])
    >>> float(m.result())
    0.75
    """

    def __init__(self, name="accuracy", dtype=None):
        super().__init__(fn=accuracy, name=name, dtype=dtype)

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype}


@keras_export("keras.metrics.binary_accuracy")
def binary_accuracy(y_true, y_pred, threshold=0.5):
    """Computes how often predictions match binary labels.

    Args:
        y_true: Ground truth values (0 or 1).
        y_pred: The predicted probabilities.
        threshold: Float representing the threshold for deciding whether
            prediction values are 1 or 0.

    Returns:
        Element-wise binary accuracy values (1.0 or 0.0).

    Example:

    >>> keras.metrics.binary_accuracy([[1], [0]], [[0.7], [0.6]]).tolist()
    [[1.0], [0.0]]
    """
    y_pred = ops.convert_to_tensor(y_pred)
    y_true = ops.convert_to_tensor(y_true)
    threshold = ops.cast(threshold, y_pred.dtype)
    y_pred = ops.cast(ops.greater(y_pred, threshold), y_true.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    return _float(ops.equal(y_true, y_pred))


@keras_export("keras.metrics.BinaryAccuracy")
class BinaryAccuracy(reduction_metrics.MeanMetricWrapper):
    """The (weighted) fraction of correct binary predictions.

    A prediction counts as 1 when it is greater than `threshold`, else 0.

    Args:
        name: Optional name of the metric instance.
        dtype: Optional dtype of the metric's variables and result.
        threshold: Float, the decision threshold. Defaults to 0.5.

    Example:

    >>> m = keras.metrics.BinaryAccuracy()
    >>> m.update_state([[1], [1], [0], [0]], [[0.98], [1], [0], [0.6]])
    >>> float(m.result())
    0.75
    """

    def __init__(self, name="binary_accuracy", dtype=None, threshold=0.5):
        if threshold is not None and not isinstance(threshold, (int, float)):
            raise ValueError(
                "Invalid value for argument `threshold`. Expected a float. "
                f"Received: threshold={threshold}"
            )
        super().__init__(
            fn=binary_accuracy, name=name, dtype=dtype, threshold=threshold
        )
        self.threshold = threshold

    def get_config(self):
        return {
            "name": self.name,
            "dtype": self.dtype,
            "threshold": self.threshold,
        }


@keras_export("keras.metrics.categorical_accuracy")
def categorical_accuracy(y_true, y_pred):
    """Computes how often the argmax of predictions matches one-hot labels.

    Args:
        y_true: One-hot ground truth values.
        y_pred: The predictions (probabilities or logits).

    Returns:
        Per-sample accuracy values (1.0 or 0.0).

    Example:

    >>> keras.metrics.categorical_accuracy(
    ...     [[0, 0, 1], [0, 1, 0]], [[0.1, 0.9, 0.8], [0.05, 0.95, 0]]
    ... ).tolist()
    [0.0, 1.0]
    """
    y_true = ops.argmax(ops.convert_to_tensor(y_true), axis=-1)
    return sparse_categorical_accuracy(y_true, y_pred)


@keras_export("keras.metrics.CategoricalAccuracy")
class CategoricalAccuracy(reduction_metrics.MeanMetricWrapper):
    """The (weighted) fraction of samples whose predicted class (argmax of
    `y_pred`, probabilities or logits) is the one-hot label's class.

    Args:
        name: Optional name of the metric instance.
        dtype: Optional dtype of the metric's variables and result.

    Example:

    >>> m = keras.metrics.CategoricalAccuracy()
    >>> m.update_state([[0, 0, 1], [0, 1, 0]],
    ...                [[0.1, 0.9, 0.8], [0.05, 0.95, 0]])
    >>> float(m.result())
    0.5
    """

    def __init__(self, name="categorical_accuracy", dtype=None):
        super().__init__(fn=categorical_accuracy, name=name, dtype=dtype)

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype}


@keras_export("keras.metrics.sparse_categorical_accuracy")
def sparse_categorical_accuracy(y_true, y_pred):
    """Computes how often the argmax of predictions matches integer labels.

    Args:
        y_true: Integer ground truth labels, of shape `(batch, ...)` or
            `(batch, ..., 1)`.
        y_pred: The predictions, with a trailing `num_classes` dimension.

    Returns:
        Per-sample accuracy values (1.0 or 0.0).

    Example:

    >>> keras.metrics.sparse_categorical_accuracy(
    ...     [[2], [1]], [[0.1, 0.6, 0.3], [0.05, 0.95, 0]]
    ... ).tolist()
    [0.0, 1.0]
    """
    y_pred = ops.convert_to_tensor(y_pred)
    y_true = ops.convert_to_tensor(y_true)
    # Labels of shape `(batch, ..., 1)` are squeezed to `(batch, ...)`.
    if len(y_true.shape) == len(y_pred.shape) and y_true.shape[-1] == 1:
        y_true = ops.squeeze(y_true, axis=-1)
    y_pred = ops.cast(ops.argmax(y_pred, axis=-1), y_true.dtype)
    return _float(ops.equal(y_true, y_pred))


@keras_export("keras.metrics.SparseCategoricalAccuracy")
class SparseCategoricalAccuracy(reduction_metrics.MeanMetricWrapper):
    """The (weighted) fraction of samples whose predicted class (argmax of
    `y_pred`) equals the integer label.

    Args:
        name: Optional name of the metric instance.
        dtype: Optional dtype of the metric's variables and result.

    Example:

    >>> m = keras.metrics.SparseCategoricalAccuracy()
    >>> m.update_state([[2], [1]], [[0.1, 0.6, 0.3], [0.05, 0.95, 0]])
    >>> float(m.result())
    0.5
    """

    def __init__(self, name="sparse_categorical_accuracy", dtype=None):
        super().__init__(fn=sparse_categorical_accuracy, name=name, dtype=dtype)

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype}


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
    """Computes how often one-hot targets are in the top `K` predictions.

    Args:
        y_true: One-hot ground truth values.
        y_pred: The predictions.
        k: (Optional) Number of top elements to look at for computing
            accuracy.

    Returns:
        Per-sample values (1.0 or 0.0).

    Example:

    >>> keras.metrics.top_k_categorical_accuracy(
    ...     [[0, 0, 1], [0, 1, 0]], [[0.1, 0.9, 0.8], [0.05, 0.95, 0]], k=1
    ... ).tolist()
    [0.0, 1.0]
    """
    y_true = ops.argmax(ops.convert_to_tensor(y_true), axis=-1)
    return sparse_top_k_categorical_accuracy(y_true, y_pred, k=k)


def sparse_top_k_categorical_accuracy(y_true, y_pred, k=5):
    y_pred = ops.convert_to_tensor(y_pred)
    y_true = ops.convert_to_tensor(y_true)
    if len(y_true.shape) == len(y_pred.shape) and y_true.shape[-1] == 1:
        y_true = ops.squeeze(y_true, axis=-1)
    y_true = ops.cast(y_true, "int32")
    return _float(_in_top_k(y_true, y_pred, k))


@keras_export("keras.metrics.TopKCategoricalAccuracy")
class TopKCategoricalAccuracy(reduction_metrics.MeanMetricWrapper):
    """The (weighted) fraction of samples whose one-hot label's class is among
    the `k` highest predictions.

    Args:
        k: Number of top predictions considered. Defaults to 5.
        name: Optional name of the metric instance.
        dtype: Optional dtype of the metric's variables and result.

    Example:

    >>> m = keras.metrics.TopKCategoricalAccuracy(k=1)
    >>> m.update_state([[0, 0, 1], [0, 1, 0]],
    ...                [[0.1, 0.9, 0.8], [0.05, 0.95, 0]])
    >>> float(m.result())
    0.5
    """

    def __init__(self, k=5, name="top_k_categorical_accuracy", dtype=None):
        super().__init__(
            fn=top_k_categorical_accuracy, name=name, dtype=dtype, k=k
        )
        self.k = k

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype, "k": self.k}
