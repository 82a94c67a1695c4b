"""Callbacks driven by the real `fit` loop of a tiny model."""

import os

import numpy as np

import keras
from keras.src import callbacks


class WeightsRecorder(callbacks.Callback):
    def __init__(self, weights_per_epoch):
        super().__init__()
        self.weights_per_epoch = weights_per_epoch

    def on_epoch_end(self, epoch, logs=None):
        # `self.model` syncs the JAX training state into the variables.
        self.weights_per_epoch.append(self.model.get_weights())


def test_fit_with_early_stopping_checkpoint_and_lambda(tmp_path):
    x = np.random.default_rng(0).normal(size=(16, 2)).astype("float32")
    y = x.sum(axis=1, keepdims=True)
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile(optimizer="sgd", loss="mse")

    # A scripted "score": best at epoch index 2, then a plateau.
    scores = [1.0, 2.0, 3.0, 2.5, 2.9, 3.0, 3.0, 3.0]
    batches = []
    weights_per_epoch = []

    def add_score(epoch, logs):
        logs["score"] = scores[epoch]

    scorer = callbacks.LambdaCallback(
        on_epoch_end=add_score,
        on_train_batch_end=lambda batch, logs: batches.append(batch),
    )
    recorder = WeightsRecorder(weights_per_epoch)
    early_stopping = callbacks.EarlyStopping(
        monitor="score", mode="max", patience=2, restore_best_weights=True
    )
    checkpoint = callbacks.ModelCheckpoint(
        str(tmp_path / "ckpt" / "w_{epoch:02d}.weights.h5"),
        monitor="score",
        mode="max",
        save_best_only=True,
        save_weights_only=True,
    )
    history = model.fit(
        x,
        y,
        batch_size=8,
        epochs=len(scores),
        verbose=0,
        callbacks=[scorer, recorder, early_stopping, checkpoint],
    )

    # Epochs 3 and 4 do not improve on epoch 2: stop after epoch 4.
    assert early_stopping.stopped_epoch == 4
    assert history.epoch == [0, 1, 2, 3, 4]
    assert len(history.history["loss"]) == 5
    assert history.history["score"] == scores[:5]
    assert model.history is history
    assert batches == [0, 1] * 5
    # Only the improving epochs were saved.
    assert sorted(os.listdir(tmp_path / "ckpt")) == [
        "w_01.weights.h5",
        "w_02.weights.h5",
        "w_03.weights.h5",
    ]
    # The weights of the best epoch were restored, and match its checkpoint.
    for restored, best in zip(model.get_weights(), weights_per_epoch[2]):
        np.testing.assert_allclose(restored, best)
    reloaded = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    reloaded.load_weights(str(tmp_path / "ckpt" / "w_03.weights.h5"))
    for loaded, best in zip(reloaded.get_weights(), weights_per_epoch[2]):
        np.testing.assert_allclose(loaded, best)
