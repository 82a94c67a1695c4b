"""Initializers that do not draw random numbers."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.backend import standardize_dtype
from keras.src.initializers.initializer import Initializer


@keras_export(["keras.initializers.Constant", "keras.initializers.constant"])
class Constant(Initializer):
    """Fills tensors with a single constant value.

    Args:
        value: A Python scalar, cast to the requested dtype.

    Example:

    >>> keras.initializers.Constant(3.0)(shape=(2,)).tolist()
    [3.0, 3.0]
    """

    def __init__(self, value=0.0):
        self.value = value

    def __call__(self, shape, dtype=None):
        filled = ops.cast(self.value, standardize_dtype(dtype))
        return ops.broadcast_to(filled, tuple(shape))

    def get_config(self):
        value = self.value
        if hasattr(value, "tolist"):
            value = value.tolist()
        return {"value": value}


@keras_export(["keras.initializers.Zeros", "keras.initializers.zeros"])
class Zeros(Initializer):
    """Fills tensors with zeros.

    Example:

    >>> keras.initializers.Zeros()(shape=(2,)).tolist()
    [0.0, 0.0]
    """

    def __call__(self, shape, dtype=None):
        """Returns a tensor of zeros.

        Args:
            shape: Shape tuple.
            dtype: Optional numeric or boolean dtype (default: floatx).
        """
        dtype = standardize_dtype(dtype)
        return ops.zeros(shape, dtype=dtype)


@keras_export(["keras.initializers.Ones", "keras.initializers.ones"])
class Ones(Initializer):
    """Fills tensors with ones.

    Example:

    >>> keras.initializers.Ones()(shape=(2,)).tolist()
    [1.0, 1.0]
    """

    def __call__(self, shape, dtype=None):
        """Returns a tensor of ones.

        Args:
            shape: Shape tuple.
            dtype: Optional numeric or boolean dtype (default: floatx).
        """
        dtype = standardize_dtype(dtype)
        return ops.ones(shape, dtype=dtype)


@keras_export(
    [
        "keras.initializers.IdentityInitializer",
        "keras.initializers.Identity",
        "keras.initializers.identity",
    ]
)
class Identity(Initializer):
    """Creates `gain` times the identity matrix (2D shapes only).

    For non-square shapes, the main diagonal holds `gain` and the rest is 0.

    Args:
        gain: Multiplicative factor.

    Example:

    >>> keras.initializers.Identity()(shape=(2, 2)).tolist()
    [[1.0, 0.0], [0.0, 1.0]]
    """

    def __init__(self, gain=1.0):
        self.gain = gain

    def __call__(self, shape, dtype=None):
        if len(shape) != 2:
            raise ValueError(
                "Identity matrix initializer can only be used for 2D "
                f"matrices. Received: shape={shape} of rank {len(shape)}."
            )
        dtype = standardize_dtype(dtype)
        return ops.cast(self.gain, dtype) * ops.eye(
            shape[0], shape[1], dtype=dtype
        )

    def get_config(self):
        return {"gain": self.gain}


IdentityInitializer = Identity


@keras_export(
    [
        "keras.initializers.STFT",
        "keras.initializers.stft",
        "keras.initializers.STFTInitializer",
    ]
)
class STFT(Initializer):
    """Kernel of a short-time Fourier transform (for a 1D convolution).

    For a kernel of shape `(frame_length, 1, num_bins)`, entry `[t, 0, k]`
    is the real part (`cos`) or the imaginary part (`sin`) of
    `exp(-2j * pi * t * k / fft_length)` with
    `fft_length = 2 * (num_bins - 1)`, multiplied by the window's value at
    `t`. A `Conv1D` with this kernel (and stride `hop_length`) computes one
    half of the STFT of its input.

    Args:
        side: `"real"` or `"imag"`: which part of the transform.
        window: `None` (rectangular), a window name understood by
            `scipy.signal.get_window` (e.g. `"hann"`, `"hamming"`), or a
            list or array of `frame_length` values.
        scaling: How the window is normalized: `"density"` (unit
            L2 norm), `"spectrum"` (unit sum) or `None` (as is). Ignored
            when `window` is `None`.
        periodic: For named windows, whether they are periodic (`True`,
            suited to spectral analysis) or symmetric (`False`).

    Example:

    >>> init = keras.initializers.STFT("real", window=None)
    >>> init((4, 1, 3)).shape
    (4, 1, 3)
    """

    def __init__(
        self, side="real", window="hann", scaling="density", periodic=False
    ):
        if side not in ("real", "imag"):
            raise ValueError(
                f"Invalid `side` argument: {side}. Expected 'real' or 'imag'."
            )
        if scaling not in ("density", "spectrum", None):
            raise ValueError(
                f"Invalid `scaling` argument: {scaling}. Expected "
                "'density', 'spectrum' or None."
            )
        if isinstance(window, str):
            try:
                _named_window(window, 2, periodic)
            except ValueError as e:
                raise ValueError(
                    f"Invalid `window` argument: {window}. ({e})"
                ) from None
        self.side = side
        self.window = window
        self.scaling = scaling
        self.periodic = periodic

    def __call__(self, shape, dtype=None):
        import numpy as np

        dtype = standardize_dtype(dtype)
        frame_length, num_bins = shape[0], shape[-1]
        fft_length = 2 * (num_bins - 1)
        t = np.arange(frame_length, dtype="float64").reshape((-1, 1, 1))
        k = np.arange(num_bins, dtype="float64").reshape((1, 1, -1))
        angle = -2.0 * np.pi * t * k / fft_length
        values = np.cos(angle) if self.side == "real" else np.sin(angle)
        if self.window is not None:
            if isinstance(self.window, str):
                window = _named_window(self.window, frame_length, self.periodic)
            else:
                window = np.asarray(self.window, dtype="float64")
            if self.scaling == "density":
                window = window / np.sqrt(np.sum(window**2))
            elif self.scaling == "spectrum":
                window = window / np.sum(window)
            values = values * window.reshape((-1, 1, 1))
        values = np.broadcast_to(values, tuple(shape))
        return ops.cast(values, dtype)

    def get_config(self):
        return {
            "side": self.side,
            "window": self.window,
            "scaling": self.scaling,
            "periodic": self.periodic,
        }


def _named_window(name, length, periodic):
    import scipy.signal

    return scipy.signal.get_window(name, length, fftbins=periodic)
