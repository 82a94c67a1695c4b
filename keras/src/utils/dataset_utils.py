"""`keras.utils.split_dataset`: one dataset into two (`tf.data` or
PyTorch) datasets; and the training/validation cut of the directory
readers."""

import sys

import numpy as np

from keras.src import tree
from keras.src.api_export import keras_export


@keras_export("keras.utils.split_dataset")
def split_dataset(
    dataset,
    left_size=None,
    right_size=None,
    shuffle=False,
    seed=None,
    preferred_backend=None,
):
    """Splits a dataset into a left and a right dataset.

    The samples are taken in order (or in a seeded random order with
    `shuffle=True`); the first `left_size` of them go to the left dataset
    and the next `right_size` to the right one. A size is a fraction of the
    samples (a float in `(0, 1)`) or a number of samples (an int). When one
    size is `None`, it takes the samples the other one leaves; both cannot
    be `None`, and together they cannot ask for more samples than there are.

    The two parts are `tf.data.Dataset`s, or, for a PyTorch dataset or with
    `preferred_backend="torch"`, `torch.utils.data.Subset`s (a PyTorch
    dataset is then not read: the subsets index into it).

    Args:
        dataset: A NumPy array, a tuple, list or dict of arrays with the same
            number of rows, a `tf.data.Dataset` of unbatched samples (a
            batched one is split by batches), or any object with `__len__`
            and `__getitem__` (e.g. a PyTorch dataset).
        left_size: Size of the left part (float fraction or int count).
        right_size: Size of the right part (float fraction or int count).
        shuffle: Whether to shuffle the samples before splitting.
        seed: Seed of that shuffle.
        preferred_backend: `"tensorflow"` for `tf.data.Dataset` parts,
            `"torch"` for `torch.utils.data.Subset` parts, or `None`: torch
            parts for a PyTorch dataset, `tf.data` parts otherwise.

    Returns:
        A tuple `(left_dataset, right_dataset)` of datasets of unbatched
        samples.

    Example:

    >>> x = np.arange(10)
    >>> left, right = keras.utils.split_dataset(x, left_size=0.8)
    >>> len(list(left)), len(list(right))
    (8, 2)
    """
    if preferred_backend not in (None, "tensorflow", "torch"):
        raise ValueError(
            "`preferred_backend` must be None, 'tensorflow' or 'torch'. "
            f"Received: preferred_backend={preferred_backend!r}"
        )
    torch_input = _is_torch_dataset(dataset)
    to_torch = preferred_backend == "torch" or (
        preferred_backend is None and torch_input
    )
    if to_torch and torch_input:
        samples, total = dataset, len(dataset)
    else:
        samples = _samples(dataset)
        total = len(samples)
    left, right = _sizes(left_size, right_size, total)
    order = np.arange(total)
    if shuffle:
        np.random.default_rng(seed).shuffle(order)
    parts = (order[:left], order[left : left + right])
    if to_torch:
        return tuple(_torch_subset(samples, rows) for rows in parts)
    import tensorflow as tf

    return tuple(_to_dataset(tf, [samples[i] for i in rows]) for rows in parts)


def get_training_or_validation_split(
    samples, labels, validation_split, subset, verbose=True
):
    """Keeps the part of a file list that `subset` names.

    The validation part is the last `int(validation_split * len(samples))`
    entries; the training part is everything before them. Without a
    `validation_split` (None or 0) the lists are returned whole.

    Args:
        samples: A list (or other sliceable sequence) of samples.
        labels: A sequence of the same length as `samples`, or None.
        validation_split: Fraction of the samples kept for validation.
        subset: `"training"` or `"validation"`.
        verbose: Whether to print how many files the part holds.

    Returns:
        The `(samples, labels)` of that part; `labels` stays None when
        it was None.
    """
    if not validation_split:
        return samples, labels
    if subset not in ("training", "validation"):
        raise ValueError(
            '`subset` must be either "training" or "validation", '
            f"received: {subset}"
        )
    cut = len(samples) - int(validation_split * len(samples))
    part = slice(None, cut) if subset == "training" else slice(cut, None)
    if verbose:
        print(f"Using {len(samples[part])} files for {subset}.")
    if labels is not None:
        labels = labels[part]
    return samples[part], labels


def _is_torch_dataset(dataset):
    """Whether `dataset` is a `torch.utils.data.Dataset` (without importing
    PyTorch when it is not loaded)."""
    if "torch" not in sys.modules:
        return False
    import torch

    return isinstance(dataset, torch.utils.data.Dataset)


def _torch_subset(samples, rows):
    """A `torch.utils.data.Subset` of `samples` (a PyTorch dataset, or a
    list of NumPy samples, served as tensors) at `rows`."""
    import torch

    if not isinstance(samples, torch.utils.data.Dataset):
        samples = _TensorSamples(samples)
    return torch.utils.data.Subset(samples, [int(i) for i in rows])


class _TensorSamples:
    """A list of samples as a PyTorch map-style dataset of tensors."""

    def __init__(self, samples):
        self._samples = samples

    def __len__(self):
        return len(self._samples)

    def __getitem__(self, index):
        import torch

        return tree.map_structure(torch.as_tensor, self._samples[index])


def _samples(dataset):
    """The dataset as a list of samples (each a nested structure)."""
    if type(dataset).__module__.startswith("tensorflow") and hasattr(
        dataset, "as_numpy_iterator"
    ):
        return list(dataset.as_numpy_iterator())
    if isinstance(dataset, (np.ndarray, tuple, list, dict)):
        leaves = tree.flatten(dataset)
        if not leaves:
            raise ValueError("`dataset` holds no arrays to split.")
        lengths = {len(leaf) for leaf in leaves}
        if len(lengths) != 1:
            raise ValueError(
                "The arrays of `dataset` must have the same number of rows "
                f"to be split together. Received row counts: {sorted(lengths)}"
            )
        count = lengths.pop()
        arrays = tree.map_structure(np.asarray, dataset)
        return [
            tree.map_structure(lambda a, i=i: a[i], arrays)
            for i in range(count)
        ]
    if hasattr(dataset, "__len__") and hasattr(dataset, "__getitem__"):
        return [
            tree.map_structure(np.asarray, dataset[i])
            for i in range(len(dataset))
        ]
    raise TypeError(
        "`dataset` must be a NumPy array, a tuple/list/dict of arrays, a "
        "`tf.data.Dataset` or a sized indexable dataset. Received: "
        f"{type(dataset).__name__}"
    )


def _size(value, total, name):
    if value is None:
        return None
    if isinstance(value, float):
        if not 0 < value < 1:
            raise ValueError(
                f"A float `{name}` is a fraction of the samples and must be "
                f"between 0 and 1 (exclusive). Received: {name}={value}"
            )
        return int(round(value * total))
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        if not 0 < value <= total:
            raise ValueError(
                f"An int `{name}` is a number of samples and must be between "
                f"1 and the dataset's {total} samples. Received: "
                f"{name}={value}"
            )
        return int(value)
    raise TypeError(
        f"`{name}` must be a float fraction, an int count or None. "
        f"Received: {name}={value!r} of type {type(value).__name__}"
    )


def _sizes(left_size, right_size, total):
    if total == 0:
        raise ValueError("`dataset` has no samples to split.")
    left = _size(left_size, total, "left_size")
    right = _size(right_size, total, "right_size")
    if left is None and right is None:
        raise ValueError(
            "Pass `left_size`, `right_size` or both; received neither."
        )
    if left is None:
        left = total - right
    if right is None:
        right = total - left
    if left + right > total:
        raise ValueError(
            f"left_size={left_size} and right_size={right_size} ask for "
            f"{left + right} samples; the dataset has {total}."
        )
    if left == 0 or right == 0:
        raise ValueError(
            f"With {total} samples, left_size={left_size} and "
            f"right_size={right_size} leave one side empty."
        )
    return left, right


def _to_dataset(tf, samples):
    columns = tree.map_structure(lambda *values: np.stack(values), *samples)
    # tf.data reads a list as one tensor: the columns of a list are a tuple.
    return tf.data.Dataset.from_tensor_slices(tree.lists_to_tuples(columns))
