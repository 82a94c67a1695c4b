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
        # The trained values while the averages are swapped in.
        self._stash = None

    def _optimizer(self):
        optimizer = self.model.optimizer
        # A `LossScaleOptimizer` keeps the averages in its inner optimizer.
        return getattr(optimizer, "inner_optimizer", optimizer)

    def on_train_begin(self, logs=None):
        if not getattr(self._optimizer(), "use_ema", False):
            raise ValueError(
                "SwapEMAWeights must be used when `use_ema=True` is set on "
                "the optimizer: without moving averages there is nothing "
                "to swap in."
            )
        self._stash = None

    def _swap_in(self):
        optimizer = self._optimizer()
        averages = getattr(optimizer, "_model_variables_moving_average", None)
        if self._stash is not None or not optimizer.built or not averages:
            return
        variables = list(optimizer._trainable_variables)
        self._stash = [variable.value for variable in variables]
        for variable, average in zip(variables, averages):
            variable.assign(average.value)

    def _swap_out(self):
        if self._stash is None:
            return
        variables = list(self._optimizer()._trainable_variables)
        for variable, value in zip(variables, self._stash):
            variable.assign(value)
        self._stash = None

    def on_test_begin(self, logs=None):
        self._swap_in()

    def on_test_end(self, logs=None):
        self._swap_out()

    def on_epoch_begin(self, epoch, logs=None):
        self._swap_out()

    def on_epoch_end(self, epoch, logs=None):
        if self.swap_on_epoch:
            self._swap_in()

    def on_train_end(self, logs=None):
        # `fit()` gives the model its averaged values: the stashed trained
        # values are no longer needed.
        self._stash = None
