"""`timeseries_dataset_from_array`: sliding windows over a series."""

import numpy as np

from keras.src.api_export import keras_export
from keras.src.utils import module_utils


@keras_export(
    [
        "keras.utils.timeseries_dataset_from_array",
        "keras.preprocessing.timeseries_dataset_from_array",
    ]
)
def timeseries_dataset_from_array(
    data,
    targets,
    sequence_length,
    sequence_stride=1,
    sampling_rate=1,
    batch_size=128,
    shuffle=False,
    seed=None,
    start_index=None,
    end_index=None,
    format="tf",
):
    """Builds a dataset of sliding windows over a time series.

    Window `i` (counting from `start_index`, every `sequence_stride` steps)
    holds `sequence_length` timesteps of `data`, taken every
    `sampling_rate` steps: `data[s], data[s + r], ..., data[s + (L-1)*r]`
    with `s` its first index. Its target, if `targets` is given, is
    `targets[s]`: to predict the value `k` steps after a window, pass
    `targets=data[L + k - 1:]`-style offsets.

    Args:
        data: Array (or tensor) whose first axis is time.
        targets: Targets indexed like `data`'s first axis, or `None` to
            yield windows only.
        sequence_length: Number of timesteps per window.
        sequence_stride: Distance between the first indices of successive
            windows. Defaults to 1.
        sampling_rate: Distance between the timesteps of one window.
            Defaults to 1.
        batch_size: Windows per batch, or `None` for unbatched windows.
            Defaults to 128.
        shuffle: Whether to shuffle the windows (reshuffled every epoch).
        seed: Optional shuffle seed.
        start_index: First index of `data` that windows may use.
        end_index: Index of `data` (exclusive) windows may not reach.
        format: `"tf"` (a `tf.data.Dataset`, the default) or `"grain"` (a
            `grain` dataset; needs the `grain` package).

    Returns:
        A dataset yielding `(windows, targets)` batches, or `windows`
        batches when `targets` is `None`.

    Example:

    >>> ds = keras.utils.timeseries_dataset_from_array(
    ...     np.arange(6), None, sequence_length=3, batch_size=2)
    >>> [b.numpy().tolist() for b in ds]
    [[[0, 1, 2], [1, 2, 3]], [[2, 3, 4], [3, 4, 5]]]
    """
    if format not in ("tf", "grain"):
        raise ValueError(
            "`format` should be either 'tf' or 'grain'. "
            f"Received: format={format}"
        )
    num_steps = len(data)
    if start_index is None:
        start_index = 0
    if not 0 <= start_index < num_steps:
        raise ValueError(
            f"`start_index` must be in [0, {num_steps}) (the number of "
            f"timesteps of `data`). Received: start_index={start_index}"
        )
    if end_index is None:
        end_index = num_steps
    if not start_index < end_index <= num_steps:
        raise ValueError(
            f"`end_index` must be in ({start_index}, {num_steps}] (after "
            "`start_index`, within `data`). Received: "
            f"start_index={start_index}, end_index={end_index}"
        )
    if sampling_rate <= 0:
        raise ValueError(
            "`sampling_rate` must be higher than 0. Received: "
            f"sampling_rate={sampling_rate}"
        )
    if sequence_stride <= 0:
        raise ValueError(
            "`sequence_stride` must be higher than 0. Received: "
            f"sequence_stride={sequence_stride}"
        )
    if sequence_length <= 0:
        raise ValueError(
            "`sequence_length` must be higher than 0. Received: "
            f"sequence_length={sequence_length}"
        )

    last_start = end_index - (sequence_length - 1) * sampling_rate
    if targets is not None:
        last_start = min(last_start, len(targets))
    starts = np.arange(
        start_index,
        max(last_start, start_index),
        sequence_stride,
        dtype="int64",
    )
    offsets = np.arange(sequence_length, dtype="int64") * sampling_rate
    if seed is None and shuffle:
        seed = int(np.random.randint(0, 1_000_000))
    if format == "grain":
        return _grain_dataset(
            data, targets, starts, offsets, batch_size, shuffle, seed
        )
    return _tf_dataset(
        data, targets, starts, offsets, batch_size, shuffle, seed
    )


def _tf_dataset(data, targets, starts, offsets, batch_size, shuffle, seed):
    import tensorflow as tf

    data = tf.convert_to_tensor(np.asarray(data))
    ds = tf.data.Dataset.from_tensor_slices(starts)
    if shuffle:
        ds = ds.shuffle(
            max(len(starts), 1), seed=seed, reshuffle_each_iteration=True
        )
    offsets = tf.constant(offsets)
    if targets is None:
        ds = ds.map(lambda s: tf.gather(data, s + offsets))
    else:
        targets = tf.convert_to_tensor(np.asarray(targets))
        ds = ds.map(
            lambda s: (tf.gather(data, s + offsets), tf.gather(targets, s))
        )
    if batch_size is not None:
        ds = ds.batch(batch_size)
    return ds.prefetch(tf.data.AUTOTUNE)


def _grain_dataset(data, targets, starts, offsets, batch_size, shuffle, seed):
    grain = module_utils.grain_for_format_arg()
    data = np.asarray(data)
    targets = None if targets is None else np.asarray(targets)

    def window(start):
        if targets is None:
            return data[start + offsets]
        return data[start + offsets], targets[start]

    ds = grain.MapDataset.source(starts)
    if shuffle:
        ds = ds.shuffle(seed=seed)
    ds = ds.map(window)
    if batch_size is not None:
        ds = ds.batch(batch_size)
    return ds
