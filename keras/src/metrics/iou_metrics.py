"""Intersection-over-union metrics, for segmentation."""

import warnings

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.metrics import metrics_utils
from keras.src.metrics.metric import Metric


def _without(keys, name):
    """The config keys `keys` less `name` (an argument a subclass fixes)."""
    return tuple(key for key in keys if key != name)


class _IoUBase(Metric):
    """Accumulates a `(num_classes, num_classes)` confusion matrix.

    Rows are true classes, columns predicted ones. Labels or predictions
    outside `[0, num_classes)` are ignored, as are entries labelled
    `ignore_class`.

    Args:
        num_classes: Number of classes.
        name: Name of this metric instance.
        dtype: Dtype of the confusion matrix; defaults to `"int32"`
            (exact counts). Use a float dtype for fractional weights.
        ignore_class: Optional label value whose entries are skipped.
        sparse_y_true: Whether labels are class indices (else one-hot,
            reduced with `argmax` over `axis`).
        sparse_y_pred: Whether predictions are class indices (else class
            scores, reduced with `argmax` over `axis`).
        axis: The class axis of non-sparse inputs. Defaults to -1.
    """

    _direction = "up"

    def __init__(
        self,
        num_classes,
        name=None,
        dtype=None,
        ignore_class=None,
        sparse_y_true=True,
        sparse_y_pred=True,
        axis=-1,
    ):
        super().__init__(name=name, dtype=dtype or "int32")
        self.num_classes = num_classes
        self.ignore_class = ignore_class
        self.sparse_y_true = sparse_y_true
        self.sparse_y_pred = sparse_y_pred
        self.axis = axis
        self.total_cm = self.add_variable(
            name="total_confusion_matrix",
            shape=(num_classes, num_classes),
            initializer="zeros",
            dtype=self.dtype,
        )

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Adds a batch to the confusion matrix.

        Args:
            y_true: Labels (class indices, or one-hot with
                `sparse_y_true=False`).
            y_pred: Predictions (class indices, or scores with
                `sparse_y_pred=False`).
            sample_weight: Optional weights of the entries.
        """
        y_true = ops.convert_to_tensor(y_true)
        y_pred = ops.convert_to_tensor(y_pred)
        if not self.sparse_y_true:
            y_true = ops.argmax(y_true, axis=self.axis)
        if not self.sparse_y_pred:
            y_pred = ops.argmax(y_pred, axis=self.axis)
        y_true = ops.reshape(y_true, (-1,))
        y_pred = ops.reshape(y_pred, (-1,))
        if sample_weight is not None:
            sample_weight = ops.convert_to_tensor(sample_weight)
            if backend.is_float_dtype(
                sample_weight.dtype
            ) and not backend.is_float_dtype(self.dtype):
                warnings.warn(
                    "The sample weights are floats, but the confusion "
                    f"matrix of '{self.name}' has the int dtype "
                    f"{self.dtype}: casting them to {self.dtype} truncates "
                    "them. Create the metric with `dtype='float32'` to "
                    "keep fractional weights.",
                    stacklevel=2,
                )
            sample_weight = ops.broadcast_to(
                ops.reshape(sample_weight, (-1,))
                if len(sample_weight.shape) > 0
                else sample_weight,
                ops.shape(y_true),
            )
        if self.ignore_class is not None:
            keep = ops.not_equal(
                y_true, ops.cast(self.ignore_class, y_true.dtype)
            )
            # Ignored entries are moved out of range, where they are
            # dropped like any other out-of-range label.
            y_true = ops.where(keep, y_true, -1)
        counts = metrics_utils.confusion_matrix(
            y_true,
            y_pred,
            self.num_classes,
            weights=sample_weight,
            dtype=self.dtype,
        )
        self.total_cm.assign(self.total_cm + counts)

    def reset_state(self):
        self.total_cm.assign(
            ops.zeros(self.total_cm.shape, dtype=self.total_cm.dtype)
        )

    def _mean_iou_of(self, class_ids):
        """Mean IoU over `class_ids`, counting only the classes that occur
        in the labels or the predictions (0 if none does)."""
        cm = ops.cast(self.total_cm, backend.floatx())
        in_true = ops.sum(cm, axis=1)
        in_pred = ops.sum(cm, axis=0)
        intersection = ops.diagonal(cm)
        union = in_true + in_pred - intersection
        ids = ops.convert_to_tensor(list(class_ids), dtype="int32")
        intersection = ops.take(intersection, ids)
        union = ops.take(union, ids)
        present = ops.cast(ops.not_equal(union, 0), backend.floatx())
        ious = metrics_utils.divide_no_nan(intersection, union)
        return metrics_utils.divide_no_nan(
            ops.sum(ious * present), ops.sum(present)
        )


@keras_export("keras.metrics.IoU")
class IoU(_IoUBase):
    """Intersection over union of chosen classes, averaged.

    For a class, `IoU = TP / (TP + FP + FN)`: the overlap of its predicted
    and true regions over their union. The metric accumulates a confusion
    matrix and reports the mean IoU of `target_class_ids` (classes absent
    from both labels and predictions are left out of the mean).

    Args:
        num_classes: Number of classes.
        target_class_ids: The classes whose IoU is averaged.
        name: Name of this metric instance.
        dtype: Dtype of the confusion matrix; defaults to `"int32"`.
        ignore_class: Optional label value whose entries are skipped.
        sparse_y_true: Whether labels are class indices (else one-hot).
        sparse_y_pred: Whether predictions are class indices (else class
            scores).
        axis: The class axis of non-sparse inputs. Defaults to -1.

    Example:

    >>> m = keras.metrics.IoU(num_classes=2, target_class_ids=[0])
    >>> m.update_state([0, 0, 1, 1], [0, 1, 0, 1])
    >>> round(float(m.result()), 4)
    0.3333
    """

    def __init__(
        self,
        num_classes,
        target_class_ids,
        name=None,
        dtype=None,
        ignore_class=None,
        sparse_y_true=True,
        sparse_y_pred=True,
        axis=-1,
    ):
        super().__init__(
            num_classes=num_classes,
            name=name,
            dtype=dtype,
            ignore_class=ignore_class,
            sparse_y_true=sparse_y_true,
            sparse_y_pred=sparse_y_pred,
            axis=axis,
        )
        if max(target_class_ids) >= num_classes:
            raise ValueError(
                "Every class of `target_class_ids` must be below "
                f"`num_classes`={num_classes}. Received: "
                f"target_class_ids={target_class_ids}"
            )
        self.target_class_ids = list(target_class_ids)

    def result(self):
        return self._mean_iou_of(self.target_class_ids)

    # The constructor arguments in the config, each stored under its own
    # name; subclasses list theirs.
    _config_keys = (
        "num_classes",
        "target_class_ids",
        "ignore_class",
        "sparse_y_true",
        "sparse_y_pred",
        "axis",
    )

    def get_config(self):
        return {
            **{key: getattr(self, key) for key in self._config_keys},
            **Metric.get_config(self),
        }


@keras_export("keras.metrics.BinaryIoU")
class BinaryIoU(IoU):
    """IoU of binary labels and thresholded scores.

    Predictions above `threshold` are class 1, the others class 0; the
    mean IoU over `target_class_ids` is reported (both classes by
    default, only the positive one with `target_class_ids=[1]`).

    Args:
        target_class_ids: The classes (0 and/or 1) whose IoU is averaged.
            Defaults to `(0, 1)`.
        threshold: Scores above it are predicted positive. Defaults to
            0.5.
        name: Name of this metric instance.
        dtype: Dtype of the confusion matrix; defaults to `"int32"`.

    Example:

    >>> m = keras.metrics.BinaryIoU(target_class_ids=[1], threshold=0.5)
    >>> m.update_state([0, 1, 1, 0], [0.2, 0.8, 0.4, 0.7])
    >>> round(float(m.result()), 4)
    0.3333
    """

    def __init__(
        self,
        target_class_ids=(0, 1),
        threshold=0.5,
        name=None,
        dtype=None,
    ):
        super().__init__(
            num_classes=2,
            target_class_ids=target_class_ids,
            name=name,
            dtype=dtype,
        )
        self.threshold = threshold

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Thresholds the scores and adds the batch to the confusion
        matrix.

        Args:
            y_true: Binary labels.
            y_pred: Scores, usually in `[0, 1]`.
            sample_weight: Optional weights of the entries.
        """
        y_pred = ops.convert_to_tensor(y_pred)
        y_pred = ops.cast(ops.greater(y_pred, self.threshold), "int32")
        y_true = ops.cast(ops.convert_to_tensor(y_true), "int32")
        return super().update_state(y_true, y_pred, sample_weight)

    _config_keys = ("target_class_ids", "threshold")


@keras_export("keras.metrics.MeanIoU")
class MeanIoU(IoU):
    """Mean intersection over union of all the classes.

    The IoU of each class that occurs (in labels or predictions) is
    computed from the accumulated confusion matrix, then averaged.

    Args:
        num_classes: Number of classes.
        name: Name of this metric instance.
        dtype: Dtype of the confusion matrix; defaults to `"int32"`.
        ignore_class: Optional label value whose entries are skipped.
        sparse_y_true: Whether labels are class indices (else one-hot).
        sparse_y_pred: Whether predictions are class indices (else class
            scores).
        axis: The class axis of non-sparse inputs. Defaults to -1.

    Example:

    >>> m = keras.metrics.MeanIoU(num_classes=2)
    >>> m.update_state([0, 0, 1, 1], [0, 1, 0, 1])
    >>> round(float(m.result()), 4)
    0.3333
    """

    def __init__(
        self,
        num_classes,
        name=None,
        dtype=None,
        ignore_class=None,
        sparse_y_true=True,
        sparse_y_pred=True,
        axis=-1,
    ):
        super().__init__(
            num_classes=num_classes,
            target_class_ids=list(range(num_classes)),
            name=name,
            dtype=dtype,
            ignore_class=ignore_class,
            sparse_y_true=sparse_y_true,
            sparse_y_pred=sparse_y_pred,
            axis=axis,
        )

    _config_keys = _without(IoU._config_keys, "target_class_ids")


@keras_export("keras.metrics.OneHotIoU")
class OneHotIoU(IoU):
    """`IoU` for one-hot labels and class scores.

    Labels are one-hot and predictions hold one score per class; both are
    reduced with `argmax` over `axis` before being counted.

    Args:
        num_classes: Number of classes.
        target_class_ids: The classes whose IoU is averaged.
        name: Name of this metric instance.
        dtype: Dtype of the confusion matrix; defaults to `"int32"`.
        ignore_class: Optional class index whose entries are skipped.
        sparse_y_pred: Whether predictions are already class indices.
        axis: The class axis. Defaults to -1.

    Example:

    >>> m = keras.metrics.OneHotIoU(num_classes=2, target_class_ids=[1])
    >>> m.update_state([[1, 0], [0, 1], [0, 1]],
    ...                [[0.6, 0.4], [0.3, 0.7], [0.8, 0.2]])
    >>> float(m.result())
    0.5
    """

    def __init__(
        self,
        num_classes,
        target_class_ids,
        name=None,
        dtype=None,
        ignore_class=None,
        sparse_y_pred=False,
        axis=-1,
    ):
        super().__init__(
            num_classes=num_classes,
            target_class_ids=target_class_ids,
            name=name,
            dtype=dtype,
            ignore_class=ignore_class,
            sparse_y_true=False,
            sparse_y_pred=sparse_y_pred,
            axis=axis,
        )

    _config_keys = _without(IoU._config_keys, "sparse_y_true")


@keras_export("keras.metrics.OneHotMeanIoU")
class OneHotMeanIoU(MeanIoU):
    """`MeanIoU` for one-hot labels and class scores.

    Labels are one-hot and predictions hold one score per class; both are
    reduced with `argmax` over `axis` before being counted.

    Args:
        num_classes: Number of classes.
        name: Name of this metric instance.
        dtype: Dtype of the confusion matrix; defaults to `"int32"`.
        ignore_class: Optional class index whose entries are skipped.
        sparse_y_pred: Whether predictions are already class indices.
        axis: The class axis. Defaults to -1.

    Example:

    >>> m = keras.metrics.OneHotMeanIoU(num_classes=2)
    >>> m.update_state([[1, 0], [0, 1], [0, 1]],
    ...                [[0.6, 0.4], [0.3, 0.7], [0.8, 0.2]])
    >>> float(m.result())
    0.5
    """

    def __init__(
        self,
        num_classes,
        name=None,
        dtype=None,
        ignore_class=None,
        sparse_y_pred=False,
        axis=-1,
    ):
        super().__init__(
            num_classes=num_classes,
            name=name,
            dtype=dtype,
            ignore_class=ignore_class,
            sparse_y_true=False,
            sparse_y_pred=sparse_y_pred,
            axis=axis,
        )

    _config_keys = _without(MeanIoU._config_keys, "sparse_y_true")
