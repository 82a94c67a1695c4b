import numpy as np
import pytest

from keras.src import callbacks


class FakeOptimizer:
    def __init__(self, learning_rate=0.1):
        self.learning_rate = learning_rate
        self.iterations = 0


class FakeModel:
    def __init__(self, optimizer=None):
        self.stop_training = False
        self.optimizer = optimizer or FakeOptimizer()


def test_schedule_with_epoch_and_lr(capsys):
    model = FakeModel()
    callback = callbacks.LearningRateScheduler(
        lambda epoch, lr: lr * 0.5 if epoch > 0 else lr, verbose=1
    )
    callback_list = callbacks.CallbackList([callback], model=model)
    seen = []
    for epoch in range(3):
        callback_list.on_epoch_begin(epoch)
        seen.append(model.optimizer.learning_rate)
        logs = {"loss": 1.0}
        callback_list.on_epoch_end(epoch, logs)
        assert logs["learning_rate"] == pytest.approx(seen[-1])
    np.testing.assert_allclose(seen, [0.1, 0.05, 0.025])
    assert "Epoch 2: LearningRateScheduler setting learning rate to 0.05" in (
        capsys.readouterr().out
    )


def test_schedule_with_epoch_only():
    model = FakeModel()
    callback = callbacks.LearningRateScheduler(lambda epoch: 1.0 / (epoch + 1))
    callback.set_model(model)
    callback.on_epoch_begin(3)
    assert model.optimizer.learning_rate == 0.25


def test_schedule_must_return_a_float():
    model = FakeModel()
    callback = callbacks.LearningRateScheduler(lambda epoch, lr: "fast")
    callback.set_model(model)
    with pytest.raises(ValueError, match="should be a float"):
        callback.on_epoch_begin(0)


def test_optimizer_without_learning_rate():
    model = FakeModel(optimizer=object())
    callback = callbacks.LearningRateScheduler(lambda epoch, lr: lr)
    callback.set_model(model)
    with pytest.raises(ValueError, match="learning_rate"):
        callback.on_epoch_begin(0)


def test_reduce_lr_on_plateau(capsys):
    model = FakeModel(FakeOptimizer(1.0))
    callback = callbacks.ReduceLROnPlateau(
        monitor="loss", factor=0.5, patience=1, min_lr=0.3, verbose=1
    )
    callback_list = callbacks.CallbackList([callback], model=model)
    callback_list.on_train_begin()
    rates = []
    for epoch, loss in enumerate([1.0, 1.0, 1.0, 1.0, 1.0]):
        logs = {"loss": loss}
        callback_list.on_epoch_end(epoch, logs)
        rates.append(model.optimizer.learning_rate)
    np.testing.assert_allclose(rates, [1.0, 0.5, 0.3, 0.3, 0.3])
    assert "reducing learning rate to 0.5" in capsys.readouterr().out
    with pytest.raises(ValueError, match="factor"):
        callbacks.ReduceLROnPlateau(factor=1.5)


def test_terminate_on_nan(capsys):
    model = FakeModel()
    callback = callbacks.TerminateOnNaN()
    callback.set_model(model)
    callback.on_train_batch_end(0, {"loss": 1.0})
    assert not model.stop_training
    callback.on_train_batch_end(1, {"loss": float("inf")})
    assert model.stop_training
    model.stop_training = False
    callback.on_train_batch_end(2, {"loss": np.float32("nan")})
    assert model.stop_training
    assert "Batch 2: loss is nan, stopping the training." in (
        capsys.readouterr().out
    )
