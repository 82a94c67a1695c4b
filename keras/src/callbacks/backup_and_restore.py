"""`BackupAndRestore`: resume a `fit()` interrupted by a failure."""

import io
import json
import os
import shutil
import tempfile

import numpy as np

from keras.src.api_export import keras_export
from keras.src.callbacks.callback import Callback


@keras_export("keras.callbacks.BackupAndRestore")
class BackupAndRestore(Callback):
    """Backs up the training state so that an interrupted `fit()` resumes.

    A backup holds everything the next training step depends on: the
    model's variables (weights and the states of its random seed
    generators, e.g. `Dropout`'s), the optimizer's variables (its
    iteration count included, so learning-rate schedules go on where they
    were), the metrics' variables and the position in the data (epoch and
    batch). It is written to `backup_dir` at the end of every epoch or
    every `save_freq` batches. When `fit()` starts again with this
    callback after a failure (a preempted job, a crash), the state is
    restored and training continues with the batch after the backup: the
    batches of that epoch already trained are drawn from the data and
    dropped. With the same data, the same seed (for shuffling, see
    `keras.utils.set_random_seed`) and the same model code, the resumed
    run computes the same losses and weights as a run that never stopped.
    A backup taken after the last batch of an epoch resumes with the end
    of that epoch (validation, `on_epoch_end`), its logs taken from the
    backup.

    Each backup is one file, written to a temporary name and renamed into
    place, so a job killed while writing never leaves a partial backup
    behind. After a `fit()` that runs to its end, the backup is deleted
    (see `delete_checkpoint`). Use one `BackupAndRestore` (and one
    `backup_dir`) per training job.

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
    # Continues with the batch after the last backup.
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
        # The backup: one `.npz` file (variables and position). The JSON
        # file beside it is a readable copy of the position, written after.
        self._weights_path = os.path.join(self.backup_dir, "latest.backup.npz")
        self._training_metadata_path = os.path.join(
            self.backup_dir, "training_metadata.json"
        )
        self._prev_weights_path = os.path.join(
            self.backup_dir, "previous.backup.npz"
        )
        self._prev_training_metadata_path = os.path.join(
            self.backup_dir, "previous_training_metadata.json"
        )
        # Optimizer and metric values read from the backup, assigned when
        # the first batch starts (the optimizer and the compiled metrics
        # are built only then).
        self._pending = None

    # ------------------------------------------------------------ restoring
    def on_train_begin(self, logs=None):
        if not self.model.built:
            raise ValueError(
                "To use the BackupAndRestore callback, the model must be "
                "built before `fit()` starts (call it on data or build it)."
            )
        self._pending = None
        restored = self._restore(self._weights_path)
        if not restored and self.double_checkpoint:
            self._restore(self._prev_weights_path)

    def _restore(self, path):
        if not os.path.exists(path):
            return False
        try:
            backup = _read_backup(path)
            model_vars = _model_variables(self.model)
            _check_match(model_vars, backup["model"], "model")
        except Exception:
            # An unreadable or foreign backup: try the next one.
            return False
        for variable, value in zip(model_vars, backup["model"]):
            variable.assign(value)
        metadata = backup["metadata"]
        epoch, step = metadata["epoch"], metadata.get("step", 0)
        self._current_epoch = epoch
        self.model._initial_epoch = epoch
        self.model._initial_step = step
        # If every batch of the epoch was trained (a backup after its last
        # batch), `fit()` ends that epoch with these logs.
        self.model._resume_logs = metadata.get("logs")
        # Metric values are those of a partly trained epoch; at an epoch
        # boundary the metrics start over.
        self._pending = {
            "epoch": epoch,
            "optimizer": backup["optimizer"],
            "metrics": backup["metrics"] if step else None,
        }
        return True

    def on_train_batch_begin(self, batch, logs=None):
        pending, self._pending = self._pending, None
        if pending is None:
            return
        model = self.model
        optimizer = getattr(model, "optimizer", None)
        if optimizer is not None and pending["optimizer"]:
            variables = list(optimizer.variables)
            _check_match(variables, pending["optimizer"], "optimizer")
            for variable, value in zip(variables, pending["optimizer"]):
                variable.assign(value)
        if (
            pending["metrics"] is not None
            and self._current_epoch == pending["epoch"]
        ):
            variables = list(model.metrics_variables)
            _check_match(variables, pending["metrics"], "metrics")
            for variable, value in zip(variables, pending["metrics"]):
                variable.assign(value)

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
            self._save(self._current_epoch, batch, step=batch + 1, logs=logs)

    def on_epoch_end(self, epoch, logs=None):
        self._current_epoch = epoch + 1
        if self.save_freq == "epoch":
            self._save(epoch + 1, None, step=0)

    def _save(self, epoch, batch, step, logs=None):
        model = self.model
        optimizer = getattr(model, "optimizer", None)
        metadata = {"epoch": epoch, "batch": batch, "step": step}
        if logs:
            metadata["logs"] = {k: float(v) for k, v in logs.items()}
        arrays = {
            "model": [v.value for v in _model_variables(model)],
            "optimizer": (
                []
                if optimizer is None
                else [v.value for v in optimizer.variables]
            ),
            "metrics": [v.value for v in model.metrics_variables],
        }
        os.makedirs(self.backup_dir, exist_ok=True)
        tmp_path = _write_backup(self.backup_dir, arrays, metadata)
        if self.double_checkpoint:
            for latest, previous in (
                (self._weights_path, self._prev_weights_path),
                (
                    self._training_metadata_path,
                    self._prev_training_metadata_path,
                ),
            ):
                if os.path.exists(latest):
                    os.replace(latest, previous)
        # The rename is the moment the new backup counts.
        os.replace(tmp_path, self._weights_path)
        _write_atomically(
            self._training_metadata_path, json.dumps(metadata).encode()
        )

    def on_train_end(self, logs=None):
        # Reached only when `fit()` completes: the backup is not needed.
        self._pending = None
        if self.delete_checkpoint and os.path.exists(self.backup_dir):
            shutil.rmtree(self.backup_dir)


def _model_variables(model):
    """The model's variables, seed-generator states included, in a fixed
    order."""
    return list(model.variables)


def _check_match(variables, values, what):
    if len(variables) != len(values):
        raise ValueError(
            f"The backup holds {len(values)} {what} variables, the model "
            f"{len(variables)}: it was written by another model."
        )
    for variable, value in zip(variables, values):
        if tuple(variable.shape) != tuple(value.shape):
            raise ValueError(
                f"The backup's value for {what} variable {variable.path} has "
                f"shape {value.shape}, the variable {variable.shape}."
            )


def _to_numpy(value):
    array = np.asarray(value)
    # Dtypes NumPy's format does not know (bfloat16, float8) are stored
    # as raw unsigned integers of the same width.
    if array.dtype.kind in "biufc":
        return array, array.dtype.name
    return array.view(f"u{array.dtype.itemsize}"), array.dtype.name


def _from_numpy(array, dtype_name):
    if array.dtype.name == dtype_name:
        return array
    import ml_dtypes

    return array.view(np.dtype(getattr(ml_dtypes, dtype_name)))


def _write_backup(directory, arrays, metadata):
    """Writes the backup to a new temporary file in `directory` (so that
    the final rename stays on one file system); returns its path."""
    contents = {}
    dtypes = {}
    for group, values in arrays.items():
        dtypes[group] = []
        for i, value in enumerate(values):
            array, dtype_name = _to_numpy(value)
            contents[f"{group}/{i}"] = array
            dtypes[group].append(dtype_name)
    header = {"metadata": metadata, "dtypes": dtypes}
    contents["header"] = np.frombuffer(
        json.dumps(header).encode(), dtype=np.uint8
    )
    buffer = io.BytesIO()
    np.savez(buffer, **contents)
    return _write_temporary(directory, buffer.getvalue())


def _write_temporary(directory, data):
    fd, tmp_path = tempfile.mkstemp(dir=directory, prefix=".tmp-backup-")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        os.unlink(tmp_path)
        raise
    return tmp_path


def _write_atomically(path, data):
    os.replace(_write_temporary(os.path.dirname(path), data), path)


def _read_backup(path):
    with np.load(path, allow_pickle=False) as contents:
        header = json.loads(contents["header"].tobytes().decode())
        backup = {"metadata": header["metadata"]}
        for group, dtypes in header["dtypes"].items():
            backup[group] = [
                _from_numpy(contents[f"{group}/{i}"], dtype_name)
                for i, dtype_name in enumerate(dtypes)
            ]
    return backup
