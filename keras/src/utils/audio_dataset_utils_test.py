import os

import numpy as np
import pytest

import keras

tf = pytest.importorskip("tensorflow")


def _write_clips(root, lengths_by_class, channels=1):
    rng = np.random.default_rng(0)
    for class_name, lengths in lengths_by_class.items():
        folder = os.path.join(root, class_name)
        os.makedirs(folder, exist_ok=True)
        for i, length in enumerate(lengths):
            audio = rng.uniform(-1, 1, (length, channels)).astype("float32")
            data = tf.audio.encode_wav(audio, 16000)
            tf.io.write_file(os.path.join(folder, f"clip_{i}.wav"), data)


def test_fixed_length_int_labels(tmp_path):
    _write_clips(str(tmp_path), {"no": [20, 40, 30], "yes": [25, 35]})
    dataset = keras.utils.audio_dataset_from_directory(
        str(tmp_path), batch_size=5, output_sequence_length=30, shuffle=False
    )
    assert dataset.class_names == ["no", "yes"]
    audio, labels = next(iter(dataset))
    assert audio.shape == (5, 30, 1) and audio.dtype == tf.float32
    assert labels.numpy().tolist() == [0, 0, 0, 1, 1]
    # The 20-sample clip is zero-padded, the 40-sample one cut.
    assert np.all(audio[0, 20:].numpy() == 0)
    assert np.any(audio[1, 29:].numpy() != 0)


def test_padded_and_ragged_batches(tmp_path):
    _write_clips(str(tmp_path), {"a": [10, 12], "b": [15, 11]})
    dataset = keras.utils.audio_dataset_from_directory(
        str(tmp_path), batch_size=4, label_mode="categorical", shuffle=False
    )
    audio, labels = next(iter(dataset))
    assert audio.shape == (4, 15, 1)
    assert labels.shape == (4, 2)
    dataset = keras.utils.audio_dataset_from_directory(
        str(tmp_path), batch_size=4, ragged=True, label_mode=None
    )
    batch = next(iter(dataset))
    assert isinstance(batch, tf.RaggedTensor)
    assert sorted(batch.row_lengths().numpy().tolist()) == [10, 11, 12, 15]


def test_validation_split_and_errors(tmp_path):
    _write_clips(str(tmp_path), {"a": [10] * 5, "b": [10] * 5})
    train, val = keras.utils.audio_dataset_from_directory(
        str(tmp_path),
        batch_size=None,
        validation_split=0.2,
        subset="both",
        seed=3,
        label_mode="binary",
    )
    assert len(list(train)) == 8 and len(list(val)) == 2
    audio, label = next(iter(train))
    assert audio.shape == (10, 1) and label.shape == (1,)
    with pytest.raises(ValueError, match="Cannot set both"):
        keras.utils.audio_dataset_from_directory(
            str(tmp_path), ragged=True, output_sequence_length=3
        )
    with pytest.raises(ValueError, match="sampling_rate"):
        keras.utils.audio_dataset_from_directory(str(tmp_path), sampling_rate=0)
    with pytest.raises(ValueError, match="format"):
        keras.utils.audio_dataset_from_directory(str(tmp_path), format="jax")
    tf_dataset = keras.utils.audio_dataset_from_directory(
        str(tmp_path), format="tf", batch_size=None, verbose=False
    )
    assert len(list(tf_dataset)) == 10
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(ValueError, match="No audio files"):
        keras.utils.audio_dataset_from_directory(str(empty))
