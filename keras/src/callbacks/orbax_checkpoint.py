"""`OrbaxCheckpoint`: checkpoints the training state with Orbax."""

import numbers
import os
import warnings

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.callbacks import monitor_callback
from keras.src.callbacks import training_position
from keras.src.callbacks.monitor_callback import MonitorCallback
from keras.src.distribution import distribution_lib
from keras.src.saving import orbax_util
from keras.src.utils import io_utils
from keras.src.utils.module_utils import ocp


@keras_export("keras.callbacks.OrbaxCheckpoint")
class OrbaxCheckpoint(MonitorCallback):
    """Checkpoints the model during training with the Orbax library.

    Each checkpoint is a numbered folder of `directory` (the step: the
    zero-based epoch with `save_freq="epoch"`, the number of batches
    trained with batch-level saving, see below) holding the model's
    variables with their shardings, the optimizer and metrics state, the
    model's config (with its compile config) and the files of layers with
    assets; with `save_weights_only=True`, only the layers' variables. The
    logs of the epoch (or batch) are recorded as the checkpoint's metrics
    in Orbax's metadata (`checkpointer.latest.metrics`). Sharded
    variables are written shard by shard by the devices (and processes)
    that hold them, without gathering them anywhere, and are read back
    laid out like the variables that receive them, so a checkpoint loads
    under any distribution.

    `keras.saving.load_model(directory)` rebuilds the model of the latest
    checkpoint (compiled, with the optimizer state), and
    `model.load_weights(directory)` loads its variables into an existing
    model, matched by variable path (or, for another instance of the same
    architecture whose layers got other automatic names, by position).
    Training can be resumed from there
    with the same `directory`: with batch-level saving, the next
    checkpoints are numbered on from the batches the restored optimizer
    has trained; with `save_freq="epoch"`, pass `initial_epoch` to
    `fit()`, since a step that already exists cannot be written again.

    Numbering of batch-level checkpoints: a `fit()` starts from the
    number of batches the model's optimizer has been applied to (its
    `iterations`, except with `gradient_accumulation_steps`, where
    `iterations` counts one update per window of batches: the batches
    are what count here), or, when `auto_resume` resumes, from the
    number of the checkpoint it loaded; each batch adds one (each
    execution of `steps_per_execution` batches adds that many). So a
    resumed run numbers its checkpoints as the run it continues would
    have, and successive saves get distinct steps with gradient
    accumulation as they do without it.

    Exact resume: a checkpoint with the optimizer state (not
    `save_weights_only`) also records the position of `fit()` in its
    data: the epoch, the batches of it already trained, the logs of the
    last one, the seed of the shuffled order of array data and the
    states of the PyTorch generators a torch `DataLoader` shuffles with
    (the inputs that resume exactly are those listed for
    `keras.callbacks.BackupAndRestore`). Set the
    attribute `auto_resume = True` (it is `False` by default) and a
    `fit()` that starts while `directory` holds a checkpoint loads the
    latest one (the model's variables, seed generator states included,
    the optimizer's, with its iteration count and so the learning-rate
    schedule's step, and the metrics') and continues with the batch after
    it, as `keras.callbacks.BackupAndRestore` does: the batches of that
    epoch already trained are drawn from the data and dropped. With the
    same data and model code, the losses and weights are then those of a
    run that never stopped. A checkpoint taken after the last batch of
    the last epoch leaves nothing to train. A checkpoint without a
    position (written with `save_weights_only=True`, by earlier versions
    or by upstream Keras) is loaded, with a warning, and `fit()` starts
    at its `initial_epoch`.

    With `save_on_background=True`, `fit()` goes on as soon as the values
    are copied off the devices, while the files are written in the
    background; the next save, the end of `fit()` and
    `wait_until_finished()` wait for the write. This callback needs the
    `orbax-checkpoint` package (`pip install orbax-checkpoint`). In a
    multi-process run, every process runs it with the same `directory`,
    on storage that all of them reach.

    Args:
        directory: Path of the folder of the checkpoints (created if
            missing).
        monitor: Logged value that decides which checkpoint is the best
            one, when `save_best_only` is set.
        verbose: `0` (silent) or `1` (print a line per checkpoint
            written or skipped).
        save_best_only: If `True`, a checkpoint is written only when the
            monitored value beats every earlier one.
        mode: One of `"auto"`, `"min"`, `"max"`: whether a better
            monitored value is smaller or larger (`"auto"` infers it from
            the metric).
        save_freq: `"epoch"` to save at the end of each epoch, or an
            integer `N` to save every `N` training batches (every `N`
            executions with `steps_per_execution`).
        initial_value_threshold: Initial "best" value of the monitored
            metric for `save_best_only`.
        max_to_keep: How many of the latest checkpoints to keep (older
            ones are deleted); `None` keeps them all.
        save_on_background: Whether to write the files in a background
            thread while training goes on.
        save_weights_only: If `True`, only the layers' variables are
            saved: load them with `model.load_weights()`.

    Example:

    ```python
    ckpt = keras.callbacks.OrbaxCheckpoint(
        "/tmp/run_7/ckpt", save_freq=200, max_to_keep=3
    )
    model.fit(dataset, epochs=4, callbacks=[ckpt])
    # Later, or in another process: the state of the latest save.
    model = keras.saving.load_model("/tmp/run_7/ckpt")
    model.fit(dataset, epochs=4, callbacks=[
        keras.callbacks.OrbaxCheckpoint(
            "/tmp/run_7/ckpt", save_freq=200, max_to_keep=3
        )
    ])
    ```

    A script that can be stopped at any time and run again:

    ```python
    ckpt = keras.callbacks.OrbaxCheckpoint("/tmp/run_8/ckpt", save_freq=50)
    ckpt.auto_resume = True
    model.fit(x, y, epochs=10, callbacks=[ckpt])
    ```
    """

    def __init__(
        self,
        directory,
        monitor="val_loss",
        verbose=0,
        save_best_only=False,
        mode="auto",
        save_freq="epoch",
        initial_value_threshold=None,
        max_to_keep=1,
        save_on_background=True,
        save_weights_only=False,
    ):
        super().__init__(monitor=monitor, mode=mode)
        monitor_callback.check_save_freq(save_freq)
        if max_to_keep is not None and (
            not isinstance(max_to_keep, int)
            or isinstance(max_to_keep, bool)
            or max_to_keep < 1
        ):
            raise ValueError(
                "`max_to_keep` must be a positive integer or None; "
                f"received max_to_keep={max_to_keep!r}."
            )
        self.directory = os.fspath(directory)
        self.verbose = verbose
        self.save_best_only = save_best_only
        self.save_freq = save_freq
        self.initial_value_threshold = initial_value_threshold
        self.best = initial_value_threshold
        self.max_to_keep = max_to_keep
        self.save_on_background = save_on_background
        self.save_weights_only = save_weights_only
        self._batches_seen_since_last_saving = 0
        # Number of the checkpoint a save after the last batch would write
        # (see the class docstring), and the index of the first batch of
        # the running execution.
        self._step = 0
        self._first_batch = 0
        # Whether `fit()` resumes from the latest checkpoint of `directory`.
        self.auto_resume = False
        self._resumer = training_position.Resumer()
        self._current_epoch = 0
        policies = ocp.v1.training.preservation_policies
        self.checkpointer = ocp.v1.training.Checkpointer(
            self.directory,
            preservation_policy=(
                policies.PreserveAll()
                if max_to_keep is None
                else policies.LatestN(max_to_keep)
            ),
        )

    def is_multihost_enabled(self):
        """Whether this run has several JAX processes."""
        return distribution_lib.num_processes() > 1

    def is_primary_host(self):
        """Whether this process is process 0 (the one that logs)."""
        return distribution_lib.process_id() == 0

    def wait_until_finished(self):
        """Waits until the checkpoint being written in the background, if
        any, is complete."""
        self.checkpointer.wait()

    def on_train_begin(self, logs=None):
        self._batches_seen_since_last_saving = 0
        self._resumer.clear()
        self._step = _batches_applied(self.model.optimizer)
        if self.auto_resume and orbax_util.is_orbax_checkpoint(self.directory):
            self._resume()

    def _resume(self):
        """Loads the latest checkpoint and makes `fit()` continue after
        the position saved with it."""
        # A background write of an earlier `fit()` may still be running.
        self.wait_until_finished()
        step_path, position = orbax_util.load_for_resume(
            self.model, self.directory
        )
        self._step = int(os.path.basename(step_path))
        if position is None:
            warnings.warn(
                f"The Orbax checkpoint '{step_path}' holds no training "
                "position (it was written with `save_weights_only=True` or "
                "by another version): its variables are loaded, and `fit()` "
                "starts at its `initial_epoch`.",
                stacklevel=2,
            )
            return
        model = self.model

        def restore_rest(metrics):
            # The optimizer was loaded with the model's variables.
            if metrics:
                orbax_util.restore_metrics(model, step_path)

        self._resumer.start(model, position, restore_rest)
        self._log(
            f"Resuming from checkpoint {os.path.basename(step_path)}: epoch "
            f"{position['epoch'] + 1}, after batch {position['step']}"
        )

    def on_epoch_begin(self, epoch, logs=None):
        self._current_epoch = epoch

    def on_train_batch_begin(self, batch, logs=None):
        self._first_batch = batch
        self._resumer.on_train_batch_begin(self._current_epoch)

    def on_train_batch_end(self, batch, logs=None):
        self._step += batch - self._first_batch + 1
        if self.save_freq == "epoch":
            return
        self._batches_seen_since_last_saving += 1
        if self._batches_seen_since_last_saving >= self.save_freq:
            self._batches_seen_since_last_saving = 0
            step = self._step
            position = training_position.current_position(
                self.model, self._current_epoch, batch, batch + 1, logs
            )
            self._maybe_save(step, f"Batch {batch + 1}", logs, position)

    def on_epoch_end(self, epoch, logs=None):
        self._resumer.on_epoch_end()
        if self.save_freq == "epoch":
            position = training_position.current_position(
                self.model, epoch + 1, None, 0
            )
            self._maybe_save(epoch, f"Epoch {epoch + 1}", logs, position)

    def on_train_end(self, logs=None):
        self._resumer.clear()
        self.wait_until_finished()

    def _maybe_save(self, step, when, logs, position=None):
        """Saves `step` unless `save_best_only` finds no improvement."""
        if self.save_best_only:
            current = (logs or {}).get(self.monitor)
            if current is None:
                # Nothing to compare with: save rather than lose the step.
                warnings.warn(
                    f"`save_best_only` compares `{self.monitor}`, which the "
                    f"logs lack (they have: {', '.join(logs or {})}); the "
                    "checkpoint is written without comparison.",
                    stacklevel=3,
                )
            elif not self._is_improvement(current, self.best):
                self._log(
                    f"{when}: {self.monitor} did not improve from "
                    f"{float(self.best):.5f}"
                )
                return
            else:
                previous = (
                    "" if self.best is None else f" from {float(self.best):.5f}"
                )
                self._log(
                    f"{when}: {self.monitor} improved{previous} to "
                    f"{float(current):.5f}"
                )
                self.best = current
        self._log(f"{when}: saving checkpoint {step} to {self.directory}")
        self._save_checkpoint(step, logs, position)

    def _log(self, message):
        if self.verbose > 0 and self.is_primary_host():
            io_utils.print_msg(f"\n{message}")

    def _save_checkpoint(self, step, logs=None, position=None):
        """Writes the checkpoint of number `step` (in the background with
        `save_on_background`). The scalar `logs` are recorded as the
        checkpoint's metrics in its Orbax metadata, and the training
        `position` (see `training_position`) in its custom metadata,
        unless the checkpoint holds the weights only."""
        checkpointables, metadata = orbax_util.model_checkpointables(
            self.model, weights_only=self.save_weights_only
        )
        if position is not None and not self.save_weights_only:
            metadata[orbax_util.TRAINING_POSITION_KEY] = position
        metrics = {
            name: float(value)
            for name, value in (logs or {}).items()
            if isinstance(value, numbers.Real)
        }
        save = (
            self.checkpointer.save_checkpointables_async
            if self.save_on_background
            else self.checkpointer.save_checkpointables
        )
        save(
            step,
            checkpointables,
            force=True,
            metrics=metrics,
            custom_metadata=metadata,
        )


def _batches_applied(optimizer):
    """How many batches `optimizer` (or the optimizer it wraps) has been
    applied to: its `iterations`, or with gradient accumulation (where
    `iterations` counts the updates, one per window of batches) the
    variable behind it, which counts every `apply()`."""
    if optimizer is None:
        return 0
    optimizer = getattr(optimizer, "inner_optimizer", optimizer)
    count = getattr(optimizer, "_iterations", optimizer.iterations)
    return int(backend.convert_to_numpy(count))
