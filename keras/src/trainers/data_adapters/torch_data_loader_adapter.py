"""Batches from a `torch.utils.data.DataLoader`.

PyTorch is imported only when a `DataLoader` is given: `import keras` never
imports it, and `is_torch_dataloader` looks at a value without importing
it.
"""

import base64
import sys

from keras.src.trainers.data_adapters import data_adapter_utils
from keras.src.trainers.data_adapters.data_adapter import DataAdapter


def is_torch_dataloader(x):
    """Whether `x` is a `torch.utils.data.DataLoader` (without importing
    PyTorch when it is not loaded)."""
    if "torch" not in sys.modules:
        return False
    import torch

    return isinstance(x, torch.utils.data.DataLoader)


class TorchDataLoaderAdapter(DataAdapter):
    """Iterates a `torch.utils.data.DataLoader` as NumPy batches.

    Every pass over the data iterates the `DataLoader` anew, so its
    sampler shuffles each epoch as PyTorch does, and its workers load the
    batches. Tensors become NumPy arrays (detached from autograd, copied
    to the host); the structure of each batch (tuple, dict, ...) is kept,
    a list at the top becoming a tuple.

    A shuffling `DataLoader` draws each pass's order from PyTorch random
    number generators (its `generator`, else PyTorch's global one, and its
    sampler's own, if any). `order_state()` and `restore_order_state()`
    save and restore them, so that a resumed `fit()` replays the order of
    the pass it stopped in.

    With several processes, each process reads its own `DataLoader`
    (e.g. with a `DistributedSampler`): set
    `distribution.auto_shard_dataset = False`. The data path then pads
    every process's part of each batch to a common size.

    Args:
        dataloader: The `torch.utils.data.DataLoader`.
        class_weight: Optional dict `{class_index: weight}`, turned into
            the sample weights of each batch (its targets must be a single
            array, and it must hold no sample weights).
    """

    def __init__(self, dataloader, class_weight=None):
        if not is_torch_dataloader(dataloader):
            raise ValueError(
                "Expected argument `dataloader` to be an instance of "
                "`torch.utils.data.DataLoader`. Received: "
                f"{dataloader!r} (of type {type(dataloader)})."
            )
        self._dataloader = dataloader
        self._class_weight = class_weight
        # Generator states when the current pass began, and those the
        # next pass is to begin with (set when resuming).
        self._pass_start_states = None
        self._next_pass_states = None
        self._num_batches = _length(dataloader)
        self._batch_size = dataloader.batch_size
        self._partial_batch_size = None
        if self._batch_size and self._num_batches is not None:
            num_samples = _num_samples(dataloader)
            if dataloader.drop_last:
                self._partial_batch_size = 0
            elif num_samples is not None:
                self._partial_batch_size = num_samples % self._batch_size

    def get_numpy_iterator(self):
        generators = _generators(self._dataloader)
        if self._next_pass_states is not None:
            for generator, state in zip(generators, self._next_pass_states):
                generator.set_state(state)
            self._next_pass_states = None
        self._pass_start_states = [g.get_state() for g in generators]
        for batch in self._dataloader:
            yield data_adapter_utils.standardize_batch(
                batch, self._class_weight
            )

    def order_state(self, pass_started):
        """The states of the generators ordering the data (a list of
        strings, for JSON): those the current pass began with if
        `pass_started`, else the present ones, which the next pass will
        begin with."""
        states = self._pass_start_states if pass_started else None
        if states is None:
            states = [g.get_state() for g in _generators(self._dataloader)]
        return [
            base64.b64encode(state.numpy().tobytes()).decode("ascii")
            for state in states
        ]

    def restore_order_state(self, state):
        """Makes the next pass begin with the generator states `state`
        (from `order_state()`); returns whether they fit this
        `DataLoader` (the same number of generators)."""
        import torch

        if len(state) != len(_generators(self._dataloader)):
            return False
        self._next_pass_states = [
            torch.frombuffer(bytearray(base64.b64decode(s)), dtype=torch.uint8)
            for s in state
        ]
        return True

    def get_torch_dataloader(self):
        return self._dataloader

    @property
    def num_batches(self):
        """Batches per epoch (`len(dataloader)`), `None` when its dataset
        has no length."""
        return self._num_batches

    @property
    def batch_size(self):
        """The `DataLoader`'s `batch_size` (`None` with a
        `batch_sampler`)."""
        return self._batch_size

    @property
    def has_partial_batch(self):
        if self._partial_batch_size is None:
            return None
        return self._partial_batch_size > 0

    @property
    def partial_batch_size(self):
        return self._partial_batch_size or None


def _generators(dataloader):
    """The distinct PyTorch generators that an iteration of `dataloader`
    draws from: its `generator` (PyTorch's global one when `None`, from
    which it draws worker seeds and the default sampler's order) and the
    `generator` of its samplers."""
    import torch

    found = [dataloader.generator or torch.default_generator]
    batch_sampler = dataloader.batch_sampler
    for sampler in (
        dataloader.sampler,
        batch_sampler,
        getattr(batch_sampler, "sampler", None),
    ):
        generator = getattr(sampler, "generator", None)
        if generator is not None and all(generator is not g for g in found):
            found.append(generator)
    return found


def _length(dataloader):
    try:
        return len(dataloader)
    except TypeError:
        # An `IterableDataset` without `__len__`.
        return None


def _num_samples(dataloader):
    """Samples per epoch: the sampler's for a map-style dataset, the
    dataset's length for an iterable one, `None` if unknown."""
    import torch

    source = dataloader.dataset
    if not isinstance(source, torch.utils.data.IterableDataset):
        source = dataloader.sampler
    try:
        return len(source)
    except TypeError:
        return None
