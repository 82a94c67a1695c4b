"""Batches from a `tf.data.Dataset`.

TensorFlow is imported lazily, inside functions only: `import keras` never
imports it.
"""

import sys

import numpy as np

from keras.src import tree
from keras.src.trainers.data_adapters import data_adapter_utils
from keras.src.trainers.data_adapters.data_adapter import DataAdapter


def is_tf_dataset(x):
    """Whether `x` is a `tf.data.Dataset` or a `tf.distribute`
    distributed dataset (without importing TensorFlow)."""
    if "tensorflow" not in sys.modules:
        return False
    for cls in type(x).__mro__:
        module = getattr(cls, "__module__", "") or ""
        if module.startswith("tensorflow.python.data") and (
            "Dataset" in cls.__name__
        ):
            return True
        if module.startswith("tensorflow.python") and (
            cls.__name__ == "DistributedDatasetInterface"
        ):
            return True
    return False


class TFDatasetAdapter(DataAdapter):
    """Iterates a batched `tf.data.Dataset` as NumPy batches.

    Also takes the distributed datasets of `tf.distribute` strategies
    (`strategy.distribute_datasets_from_function(...)`): each of their
    elements is this process's batch (the parts of a strategy's local
    replicas are put back together along the batch dimension).

    Args:
        dataset: A `tf.data.Dataset` yielding `x`, `(x, y)` or
            `(x, y, sample_weight)` batches, or a distributed dataset.
        class_weight: Optional dict `{class_index: weight}`.
        distribution: Optional distribution; a `tf.data.Dataset` is then
            sharded as `distribution.distribute_dataset` does (each
            process gets its part of every global batch), keeping a
            partial last batch (the data path pads its parts, see
            `keras.src.distribution.data_input`). A distributed dataset is
            already split by its strategy and is read as it is.
    """

    def __init__(self, dataset, class_weight=None, distribution=None):
        import tensorflow as tf

        distributed = isinstance(dataset, tf.distribute.DistributedDataset)
        if not distributed and not isinstance(dataset, tf.data.Dataset):
            raise ValueError(
                "Expected argument `dataset` to be a tf.data.Dataset (or a "
                "tf.distribute.DistributedDataset). Received: "
                f"{dataset!r} (of type {type(dataset)})."
            )
        # Class weights become sample weights in the dataset (errors show
        # here, when the function is traced), or per batch for a
        # distributed dataset, which has no `map`. An empty dict is no
        # class weighting at all.
        class_weight = class_weight or None
        self._class_weight = class_weight if distributed else None
        if class_weight is not None and not distributed:
            dataset = dataset.map(make_class_weight_map_fn(class_weight))
        if distribution is not None and not distributed:
            dataset = _distribute(dataset, distribution)
        self._dataset = dataset

    def get_numpy_iterator(self):
        for batch in self._dataset:
            batch = tree.map_structure(_local_batch, batch)
            yield data_adapter_utils.standardize_batch(
                batch, self._class_weight
            )

    def get_tf_dataset(self):
        return self._dataset

    @property
    def num_batches(self):
        cardinality = self._dataset.cardinality
        # A method of `tf.data.Dataset`, a number for distributed datasets.
        cardinality = int(
            cardinality() if callable(cardinality) else cardinality
        )
        return cardinality if cardinality >= 0 else None

    @property
    def batch_size(self):
        import tensorflow as tf

        first = tf.nest.flatten(self._dataset.element_spec)[0]
        if first.shape.rank:
            size = first.shape[0]
            return int(size) if size is not None else None
        return None


def _distribute(dataset, distribution):
    """This process's part of `dataset` under `distribution`: a Keras
    `Distribution` keeps partial global batches (the data path pads
    them); any other object's `distribute_dataset` is used as it is."""
    from keras.src.distribution.distribution_lib import Distribution

    if isinstance(distribution, Distribution):
        return distribution._distribute_dataset(
            dataset, keep_partial_batches=True
        )
    return distribution.distribute_dataset(dataset)


def _local_batch(leaf):
    """A leaf of a distributed dataset's element: the parts of this
    process's replicas, concatenated (other leaves are kept)."""
    if type(leaf).__name__ == "PerReplica":
        return np.concatenate(
            [data_adapter_utils.to_numpy(part) for part in leaf.values]
        )
    return leaf


def make_class_weight_map_fn(class_weight):
    """A `dataset.map` function adding class weights as sample weights."""
    import tensorflow as tf

    data_adapter_utils.validate_class_weight(class_weight, None)
    max_class = max(int(k) for k in class_weight)
    table = np.ones(max_class + 1, dtype="float32")
    for cls, weight in class_weight.items():
        table[int(cls)] = weight
    table = tf.constant(table)

    def class_weights_map_fn(*data):
        x, y, sample_weight = data_adapter_utils.unpack_x_y_sample_weight(
            data if len(data) > 1 else data[0]
        )
        if sample_weight is not None:
            raise ValueError(data_adapter_utils.CLASS_AND_SAMPLE_WEIGHT_ERROR)
        if y is None:
            raise ValueError("`class_weight` requires targets `y`.")
        if tf.nest.is_nested(y):
            raise ValueError(data_adapter_utils.SINGLE_OUTPUT_ERROR)
        labels = tf.convert_to_tensor(y)
        if labels.shape.rank == 2:
            if labels.shape[1] == 1:
                labels = tf.squeeze(labels, axis=-1)
            else:
                labels = tf.argmax(labels, axis=-1)
        if labels.dtype.is_floating:
            labels = tf.round(labels)
        labels = tf.cast(labels, "int64")
        # Classes beyond the table get weight 1.
        in_table = labels < table.shape[0]
        weights = tf.where(
            in_table,
            tf.gather(table, tf.minimum(labels, table.shape[0] - 1)),
            tf.ones_like(labels, dtype="float32"),
        )
        return x, y, weights

    return class_weights_map_fn
