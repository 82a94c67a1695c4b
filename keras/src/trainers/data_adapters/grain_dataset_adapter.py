"""Batches from a `grain` dataset or data loader.

`grain` is imported only when such an object is given: `import keras`
never imports it, and `is_grain_dataset` looks at a value without
importing it.
"""

import sys

from keras.src import tree
from keras.src.trainers.data_adapters import data_adapter_utils
from keras.src.trainers.data_adapters.data_adapter import DataAdapter


def _grain_types():
    """The input types of grain, or `()` when grain is not loaded."""
    if "grain" not in sys.modules:
        return ()
    import grain

    return (grain.MapDataset, grain.IterDataset, grain.DataLoader)


def is_grain_dataset(x):
    """Whether `x` is a `grain.MapDataset`, `grain.IterDataset` or
    `grain.DataLoader`."""
    types = _grain_types()
    return bool(types) and isinstance(x, types)


class GrainDatasetAdapter(DataAdapter):
    """Iterates a batched `grain` dataset as NumPy batches.

    Accepts a `grain.MapDataset`, a `grain.IterDataset` or a
    `grain.DataLoader` whose elements are batches (`x`, `(x, y)` or
    `(x, y, sample_weight)`, any structure of arrays; batch with
    `.batch(n)` or the `grain.transforms.Batch` operation). Every pass over
    the data iterates the dataset anew. The number of batches is not known
    ahead (`num_batches` is `None`: filters may drop elements), so the
    data runs until the dataset ends; a repeated dataset needs
    `steps_per_epoch`.

    With several processes, each process reads its own part (e.g. a
    `grain.DataLoader` with `shard_options=grain.sharding.ShardByJaxProcess()`
    or a dataset sliced with `dataset[jax.process_index()::n]`): set
    `distribution.auto_shard_dataset = False`. The data path then pads
    every process's part of each batch to a common size.

    Args:
        dataset: The `grain.MapDataset`, `grain.IterDataset` or
            `grain.DataLoader`.
        class_weight: Optional dict `{class_index: weight}`, turned into
            the sample weights of each batch (its targets must be a single
            array, and it must hold no sample weights).
    """

    def __init__(self, dataset, class_weight=None):
        if not is_grain_dataset(dataset):
            raise ValueError(
                "Expected `dataset` to be a grain.MapDataset, "
                "grain.IterDataset or grain.DataLoader. Received: "
                f"{dataset!r} (of type {type(dataset)})."
            )
        self._dataset = dataset
        self._class_weight = class_weight
        self._first_batch = None

    def get_numpy_iterator(self):
        for batch in self._dataset:
            yield data_adapter_utils.standardize_batch(
                batch, self._class_weight
            )

    @property
    def num_batches(self):
        return None

    @property
    def batch_size(self):
        """Dimension 0 of the first leaf of the first batch (read once,
        when first asked), `None` for scalar elements or no data."""
        if self._first_batch is None:
            self._first_batch = next(iter(self._dataset), None)
        for leaf in tree.flatten(self._first_batch):
            shape = getattr(leaf, "shape", ())
            return int(shape[0]) if len(shape) else None
        return None
