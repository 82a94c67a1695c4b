"""Numerical helpers: `to_categorical` and `normalize`."""

import numpy as np

from keras.src.api_export import keras_export


def _is_backend_tensor(x):
    from keras.src import ops

    return ops.is_tensor(x)


@keras_export("keras.utils.to_categorical")
def to_categorical(x, num_classes=None):
    """Converts a class vector (integers) to a binary class matrix.

    A trailing axis of size 1 is dropped first (so labels of shape
    `(batch, 1)` give `(batch, num_classes)`), then a one-hot axis of size
    `num_classes` is appended.

    Args:
        x: Array-like of integer class indices from `0` to
            `num_classes - 1`.
        num_classes: Total number of classes. Defaults to
            `max(x) + 1`.

    Returns:
        A one-hot encoding of `x`, with the default float dtype
        (`keras.config.floatx()`). A NumPy array for NumPy / Python inputs,
        a backend tensor for tensor inputs.

    Example:

    >>> keras.utils.to_categorical([0, 1, 2, 3], num_classes=4)
    array([[1., 0., 0., 0.],
           [0., 1., 0., 0.],
           [0., 0., 1., 0.],
           [0., 0., 0., 1.]], dtype=float32)
    """
    from keras.src.backend.config import floatx

    is_tensor = _is_backend_tensor(x)
    labels = np.asarray(x)
    if labels.dtype.kind == "f":
        if not np.all(np.equal(np.mod(labels, 1), 0)):
            raise ValueError(
                "`to_categorical` expects integer class indices; received "
                f"non-integer values (dtype {labels.dtype})."
            )
    elif labels.dtype.kind not in "biu":
        raise ValueError(
            "`to_categorical` expects integer class indices; received an "
            f"array of dtype {labels.dtype}."
        )
    labels = labels.astype("int64")
    shape = labels.shape
    if len(shape) > 1 and shape[-1] == 1:
        shape = shape[:-1]
        labels = labels.reshape(shape)
    if num_classes is None:
        num_classes = int(labels.max()) + 1 if labels.size else 0
    num_classes = int(num_classes)
    flat = labels.reshape(-1)
    if flat.size and (flat.min() < 0 or flat.max() >= num_classes):
        raise ValueError(
            f"Class indices must be in [0, {num_classes}) for "
            f"num_classes={num_classes}; received values in "
            f"[{flat.min()}, {flat.max()}]."
        )
    categorical = np.zeros((flat.size, num_classes), dtype=floatx())
    categorical[np.arange(flat.size), flat] = 1
    categorical = categorical.reshape(shape + (num_classes,))
    if is_tensor:
        from keras.src import ops

        return ops.convert_to_tensor(categorical)
    return categorical


@keras_export("keras.utils.normalize")
def normalize(x, axis=-1, order=2):
    """Normalizes an array along an axis.

    Divides `x` by its norm of order `order` along `axis`. Slices whose norm
    is zero are left unchanged.

    Args:
        x: Array to normalize.
        axis: Axis along which to normalize.
        order: Order of the norm (`2` for the L2 norm, `1` for L1...).

    Returns:
        The normalized array: a NumPy array for NumPy / Python inputs, a
        backend tensor for tensor inputs.

    Example:

    >>> keras.utils.normalize(np.array([[3.0, 4.0]]))
    array([[0.6, 0.8]])
    """
    is_tensor = _is_backend_tensor(x)
    array = np.asarray(x)
    if array.dtype.kind not in "fc":
        array = array.astype("float32" if is_tensor else "float64")
    norm = np.atleast_1d(np.linalg.norm(array, order, axis))
    norm[norm == 0] = 1
    result = array / np.expand_dims(norm, axis)
    if is_tensor:
        from keras.src import ops

        return ops.convert_to_tensor(result)
    return result


def build_pos_neg_masks(query_labels, key_labels, remove_diagonal=True):
    """Pairwise masks of same-label and different-label pairs.

    Used by metric-learning losses: entry `[i, j]` of the positive mask is
    `True` when `query_labels[i] == key_labels[j]`, and of the negative
    mask when they differ.

    Args:
        query_labels: 1D tensor of labels, of length `n`.
        key_labels: 1D tensor of labels, of length `m`.
        remove_diagonal: Whether to clear entries `[i, i]` of the positive
            mask (a query paired with itself, when queries and keys are the
            same samples).

    Returns:
        The boolean positive and negative masks, each of shape `(n, m)`.
    """
    from keras.src import ops

    query_labels = ops.convert_to_tensor(query_labels)
    key_labels = ops.convert_to_tensor(key_labels)
    same = ops.equal(
        ops.expand_dims(query_labels, 1), ops.expand_dims(key_labels, 0)
    )
    negative_mask = ops.logical_not(same)
    if remove_diagonal:
        n = ops.shape(query_labels)[0]
        m = ops.shape(key_labels)[0]
        same = ops.logical_and(
            same, ops.logical_not(ops.eye(n, m, dtype="bool"))
        )
    return same, negative_mask
