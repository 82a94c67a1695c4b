"""Batches from a Python generator (or any iterator)."""

import inspect

from keras.src import tree
from keras.src.trainers.data_adapters import data_adapter_utils
from keras.src.trainers.data_adapters.data_adapter import DataAdapter


def is_generator(x):
    return inspect.isgenerator(x) or (
        hasattr(x, "__next__") and hasattr(x, "__iter__")
    )


class GeneratorDataAdapter(DataAdapter):
    """Batches from a generator yielding `x`, `(x, y)` or
    `(x, y, sample_weight)`.

    A generator can be consumed only once: epochs after the one that
    exhausts it receive no data (use `steps_per_epoch` with an infinite
    generator to train several epochs).

    Args:
        generator: The generator or iterator.
        class_weight: Optional dict `{class_index: weight}`.
    """

    reiterable = False

    def __init__(self, generator, class_weight=None):
        if not is_generator(generator):
            raise ValueError(
                "Expected a Python generator or iterator. Received: "
                f"{type(generator)}"
            )
        self._generator = generator
        self._class_weight = class_weight

    def get_numpy_iterator(self):
        for batch in self._generator:
            yield _standardize_batch(batch, self._class_weight)


def _standardize_batch(batch, class_weight):
    """Tuple of NumPy arrays, with class weights folded in."""
    batch = data_adapter_utils.list_to_tuple(batch)
    if not isinstance(batch, tuple):
        batch = (batch,)
    batch = tree.map_structure(data_adapter_utils.to_numpy, batch)
    if class_weight:
        x, y, sw = data_adapter_utils.unpack_x_y_sample_weight(batch)
        batch = data_adapter_utils.apply_class_weight((x, y, sw), class_weight)
    return batch
