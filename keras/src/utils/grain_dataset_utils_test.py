import os

import numpy as np
import pytest

import keras
from keras.src.utils import audio_dataset_utils

tf = pytest.importorskip("tensorflow")
pytest.importorskip("grain")
Image = pytest.importorskip("PIL.Image")


def _write_images(root):
    rng = np.random.default_rng(0)
    for class_name, sizes in {
        "cat": [(12, 9), (10, 10)],
        "dog": [(9, 14)],
    }.items():
        os.makedirs(os.path.join(root, class_name))
        for i, size in enumerate(sizes):
            pixels = rng.integers(0, 256, size + (3,), dtype="uint8")
            Image.fromarray(pixels).save(
                os.path.join(root, class_name, f"{i}.png")
            )


def _write_clips(root, lengths_by_class):
    rng = np.random.default_rng(0)
    for class_name, lengths in lengths_by_class.items():
        os.makedirs(os.path.join(root, class_name))
        for i, length in enumerate(lengths):
            audio = rng.uniform(-1, 1, (length, 1)).astype("float32")
            path = os.path.join(root, class_name, f"{i}.wav")
            tf.io.write_file(path, tf.audio.encode_wav(audio, 16000))


def _numpy_batches(dataset):
    return [keras.tree.map_structure(np.asarray, batch) for batch in dataset]


@pytest.mark.parametrize(
    "options, atol",
    [
        (dict(label_mode="int"), 1e-3),
        (dict(label_mode="categorical", crop_to_aspect_ratio=True), 1e-3),
        (dict(label_mode="binary", image_size=(5, 5)), 1e-3),
        # PIL rounds grayscale to integers; TensorFlow keeps fractions.
        (dict(label_mode=None, color_mode="grayscale", batch_size=None), 1.01),
    ],
)
def test_grain_images_equal_the_tf_format(tmp_path, options, atol):
    _write_images(str(tmp_path))
    options = {
        "batch_size": 2,
        "image_size": (8, 6),
        "shuffle": False,
        **options,
    }
    grain_ds = keras.utils.image_dataset_from_directory(
        str(tmp_path), format="grain", **options
    )
    tf_ds = keras.utils.image_dataset_from_directory(str(tmp_path), **options)
    assert grain_ds.class_names == ["cat", "dog"]
    assert grain_ds.file_paths == tf_ds.file_paths
    grain_batches, tf_batches = _numpy_batches(grain_ds), _numpy_batches(tf_ds)
    assert len(grain_batches) == len(tf_batches)
    for got, expected in zip(grain_batches, tf_batches):
        for g, e in zip(keras.tree.flatten(got), keras.tree.flatten(expected)):
            assert g.dtype == e.dtype and g.shape == e.shape
            np.testing.assert_allclose(g, e, atol=atol)


def test_grain_images_padded_with_equal_margins(tmp_path):
    # 9 x 14 images resized to 8 x 6: the 18-row canvas of that ratio
    # loses its odd row, so 4 zero rows above and 4 below.
    os.makedirs(tmp_path / "a")
    Image.fromarray(np.full((9, 14, 3), 200, "uint8")).save(
        tmp_path / "a" / "0.png"
    )
    dataset = keras.utils.image_dataset_from_directory(
        str(tmp_path),
        format="grain",
        image_size=(17, 14),
        pad_to_aspect_ratio=True,
        label_mode=None,
        batch_size=None,
    )
    image = np.asarray(next(iter(dataset)))[:, 0, 0]
    np.testing.assert_array_equal(image, [0] * 4 + [200] * 9 + [0] * 4)


def test_grain_audio_equals_the_tf_format(tmp_path):
    _write_clips(str(tmp_path), {"no": [20, 40, 30], "yes": [25, 35]})
    for length in (None, 30):
        options = dict(
            batch_size=3, shuffle=False, output_sequence_length=length
        )
        grain_ds = keras.utils.audio_dataset_from_directory(
            str(tmp_path), format="grain", **options
        )
        tf_ds = keras.utils.audio_dataset_from_directory(
            str(tmp_path), **options
        )
        for got, expected in zip(
            _numpy_batches(grain_ds), _numpy_batches(tf_ds)
        ):
            np.testing.assert_array_equal(got[0], expected[0])
            np.testing.assert_array_equal(got[1], expected[1])


def test_grain_audio_resamples_then_fits_the_length(tmp_path):
    from scipy.io import wavfile

    path = str(tmp_path / "clip.wav")
    clip = (np.sin(np.arange(96) / 5.0) * 20000).astype("int16")
    wavfile.write(path, 48000, clip)
    audio = audio_dataset_utils._read_and_decode_audio_grain(path)
    np.testing.assert_allclose(audio[:, 0], clip / 32768.0)
    audio = audio_dataset_utils._read_and_decode_audio_grain(
        path, sampling_rate=16000, output_sequence_length=40
    )
    assert audio.shape == (40, 1)
    assert np.all(audio[32:] == 0)  # 96 samples at a third of the rate


def test_grain_format_errors(tmp_path):
    _write_clips(str(tmp_path), {"a": [10], "b": [10]})
    with pytest.raises(ValueError, match="`format` should be either"):
        keras.utils.audio_dataset_from_directory(str(tmp_path), format="jax")
    with pytest.raises(ValueError, match="Ragged datasets are not supported"):
        keras.utils.audio_dataset_from_directory(
            str(tmp_path), ragged=True, format="grain"
        )
    with pytest.raises(ValueError, match="Remote directories"):
        keras.utils.image_dataset_from_directory(
            "gs://bucket/images", format="grain"
        )
