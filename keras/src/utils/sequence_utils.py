"""`pad_sequences`: stacks variable-length sequences into one array."""

import numpy as np

from keras.src.api_export import keras_export


@keras_export(
    [
        "keras.utils.pad_sequences",
        "keras.preprocessing.sequence.pad_sequences",
    ]
)
def pad_sequences(
    sequences,
    maxlen=None,
    dtype="int32",
    padding="pre",
    truncating="pre",
    value=0.0,
):
    """Pads (or truncates) sequences to a common length.

    Each sequence becomes a row of length `maxlen` (by default, the length
    of the longest sequence): shorter ones are filled with `value`, longer
    ones are cut. Sequence items may themselves be arrays (e.g. feature
    vectors), which must all share one shape.

    Args:
        sequences: List of sequences (lists or arrays).
        maxlen: Length of the output rows. Defaults to the longest length.
        dtype: Dtype of the result. Use `object` or a NumPy string dtype
            for string sequences. Defaults to `"int32"`.
        padding: `"pre"` (fill at the start, the default) or `"post"`.
        truncating: `"pre"` (drop the first items of long sequences, the
            default) or `"post"` (drop the last items).
        value: Fill value. Defaults to `0.0`.

    Returns:
        A NumPy array of shape `(len(sequences), maxlen, *item_shape)`.

    Example:

    >>> keras.utils.pad_sequences([[5, 6], [7]], padding="post")
    array([[5, 6],
           [7, 0]], dtype=int32)
    """
    if not hasattr(sequences, "__len__"):
        raise ValueError(
            "`sequences` must be a list of sequences (lists or arrays). "
            f"Received: sequences={sequences!r}"
        )
    if padding not in ("pre", "post"):
        raise ValueError(
            f'`padding` must be "pre" or "post". Received: padding={padding}'
        )
    if truncating not in ("pre", "post"):
        raise ValueError(
            '`truncating` must be "pre" or "post". Received: '
            f"truncating={truncating}"
        )
    lengths = []
    item_shape = ()
    for i, seq in enumerate(sequences):
        if not hasattr(seq, "__len__"):
            raise ValueError(
                "Each item of `sequences` must be a sequence (list or "
                f"array); item {i} is {seq!r}."
            )
        lengths.append(len(seq))
        if len(seq) and not item_shape:
            item_shape = np.asarray(seq).shape[1:]
    if maxlen is None:
        maxlen = max(lengths) if lengths else 0

    is_text = np.issubdtype(dtype, np.str_) or np.issubdtype(dtype, np.object_)
    if isinstance(value, str) and not is_text:
        raise ValueError(
            f"`dtype` {dtype} is not compatible with `value`'s type "
            f"{type(value).__name__}. Use `dtype=object` (or a NumPy string "
            "dtype) for string padding values."
        )
    result = np.full((len(sequences), maxlen) + item_shape, value, dtype)
    for i, seq in enumerate(sequences):
        if not len(seq) or not maxlen:
            continue
        kept = seq[-maxlen:] if truncating == "pre" else seq[:maxlen]
        kept = np.asarray(kept, dtype=dtype)
        if kept.shape[1:] != item_shape:
            raise ValueError(
                f"Items of sequence {i} have shape {kept.shape[1:]}, but "
                f"those of the other sequences have shape {item_shape}."
            )
        if padding == "post":
            result[i, : len(kept)] = kept
        else:
            result[i, -len(kept) :] = kept
    return result
