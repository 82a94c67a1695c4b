"""Walking the data given to a preprocessing layer's `adapt()` in batches.

`adapt()` accepts a NumPy/JAX array (or nested Python list), a
`tf.data.Dataset`, a `keras.utils.PyDataset`, or any iterable/generator
of batches. Supervised batches (`(x, y)` or `(x, y, sample_weight)`) are
reduced to their `x`.
"""

import itertools

import numpy as np

from keras.src import backend


def _is_tf_dataset(data):
    return type(data).__module__.startswith("tensorflow") and hasattr(
        data, "as_numpy_iterator"
    )


def _first_of_tuple(batch):
    if isinstance(batch, tuple):
        return batch[0]
    return batch


def _to_numpy(batch):
    if type(batch).__module__.startswith("tensorflow"):
        return batch.numpy()
    if isinstance(batch, np.ndarray):
        return batch
    if backend.is_tensor(batch):
        return backend.convert_to_numpy(batch)
    return batch


def iter_batches(data, batch_size=None, steps=None):
    """Yields the `x` part of `data` batch by batch, as NumPy values.

    Args:
        data: The `adapt()` argument (see the module docstring).
        batch_size: Splits an array into batches of this many rows (an
            array is one batch when `None`).
        steps: Stops after this many batches, if set.

    Returns:
        An iterator of NumPy arrays (or of the raw batch when it is not
        array-like, so the caller can name it in its error).
    """
    from keras.src.trainers.data_adapters.py_dataset_adapter import PyDataset

    if _is_tf_dataset(data):
        batches = (_first_of_tuple(b) for b in data.as_numpy_iterator())
    elif isinstance(data, PyDataset):
        batches = (_first_of_tuple(data[i]) for i in range(len(data)))
    elif isinstance(data, np.ndarray) or backend.is_tensor(data):
        array = _to_numpy(data)
        if batch_size is None or array.ndim == 0:
            batches = iter([array])
        else:
            batches = (
                array[i : i + batch_size]
                for i in range(0, len(array), batch_size)
            )
    elif isinstance(data, (list, tuple)) and data and _is_flat_values(data):
        batches = iter([np.asarray(data)])
    else:
        batches = (_first_of_tuple(b) for b in data)
    batches = (_to_numpy(b) for b in batches)
    if steps is not None:
        batches = itertools.islice(batches, steps)
    return batches


def _is_flat_values(data):
    """Whether a list is data itself (scalars or nested lists of scalars)
    rather than a list of batches (arrays or tuples)."""
    for item in data:
        if isinstance(item, (tuple, np.ndarray)) or backend.is_tensor(item):
            return False
        if type(item).__module__.startswith("tensorflow"):
            return False
    return True
