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
    """Learning rate scheduler.

    At the beginning of every epoch, this callback calls `schedule` with
    the current epoch index (0-based) and the current learning rate, and
    sets the returned value as the learning rate of the model's optimizer
    (`model.optimizer.learning_rate`). The learning rate of each epoch is
    also added to the epoch logs as `"learning_rate"`.

    Args:
        schedule: A function taking the epoch index (integer, 0-based) and
            the current learning rate (float) and returning the new learning
            rate (float). A function taking only the epoch index is also
            accepted.
        verbose: `0` (quiet) or `1` (print a message at each update).

    Example:

    ```python
    # Keep the initial learning rate for 10 epochs, then decay it
    # exponentially.
    def scheduler(epoch, lr):
        if epoch < 10:
            return lr
        return lr * math.exp(-0.1)

    callback = keras.callbacks.LearningRateScheduler(scheduler)
    model.fit(x, y, epochs=15, callbacks=[callback])
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
        current = _get_learning_rate(optimizer)
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
        optimizer.learning_rate = float(learning_rate)
        if self.verbose > 0:
            io_utils.print_msg(
                f"\nEpoch {epoch + 1}: LearningRateScheduler setting learning "
                f"rate to {float(learning_rate)}."
            )

    def on_epoch_end(self, epoch, logs=None):
        if logs is not None:
            logs["learning_rate"] = _get_learning_rate(self.model.optimizer)
