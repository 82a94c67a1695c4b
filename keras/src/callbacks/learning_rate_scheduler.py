"""`LearningRateScheduler`: sets the learning rate at each epoch."""

import numpy as np

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.callbacks.callback import Callback
from keras.src.utils import io_utils


def _get_learning_rate(optimizer):
    value = optimizer.learning_rate
    if callable(value) and not hasattr(value, "dtype"):
        # A schedule: evaluate it at the current iteration.
        value = value(optimizer.iterations)
    return float(np.asarray(ops.convert_to_numpy(value)).reshape(()))


@keras_export("keras.callbacks.LearningRateScheduler")
class LearningRateScheduler(Callback):
    """Sets the optimizer's learning rate from a function of the epoch.

    When each epoch starts, `schedule(epoch, lr)` is called with the
    zero-based epoch number and the learning rate currently in use, and
    its result becomes `model.optimizer.learning_rate`. The rate used for
    the epoch is also written to the epoch logs under `"learning_rate"`.

    Args:
        schedule: Function `(epoch, lr) -> new_lr` with an int epoch and
            float rates; a one-argument function `epoch -> new_lr` works
            as well.
        verbose: `0` (silent) or `1` (print the rate set at each epoch).

    Example:

    ```python
    # Step decay: divide the rate by 4 at epochs 30 and 60.
    def step_decay(epoch, lr):
        return lr / 4 if epoch in (30, 60) else lr

    scheduler = keras.callbacks.LearningRateScheduler(step_decay, verbose=1)
    model.fit(x, y, epochs=90, callbacks=[scheduler])
    ```
    """

    def __init__(self, schedule, verbose=0):
        super().__init__()
        self.schedule = schedule
        self.verbose = verbose

    def on_epoch_begin(self, epoch, logs=None):
        optimizer = getattr(self.model, "optimizer", None)
        if optimizer is None or not hasattr(optimizer, "learning_rate"):
            raise ValueError(
                'The optimizer must have a "learning_rate" attribute to use '
                "`LearningRateScheduler`."
            )
        # A `MultiOptimizer` schedules each of its sub-optimizers.
        for target in getattr(optimizer, "optimizers", None) or [optimizer]:
            learning_rate = self._scheduled(epoch, _get_learning_rate(target))
            target.learning_rate = learning_rate
            if self.verbose > 0:
                io_utils.print_msg(
                    f"\nEpoch {epoch + 1}: LearningRateScheduler setting "
                    f"learning rate to {learning_rate}."
                )

    def _scheduled(self, epoch, current):
        try:
            learning_rate = self.schedule(epoch, current)
        except TypeError:
            # A schedule taking only the epoch index.
            learning_rate = self.schedule(epoch)
        if hasattr(learning_rate, "shape") and tuple(learning_rate.shape) in (
            (),
            (1,),
        ):
            learning_rate = float(np.asarray(learning_rate).reshape(()))
        if not isinstance(learning_rate, (float, int, np.floating)):
            raise ValueError(
                "The output of the `schedule` function should be a float. "
                f"Received: {learning_rate} of type {type(learning_rate)}."
            )
        return float(learning_rate)

    def on_epoch_end(self, epoch, logs=None):
        if logs is not None:
            logs["learning_rate"] = _get_learning_rate(self.model.optimizer)
