"""Tests of `keras.callbacks.TensorBoard`: the event files it writes."""

import glob
import os

import numpy as np
import pytest

import keras


def _read_events(folder):
    """`{tag: [(step, value), ...]}` of the scalars, and the set of all
    tags, in the event files of `folder`."""
    import tensorflow as tf

    scalars, tags = {}, set()
    for path in glob.glob(os.path.join(folder, "events.out.tfevents.*")):
        for event in tf.compat.v1.train.summary_iterator(path):
            for value in event.summary.value:
                tags.add(value.tag)
                plugin = value.metadata.plugin_data.plugin_name
                if plugin == "scalars":
                    number = float(tf.make_ndarray(value.tensor))
                    scalars.setdefault(value.tag, []).append(
                        (event.step, number)
                    )
    return scalars, tags


def _model():
    keras.utils.set_random_seed(0)
    model = keras.Sequential(
        [keras.Input((3,)), keras.layers.Dense(2, name="dense")]
    )
    model.compile(optimizer="sgd", loss="mse", metrics=["mae"])
    return model


def test_epoch_batch_and_validation_scalars(tmp_path):
    x = np.random.default_rng(0).normal(size=(16, 3)).astype("float32")
    y = np.random.default_rng(1).normal(size=(16, 2)).astype("float32")
    model = _model()
    board = keras.callbacks.TensorBoard(
        str(tmp_path), update_freq=2, histogram_freq=1, write_images=True
    )
    history = model.fit(
        x,
        y,
        batch_size=4,
        epochs=2,
        validation_data=(x, y),
        callbacks=[board],
        verbose=0,
    )
    train, train_tags = _read_events(tmp_path / "train")
    validation, _ = _read_events(tmp_path / "validation")
    for name in ("loss", "mae"):
        steps, values = zip(*train[f"epoch_{name}"])
        assert steps == (0, 1)
        np.testing.assert_allclose(values, history.history[name], rtol=1e-6)
        steps, values = zip(*validation[f"epoch_{name}"])
        np.testing.assert_allclose(
            values, history.history[f"val_{name}"], rtol=1e-6
        )
        # 4 batches per epoch, written every 2: steps 2, 4, 6 and 8.
        assert [s for s, _ in train[f"batch_{name}"]] == [2, 4, 6, 8]
        assert [
            s for s, _ in validation[f"evaluation_{name}_vs_iterations"]
        ] == [
            4,
            8,
        ]
    kernel, bias = (w.path for w in model.weights)
    assert {kernel, bias, f"{kernel}/image"} <= train_tags
    assert "keras" in train_tags


def test_epoch_only_by_default_and_bad_arguments(tmp_path):
    x = np.ones((8, 3), "float32")
    model = _model()
    board = keras.callbacks.TensorBoard(str(tmp_path), write_graph=False)
    model.fit(x, x[:, :2], batch_size=4, epochs=1, callbacks=[board], verbose=0)
    train, tags = _read_events(tmp_path / "train")
    assert tags == {"epoch_loss", "epoch_mae", "epoch_learning_rate"}
    np.testing.assert_allclose(train["epoch_learning_rate"][0][1], 0.01)
    with pytest.raises(ValueError, match="update_freq"):
        keras.callbacks.TensorBoard(update_freq="sometimes")
    with pytest.raises(ValueError, match="embeddings_freq"):
        keras.callbacks.TensorBoard(embeddings_freq=1)
    with pytest.raises(ValueError, match="profile_batch"):
        keras.callbacks.TensorBoard(profile_batch=(3, 1))
