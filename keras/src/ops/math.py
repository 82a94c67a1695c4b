"""Math ops (`keras.ops.*`)."""

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend.common import dtypes
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.backend.common.keras_tensor import any_symbolic_tensors
from keras.src.ops.numpy import broadcast_shapes
from keras.src.ops.operation import Operation
from keras.src.ops.operation import dispatch_to
from keras.src.ops.operation import symbolic_op


def _export(name):
    return keras_export(f"keras.ops.{name}")


def _segment_reduce(reduce, data, segment_ids, num_segments, sorted):
    """Checks the arguments of a segment reduction, then runs `reduce`."""
    _check_segment_arguments(data, segment_ids)
    return reduce(data, segment_ids, num_segments=num_segments, sorted=sorted)


class _SegmentReduction(Operation):
    """A segment reduction; the constructor takes its static arguments."""

    def __init__(self, num_segments=None, sorted=False, *, name=None):
        super().__init__(name=name)
        self.num_segments = num_segments
        self.sorted = sorted

    def compute_output_spec(self, data, segment_ids):
        _check_segment_arguments(data, segment_ids)
        return KerasTensor(
            (self.num_segments,) + tuple(data.shape[1:]), dtype=data.dtype
        )


def _check_segment_arguments(data, segment_ids):
    data_shape = _shape(data)
    ids_shape = _shape(segment_ids)
    if len(ids_shape) != 1:
        raise ValueError(
            "Argument `segment_ids` should be an 1-D vector, one segment "
            f"id per row of `data`. Received: segment_ids.shape={ids_shape}"
        )
    if (
        data_shape
        and data_shape[0] is not None
        and ids_shape[0] is not None
        and data_shape[0] != ids_shape[0]
    ) or (not data_shape and ids_shape[0] is not None):
        raise ValueError(
            "Argument `segment_ids` and `data` should have same leading "
            f"dimension. Received: data.shape={data_shape}, "
            f"segment_ids.shape={ids_shape}"
        )


class SegmentSum(_SegmentReduction):
    """The operation of `keras.ops.segment_sum`."""


class SegmentMax(_SegmentReduction):
    """The operation of `keras.ops.segment_max`."""


class SegmentMin(_SegmentReduction):
    """Segment-wise minimum: `SegmentMin(num_segments)(data, segment_ids)`."""


class SegmentProd(_SegmentReduction):
    """Segment-wise product: `SegmentProd(num_segments)(data, segment_ids)`."""


@_export("segment_sum")
@dispatch_to(SegmentSum)
def segment_sum(data, segment_ids, num_segments=None, sorted=False):
    """Adds up the rows of `data` that share a segment id.

    Args:
        data: Input tensor.
        segment_ids: A 1-D integer tensor with the segment of each row of
            `data` (length `data.shape[0]`).
        num_segments: The number of segments. Required with the JAX
            backend on concrete inputs (output shapes must be static); a
            symbolic call without it gives an unknown leading dimension.
        sorted: Whether `segment_ids` is sorted (a performance hint).

    Returns:
        A tensor of shape `(num_segments,) + data.shape[1:]`.

    Example:

    >>> keras.ops.segment_sum(np.array([1, 2, 10]), np.array([0, 0, 1]), 2)
    Array([ 3, 10], dtype=int32)
    """
    return _segment_reduce(
        backend.math.segment_sum, data, segment_ids, num_segments, sorted
    )


@_export("segment_max")
@dispatch_to(SegmentMax)
def segment_max(data, segment_ids, num_segments=None, sorted=False):
    """Takes the largest row of `data` within each segment id.

    Args:
        data: Input tensor.
        segment_ids: A 1-D integer tensor with the segment of each row of
            `data`.
        num_segments: The number of segments (see `segment_sum`).
        sorted: Whether `segment_ids` is sorted.

    Returns:
        A tensor of shape `(num_segments,) + data.shape[1:]`.
    """
    return _segment_reduce(
        backend.math.segment_max, data, segment_ids, num_segments, sorted
    )


@_export("segment_min")
@dispatch_to(SegmentMin)
def segment_min(data, segment_ids, num_segments=None, sorted=False):
    """Takes the smallest row of `data` within each segment id.

    Args:
        data: Input tensor.
        segment_ids: A 1-D integer tensor with the segment of each row of
            `data`.
        num_segments: The number of segments (see `segment_sum`).
        sorted: Whether `segment_ids` is sorted.

    Returns:
        A tensor of shape `(num_segments,) + data.shape[1:]`. A segment with
        no row holds the dtype's largest value.

    Example:

    >>> keras.ops.segment_min(np.array([4, 2, 10]), np.array([0, 0, 1]), 2)
    Array([ 2, 10], dtype=int32)
    """
    return _segment_reduce(
        backend.math.segment_min, data, segment_ids, num_segments, sorted
    )


@_export("segment_prod")
@dispatch_to(SegmentProd)
def segment_prod(data, segment_ids, num_segments=None, sorted=False):
    """Multiplies the rows of `data` that share a segment id.

    Args:
        data: Input tensor.
        segment_ids: A 1-D integer tensor with the segment of each row of
            `data`.
        num_segments: The number of segments (see `segment_sum`).
        sorted: Whether `segment_ids` is sorted.

    Returns:
        A tensor of shape `(num_segments,) + data.shape[1:]`. A segment with
        no row holds 1.

    Example:

    >>> keras.ops.segment_prod(np.array([4, 2, 10]), np.array([0, 0, 1]), 2)
    Array([ 8, 10], dtype=int32)
    """
    return _segment_reduce(
        backend.math.segment_prod, data, segment_ids, num_segments, sorted
    )


def _top_k_spec(x, k, sorted=True, is_stable=True):
    shape = tuple(x.shape)
    if not shape:
        raise ValueError(
            "`top_k` needs an input of rank >= 1 (it selects along the last "
            f"axis). Received: x.shape={shape}"
        )
    shape = shape[:-1] + (k,)
    return KerasTensor(shape, dtype=x.dtype), KerasTensor(shape, "int32")


@_export("top_k")
@symbolic_op(static=("k", "sorted", "is_stable"), spec=_top_k_spec)
def top_k(x, k, sorted=True, is_stable=True):
    """Returns the `k` largest entries along the last axis, with positions.

    Args:
        x: Input tensor.
        k: An integer, the number of top elements to return.
        sorted: Whether to sort the output in descending order (JAX always
            returns sorted results).
        is_stable: Whether equal values keep their original order (the
            lower index first). JAX's selection is always stable, so both
            values give the same result here.

    Returns:
        A tuple `(values, indices)`; indices are `int32`.

    Example:

    >>> values, indices = keras.ops.top_k(np.array([5., 2., 7.]), k=2)
    >>> indices
    Array([2, 0], dtype=int32)
    """
    return backend.math.top_k(x, k, sorted=sorted, is_stable=is_stable)


def _in_top_k_spec(targets, predictions, k):
    return KerasTensor(tuple(targets.shape), dtype="bool")


@_export("in_top_k")
@symbolic_op(static=("k",), spec=_in_top_k_spec)
def in_top_k(targets, predictions, k):
    """Tells, per row, whether the target class ranks among the `k` best.

    Ties count in favour of the target. A target whose prediction is not
    finite (or that is out of range) is never in the top `k`.

    Args:
        targets: An integer tensor of true class indices, of any shape `S`.
        predictions: A tensor of scores of shape `S + (num_classes,)`,
            e.g. `(batch, num_classes)` for 1-D `targets`.
        k: An integer, the number of top elements to consider.

    Returns:
        A boolean tensor of the shape of `targets`.

    Example:

    >>> keras.ops.in_top_k(
    ...     np.array([[0, 2]]), np.array([[[0.7, 0.3, 0.0], [0.5, 0.1, 0.4]]]),
    ...     k=1)
    Array([[ True, False]], dtype=bool)
    """
    return backend.math.in_top_k(targets, predictions, k)


@_export("logsumexp")
@symbolic_op
def logsumexp(x, axis=None, keepdims=False):
    """Evaluates `log(sum(exp(x)))` without overflowing for large `x`.

    Args:
        x: Input tensor.
        axis: Integer or tuple of integers, the dimensions to reduce. If
            `None`, all elements are reduced.
        keepdims: If `True`, the reduced axes are kept with size one.

    Returns:
        A tensor containing `log(sum(exp(x)))`, computed stably.
    """
    return backend.math.logsumexp(x, axis=axis, keepdims=keepdims)


@_export("rsqrt")
@symbolic_op
def rsqrt(x):
    """Element-wise `1 / sqrt(x)`.

    Args:
        x: Input tensor.

    Returns:
        A tensor with the same shape as `x` (floatx for integer inputs).

    Example:

    >>> keras.ops.rsqrt(np.array([1.0, 4.0]))
    Array([1. , 0.5], dtype=float32)
    """
    return backend.math.rsqrt(x)


@_export("erf")
@symbolic_op
def erf(x):
    """Element-wise Gauss error function `erf(x)`.

    Args:
        x: Input tensor.

    Returns:
        A tensor with the same shape as `x`.
    """
    return backend.math.erf(x)


@_export("erfinv")
@symbolic_op
def erfinv(x):
    """Element-wise inverse of `erf`: `erfinv(erf(x)) == x` on `(-1, 1)`.

    Args:
        x: Input tensor.

    Returns:
        A tensor with the same shape as `x`.
    """
    return backend.math.erfinv(x)


@_export("logdet")
@symbolic_op
def logdet(x):
    """Log-determinant of a Hermitian positive-definite matrix.

    Computed from a Cholesky factorization, which is more stable than taking
    `log(det(x))`.

    Args:
        x: Input matrix (or batch of matrices), shape `(..., M, M)`.

    Returns:
        `log(det(x))`, of shape `(...,)`.
    """
    return backend.math.logdet(x)


@_export("extract_sequences")
@symbolic_op(static=("sequence_length", "sequence_stride"))
def extract_sequences(x, sequence_length, sequence_stride):
    """Cuts the last axis of `x` into (possibly overlapping) windows.

    Args:
        x: Input tensor of shape `(..., length)`.
        sequence_length: Length of each sequence.
        sequence_stride: Step between the starts of consecutive sequences.

    Returns:
        A tensor of shape `(..., num_sequences, sequence_length)`, with
        `num_sequences = 1 + (length - sequence_length) // sequence_stride`.
    """
    _check_rank(_shape(x), 1)
    return backend.math.extract_sequences(x, sequence_length, sequence_stride)


@_export("erfc")
@symbolic_op
def erfc(x):
    """Element-wise complementary error function `1 - erf(x)`.

    Computed directly, so it keeps its precision where `erf(x)` is close
    to one.

    Args:
        x: Input tensor.

    Returns:
        A tensor with the same shape as `x`.

    Example:

    >>> keras.ops.erfc(np.array([0.0, 3.0]))
    Array([1.0000000e+00, 2.2090497e-05], dtype=float32)
    """
    return backend.math.erfc(x)


def _dtype_or_scalar_type(x):
    # Python scalars stay weakly typed: `gammainc(float16_x, 1.0)` is
    # float16.
    if isinstance(x, (bool, int, float)):
        return type(x)
    if not hasattr(x, "dtype"):
        x = backend.convert_to_tensor(x)
    return x.dtype


def _gammainc_spec(x1, x2):
    shape = broadcast_shapes(_shape(x1), _shape(x2))
    dtype = dtypes.result_type(
        _dtype_or_scalar_type(x1), _dtype_or_scalar_type(x2), float
    )
    return KerasTensor(tuple(shape), dtype=dtype)


@_export("gammainc")
@symbolic_op(spec=_gammainc_spec)
def gammainc(x1, x2):
    """Regularized lower incomplete gamma function `P(x1, x2)`.

    `P(a, x)` is the integral of `t**(a - 1) * exp(-t)` from `0` to `x`,
    divided by `Gamma(a)`: the probability that a Gamma(`a`, 1) variable
    is at most `x`. It grows from `0` at `x = 0` to `1` as `x` goes to
    infinity; negative `a` or `x` give NaN.

    Args:
        x1: The shape parameter `a` (positive).
        x2: The upper limit of integration `x` (non-negative). The two
            inputs broadcast against each other.

    Returns:
        A float tensor of the broadcast shape (floatx for integer inputs).

    Example:

    >>> keras.ops.gammainc(np.array([1.0, 2.0]), np.array([1.0, 1.0]))
    Array([0.6321202 , 0.26424113], dtype=float32)
    """
    return backend.math.gammainc(x1, x2)


# --------------------------------------------------------------- spectral ops
# Complex values travel as `(real, imag)` pairs of float tensors.


def _float_dtype(dtype):
    dtype = backend.standardize_dtype(dtype)
    return dtype if dtype in ("float32", "float64") else "float32"


def _shape(x):
    if isinstance(x, (bool, int, float)):
        return ()
    return (
        tuple(x.shape)
        if hasattr(x, "shape")
        else tuple(backend.convert_to_tensor(x).shape)
    )


def _check_pair(x, min_rank):
    """Validates a `(real, imag)` pair; returns `(shape, dtype)`."""
    if not isinstance(x, (tuple, list)) or len(x) != 2:
        raise ValueError(
            "Input `x` should be a tuple of two tensors - real and "
            f"imaginary, the parts of a complex tensor. Received: x={x}"
        )
    real, imag = x
    shape = _shape(real)
    if shape != _shape(imag):
        raise ValueError(
            "Both the real and imaginary parts should have the same shape. "
            f"Received: real.shape={shape}, imag.shape={_shape(imag)}"
        )
    _check_rank(shape, min_rank)
    return shape, _float_dtype(real.dtype)


def _check_rank(shape, min_rank):
    if len(shape) < min_rank:
        raise ValueError(
            f"Input should have rank >= {min_rank}. Received: "
            f"input.shape={shape}"
        )


class FFT(Operation):
    """The operation of `keras.ops.fft`."""

    _axes = 1

    def compute_output_spec(self, x):
        shape, dtype = _check_pair(x, self._axes)
        if any(d is None for d in shape[-self._axes :]):
            what = (
                "last dimension"
                if self._axes == 1
                else (f"last {self._axes} axes")
            )
            raise ValueError(
                f"Input should have its {what} fully-defined. "
                f"Received: input.shape={shape}"
            )
        return KerasTensor(shape, dtype), KerasTensor(shape, dtype)


class FFT2(FFT):
    """The operation of `keras.ops.fft2`."""

    _axes = 2


class IFFT2(FFT):
    """The operation of `keras.ops.ifft2`."""

    _axes = 2


@_export("fft")
@dispatch_to(FFT)
def fft(x):
    """Discrete Fourier transform along the last axis.

    Args:
        x: A tuple `(real, imag)` of two float tensors of the same shape,
            the parts of a complex input.

    Returns:
        A tuple `(real, imag)` with the parts of the transform.

    Example:

    >>> real, imag = keras.ops.fft((np.array([1.0, 0.0]), np.zeros(2)))
    >>> real
    Array([1., 1.], dtype=float32)
    """
    return backend.math.fft(x)


@_export("fft2")
@dispatch_to(FFT2)
def fft2(x):
    """Two-dimensional discrete Fourier transform over the last two axes.

    Args:
        x: A tuple `(real, imag)` of two float tensors of the same shape
            (rank 2 or more).

    Returns:
        A tuple `(real, imag)` with the parts of the transform.
    """
    return backend.math.fft2(x)


@_export("ifft2")
@dispatch_to(IFFT2)
def ifft2(x):
    """Inverse of `fft2`, over the last two axes.

    Args:
        x: A tuple `(real, imag)` of two float tensors of the same shape
            (rank 2 or more).

    Returns:
        A tuple `(real, imag)` with the parts of the inverse transform.
    """
    return backend.math.ifft2(x)


class RFFT(Operation):
    """The operation of `keras.ops.rfft`.

    Args:
        fft_length: Optional length of the transform (see `rfft`).
    """

    def __init__(self, fft_length=None, *, name=None):
        super().__init__(name=name)
        self.fft_length = fft_length

    def compute_output_spec(self, x):
        shape = _shape(x)
        _check_rank(shape, 1)
        length = self.fft_length if self.fft_length is not None else shape[-1]
        bins = None if length is None else length // 2 + 1
        dtype = _float_dtype(getattr(x, "dtype", "float32"))
        out = shape[:-1] + (bins,)
        return KerasTensor(out, dtype), KerasTensor(out, dtype)


@_export("rfft")
@dispatch_to(RFFT)
def rfft(x, fft_length=None):
    """Discrete Fourier transform of a real signal along the last axis.

    Only the non-negative frequencies are returned: the others are the
    complex conjugates of these.

    Args:
        x: A real tensor.
        fft_length: Length of the transform; the last axis of `x` is
            cropped or zero-padded to it. Defaults to its size.

    Returns:
        A tuple `(real, imag)`, each of last dimension
        `fft_length // 2 + 1`.

    Example:

    >>> real, imag = keras.ops.rfft(np.array([1.0, 1.0, 1.0, 1.0]))
    >>> real
    Array([4., 0., 0.], dtype=float32)
    """
    return backend.math.rfft(x, fft_length=fft_length)


class IRFFT(Operation):
    """The operation of `keras.ops.irfft`.

    Args:
        fft_length: Optional length of the result (see `irfft`).
    """

    def __init__(self, fft_length=None, *, name=None):
        super().__init__(name=name)
        self.fft_length = fft_length

    def compute_output_spec(self, x):
        shape, dtype = _check_pair(x, 1)
        if self.fft_length is not None:
            length = self.fft_length
        elif shape[-1] is not None:
            length = 2 * (shape[-1] - 1)
        else:
            length = None
        return KerasTensor(shape[:-1] + (length,), dtype)


@_export("irfft")
@dispatch_to(IRFFT)
def irfft(x, fft_length=None):
    """Inverse of `rfft`: a real signal from its non-negative frequencies.

    Args:
        x: A tuple `(real, imag)` of two float tensors of the same shape.
        fft_length: Length of the real result. Defaults to
            `2 * (x[0].shape[-1] - 1)`.

    Returns:
        A real tensor of last dimension `fft_length`.

    Example:

    >>> keras.ops.irfft((np.array([4.0, 0.0, 0.0]), np.zeros(3)))
    Array([1., 1., 1., 1.], dtype=float32)
    """
    return backend.math.irfft(x, fft_length=fft_length)


def _check_stft_arguments(sequence_length, sequence_stride, fft_length, window):
    if (
        not isinstance(sequence_stride, int)
        or isinstance(sequence_stride, bool)
        or sequence_stride < 1
    ):
        raise ValueError(
            "`sequence_stride` must be a positive integer. Received: "
            f"sequence_stride={sequence_stride}"
        )
    if fft_length < sequence_length:
        raise ValueError(
            "`fft_length` must equal or exceed `sequence_length` (each "
            f"frame holds a whole window). Received: fft_length={fft_length}"
            f", sequence_length={sequence_length}"
        )
    if isinstance(window, str):
        if window not in ("hann", "hamming"):
            raise ValueError(
                "If a string is passed to `window`, it must name a "
                "supported window: `'hann'` or `'hamming'`. Received: "
                f"window={window}"
            )
    elif window is not None:
        shape = _shape(window)
        if shape != (sequence_length,):
            raise ValueError(
                "The shape of `window` must be equal to "
                f"`(sequence_length,)` = ({sequence_length},). Received: "
                f"window.shape={shape}"
            )


class STFT(Operation):
    """The operation of `keras.ops.stft` (arguments as there)."""

    def __init__(
        self,
        sequence_length,
        sequence_stride,
        fft_length,
        window="hann",
        center=True,
        *,
        name=None,
    ):
        super().__init__(name=name)
        self.sequence_length = sequence_length
        self.sequence_stride = sequence_stride
        self.fft_length = fft_length
        self.window = window
        self.center = center

    def call(self, x):
        return backend.math.stft(
            x,
            self.sequence_length,
            self.sequence_stride,
            self.fft_length,
            window=self.window,
            center=self.center,
        )

    def compute_output_spec(self, x):
        shape = _shape(x)
        _check_rank(shape, 1)
        length = shape[-1]
        if length is None:
            frames = None
        else:
            if self.center:
                length += 2 * (self.fft_length // 2)
            frames = 1 + (length - self.fft_length) // self.sequence_stride
        out = shape[:-1] + (frames, self.fft_length // 2 + 1)
        dtype = _float_dtype(getattr(x, "dtype", "float32"))
        return KerasTensor(out, dtype), KerasTensor(out, dtype)


@_export("stft")
def stft(
    x, sequence_length, sequence_stride, fft_length, window="hann", center=True
):
    """Short-time Fourier transform along the last axis of a real signal.

    The signal is cut into frames of `fft_length` samples every
    `sequence_stride` samples; each frame is multiplied by the window
    (`sequence_length` samples, zero-padded on both sides to
    `fft_length`) and transformed with `rfft`.

    Args:
        x: A real tensor of shape `(..., samples)`.
        sequence_length: Length of the window.
        sequence_stride: Step between the starts of consecutive frames.
        fft_length: Length of each frame and of its transform.
        window: `"hann"`, `"hamming"` (periodic windows), a 1-D tensor of
            length `sequence_length`, or `None` for no windowing.
        center: Whether to reflect-pad `x` by `fft_length // 2` on both
            sides, so that frame `t` is centred on sample
            `t * sequence_stride`.

    Returns:
        A tuple `(real, imag)`, each of shape
        `(..., num_frames, fft_length // 2 + 1)`.

    Example:

    >>> real, imag = keras.ops.stft(np.ones((16,)), 8, 4, 8)
    >>> real.shape
    (5, 5)
    """
    _check_stft_arguments(sequence_length, sequence_stride, fft_length, window)
    dtype = backend.standardize_dtype(
        x.dtype if hasattr(x, "dtype") else backend.convert_to_tensor(x).dtype
    )
    if dtype not in ("float32", "float64"):
        raise TypeError(
            "`stft` takes a `float32` or `float64` signal. Received: "
            f"x.dtype={dtype}; cast it first."
        )
    if any_symbolic_tensors((x,)):
        return STFT(
            sequence_length, sequence_stride, fft_length, window, center
        ).symbolic_call(x)
    return backend.math.stft(
        x,
        sequence_length,
        sequence_stride,
        fft_length,
        window=window,
        center=center,
    )


class ISTFT(Operation):
    """The operation of `keras.ops.istft` (arguments as there)."""

    def __init__(
        self,
        sequence_length,
        sequence_stride,
        fft_length,
        length=None,
        window="hann",
        center=True,
        *,
        name=None,
    ):
        super().__init__(name=name)
        self.sequence_length = sequence_length
        self.sequence_stride = sequence_stride
        self.fft_length = fft_length
        self.length = length
        self.window = window
        self.center = center

    def call(self, x):
        return backend.math.istft(
            x,
            self.sequence_length,
            self.sequence_stride,
            self.fft_length,
            length=self.length,
            window=self.window,
            center=self.center,
        )

    def compute_output_spec(self, x):
        shape, dtype = _check_pair(x, 2)
        frames = shape[-2]
        if self.length is not None:
            length = self.length
        elif frames is None:
            length = None
        else:
            length = self.fft_length + self.sequence_stride * (frames - 1)
            if self.center:
                length -= 2 * (self.fft_length // 2)
        return KerasTensor(shape[:-2] + (length,), dtype)


@_export("istft")
def istft(
    x,
    sequence_length,
    sequence_stride,
    fft_length,
    length=None,
    window="hann",
    center=True,
):
    """Inverse of `stft`: rebuilds a real signal from its frames' spectra.

    Each frame is transformed back with `irfft`, weighted by the window
    normalized by the overlapping squared windows, and the frames are
    overlap-added.

    Args:
        x: A tuple `(real, imag)` of two float tensors of shape
            `(..., num_frames, fft_length // 2 + 1)`.
        sequence_length: Length of the window used by `stft`.
        sequence_stride: Step between consecutive frames.
        fft_length: Length of each frame.
        length: Optional number of samples to keep (the output is cropped
            to it).
        window: The window given to `stft`.
        center: Whether `stft` padded the signal (the padding is removed).

    Returns:
        A real tensor of shape `(..., samples)`.

    Example:

    >>> spectrum = keras.ops.stft(np.ones((16,)), 8, 4, 8)
    >>> keras.ops.istft(spectrum, 8, 4, 8).shape
    (16,)
    """
    _check_stft_arguments(sequence_length, sequence_stride, fft_length, window)
    if any_symbolic_tensors(x):
        return ISTFT(
            sequence_length,
            sequence_stride,
            fft_length,
            length,
            window,
            center,
        ).symbolic_call(x)
    return backend.math.istft(
        x,
        sequence_length,
        sequence_stride,
        fft_length,
        length=length,
        window=window,
        center=center,
    )


@_export("view_as_complex")
@symbolic_op
def view_as_complex(x):
    """Joins a trailing axis of size 2 `(real, imag)` into complex values.

    Args:
        x: A float tensor of shape `(..., 2)`.

    Returns:
        A complex tensor of shape `x.shape[:-1]`.

    Example:

    >>> keras.ops.view_as_complex(np.array([[1.0, 2.0]]))
    Array([1.+2.j], dtype=complex64)
    """
    return backend.math.view_as_complex(x)


@_export("view_as_real")
@symbolic_op
def view_as_real(x):
    """Splits complex values into a trailing axis of size 2 `(real, imag)`.

    Args:
        x: A complex tensor.

    Returns:
        A float tensor of shape `x.shape + (2,)`.

    Example:

    >>> keras.ops.view_as_real(np.array([1 + 2j], dtype="complex64"))
    Array([[1., 2.]], dtype=float32)
    """
    return backend.math.view_as_real(x)


@_export("cdist")
@symbolic_op(class_name="CDist")
def cdist(x, y):
    """Euclidean distances between every pair of rows of `x` and `y`.

    The difference of each pair is computed in the dtype that `x` and `y`
    promote to (booleans are refused), as NumPy would; integer inputs give
    a float result.

    Args:
        x: A tensor of shape `(..., P, M)`: `P` points of `M` features.
        y: A tensor of shape `(..., R, M)`; the batch dimensions broadcast
            against those of `x`.

    Returns:
        A tensor of shape `(..., P, R)`: entry `[i, j]` is the Euclidean
        norm of `x[i] - y[j]`.

    Example:

    >>> keras.ops.cdist(np.array([[0.0, 0.0]]), np.array([[3.0, 4.0]]))
    Array([[5.]], dtype=float32)
    """
    d1 = _shape(x)[-1] if len(_shape(x)) else None
    d2 = _shape(y)[-1] if len(_shape(y)) else None
    if d1 is not None and d2 is not None and d1 != d2:
        raise ValueError(
            "The last dimensions of `x` and `y` (the number of features) "
            f"must match. Received: x.shape={_shape(x)}, y.shape={_shape(y)}"
        )
    return backend.math.cdist(x, y)
