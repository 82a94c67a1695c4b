"""`MelSpectrogram`: log-mel features of audio signals."""

import numpy as np

from keras.src.api_export import keras_export
from keras.src.layers.config_utils import attribute_config
from keras.src.layers.preprocessing.data_layer import DataLayer


@keras_export("keras.layers.MelSpectrogram")
class MelSpectrogram(DataLayer):
    """Turns raw audio into a (log-scaled) mel spectrogram.

    Each signal goes through a centered short-time Fourier transform
    (`keras.ops.stft` with `center=True`, so there are
    `1 + samples // sequence_stride` frames), whose magnitudes raised to
    `mag_exp` are summed into `num_mel_bins` triangular bands spread evenly
    on the mel scale (HTK formula `1127 * ln(1 + f / 700)`) between
    `min_freq` and `max_freq`. With `power_to_db=True` the band energies
    are then expressed in decibels relative to `ref_power`, and values more
    than `top_db` below the largest one of the batch are raised to that
    floor. The layer has no weights. Inside a `tf.data` pipeline it
    computes with TensorFlow ops and returns TensorFlow tensors.

    Args:
        fft_length: Integer, the FFT size; `fft_length // 2 + 1` linear
            frequency bins feed the mel bands. Defaults to `2048`.
        sequence_stride: Integer, the hop between consecutive frames, in
            samples. Defaults to `512`.
        sequence_length: Integer <= `fft_length`, the window length in
            samples. Defaults to `fft_length`.
        window: `"hann"`, `"hamming"` or `None` (no windowing). Defaults to
            `"hann"`.
        sampling_rate: Number, the sample rate of the audio in Hz. Defaults
            to `16000`.
        num_mel_bins: Integer, the number of mel bands. Defaults to `128`.
        min_freq: Number, the lower edge of the lowest band, in Hz.
            Defaults to `20.0`.
        max_freq: Number, the upper edge of the highest band, in Hz.
            Defaults to half of `sampling_rate`.
        power_to_db: Boolean, whether to output decibels rather than band
            energies. Defaults to `True`.
        top_db: Number, the dynamic range kept in decibels, or `None` to
            keep everything. Defaults to `80.0`.
        mag_exp: Number, the exponent applied to the STFT magnitudes
            (`2.0` for power, `1.0` for amplitude). Defaults to `2.0`.
        min_power: Number, the energy floor applied before taking the
            logarithm. Defaults to `1e-10`.
        ref_power: Number, the energy mapped to 0 dB. Defaults to `1.0`.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`.

    Input shape:
        `(batch, samples)` or `(samples,)`.

    Output shape:
        `(batch, num_mel_bins, frames)` or `(num_mel_bins, frames)`, with
        `frames = 1 + samples // sequence_stride`.

    Example:

    >>> chirp = np.sin(0.001 * np.arange(4000.0) ** 2)[None]
    >>> mel = keras.layers.MelSpectrogram(
    ...     fft_length=256, sequence_stride=128, num_mel_bins=40,
    ...     sampling_rate=8000)
    >>> mel(chirp).shape  # 40 bands, 32 frames
    (1, 40, 32)
    """

    def __init__(
        self,
        fft_length=2048,
        sequence_stride=512,
        sequence_length=None,
        window="hann",
        sampling_rate=16000,
        num_mel_bins=128,
        min_freq=20.0,
        max_freq=None,
        power_to_db=True,
        top_db=80.0,
        mag_exp=2.0,
        min_power=1e-10,
        ref_power=1.0,
        **kwargs,
    ):
        sequence_length = sequence_length or fft_length
        if fft_length < sequence_length:
            raise ValueError(
                "`fft_length` must be greater than or equal to "
                f"`sequence_length`. Received: sequence_length="
                f"{sequence_length}, fft_length={fft_length}"
            )
        super().__init__(**kwargs)
        self.fft_length = fft_length
        self.sequence_stride = sequence_stride
        self.sequence_length = sequence_length
        self.window = window
        self.sampling_rate = sampling_rate
        self.num_mel_bins = num_mel_bins
        self.min_freq = min_freq
        self.max_freq = sampling_rate // 2 if max_freq is None else max_freq
        self.power_to_db = power_to_db
        self.top_db = top_db
        self.mag_exp = mag_exp
        self.min_power = min_power
        self.ref_power = ref_power
        self._mel_weights = _mel_filterbank(
            num_mel_bins,
            fft_length // 2 + 1,
            sampling_rate,
            min_freq,
            self.max_freq,
        )

    def call(self, inputs):
        # `stft` needs a 32 or 64-bit signal; 16-bit policies only get
        # their dtype back at the end.
        ops = self.backend
        work_dtype = self.compute_dtype
        if work_dtype not in ("float32", "float64"):
            work_dtype = "float32"
        signals = ops.cast(inputs, work_dtype)
        real, imag = ops.stft(
            signals,
            sequence_length=self.sequence_length,
            sequence_stride=self.sequence_stride,
            fft_length=self.fft_length,
            window=self.window,
            center=True,
        )
        energy = ops.add(ops.square(real), ops.square(imag))
        if self.mag_exp != 2.0:
            energy = ops.power(energy, self.mag_exp / 2.0)
        mel = ops.matmul(energy, ops.cast(self._mel_weights, work_dtype))
        if self.power_to_db:
            mel = self._to_decibels(mel)
        # (..., frames, bands) -> (..., bands, frames)
        return ops.cast(ops.swapaxes(mel, -1, -2), self.compute_dtype)

    def _to_decibels(self, energy):
        ops = self.backend
        db = ops.multiply(10.0, ops.log10(ops.maximum(energy, self.min_power)))
        db = ops.subtract(
            db, 10.0 * np.log10(max(self.ref_power, self.min_power))
        )
        if self.top_db is not None:
            db = ops.maximum(db, ops.subtract(ops.max(db), self.top_db))
        return db

    def compute_output_shape(self, input_shape):
        *batch, samples = input_shape
        frames = (
            None if samples is None else 1 + samples // self.sequence_stride
        )
        return (*batch, self.num_mel_bins, frames)

    def get_config(self):
        config = super().get_config()
        config.update(
            attribute_config(
                self,
                "fft_length",
                "sequence_stride",
                "sequence_length",
                "window",
                "sampling_rate",
                "num_mel_bins",
                "min_freq",
                "max_freq",
                "power_to_db",
                "top_db",
                "mag_exp",
                "min_power",
                "ref_power",
            )
        )
        return config


def _hz_to_mel(frequency):
    return 1127.0 * np.log1p(np.asarray(frequency, "float64") / 700.0)


def _mel_filterbank(num_bands, num_bins, sampling_rate, min_freq, max_freq):
    """The `(num_bins, num_bands)` matrix summing linear STFT bins into
    triangular mel bands; the DC bin contributes to no band."""
    bin_mels = _hz_to_mel(np.linspace(0.0, sampling_rate / 2.0, num_bins))
    edges = np.linspace(
        _hz_to_mel(min_freq), _hz_to_mel(max_freq), num_bands + 2
    )
    lower, center, upper = edges[:-2], edges[1:-1], edges[2:]
    mels = bin_mels[1:, None]
    rising = (mels - lower) / (center - lower)
    falling = (upper - mels) / (upper - center)
    weights = np.maximum(0.0, np.minimum(rising, falling))
    return np.pad(weights, [[1, 0], [0, 0]]).astype("float32")
