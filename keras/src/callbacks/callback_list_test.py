"""`CallbackList.active_hook`: which batch hooks the loops may skip."""

from keras.src import callbacks
from keras.src.callbacks.callback_list import CallbackList


class EndOfBatch(callbacks.Callback):
    def __init__(self):
        super().__init__()
        self.batches = []

    def on_train_batch_end(self, batch, logs=None):
        self.batches.append(batch)


class OldStyle(callbacks.Callback):
    # `on_batch_end` is what the base `on_train_batch_end` calls.
    def on_batch_end(self, batch, logs=None):
        pass


def test_hook_no_callback_overrides_is_skipped():
    hooks = CallbackList([callbacks.Callback(), EndOfBatch()])
    assert hooks.active_hook("on_train_batch_begin") is None
    assert hooks.active_hook("on_predict_batch_end") is None
    end = hooks.active_hook("on_train_batch_end")
    end(3, {})
    assert hooks.callbacks[1].batches == [3]


def test_alias_hook_counts_as_overridden():
    hooks = CallbackList([OldStyle()])
    assert hooks.active_hook("on_train_batch_end") is not None
    assert hooks.active_hook("on_test_batch_end") is None


def test_subclass_of_the_list_keeps_every_hook():
    class Counting(CallbackList):
        pass

    hooks = Counting([callbacks.Callback()])
    assert hooks.active_hook("on_train_batch_begin") is not None
