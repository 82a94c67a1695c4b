"""`ModelCheckpoint`: saves the model or its weights during training."""

import os
import warnings

from keras.src.api_export import keras_export
from keras.src.callbacks.monitor_callback import MonitorCallback
from keras.src.utils import io_utils


@keras_export("keras.callbacks.ModelCheckpoint")
class ModelCheckpoint(MonitorCallback):
    """Callback to save the Keras model or model weights at some frequency.

    `filepath` may contain named formatting options, filled with the epoch
    number (1-based) and the keys of `logs`: with
    `filepath="model_{epoch:02d}-{val_loss:.2f}.keras"` the checkpoints are
    saved with the epoch number and the validation loss in their names.

    Whole models are saved with `model.save(filepath)` (the file name must
    end in `.keras`); with `save_weights_only=True` the weights are saved
    with `model.save_weights(filepath)` (the file name must end in
    `.weights.h5`). Missing directories are created. Either way the file
    holds the optimizer state and the seed generator states (dropout) too,
    so training can be resumed exactly from an end-of-epoch checkpoint:
    load it and call `fit(..., initial_epoch=<epochs completed>)` (array
    data is shuffled by seed and epoch index). Writes are atomic: a
    process killed while saving leaves the previous file intact. Under a
    distribution the values are saved unsharded (they load under any
    mesh); in a multi-process run, every process runs the callback and
    process 0 writes the file.

    Args:
        filepath: String or `PathLike`, path to save the model file.
        monitor: The metric name to monitor, used with `save_best_only`.
        verbose: Verbosity mode, `0` or `1`. With `1`, a message is printed
            each time the callback saves (or skips) a checkpoint.
        save_best_only: If `True`, only save when the model is considered
            the "best" so far according to the monitored metric; with a
            `filepath` without formatting options, each new best overwrites
            the previous one.
        save_weights_only: If `True`, only the weights are saved.
        mode: One of `"auto"`, `"min"`, `"max"`: whether a better monitored
            value is smaller or larger. `"auto"` infers the direction from
            the metric.
        save_freq: `"epoch"` to save at the end of each epoch, or an
            integer `N` to save every `N` training batches (counted across
            epochs; the logs are then the batch-level running averages).
        initial_value_threshold: Initial "best" value of the monitored
            metric: with `save_best_only`, the model is only saved once it
            beats this value.

    Example:

    ```python
    checkpoint = keras.callbacks.ModelCheckpoint(
        filepath="/tmp/ckpt/best.weights.h5",
        monitor="val_accuracy",
        mode="max",
        save_best_only=True,
        save_weights_only=True,
    )
    model.fit(x, y, epochs=10, validation_split=0.2,
              callbacks=[checkpoint])
    # The weights of the best epoch (by validation accuracy) are saved.
    model.load_weights("/tmp/ckpt/best.weights.h5")
    ```
    """

    def __init__(
        self,
        filepath,
        monitor="val_loss",
        verbose=0,
        save_best_only=False,
        save_weights_only=False,
        mode="auto",
        save_freq="epoch",
        initial_value_threshold=None,
    ):
        super().__init__(monitor=monitor, mode=mode)
        self.filepath = os.fspath(filepath)
        self.verbose = verbose
        self.save_best_only = save_best_only
        self.save_weights_only = save_weights_only
        self.save_freq = save_freq
        self.initial_value_threshold = initial_value_threshold
        self.best = initial_value_threshold
        self._batches_seen_since_last_saving = 0
        self._current_epoch = 0
        self._last_batch_seen = 0

        if save_weights_only:
            if not self.filepath.endswith(".weights.h5"):
                raise ValueError(
                    "When using `save_weights_only=True` in "
                    "`ModelCheckpoint`, the filepath provided must end in "
                    f"`.weights.h5` (Keras weights format). Received: "
                    f"filepath={self.filepath}"
                )
        elif not self.filepath.endswith(".keras"):
            raise ValueError(
                "The filepath provided to `ModelCheckpoint` must end in "
                "`.keras` (Keras model format), or in `.weights.h5` with "
                f"`save_weights_only=True`. Received: "
                f"filepath={self.filepath}"
            )
        if save_freq != "epoch" and not (
            isinstance(save_freq, int)
            and not isinstance(save_freq, bool)
            and save_freq > 0
        ):
            raise ValueError(
                "Unrecognized save_freq: expected 'epoch' or a positive "
                f"integer. Received: save_freq={save_freq}"
            )

    def on_train_begin(self, logs=None):
        self._batches_seen_since_last_saving = 0

    def on_epoch_begin(self, epoch, logs=None):
        self._current_epoch = epoch

    def on_train_batch_end(self, batch, logs=None):
        if self.save_freq == "epoch":
            return
        self._last_batch_seen = batch
        self._batches_seen_since_last_saving += 1
        if self._batches_seen_since_last_saving >= self.save_freq:
            self._batches_seen_since_last_saving = 0
            self._save_model(self._current_epoch, batch, logs)

    def on_epoch_end(self, epoch, logs=None):
        if self.save_freq == "epoch":
            self._save_model(epoch, None, logs)

    def _save_model(self, epoch, batch, logs):
        logs = logs or {}
        filepath = self._get_file_path(epoch, batch, logs)
        if self.save_best_only:
            current = logs.get(self.monitor)
            if current is None:
                warnings.warn(
                    f"Can save best model only with {self.monitor} "
                    "available. Available metrics are: "
                    f"{', '.join(list(logs.keys()))}; skipping.",
                    stacklevel=2,
                )
                return
            if not self._is_improvement(current, self.best):
                if self.verbose > 0:
                    io_utils.print_msg(
                        f"\nEpoch {epoch + 1}: {self.monitor} did not "
                        f"improve from {self.best:.5f}"
                    )
                return
            if self.verbose > 0:
                previous = "" if self.best is None else f" from {self.best:.5f}"
                io_utils.print_msg(
                    f"\nEpoch {epoch + 1}: {self.monitor} improved"
                    f"{previous} to {current:.5f}, saving model to "
                    f"{filepath}"
                )
            self.best = current
        elif self.verbose > 0:
            io_utils.print_msg(
                f"\nEpoch {epoch + 1}: saving model to {filepath}"
            )
        dirname = os.path.dirname(filepath)
        if dirname:
            os.makedirs(dirname, exist_ok=True)
        model = self.model
        if self.save_weights_only:
            model.save_weights(filepath)
        else:
            model.save(filepath)

    def _get_file_path(self, epoch, batch, logs):
        """Formats `self.filepath` with the epoch (1-based), batch, logs."""
        logs = dict(logs or {})
        try:
            if batch is None or "batch" in logs:
                return self.filepath.format(epoch=epoch + 1, **logs)
            return self.filepath.format(
                epoch=epoch + 1, batch=batch + 1, **logs
            )
        except KeyError as e:
            raise KeyError(
                f'Failed to format this callback filepath: "{self.filepath}". '
                f"Reason: {e}"
            ) from e
