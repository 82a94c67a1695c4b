"""The `format="grain"` output of the directory readers.

A Grain dataset reads, decodes and batches the files in Python (no
TensorFlow); each reader passes the function that turns one file into a
NumPy array. Elements arrive as backend tensors, in the structure of the
`tf.data` format: `samples` or `(samples, labels)`.
"""

import numpy as np

from keras.src import backend
from keras.src import tree

FORMATS = ("tf", "grain")


def check_format(format):
    """Raises `ValueError` for a `format` the directory readers lack."""
    if format not in FORMATS:
        raise ValueError(
            '`format` should be either "tf" (a `tf.data.Dataset`) or '
            f'"grain" (a Grain dataset). Received: format={format}'
        )


def check_local_directory(directory):
    """Raises `ValueError` for a remote path (`gs://...`): the Grain format
    lists and reads files with Python's own file functions."""
    if "://" in str(directory):
        raise ValueError(
            "Remote directories are not supported with `format='grain'`: "
            "use `format='tf'` or copy the files to a local folder. "
            f"Received: directory={directory}"
        )


def encode_label(label_id, label_mode, num_classes):
    """One label as the `tf.data` format gives it: an int32 class id, a
    float32 `(1,)` array for `"binary"`, a float32 one-hot vector for
    `"categorical"`."""
    if label_mode == "binary":
        return np.asarray([label_id], "float32")
    if label_mode == "categorical":
        return np.eye(num_classes, dtype="float32")[label_id]
    return np.int32(label_id)


def _pad_to_longest(arrays):
    """Zero-pads arrays on their first axis to the longest of them."""
    longest = max(a.shape[0] for a in arrays)
    return [
        np.pad(a, [(0, longest - a.shape[0])] + [(0, 0)] * (a.ndim - 1))
        for a in arrays
    ]


def grain_dataset(
    paths,
    label_ids,
    read,
    label_mode,
    num_classes,
    batch_size,
    pad_batches=False,
):
    """A Grain `IterDataset` of the files `paths`, in their order (the
    readers shuffle the file list once, with their seed).

    Args:
        paths: The file paths.
        label_ids: Integer class ids, one per path, or None.
        read: Function from a path to the sample as a NumPy array.
        label_mode: As in the readers: `"int"`, `"binary"`,
            `"categorical"` or None (no labels).
        num_classes: The number of classes (for `"categorical"`).
        batch_size: Samples per batch, or None for single samples.
        pad_batches: Whether samples of different lengths are zero-padded
            to the longest one of their batch.

    Returns:
        A `grain.IterDataset` of backend tensors.
    """
    import grain

    def element(index):
        sample = read(paths[index])
        if label_mode is None:
            return sample
        label = encode_label(label_ids[index], label_mode, num_classes)
        return sample, label

    def stack(elements):
        if label_mode is None:
            samples, labels = list(elements), None
        else:
            samples, labels = zip(*elements)
        if pad_batches:
            samples = _pad_to_longest(samples)
        batch = np.stack(samples)
        if labels is not None:
            batch = (batch, np.stack(labels))
        return tree.map_structure(backend.convert_to_tensor, batch)

    dataset = grain.MapDataset.range(len(paths)).map(element)
    dataset = dataset.to_iter_dataset()
    if batch_size is None:
        return dataset.map(
            lambda e: tree.map_structure(backend.convert_to_tensor, e)
        )
    return dataset.batch(batch_size, batch_fn=stack)
