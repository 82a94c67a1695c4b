"""Helpers shared by the data adapters: (x, y, sample_weight) packing,
validation splits, class weights, and dealing batches out to processes."""

import collections.abc
import math

import numpy as np

from keras.src import tree
from keras.src.api_export import keras_export

NUM_BATCHES_FOR_TENSOR_SPEC = 2


@keras_export("keras.utils.unpack_x_y_sample_weight")
def unpack_x_y_sample_weight(data):
    """Unpacks user-provided data into `(x, y, sample_weight)`.

    Args:
        data: A tuple of the form `(x,)`, `(x, y)` or `(x, y, sample_weight)`
            (a list is treated like a tuple), or anything else, which is
            taken as `x`.

    Returns:
        The tuple `(x, y, sample_weight)`; missing entries are `None`.

    Example:

    >>> x, y, sw = keras.utils.unpack_x_y_sample_weight((1, 2))
    >>> (x, y, sw)
    (1, 2, None)
    """
    if isinstance(data, list):
        data = tuple(data)
    if not isinstance(data, tuple):
        return (data, None, None)
    if len(data) == 1:
        return (data[0], None, None)
    if len(data) == 2:
        return (data[0], data[1], None)
    if len(data) == 3:
        return (data[0], data[1], data[2])
    raise ValueError(
        "Data is expected to be in format `x`, `(x,)`, `(x, y)`, or "
        f"`(x, y, sample_weight)`, found: {data}"
    )


@keras_export("keras.utils.pack_x_y_sample_weight")
def pack_x_y_sample_weight(x, y=None, sample_weight=None):
    """Packs `x`, `y` and `sample_weight` into the tuple the trainer expects.

    Args:
        x: Features.
        y: Optional targets.
        sample_weight: Optional sample weights.

    Returns:
        `x` (or `(x,)` when `x` is itself a list or tuple) if `y` is `None`,
        `(x, y)` if `sample_weight` is `None`, else `(x, y, sample_weight)`.

    Example:

    >>> keras.utils.pack_x_y_sample_weight(1, 2)
    (1, 2)
    """
    if y is None:
        if isinstance(x, (list, tuple)):
            return (x,)
        return x
    if sample_weight is None:
        return (x, y)
    return (x, y, sample_weight)


def list_to_tuple(maybe_list):
    if isinstance(maybe_list, list):
        return tuple(maybe_list)
    return maybe_list


def is_array(x):
    """Whether `x` is an array-like the array adapter can slice."""
    return (
        hasattr(x, "shape")
        and hasattr(x, "__getitem__")
        and hasattr(x, "dtype")
    )


def num_samples(structure):
    """Size of dimension 0 of the leaves of `structure` (checked equal)."""
    sizes = {
        int(leaf.shape[0])
        for leaf in tree.flatten(structure)
        if leaf is not None
    }
    if len(sizes) > 1:
        raise ValueError(
            "All arrays must have the same number of samples. Received "
            f"sizes: {sorted(sizes)}"
        )
    return sizes.pop() if sizes else 0


def check_data_cardinality(data):
    """Raises if x, y and sample_weight don't have the same length.

    Args:
        data: The tuple `(x, y, sample_weight)` (entries may be `None`).
    """
    sizes = []
    labels = ["x", "y", "sample_weight"]
    for label, part in zip(labels, data):
        if part is None:
            continue
        leaves = [leaf for leaf in tree.flatten(part) if leaf is not None]
        part_sizes = sorted({int(leaf.shape[0]) for leaf in leaves})
        if part_sizes:
            sizes.append((label, part_sizes))
    all_sizes = {s for _, part_sizes in sizes for s in part_sizes}
    if len(all_sizes) > 1:
        details = ", ".join(
            f"{label} sizes: {', '.join(str(s) for s in part_sizes)}"
            for label, part_sizes in sizes
        )
        raise ValueError(
            f"Data cardinality is ambiguous. Make sure all arrays contain "
            f"the same number of samples. Received: {details}"
        )


def train_validation_split(arrays, validation_split):
    """Splits arrays into a training part and a validation part.

    The validation part is the *last* `validation_split` fraction of the
    samples, taken before any shuffling.

    Args:
        arrays: An array or a nested structure of arrays (`None` entries are
            kept as `None` in both parts).
        validation_split: Float in `(0, 1)`, the fraction of the samples
            used for validation.

    Returns:
        `(train_arrays, validation_arrays)`, both with the structure of
        `arrays`.

    Example:

    >>> x = np.arange(10)
    >>> train, val = train_validation_split(x, 0.2)
    >>> val
    array([8, 9])
    """
    flat = tree.flatten(arrays)
    unsplittable = [type(t) for t in flat if t is not None and not is_array(t)]
    if unsplittable:
        raise ValueError(
            "Argument `validation_split` is only supported for NumPy or JAX "
            f"arrays. Found incompatible types: {unsplittable}"
        )
    if not 0.0 < validation_split < 1.0:
        raise ValueError(
            "`validation_split` must be a float between 0 and 1 (exclusive)."
            f" Received: validation_split={validation_split}"
        )
    if all(t is None for t in flat):
        return arrays, arrays
    first = next(t for t in flat if t is not None)
    batch_dim = int(first.shape[0])
    split_at = int(math.floor(batch_dim * (1.0 - validation_split)))
    if split_at == 0 or split_at == batch_dim:
        raise ValueError(
            f"Training data contains {batch_dim} samples, which is not "
            "sufficient to split it into a validation and training set as "
            f"specified by `validation_split={validation_split}`. Either "
            "provide more data, or a different value for the "
            "`validation_split` argument."
        )

    def split(t, start, end):
        if t is None:
            return None
        return t[start:end]

    train = tree.map_structure(lambda t: split(t, 0, split_at), arrays)
    val = tree.map_structure(lambda t: split(t, split_at, batch_dim), arrays)
    return train, val


class DistributedBatchSampler:
    """Deals the batches of a batch sampler out to several data shards.

    Shard `data_shard_id` of `num_data_shards` receives the batches whose
    position is `data_shard_id` modulo `num_data_shards`. Give one to a
    PyTorch `DataLoader` as its `batch_sampler` in each process that reads
    its own part of the data.

    Args:
        batch_sampler: A sized iterable of batches (for example a
            `torch.utils.data.BatchSampler`), read again on every pass.
        num_data_shards: The number of shards the batches are dealt to.
        data_shard_id: This shard's index, from 0 to `num_data_shards - 1`.
        drop_last: When True, every shard gets the same number of batches:
            the `len(batch_sampler) % num_data_shards` last batches are
            left out. When False, the first shards may get one more batch.
    """

    def __init__(
        self, batch_sampler, num_data_shards, data_shard_id, drop_last=False
    ):
        if num_data_shards < 1:
            raise ValueError(
                f"num_data_shards must be >= 1. Received: {num_data_shards}"
            )
        if not 0 <= data_shard_id < num_data_shards:
            raise ValueError(
                f"data_shard_id must be in [0, {num_data_shards - 1}]. "
                f"Received: {data_shard_id}"
            )
        self.batch_sampler = batch_sampler
        self.num_data_shards = num_data_shards
        self.data_shard_id = data_shard_id
        self.drop_last = drop_last

    def _num_dealt(self):
        """How many batches of a pass are dealt out at all."""
        total = len(self.batch_sampler)
        if self.drop_last:
            return total - total % self.num_data_shards
        return total

    def __iter__(self):
        num_dealt = self._num_dealt()
        for position, batch in enumerate(self.batch_sampler):
            if position >= num_dealt:
                return
            if position % self.num_data_shards == self.data_shard_id:
                yield batch

    def __len__(self):
        return len(
            range(self.data_shard_id, self._num_dealt(), self.num_data_shards)
        )


def class_weight_to_sample_weights(y, class_weight):
    """Per-sample weights from a `{class_index: weight}` dict.

    Args:
        y: Integer class labels of shape `(n,)` or `(n, 1)`, or one-hot
            labels of shape `(n, num_classes)` (the argmax is used).
        class_weight: Dict mapping class indices to weights. Classes that
            are missing get weight 1.

    Returns:
        A float32 NumPy array of shape `(n,)`.
    """
    weights = _class_weight_table(class_weight)
    y = np.asarray(y)
    if y.ndim > 2:
        raise ValueError(
            "`class_weight` is only supported for targets of rank 1 or 2. "
            f"Received targets of shape {y.shape}"
        )
    if y.ndim == 2:
        if y.shape[1] > 1:
            y = np.argmax(y, axis=1)
        else:
            y = y[:, 0]
    if y.dtype.kind == "f":
        y = np.round(y)
    y = y.astype("int64")
    size = max([int(y.max(initial=0)), *weights]) + 1
    table = np.ones(size, "float32")
    for cls, weight in weights.items():
        table[cls] = weight
    return table[y]


def _class_weight_table(class_weight):
    """`class_weight` with its keys as Python ints, negative ones left out
    (no label is negative).

    Raises:
        ValueError: for a `class_weight` that is not a mapping, or a key
            that is not an integer class index.
    """
    if not isinstance(class_weight, collections.abc.Mapping):
        raise ValueError(
            "`class_weight` should be a dict-like mapping from class index "
            f"to weight. Received: class_weight={class_weight} of type "
            f"{type(class_weight)}."
        )
    weights = {}
    for key, weight in class_weight.items():
        try:
            cls = int(key)
        except (TypeError, ValueError):
            raise ValueError(
                "The keys of `class_weight` are class indices and must be "
                f"integer keys. Received the key {key!r} of type "
                f"{type(key)}."
            ) from None
        if cls >= 0:
            weights[cls] = weight
    return weights


CLASS_AND_SAMPLE_WEIGHT_ERROR = (
    "You cannot `class_weight` and `sample_weight` at the same time: "
    "either give per-class weights (`class_weight`) or per-sample weights "
    "(the third element of each batch, or `sample_weight`), and fold the "
    "class weights into the sample weights yourself to use both."
)
SINGLE_OUTPUT_ERROR = (
    "`class_weight` is only supported for Models with a single output. "
    "For several outputs, pass per-sample weights for each output instead."
)


def validate_class_weight(class_weight, y):
    """Checks that `class_weight` is a dict and `y` a single output."""
    if class_weight is None:
        return
    if not isinstance(class_weight, dict):
        raise ValueError(
            "`class_weight` must be a dict mapping class indices to weights."
            f" Received: class_weight={class_weight}"
        )
    if isinstance(y, (list, tuple, dict)):
        raise ValueError(SINGLE_OUTPUT_ERROR)


def apply_class_weight(data, class_weight):
    """Returns `(x, y, sample_weight)` with the class weights of `y` as
    sample weights.

    Raises a `ValueError` when `data` already has sample weights (the two
    cannot be combined) or several outputs.
    """
    x, y, sample_weight = data
    if not class_weight:
        return data
    validate_class_weight(class_weight, y)
    if sample_weight is not None:
        raise ValueError(CLASS_AND_SAMPLE_WEIGHT_ERROR)
    if y is None:
        raise ValueError("`class_weight` requires targets `y`.")
    y_leaf = tree.flatten(y)[0]
    return (x, y, class_weight_to_sample_weights(y_leaf, class_weight))


def to_numpy(x):
    """Converts an array-like leaf to NumPy (tensors from tf/JAX included).

    Sparse leaves (SciPy sparse matrices, `tf.SparseTensor`s, JAX `BCOO`s)
    stay sparse: they become JAX `BCOO` tensors, the sparse form the
    backend computes with.
    """
    if x is None or isinstance(x, np.ndarray):
        return x
    sparse = to_bcoo(x)
    if sparse is not None:
        return sparse
    if type(x).__module__.startswith("torch"):
        # Leaves a tensor's autograd graph and device behind.
        return x.detach().cpu().numpy()
    if hasattr(x, "numpy") and callable(x.numpy):
        try:
            return np.asarray(x.numpy())
        except Exception:
            pass
    return np.asarray(x)


def standardize_batch(batch, class_weight=None, keep_jax_arrays=False):
    """A batch from a user's pipeline, ready for the data path.

    A list at the top becomes a tuple (`(x, y)` and `[x, y]` mean the
    same); any other structure (a dict, an array) is kept. Leaves become
    NumPy arrays (sparse ones JAX `BCOO`s, see `to_numpy`), and class
    weights become sample weights.

    Args:
        batch: `x`, `(x,)`, `(x, y)` or `(x, y, sample_weight)`.
        class_weight: Optional dict `{class_index: weight}`.
        keep_jax_arrays: Whether JAX arrays stay as they are (already on
            a device) instead of being copied to NumPy.

    Returns:
        The standardized batch.
    """
    import jax

    def convert(leaf):
        if keep_jax_arrays and isinstance(leaf, jax.Array):
            return leaf
        return to_numpy(leaf)

    batch = tree.map_structure(convert, list_to_tuple(batch))
    if class_weight:
        batch = apply_class_weight(
            unpack_x_y_sample_weight(batch), class_weight
        )
    return batch


def _sparse_kind(x):
    """`"bcoo"`, `"scipy"` or `"tf"` for the sparse arrays the data
    adapters take, else `None`."""
    from jax.experimental import sparse as jax_sparse

    if isinstance(x, jax_sparse.BCOO):
        return "bcoo"
    module = type(x).__module__
    if module.startswith("scipy.sparse"):
        return "scipy"
    if module.startswith("tensorflow") and type(x).__name__ == "SparseTensor":
        return "tf"
    return None


def is_sparse(x):
    """Whether `x` is a sparse array the data adapters take (a JAX `BCOO`,
    a SciPy sparse matrix or a `tf.SparseTensor`)."""
    return _sparse_kind(x) is not None


def to_bcoo(x):
    """`x` as a JAX `BCOO` if it is a sparse tensor of a known kind, else
    `None`."""
    from jax.experimental import sparse as jax_sparse

    kind = _sparse_kind(x)
    if kind == "scipy":
        coo = x.tocoo()
        indices = np.stack([coo.row, coo.col], axis=1).astype("int32")
        return jax_sparse.BCOO((coo.data, indices), shape=coo.shape)
    if kind == "tf":
        return jax_sparse.BCOO(
            (x.values.numpy(), x.indices.numpy().astype("int32")),
            shape=tuple(int(d) for d in x.dense_shape.numpy()),
        )
    return x if kind == "bcoo" else None


def standardize_dtype_for_backend(x):
    """Float NumPy arrays become `floatx`; other arrays are kept."""
    from keras.src.backend import config

    if isinstance(x, np.ndarray) and x.dtype.kind == "f":
        floatx = config.floatx()
        if x.dtype != np.dtype(floatx):
            return x.astype(floatx)
    return x
