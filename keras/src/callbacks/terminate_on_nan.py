"""`TerminateOnNaN`: stops training when the loss becomes NaN or inf."""

import math

from keras.src.api_export import keras_export
from keras.src.callbacks.callback import Callback
from keras.src.utils import io_utils


@keras_export("keras.callbacks.TerminateOnNaN")
class TerminateOnNaN(Callback):
    """Callback that terminates training when a NaN loss is encountered.

    After each training batch, if `logs["loss"]` is NaN or infinite, it
    sets `model.stop_training = True`.

    Example:

    ```python
    model.fit(x, y, callbacks=[keras.callbacks.TerminateOnNaN()])
    ```
    """

    def on_train_batch_end(self, batch, logs=None):
        loss = (logs or {}).get("loss")
        if loss is None:
            return
        loss = float(loss)
        if math.isnan(loss) or math.isinf(loss):
            io_utils.print_msg(
                f"Batch {batch}: Invalid loss, terminating training"
            )
            self.model.stop_training = True
