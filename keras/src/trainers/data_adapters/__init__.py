"""Data adapters: turn user inputs (arrays, tf.data, torch `DataLoader`s,
grain datasets, generators, PyDataset) into iterables of NumPy batches."""

from keras.src.trainers.data_adapters import array_data_adapter
from keras.src.trainers.data_adapters import data_adapter_utils
from keras.src.trainers.data_adapters.array_data_adapter import ArrayDataAdapter
from keras.src.trainers.data_adapters.data_adapter import DataAdapter
from keras.src.trainers.data_adapters.generator_data_adapter import (
    GeneratorDataAdapter,
)
from keras.src.trainers.data_adapters.generator_data_adapter import is_generator
from keras.src.trainers.data_adapters.grain_dataset_adapter import (
    GrainDatasetAdapter,
)
from keras.src.trainers.data_adapters.grain_dataset_adapter import (
    is_grain_dataset,
)
from keras.src.trainers.data_adapters.py_dataset_adapter import PyDataset
from keras.src.trainers.data_adapters.py_dataset_adapter import PyDatasetAdapter
from keras.src.trainers.data_adapters.tf_dataset_adapter import TFDatasetAdapter
from keras.src.trainers.data_adapters.tf_dataset_adapter import is_tf_dataset
from keras.src.trainers.data_adapters.torch_data_loader_adapter import (
    TorchDataLoaderAdapter,
)
from keras.src.trainers.data_adapters.torch_data_loader_adapter import (
    is_torch_dataloader,
)


def get_data_adapter(
    x,
    y=None,
    sample_weight=None,
    batch_size=None,
    steps_per_epoch=None,
    shuffle=False,
    class_weight=None,
):
    """Returns the `DataAdapter` for `x`.

    Arrays (and nested structures of arrays) are sliced into batches of
    `batch_size`; `tf.data.Dataset`s, torch `DataLoader`s, grain datasets,
    `PyDataset`s and generators provide their own batches, so `y` and
    `sample_weight` must not be given with them. When a distribution is
    active, it is passed to the adapters that need it (dataset sharding,
    per-process rows). PyTorch and grain are imported only when `x` is one
    of their objects.
    """
    from keras.src.distribution import distribution_lib

    distribution = distribution_lib.distribution()
    if isinstance(x, DataAdapter):
        return x
    if array_data_adapter.can_convert_arrays((x, y, sample_weight)):
        return ArrayDataAdapter(
            x,
            y,
            sample_weight=sample_weight,
            batch_size=batch_size,
            steps=steps_per_epoch,
            shuffle=shuffle,
            class_weight=class_weight,
            distribution=distribution,
        )
    if is_tf_dataset(x):
        _check_no_extra_args("a tf.data.Dataset", y, sample_weight)
        return TFDatasetAdapter(
            x, class_weight=class_weight, distribution=distribution
        )
    if is_torch_dataloader(x):
        _check_no_extra_args("a torch DataLoader", y, sample_weight)
        _check_shardable(x, distribution)
        return TorchDataLoaderAdapter(x, class_weight=class_weight)
    if is_grain_dataset(x):
        _check_no_extra_args("a grain dataset", y, sample_weight)
        _check_shardable(x, distribution)
        return GrainDatasetAdapter(x, class_weight=class_weight)
    if isinstance(x, PyDataset):
        _check_no_extra_args("a PyDataset", y, sample_weight)
        _check_shardable(x, distribution)
        return PyDatasetAdapter(x, class_weight=class_weight, shuffle=shuffle)
    if is_generator(x):
        _check_no_extra_args("a generator", y, sample_weight)
        _check_shardable(x, distribution)
        return GeneratorDataAdapter(x, class_weight=class_weight)
    raise ValueError(
        "Unrecognized data type: x="
        f"{_short_repr(x)} (of type {type(x)}). Expected NumPy/JAX arrays "
        "(or a list/tuple/dict of them), a tf.data.Dataset, a "
        "torch.utils.data.DataLoader, a grain.MapDataset, grain.IterDataset "
        "or grain.DataLoader, a keras.utils.PyDataset or a Python generator."
    )


def _check_no_extra_args(kind, y, sample_weight):
    if y is not None:
        raise ValueError(
            f"`y` should not be passed when providing `x` as {kind}: the "
            f"targets belong in the items that {kind} yields, as `(x, y)`."
        )
    if sample_weight is not None:
        raise ValueError(
            "`sample_weights` should not be passed when providing `x` as "
            f"{kind} (got a `sample_weight` argument): the weights belong "
            f"in the items that {kind} yields, as `(x, y, sample_weight)`."
        )


def _check_shardable(x, distribution):
    """Generators, `PyDataset`s, torch `DataLoader`s and grain datasets
    cannot be split between processes: with several processes and
    automatic sharding, each process would feed the whole data."""
    if (
        distribution is not None
        and getattr(distribution, "_is_multi_process", False)
        and getattr(distribution, "auto_shard_dataset", False)
    ):
        raise ValueError(
            "When using a multi-worker distribution with auto-sharding "
            f"enabled, a {type(x).__name__} input cannot be split between "
            "the processes. Pass arrays or a `tf.data.Dataset` (which are "
            "sharded automatically), or give each process its own part of "
            "the data and set `distribution.auto_shard_dataset = False`."
        )


def _short_repr(x):
    text = repr(x)
    return text if len(text) < 200 else text[:200] + "..."


__all__ = [
    "ArrayDataAdapter",
    "DataAdapter",
    "GeneratorDataAdapter",
    "GrainDatasetAdapter",
    "PyDataset",
    "PyDatasetAdapter",
    "TFDatasetAdapter",
    "TorchDataLoaderAdapter",
    "data_adapter_utils",
    "get_data_adapter",
]
