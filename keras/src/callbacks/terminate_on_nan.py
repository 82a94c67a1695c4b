"""`TerminateOnNaN`: stops training when the loss becomes NaN or inf."""

import math

from keras.src.api_export import keras_export
from keras.src.callbacks.callback import Callback
from keras.src.utils import io_utils


@keras_export("keras.callbacks.TerminateOnNaN")
class TerminateOnNaN(Callback):
    """Stops `fit()` as soon as the training loss stops being finite.

    The loss logged after each training batch is checked. On a NaN or an
    infinity, by default a message is printed and `model.stop_training` is
    set, so training ends normally after the current batch (the other
    callbacks' `on_train_end` run). With `raise_error=True`, a
    `RuntimeError` is raised instead, which ends `fit()` at once, without
    `on_train_end` (so that, e.g., `BackupAndRestore` keeps its backup).

    Args:
        raise_error: Whether to raise a `RuntimeError` rather than stop
            gracefully. Defaults to `False`.

    Example:

    ```python
    guard = keras.callbacks.TerminateOnNaN()
    model.fit(x, y, epochs=100, callbacks=[guard])
    ```
    """

    def __init__(self, raise_error=False):
        super().__init__()
        self.raise_error = raise_error

    def on_train_batch_end(self, batch, logs=None):
        loss = (logs or {}).get("loss")
        if loss is None:
            return
        loss = float(loss)
        if math.isnan(loss) or math.isinf(loss):
            if self.raise_error:
                raise RuntimeError(
                    f"NaN or Inf loss encountered at batch {batch} "
                    f"(loss={loss}); training stopped by TerminateOnNaN."
                )
            io_utils.print_msg(
                f"Batch {batch}: loss is {loss}, stopping the training."
            )
            self.model.stop_training = True
