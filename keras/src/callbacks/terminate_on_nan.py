"""`TerminateOnNaN`: stops training when the loss becomes NaN or inf."""

import math

from keras.src.api_export import keras_export
from keras.src.callbacks.callback import Callback
from keras.src.utils import io_utils


@keras_export("keras.callbacks.TerminateOnNaN")
class TerminateOnNaN(Callback):
    """Stops `fit()` as soon as the training loss stops being finite.

    The loss logged after each training batch is checked; a NaN or an
    infinity prints a message and sets `model.stop_training = True`, so
    training ends after the current batch.

    Example:

    ```python
    guard = keras.callbacks.TerminateOnNaN()
    model.fit(x, y, epochs=100, callbacks=[guard])
    ```
    """

    def on_train_batch_end(self, batch, logs=None):
        loss = (logs or {}).get("loss")
        if loss is None:
            return
        loss = float(loss)
        if math.isnan(loss) or math.isinf(loss):
            io_utils.print_msg(
                f"Batch {batch}: loss is {loss}, stopping the training."
            )
            self.model.stop_training = True
