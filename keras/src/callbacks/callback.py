"""`Callback`: the base class of objects hooked into `fit`/`evaluate`/..."""

from keras.src.api_export import keras_export


@keras_export("keras.callbacks.Callback")
class Callback:
    """Hooks into the loops of `fit()`, `evaluate()` and `predict()`.

    Subclass `Callback`, override the `on_*` methods you are interested in
    and pass an instance in the `callbacks` list of a loop. Each method is
    a no-op unless overridden.

    Attributes:
        params: Dict describing the loop (`verbose`, `epochs`, `steps`),
            given by the loop via `set_params()`.
        model: The model the loop runs.

    Hooks receive a `logs` dict with the current loss and metric values:
    running epoch averages in the batch hooks, the epoch results (plus
    `val_`-prefixed validation results) in `on_epoch_end`.

    Example:

    ```python
    class StopAboveAccuracy(keras.callbacks.Callback):
        def __init__(self, target):
            super().__init__()
            self.target = target

        def on_epoch_end(self, epoch, logs=None):
            if logs.get("accuracy", 0.0) >= self.target:
                self.model.stop_training = True

    model.fit(x, y, epochs=50, callbacks=[StopAboveAccuracy(0.98)])
    ```
    """

    def __init__(self):
        self._model = None
        self.params = None

    def set_params(self, params):
        """Stores the loop description (`verbose`, `epochs`, `steps`)."""
        self.params = params

    def set_model(self, model):
        """Stores the model that the loop runs."""
        self._model = model

    @property
    def model(self):
        """The model that the loop runs.

        Under JAX, `fit()` keeps the current variable values in its own
        buffers while an epoch runs. Reading this property first copies
        them back into the model's variables (via `jax_state_sync()`, if
        the model defines it), so that `self.model.get_weights()` and
        friends see up-to-date values.
        """
        model = self._model
        if model is not None and hasattr(model, "jax_state_sync"):
            model.jax_state_sync()
        return model

    def on_batch_begin(self, batch, logs=None):
        """Older name of `on_train_batch_begin`, still invoked by it."""

    def on_batch_end(self, batch, logs=None):
        """Older name of `on_train_batch_end`, still invoked by it."""

    def on_epoch_begin(self, epoch, logs=None):
        """Runs when a training epoch starts.

        Args:
            epoch: Zero-based epoch number.
            logs: Dict, empty for this hook.
        """

    def on_epoch_end(self, epoch, logs=None):
        """Runs when a training epoch is over.

        Args:
            epoch: Zero-based epoch number.
            logs: Dict of the epoch's results, e.g.
                `{"loss": 0.41, "val_loss": 0.47}`.
        """

    def on_train_batch_begin(self, batch, logs=None):
        """Runs before each training step of `fit()`.

        Args:
            batch: Zero-based batch number within the epoch.
            logs: Dict, empty for this hook.
        """
        # Old-style subclasses override `on_batch_begin` instead.
        self.on_batch_begin(batch, logs=logs)

    def on_train_batch_end(self, batch, logs=None):
        """Runs after each training step of `fit()`.

        Args:
            batch: Zero-based batch number within the epoch.
            logs: Dict of the running results of the epoch.
        """
        # Old-style subclasses override `on_batch_end` instead.
        self.on_batch_end(batch, logs=logs)

    def on_test_batch_begin(self, batch, logs=None):
        """Runs before each step of `evaluate()` or of validation.

        Args:
            batch: Zero-based batch number.
            logs: Dict, empty for this hook.
        """

    def on_test_batch_end(self, batch, logs=None):
        """Runs after each step of `evaluate()` or of validation.

        Args:
            batch: Zero-based batch number.
            logs: Dict of the running results.
        """

    def on_predict_batch_begin(self, batch, logs=None):
        """Runs before each step of `predict()`.

        Args:
            batch: Zero-based batch number.
            logs: Dict, empty for this hook.
        """

    def on_predict_batch_end(self, batch, logs=None):
        """Runs after each step of `predict()`.

        Args:
            batch: Zero-based batch number.
            logs: Dict holding the step's predictions under `"outputs"`.
        """

    def on_train_begin(self, logs=None):
        """Runs once when `fit()` starts.

        Args:
            logs: Dict, empty for this hook.
        """

    def on_train_end(self, logs=None):
        """Runs once when `fit()` finishes.

        Args:
            logs: Dict with the results of the final epoch, or `None`.
        """

    def on_test_begin(self, logs=None):
        """Runs once when `evaluate()` (or a validation pass) starts.

        Args:
            logs: Dict, empty for this hook.
        """

    def on_test_end(self, logs=None):
        """Runs once when `evaluate()` (or a validation pass) finishes.

        Args:
            logs: Dict of the evaluation results.
        """

    def on_predict_begin(self, logs=None):
        """Runs once when `predict()` starts.

        Args:
            logs: Dict, empty for this hook.
        """

    def on_predict_end(self, logs=None):
        """Runs once when `predict()` finishes.

        Args:
            logs: Dict, empty for this hook.
        """


class DeferredLogs:
    """The logs of one step, still on device (not part of the public API).

    The loops hand these to `CallbackList`, which converts them to a dict
    of Python floats (`value()`, computed once) only for the callbacks
    that read batch logs, so that steps without such a callback do not
    wait for the device.
    """

    __slots__ = ("_raw", "_convert", "_value")

    def __init__(self, raw, convert):
        self._raw = raw
        self._convert = convert
        self._value = None

    def __bool__(self):
        return bool(self._raw)

    def value(self):
        """The logs as a dict of Python floats (converted on first use)."""
        if self._value is None:
            self._value = self._convert(self._raw)
        return self._value
