"""`EpochIterator`: yields the batches of each epoch from a data adapter.

Iterating over it (or over `enumerate_epoch()`) runs one epoch and yields
`(begin_step, end_step, batches)` per execution: `batches` is a list of up
to `steps_per_execution` consecutive batches, `begin_step` the index of the
first one and `end_step = begin_step + steps_per_execution - 1`.

Example:

```python
iterator = EpochIterator(x, y, batch_size=32, shuffle=True)
for epoch in range(epochs):
    for begin_step, end_step, batches in iterator:
        for batch in batches:
            ...
```

Epoch boundaries:

- Without `steps_per_epoch`, an epoch is one pass over the data.
- With `steps_per_epoch`, an epoch is `ceil(steps_per_epoch /
  steps_per_execution)` executions, and the same underlying iterator
  continues across epochs. When the data runs out inside an epoch, that
  epoch ends early (with a warning) and the next one starts the data over;
  a generator, which cannot start over, sets `insufficient_data` instead,
  and so does an epoch that gets no batch at all.
"""

import warnings

from keras.src.backend import config
from keras.src.trainers import data_adapters
from keras.src.utils.python_utils import ceil_div
from keras.src.utils.python_utils import read_only


class EpochIterator:
    """Wraps the data adapter of `x` (and `y`, weights) for the loops.

    Args:
        x: The input data, in any form `get_data_adapter` accepts.
        y: Targets, for array-like `x`.
        sample_weight: Per-sample weights, for array-like `x`.
        batch_size: Batch size for array-like `x`.
        steps_per_epoch: Optional number of batches per epoch.
        shuffle: Shuffling mode of array-like `x`.
        class_weight: Optional dict of per-class loss weights.
        steps_per_execution: Number of batches grouped per execution.
    """

    def __init__(
        self,
        x,
        y=None,
        sample_weight=None,
        batch_size=None,
        steps_per_epoch=None,
        shuffle=False,
        class_weight=None,
        steps_per_execution=1,
    ):
        if steps_per_epoch is not None:
            steps_per_epoch = int(steps_per_epoch)
            if steps_per_epoch < 1:
                raise ValueError(
                    "`steps_per_epoch` has to be at least 1 (or `None`); "
                    f"got steps_per_epoch={steps_per_epoch}."
                )
        limit = _config_limit("max_steps_per_epoch")
        if limit is not None and (
            steps_per_epoch is None or steps_per_epoch > limit
        ):
            warnings.warn(
                f"Limiting steps_per_epoch to {limit} (the value of "
                "`keras.config.max_steps_per_epoch()`).",
                stacklevel=2,
            )
            steps_per_epoch = limit
        steps_per_execution = int(steps_per_execution or 1)
        if steps_per_execution < 1:
            raise ValueError(
                "`steps_per_execution` has to be at least 1; got "
                f"steps_per_execution={steps_per_execution}."
            )
        self.steps_per_epoch = steps_per_epoch
        self.steps_per_execution = steps_per_execution
        self.data_adapter = data_adapters.get_data_adapter(
            x,
            y,
            sample_weight,
            batch_size,
            steps_per_epoch,
            shuffle,
            class_weight,
        )
        self._num_batches = self.data_adapter.num_batches
        self._insufficient_data = False
        self._warned = False
        self._current_iterator = None
        # Batches drawn from `_current_iterator` since it was created.
        self._steps_seen = 0

    @property
    def num_batches(self):
        """Batches per epoch, or `None` if unknown until the data runs
        out."""
        if self.steps_per_epoch:
            return self.steps_per_epoch
        return self._num_batches

    insufficient_data = read_only(
        "_insufficient_data",
        "Whether the data ran out for good (training should stop).",
    )

    def reset(self):
        self._current_iterator = None
        self._steps_seen = 0
        self._insufficient_data = False

    def _get_iterator(self):
        """A new iterator over the (NumPy) batches of the data."""
        return self.data_adapter.get_numpy_iterator()

    @property
    def spans_passes(self):
        """Whether an epoch may stop inside a pass over the data, the next
        one continuing it (`steps_per_epoch` given and not the number of
        batches of the data)."""
        return (
            self.steps_per_epoch is not None
            and self.steps_per_epoch != self._num_batches
        )

    @property
    def in_pass(self):
        """Whether a pass over the data is under way (the next batch
        continues it rather than starting the data over)."""
        return self._current_iterator is not None

    def __iter__(self):
        return self.enumerate_epoch()

    def enumerate_epoch(self, epoch=None, skip=0):
        """Runs one epoch: yields `(begin_step, end_step, batches)`.

        Args:
            epoch: Optional index of the epoch. Adapters that shuffle by
                epoch (arrays) then use that epoch's order, so that a
                `fit(initial_epoch=k)` resumed from a checkpoint sees the
                same batches as an uninterrupted run. Ignored when
                `steps_per_epoch` makes epochs span passes over the data.
            skip: Number of batches at the start of the epoch to draw and
                drop (a run resumed in the middle of an epoch); the steps
                yielded are numbered from `skip`.
        """
        set_epoch = getattr(self.data_adapter, "set_epoch", None)
        if epoch is not None and set_epoch is not None:
            if not self.spans_passes:
                set_epoch(epoch)
        self.data_adapter.on_epoch_begin()
        if not self.spans_passes or self._current_iterator is None:
            self._new_iterator()
        per_execution = self.steps_per_execution
        steps = self.num_batches
        skip = int(skip or 0)
        if steps is not None:
            skip = min(skip, steps)
        dropped = 0
        while dropped < skip:
            if (
                self._num_batches is not None
                and self._steps_seen >= self._num_batches
            ):
                break
            try:
                next(self._current_iterator)
            except StopIteration:
                break
            self._steps_seen += 1
            dropped += 1
        remaining = None if steps is None else steps - dropped
        executions = (
            None if remaining is None else ceil_div(remaining, per_execution)
        )
        execution = 0
        produced = dropped
        ran_out = False
        while executions is None or execution < executions:
            if (
                self._num_batches is not None
                and self._steps_seen >= self._num_batches
            ):
                ran_out = True
                break
            batches = []
            while len(batches) < per_execution:
                if (
                    self._num_batches is not None
                    and self._steps_seen >= self._num_batches
                ):
                    break
                try:
                    batch = next(self._current_iterator)
                except StopIteration:
                    ran_out = True
                    break
                self._steps_seen += 1
                batches.append(batch)
            if (
                not batches
                and ran_out
                and produced == 0
                and self._steps_seen > 0
                and self.data_adapter.reiterable
            ):
                # The data ended exactly at the previous epoch's end:
                # start it over for this epoch.
                self._new_iterator()
                ran_out = False
                continue
            if batches:
                begin = dropped + execution * per_execution
                produced += len(batches)
                yield begin, begin + per_execution - 1, batches
            execution += 1
            if ran_out:
                break
        if (
            ran_out
            or not self.spans_passes
            or (
                self._num_batches is not None
                and self._steps_seen >= self._num_batches
            )
        ):
            # The next epoch starts the data over.
            self._current_iterator = None
        if produced == 0:
            self._out_of_data(fatal=True)
        elif ran_out and steps is not None:
            self._out_of_data(fatal=not self.data_adapter.reiterable)
        self.data_adapter.on_epoch_end()

    def _new_iterator(self):
        self._current_iterator = iter(self._get_iterator())
        self._steps_seen = 0

    def _out_of_data(self, fatal):
        if fatal:
            self._insufficient_data = True
        if self._warned:
            return
        self._warned = True
        expected = self.num_batches
        wanted = "" if expected is None else f" (an epoch asks for {expected})"
        warnings.warn(
            "Your input ran out of data before the end of this epoch"
            f"{wanted}. "
            + (
                "Training stops here: make the input yield at least "
                "`steps_per_epoch * epochs` batches (e.g. with "
                "`dataset.repeat()`), or lower `steps_per_epoch`."
                if fatal
                else "The next epoch starts the data over; set "
                "`steps_per_epoch` to the number of batches of the data "
                "to avoid short epochs."
            ),
            stacklevel=2,
        )


def _config_limit(name):
    """`keras.config.<name>()` if this build has that setting, else
    `None`."""
    getter = getattr(config, name, None)
    if getter is None:
        return None
    return getter()
