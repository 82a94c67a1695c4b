"""Math ops (`keras.ops.*`, `keras.ops.math.*`)."""

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.ops.operation import symbolic_op


def _export(name):
    return keras_export([f"keras.ops.{name}", f"keras.ops.math.{name}"])


@_export("segment_sum")
@symbolic_op
def segment_sum(data, segment_ids, num_segments=None, sorted=False):
    """Adds up the rows of `data` that share a segment id.

    Args:
        data: Input tensor.
        segment_ids: A 1-D integer tensor with the segment of each row of
            `data` (length `data.shape[0]`).
        num_segments: The number of segments. Required under `jax.jit` and
            on symbolic inputs; inferred from `segment_ids` eagerly.
        sorted: Whether `segment_ids` is sorted (a performance hint).

    Returns:
        A tensor of shape `(num_segments,) + data.shape[1:]`.

    Example:

    >>> keras.ops.segment_sum(np.array([1, 2, 10]), np.array([0, 0, 1]), 2)
    Array([ 3, 10], dtype=int32)
    """
    return backend.math.segment_sum(
        data, segment_ids, num_segments=num_segments, sorted=sorted
    )


@_export("segment_max")
@symbolic_op
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
    return backend.math.segment_max(
        data, segment_ids, num_segments=num_segments, sorted=sorted
    )


@_export("top_k")
@symbolic_op(static=("k", "sorted"))
def top_k(x, k, sorted=True):
    """Returns the `k` largest entries along the last axis, with positions.

    Args:
        x: Input tensor.
        k: An integer, the number of top elements to return.
        sorted: Whether to sort the output in descending order (JAX always
            returns sorted results).

    Returns:
        A tuple `(values, indices)`; indices are `int32`.

    Example:

    >>> values, indices = keras.ops.top_k(np.array([5., 2., 7.]), k=2)
    >>> indices
    Array([2, 0], dtype=int32)
    """
    return backend.math.top_k(x, k, sorted=sorted)


@_export("in_top_k")
@symbolic_op(static=("k",))
def in_top_k(targets, predictions, k):
    """Tells, per row, whether the target class ranks among the `k` best.

    Ties count in favour of the target.

    Args:
        targets: A 1-D tensor of true class indices.
        predictions: A 2-D tensor of predictions `(batch, num_classes)`.
        k: An integer, the number of top elements to consider.

    Returns:
        A boolean tensor of shape `(batch,)`.
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
    return backend.math.extract_sequences(x, sequence_length, sequence_stride)
