"""`keras.utils.PyDataset` and its data adapter."""

import numpy as np

from keras.src.api_export import keras_export
from keras.src.trainers.data_adapters.data_adapter import DataAdapter
from keras.src.trainers.data_adapters.generator_data_adapter import (
    _standardize_batch,
)


@keras_export(["keras.utils.PyDataset", "keras.utils.Sequence"])
class PyDataset:
    """Base class for datasets that return batches by index.

    Subclasses implement `__getitem__(index)`, returning a complete batch
    (`x`, `(x, y)` or `(x, y, sample_weight)`), and `__len__`, returning
    the number of batches per epoch. `on_epoch_end` is called at the end of
    every epoch; override it to change the data between epochs.

    Batches are read in order (in a shuffled order of indices when `fit` is
    called with `shuffle=True`), in the calling thread.

    Args:
        workers: Number of workers (accepted for API compatibility; batches
            are read in the calling thread).
        use_multiprocessing: Accepted for API compatibility.
        max_queue_size: Accepted for API compatibility.

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

    def get_numpy_iterator(self):
        num_batches = self.py_dataset.num_batches
        epoch = self._epoch
        self._epoch += 1
        if num_batches is None:
            order = _count()
        elif self._shuffle:
            rng = np.random.default_rng([self._seed, epoch])
            order = rng.permutation(num_batches)
        else:
            order = range(num_batches)
        for index in order:
            try:
                batch = self.py_dataset[int(index)]
            except IndexError:
                if num_batches is None:
                    return
                raise
            yield _standardize_batch(batch, self._class_weight)

    @property
    def num_batches(self):
        return self.py_dataset.num_batches

    def on_epoch_begin(self):
        self.py_dataset.on_epoch_begin()

    def on_epoch_end(self):
        self.py_dataset.on_epoch_end()


def _count():
    i = 0
    while True:
        yield i
        i += 1
