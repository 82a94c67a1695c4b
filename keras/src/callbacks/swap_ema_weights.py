"""`SwapEMAWeights`: evaluate (and save) with the moving averages."""

from keras.src.api_export import keras_export
from keras.src.callbacks.callback import Callback


@keras_export("keras.callbacks.SwapEMAWeights")
class SwapEMAWeights(Callback):
    """Uses the optimizer's moving averages of the weights for evaluation.

    With `use_ema=True`, an optimizer keeps exponential moving averages
    (EMA) of the trainable variables; they often generalize better than
    the raw weights, and `fit()` ends by copying them into the model. This
    callback swaps them in for the validation done during `fit()`, so that
    the reported validation metrics are those of the averaged model, and
    swaps the trained weights back afterwards.

    With `swap_on_epoch=True`, the averages are also swapped in at the end
    of each epoch, for the callbacks that come after this one (e.g.
    `ModelCheckpoint` then saves the averaged model), and the trained
    weights come back at the start of the next epoch.

    Args:
        swap_on_epoch: Whether to also swap the averages in at the end of
            each epoch. Defaults to `False`.

    Example:

    ```python
    model.compile(optimizer=keras.optimizers.SGD(use_ema=True), loss="mse")
    model.fit(
        x, y, validation_data=(x_val, y_val), epochs=10,
        callbacks=[
            keras.callbacks.SwapEMAWeights(swap_on_epoch=True),
            keras.callbacks.ModelCheckpoint("ckpt/{epoch}.keras"),
        ],
    )
    ```
    """

    def __init__(self, swap_on_epoch=False):
        super().__init__()
        self.swap_on_epoch = swap_on_epoch
        # The trained values while the averages are swapped in at the end
        # of an epoch.
        self._stash = None
        self._swapped_for_test = False

    def _ema_optimizers(self):
        """The optimizers holding moving averages (the sub-optimizers of a
        `MultiOptimizer`, the inner one of a `LossScaleOptimizer`)."""
        optimizer = self.model.optimizer
        optimizer = getattr(optimizer, "inner_optimizer", optimizer)
        candidates = getattr(optimizer, "optimizers", None) or [optimizer]
        return [o for o in candidates if getattr(o, "use_ema", False)]

    def _pairs(self):
        """`(variable, average)` pairs of every built EMA optimizer."""
        pairs = []
        for optimizer in self._ema_optimizers():
            averages = getattr(
                optimizer, "_model_variables_moving_average", None
            )
            if optimizer.built and averages:
                pairs.extend(zip(optimizer._trainable_variables, averages))
        return pairs

    def on_train_begin(self, logs=None):
        if not self._ema_optimizers():
            raise ValueError(
                "SwapEMAWeights must be used when `use_ema=True` is set on "
                "the optimizer: without moving averages there is nothing "
                "to swap in."
            )
        self._stash = None
        self._swapped_for_test = False

    def _exchange(self):
        """Exchanges the values of the variables and of their averages."""
        for variable, average in self._pairs():
            trained = variable.value
            variable.assign(average.value)
            average.assign(trained)

    def on_test_begin(self, logs=None):
        if self._stash is None and not self._swapped_for_test:
            self._exchange()
            self._swapped_for_test = True

    def on_test_end(self, logs=None):
        if self._swapped_for_test:
            self._exchange()
            self._swapped_for_test = False

    def on_epoch_begin(self, epoch, logs=None):
        if self._stash is None:
            return
        for (variable, _), value in zip(self._pairs(), self._stash):
            variable.assign(value)
        self._stash = None

    def on_epoch_end(self, epoch, logs=None):
        if not self.swap_on_epoch or self._stash is not None:
            return
        # The averages are copied in (and the trained values kept aside):
        # `fit()` may end here, and then gives the model the averages.
        pairs = self._pairs()
        self._stash = [variable.value for variable, _ in pairs]
        for variable, average in pairs:
            variable.assign(average.value)

    def on_train_end(self, logs=None):
        # `fit()` gives the model its averaged values: the stashed trained
        # values are no longer needed.
        self._stash = None
