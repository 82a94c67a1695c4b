import warnings

import numpy as np
import pytest

from keras.src import callbacks


class FakeModel:
    def __init__(self):
        self.stop_training = False
        self.weights = [np.zeros(2)]
        self.metrics = []

    def get_weights(self):
        return [w.copy() for w in self.weights]

    def set_weights(self, weights):
        self.weights = [np.array(w) for w in weights]


def run(callback, values, monitor="val_loss", model=None):
    """Feeds `values` as the monitored metric; returns (model, epochs run)."""
    model = model or FakeModel()
    callback_list = callbacks.CallbackList([callback], model=model)
    callback_list.on_train_begin()
    epochs_run = 0
    for epoch, value in enumerate(values):
        # The "weights" of each epoch remember the epoch index.
        model.weights = [np.full(2, float(epoch))]
        callback_list.on_epoch_end(epoch, {monitor: value, "loss": 1.0})
        epochs_run += 1
        if model.stop_training:
            break
    callback_list.on_train_end()
    return model, epochs_run


def test_patience_zero_stops_at_first_non_improvement():
    callback = callbacks.EarlyStopping(patience=0)
    _, epochs = run(callback, [1.0, 0.9, 0.95, 0.5])
    assert epochs == 3
    assert callback.stopped_epoch == 2


def test_patience_counts_epochs_without_improvement():
    callback = callbacks.EarlyStopping(patience=2)
    _, epochs = run(callback, [1.0, 0.9, 0.95, 0.91, 0.5])
    assert epochs == 4
    assert callback.stopped_epoch == 3
    assert callback.best == 0.9
    assert callback.best_epoch == 1


def test_no_stop_while_improving():
    callback = callbacks.EarlyStopping(patience=1)
    model, epochs = run(callback, [5.0, 4.0, 3.0, 2.0])
    assert epochs == 4
    assert not model.stop_training
    assert callback.stopped_epoch == 0


def test_min_delta():
    # Improvements of 0.05 < min_delta do not count.
    callback = callbacks.EarlyStopping(patience=2, min_delta=0.1)
    _, epochs = run(callback, [1.0, 0.95, 0.91, 0.5])
    assert epochs == 3
    assert callback.best == 1.0
    # Improvements larger than min_delta do (negative min_delta is abs'ed).
    callback = callbacks.EarlyStopping(patience=0, min_delta=-0.1)
    _, epochs = run(callback, [1.0, 0.8, 0.6, 0.4])
    assert epochs == 4


def test_mode_max_and_auto():
    callback = callbacks.EarlyStopping(monitor="acc", mode="max", patience=0)
    _, epochs = run(callback, [0.5, 0.6, 0.55], monitor="acc")
    assert epochs == 3
    callback = callbacks.EarlyStopping(monitor="val_accuracy", patience=0)
    _, epochs = run(callback, [0.5, 0.6, 0.7, 0.65], monitor="val_accuracy")
    assert epochs == 4
    callback = callbacks.EarlyStopping(monitor="val_loss", patience=0)
    _, epochs = run(callback, [0.5, 0.6], monitor="val_loss")
    assert epochs == 2
    # `mode="min"` on an accuracy is honoured.
    callback = callbacks.EarlyStopping(monitor="acc", mode="min", patience=0)
    _, epochs = run(callback, [0.5, 0.6], monitor="acc")
    assert epochs == 2


def test_auto_mode_uses_metric_direction():
    class Metric:
        name = "custom"
        _direction = "up"

    model = FakeModel()
    model.metrics = [Metric()]
    callback = callbacks.EarlyStopping(monitor="val_custom", patience=0)
    _, epochs = run(
        callback, [1.0, 2.0, 1.5], monitor="val_custom", model=model
    )
    assert epochs == 3


def test_auto_mode_unknown_metric_raises():
    callback = callbacks.EarlyStopping(monitor="val_zorglub", patience=0)
    with pytest.raises(ValueError, match="mode='max'"):
        run(callback, [1.0, 2.0], monitor="val_zorglub")


def test_unknown_mode_warns_and_falls_back_to_auto():
    with pytest.warns(UserWarning, match="unknown"):
        callback = callbacks.EarlyStopping(mode="sideways")
    assert callback.mode == "auto"


def test_restore_best_weights():
    callback = callbacks.EarlyStopping(patience=2, restore_best_weights=True)
    model, epochs = run(callback, [1.0, 0.5, 0.7, 0.8, 0.1])
    assert epochs == 4
    np.testing.assert_array_equal(model.weights[0], [1.0, 1.0])

    # Without early stopping the best epoch is restored too.
    callback = callbacks.EarlyStopping(patience=5, restore_best_weights=True)
    model, epochs = run(callback, [1.0, 0.2, 0.7])
    assert epochs == 3
    np.testing.assert_array_equal(model.weights[0], [1.0, 1.0])

    # Without restore_best_weights the last weights are kept.
    callback = callbacks.EarlyStopping(patience=2)
    model, _ = run(callback, [1.0, 0.5, 0.7, 0.8, 0.1])
    np.testing.assert_array_equal(model.weights[0], [3.0, 3.0])


def test_baseline():
    # Never better than the baseline: stop after `patience` epochs.
    callback = callbacks.EarlyStopping(patience=2, baseline=0.1)
    _, epochs = run(callback, [1.0, 0.9, 0.8, 0.7, 0.6])
    assert epochs == 2
    # Better than the baseline: train on.
    callback = callbacks.EarlyStopping(patience=2, baseline=0.95)
    _, epochs = run(callback, [1.0, 0.9, 0.8, 0.7, 0.6])
    assert epochs == 5
    # The best epoch is restored even if it did not beat the baseline.
    callback = callbacks.EarlyStopping(
        patience=2, baseline=0.1, restore_best_weights=True
    )
    model, epochs = run(callback, [1.0, 0.5, 0.4, 0.7])
    assert epochs == 2
    np.testing.assert_array_equal(model.weights[0], [1.0, 1.0])


def test_start_from_epoch():
    callback = callbacks.EarlyStopping(patience=0, start_from_epoch=3)
    _, epochs = run(callback, [1.0, 2.0, 3.0, 4.0, 3.0, 5.0])
    # Epochs 0-2 are ignored; 3 sets the best, 4 improves, 5 stops.
    assert epochs == 6
    assert callback.best == 3.0


def test_missing_monitor_warns_with_available_keys():
    callback = callbacks.EarlyStopping(monitor="val_loss", patience=0)
    model = FakeModel()
    callback.set_model(model)
    callback.on_train_begin()
    with pytest.warns(UserWarning, match="Available metrics are: loss, acc"):
        callback.on_epoch_end(0, {"loss": 1.0, "acc": 0.5})
    assert not model.stop_training


def test_verbose_messages(capsys):
    callback = callbacks.EarlyStopping(
        patience=0, verbose=1, restore_best_weights=True
    )
    run(callback, [1.0, 2.0])
    out = capsys.readouterr().out
    assert "Epoch 2: stopped early" in out
    assert "weights of epoch 1, the best" in out


def test_state_resets_between_fits():
    callback = callbacks.EarlyStopping(patience=0)
    run(callback, [1.0, 2.0])
    assert callback.stopped_epoch == 1
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        _, epochs = run(callback, [5.0, 4.0, 3.0])
    assert epochs == 3
    assert callback.stopped_epoch == 0
