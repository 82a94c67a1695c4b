"""`EarlyStopping`: stops training when a metric stops improving."""

import warnings

from keras.src.api_export import keras_export
from keras.src.callbacks.monitor_callback import MonitorCallback
from keras.src.utils import io_utils


@keras_export("keras.callbacks.EarlyStopping")
class EarlyStopping(MonitorCallback):
    """Ends `fit()` once a monitored quantity no longer gets better.

    After every epoch the monitored value is compared with the best one
    recorded so far. A change counts as progress only if it exceeds
    `min_delta` in the right direction; once `patience` epochs in a row
    bring no progress, `model.stop_training` is set and `fit()` returns
    after the current epoch.

    Args:
        monitor: Key of the logged value to watch, such as `"val_loss"`.
        min_delta: Smallest change that is accepted as progress; changes
            of at most this size are treated as stagnation.
        patience: How many epochs without progress are tolerated before
            training is stopped.
        verbose: `0` (silent) or `1` (print a line when training is
            stopped and when the best weights are put back).
        mode: `"min"` (lower is better), `"max"` (higher is better) or
            `"auto"` (decided from the name of `monitor`).
        baseline: Optional reference value. When set, only epochs that
            also beat the baseline reset the patience counter, so training
            stops if `patience` epochs pass without beating it.
        restore_best_weights: If `True`, the weights of the best epoch
            seen are loaded back into the model when training ends
            (whether or not that epoch beat `baseline`). If `False`, the
            model keeps the weights of its final epoch.
        start_from_epoch: Number of initial epochs during which nothing is
            monitored, e.g. to let a warm-up phase run.

    Example:

    >>> stopper = keras.callbacks.EarlyStopping(monitor="loss", patience=2)
    >>> model = keras.Sequential([keras.layers.Dense(1)])
    >>> model.compile(keras.optimizers.SGD(learning_rate=0.0), loss="mae")
    >>> run = model.fit(np.ones((8, 3)), np.ones((8, 1)), epochs=20,
    ...                 callbacks=[stopper], verbose=0)
    >>> len(run.epoch)  # Frozen weights: the loss never improves.
    3
    """

    def __init__(
        self,
        monitor="val_loss",
        min_delta=0,
        patience=0,
        verbose=0,
        mode="auto",
        baseline=None,
        restore_best_weights=False,
        start_from_epoch=0,
    ):
        super().__init__(monitor=monitor, mode=mode, baseline=baseline)
        self.start_from_epoch = start_from_epoch
        self.restore_best_weights = restore_best_weights
        self.min_delta = abs(min_delta)
        self.patience = patience
        self.verbose = verbose
        self._reset_run_state()

    def _reset_run_state(self):
        self.best = None
        self.best_epoch = 0
        self.best_weights = None
        self.stopped_epoch = 0
        self.wait = 0

    def on_train_begin(self, logs=None):
        self._reset_run_state()
        # Resolved now, so that an unknown metric fails before training.
        self._set_monitor_op()

    def on_epoch_end(self, epoch, logs=None):
        value = self.get_monitor_value(logs)
        if value is None or epoch < self.start_from_epoch:
            return
        self.wait += 1
        if self._is_improvement(value, self.best):
            self.best, self.best_epoch = value, epoch
            if self.restore_best_weights:
                self.best_weights = self.model.get_weights()
            # The patience counter only restarts on epochs that also beat
            # the baseline (when there is one).
            beats_baseline = self.baseline is None or self._is_improvement(
                value, self.baseline
            )
            if beats_baseline:
                self.wait = 0
                return
        if epoch > 0 and self.wait >= self.patience:
            self.model.stop_training = True
            self.stopped_epoch = epoch

    def on_train_end(self, logs=None):
        talk = self.verbose > 0
        if talk and self.stopped_epoch > 0:
            io_utils.print_msg(
                f"Epoch {self.stopped_epoch + 1}: stopped early, "
                f"`{self.monitor}` did not improve."
            )
        if self.best_weights is None or not self.restore_best_weights:
            return
        if talk:
            io_utils.print_msg(
                f"Putting back the weights of epoch {self.best_epoch + 1}, "
                f"the best `{self.monitor}` seen."
            )
        self.model.set_weights(self.best_weights)

    def get_monitor_value(self, logs):
        """The monitored entry of `logs`; warns and returns `None` if absent."""
        logs = logs or {}
        value = logs.get(self.monitor)
        if value is None:
            warnings.warn(
                f"EarlyStopping monitors `{self.monitor}`, which is not in "
                "the logs of this epoch. Available metrics are: "
                f"{', '.join(logs)}",
                stacklevel=2,
            )
        return value
