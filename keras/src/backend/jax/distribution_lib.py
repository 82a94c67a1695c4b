"""JAX implementation of the `keras.distribution` backend functions.

Layouts arrive as `keras.distribution.TensorLayout` objects (duck typed:
`axes` and `device_mesh` attributes), as `jax.sharding.Sharding`s or as
`jax.experimental.layout.Format`s (a sharding plus a memory layout). The
batch axis is always passed explicitly (`batch_dim_name`), never inferred
from its position in the mesh.

This module does not import `keras.src.distribution`: the public API sits
on top of it, and the replica math it needs lives in
`keras.src.backend.common.data_sharding`.
"""

import functools
import math

import jax
import numpy as np

from keras.src.backend.common import current_distribution
from keras.src.backend.common import data_sharding

try:
    from jax.experimental.layout import Format
except ImportError:  # older JAX: no `Format`; isinstance checks never match
    Format = ()


def list_devices(device_type=None):
    """Returns the global JAX devices as `"platform:id"` strings.

    Args:
        device_type: `"cpu"`, `"gpu"` or `"tpu"`. Defaults to the default
            backend's devices.
    """
    device_type = device_type.lower() if device_type else None
    return [f"{d.platform}:{d.id}" for d in jax.devices(device_type)]


def get_device_count(device_type=None):
    """Returns the global number of devices of `device_type`."""
    device_type = device_type.lower() if device_type else None
    return jax.device_count(device_type)


def _to_backend_device(device_name):
    """Converts `"cpu:3"` (or a `jax.Device`) to a `jax.Device`."""
    if isinstance(device_name, jax.Device):
        return device_name
    if not isinstance(device_name, str) or ":" not in device_name:
        raise ValueError(
            "Expected a device name of the form 'platform:id' (e.g. 'cpu:0')"
            f" or a `jax.Device`. Received: device={device_name!r}"
        )
    device_type, device_id = device_name.rsplit(":", 1)
    try:
        candidates = jax.devices(device_type.lower())
    except RuntimeError:  # a platform JAX does not have here
        candidates = []
    for device in candidates:
        if str(device.id) == device_id.strip():
            return device
    raise ValueError(
        f"Unknown device: {device_name!r}. Available devices: {list_devices()}"
    )


def check_mesh_devices(devices):
    """Checks the devices of a mesh before any array is placed on it.

    Args:
        devices: Flat list of device names (`"cpu:3"`) or `jax.Device`s.

    Raises:
        ValueError: naming the entry, if one is not a device of this
            process's JAX runtime or is listed more than once.
    """
    seen = {}
    for position, entry in enumerate(devices):
        device = _to_backend_device(entry)
        if device in seen:
            raise ValueError(
                f"Device {entry!r} appears twice in the mesh (positions "
                f"{seen[device]} and {position}); every mesh position needs "
                "its own device."
            )
        seen[device] = position


def to_backend_mesh(device_mesh):
    """A new `jax.sharding.Mesh` for a `keras.distribution.DeviceMesh`.

    `DeviceMesh.backend_mesh` keeps the one it asked for; use that to get
    the same mesh object each time.

    Args:
        device_mesh: A `DeviceMesh`.

    Returns:
        A `jax.sharding.Mesh` with the same axis names and devices.
    """
    devices = np.asarray(device_mesh.devices, dtype=object)
    converted = np.empty(devices.size, dtype=object)
    converted[:] = [_to_backend_device(d) for d in devices.flat]
    return jax.sharding.Mesh(
        converted.reshape(devices.shape), tuple(device_mesh.axis_names)
    )


def _to_backend_mesh(device_mesh):
    """The `jax.sharding.Mesh` of a `DeviceMesh` (the one it keeps) or of a
    `jax.sharding.Mesh` (itself)."""
    if isinstance(device_mesh, jax.sharding.Mesh):
        return device_mesh
    return device_mesh.backend_mesh


def _partition_spec(axes):
    entries = []
    for axis in axes:
        if isinstance(axis, (tuple, list)):
            axis = tuple(axis)
        entries.append(axis)
    return jax.sharding.PartitionSpec(*entries)


def to_backend_layout(tensor_layout):
    """The `jax.sharding.NamedSharding` of a `TensorLayout`.

    Tuple axis entries become `PartitionSpec` tuples (a dimension sharded
    over several mesh axes).

    Args:
        tensor_layout: A `TensorLayout` with a device mesh, or a
            `jax.sharding.Sharding` or `jax.experimental.layout.Format`,
            returned as is.

    Returns:
        A `jax.sharding.Sharding` (or the `Format` given).
    """
    if isinstance(tensor_layout, (jax.sharding.Sharding, Format)):
        return tensor_layout
    if tensor_layout.device_mesh is None:
        raise ValueError(
            "Cannot create sharding when device mesh is not set: the "
            f"layout {tensor_layout} has no device mesh (a TensorLayout "
            "without a device mesh cannot be placed on devices). Pass "
            "`device_mesh` to the TensorLayout or use it inside a "
            "distribution's LayoutMap."
        )
    mesh = _to_backend_mesh(tensor_layout.device_mesh)
    return jax.sharding.NamedSharding(mesh, _partition_spec(tensor_layout.axes))


# The name upstream's tests call.
_to_backend_layout = to_backend_layout


def to_sharding(layout):
    """The `jax.sharding.Sharding` that values placed with `layout` get.

    Args:
        layout: A `TensorLayout`, `jax.sharding.Sharding` or
            `jax.experimental.layout.Format` (which must carry a sharding;
            its memory layout is left out).

    Returns:
        A `jax.sharding.Sharding`.
    """
    target = to_backend_layout(layout)
    if isinstance(target, Format):
        if target.sharding is None:
            raise ValueError(
                "A `jax.experimental.layout.Format` used as a layout must "
                f"carry a sharding. Received: {target}"
            )
        return target.sharding
    return target


def variable_sharding(variable):
    """The `jax.sharding.Sharding` of the array a variable holds, or `None`
    when it holds no concrete `jax.Array` (e.g. a traced value).

    A variable whose initial value is deferred (see
    `keras.src.backend.common.variables.deferred_initial_values`) holds nothing
    yet: the sharding is the one its layout will give its value (`None`
    without a layout).
    """
    value = variable._value
    if value is None and variable._initializer is not None:
        layout = variable._resolve_layout()
        return None if layout is None else to_sharding(layout)
    if isinstance(value, jax.Array) and not isinstance(value, jax.core.Tracer):
        return value.sharding
    return None


def _simplify(target):
    """A `Format` without a memory layout is just its sharding."""
    if isinstance(target, Format) and target.layout is None:
        return to_sharding(target)
    return target


def distribute_variable(value, layout):
    """Places a variable's value on devices according to `layout`.

    Args:
        value: a numpy or JAX array (same on every process).
        layout: a `TensorLayout`, `jax.sharding.Sharding` or
            `jax.experimental.layout.Format`.

    Returns:
        A `jax.Array` with the requested sharding.
    """
    target = _simplify(to_backend_layout(layout))
    if isinstance(value, jax.Array) and _already_placed(value, target):
        return value
    return jax.device_put(value, target)


def _already_placed(array, target):
    if isinstance(target, Format):
        return array.format == target
    return array.sharding == target


# Compiled initializer programs, by `(program_key, sharding)`.
_INIT_PROGRAMS = {}
_MAX_INIT_PROGRAMS = 512


def initialize_variable_with_layout(
    initializer_fn, layout, program_key=None, args=()
):
    """Creates a variable's initial value directly sharded.

    A sharded value is never materialized whole on one device:
    `initializer_fn` is compiled with `out_shardings`, so every device
    computes only its shard. A fully replicated value (every device holds
    all of it anyway) is computed eagerly and copied to the devices, which
    avoids compiling one program per variable.

    Args:
        initializer_fn: a traceable function of `args` returning the
            initial value (e.g. `lambda: initializer(shape, dtype)`).
        layout: a `TensorLayout`, `jax.sharding.Sharding` or
            `jax.experimental.layout.Format`.
        program_key: optional hashable that determines what
            `initializer_fn` computes from `args` (e.g. the initializer's
            class and config without its seed, the shape and the dtype).
            Variables with equal keys and shardings reuse one compiled
            program, so that building N identical blocks compiles once.
        args: the arrays passed to `initializer_fn` (e.g. a random key).

    Returns:
        A `jax.Array` with the requested sharding.
    """
    sharding = _simplify(to_backend_layout(layout))
    if to_sharding(sharding).is_fully_replicated:
        return distribute_variable(initializer_fn(*args), sharding)
    if program_key is None:
        return jax.jit(initializer_fn, out_shardings=sharding)(*args)
    cache_key = (program_key, sharding)
    program = _INIT_PROGRAMS.get(cache_key)
    if program is None:
        if len(_INIT_PROGRAMS) >= _MAX_INIT_PROGRAMS:
            _INIT_PROGRAMS.clear()
        program = jax.jit(initializer_fn, out_shardings=sharding)
        _INIT_PROGRAMS[cache_key] = program
    return program(*args)


def distribute_tensor(tensor, layout):
    """Distributes `tensor` according to `layout`.

    Eagerly this is `jax.device_put`; inside `jax.jit` (when `tensor` is a
    tracer) it is `jax.lax.with_sharding_constraint`.

    Args:
        tensor: the array.
        layout: a `TensorLayout`, `jax.sharding.Sharding` or
            `jax.experimental.layout.Format` (whose memory layout, if any,
            is applied too).

    Returns:
        The distributed array.
    """
    target = _simplify(to_backend_layout(layout))
    if isinstance(tensor, jax.core.Tracer):
        return jax.lax.with_sharding_constraint(tensor, target)
    if isinstance(tensor, jax.Array) and _already_placed(tensor, target):
        return tensor
    return jax.device_put(tensor, target)


@functools.lru_cache(maxsize=64)
def _batch_dim_sharding(mesh, batch_dim_name, ndim):
    free = jax.sharding.PartitionSpec.UNCONSTRAINED
    spec = jax.sharding.PartitionSpec(
        data_sharding.batch_partition_entry(batch_dim_name),
        *(free,) * (ndim - 1),
    )
    return jax.sharding.NamedSharding(mesh, spec)


def constrain_batch_dim(tensor, device_mesh, batch_dim_name):
    """Inside a trace, keeps dimension 0 of `tensor` on the batch axes.

    Only dimension 0 is pinned (to the batch axes of `device_mesh`); the
    other dimensions stay free, so the partitioner still places e.g. the
    attention heads or hidden units on a model axis. Outside a trace, for
    scalars and when the batch axes do not divide dimension 0, `tensor`
    is returned as is.

    Args:
        tensor: An array or a tracer.
        device_mesh: The `keras.distribution.DeviceMesh`.
        batch_dim_name: The batch mesh axis name or tuple of names.

    Returns:
        `tensor`, constrained when traced.
    """
    if not isinstance(tensor, jax.core.Tracer) or tensor.ndim == 0:
        return tensor
    mesh = _to_backend_mesh(device_mesh)
    axes = data_sharding.normalize_batch_axes(batch_dim_name)
    shards = int(np.prod([mesh.shape[a] for a in axes]))
    if shards == 1 or tensor.shape[0] % shards:
        return tensor
    sharding = _batch_dim_sharding(mesh, axes, tensor.ndim)
    return jax.lax.with_sharding_constraint(tensor, sharding)


def keep_axes_whole(tensor, axes):
    """Gathers `axes` of `tensor` on each device, before a transform
    along them that XLA cannot partition.

    XLA's partitioner of a Fourier transform aborts the whole process
    (a failed check, no Python error) when the transformed axis is split
    into shards that the device count does not divide again, e.g. 16
    values over 8 devices. A transform reads its axes whole anyway, so
    they are gathered first: a traced tensor is constrained, when a
    distribution is set, to those axes unsplit on its mesh (the other
    dimensions left to the partitioner); an array placed with a named
    sharding that splits them is moved to one that does not.

    Args:
        tensor: An array or a tracer.
        axes: The dimensions the transform reads (negative ones count
            from the end).

    Returns:
        `tensor`, or the same values with `axes` unsplit.
    """
    whole = {axis % tensor.ndim for axis in axes} if tensor.ndim else set()
    if isinstance(tensor, jax.core.Tracer):
        dist = current_distribution.get()
        if not whole or dist is None:
            return tensor
        mesh = _to_backend_mesh(dist.device_mesh)
        if mesh.size == 1:
            return tensor
        free = jax.sharding.PartitionSpec.UNCONSTRAINED
        spec = jax.sharding.PartitionSpec(
            *(None if d in whole else free for d in range(tensor.ndim))
        )
        return jax.lax.with_sharding_constraint(
            tensor, jax.sharding.NamedSharding(mesh, spec)
        )
    sharding = getattr(tensor, "sharding", None)
    if not isinstance(sharding, jax.sharding.NamedSharding):
        return tensor
    spec = tuple(sharding.spec) + (None,) * (tensor.ndim - len(sharding.spec))
    if all(spec[d] is None for d in whole):
        return tensor
    gathered = jax.sharding.PartitionSpec(
        *(None if d in whole else entry for d, entry in enumerate(spec))
    )
    return jax.device_put(
        tensor, jax.sharding.NamedSharding(sharding.mesh, gathered)
    )


def _check_batch_entry(sharding, expected, batch_dim_name):
    spec = getattr(sharding, "spec", None)
    if spec is None or len(spec) == 0:
        return
    if spec[0] != expected:
        raise ValueError(
            "The data layout must shard dimension 0 over the batch axes "
            f"{expected!r}. Received: layout spec {spec} with "
            f"batch_dim_name={batch_dim_name!r}."
        )


def distribute_data_input(
    per_process_batch, layout, batch_dim_name, global_batch_size=None
):
    """Builds global batch arrays from this process's batch.

    Each process passes only the rows of the global batch held by its
    devices (see `keras.src.backend.common.data_sharding`); the rows are
    spread over the process's batch shards in increasing shard order.
    Processes in the same data-shard group must pass identical data.
    With a single process this is `jax.device_put` with the data sharding.

    Args:
        per_process_batch: a numpy/JAX array or a pytree of them, each with
            the batch as dimension 0.
        layout: the data layout (`TensorLayout`, `jax.sharding.Sharding`
            or `jax.experimental.layout.Format`, typically
            `distribution.get_data_layout(shape)`). Leaves whose rank
            differs from the layout get dimension 0 sharded over the batch
            axes and the other dimensions replicated.
        batch_dim_name: the batch mesh axis name, or a tuple of them.
        global_batch_size: optional expected global batch size; when given,
            the per-process batch size is checked against it.

    Returns:
        The same structure of global `jax.Array`s.
    """
    target = _simplify(to_backend_layout(layout))
    sharding = to_sharding(target)
    batch_axes = data_sharding.normalize_batch_axes(batch_dim_name)
    batch_entry = data_sharding.batch_partition_entry(batch_axes)
    _check_batch_entry(sharding, batch_entry, batch_dim_name)
    mesh = sharding.mesh
    multi_process = not sharding.is_fully_addressable
    info = _cached_data_sharding(mesh, batch_axes)
    process = jax.process_index()

    def leaf_sharding(ndim):
        if len(sharding.spec) == ndim:
            return target
        return jax.sharding.NamedSharding(
            mesh, jax.sharding.PartitionSpec(batch_entry)
        )

    def put(leaf):
        shape = np.shape(leaf)
        if not shape:
            raise ValueError(
                "Data inputs must have a batch dimension. Received a "
                f"scalar: {leaf!r}"
            )
        local_size = shape[0]
        leaf_target = leaf_sharding(len(shape))
        if not multi_process:
            info.check_global_batch_size(local_size)
            if global_batch_size is not None and (
                local_size != global_batch_size
            ):
                raise ValueError(
                    f"Received a batch of size {local_size}, expected the "
                    f"global batch size {global_batch_size}."
                )
            return distribute_tensor(leaf, leaf_target)
        if global_batch_size is not None:
            info.check_per_process_batch_size(
                local_size, global_batch_size, process
            )
        total = info.global_batch_size(local_size, process)
        if isinstance(leaf, jax.Array):
            leaf = np.asarray(leaf)
        return jax.make_array_from_process_local_data(
            to_sharding(leaf_target), leaf, (total,) + tuple(shape[1:])
        )

    return jax.tree_util.tree_map(put, per_process_batch)


@functools.lru_cache(maxsize=64)
def _cached_data_sharding(mesh, batch_axes):
    return data_sharding.compute_data_sharding(mesh, batch_axes)


def data_sharding_info(layout_or_mesh, batch_dim_name):
    """`DataSharding` of a layout's (or `DeviceMesh`'s) mesh."""
    if isinstance(layout_or_mesh, (jax.sharding.Sharding, Format)) or (
        hasattr(layout_or_mesh, "axes")
    ):
        mesh = to_sharding(to_backend_layout(layout_or_mesh)).mesh
    else:
        mesh = _to_backend_mesh(layout_or_mesh)
    return _cached_data_sharding(
        mesh, data_sharding.normalize_batch_axes(batch_dim_name)
    )


def check_initialize_args(job_addresses, num_processes, process_id):
    """Validates the arguments of `initialize`; returns the coordinator.

    Args:
        job_addresses: `None`, the coordinator address, or a comma
            separated list of the addresses of all processes (the first is
            the coordinator).
        num_processes: number of processes, or `None`.
        process_id: id of this process, or `None`.

    Returns:
        The coordinator address (or `None`).
    """
    coordinator = job_addresses
    if job_addresses and "," in job_addresses:
        addresses = [a.strip() for a in job_addresses.split(",")]
        if num_processes is not None and len(addresses) != num_processes:
            raise ValueError(
                f"`job_addresses` has {len(addresses)} jobs, but "
                f"num_processes is {num_processes}. Pass one address per "
                "process (the first one is the coordinator), or only the "
                f"coordinator's address. Received: job_addresses="
                f"{job_addresses!r}"
            )
        coordinator = addresses[0]
    if num_processes is not None and process_id is not None:
        if not 0 <= process_id < num_processes:
            raise ValueError(
                f"`process_id` must be in [0, {num_processes}). "
                f"Received: process_id={process_id}"
            )
    return coordinator


# Seconds without a heartbeat after which a process of the job counts as
# lost (`keras.distribution.initialize(heartbeat_timeout=...)`).
DEFAULT_HEARTBEAT_TIMEOUT = 30


def initialize(
    job_addresses,
    num_processes,
    process_id,
    heartbeat_timeout=DEFAULT_HEARTBEAT_TIMEOUT,
):
    """Calls `jax.distributed.initialize` and starts the peer watchdog.

    Args:
        job_addresses: coordinator address, or a comma separated list of
            addresses whose first entry is the coordinator (its length must
            then equal `num_processes`).
        num_processes: number of processes.
        process_id: id of this process.
        heartbeat_timeout: seconds after which a process that stopped
            responding (without its connection closing) counts as lost, and
            JAX ends the others.
    """
    from keras.src.backend.jax import peer_watchdog

    coordinator = check_initialize_args(
        job_addresses, num_processes, process_id
    )
    jax.distributed.initialize(
        coordinator_address=coordinator,
        num_processes=num_processes,
        process_id=process_id,
        heartbeat_timeout_seconds=math.ceil(heartbeat_timeout),
    )
    peer_watchdog.start(coordinator)


def num_processes():
    """Number of processes of the JAX job."""
    return jax.process_count()


def process_id():
    """Index of the current process."""
    return jax.process_index()


def all_gather_int(values):
    """Gathers a 1D int32 array from every process (stacked on axis 0)."""
    from jax.experimental import multihost_utils

    values = np.asarray(values, dtype=np.int32)
    if jax.process_count() == 1:
        return values[None]
    return np.asarray(multihost_utils.process_allgather(values))


def to_host(value):
    """The global value of an array as a NumPy array, on every process.

    An array spanning devices of several processes is gathered with
    `multihost_utils.process_allgather` (a collective: every process must
    call this for the same arrays, in the same order), unless it is fully
    replicated, when a local copy is read. Anything else goes through
    `np.asarray`.
    """
    if isinstance(value, jax.Array) and not value.is_fully_addressable:
        if value.is_fully_replicated:
            return np.asarray(value.addressable_data(0))
        from jax.experimental import multihost_utils

        return np.asarray(multihost_utils.process_allgather(value, tiled=True))
    return np.asarray(value)
