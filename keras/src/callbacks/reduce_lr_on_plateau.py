"""`ReduceLROnPlateau`: lowers the learning rate when a metric plateaus."""

import warnings

import numpy as np

from keras.src.api_export import keras_export
from keras.src.callbacks.learning_rate_scheduler import _get_learning_rate
from keras.src.callbacks.monitor_callback import MonitorCallback
from keras.src.utils import io_utils


@keras_export("keras.callbacks.ReduceLROnPlateau")
class ReduceLROnPlateau(MonitorCallback):
    """Lowers the learning rate when a monitored quantity stalls.

    Training often makes further progress after the step size is cut once
    the monitored value stops getting better. After `patience` epochs
    without improvement, this callback multiplies the learning rate of
    `model.optimizer` by `factor` (never going below `min_lr`), then waits
    `cooldown` epochs before counting stagnant epochs again. The current
    learning rate is also added to the epoch logs as `"learning_rate"`.

    Args:
        monitor: Logged value to watch.
        factor: Multiplier applied to the learning rate at each reduction;
            it has to be below 1.
        patience: Number of epochs without improvement that triggers a
            reduction.
        verbose: `0` (silent) or `1` (print each reduction).
        mode: `"auto"`, `"min"` or `"max"`: whether lower or higher values
            are better (see `EarlyStopping`).
        min_delta: Smallest change counted as an improvement.
        cooldown: Epochs, after a reduction, during which stagnation is
            not counted.
        min_lr: The learning rate is never reduced below this value.
        **kwargs: Only the older name `epsilon` (for `min_delta`) is
            accepted here.

    Example:

    ```python
    plateau = keras.callbacks.ReduceLROnPlateau(
        monitor="val_accuracy", mode="max", factor=0.5, patience=3,
        cooldown=2, min_lr=1e-5,
    )
    model.fit(x, y, epochs=40, validation_split=0.1, callbacks=[plateau])
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
                "ReduceLROnPlateau needs a `factor` below 1 to lower the "
                f"learning rate; got factor={factor}."
            )
        if "epsilon" in kwargs:
            warnings.warn(
                "`epsilon` is an old name of `min_delta`; please pass "
                "`min_delta` instead.",
                stacklevel=2,
            )
            min_delta = kwargs.pop("epsilon")
        if kwargs:
            raise ValueError(
                f"ReduceLROnPlateau got unknown arguments: {sorted(kwargs)}"
            )
        self.min_delta = abs(min_delta)
        self.factor = factor
        self.min_lr = min_lr
        self.patience = patience
        self.cooldown = cooldown
        self.verbose = verbose
        self._reset()

    def _reset(self):
        self.best = None
        self.cooldown_counter = 0
        self.wait = 0

    def on_train_begin(self, logs=None):
        self._reset()

    def in_cooldown(self):
        """Whether a reduction happened less than `cooldown` epochs ago."""
        return self.cooldown_counter > 0

    def on_epoch_end(self, epoch, logs=None):
        logs = {} if logs is None else logs
        optimizer = self.model.optimizer
        lr = _get_learning_rate(optimizer)
        logs["learning_rate"] = lr
        value = logs.get(self.monitor)
        if value is None:
            warnings.warn(
                f"ReduceLROnPlateau monitors `{self.monitor}`, which is not "
                f"in the logs of this epoch (available: {', '.join(logs)}).",
                stacklevel=2,
            )
            return
        if self.in_cooldown():
            self.cooldown_counter -= 1
            self.wait = 0
        if self._is_improvement(value, self.best):
            self.best = value
            self.wait = 0
            return
        if self.in_cooldown():
            return
        self.wait += 1
        if self.wait < self.patience or lr <= np.float32(self.min_lr):
            return
        # A `MultiOptimizer` lowers each sub-optimizer's own rate.
        for target in getattr(optimizer, "optimizers", None) or [optimizer]:
            current = _get_learning_rate(target)
            reduced = max(current * self.factor, self.min_lr)
            target.learning_rate = reduced
        self.cooldown_counter = self.cooldown
        self.wait = 0
        if self.verbose > 0:
            io_utils.print_msg(
                f"\nEpoch {epoch + 1}: ReduceLROnPlateau reducing learning "
                f"rate to {reduced}."
            )
