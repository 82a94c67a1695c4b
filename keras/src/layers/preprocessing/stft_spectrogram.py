"""`STFTSpectrogram`: short-time Fourier transform features of signals."""

import math

import numpy as np

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.config_utils import attribute_config
from keras.src.layers.layer import Layer
from keras.src.utils.module_utils import scipy
from keras.src.utils.python_utils import ceil_div

_MODES = ("log", "magnitude", "psd", "real", "imag", "angle", "stft")


@keras_export("keras.layers.STFTSpectrogram")
class STFTSpectrogram(Layer):
    """Computes a spectrogram of each channel of a batch of 1D signals.

    The signal is cut into frames of `frame_length` samples taken every
    `frame_step` samples; each frame is multiplied by the window and
    transformed with a real FFT of size `fft_length`, giving
    `fft_length // 2 + 1` frequency bins. The transform is a 1D
    convolution whose kernels, `real_kernel` and `imag_kernel` of shape
    `(frame_length, 1, fft_length // 2 + 1)`, hold the windowed cosine and
    (negated) sine bases. They start as the exact DFT and are trainable
    unless the layer is created with `trainable=False`, so the front end
    can be fine-tuned with the rest of a model. Every channel of the input
    is transformed independently with the same kernels.

    Args:
        mode: What each frame becomes. `"real"` or `"imag"`: the real or
            imaginary part of the spectrum; `"stft"`: both, concatenated
            (real parts first); `"magnitude"`: the absolute value;
            `"log"`: its natural logarithm, computed as
            `0.5 * log(max(|X|^2, 1e-7))`; `"psd"`: the one-sided power
            spectral density (`|X|^2`, doubled on the bins whose
            negative frequency is folded in); `"angle"`: the phase in
            radians. Defaults to `"log"`.
        frame_length: Integer, the number of samples per frame (also the
            window length). Defaults to `256`.
        frame_step: Integer in `[1, frame_length]`, the hop between the
            starts of consecutive frames. Defaults to `frame_length // 2`.
        fft_length: Integer >= `frame_length`, the FFT size (frames are
            zero-padded up to it). Defaults to the smallest power of two
            >= `frame_length`.
        window: Name of a `scipy.signal.get_window` window (e.g. `"hann"`,
            `"hamming"`, `"blackman"`, `"tukey"`), or `None` for a
            rectangular window that is not rescaled. Defaults to `"hann"`.
        periodic: Boolean, whether the window is the periodic variant (for
            spectral analysis) rather than the symmetric one. Defaults to
            `False`.
        scaling: How the window is rescaled: `"density"` divides it by
            `sqrt(sum(window**2))` (power spectral density per sample);
            `"spectrum"` divides it by `sum(window)` (amplitude spectrum);
            `None` keeps it as is. Defaults to `"density"`.
        padding: `"valid"` (frames lie inside the signal) or `"same"`
            (zero-pad so that there are `ceil(length / frame_step)`
            frames). Defaults to `"valid"`.
        expand_dims: Boolean. When `False`, the bins of all channels are
            concatenated on one axis; when `True`, channels keep their own
            axis. Defaults to `False`.
        data_format: `"channels_last"` (inputs `(batch, samples,
            channels)`) or `"channels_first"` (inputs `(batch, channels,
            samples)`). Defaults to `keras.config.image_data_format()`.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`,
            `trainable`.

    Input shape:
        Float tensor `(batch, samples, channels)` for `"channels_last"`,
        `(batch, channels, samples)` for `"channels_first"`.

    Output shape:
        With `d = fft_length // 2 + 1` values per frame (`2 * d` for
        `"stft"`): `"channels_last"` gives `(batch, frames, channels * d)`,
        or `(batch, frames, d, channels)` with `expand_dims=True`;
        `"channels_first"` gives `(batch, channels * d, frames)`, or
        `(batch, channels, frames, d)` with `expand_dims=True`.

    Example:

    >>> tone = np.sin(0.3 * np.arange(1024, dtype="float32"))[None, :, None]
    >>> spec = keras.layers.STFTSpectrogram(
    ...     mode="psd", frame_length=128, frame_step=64,
    ...     data_format="channels_last")
    >>> spec(tone).shape  # 15 frames of 65 bins
    (1, 15, 65)
    """

    def __init__(
        self,
        mode="log",
        frame_length=256,
        frame_step=None,
        fft_length=None,
        window="hann",
        periodic=False,
        scaling="density",
        padding="valid",
        expand_dims=False,
        data_format=None,
        **kwargs,
    ):
        super().__init__(**kwargs)
        resolved_step = frame_length // 2 if frame_step is None else frame_step
        if not 0 < resolved_step <= frame_length:
            raise ValueError(
                "`frame_step` must be a positive integer no larger than "
                f"`frame_length`. Received frame_step={frame_step}, "
                f"frame_length={frame_length}"
            )
        resolved_fft = (
            2 ** math.ceil(math.log2(frame_length))
            if fft_length is None
            else fft_length
        )
        if resolved_fft < frame_length:
            raise ValueError(
                "`fft_length` must be at least `frame_length`. Received "
                f"fft_length={fft_length}, frame_length={frame_length}"
            )
        if padding not in ("valid", "same"):
            raise ValueError(
                "`padding` must be 'valid' or 'same'. Received "
                f"padding={padding!r}"
            )
        if scaling not in (None, "density", "spectrum"):
            raise ValueError(
                "`scaling` must be None, 'density' or 'spectrum'. Received "
                f"scaling={scaling!r}"
            )
        if mode not in _MODES:
            raise ValueError(
                f"`mode` must be one of {', '.join(_MODES)}. Received "
                f"mode={mode!r}"
            )
        if window is not None:
            _window_values(window, frame_length, periodic)  # Validates it.
        self.mode = mode
        self.frame_length = frame_length
        self.frame_step = frame_step
        self.fft_length = fft_length
        self.window = window
        self.periodic = periodic
        self.scaling = scaling
        self.padding = padding
        self.expand_dims = expand_dims
        self.data_format = backend.standardize_data_format(data_format)
        self._step = resolved_step
        self._fft = resolved_fft

    def build(self, input_shape=None):
        if self.built:
            return
        real, imag = self._dft_kernels()
        if self.mode != "imag":
            self.real_kernel = self.add_weight(
                name="real_kernel",
                shape=real.shape,
                initializer=lambda shape, dtype: ops.cast(real, dtype),
            )
        if self.mode != "real":
            self.imag_kernel = self.add_weight(
                name="imag_kernel",
                shape=imag.shape,
                initializer=lambda shape, dtype: ops.cast(imag, dtype),
            )
        self.built = True

    def _dft_kernels(self):
        """The windowed cosine and negated sine bases, each of shape
        `(frame_length, 1, fft_length // 2 + 1)`."""
        if self.window is None:
            window = np.ones(self.frame_length)
        else:
            window = _window_values(
                self.window, self.frame_length, self.periodic
            )
            if self.scaling == "density":
                window = window / np.sqrt(np.sum(np.square(window)))
            elif self.scaling == "spectrum":
                window = window / np.sum(window)
        samples = np.arange(self.frame_length)[:, None]
        bins = np.arange(self._fft // 2 + 1)[None, :]
        phase = 2.0 * np.pi * samples * bins / self._fft
        real = window[:, None] * np.cos(phase)
        imag = -window[:, None] * np.sin(phase)
        return real[:, None, :], imag[:, None, :]

    def call(self, inputs):
        dtype = backend.standardize_dtype(inputs.dtype)
        if dtype not in ("float16", "bfloat16", "float32", "float64"):
            raise TypeError(
                "`STFTSpectrogram` expects float signals (float16, "
                f"bfloat16, float32 or float64). Received: input type={dtype}"
            )
        signals = ops.cast(inputs, self.compute_dtype)
        if self.data_format == "channels_last":
            signals = ops.transpose(signals, (0, 2, 1))
        _, channels, samples = ops.shape(signals)
        # One single-channel signal per (example, channel) pair.
        frames = self._frame_values(ops.reshape(signals, (-1, samples, 1)))
        _, num_frames, depth = ops.shape(frames)
        frames = ops.reshape(frames, (-1, channels, num_frames, depth))
        if self.expand_dims:
            if self.data_format == "channels_last":
                return ops.transpose(frames, (0, 2, 3, 1))
            return frames
        # Channel-major concatenation of the per-channel values.
        frames = ops.reshape(
            ops.transpose(frames, (0, 2, 1, 3)),
            (-1, num_frames, channels * depth),
        )
        if self.data_format == "channels_last":
            return frames
        return ops.transpose(frames, (0, 2, 1))

    def _frame_values(self, signals):
        """Per-frame outputs of `mode` for signals `(n, samples, 1)`."""

        def transform(kernel):
            return ops.conv(
                signals,
                ops.cast(kernel, self.compute_dtype),
                strides=self._step,
                padding=self.padding,
                data_format="channels_last",
            )

        if self.mode == "real":
            return transform(self.real_kernel)
        if self.mode == "imag":
            return transform(self.imag_kernel)
        real = transform(self.real_kernel)
        imag = transform(self.imag_kernel)
        if self.mode == "stft":
            return ops.concatenate([real, imag], axis=-1)
        if self.mode == "angle":
            return ops.arctan2(imag, real)
        power = ops.add(ops.square(real), ops.square(imag))
        if self.mode == "magnitude":
            return ops.sqrt(power)
        if self.mode == "log":
            return ops.multiply(ops.log(ops.maximum(power, 1e-7)), 0.5)
        # "psd": fold the negative frequencies onto their positive twins:
        # every bin but DC (and Nyquist, for an even FFT size) counts twice.
        num_bins = self._fft // 2 + 1
        doubled = np.full((num_bins,), 2.0)
        doubled[0] = 1.0
        if self._fft % 2 == 0:
            doubled[-1] = 1.0
        return ops.multiply(power, ops.cast(doubled, self.compute_dtype))

    def compute_output_shape(self, input_shape):
        if self.data_format == "channels_last":
            batch, samples, channels = input_shape
        else:
            batch, channels, samples = input_shape
        if samples is None:
            num_frames = None
        elif self.padding == "same":
            num_frames = ceil_div(samples, self._step)
        else:
            num_frames = (samples - self.frame_length) // self._step + 1
        depth = self._fft // 2 + 1
        if self.mode == "stft":
            depth *= 2
        if self.expand_dims:
            if self.data_format == "channels_last":
                return (batch, num_frames, depth, channels)
            return (batch, channels, num_frames, depth)
        flat = None if channels is None else channels * depth
        if self.data_format == "channels_last":
            return (batch, num_frames, flat)
        return (batch, flat, num_frames)

    def get_config(self):
        config = super().get_config()
        config.update(
            attribute_config(
                self,
                "mode",
                "frame_length",
                "frame_step",
                "fft_length",
                "window",
                "periodic",
                "scaling",
                "padding",
                "data_format",
                "expand_dims",
            )
        )
        return config


def _window_values(window, length, periodic):
    """`scipy.signal.get_window(window, length)` as a float64 array; a
    `ValueError` naming `window` when scipy does not know it."""
    try:
        values = scipy.signal.get_window(window, length, fftbins=periodic)
    except (ValueError, TypeError) as error:
        raise ValueError(
            "`window` must be None or a window known to "
            "`scipy.signal.get_window` (e.g. 'hann', 'hamming', "
            f"'blackman'). Received window={window!r}: {error}"
        ) from None
    return np.asarray(values, "float64")
