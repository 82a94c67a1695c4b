"""`keras.utils.PyDataset` and its data adapter."""

import collections
import concurrent.futures
import itertools
import multiprocessing

import numpy as np

from keras.src.api_export import keras_export
from keras.src.trainers.data_adapters import data_adapter_utils
from keras.src.trainers.data_adapters.data_adapter import DataAdapter


@keras_export(["keras.utils.PyDataset", "keras.utils.Sequence"])
class PyDataset:
    """Base class for datasets that return batches by index.

    Subclasses implement `__getitem__(index)`, returning a complete batch
    (`x`, `(x, y)` or `(x, y, sample_weight)`), and `__len__`, returning
    the number of batches per epoch. `on_epoch_end` is called at the end of
    every epoch; override it to change the data between epochs.

    Batches are read in order (in a shuffled order of indices when `fit` is
    called with `shuffle=True`). With `workers > 1`, that many threads read
    batches ahead of training, up to `max_queue_size` batches; with
    `use_multiprocessing=True`, worker processes do (forked from this one,
    so `__getitem__` should produce NumPy data, not use JAX). Batches reach
    the model in index order either way. Iterating over the dataset itself
    (`for batch in dataset`) reads the batches in order, in this thread.

    Args:
        workers: Number of threads (or processes) reading batches; `0` or
            `1` reads them in the training loop's own reader thread.
        use_multiprocessing: Whether the workers are processes instead of
            threads (for `__getitem__`s that hold Python's lock, such as
            pure-Python decoding).
        max_queue_size: How many batches the workers may read ahead.

    Example:

    ```python
    class ImageFolderBatches(keras.utils.PyDataset):
        # Loads the images listed in `paths` lazily, 16 per batch.

        def __init__(self, paths, labels, **kwargs):
            super().__init__(**kwargs)
            self.paths = paths
            self.labels = np.asarray(labels)

        def __len__(self):
            return -(-len(self.paths) // 16)  # ceiling division

        def __getitem__(self, index):
            part = slice(16 * index, 16 * (index + 1))
            images = np.stack([load_image(p) for p in self.paths[part]])
            return images, self.labels[part]

        def on_epoch_end(self):
            order = np.random.permutation(len(self.paths))
            self.paths = [self.paths[i] for i in order]
            self.labels = self.labels[order]
    ```
    """

    def __init__(self, workers=1, use_multiprocessing=False, max_queue_size=10):
        # Stored for the properties below; reading is single-threaded.
        self._max_queue_size = max_queue_size
        self._use_multiprocessing = use_multiprocessing
        self._workers = workers

    @property
    def workers(self):
        return getattr(self, "_workers", 1)

    @workers.setter
    def workers(self, value):
        self._workers = value

    @property
    def use_multiprocessing(self):
        return getattr(self, "_use_multiprocessing", False)

    @use_multiprocessing.setter
    def use_multiprocessing(self, value):
        self._use_multiprocessing = value

    @property
    def max_queue_size(self):
        return getattr(self, "_max_queue_size", 10)

    @max_queue_size.setter
    def max_queue_size(self, value):
        self._max_queue_size = value

    def __getitem__(self, index):
        """Returns the batch at position `index`."""
        raise NotImplementedError

    def __len__(self):
        """Returns the number of batches per epoch."""
        raise NotImplementedError

    @property
    def num_batches(self):
        """Number of batches per epoch (`len(self)`), `None` if infinite."""
        if type(self).__len__ is PyDataset.__len__:
            return None
        return len(self)

    def __iter__(self):
        """Yields the batches in index order: `num_batches` of them, or,
        when that is `None`, until `__getitem__` raises `IndexError`."""
        return _read_in_order(self, _batch_indices(self.num_batches, None))

    def on_epoch_begin(self):
        """Called at the beginning of every epoch."""
        pass

    def on_epoch_end(self):
        """Called at the end of every epoch."""
        pass


class PyDatasetAdapter(DataAdapter):
    """Iterates a `PyDataset` by index.

    Args:
        x: The `PyDataset`.
        class_weight: Optional dict `{class_index: weight}`.
        shuffle: Whether to visit the batches in a random order every
            epoch.
    """

    def __init__(self, x, class_weight=None, shuffle=False):
        if not isinstance(x, PyDataset):
            raise ValueError(
                f"Expected a `keras.utils.PyDataset`. Received: {type(x)}"
            )
        self.py_dataset = x
        self._class_weight = class_weight
        self._shuffle = shuffle
        # The order of epoch `e` depends only on (seed, e) (see
        # `set_epoch`), so resumed training sees the same batches.
        self._seed = int(np.random.randint(0, 2**31 - 1)) if shuffle else 0
        self._epoch = 0

    def set_epoch(self, epoch):
        """Makes the next pass over the data use epoch `epoch`'s order."""
        self._epoch = int(epoch)

    def _next_order(self):
        epoch = self._epoch
        self._epoch += 1
        rng = None
        if self._shuffle:
            rng = np.random.default_rng([self._seed, epoch])
        return _batch_indices(self.py_dataset.num_batches, rng)

    def get_numpy_iterator(self):
        for batch in _read_in_order(self.py_dataset, self._next_order()):
            yield data_adapter_utils.standardize_batch(
                batch, self._class_weight
            )

    def get_jax_iterator(self):
        """Like `get_numpy_iterator`, but JAX arrays stay on their
        devices."""
        for batch in _read_in_order(self.py_dataset, self._next_order()):
            yield data_adapter_utils.standardize_batch(
                batch, self._class_weight, keep_jax_arrays=True
            )

    @property
    def num_batches(self):
        return self.py_dataset.num_batches

    def on_epoch_begin(self):
        self.py_dataset.on_epoch_begin()

    def on_epoch_end(self):
        self.py_dataset.on_epoch_end()


def _batch_indices(num_batches, rng):
    """The indices of one epoch: `0, 1, ...` (without end when
    `num_batches` is `None`), permuted by `rng` if given."""
    if num_batches is None:
        return itertools.count()
    if rng is not None:
        return (int(i) for i in rng.permutation(num_batches))
    return iter(range(num_batches))


def _read_in_order(dataset, indices):
    """Yields `dataset[i]` for each of `indices`, in order, read by the
    dataset's workers if it has several. With no end to the indices, an
    `IndexError` from `__getitem__` ends the epoch."""
    unbounded = isinstance(indices, itertools.count)
    workers = dataset.workers or 0
    if dataset.use_multiprocessing:
        executor = concurrent.futures.ProcessPoolExecutor(
            max(workers, 1),
            mp_context=multiprocessing.get_context("fork"),
            initializer=_hold_dataset,
            initargs=(dataset,),
        )
        read = _read_held
    elif workers > 1:
        executor = concurrent.futures.ThreadPoolExecutor(
            workers, thread_name_prefix="keras-py-dataset"
        )
        read = dataset.__getitem__
    else:
        for index in indices:
            try:
                batch = dataset[index]
            except IndexError:
                if unbounded:
                    return
                raise
            yield batch
        return
    depth = max(dataset.max_queue_size or 0, workers, 1)
    pending = collections.deque(
        executor.submit(read, index)
        for index in itertools.islice(indices, depth)
    )
    try:
        while pending:
            try:
                batch = pending.popleft().result()
            except IndexError:
                if unbounded:
                    return
                raise
            for index in itertools.islice(indices, 1):
                pending.append(executor.submit(read, index))
            yield batch
    finally:
        executor.shutdown(wait=True, cancel_futures=True)


# The dataset of a worker process (set when the process starts; a forked
# process inherits it without pickling).
_held_dataset = None


def _hold_dataset(dataset):
    global _held_dataset
    _held_dataset = dataset


def _read_held(index):
    return _held_dataset[index]
