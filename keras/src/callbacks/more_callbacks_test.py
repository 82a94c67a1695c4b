import os
from unittest import mock

import numpy as np
import pytest

from keras.src import callbacks
from keras.src import layers
from keras.src import models
from keras.src import optimizers

X = np.random.RandomState(0).rand(8, 3).astype("float32")
Y = np.random.RandomState(1).rand(8, 1).astype("float32")


def _model(optimizer="sgd"):
    model = models.Sequential([layers.Input((3,)), layers.Dense(1)])
    model.compile(optimizer=optimizer, loss="mse")
    return model


class _Interrupt(callbacks.Callback):
    def __init__(self, at_epoch):
        super().__init__()
        self.at_epoch = at_epoch

    def on_epoch_end(self, epoch, logs=None):
        if epoch == self.at_epoch:
            raise RuntimeError("interrupted")


def test_backup_and_restore_resumes_at_the_saved_epoch(tmp_path):
    backup_dir = str(tmp_path / "backup")
    model = _model()
    backup = callbacks.BackupAndRestore(backup_dir, double_checkpoint=True)
    with pytest.raises(RuntimeError):
        model.fit(X, Y, epochs=5, verbose=0, callbacks=[backup, _Interrupt(1)])
    assert os.path.exists(backup._weights_path)
    assert os.path.exists(backup._prev_weights_path)
    saved = [w.copy() for w in model.get_weights()]
    fresh = _model()
    history = fresh.fit(X, Y, epochs=5, verbose=0, callbacks=[backup])
    # Epochs 0 and 1 were done before the interruption.
    assert history.epoch == [2, 3, 4]
    assert not os.path.exists(backup_dir)
    assert not np.allclose(fresh.get_weights()[0], saved[0])
    with pytest.raises(ValueError, match="Empty `backup_dir`"):
        callbacks.BackupAndRestore("")
    with pytest.raises(ValueError, match="save_freq"):
        callbacks.BackupAndRestore(backup_dir, save_freq=0.5)


def test_terminate_on_nan_can_raise():
    model = _model()
    y = Y.copy()
    y[0] = np.inf
    with pytest.raises(RuntimeError, match="NaN or Inf loss"):
        model.fit(
            X,
            y,
            batch_size=8,
            verbose=0,
            callbacks=[callbacks.TerminateOnNaN(raise_error=True)],
        )


def test_swap_ema_weights_evaluates_with_the_averages():
    model = _model(optimizers.SGD(use_ema=True, ema_momentum=0.5))
    history = model.fit(
        X,
        Y,
        epochs=2,
        verbose=0,
        validation_data=(X, Y),
        callbacks=[callbacks.SwapEMAWeights()],
    )
    # `fit()` ends with the averages, which validation already used.
    np.testing.assert_allclose(
        history.history["val_loss"][-1],
        model.evaluate(X, Y, verbose=0),
        rtol=1e-5,
    )
    plain = _model()
    with pytest.raises(ValueError, match="use_ema=True"):
        plain.fit(X, Y, verbose=0, callbacks=[callbacks.SwapEMAWeights()])


def test_remote_monitor_posts_json():
    with mock.patch("requests.post") as post:
        monitor = callbacks.RemoteMonitor(send_as_json=True)
        monitor.on_epoch_end(3, {"loss": np.float32(0.5)})
    post.assert_called_once_with(
        monitor.root + monitor.path,
        json={"epoch": 3, "loss": 0.5},
        headers=None,
    )
