"""`LambdaCallback`: a callback built from plain functions."""

from keras.src.api_export import keras_export
from keras.src.callbacks.callback import Callback

_HOOKS = frozenset(
    name
    for name in dir(Callback)
    if name.startswith("on_") and callable(getattr(Callback, name))
)


@keras_export("keras.callbacks.LambdaCallback")
class LambdaCallback(Callback):
    """Callback for creating simple, custom callbacks on-the-fly.

    Each argument is a function called at the matching stage of the loop,
    with the same positional arguments as the `Callback` hook:

    - `on_epoch_begin` and `on_epoch_end`: `epoch`, `logs`.
    - `on_train_begin` and `on_train_end`: `logs`.
    - `on_train_batch_begin` and `on_train_batch_end`: `batch`, `logs`.

    Any other hook (e.g. `on_test_begin`, `on_predict_batch_end`) can be
    given as a keyword argument.

    Args:
        on_epoch_begin: Called at the beginning of every epoch.
        on_epoch_end: Called at the end of every epoch.
        on_train_begin: Called at the beginning of model training.
        on_train_end: Called at the end of model training.
        on_train_batch_begin: Called at the beginning of every train batch.
        on_train_batch_end: Called at the end of every train batch.
        **kwargs: Functions for any other `Callback` hook, by hook name.

    Example:

    ```python
    # Print the batch number at the beginning of every batch.
    batch_print_callback = keras.callbacks.LambdaCallback(
        on_train_batch_begin=lambda batch, logs: print(batch)
    )
    # Collect the loss of every epoch.
    losses = []
    loss_callback = keras.callbacks.LambdaCallback(
        on_epoch_end=lambda epoch, logs: losses.append(logs["loss"])
    )
    model.fit(x, y, callbacks=[batch_print_callback, loss_callback])
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
        super().__init__()
        for name in kwargs:
            if name not in _HOOKS:
                raise ValueError(
                    f"Unrecognized callback hook for LambdaCallback: "
                    f"'{name}'. Valid hooks are: {', '.join(sorted(_HOOKS))}"
                )
        hooks = dict(
            on_epoch_begin=on_epoch_begin,
            on_epoch_end=on_epoch_end,
            on_train_begin=on_train_begin,
            on_train_end=on_train_end,
            on_train_batch_begin=on_train_batch_begin,
            on_train_batch_end=on_train_batch_end,
            **kwargs,
        )
        for name, function in hooks.items():
            if function is not None:
                # An instance attribute shadows the no-op method.
                setattr(self, name, function)
