"""`BackupAndRestore`: resume a `fit()` interrupted by a failure."""

import io
import json
import os
import shutil
import signal
import tempfile
import warnings

import numpy as np

from keras.src.api_export import keras_export
from keras.src.callbacks import monitor_callback
from keras.src.callbacks import preemption
from keras.src.callbacks import training_position
from keras.src.callbacks.callback import Callback
from keras.src.distribution import distribution_lib
from keras.src.utils import io_utils


@keras_export("keras.callbacks.BackupAndRestore")
class BackupAndRestore(Callback):
    """Backs up the training state so that an interrupted `fit()` resumes.

    A backup holds everything the next training step depends on: the
    model's variables (weights and the states of its random seed
    generators, e.g. `Dropout`'s), the optimizer's variables (its
    iteration count included, so learning-rate schedules go on where they
    were), the metrics' variables and the position in the data (epoch and
    batch, the seed of the shuffled order of array data and the states of
    the PyTorch generators a torch `DataLoader` shuffles with). It is
    written to `backup_dir` at the end of every epoch or every `save_freq`
    batches. When `fit()` starts again with this callback after a failure
    (a preempted job, a crash), the state is restored and training
    continues with the batch after the backup: the batches of that epoch
    already trained are drawn from the data and dropped. With the same
    data and the same model code, the resumed run computes the same
    losses and weights as a run that never stopped. A backup taken after
    the last batch of an epoch resumes with the end of that epoch
    (validation, `on_epoch_end`), its logs taken from the backup.

    Inputs that resume exactly: arrays, a `PyDataset`, a `tf.data.Dataset`
    whose order is fixed (no `reshuffle_each_iteration`), a torch
    `DataLoader` (the generator states saved with the position are put
    back before the resumed pass: the loader's own `generator` or, when
    it has none, PyTorch's global one) and grain datasets and data
    loaders (their order follows from their seeds). A generator, or a
    `steps_per_epoch` with which epochs end inside a pass over the data,
    cannot be put back where it stopped: resuming then warns, reads the
    data from its start and drops as many batches as the interrupted
    epoch had trained.

    Preemption: while `fit()` runs, the signals `preemption_signals`
    (SIGTERM by default, what schedulers and cloud platforms send before
    taking a machine away) do not end the process. The step running when
    one arrives is finished, a backup of the state after it is written,
    and `fit()` returns (as with `model.stop_training`), with a message
    saying so and with `preempted` set. In a job of several processes a
    signal received by any of them stops all of them after the same step:
    after each batch they exchange a flag (a small collective). Running
    the same script again resumes from that backup. The previous signal
    handlers are back when `fit()` returns (or, after `fit()` raised, at
    the next signal, which they then receive).

    In a job of several processes, process 0 writes the backup and every
    process reads it: `backup_dir` must be on a file system they share.

    Each backup is one file, written to a temporary name and renamed into
    place, so a job killed while writing (SIGKILL included) keeps its
    previous backup, never a partial one; the next backup deletes the
    temporary file of the killed write. When a process of a job is lost,
    the others end too (see `keras.distribution.initialize`), and running
    the job again resumes from the last backup written in full. After a
    `fit()` that runs to its end, the backup is deleted (see
    `delete_checkpoint`). Use one `BackupAndRestore` (and one `backup_dir`)
    per training job.

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
            completes. Defaults to `True`. A backup written because of a
            preemption signal is always kept.
        preemption_signals: Signal numbers (e.g. `signal.SIGTERM`,
            `signal.SIGUSR1`) that stop training with a backup, as
            described above. Defaults to `(signal.SIGTERM,)`; `()` or
            `None` to leave signals alone.
        preemption_deadline: Seconds, counted from the signal, within
            which the process must have stopped training and written the
            backup; past them it exits at once (status 128 + the signal's
            number), keeping the previous backup. Defaults to 30 (the
            grace period of common schedulers); `None` for no limit.

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

    A script that a scheduler may stop with SIGTERM, and restarts:

    ```python
    backup = keras.callbacks.BackupAndRestore(
        backup_dir="/shared/backup", save_freq="epoch"
    )
    model.fit(x, y, epochs=10, callbacks=[backup])
    if backup.preempted:
        sys.exit(1)  # Run again to continue.
    model.save("/shared/model.keras")
    ```
    """

    def __init__(
        self,
        backup_dir,
        save_freq="epoch",
        double_checkpoint=False,
        delete_checkpoint=True,
        preemption_signals=(signal.SIGTERM,),
        preemption_deadline=30,
    ):
        super().__init__()
        if not backup_dir:
            raise ValueError(
                "Empty `backup_dir` argument passed: give the path of a "
                f"folder for the backup. Received: backup_dir={backup_dir!r}"
            )
        if not (
            save_freq in ("epoch", False)
            or monitor_callback.is_batch_count(save_freq)
        ):
            raise ValueError(
                "Invalid value for argument `save_freq`: expected 'epoch', "
                "a positive number of batches or False. Received: "
                f"save_freq={save_freq!r}"
            )
        if preemption_deadline is not None and not preemption_deadline > 0:
            raise ValueError(
                "Invalid value for argument `preemption_deadline`: expected "
                "a positive number of seconds or None. Received: "
                f"preemption_deadline={preemption_deadline!r}"
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
        self._resumer = training_position.Resumer()
        # Whether the last `fit()` was stopped by a preemption signal.
        self.preempted = False
        self._watcher = None
        if preemption_signals:
            self._watcher = preemption.PreemptionWatcher(
                [signal.Signals(s) for s in preemption_signals],
                deadline=preemption_deadline,
            )

    # ------------------------------------------------------------ restoring
    def on_train_begin(self, logs=None):
        if not self.model.built:
            raise ValueError(
                "To use the BackupAndRestore callback, the model must be "
                "built before `fit()` starts (call it on data or build it)."
            )
        self._resumer.clear()
        self.preempted = False
        restored = self._restore(self._weights_path)
        if not restored and self.double_checkpoint:
            self._restore(self._prev_weights_path)
        if self._watcher is not None and not self._watcher.start():
            warnings.warn(
                "BackupAndRestore handles preemption signals only when "
                "`fit()` runs in the main thread; this one does not.",
                stacklevel=2,
            )

    def _restore(self, path):
        backup = None
        if os.path.exists(path):
            try:
                backup = _read_backup(path)
                model_vars = _model_variables(self.model)
                _check_match(model_vars, backup["model"], "model")
            except Exception:
                # An unreadable or foreign backup: try the next one.
                backup = None
        found = _on_every_process(backup is not None)
        if any(found) and not all(found):
            missing = [i for i, ok in enumerate(found) if not ok]
            raise ValueError(
                f"Processes {missing} cannot read the backup {path} that "
                "the others read: `backup_dir` must be on a file system "
                "that every process of the job shares."
            )
        if backup is None:
            return False
        for variable, value in zip(model_vars, backup["model"]):
            variable.assign(value)
        self._current_epoch = backup["metadata"]["epoch"]
        self._resumer.start(
            self.model,
            backup["metadata"],
            lambda metrics: self._assign_rest(backup, metrics),
        )
        return True

    def _assign_rest(self, backup, metrics):
        """Assigns the backup's optimizer values, and its metric values
        if `metrics`."""
        model = self.model
        optimizer = getattr(model, "optimizer", None)
        if optimizer is not None and backup["optimizer"]:
            if not optimizer.built:
                # No batch ran (a backup after the last batch of the last
                # epoch): the trainer has not built it.
                optimizer.build(model.trainable_variables)
            variables = list(optimizer.variables)
            _check_match(variables, backup["optimizer"], "optimizer")
            for variable, value in zip(variables, backup["optimizer"]):
                variable.assign(value)
        if metrics:
            variables = list(model.metrics_variables)
            _check_match(variables, backup["metrics"], "metrics")
            for variable, value in zip(variables, backup["metrics"]):
                variable.assign(value)

    def on_train_batch_begin(self, batch, logs=None):
        self._resumer.on_train_batch_begin(self._current_epoch)

    # -------------------------------------------------------------- backing
    def on_epoch_begin(self, epoch, logs=None):
        self._current_epoch = epoch

    def on_train_batch_end(self, batch, logs=None):
        if self._stop_if_preempted(self._current_epoch, batch, batch + 1, logs):
            return
        if not isinstance(self.save_freq, int) or self.save_freq is False:
            return
        self._last_batch_seen = batch
        self._batches_seen_since_last_saving += 1
        if self._batches_seen_since_last_saving >= self.save_freq:
            self._batches_seen_since_last_saving = 0
            self._save(self._current_epoch, batch, step=batch + 1, logs=logs)

    def on_epoch_end(self, epoch, logs=None):
        self._resumer.on_epoch_end()
        self._current_epoch = epoch + 1
        if self.preempted:
            # Stopped inside the epoch: the backup holds that position.
            return
        if self._stop_if_preempted(epoch + 1, None, 0):
            return
        if self.save_freq == "epoch":
            self._save(epoch + 1, None, step=0)

    def _stop_if_preempted(self, epoch, batch, step, logs=None):
        """After a step (or an epoch): if any process received a
        preemption signal, backs up the position `(epoch, step)`, stops
        training and returns `True`."""
        if self._watcher is None or not self._watcher.active:
            return False
        received = self._watcher.agreed_signals()
        if not any(received):
            return False
        self._save(epoch, batch, step=step, logs=logs)
        self._watcher.stop()
        self.preempted = True
        self.model.stop_training = True
        senders = ", ".join(
            f"{preemption.signal_name(signum)} (process {index})"
            if len(received) > 1
            else preemption.signal_name(signum)
            for index, signum in enumerate(received)
            if signum
        )
        where = (
            f"at the end of epoch {epoch}"
            if batch is None
            else f"after batch {step} of epoch {epoch + 1}"
        )
        io_utils.print_msg(
            f"BackupAndRestore: received {senders}; training stopped {where} "
            f"and its state was backed up to {self.backup_dir}. Run the same "
            "script again to resume."
        )
        return True

    def _save(self, epoch, batch, step, logs=None):
        model = self.model
        optimizer = getattr(model, "optimizer", None)
        metadata = training_position.current_position(
            model, epoch, batch, step, logs
        )
        arrays = {
            "model": _host_values(_model_variables(model)),
            "optimizer": (
                [] if optimizer is None else _host_values(optimizer.variables)
            ),
            "metrics": _host_values(model.metrics_variables),
        }
        if distribution_lib.num_processes() == 1:
            self._write(arrays, metadata)
            return
        # Process 0 writes; the others wait for it, and fail with it.
        error = None
        if distribution_lib.process_id() == 0:
            try:
                self._write(arrays, metadata)
            except BaseException as e:
                error = e
        written = _on_every_process(error is None)
        if error is not None:
            raise error
        if not written[0]:
            raise RuntimeError(
                f"Process 0 failed to write the backup to {self.backup_dir}."
            )

    def _write(self, arrays, metadata):
        os.makedirs(self.backup_dir, exist_ok=True)
        _remove_temporaries(self.backup_dir)
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
        self._resumer.clear()
        if self._watcher is not None:
            self._watcher.stop()
        if self.preempted:
            return
        # `fit()` completed: the backup is not needed.
        if (
            self.delete_checkpoint
            and distribution_lib.process_id() == 0
            and os.path.exists(self.backup_dir)
        ):
            shutil.rmtree(self.backup_dir)


def _model_variables(model):
    """The model's variables, seed-generator states included, in a fixed
    order."""
    return list(model.variables)


def _host_values(variables):
    """The variables' values as NumPy arrays (in a job of several
    processes, a collective for those sharded over them)."""
    return [distribution_lib.to_host(v.value) for v in variables]


def _on_every_process(flag):
    """`flag` of each process, in process order (a collective, and so a
    barrier, in a job of several processes)."""
    if distribution_lib.num_processes() == 1:
        return [bool(flag)]
    gathered = distribution_lib.all_gather_int([int(bool(flag))])
    return [bool(row[0]) for row in gathered]


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


# Files being written; renamed into place once complete.
_TEMPORARY_PREFIX = ".tmp-backup-"


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
    fd, tmp_path = tempfile.mkstemp(dir=directory, prefix=_TEMPORARY_PREFIX)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        os.unlink(tmp_path)
        raise
    return tmp_path


def _remove_temporaries(directory):
    """Deletes the temporary files of writes that never completed (their
    process died before renaming them)."""
    for name in os.listdir(directory):
        if name.startswith(_TEMPORARY_PREFIX):
            os.unlink(os.path.join(directory, name))


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
