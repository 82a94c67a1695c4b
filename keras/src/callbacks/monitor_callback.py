"""`MonitorCallback`: shared logic of callbacks that watch a metric."""

import warnings

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.callbacks.callback import Callback

_MAX_HINTS = ("acc", "auc", "precision", "recall", "f1", "fmeasure", "iou")
_MIN_HINTS = (
    "loss",
    "error",
    "mse",
    "mae",
    "mape",
    "msle",
    "crossentropy",
    "hinge",
    "divergence",
    "poisson",
    "logcosh",
)


def is_batch_count(save_freq):
    """Whether `save_freq` is a positive number of batches (an `int`, and
    not a `bool`) rather than a word such as `"epoch"`."""
    return (
        isinstance(save_freq, int)
        and not isinstance(save_freq, bool)
        and save_freq > 0
    )


def check_save_freq(save_freq):
    """Raises `ValueError` unless `save_freq` is `"epoch"` or a positive
    number of batches."""
    if save_freq != "epoch" and not is_batch_count(save_freq):
        raise ValueError(
            f"Unrecognized save_freq: {save_freq!r}. Use 'epoch' or a "
            "positive number of batches."
        )


def _iter_metrics(metrics):
    for metric in metrics or []:
        yield metric
        yield from _iter_metrics(getattr(metric, "metrics", None))


@keras_export("keras.callbacks.MonitorCallback")
class MonitorCallback(Callback):
    """Base class of callbacks acting on improvements of a monitored metric.

    Args:
        monitor: Name of the metric to monitor, e.g. `"val_loss"`.
        mode: One of `"auto"`, `"min"`, `"max"`. With `"auto"` the
            direction is inferred from the metric: from the `_direction`
            attribute of a matching metric of the model when there is one,
            otherwise from the metric name (`"...loss"` is minimized,
            `"...accuracy"` maximized...).
        baseline: Optional reference value of the monitored metric.
        min_delta: Smallest change of the monitored value that counts as
            an improvement. Defaults to 0.
    """

    def __init__(
        self, monitor="val_loss", mode="auto", baseline=None, min_delta=0
    ):
        super().__init__()
        if mode not in ("auto", "min", "max"):
            warnings.warn(
                f"{self.__class__.__name__} mode '{mode}' is unknown, "
                "falling back to 'auto' mode.",
                stacklevel=3,
            )
            mode = "auto"
        self.monitor = monitor
        self.mode = mode
        self.baseline = baseline
        self.monitor_op = None
        self.min_delta = abs(min_delta)

    def _set_monitor_op(self):
        if self.mode == "min":
            self.monitor_op = ops.less
            return
        if self.mode == "max":
            self.monitor_op = ops.greater
            return
        name = self.monitor
        if name.startswith("val_"):
            name = name[len("val_") :]
        if name.endswith("loss"):
            self.monitor_op = ops.less
            return
        model = self._model
        metrics = getattr(model, "metrics", None) if model else None
        try:
            for metric in _iter_metrics(metrics):
                if getattr(metric, "name", None) != name:
                    continue
                direction = getattr(metric, "_direction", None)
                if direction == "up":
                    self.monitor_op = ops.greater
                    return
                if direction == "down":
                    self.monitor_op = ops.less
                    return
        except TypeError:
            pass
        lowered = name.lower()
        if any(hint in lowered for hint in _MAX_HINTS):
            self.monitor_op = ops.greater
        elif any(hint in lowered for hint in _MIN_HINTS):
            self.monitor_op = ops.less
        else:
            raise ValueError(
                f"{self.__class__.__name__} received monitor={self.monitor} "
                "but cannot tell whether that metric should be maximized "
                "or minimized. Pass `mode='max'` or `mode='min'`."
            )

    def _is_improvement(self, monitor_value, reference_value):
        """Whether `monitor_value` improves on `reference_value`.

        An improvement must exceed `self.min_delta`; a `None` reference is
        always improved on.
        """
        if self.monitor_op is None:
            self._set_monitor_op()
        if reference_value is None:
            return True
        delta = abs(self.min_delta)
        if self.monitor_op is ops.less:
            return bool(ops.less(monitor_value + delta, reference_value))
        return bool(ops.greater(monitor_value - delta, reference_value))
