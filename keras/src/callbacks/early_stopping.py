"""`EarlyStopping`: stops training when a metric stops improving."""

import warnings

from keras.src.api_export import keras_export
from keras.src.callbacks.monitor_callback import MonitorCallback
from keras.src.utils import io_utils


@keras_export("keras.callbacks.EarlyStopping")
class EarlyStopping(MonitorCallback):
    """Stops training when a monitored metric has stopped improving.

    At the end of each epoch the callback compares the monitored value
    with the best one seen so far. After `patience` epochs without an
    improvement (of more than `min_delta`) it sets
    `model.stop_training = True`, and `fit` ends after that epoch.

    Args:
        monitor: Name of the metric to monitor, e.g. `"val_loss"`.
        min_delta: Minimum change of the monitored value that counts as an
            improvement; smaller changes count as no improvement.
        patience: Number of epochs without improvement after which training
            is stopped.
        verbose: Verbosity mode, `0` or `1`. With `1`, a message is printed
            when the callback stops training or restores weights.
        mode: One of `"auto"`, `"min"`, `"max"`. In `"min"` mode training
            stops when the value has stopped decreasing, in `"max"` mode
            when it has stopped increasing; `"auto"` infers the direction
            from the metric.
        baseline: Baseline value of the monitored metric. If not `None`,
            training stops if the model does not improve on the baseline
            within `patience` epochs.
        restore_best_weights: Whether to restore the model weights of the
            epoch with the best monitored value at the end of training. If
            `False`, the weights of the last epoch are kept. The best epoch
            is restored whether or not it improves on `baseline`.
        start_from_epoch: Number of epochs to wait before starting to
            monitor improvement (a warm-up period).

    Example:

    >>> callback = keras.callbacks.EarlyStopping(monitor="loss", patience=3)
    >>> model = keras.Sequential([keras.layers.Dense(10)])
    >>> model.compile(keras.optimizers.SGD(), loss="mse")
    >>> history = model.fit(np.arange(100).reshape(5, 20), np.zeros(5),
    ...                     epochs=10, batch_size=1, callbacks=[callback],
    ...                     verbose=0)
    >>> len(history.history["loss"])  # Only 4 epochs are run.
    4
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
        self.min_delta = abs(min_delta)
        self.patience = patience
        self.verbose = verbose
        self.restore_best_weights = restore_best_weights
        self.start_from_epoch = start_from_epoch
        self.wait = 0
        self.stopped_epoch = 0
        self.best = None
        self.best_epoch = 0
        self.best_weights = None

    def on_train_begin(self, logs=None):
        self.wait = 0
        self.stopped_epoch = 0
        self.best = None
        self.best_epoch = 0
        self.best_weights = None

    def on_epoch_end(self, epoch, logs=None):
        current = self.get_monitor_value(logs)
        if current is None or epoch < self.start_from_epoch:
            return
        self.wait += 1
        if self._is_improvement(current, self.best):
            self.best = current
            self.best_epoch = epoch
            if self.restore_best_weights:
                self.best_weights = self.model.get_weights()
            # Only an improvement on the baseline resets the wait.
            if self.baseline is None or self._is_improvement(
                current, self.baseline
            ):
                self.wait = 0
                return
        if self.wait >= self.patience and epoch > 0:
            self.stopped_epoch = epoch
            self.model.stop_training = True

    def on_train_end(self, logs=None):
        if self.stopped_epoch > 0 and self.verbose > 0:
            io_utils.print_msg(
                f"Epoch {self.stopped_epoch + 1}: early stopping"
            )
        if self.restore_best_weights and self.best_weights is not None:
            if self.verbose > 0:
                io_utils.print_msg(
                    "Restoring model weights from the end of the best epoch: "
                    f"{self.best_epoch + 1}."
                )
            self.model.set_weights(self.best_weights)

    def get_monitor_value(self, logs):
        """Returns the monitored value from `logs`, or `None` (warning)."""
        logs = logs or {}
        value = logs.get(self.monitor)
        if value is None:
            warnings.warn(
                f"Early stopping conditioned on metric `{self.monitor}` "
                "which is not available. Available metrics are: "
                f"{', '.join(list(logs.keys()))}",
                stacklevel=2,
            )
        return value
