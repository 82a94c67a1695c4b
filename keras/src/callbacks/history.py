"""`History`: records the epoch results of `fit`."""

from keras.src.api_export import keras_export
from keras.src.callbacks.callback import Callback


@keras_export("keras.callbacks.History")
class History(Callback):
    """Keeps the per-epoch results of `fit()`.

    Every `fit()` call adds a `History` to its callbacks, stores it as
    `model.history` and returns it.

    Attributes:
        history: Dict mapping each metric name (e.g. `"loss"`,
            `"val_loss"`) to the list of its values, one per epoch.
        epoch: List of the indices (0-based) of the epochs recorded.

    Example:

    ```python
    run = model.fit(x, y, validation_split=0.2, epochs=5)
    best_epoch = min(run.epoch, key=lambda e: run.history["val_loss"][e])
    ```
    """

    def __init__(self):
        super().__init__()
        self.history = {}
        self.epoch = []

    def on_train_begin(self, logs=None):
        self.epoch = []
        if self._model is not None:
            self._model.history = self

    def on_epoch_end(self, epoch, logs=None):
        logs = logs or {}
        self.epoch.append(epoch)
        for key, value in logs.items():
            self.history.setdefault(key, []).append(value)
        # Set it again after each epoch so that the model always refers to
        # the latest (possibly interrupted) run.
        if self._model is not None:
            self._model.history = self
