"""`BackupAndRestore`: resume a `fit()` interrupted by a failure."""

import json
import os
import shutil

from keras.src.api_export import keras_export
from keras.src.callbacks.callback import Callback


@keras_export("keras.callbacks.BackupAndRestore")
class BackupAndRestore(Callback):
    """Backs up the training state so that an interrupted `fit()` resumes.

    During training, the model's weights (trainable and not) and the
    position in the training (epoch, and batch for batch-level backups)
    are written to `backup_dir`, at the end of every epoch or every
    `save_freq` batches. When `fit()` starts again with this callback
    after a failure (a preempted job, a crash), the weights are restored
    and training resumes at the saved epoch: a backup taken during an
    epoch resumes at the start of that epoch. After a `fit()` that runs to
    its end, the backup is deleted (see `delete_checkpoint`).

    The optimizer state is not part of the backup. Use one
    `BackupAndRestore` (and one `backup_dir`) per training job.

    Args:
        backup_dir: Path of the folder holding the backup. It must not be
            used by other callbacks or jobs.
        save_freq: `"epoch"` (default) to back up at the end of each epoch,
            an int `n` to back up every `n` batches, or `False` to never
            back up (only restore).
        double_checkpoint: Whether to keep the previous backup too, used
            when the latest one cannot be read (e.g. the job died while
            writing it).
        delete_checkpoint: Whether to delete the backup when training
            completes. Defaults to `True`.

    Example:

    ```python
    backup = keras.callbacks.BackupAndRestore(backup_dir="/tmp/backup")
    try:
        model.fit(x, y, epochs=10, callbacks=[backup, FlakyCallback()])
    except RuntimeError:
        pass
    # Continues with the epoch that was interrupted.
    model.fit(x, y, epochs=10, callbacks=[backup])
    ```
    """

    def __init__(
        self,
        backup_dir,
        save_freq="epoch",
        double_checkpoint=False,
        delete_checkpoint=True,
    ):
        super().__init__()
        if not backup_dir:
            raise ValueError(
                "Empty `backup_dir` argument passed: give the path of a "
                f"folder for the backup. Received: backup_dir={backup_dir!r}"
            )
        valid_freq = save_freq in ("epoch", False) or (
            isinstance(save_freq, int)
            and not isinstance(save_freq, bool)
            and save_freq > 0
        )
        if not valid_freq:
            raise ValueError(
                "Invalid value for argument `save_freq`: expected 'epoch', "
                "a positive number of batches or False. Received: "
                f"save_freq={save_freq!r}"
            )
        self.backup_dir = os.fspath(backup_dir)
        self.save_freq = save_freq
        self.double_checkpoint = double_checkpoint
        self.delete_checkpoint = delete_checkpoint
        self._batches_seen_since_last_saving = 0
        self._last_batch_seen = 0
        self._current_epoch = 0
        self._weights_path = os.path.join(self.backup_dir, "latest.weights.h5")
        self._training_metadata_path = os.path.join(
            self.backup_dir, "training_metadata.json"
        )
        # Weight files must keep the `.weights.h5` suffix to be loadable.
        self._prev_weights_path = os.path.join(
            self.backup_dir, "previous.weights.h5"
        )
        self._prev_training_metadata_path = os.path.join(
            self.backup_dir, "previous_training_metadata.json"
        )

    # ------------------------------------------------------------ restoring
    def on_train_begin(self, logs=None):
        if not self.model.built:
            raise ValueError(
                "To use the BackupAndRestore callback, the model must be "
                "built before `fit()` starts (call it on data or build it)."
            )
        restored = self._restore(
            self._weights_path, self._training_metadata_path
        )
        if not restored and self.double_checkpoint:
            self._restore(
                self._prev_weights_path, self._prev_training_metadata_path
            )

    def _restore(self, weights_path, metadata_path):
        if not (os.path.exists(weights_path) and os.path.exists(metadata_path)):
            return False
        try:
            self.model.load_weights(weights_path)
            with open(metadata_path) as f:
                metadata = json.load(f)
        except Exception:
            # An unreadable backup (e.g. a partial write): try the next.
            return False
        self._current_epoch = metadata["epoch"]
        self.model._initial_epoch = metadata["epoch"]
        return True

    # -------------------------------------------------------------- backing
    def on_epoch_begin(self, epoch, logs=None):
        self._current_epoch = epoch

    def on_train_batch_end(self, batch, logs=None):
        if not isinstance(self.save_freq, int) or self.save_freq is False:
            return
        self._last_batch_seen = batch
        self._batches_seen_since_last_saving += 1
        if self._batches_seen_since_last_saving >= self.save_freq:
            self._batches_seen_since_last_saving = 0
            # A batch-level backup resumes at the start of its epoch.
            self._save(self._current_epoch, batch)

    def on_epoch_end(self, epoch, logs=None):
        self._current_epoch = epoch + 1
        if self.save_freq == "epoch":
            self._save(epoch + 1, None)

    def _save(self, epoch, batch):
        os.makedirs(self.backup_dir, exist_ok=True)
        if self.double_checkpoint:
            for latest, previous in (
                (self._weights_path, self._prev_weights_path),
                (
                    self._training_metadata_path,
                    self._prev_training_metadata_path,
                ),
            ):
                if os.path.exists(latest):
                    shutil.copyfile(latest, previous)
        self.model.save_weights(self._weights_path, overwrite=True)
        with open(self._training_metadata_path, "w") as f:
            json.dump({"epoch": epoch, "batch": batch}, f)

    def on_train_end(self, logs=None):
        # Reached only when `fit()` completes: the backup is not needed.
        if self.delete_checkpoint and os.path.exists(self.backup_dir):
            shutil.rmtree(self.backup_dir)
