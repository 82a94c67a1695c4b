"""`ReduceLROnPlateau`: lowers the learning rate when a metric plateaus."""

import warnings

import numpy as np

from keras.src.api_export import keras_export
from keras.src.callbacks.learning_rate_scheduler import _get_learning_rate
from keras.src.callbacks.monitor_callback import MonitorCallback
from keras.src.utils import io_utils


@keras_export("keras.callbacks.ReduceLROnPlateau")
class ReduceLROnPlateau(MonitorCallback):
    """Reduces the learning rate when a metric has stopped improving.

    Models often benefit from reducing the learning rate by a factor of
    2-10 once learning stagnates. This callback monitors a quantity and,
    if no improvement is seen for `patience` epochs, multiplies the
    learning rate of `model.optimizer` by `factor`.

    Args:
        monitor: Name of the metric to monitor.
        factor: Factor by which the learning rate is reduced:
            `new_lr = lr * factor`. Must be smaller than 1.
        patience: Number of epochs with no improvement after which the
            learning rate is reduced.
        verbose: `0` (quiet) or `1` (print a message at each reduction).
        mode: One of `"auto"`, `"min"`, `"max"`, as in `EarlyStopping`.
        min_delta: Threshold for measuring a new optimum, to only focus on
            significant changes.
        cooldown: Number of epochs to wait before resuming normal
            operation after the learning rate has been reduced.
        min_lr: Lower bound on the learning rate.
        **kwargs: For backwards compatibility, `epsilon` is accepted as an
            alias of `min_delta`.

    Example:

    ```python
    reduce_lr = keras.callbacks.ReduceLROnPlateau(
        monitor="val_loss", factor=0.2, patience=5, min_lr=0.001
    )
    model.fit(x, y, validation_split=0.2, callbacks=[reduce_lr])
    ```
    """

    def __init__(
        self,
        monitor="val_loss",
        factor=0.1,
        patience=10,
        verbose=0,
        mode="auto",
        min_delta=1e-4,
        cooldown=0,
        min_lr=0.0,
        **kwargs,
    ):
        super().__init__(monitor=monitor, mode=mode)
        if factor >= 1.0:
            raise ValueError(
                "ReduceLROnPlateau does not support a factor >= 1.0. "
                f"Received: factor={factor}"
            )
        if "epsilon" in kwargs:
            min_delta = kwargs.pop("epsilon")
            warnings.warn(
                "`epsilon` argument is deprecated; use `min_delta` instead.",
                stacklevel=2,
            )
        if kwargs:
            raise ValueError(f"Unrecognized arguments: {sorted(kwargs)}")
        self.factor = factor
        self.min_lr = min_lr
        self.min_delta = abs(min_delta)
        self.patience = patience
        self.verbose = verbose
        self.cooldown = cooldown
        self.cooldown_counter = 0
        self.wait = 0
        self.best = None

    def _reset(self):
        self.best = None
        self.cooldown_counter = 0
        self.wait = 0

    def on_train_begin(self, logs=None):
        self._reset()

    def in_cooldown(self):
        """Whether the callback is waiting after a reduction."""
        return self.cooldown_counter > 0

    def on_epoch_end(self, epoch, logs=None):
        logs = logs if logs is not None else {}
        optimizer = self.model.optimizer
        logs["learning_rate"] = _get_learning_rate(optimizer)
        current = logs.get(self.monitor)
        if current is None:
            warnings.warn(
                "Learning rate reduction is conditioned on metric "
                f"`{self.monitor}` which is not available. Available metrics "
                f"are: {', '.join(list(logs.keys()))}.",
                stacklevel=2,
            )
            return
        if self.in_cooldown():
            self.cooldown_counter -= 1
            self.wait = 0
        if self._is_improvement(current, self.best):
            self.best = current
            self.wait = 0
        elif not self.in_cooldown():
            self.wait += 1
            if self.wait >= self.patience:
                old_lr = _get_learning_rate(optimizer)
                if old_lr > np.float32(self.min_lr):
                    new_lr = max(old_lr * self.factor, self.min_lr)
                    optimizer.learning_rate = new_lr
                    if self.verbose > 0:
                        io_utils.print_msg(
                            f"\nEpoch {epoch + 1}: ReduceLROnPlateau "
                            f"reducing learning rate to {new_lr}."
                        )
                    self.cooldown_counter = self.cooldown
                    self.wait = 0
