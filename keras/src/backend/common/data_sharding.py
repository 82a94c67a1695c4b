"""Replica math: how the batch dimension is split over processes.

Everything here is a pure function of a mesh (any object with a `devices`
numpy array of device objects and a tuple of `axis_names`, e.g. a
`jax.sharding.Mesh`) and the batch axis names. Device objects only need an
`id` and a `process_index` attribute, so the math can be tested with fake
devices.

Vocabulary:

- *batch shard*: one slice of the global batch. The batch dimension is split
  into `num_batch_shards` = product of the sizes of the batch axes. Shard
  indices follow `PartitionSpec` order: the first batch axis is the major one.
- *shard set* of a process: the batch shards held by its devices.
- *data-shard group*: processes holding the same shard set. They must be fed
  identical per-process batches. Groups are numbered by their smallest
  shard, and each group is one "data shard" of the input pipeline.

The rules derive only from which devices each process addresses, never from
the position of the batch axis in the mesh nor from process ids.
"""

import dataclasses

import numpy as np


def normalize_batch_axes(batch_dim_name):
    """Returns the batch axis names as a tuple of strings."""
    if isinstance(batch_dim_name, str):
        return (batch_dim_name,)
    if isinstance(batch_dim_name, (tuple, list)) and batch_dim_name:
        if all(isinstance(name, str) for name in batch_dim_name):
            return tuple(batch_dim_name)
    raise ValueError(
        "`batch_dim_name` must be a mesh axis name or a non-empty tuple of "
        f"mesh axis names. Received: batch_dim_name={batch_dim_name!r}"
    )


def batch_partition_entry(batch_dim_name):
    """The `PartitionSpec` entry of the batch dimension (str or tuple)."""
    axes = normalize_batch_axes(batch_dim_name)
    return axes[0] if len(axes) == 1 else axes


def _device_name(device):
    platform = getattr(device, "platform", "device")
    return f"{platform}:{device.id}"


def batch_shard_index_grid(mesh, batch_dim_name):
    """Batch shard index held by every device of `mesh`.

    Args:
        mesh: object with `devices` (numpy array) and `axis_names`.
        batch_dim_name: a mesh axis name or a tuple of them.

    Returns:
        An int numpy array shaped like `mesh.devices`.
    """
    axis_names = tuple(mesh.axis_names)
    devices = np.asarray(mesh.devices, dtype=object)
    batch_axes = normalize_batch_axes(batch_dim_name)
    for name in batch_axes:
        if name not in axis_names:
            raise ValueError(
                f"Received: batch_dim_name={name!r}. Expected one of the "
                f"mesh's axis names: {axis_names}."
            )
    positions = [axis_names.index(name) for name in batch_axes]
    sizes = [devices.shape[p] for p in positions]
    coords = np.indices(devices.shape)
    index = np.zeros(devices.shape, dtype=np.int64)
    for position, size in zip(positions, sizes):
        index = index * size + coords[position]
    return index


@dataclasses.dataclass(frozen=True)
class DataSharding:
    """How the global batch is split over processes.

    Attributes:
        num_batch_shards: number of slices of the global batch.
        process_shards: dict `process_index -> tuple` of the batch shards
            held by that process's devices (sorted).
        groups: tuple of data-shard groups, each a sorted tuple of process
            indices holding the same shard set, ordered by smallest shard.
    """

    num_batch_shards: int
    process_shards: dict
    groups: tuple

    @property
    def num_data_shards(self):
        """Number of distinct per-process data streams."""
        return len(self.groups)

    def _check_process(self, process_index):
        if process_index not in self.process_shards:
            raise ValueError(
                f"Process {process_index} holds no device of the mesh. "
                f"Processes in the mesh: {sorted(self.process_shards)}."
            )

    def shards_of(self, process_index):
        """Batch shards held by `process_index` (sorted tuple)."""
        self._check_process(process_index)
        return self.process_shards[process_index]

    def data_shard_id(self, process_index):
        """Index of the data-shard group of `process_index`."""
        self._check_process(process_index)
        for i, group in enumerate(self.groups):
            if process_index in group:
                return i

    def group_of(self, process_index):
        """Processes that must receive the same data as `process_index`."""
        return self.groups[self.data_shard_id(process_index)]

    def check_global_batch_size(self, global_batch_size):
        if global_batch_size % self.num_batch_shards:
            raise ValueError(
                "Global batch size must be divisible by the number of "
                "batch shards. Received: global batch size "
                f"({global_batch_size}), number of batch shards "
                f"({self.num_batch_shards}, the product of the batch axes "
                "sizes). If this is the last, partial batch of the data, "
                "make the number of samples a multiple of the batch size, "
                "or drop the remainder (e.g. "
                "`dataset.batch(batch_size, drop_remainder=True)`)."
            )

    def per_process_batch_size(self, global_batch_size, process_index):
        """Rows of each global batch that `process_index` must provide."""
        self.check_global_batch_size(global_batch_size)
        held = len(self.shards_of(process_index))
        return global_batch_size * held // self.num_batch_shards

    def global_batch_size(self, per_process_batch_size, process_index):
        """Global batch size implied by a per-process batch size."""
        held = len(self.shards_of(process_index))
        if per_process_batch_size % held:
            raise ValueError(
                f"Process {process_index} received a per-process batch of "
                f"size {per_process_batch_size}, but it holds {held} of the "
                f"{self.num_batch_shards} batch shards, so its batch size "
                f"must be a multiple of {held}."
            )
        return per_process_batch_size * self.num_batch_shards // held

    def check_per_process_batch_size(
        self, per_process_batch_size, global_batch_size, process_index
    ):
        expected = self.per_process_batch_size(global_batch_size, process_index)
        if per_process_batch_size != expected:
            held = len(self.shards_of(process_index))
            raise ValueError(
                f"Process {process_index} received a per-process batch of "
                f"size {per_process_batch_size}, expected {expected}: it "
                f"holds {held} of the {self.num_batch_shards} batch shards "
                f"of the global batch of size {global_batch_size}."
            )


def _shard_sets(mesh, batch_dim_name):
    grid = batch_shard_index_grid(mesh, batch_dim_name)
    devices = np.asarray(mesh.devices, dtype=object)
    sets = {}
    for device, shard in zip(devices.flat, grid.flat):
        sets.setdefault(int(device.process_index), set()).add(int(shard))
    return {p: tuple(sorted(s)) for p, s in sorted(sets.items())}


def _find_conflict(process_shards):
    items = list(process_shards.items())
    for i, (p, a) in enumerate(items):
        for q, b in items[i + 1 :]:
            if a != b and set(a) & set(b):
                return p, a, q, b
    return None


class _Mesh:
    def __init__(self, devices, axis_names):
        self.devices = devices
        self.axis_names = axis_names


def suggest_device_order(mesh, batch_dim_name):
    """A device order (flat list) for which the shard sets are valid.

    Devices are grouped by process (then by id) so that each process
    covers a contiguous block of the mesh. Returns None when that does not
    help.
    """
    devices = np.asarray(mesh.devices, dtype=object)
    ordered = sorted(
        devices.flat, key=lambda d: (int(d.process_index), int(d.id))
    )
    candidate = np.empty(len(ordered), dtype=object)
    candidate[:] = ordered
    candidate = candidate.reshape(devices.shape)
    sets = _shard_sets(_Mesh(candidate, mesh.axis_names), batch_dim_name)
    if _find_conflict(sets) is None:
        return ordered
    return None


def compute_data_sharding(mesh, batch_dim_name):
    """Computes the `DataSharding` of a mesh for the given batch axes.

    Args:
        mesh: object with `devices` (numpy array of devices having `id`
            and `process_index`) and `axis_names`, e.g. a
            `jax.sharding.Mesh`.
        batch_dim_name: a mesh axis name or a tuple of them.

    Returns:
        A `DataSharding`.

    Raises:
        ValueError: if two processes hold overlapping but unequal sets of
            batch shards (no per-process data can satisfy both).
    """
    batch_axes = normalize_batch_axes(batch_dim_name)
    grid = batch_shard_index_grid(mesh, batch_axes)
    num_batch_shards = int(grid.max()) + 1 if grid.size else 0
    process_shards = _shard_sets(mesh, batch_axes)
    conflict = _find_conflict(process_shards)
    if conflict is not None:
        p, a, q, b = conflict
        message = (
            f"Processes {p} and {q} hold overlapping but different sets of "
            f"batch shards along the batch axes {batch_axes}: process {p} "
            f"holds shards {list(a)} and process {q} holds shards "
            f"{list(b)} (out of {num_batch_shards}). Each process must hold "
            "either exactly the same batch shards as another process or "
            "none in common. Order the mesh devices so that each process's "
            "devices are contiguous along the batch axes."
        )
        suggestion = suggest_device_order(mesh, batch_axes)
        if suggestion is not None:
            names = [_device_name(d) for d in suggestion]
            message += (
                " For example, build the DeviceMesh with "
                f"devices={names} (the devices sorted by process), "
                f"reshaped to {tuple(np.shape(mesh.devices))}."
            )
        raise ValueError(message)
    by_set = {}
    for process, shards in process_shards.items():
        by_set.setdefault(shards, []).append(process)
    groups = tuple(
        tuple(sorted(by_set[shards]))
        for shards in sorted(by_set, key=lambda s: s[0])
    )
    return DataSharding(
        num_batch_shards=num_batch_shards,
        process_shards=process_shards,
        groups=groups,
    )
