"""`EpochIterator`: yields the batches of each epoch from a data adapter.

Example:

```python
iterator = EpochIterator(x, y, batch_size=32, shuffle=True)
for epoch in range(epochs):
    for step, batch in iterator.enumerate_epoch():
        ...
```

With `steps_per_epoch` set (and different from the data's number of
batches), the same underlying iterator continues across epochs; re-iterable
inputs (arrays, datasets, `PyDataset`) start over when exhausted, while a
generator that runs out ends the epoch early and sets
`insufficient_data`.
"""

import warnings

from keras.src.trainers import data_adapters


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
        steps_per_execution: Kept for the loops; batches are yielded one
            at a time.
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
        self.insufficient_data = False
        self._current_iterator = None

    @property
    def num_batches(self):
        """Steps per epoch, or `None` if unknown until the data runs out."""
        if self.steps_per_epoch:
            return self.steps_per_epoch
        return self._num_batches

    def reset(self):
        self._current_iterator = None
        self.insufficient_data = False

    def _persistent(self):
        return (
            self.steps_per_epoch is not None
            and self.steps_per_epoch != self._num_batches
        )

    def _new_iterator(self):
        return iter(self.data_adapter.get_numpy_iterator())

    def enumerate_epoch(self, epoch=None):
        """Yields `(step, batch)` for the steps of one epoch.

        Args:
            epoch: Optional index of the epoch. Adapters that shuffle by
                epoch (arrays) then use that epoch's order, so that a
                `fit(initial_epoch=k)` resumed from a checkpoint sees the
                same batches as an uninterrupted run. Ignored when
                `steps_per_epoch` makes epochs span passes over the data.
        """
        set_epoch = getattr(self.data_adapter, "set_epoch", None)
        if epoch is not None and set_epoch is not None:
            if not self._persistent():
                set_epoch(epoch)
        self.data_adapter.on_epoch_begin()
        if not self._persistent() or self._current_iterator is None:
            self._current_iterator = self._new_iterator()
        steps = self.num_batches
        step = 0
        produced_since_reset = 0
        while steps is None or step < steps:
            try:
                batch = next(self._current_iterator)
            except StopIteration:
                if steps is None:
                    if step == 0:
                        self._warn_out_of_data(step)
                    break
                if self.data_adapter.reiterable and produced_since_reset:
                    self.data_adapter.on_epoch_end()
                    self._current_iterator = self._new_iterator()
                    produced_since_reset = 0
                    continue
                self._warn_out_of_data(step)
                break
            produced_since_reset += 1
            yield step, batch
            step += 1
        if not self._persistent():
            self._current_iterator = None
            self.data_adapter.on_epoch_end()

    def _warn_out_of_data(self, step):
        self.insufficient_data = True
        self._current_iterator = None
        expected = self.num_batches
        wanted = "" if expected is None else f" of the {expected} expected"
        warnings.warn(
            f"The input ran out of data after {step} batch(es){wanted} in "
            "this epoch, so training stops here. Make it yield at least "
            "`steps_per_epoch * epochs` batches (e.g. `dataset.repeat()`), "
            "or lower `steps_per_epoch`.",
            stacklevel=2,
        )
