import numpy as np
import pytest

from keras.src import layers


def _signal(length=64, channels=1):
    rng = np.random.RandomState(3)
    return rng.uniform(-1, 1, (2, length, channels)).astype("float32")


def test_stft_mode_matches_numpy_rfft():
    x = _signal()
    layer = layers.STFTSpectrogram(
        mode="stft",
        frame_length=10,
        frame_step=6,
        fft_length=16,
        window=None,
        data_format="channels_last",
    )
    y = np.asarray(layer(x))
    frames = np.stack([x[:, i : i + 10, 0] for i in range(0, 55, 6)], 1)
    spectrum = np.fft.rfft(frames, 16)
    assert y.shape == (2, 10, 18)
    np.testing.assert_allclose(y[..., :9], spectrum.real, atol=1e-5)
    np.testing.assert_allclose(y[..., 9:], spectrum.imag, atol=1e-5)
    assert [w.name for w in layer.weights] == ["real_kernel", "imag_kernel"]


def test_psd_doubles_all_bins_but_dc_and_nyquist():
    x = _signal()
    common = dict(frame_length=8, frame_step=8, window="hann")
    layer = layers.STFTSpectrogram(mode="psd", scaling=None, **common)
    stft = layers.STFTSpectrogram(mode="stft", scaling=None, **common)
    y, z = np.asarray(layer(x)), np.asarray(stft(x))
    power = z[..., :5] ** 2 + z[..., 5:] ** 2
    np.testing.assert_allclose(y[..., [0, 4]], power[..., [0, 4]], rtol=1e-5)
    np.testing.assert_allclose(y[..., 1:4], 2 * power[..., 1:4], rtol=1e-5)


def test_channel_layouts():
    x = _signal(channels=3)
    kwargs = dict(mode="magnitude", frame_length=16, frame_step=4)
    last = layers.STFTSpectrogram(data_format="channels_last", **kwargs)
    expanded = layers.STFTSpectrogram(
        data_format="channels_last", expand_dims=True, **kwargs
    )
    first = layers.STFTSpectrogram(data_format="channels_first", **kwargs)
    y_last = np.asarray(last(x))
    y_expanded = np.asarray(expanded(x))
    y_first = np.asarray(first(np.transpose(x, (0, 2, 1))))
    assert y_last.shape == (2, 13, 27)
    assert y_expanded.shape == (2, 13, 9, 3)
    np.testing.assert_allclose(y_last[..., 9:18], y_expanded[..., 1])
    np.testing.assert_allclose(y_first, np.transpose(y_last, (0, 2, 1)))
    assert last.compute_output_shape((2, 64, 3)) == (2, 13, 27)


def test_same_padding_and_frozen_kernels():
    layer = layers.STFTSpectrogram(
        mode="real", frame_length=16, padding="same", trainable=False
    )
    assert layer(_signal(length=50)).shape == (2, 7, 9)
    assert len(layer.non_trainable_weights) == 1


def test_invalid_arguments():
    with pytest.raises(ValueError, match="frame_step"):
        layers.STFTSpectrogram(frame_length=8, frame_step=9)
    with pytest.raises(ValueError, match="fft_length"):
        layers.STFTSpectrogram(frame_length=8, fft_length=4)
    with pytest.raises(ValueError, match="window"):
        layers.STFTSpectrogram(window="no-such-window")
    with pytest.raises(ValueError, match="mode"):
        layers.STFTSpectrogram(mode="mel")
    with pytest.raises(TypeError, match="int32"):
        layers.STFTSpectrogram(frame_length=8)(np.zeros((1, 32, 1), "int32"))
