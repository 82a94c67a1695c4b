"""`CallbackList`: a container that forwards the loop hooks to callbacks."""

import numpy as np

from keras.src.api_export import keras_export
from keras.src.callbacks.callback import Callback
from keras.src.callbacks.callback import DeferredLogs
from keras.src.callbacks.history import History
from keras.src.callbacks.progbar_logger import ProgbarLogger


@keras_export("keras.callbacks.CallbackList")
class CallbackList(Callback):
    """Container abstracting a list of callbacks.

    The training loops call the hooks of a `CallbackList`, which calls the
    same hook on each of its callbacks, in order. Scalar tensors in `logs`
    are converted to Python floats first, so that callbacks see plain
    numbers.

    Args:
        callbacks: List of `Callback` instances (or a single one, or
            `None`).
        add_history: Whether to append a `History` callback if the list
            does not contain one already.
        add_progbar: Whether to append a `ProgbarLogger` callback if the
            list does not contain one already.
        model: The `Model` these callbacks act on, if known.
        **params: Loop parameters (`verbose`, `epochs`, `steps`), passed to
            `set_params()` of every callback.

    Example:

    ```python
    callbacks = keras.callbacks.CallbackList(
        [keras.callbacks.EarlyStopping(patience=2)],
        add_history=True,
        model=model,
        verbose=0,
        epochs=10,
        steps=100,
    )
    callbacks.on_train_begin()
    ```
    """

    def __init__(
        self,
        callbacks=None,
        add_history=False,
        add_progbar=False,
        model=None,
        **params,
    ):
        super().__init__()
        if callbacks is None:
            callbacks = []
        elif isinstance(callbacks, Callback):
            callbacks = [callbacks]
        self.callbacks = list(callbacks)
        for callback in self.callbacks:
            if not isinstance(callback, Callback):
                raise TypeError(
                    "All callbacks must be instances of "
                    "`keras.callbacks.Callback`; received "
                    f"{callback!r} of type {type(callback)}."
                )
        self._history = None
        self._progbar = None
        self._add_default_callbacks(add_history, add_progbar)
        if model is not None:
            self.set_model(model)
        if params:
            self.set_params(params)

    def _add_default_callbacks(self, add_history, add_progbar):
        for callback in self.callbacks:
            if isinstance(callback, ProgbarLogger):
                self._progbar = callback
            elif isinstance(callback, History):
                self._history = callback
        if self._progbar is None and add_progbar:
            self._progbar = ProgbarLogger()
            self.callbacks.append(self._progbar)
        if self._history is None and add_history:
            self._history = History()
            self.callbacks.append(self._history)

    def append(self, callback):
        """Appends `callback` to the list."""
        self.callbacks.append(callback)

    def __iter__(self):
        return iter(self.callbacks)

    def __len__(self):
        return len(self.callbacks)

    def set_params(self, params):
        self.params = params
        for callback in self.callbacks:
            callback.set_params(params)

    def set_model(self, model):
        super().set_model(model)
        for callback in self.callbacks:
            callback.set_model(model)

    def _call(self, hook, *args, logs=None):
        if isinstance(logs, DeferredLogs):
            self._call_deferred(hook, *args, logs=logs)
            return
        logs = _pythonify_logs(logs)
        for callback in self.callbacks:
            # Positional `logs`, as user hooks may name it differently.
            getattr(callback, hook)(*args, logs)

    def active_hook(self, hook):
        """The bound method `hook` (a hook name such as
        `"on_train_batch_end"`), or `None` when calling it would do
        nothing: this is a plain `CallbackList` and none of its callbacks
        overrides the hook. Training loops skip such hooks, which saves
        host time on every step."""
        if type(self) is CallbackList and not any(
            _implements(callback, hook) for callback in self.callbacks
        ):
            return None
        return getattr(self, hook)

    def _call_deferred(self, hook, *args, logs):
        """Calls a batch hook with logs still on device: converted (once)
        to Python floats only for the callbacks that implement the hook;
        the built-in `ProgbarLogger` converts them itself when it redraws.
        Callbacks that do not implement it are skipped (no-op hooks)."""
        for callback in self.callbacks:
            method = getattr(callback, hook)
            func = getattr(method, "__func__", None)
            if func is not None and func is getattr(ProgbarLogger, hook, None):
                method(*args, logs)
            elif _implements(callback, hook):
                method(*args, logs.value())

    # Batch-level hooks.

    def on_batch_begin(self, batch, logs=None):
        self.on_train_batch_begin(batch, logs=logs)

    def on_batch_end(self, batch, logs=None):
        self.on_train_batch_end(batch, logs=logs)

    def on_train_batch_begin(self, batch, logs=None):
        self._call("on_train_batch_begin", batch, logs=logs)

    def on_train_batch_end(self, batch, logs=None):
        self._call("on_train_batch_end", batch, logs=logs)

    def on_test_batch_begin(self, batch, logs=None):
        self._call("on_test_batch_begin", batch, logs=logs)

    def on_test_batch_end(self, batch, logs=None):
        self._call("on_test_batch_end", batch, logs=logs)

    def on_predict_batch_begin(self, batch, logs=None):
        self._call("on_predict_batch_begin", batch, logs=logs)

    def on_predict_batch_end(self, batch, logs=None):
        self._call("on_predict_batch_end", batch, logs=logs)

    # Epoch-level hooks.

    def on_epoch_begin(self, epoch, logs=None):
        self._call("on_epoch_begin", epoch, logs=logs)

    def on_epoch_end(self, epoch, logs=None):
        self._call("on_epoch_end", epoch, logs=logs)

    # Loop-level hooks.

    def on_train_begin(self, logs=None):
        self._call("on_train_begin", logs=logs)

    def on_train_end(self, logs=None):
        self._call("on_train_end", logs=logs)

    def on_test_begin(self, logs=None):
        self._call("on_test_begin", logs=logs)

    def on_test_end(self, logs=None):
        self._call("on_test_end", logs=logs)

    def on_predict_begin(self, logs=None):
        self._call("on_predict_begin", logs=logs)

    def on_predict_end(self, logs=None):
        self._call("on_predict_end", logs=logs)


# Hooks whose base implementation forwards to another hook.
_HOOK_ALIASES = {
    "on_train_batch_begin": ("on_batch_begin",),
    "on_train_batch_end": ("on_batch_end",),
}


def _implements(callback, hook):
    """Whether `callback` overrides `hook` (or a hook it forwards to) of
    the base `Callback`."""
    for name in (hook,) + _HOOK_ALIASES.get(hook, ()):
        method = getattr(callback, name, None)
        if method is None:
            continue
        if getattr(method, "__func__", None) is not getattr(Callback, name):
            return True
    return False


def _pythonify_logs(logs):
    """Converts scalar tensors in `logs` to Python floats (in place)."""
    if not isinstance(logs, dict):
        return logs
    for key, value in list(logs.items()):
        if key == "outputs":
            # Batch outputs of `predict`, left as they are.
            continue
        if isinstance(value, dict):
            _pythonify_logs(value)
        elif isinstance(value, (int, float, str, bool)) or value is None:
            continue
        elif hasattr(value, "shape") and hasattr(value, "dtype"):
            if tuple(value.shape) in ((), (1,)):
                array = np.asarray(value)
                if array.dtype.kind in "biuf":
                    logs[key] = float(array.reshape(()))
    return logs
