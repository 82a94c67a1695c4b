"""Tests of `keras.callbacks.TensorBoard`: the event files it writes."""

import glob
import os

import numpy as np
import pytest

import keras
from keras.src.callbacks import tensorboard


def _read_events(folder):
    """`(summaries, files)`: the `(step, tag, plugin, value)` of every
    summary in the event files of `folder` (in file order), and the number
    of event files."""
    import tensorflow as tf

    paths = sorted(
        glob.glob(os.path.join(folder, "events.out.tfevents.*")),
        key=lambda path: int(path.split(".")[-2]),
    )
    summaries = []
    for path in paths:
        for event in tf.compat.v1.train.summary_iterator(path):
            for value in event.summary.value:
                summaries.append(
                    (
                        event.step,
                        value.tag,
                        value.metadata.plugin_data.plugin_name,
                        tf.make_ndarray(value.tensor),
                    )
                )
    return summaries, len(paths)


def _scalars(summaries):
    """`{tag: [(step, value), ...]}` of the scalar summaries."""
    scalars = {}
    for step, tag, plugin, value in summaries:
        if plugin == "scalars":
            scalars.setdefault(tag, []).append((step, float(value)))
    return scalars


def _model(optimizer="sgd"):
    keras.utils.set_random_seed(0)
    model = keras.Sequential(
        [keras.Input((3,)), keras.layers.Dense(2, name="dense")]
    )
    model.compile(optimizer=optimizer, loss="mse", metrics=["mae"])
    return model


def _data(rows=16):
    x = np.random.default_rng(0).normal(size=(rows, 3)).astype("float32")
    y = np.random.default_rng(1).normal(size=(rows, 2)).astype("float32")
    return x, y


def test_epoch_batch_and_validation_scalars(tmp_path):
    x, y = _data()
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
    train_summaries, _ = _read_events(tmp_path / "train")
    train = _scalars(train_summaries)
    validation = _scalars(_read_events(tmp_path / "validation")[0])
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
        # At the optimizer's iteration count.
        evaluations = validation[f"evaluation_{name}_vs_iterations"]
        assert [s for s, _ in evaluations] == [4, 8]
    by_tag = {
        (step, tag): (plugin, v) for step, tag, plugin, v in train_summaries
    }
    kernel, bias = (w.path for w in model.weights)
    for epoch in (0, 1):
        assert by_tag[(epoch, f"{kernel}/histogram")][0] == "histograms"
        assert by_tag[(epoch, f"{kernel}/image")][0] == "images"
        assert (epoch, f"{bias}/histogram") in by_tag
    # The (3, 2) kernel is shown transposed: 3 columns, 2 rows.
    width, height = by_tag[(1, f"{kernel}/image")][1][:2]
    assert (width, height) == (b"3", b"2")
    histogram = by_tag[(1, f"{kernel}/histogram")][1]
    np.testing.assert_array_equal(
        histogram, tensorboard._histogram(model.weights[0].numpy())
    )
    plugin, config = by_tag[(0, "keras")]
    assert plugin == "graph_keras_model"
    assert config.item().decode() == model.to_json()


def test_epoch_only_by_default_and_bad_arguments(tmp_path):
    x = np.ones((8, 3), "float32")
    model = _model()
    board = keras.callbacks.TensorBoard(str(tmp_path), write_graph=False)
    model.fit(x, x[:, :2], batch_size=4, epochs=1, callbacks=[board], verbose=0)
    train = _scalars(_read_events(tmp_path / "train")[0])
    assert set(train) == {"epoch_loss", "epoch_mae", "epoch_learning_rate"}
    np.testing.assert_allclose(train["epoch_learning_rate"][0][1], 0.01)
    with pytest.raises(ValueError, match="update_freq"):
        keras.callbacks.TensorBoard(update_freq="sometimes")
    with pytest.raises(ValueError, match="embeddings_freq=-1"):
        keras.callbacks.TensorBoard(embeddings_freq=-1)
    with pytest.raises(ValueError, match="embeddings_metadata=3"):
        keras.callbacks.TensorBoard(embeddings_metadata=3)
    with pytest.raises(ValueError, match="profile_batch"):
        keras.callbacks.TensorBoard(profile_batch=(3, 1))


def test_evaluation_steps_follow_optimizer_iterations(tmp_path):
    # Two fits and an evaluate: evaluations at 2 and 4 optimizer steps,
    # then again at 4; each run writes its own event files, with the
    # model's config in the training folder (also for `evaluate`).
    x, y = _data(8)
    model = _model()
    board = keras.callbacks.TensorBoard(str(tmp_path))
    for _ in range(2):
        model.fit(
            x,
            y,
            batch_size=4,
            validation_data=(x, y),
            callbacks=[board],
            verbose=0,
        )
    model.evaluate(x, y, batch_size=4, callbacks=[board], verbose=0)
    validation, validation_files = _read_events(tmp_path / "validation")
    evaluations = _scalars(validation)["evaluation_loss_vs_iterations"]
    assert [step for step, _ in evaluations] == [2, 4, 4]
    assert validation_files == 3
    train, train_files = _read_events(tmp_path / "train")
    assert train_files == 3
    assert [tag for _, tag, _, _ in train].count("keras") == 3


class _SummaryWriting(keras.layers.Layer):
    """Writes the sum of its inputs with `tf.summary` as it runs."""

    def call(self, x):
        import tensorflow as tf

        metadata = tf.compat.v1.SummaryMetadata()
        metadata.plugin_data.plugin_name = "scalars"
        # Converted only when a default writer records it (the symbolic
        # build traces this with no writer set).
        tf.summary.write(
            "input_sum", keras.ops.sum(x), step=None, metadata=metadata
        )
        return x


@pytest.mark.parametrize(
    "update_freq, train_steps, validation_steps",
    [
        # 2 training batches per epoch, 1 evaluation batch per run, 2
        # epochs then an evaluate: evaluation batches are counted over
        # every run.
        ("batch", [1, 2, 3, 4], [1, 2, 3]),
        (2, [2, 4], [2]),
        ("epoch", [], []),
    ],
)
def test_summaries_written_by_the_model(
    tmp_path, update_freq, train_steps, validation_steps
):
    x = np.arange(12, dtype="float32").reshape(4, 3)
    model = keras.Sequential([keras.Input((3,)), _SummaryWriting()])
    model.compile("sgd", "mse", jit_compile=False)
    board = keras.callbacks.TensorBoard(
        str(tmp_path), update_freq=update_freq, write_graph=False
    )
    model.fit(
        x,
        x,
        batch_size=2,
        epochs=2,
        shuffle=False,
        validation_data=(x[:1], x[:1]),
        callbacks=[board],
        verbose=0,
    )
    model.evaluate(x[:1], x[:1], callbacks=[board], verbose=0)
    model.predict(x, callbacks=[board], verbose=0)
    train = _scalars(_read_events(tmp_path / "train")[0])
    validation = _scalars(_read_events(tmp_path / "validation")[0])
    train_sums = train.get("input_sum", [])
    assert [step for step, _ in train_sums] == train_steps
    # Batches of 2 rows in order: sums 15 (rows 0-1) and 51 (rows 2-3).
    expected = {1: 15.0, 2: 51.0, 3: 15.0, 4: 51.0}
    assert [value for _, value in train_sums] == [
        expected[step] for step in train_steps
    ]
    validation_sums = validation.get("input_sum", [])
    assert [step for step, _ in validation_sums] == validation_steps
    assert all(value == 3.0 for _, value in validation_sums)


def test_projector_config_and_embedding_checkpoints(tmp_path):
    inputs = keras.Input((4,), dtype="int32")
    first = keras.layers.Embedding(10, 3, name="words")(inputs)
    second = keras.layers.Embedding(10, 2, name="tags")(inputs)
    outputs = keras.layers.Dense(1)(keras.layers.Concatenate()([first, second]))
    model = keras.Model(inputs, outputs)
    model.compile("sgd", "mse")
    x, y = np.ones((4, 4), "int32"), np.ones((4, 4, 1), "float32")
    board = keras.callbacks.TensorBoard(
        str(tmp_path),
        write_graph=False,
        embeddings_freq=2,
        embeddings_metadata={"words": "words.tsv"},
    )
    model.fit(x, y, epochs=3, callbacks=[board], verbose=0)
    entry = (
        '  tensor_name: "layer_with_weights-0/embeddings/.ATTRIBUTES/'
        'VARIABLE_VALUE"\n'
    )
    with open(tmp_path / "projector_config.pbtxt") as f:
        assert f.read() == (
            "embeddings {\n"
            + entry
            + '  metadata_path: "words.tsv"\n'
            + "}\n"
            + "embeddings {\n"
            + entry
            + "}\n"
        )
    saved = sorted(os.listdir(tmp_path / "train"))
    saved = [name for name in saved if not name.startswith("events")]
    assert saved == [
        "keras_embedding.ckpt-0.weights.h5",
        "keras_embedding.ckpt-2.weights.h5",
    ]
    restored = keras.models.clone_model(model)
    restored.compile("sgd", "mse")
    restored.load_weights(tmp_path / "train" / saved[-1])
    np.testing.assert_array_equal(
        restored.get_layer("words").embeddings.numpy(),
        model.get_layer("words").embeddings.numpy(),
    )

    board = keras.callbacks.TensorBoard(
        str(tmp_path / "bad"),
        embeddings_freq=1,
        embeddings_metadata={"dense": "x.tsv"},
    )
    with pytest.raises(ValueError, match=r"\['dense'\].*'words', 'tags'"):
        model.fit(x, y, callbacks=[board], verbose=0)


def test_histogram_buckets():
    rows = tensorboard._histogram(np.arange(4.0))
    assert rows.shape == (30, 3)
    np.testing.assert_allclose(rows[:, 0], np.arange(30) * 0.1, atol=1e-12)
    np.testing.assert_allclose(rows[:, 1], np.arange(1, 31) * 0.1, atol=1e-12)
    # 0 in the first bucket, the largest value in the last one.
    assert np.flatnonzero(rows[:, 2]).tolist() == [0, 10, 20, 29]
    constant = tensorboard._histogram(np.full((2, 2), 0.5, "float32"))
    np.testing.assert_array_equal(constant[:, :2], 0.5)
    assert constant[:, 2].tolist() == [0.0] * 29 + [4.0]
    np.testing.assert_array_equal(
        tensorboard._histogram(np.zeros((0,))), np.zeros((30, 3))
    )
    assert tensorboard._histogram(np.array([1.0, np.nan]))[:, 2].sum() == 0


def test_weight_image_layouts():
    def layout(shape):
        images = tensorboard._weight_images(
            np.arange(np.prod(shape), dtype="float32").reshape(shape)
        )
        return None if images is None else images.shape

    assert layout((5,)) == (1, 5, 1, 1)  # A column.
    assert layout((2, 3)) == (1, 2, 3, 1)
    assert layout((3, 2)) == (1, 2, 3, 1)  # Transposed.
    assert layout((3, 2, 4)) == (4, 3, 2, 1)  # One per last-axis slice.
    assert layout((2, 3, 1, 4)) == (4, 2, 3, 1)  # Size-1 axes dropped.
    assert layout((2, 3, 2, 3)) == (2, 3, 2, 3)  # RGB images.
    assert layout((2, 2, 2, 2)) is None  # 2 channels: no image.
    assert layout((1, 1)) is None
    assert layout((3, 3, 3, 3, 3)) is None
    transposed = tensorboard._weight_images(np.array([[1.0, 2.0]] * 3))
    np.testing.assert_array_equal(
        transposed[0, :, :, 0], [[1, 1, 1], [2, 2, 2]]
    )


def test_png_pixels():
    import tensorflow as tf

    values = np.array([[0.5, 1.0, -1.0], [2.0, 0.25, 0.0]], "float32")
    strings = tensorboard._png_strings(np.stack([values[..., None]] * 5))
    # At most 3 images.
    assert len(strings) == 2 + 3
    assert strings[:2].tolist() == [b"3", b"2"]
    pixels = tf.io.decode_png(strings[2]).numpy()[..., 0]
    np.testing.assert_array_equal(pixels, [[127, 255, 0], [255, 63, 0]])
