"""Batches from in-memory arrays (NumPy, JAX, or anything array-like).

Sparse arrays (JAX `BCOO`s, SciPy sparse matrices, `tf.SparseTensor`s) are
taken too, and their batches are `BCOO`s: they stay sparse all the way to
the model, which densifies them only where it needs to (a functional
model, at an `Input` that is not `sparse=True`). They cannot be split over
the devices of a distribution (see `keras.src.distribution.data_input`).
"""

import numpy as np

from keras.src import tree
from keras.src.trainers.data_adapters import data_adapter_utils
from keras.src.trainers.data_adapters.data_adapter import DataAdapter
from keras.src.utils.python_utils import ceil_div
from keras.src.utils.python_utils import read_only


def _is_array_leaf(x):
    if isinstance(x, np.ndarray) or data_adapter_utils.is_sparse(x):
        return True
    # JAX arrays, tf.Tensors, pandas objects...
    return (
        hasattr(x, "shape")
        and hasattr(x, "dtype")
        and (hasattr(x, "__array__") or hasattr(x, "numpy"))
        and len(getattr(x, "shape", ())) > 0
    )


def can_convert_arrays(arrays):
    """Whether every leaf of `arrays` is an array (or `None`)."""
    leaves = tree.flatten(arrays)
    return any(leaf is not None for leaf in leaves) and all(
        leaf is None or _is_array_leaf(leaf) for leaf in leaves
    )


class ArrayDataAdapter(DataAdapter):
    """Slices arrays into batches.

    Args:
        x: Array or nested structure (list/tuple/dict) of arrays.
        y: Optional targets, with the same number of samples.
        sample_weight: Optional per-sample weights.
        batch_size: The (global) batch size. Defaults to 32, or to
            `ceil(num_samples / steps)` when `steps` is given.
        steps: Optional number of batches per epoch, used only to derive
            `batch_size`.
        shuffle: `True` to shuffle the samples every epoch, `"batch"` to
            shuffle samples within batch-sized chunks only. The order of
            each epoch depends only on a seed drawn from NumPy's global
            generator when the adapter is created (which
            `keras.utils.set_random_seed` seeds) and on the epoch index
            (see `set_epoch`).
        class_weight: Optional dict `{class_index: weight}` turned into
            sample weights.
        distribution: Optional distribution. In a multi-process run the
            shuffling seed is agreed between the processes, so that each
            builds the same global batches (the data path then takes each
            process's rows of them).

    The last batch keeps the remaining samples (it may be smaller).
    """

    def __init__(
        self,
        x,
        y=None,
        sample_weight=None,
        batch_size=None,
        steps=None,
        shuffle=False,
        class_weight=None,
        distribution=None,
    ):
        if shuffle not in (True, False, "batch"):
            raise ValueError(
                "`shuffle` must be True, False or 'batch'. Received: "
                f"shuffle={shuffle}"
            )

        _check_array_like(x, y, sample_weight)

        def convert(t):
            if t is None:
                return None
            if type(t).__module__.startswith("pandas") and t.ndim == 1:
                # A pandas Series is one column.
                t = t.to_numpy().reshape(-1, 1)
            t = data_adapter_utils.to_numpy(t)
            if data_adapter_utils.is_sparse(t):
                return SparseRows(t)
            return data_adapter_utils.standardize_dtype_for_backend(t)

        if distribution is not None:
            from keras.src.distribution import data_input

            # Before any process compares the data, which needs it dense.
            data_input.check_dense((x, y, sample_weight))
        x, y, sample_weight = tree.map_structure(convert, (x, y, sample_weight))
        data_adapter_utils.check_data_cardinality((x, y, sample_weight))
        sample_weight = _sample_weight_per_output(y, sample_weight)
        if class_weight is not None:
            x, y, sample_weight = data_adapter_utils.apply_class_weight(
                (x, y, sample_weight), class_weight
            )
        if sample_weight is not None:
            self._inputs = (x, y, sample_weight)
        elif y is not None:
            self._inputs = (x, y)
        else:
            self._inputs = (x,)
        self._num_samples = data_adapter_utils.num_samples(self._inputs)
        if not batch_size:
            if steps:
                batch_size = ceil_div(self._num_samples, steps)
            else:
                batch_size = 32
        self._batch_size = max(1, int(batch_size))
        self._num_batches = ceil_div(self._num_samples, self._batch_size)
        self._partial = self._num_samples % self._batch_size
        self._shuffle = shuffle
        self._distribution = distribution
        # The order of epoch `e` depends only on (seed, e), so training
        # resumed at `fit(initial_epoch=e)` sees the same batches.
        self._seed = self._shared_seed()
        self._epoch = 0

    def _multi_process(self):
        return (
            self._distribution is not None
            and self._distribution.num_processes > 1
        )

    def _shared_seed(self):
        """A shuffling seed, the same on every process."""
        seed = int(np.random.randint(0, 2**31 - 1))
        if self._multi_process():
            from keras.src.distribution import distribution_lib

            seed = int(distribution_lib.all_gather_int([seed])[0][0])
        return seed

    def fingerprint(self):
        """`(num_samples, fingerprint)` of the data: its sample count and a
        hash of its shapes, dtypes and of rows sampled evenly from it (the
        processes of a job compare them, see
        `keras.src.distribution.data_consistency`)."""
        from keras.src.distribution import data_consistency

        rows = data_consistency.sampled_rows(self._num_samples)
        return self._num_samples, data_consistency.fingerprint(
            self._inputs, rows
        )

    @property
    def shuffle_seed(self):
        """The seed of the shuffled orders (with the epoch index). A run
        resumed from a backup sets the seed it saved, so that it sees the
        batches of the run it continues."""
        return self._seed

    @shuffle_seed.setter
    def shuffle_seed(self, seed):
        self._seed = int(seed)

    def set_epoch(self, epoch):
        """Makes the next pass over the data use epoch `epoch`'s order."""
        self._epoch = int(epoch)

    def _batch_indices(self):
        n, bs = self._num_samples, self._batch_size
        rng = np.random.default_rng([self._seed, self._epoch])
        self._epoch += 1
        order = None
        if self._shuffle is True:
            order = rng.permutation(n)
        for i in range(self._num_batches):
            start, stop = i * bs, min((i + 1) * bs, n)
            if order is not None:
                yield order[start:stop]
            elif self._shuffle == "batch":
                yield start + rng.permutation(stop - start)
            else:
                yield slice(start, stop)

    def get_numpy_iterator(self):
        for indices in self._batch_indices():
            yield tree.map_structure(
                lambda a: None if a is None else a[indices], self._inputs
            )

    def get_torch_dataloader(self):
        """Returns a `torch.utils.data.DataLoader` over a map-style dataset
        of the samples (`len(loader.dataset)` is the sample count) whose
        sampler yields each batch's indices in this adapter's order
        (`len(loader)` is the batch count). Imports PyTorch."""
        import torch

        adapter = self

        class Samples(torch.utils.data.Dataset):
            def __len__(self):
                return adapter._num_samples

            def __getitem__(self, indices):
                return tree.map_structure(
                    lambda a: (
                        None if a is None else torch.as_tensor(a[indices])
                    ),
                    adapter._inputs,
                )

        class BatchIndices(torch.utils.data.Sampler):
            def __iter__(self):
                return adapter._batch_indices()

            def __len__(self):
                return adapter._num_batches

        # Each index drawn is a whole batch's: no further batching.
        return torch.utils.data.DataLoader(
            Samples(), sampler=BatchIndices(), batch_size=None
        )

    num_batches = read_only(
        "_num_batches", "The number of batches in one pass over the data."
    )

    batch_size = read_only(
        "_batch_size", "The size of the batches (the last one may be smaller)."
    )

    @property
    def has_partial_batch(self):
        return self._partial > 0

    @property
    def partial_batch_size(self):
        return self._partial or None


def _check_array_like(x, y, sample_weight):
    invalid = {
        name: part
        for name, part in (("x", x), ("y", y), ("sample_weight", sample_weight))
        if part is not None
        and not all(
            leaf is None or len(getattr(leaf, "shape", ())) > 0
            for leaf in tree.flatten(part)
        )
    }
    if invalid:
        received = ", ".join(
            f"{name}={_short(part)}" for name, part in invalid.items()
        )
        raise ValueError(
            "Expected all elements of `x` to be array-like (NumPy, JAX, "
            "TensorFlow or PyTorch arrays, sparse matrices, pandas objects; "
            "at least 1D), or a structure of them. Received invalid types: "
            f"{received}"
        )


def _short(value):
    text = repr(value)
    return text if len(text) < 200 else text[:200] + "..."


def _sample_weight_per_output(y, sample_weight):
    """`sample_weight` with the structure of `y` (a model with several
    outputs): one array is repeated for every output."""
    if sample_weight is None or y is None or not tree.is_nested(y):
        return sample_weight
    if tree.is_nested(sample_weight):
        try:
            tree.assert_same_structure(y, sample_weight)
        except (ValueError, TypeError):
            raise ValueError(
                "You should provide one `sample_weight` array per output in "
                "`y` (the same structure), or a single 1D array for all of "
                "them. The two structures did not match:\n"
                f"- y: {tree.map_structure(np.shape, y)}\n"
                "- sample_weight: "
                f"{tree.map_structure(np.shape, sample_weight)}"
            ) from None
        return sample_weight
    if np.ndim(sample_weight) != 1:
        raise ValueError(
            "For a model with multiple outputs, when providing a single "
            "`sample_weight` array, it should only have one dimension (one "
            "weight per sample, applied to every output). Received: "
            f"sample_weight.shape={np.shape(sample_weight)}"
        )
    return tree.map_structure(lambda _: sample_weight, y)


class SparseRows:
    """A sparse array kept in host memory, grouped by row, from which
    batches of rows are drawn as `BCOO`s.

    The nonzero entries are sorted by row once, so a batch costs time in
    proportion to its own entries only, whatever order its rows come in.
    Each batch holds a power of two of entries (zeros at index 0 fill the
    rest), so that a jitted step sees few distinct shapes.

    Args:
        matrix: A JAX `BCOO` (any layout; its duplicate entries are kept,
            entries outside its shape, `BCOO`'s padding, are dropped).
    """

    def __init__(self, matrix):
        from jax.experimental import sparse as jax_sparse

        flat = jax_sparse.bcoo_update_layout(matrix, n_batch=0, n_dense=0)
        indices = np.asarray(flat.indices)
        values = np.asarray(flat.data)
        inside = np.all(indices < np.asarray(flat.shape), axis=1)
        indices, values = indices[inside], values[inside]
        order = np.argsort(indices[:, 0], kind="stable")
        self._indices = indices[order]
        self._values = data_adapter_utils.standardize_dtype_for_backend(
            values[order]
        )
        self.shape = tuple(flat.shape)
        self.dtype = self._values.dtype
        # Entries of row r: self._indices[self._starts[r]:self._starts[r+1]].
        self._starts = np.searchsorted(
            self._indices[:, 0], np.arange(self.shape[0] + 1)
        )

    def __getitem__(self, rows):
        from jax.experimental import sparse as jax_sparse

        if isinstance(rows, slice):
            rows = np.arange(*rows.indices(self.shape[0]))
        rows = np.asarray(rows)
        starts = self._starts[rows]
        counts = self._starts[rows + 1] - starts
        total = int(counts.sum())
        # Positions of the batch's entries, row after row.
        offsets = np.arange(total) - np.repeat(
            np.cumsum(counts) - counts, counts
        )
        taken = np.repeat(starts, counts) + offsets
        size = 1 << max(total - 1, 0).bit_length()
        indices = np.zeros((size, len(self.shape)), self._indices.dtype)
        indices[:total] = self._indices[taken]
        indices[:total, 0] = np.repeat(np.arange(len(rows)), counts)
        values = np.zeros((size,), self.dtype)
        values[:total] = self._values[taken]
        return jax_sparse.BCOO(
            (values, indices), shape=(len(rows),) + self.shape[1:]
        )
