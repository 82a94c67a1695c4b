"""`Callback`: the base class of objects hooked into `fit`/`evaluate`/..."""

from keras.src.api_export import keras_export


@keras_export("keras.callbacks.Callback")
class Callback:
    """Base class used to build new callbacks.

    Callbacks can be passed to `fit()`, `evaluate()` and `predict()` to hook
    into the various stages of the model loops. Subclass `Callback` and
    override the hooks you need; every hook does nothing by default.

    Attributes:
        params: Dict of training parameters (e.g. `verbose`, `epochs`,
            `steps`), set by the loop through `set_params()`.
        model: The model being trained, evaluated or used for prediction.

    The `logs` dictionary passed to the hooks holds the current values of
    the losses and metrics (running averages over the epoch in batch-level
    hooks, epoch averages in `on_epoch_end`, with the validation metrics
    prefixed by `val_`).

    Example:

    ```python
    class PrintLoss(keras.callbacks.Callback):
        def on_epoch_end(self, epoch, logs=None):
            print(f"epoch {epoch}: loss={logs['loss']:.4f}")

    model.fit(x, y, epochs=3, callbacks=[PrintLoss()])
    ```
    """

    def __init__(self):
        self.params = None
        self._model = None

    def set_params(self, params):
        """Sets the parameters of the loop (`verbose`, `epochs`, `steps`)."""
        self.params = params

    def set_model(self, model):
        """Sets the model the callback acts on."""
        self._model = model

    @property
    def model(self):
        """The model the callback acts on.

        With JAX, the training loop keeps the model state in its own
        buffers during an epoch; accessing the model through this property
        first writes that state back into the model variables (through the
        model's `jax_state_sync()`, when it has one), so that e.g.
        `self.model.get_weights()` returns the current values.
        """
        model = self._model
        if model is not None and hasattr(model, "jax_state_sync"):
            model.jax_state_sync()
        return model

    def on_batch_begin(self, batch, logs=None):
        """A backwards-compatible alias for `on_train_batch_begin`."""

    def on_batch_end(self, batch, logs=None):
        """A backwards-compatible alias for `on_train_batch_end`."""

    def on_epoch_begin(self, epoch, logs=None):
        """Called at the start of an epoch (training only).

        Args:
            epoch: Integer, index of the epoch (0-based).
            logs: Dict. Currently no data is passed to this argument.
        """

    def on_epoch_end(self, epoch, logs=None):
        """Called at the end of an epoch (training only).

        Args:
            epoch: Integer, index of the epoch (0-based).
            logs: Dict of metric results for this epoch, e.g.
                `{"loss": 0.2, "val_loss": 0.3}`.
        """

    def on_train_batch_begin(self, batch, logs=None):
        """Called at the beginning of a training batch in `fit`.

        Args:
            batch: Integer, index of the batch within the epoch.
            logs: Dict. Currently no data is passed to this argument.
        """
        # For backwards compatibility.
        self.on_batch_begin(batch, logs=logs)

    def on_train_batch_end(self, batch, logs=None):
        """Called at the end of a training batch in `fit`.

        Args:
            batch: Integer, index of the batch within the epoch.
            logs: Dict of the metric results so far in the epoch.
        """
        # For backwards compatibility.
        self.on_batch_end(batch, logs=logs)

    def on_test_batch_begin(self, batch, logs=None):
        """Called at the beginning of a batch in `evaluate` (or validation).

        Args:
            batch: Integer, index of the batch.
            logs: Dict. Currently no data is passed to this argument.
        """

    def on_test_batch_end(self, batch, logs=None):
        """Called at the end of a batch in `evaluate` (or validation).

        Args:
            batch: Integer, index of the batch.
            logs: Dict of the metric results so far.
        """

    def on_predict_batch_begin(self, batch, logs=None):
        """Called at the beginning of a batch in `predict`.

        Args:
            batch: Integer, index of the batch.
            logs: Dict. Currently no data is passed to this argument.
        """

    def on_predict_batch_end(self, batch, logs=None):
        """Called at the end of a batch in `predict`.

        Args:
            batch: Integer, index of the batch.
            logs: Dict with the batch outputs under `"outputs"`.
        """

    def on_train_begin(self, logs=None):
        """Called at the beginning of training.

        Args:
            logs: Dict. Currently no data is passed to this argument.
        """

    def on_train_end(self, logs=None):
        """Called at the end of training.

        Args:
            logs: Dict. The last epoch's results (or `None`).
        """

    def on_test_begin(self, logs=None):
        """Called at the beginning of evaluation or validation.

        Args:
            logs: Dict. Currently no data is passed to this argument.
        """

    def on_test_end(self, logs=None):
        """Called at the end of evaluation or validation.

        Args:
            logs: Dict of the evaluation results.
        """

    def on_predict_begin(self, logs=None):
        """Called at the beginning of prediction.

        Args:
            logs: Dict. Currently no data is passed to this argument.
        """

    def on_predict_end(self, logs=None):
        """Called at the end of prediction.

        Args:
            logs: Dict. Currently no data is passed to this argument.
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
