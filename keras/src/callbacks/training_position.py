"""The position of a running `fit()` in its data, and resuming from it.

Checkpointing callbacks (`BackupAndRestore`, `OrbaxCheckpoint`) store a
training position with the variables they save: a JSON dict with

- `epoch`: the epoch the next batch belongs to;
- `batch`: index of the batch after which it was taken (`None` at the end
  of an epoch);
- `step`: how many batches of `epoch` were trained;
- `logs`: the logs of that batch (floats), which end the epoch when every
  batch of it was trained;
- `shuffle_seed`: the seed of the shuffled order of array data.

`Resumer` puts a `fit()` that is starting at such a position: the trainer
then leaves out the batches of that epoch already trained.
"""


def current_position(model, epoch, batch, step, logs=None):
    """The training position of the `fit()` of `model` after `step`
    batches of `epoch` (`batch` is the index the callbacks saw last, or
    `None` at the end of an epoch), as a JSON-serializable dict."""
    position = {"epoch": epoch, "batch": batch, "step": step}
    if logs:
        position["logs"] = {k: float(v) for k, v in logs.items()}
    seed = getattr(train_data_adapter(model), "shuffle_seed", None)
    if seed is not None:
        position["shuffle_seed"] = seed
    return position


def train_data_adapter(model):
    """The data adapter of the running `fit()`, or `None`."""
    iterator = getattr(model, "_train_epoch_iterator", None)
    return getattr(iterator, "data_adapter", None)


class Resumer:
    """Resumes a starting `fit()` from a saved training position.

    A callback calls `start()` from its `on_train_begin`, once the model's
    variables hold the saved values, and `on_train_batch_begin()` and
    `on_epoch_end()` from its hooks of these names. The rest of the saved
    state (optimizer and metrics: the trainer builds them only when the
    first batch runs) is restored by a function of the callback, called
    once: when the first batch begins, or at the end of the resumed epoch
    if no batch of it was left to train.
    """

    def __init__(self):
        self._pending = None

    def start(self, model, position, restore_rest):
        """Makes the `fit()` of `model` continue after `position`.

        `restore_rest(metrics)` restores the optimizer's state, and the
        metrics' too if `metrics` (only the partial results of the
        resumed epoch are worth restoring: at an epoch's start the
        metrics start over)."""
        epoch, step = position["epoch"], position.get("step", 0)
        model._initial_epoch = epoch
        model._initial_step = step
        # Used when every batch of the epoch was trained already.
        model._resume_logs = position.get("logs")
        adapter = train_data_adapter(model)
        seed = position.get("shuffle_seed")
        if seed is not None and hasattr(adapter, "shuffle_seed"):
            adapter.shuffle_seed = seed
        self._pending = (epoch, bool(step), restore_rest)

    def clear(self):
        self._pending = None

    def on_train_batch_begin(self, epoch):
        """At the start of a batch of `epoch`."""
        self._restore_rest(epoch)

    def on_epoch_end(self):
        # Still pending if the epoch had no batch left to train; its logs
        # come from the position, the metrics are not needed.
        self._restore_rest(None)

    def _restore_rest(self, epoch):
        pending, self._pending = self._pending, None
        if pending is None:
            return
        resumed_epoch, mid_epoch, restore_rest = pending
        restore_rest(mid_epoch and epoch == resumed_epoch)
