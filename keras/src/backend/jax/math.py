"""JAX implementations of the math ops (`keras.ops.math`)."""

import jax
import jax.numpy as jnp
import numpy as np

from keras.src.backend import config
from keras.src.backend.common.variables import KerasVariable
from keras.src.backend.jax.core import convert_to_tensor
from keras.src.backend.jax.distribution_lib import keep_axes_whole
from keras.src.utils.python_utils import ceil_div


def _float(x):
    x = convert_to_tensor(x)
    if not jnp.issubdtype(x.dtype, jnp.floating):
        x = x.astype(config.floatx())
    return x


def _segment_reduction(reducer):
    """The backend function reducing the rows of `data` that share a
    segment id with `reducer`, one of the `jax.ops.segment_*` functions
    (whose name it takes)."""

    def reduce(data, segment_ids, num_segments=None, sorted=False):
        if num_segments is None:
            raise ValueError(
                "Argument `num_segments` must be set when using the JAX "
                "backend (the output shape has to be known before the ids "
                "are read)."
            )
        return reducer(
            convert_to_tensor(data),
            convert_to_tensor(segment_ids),
            int(num_segments),
            indices_are_sorted=sorted,
        )

    reduce.__name__ = reduce.__qualname__ = reducer.__name__
    return reduce


segment_sum = _segment_reduction(jax.ops.segment_sum)
segment_max = _segment_reduction(jax.ops.segment_max)
segment_min = _segment_reduction(jax.ops.segment_min)
segment_prod = _segment_reduction(jax.ops.segment_prod)


def top_k(x, k, sorted=True, is_stable=True):
    # `jax.lax.top_k` is stable (ties keep their index order) and sorted,
    # which satisfies every value of `sorted` and `is_stable`.
    x = convert_to_tensor(x)
    values, indices = jax.lax.top_k(x, k)
    return values, indices.astype("int32")


def in_top_k(targets, predictions, k):
    targets = convert_to_tensor(targets)
    predictions = convert_to_tensor(predictions)
    if not jnp.issubdtype(targets.dtype, jnp.integer):
        raise TypeError(
            "`targets` must hold integer class indices. Received: "
            f"targets.dtype={targets.dtype}"
        )
    # The score of each target, shape `targets.shape + (1,)`. An index out
    # of range reads NaN (float scores), which is then never in the top k.
    target_values = jnp.take_along_axis(
        predictions, targets[..., None], axis=-1
    )
    # Rank = number of scores strictly greater than the target's, so ties
    # count in the target's favour.
    rank = jnp.sum(predictions > target_values, axis=-1)
    valid = jnp.isfinite(target_values[..., 0])
    return jnp.logical_and(rank < k, valid)


def logsumexp(x, axis=None, keepdims=False):
    x = _float(x)
    if isinstance(axis, list):
        axis = tuple(axis)
    return jax.scipy.special.logsumexp(x, axis=axis, keepdims=keepdims)


def rsqrt(x):
    return jax.lax.rsqrt(_float(x))


def erf(x):
    return jax.lax.erf(_float(x))


def erfinv(x):
    return jax.lax.erf_inv(_float(x))


def _weak(x):
    # Python scalars stay as they are, so that they keep a weak dtype.
    if isinstance(x, (bool, int, float)):
        return x
    return convert_to_tensor(x)


def gammainc(x1, x2):
    x1, x2 = _weak(x1), _weak(x2)
    return jax.scipy.special.gammainc(x1, x2)


def logdet(x):
    return jnp.linalg.slogdet(_float(x))[1]


def extract_sequences(x, sequence_length, sequence_stride):
    x = convert_to_tensor(x)
    length = x.shape[-1]
    num = 1 + (length - sequence_length) // sequence_stride
    starts = np.arange(num) * sequence_stride
    idx = starts[:, None] + np.arange(sequence_length)[None, :]
    return x[..., idx]


def erfc(x):
    return jax.lax.erfc(_float(x))


def _complex(x):
    """Joins a `(real, imag)` pair into one complex tensor."""
    real, imag = x
    real = _float(real)
    imag = _float(imag)
    dtype = jnp.result_type(real.dtype, imag.dtype)
    if dtype not in (jnp.float32, jnp.float64):
        dtype = jnp.float32
    return jax.lax.complex(real.astype(dtype), imag.astype(dtype))


def _split(z):
    return jnp.real(z), jnp.imag(z)


def _transform(function, x, axes, **kwargs):
    """`function(x, **kwargs)`, with `axes` gathered on each device before
    and after (see `distribution_lib.keep_axes_whole`): XLA cannot
    partition a Fourier transform along the axes it reads, and the
    gradient's transform runs on the result's side."""
    y = function(keep_axes_whole(x, axes), **kwargs)
    return keep_axes_whole(y, axes)


def fft(x):
    return _split(_transform(jnp.fft.fft, _complex(x), (-1,)))


def fft2(x):
    return _split(_transform(jnp.fft.fft2, _complex(x), (-2, -1)))


def ifft2(x):
    return _split(_transform(jnp.fft.ifft2, _complex(x), (-2, -1)))


def rfft(x, fft_length=None):
    x = _float(x)
    if x.dtype not in (jnp.float32, jnp.float64):
        x = x.astype("float32")
    return _split(_transform(jnp.fft.rfft, x, (-1,), n=fft_length))


def irfft(x, fft_length=None):
    return _transform(jnp.fft.irfft, _complex(x), (-1,), n=fft_length)


def _window(window, sequence_length, fft_length, dtype):
    """The analysis window, zero-padded (centred) to `fft_length`."""
    if window is None:
        return jnp.ones((fft_length,), dtype)
    if isinstance(window, str):
        # Periodic windows, as used for spectral analysis.
        phase = 2.0 * np.pi * np.arange(sequence_length) / sequence_length
        if window == "hann":
            values = 0.5 - 0.5 * np.cos(phase)
        elif window == "hamming":
            values = 0.54 - 0.46 * np.cos(phase)
        else:
            raise ValueError(
                "Argument `window` must be `'hann'`, `'hamming'`, a 1-D "
                f"tensor or `None`. Received: window={window}"
            )
        if sequence_length == 1:
            # A one-sample window passes its sample through (as SciPy's
            # `get_window`); the periodic formula would give 0 for Hann.
            values = np.ones(1)
        window = jnp.asarray(values, dtype)
    else:
        window = convert_to_tensor(window).astype(dtype)
        if window.shape != (sequence_length,):
            raise ValueError(
                "A tensor `window` must have shape `(sequence_length,)` = "
                f"({sequence_length},). Received: shape={window.shape}"
            )
    left = (fft_length - sequence_length) // 2
    right = fft_length - sequence_length - left
    return jnp.pad(window, (left, right))


def stft(
    x, sequence_length, sequence_stride, fft_length, window="hann", center=True
):
    x = _float(x)
    if x.dtype not in (jnp.float32, jnp.float64):
        x = x.astype("float32")
    if center:
        pad = [(0, 0)] * (x.ndim - 1) + [(fft_length // 2, fft_length // 2)]
        x = jnp.pad(x, pad, mode="reflect")
    frames = extract_sequences(x, fft_length, sequence_stride)
    frames = frames * _window(window, sequence_length, fft_length, x.dtype)
    return _split(_transform(jnp.fft.rfft, frames, (-1,), n=fft_length))


def _overlap_add(frames, sequence_stride):
    """Sums frames `(..., num_frames, frame_length)` placed every
    `sequence_stride` samples."""
    *batch, num_frames, frame_length = frames.shape
    output_length = sequence_stride * (num_frames - 1) + frame_length
    positions = (
        np.arange(num_frames)[:, None] * sequence_stride
        + np.arange(frame_length)[None, :]
    )
    output = jnp.zeros(tuple(batch) + (output_length,), frames.dtype)
    return output.at[..., positions].add(frames)


def istft(
    x,
    sequence_length,
    sequence_stride,
    fft_length,
    length=None,
    window="hann",
    center=True,
):
    frames = _transform(jnp.fft.irfft, _complex(x), (-1,), n=fft_length)
    num_frames = frames.shape[-2]
    if window is not None:
        window = _window(window, sequence_length, fft_length, frames.dtype)
        # Normalize by the summed squared window at each output position,
        # which inverts the analysis window of `stft`.
        overlaps = ceil_div(fft_length, sequence_stride)
        squared = jnp.pad(
            jnp.square(window), (0, overlaps * sequence_stride - fft_length)
        )
        denominator = jnp.sum(
            squared.reshape(overlaps, sequence_stride), axis=0
        )
        denominator = jnp.tile(denominator, overlaps)[:fft_length]
        frames = frames * (window / denominator)
    output = _overlap_add(frames, sequence_stride)
    start = fft_length // 2 if center else 0
    if length is not None:
        end = start + length
    elif center:
        end = output.shape[-1] - fft_length // 2
    else:
        end = fft_length + sequence_stride * (num_frames - 1)
    return output[..., start:end]


def view_as_complex(x):
    x = convert_to_tensor(x)
    if x.ndim < 1 or x.shape[-1] != 2:
        raise ValueError(
            "Last dimension of input must be size 2 (real, imaginary). "
            f"Received shape: {x.shape}"
        )
    return _complex((x[..., 0], x[..., 1]))


def view_as_real(x):
    x = convert_to_tensor(x)
    return jnp.stack([jnp.real(x), jnp.imag(x)], axis=-1)


def cdist(x, y):
    x = convert_to_tensor(x)
    y = convert_to_tensor(y)
    if x.ndim < 2 or y.ndim < 2:
        raise ValueError(
            "`cdist` takes tensors of rank 2 or more (`(..., points, "
            f"features)`). Received: x.shape={x.shape}, y.shape={y.shape}"
        )
    # NumPy semantics throughout: the difference is taken in the promoted
    # dtype of the inputs (so booleans are refused), and integer results
    # become float under `sqrt`.
    difference = x[..., :, None, :] - y[..., None, :, :]
    return jnp.sqrt(jnp.sum(jnp.square(difference), axis=-1))


def custom_gradient(fun):
    """`fun(*args)` returns `(outputs, grad_fn)`; see `ops.custom_gradient`."""

    @jax.custom_vjp
    def wrapped(*args):
        outputs, _ = fun(*args)
        return outputs

    def fwd(*args):
        outputs, _ = fun(*args)
        return outputs, args

    def bwd(args, upstream):
        # `grad_fn` closes over traced values, so it can't be a residual:
        # rebuild it from the saved inputs.
        _, grad_fn = fun(*args)
        grads = grad_fn(upstream)
        if not isinstance(grads, (tuple, list)):
            grads = (grads,)
        return tuple(
            jnp.zeros_like(a) if g is None else g for a, g in zip(args, grads)
        )

    wrapped.defvjp(fwd, bwd)

    def call(*args):
        # JAX only traces arrays: pass variables by value.
        return wrapped(
            *[a.value if isinstance(a, KerasVariable) else a for a in args]
        )

    return call
