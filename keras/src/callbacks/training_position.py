"""The position of a running `fit()` in its data, and resuming from it.

Checkpointing callbacks (`BackupAndRestore`, `OrbaxCheckpoint`) store a
training position with the variables they save: a JSON dict with

- `epoch`: the epoch the next batch belongs to;
- `batch`: index of the batch after which it was taken (`None` at the end
  of an epoch);
- `step`: how many batches of `epoch` were trained;
- `logs`: the logs of that batch (floats), which end the epoch when every
  batch of it was trained;
- `shuffle_seed`: the seed of the shuffled order of array data;
- `data_order`: for inputs whose order comes from random number
  generators outside Keras (a shuffling torch `DataLoader`), the state
  of these generators at the start of the pass over the data that the
  next batch belongs to (see the adapter's `order_state()`).

`Resumer` puts a `fit()` that is starting at such a position: the trainer
then leaves out the batches of that epoch already trained.
"""

import warnings


def current_position(model, epoch, batch, step, logs=None):
    """The training position of the `fit()` of `model` after `step`
    batches of `epoch` (`batch` is the index the callbacks saw last, or
    `None` at the end of an epoch), as a JSON-serializable dict."""
    position = {"epoch": epoch, "batch": batch, "step": step}
    if logs:
        position["logs"] = {k: float(v) for k, v in logs.items()}
    adapter = train_data_adapter(model)
    seed = getattr(adapter, "shuffle_seed", None)
    if seed is not None:
        position["shuffle_seed"] = seed
    if hasattr(adapter, "order_state"):
        in_pass = model._train_epoch_iterator.in_pass
        position["data_order"] = adapter.order_state(in_pass)
    return position


def train_data_adapter(model):
    """The data adapter of the running `fit()`, or `None`."""
    iterator = getattr(model, "_train_epoch_iterator", None)
    return getattr(iterator, "data_adapter", None)


def _restore_data_order(adapter, position):
    order = position.get("data_order")
    if not hasattr(adapter, "restore_order_state"):
        return
    if order is None or not adapter.restore_order_state(order):
        warnings.warn(
            "The training position being resumed holds no usable state "
            "of the random number generators that order this input (it "
            "was saved for other data, or by an earlier version): the "
            "resumed epoch may draw its batches in another order than "
            "the interrupted run did.",
            stacklevel=4,
        )


def _warn_if_inexact(epoch_iterator):
    """Warns when the data of `epoch_iterator` cannot be put back where
    an interrupted run left it: the resumed epoch starts from the
    beginning of the data, and leaves out the batches it trained."""
    if epoch_iterator is None:
        return
    if epoch_iterator.data_adapter.reiterable and not (
        epoch_iterator.spans_passes
    ):
        return
    warnings.warn(
        "This input cannot be put back at the batch where the "
        "interrupted run stopped: "
        + (
            "a generator or iterator cannot be rewound,"
            if not epoch_iterator.data_adapter.reiterable
            else "with this `steps_per_epoch` an epoch does not start a "
            "pass over the data,"
        )
        + " so the resumed run reads the data from its start (dropping "
        "as many batches as the interrupted epoch had trained) and may "
        "train other batches than the uninterrupted run would. For an "
        "exact resume, give data that `fit()` iterates anew each epoch "
        "(arrays, a `PyDataset`, a `tf.data.Dataset`, a torch "
        "`DataLoader` or a grain dataset) with `steps_per_epoch` unset "
        "or equal to its number of batches.",
        stacklevel=4,
    )


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
        _restore_data_order(adapter, position)
        if epoch or step:
            _warn_if_inexact(model._train_epoch_iterator)
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
