import numpy as np
import pytest

from keras.src import backend
from keras.src import layers


def _audio(batch=2, samples=400):
    rng = np.random.RandomState(7)
    return rng.uniform(-1, 1, (batch, samples)).astype("float32")


def _small(**kwargs):
    kwargs.setdefault("fft_length", 64)
    kwargs.setdefault("sequence_stride", 32)
    kwargs.setdefault("num_mel_bins", 10)
    kwargs.setdefault("sampling_rate", 8000)
    return layers.MelSpectrogram(**kwargs)


def test_shapes_and_no_weights():
    layer = _small()
    y = layer(_audio())
    assert y.shape == (2, 10, 1 + 400 // 32)
    assert layer(_audio()[0]).shape == (10, 13)
    assert layer.compute_output_shape((None, 400)) == (None, 10, 13)
    assert layer.weights == []


def test_pure_tone_peaks_in_the_band_around_its_frequency():
    t = np.arange(2048) / 8000.0
    tone = np.sin(2 * np.pi * 1000.0 * t).astype("float32")[None]
    energies = np.asarray(
        _small(fft_length=256, sequence_stride=128, power_to_db=False)(tone)
    )

    def to_mel(hz):
        return 1127.0 * np.log1p(hz / 700.0)

    centers_mel = np.linspace(to_mel(20.0), to_mel(4000.0), 12)[1:-1]
    nearest = np.argmin(np.abs(centers_mel - to_mel(1000.0)))
    interior = energies[0, :, 2:-2]  # Frames away from the padded edges.
    assert np.all(np.argmax(interior, axis=0) == nearest)
    assert np.all(energies >= 0)


def test_decibels_reference_and_dynamic_range():
    x = _audio()
    energies = np.asarray(_small(power_to_db=False)(x))
    db = np.asarray(_small(top_db=None, ref_power=10.0)(x))
    np.testing.assert_allclose(
        db, 10 * np.log10(np.maximum(energies, 1e-10)) - 10, atol=1e-3
    )
    clipped = np.asarray(_small(top_db=15.0)(x))
    assert clipped.min() >= clipped.max() - 15.0 - 1e-4
    silent = np.asarray(_small()(np.zeros((1, 400), "float32")))
    np.testing.assert_allclose(silent, -100.0, atol=1e-3)


def test_mixed_precision_output_dtype():
    y = _small(dtype="mixed_bfloat16")(_audio())
    assert backend.standardize_dtype(y.dtype) == "bfloat16"


def test_config_and_errors():
    layer = _small(min_freq=50.0)
    config = layer.get_config()
    assert config["max_freq"] == 4000
    assert config["sequence_length"] == 64
    clone = layers.MelSpectrogram.from_config(config)
    np.testing.assert_allclose(clone(_audio()), layer(_audio()))
    with pytest.raises(ValueError, match="fft_length"):
        layers.MelSpectrogram(fft_length=128, sequence_length=256)


@pytest.mark.parity
@pytest.mark.parametrize(
    "kwargs",
    [{}, {"window": "hamming", "sequence_length": 48, "mag_exp": 1.0}],
)
def test_tf_data_computes_with_tensorflow_like_eager_jax(kwargs):
    tf = pytest.importorskip("tensorflow")
    layer = _small(**kwargs)
    audio = _audio()
    ds = tf.data.Dataset.from_tensor_slices(audio).batch(2).map(layer)
    assert ds.element_spec == tf.TensorSpec([None, 10, 13], tf.float32)
    out = next(iter(ds))
    assert isinstance(out, tf.Tensor)
    # Decibels of float32 FFT energies: 10 / ln(10) times a relative
    # round-off of about 1e-6 stays far below 1e-3 dB.
    np.testing.assert_allclose(out.numpy(), layer(audio), atol=1e-3)
