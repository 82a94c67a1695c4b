"""`ModelCheckpoint`: saves the model or its weights during training."""

import os
import warnings

from keras.src.api_export import keras_export
from keras.src.callbacks import monitor_callback
from keras.src.callbacks.monitor_callback import MonitorCallback
from keras.src.utils import io_utils


@keras_export("keras.callbacks.ModelCheckpoint")
class ModelCheckpoint(MonitorCallback):
    """Writes the model, or only its weights, to disk during training.

    `filepath` is a `str.format` template: `{epoch}` (counted from 1),
    `{batch}` (for batch-level saving) and any logged key can appear in
    it, e.g. `"ckpt/e{epoch:03d}-acc{val_accuracy:.3f}.keras"` gives one
    file per checkpoint named after its epoch and validation accuracy.

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
        filepath: String or `PathLike`: where checkpoints are written,
            possibly with the formatting fields described above.
        monitor: Logged value that decides which checkpoint is the best
            one, when `save_best_only` is set.
        verbose: `0` (silent) or `1` (print a line whenever a checkpoint
            is written or skipped).
        save_best_only: If `True`, a checkpoint is written only when the
            monitored value beats every earlier one; with a fixed
            `filepath`, the file therefore always holds the best model.
        save_weights_only: If `True`, `model.save_weights()` is used
            instead of `model.save()`.
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

        suffix = ".weights.h5" if save_weights_only else ".keras"
        if not self.filepath.endswith(suffix):
            what = "weights file" if save_weights_only else "model file"
            raise ValueError(
                f"ModelCheckpoint writes a {what} here, so `filepath` has "
                f"to end with `{suffix}` (save_weights_only="
                f"{save_weights_only}); got filepath={self.filepath!r}."
            )
        monitor_callback.check_save_freq(save_freq)

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
        current = logs.get(self.monitor) if self.save_best_only else None
        if self.save_best_only and current is None:
            # Nothing to compare with: save rather than lose the epoch.
            warnings.warn(
                f"`save_best_only` compares `{self.monitor}`, which the "
                f"logs lack (they have: {', '.join(logs)}); the checkpoint "
                "is written without comparison.",
                stacklevel=2,
            )
        elif self.save_best_only:
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
        except KeyError as missing:
            raise KeyError(
                f"Failed to format the checkpoint path {self.filepath!r}: "
                f"the logs have no field {missing}."
            ) from missing
