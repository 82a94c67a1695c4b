"""`LambdaCallback`: a callback built from plain functions."""

from keras.src.api_export import keras_export
from keras.src.callbacks.callback import Callback


@keras_export("keras.callbacks.LambdaCallback")
class LambdaCallback(Callback):
    """Builds a callback out of plain functions, without subclassing.

    Every argument is an optional function run at the hook of the same
    name, with that hook's positional arguments:

    - `on_epoch_begin(epoch, logs)` and `on_epoch_end(epoch, logs)`,
    - `on_train_begin(logs)` and `on_train_end(logs)`,
    - `on_train_batch_begin(batch, logs)` and
      `on_train_batch_end(batch, logs)`.

    Functions for the remaining hooks of `keras.callbacks.Callback` (say
    `on_test_end` or `on_predict_batch_begin`) are passed by keyword too;
    an unknown hook name raises a `ValueError`.

    Args:
        on_epoch_begin: Function run when each epoch starts.
        on_epoch_end: Function run when each epoch ends.
        on_train_begin: Function run once before training.
        on_train_end: Function run once after training.
        on_train_batch_begin: Function run before each training batch.
        on_train_batch_end: Function run after each training batch.
        **kwargs: Functions for other hooks, keyed by hook name (any
            other name is simply set as an attribute).

    Example:

    ```python
    timings = {}
    stopwatch = keras.callbacks.LambdaCallback(
        on_train_begin=lambda logs: timings.update(start=time.time()),
        on_train_end=lambda logs: timings.update(end=time.time()),
    )
    log_file = open("val_loss.txt", "w")
    writer = keras.callbacks.LambdaCallback(
        on_epoch_end=lambda epoch, logs: log_file.write(
            f"{epoch} {logs['val_loss']}\n"
        ),
        on_train_end=lambda logs: log_file.close(),
    )
    model.fit(x, y, validation_split=0.2, callbacks=[stopwatch, writer])
    ```
    """

    def __init__(
        self,
        on_epoch_begin=None,
        on_epoch_end=None,
        on_train_begin=None,
        on_train_end=None,
        on_train_batch_begin=None,
        on_train_batch_end=None,
        **kwargs,
    ):
        Callback.__init__(self)
        # Other keyword arguments become attributes too (e.g. helpers
        # called by the hooks); only the `on_*` hook names are called by
        # the training loops.
        kwargs.update(
            on_train_begin=on_train_begin,
            on_train_end=on_train_end,
            on_epoch_begin=on_epoch_begin,
            on_epoch_end=on_epoch_end,
            on_train_batch_begin=on_train_batch_begin,
            on_train_batch_end=on_train_batch_end,
        )
        for hook, function in kwargs.items():
            # Set on the instance, the function hides the no-op method.
            if function is not None:
                setattr(self, hook, function)
