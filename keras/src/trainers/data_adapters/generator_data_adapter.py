"""Batches from a Python generator (or any iterator)."""

import inspect
import itertools

from keras.src.trainers.data_adapters import data_adapter_utils
from keras.src.trainers.data_adapters.data_adapter import DataAdapter


def is_generator(x):
    return inspect.isgenerator(x) or (
        hasattr(x, "__next__") and hasattr(x, "__iter__")
    )


class GeneratorDataAdapter(DataAdapter):
    """Batches from a generator yielding `x`, `(x, y)` or
    `(x, y, sample_weight)`.

    The first batch is drawn when the adapter is created (an empty
    generator is an error). A generator can be consumed only once: epochs
    after the one that exhausts it receive no data (use `steps_per_epoch`
    with an infinite generator to train several epochs).

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
        try:
            first = next(generator)
        except StopIteration:
            raise ValueError(
                "The generator passed as `x` yielded nothing: the generator "
                "must yield at least one batch (`x`, `(x, y)` or "
                "`(x, y, sample_weight)`)."
            ) from None
        self._batches = itertools.chain([first], generator)
        self._class_weight = class_weight

    def get_numpy_iterator(self):
        for batch in self._batches:
            yield data_adapter_utils.standardize_batch(
                batch, self._class_weight
            )

    def get_jax_iterator(self):
        """Like `get_numpy_iterator`, but JAX arrays stay on their
        devices."""
        for batch in self._batches:
            yield data_adapter_utils.standardize_batch(
                batch, self._class_weight, keep_jax_arrays=True
            )
