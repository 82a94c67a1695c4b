"""Batches from a `tf.data.Dataset`.

TensorFlow is imported lazily, inside functions only: `import keras` never
imports it.
"""

import sys

import numpy as np

from keras.src.trainers.data_adapters import data_adapter_utils
from keras.src.trainers.data_adapters.data_adapter import DataAdapter


def is_tf_dataset(x):
    """Whether `x` is a `tf.data.Dataset` (without importing TensorFlow)."""
    if "tensorflow" not in sys.modules:
        return False
    for cls in type(x).__mro__:
        module = getattr(cls, "__module__", "") or ""
        if module.startswith("tensorflow.python.data") and (
            "Dataset" in cls.__name__
        ):
            return True
    return False


class TFDatasetAdapter(DataAdapter):
    """Iterates a batched `tf.data.Dataset` as NumPy batches.

    Args:
        dataset: A `tf.data.Dataset` yielding `x`, `(x, y)` or
            `(x, y, sample_weight)` batches.
        class_weight: Optional dict `{class_index: weight}`.
        distribution: Optional distribution; the dataset is then sharded
            as `distribution.distribute_dataset` does (each process gets
            its part of every global batch), keeping a partial last batch
            (the data path pads its parts, see
            `keras.src.distribution.data_input`).
    """

    def __init__(self, dataset, class_weight=None, distribution=None):
        import tensorflow as tf

        if not isinstance(dataset, tf.data.Dataset):
            raise ValueError(
                "Expected argument `dataset` to be a tf.data.Dataset. "
                f"Received: {dataset}"
            )
        if class_weight is not None:
            dataset = dataset.map(make_class_weight_map_fn(class_weight))
        if distribution is not None:
            dataset = distribution._distribute_dataset(
                dataset, keep_partial_batches=True
            )
        self._dataset = dataset

    def get_numpy_iterator(self):
        for batch in self._dataset.as_numpy_iterator():
            yield data_adapter_utils.list_to_tuple(batch)

    def get_tf_dataset(self):
        return self._dataset

    @property
    def num_batches(self):
        cardinality = int(self._dataset.cardinality())
        return cardinality if cardinality >= 0 else None

    @property
    def batch_size(self):
        import tensorflow as tf

        first = tf.nest.flatten(self._dataset.element_spec)[0]
        if first.shape.rank:
            size = first.shape[0]
            return int(size) if size is not None else None
        return None


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
        if y is None:
            raise ValueError("`class_weight` requires targets `y`.")
        if tf.nest.is_nested(y):
            raise ValueError(
                "`class_weight` is only supported for models with a single "
                "output."
            )
        labels = y
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
        if sample_weight is not None:
            weights = weights * tf.cast(sample_weight, weights.dtype)
        return x, y, weights

    return class_weights_map_fn
