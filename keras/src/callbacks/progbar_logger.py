"""`ProgbarLogger`: prints the progress bars of `fit`/`evaluate`/`predict`."""

from keras.src.api_export import keras_export
from keras.src.callbacks.callback import Callback
from keras.src.callbacks.callback import DeferredLogs
from keras.src.utils import io_utils
from keras.src.utils.progbar import Progbar


@keras_export("keras.callbacks.ProgbarLogger")
class ProgbarLogger(Callback):
    """Shows the progress and the logged values of a loop on stdout.

    The loops of `fit()`, `evaluate()` and `predict()` insert one on their
    own unless `verbose=0`. Its behaviour follows the loop parameters:
    `verbose` (`1` draws a live progress bar, `2` prints a single line per
    epoch, `0` prints nothing), `epochs`, and `steps` (steps per epoch, or
    `None` if not known in advance).

    Logged values are shown exactly as received: the loops already pass
    running averages, so the bar does no averaging of its own.

    Example:

    ```python
    bar = keras.callbacks.ProgbarLogger()
    model.evaluate(x_test, y_test, verbose=0, callbacks=[bar])
    ```
    """

    def __init__(self):
        super().__init__()
        self.epochs = 1
        self.verbose = 1
        self.target = None
        self.progbar = None
        self.seen = 0
        self._called_in_fit = False

    def set_params(self, params):
        super().set_params(params)
        params = params or {}
        verbose = params.get("verbose", 1)
        if verbose == "auto":
            verbose = 1
        self.verbose = verbose
        self.epochs = params.get("epochs", 1)
        self.target = params.get("steps")

    def on_train_begin(self, logs=None):
        # Validation runs inside `fit` must not print their own bars.
        self._called_in_fit = True

    def on_train_end(self, logs=None):
        self._called_in_fit = False

    def on_test_begin(self, logs=None):
        if not self._called_in_fit:
            self._reset_progbar()

    def on_predict_begin(self, logs=None):
        self._reset_progbar()

    def on_epoch_begin(self, epoch, logs=None):
        if self.verbose and self.epochs > 1:
            io_utils.print_msg(f"Epoch {epoch + 1}/{self.epochs}")
        self._reset_progbar()

    def on_train_batch_end(self, batch, logs=None):
        self._update_progbar(batch, logs)

    def on_predict_batch_end(self, batch, logs=None):
        # What `predict()` logs is the batch output, nothing to display.
        self._update_progbar(batch, None)

    def on_test_batch_end(self, batch, logs=None):
        if self._called_in_fit:
            return  # validation inside `fit()` has no bar of its own
        self._update_progbar(batch, logs)

    def on_epoch_end(self, epoch, logs=None):
        self._finalize_progbar(logs)

    def on_predict_end(self, logs=None):
        self._finalize_progbar(None)

    def on_test_end(self, logs=None):
        if self._called_in_fit:
            return
        self._finalize_progbar(logs)

    def _reset_progbar(self):
        # The bar starts timing now, so that its first step (which usually
        # includes compilation) is timed from the start of the loop.
        self.seen = 0
        self.progbar = None
        if self.verbose:
            self._maybe_init_progbar()

    def _maybe_init_progbar(self):
        if self.progbar is None:
            self.progbar = Progbar(
                target=self.target, verbose=self.verbose, unit_name="step"
            )

    def _values(self, logs):
        values = []
        for key, value in (logs or {}).items():
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                values.append((key, value))
        # The loops log running averages: show them as they are.
        self.progbar.stateful_metrics.update(key for key, _ in values)
        return values

    def _update_progbar(self, batch, logs):
        if not self.verbose:
            return
        self._maybe_init_progbar()
        self.seen = batch + 1
        if isinstance(logs, DeferredLogs):
            # Logs still on device: read them only if the bar redraws now.
            logs = logs.value() if self.progbar._would_display() else None
        self.progbar.update(self.seen, self._values(logs), finalize=False)

    def _finalize_progbar(self, logs):
        if not self.verbose:
            return
        self._maybe_init_progbar()
        if self.target is None:
            # Unknown number of steps: use the count seen this epoch, and
            # keep it for the next epochs.
            self.target = self.seen
            self.progbar.target = self.seen
        self.progbar.update(self.target, self._values(logs), finalize=True)
