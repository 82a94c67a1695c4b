"""Public distribution API: meshes, layouts and distribution strategies.

The batch may be sharded over any mesh axis (or several); how rows of the
global batch map to processes is computed in `data_sharding` from which
devices each process addresses.
"""

import collections.abc
import contextlib
import os
import re
import warnings

import numpy as np

from keras.src.api_export import keras_export
from keras.src.backend import distribution_lib as backend_dlib
from keras.src.backend.common import current_distribution
from keras.src.backend.common import data_sharding
from keras.src.distribution import dataset_sharding
from keras.src.utils.python_utils import read_only

DEFAULT_BATCH_DIM_NAME = "batch"
# The global-state key of the current distribution, a module attribute
# here as in upstream (kept by `backend/common/current_distribution`).
GLOBAL_ATTRIBUTE_NAME = current_distribution.GLOBAL_ATTRIBUTE_NAME


@keras_export("keras.distribution.list_devices")
def list_devices(device_type=None):
    """Returns all the devices available for distribution.

    In a multi-process job this lists the devices of every process.

    Args:
        device_type: Optional device type, one of `"cpu"`, `"gpu"` or
            `"tpu"`. Defaults to the default backend's devices (`"gpu"` or
            `"tpu"` when available, else `"cpu"`).

    Returns:
        A list of device names of the form `"platform:id"`, e.g. `"cpu:0"`.

    Example:

    >>> keras.distribution.list_devices("cpu")[:2]
    ['cpu:0', 'cpu:1']
    """
    return backend_dlib.list_devices(device_type)


@keras_export("keras.distribution.get_device_count")
def get_device_count(device_type=None):
    """Returns the number of available devices (all processes together).

    Args:
        device_type: Optional device type to count (`"cpu"`, `"gpu"` or
            `"tpu"`). Defaults to the default backend's devices.

    Returns:
        The number of devices of that type.

    Example:

    >>> keras.distribution.get_device_count("cpu")
    8
    """
    return backend_dlib.get_device_count(device_type)


@keras_export("keras.distribution.initialize")
def initialize(
    job_addresses=None,
    num_processes=None,
    process_id=None,
    heartbeat_timeout=None,
):
    """Initializes the multi-process distribution system.

    Call this once in every process, before any other JAX computation.
    Arguments that are `None` are read from the environment variables
    `KERAS_DISTRIBUTION_JOB_ADDRESSES`, `KERAS_DISTRIBUTION_NUM_PROCESSES`,
    `KERAS_DISTRIBUTION_PROCESS_ID` and
    `KERAS_DISTRIBUTION_HEARTBEAT_TIMEOUT`.

    When a process of the job is lost, the others cannot complete their
    collective operations: they end too, instead of waiting forever. A
    process that dies (killed, even with SIGKILL, or ending with an
    uncaught exception) is noticed at once: process 0 keeps a connection
    to every other process, watched by a background thread. Every other
    process then writes a message naming the lost one to stderr and exits
    with status 69 (from that thread: its main thread may be blocked in a
    collective); when process 0 is the lost one, JAX, which notices it at
    the same moment, may end them first, with its own message (SIGABRT).
    A process that stops responding without dying (a stalled
    or unreachable machine) counts as lost after `heartbeat_timeout`
    seconds, when JAX's coordination service ends the others (SIGABRT,
    with its own message naming it). Either way no process of the job
    waits longer than `heartbeat_timeout` for a lost one.

    Args:
        job_addresses: The coordinator address (`"host:port"`), or a comma
            separated list of the addresses of all processes, in which case
            the first one is the coordinator and the list's length must equal
            `num_processes`. On TPU pods it may be left `None`.
        num_processes: Total number of processes.
        process_id: Id of this process, in `[0, num_processes)`.
        heartbeat_timeout: Seconds without a heartbeat after which a
            process counts as lost. Defaults to 30.

    Example:

    ```python
    keras.distribution.initialize(
        job_addresses="10.0.0.1:1234", num_processes=2, process_id=0
    )
    ```
    """
    if job_addresses is None:
        job_addresses = os.environ.get("KERAS_DISTRIBUTION_JOB_ADDRESSES")
    if num_processes is None:
        env = os.environ.get("KERAS_DISTRIBUTION_NUM_PROCESSES")
        num_processes = int(env) if env else None
    if process_id is None:
        env = os.environ.get("KERAS_DISTRIBUTION_PROCESS_ID")
        process_id = int(env) if env else None
    if heartbeat_timeout is None:
        env = os.environ.get("KERAS_DISTRIBUTION_HEARTBEAT_TIMEOUT")
        heartbeat_timeout = float(env) if env else None
    if heartbeat_timeout is not None and not heartbeat_timeout > 0:
        raise ValueError(
            "`heartbeat_timeout` must be a positive number of seconds. "
            f"Received: heartbeat_timeout={heartbeat_timeout!r}"
        )
    if num_processes is None and job_addresses and "," in job_addresses:
        num_processes = len(job_addresses.split(","))
    # The backend validates the addresses and ids. Its call keeps
    # upstream's three arguments unless a timeout was given (the backend
    # holds the default).
    timeout = (
        {}
        if heartbeat_timeout is None
        else {"heartbeat_timeout": heartbeat_timeout}
    )
    backend_dlib.initialize(job_addresses, num_processes, process_id, **timeout)


def num_processes():
    """The number of processes of the job (1 without `initialize()`)."""
    return backend_dlib.num_processes()


def process_id():
    """The index of this process in the job."""
    return backend_dlib.process_id()


def all_gather_int(values):
    """Gathers a 1D vector of ints from every process.

    A collective: every process must call it, in the same order.

    Args:
        values: A sequence of ints (the same length on every process).

    Returns:
        An int32 array of shape `(num_processes, len(values))`.
    """
    return backend_dlib.all_gather_int(values)


def to_host(value):
    """The global value of `value` as a NumPy array, on every process.

    A collective for an array sharded over the devices of several
    processes (every process must call it for the same arrays, in the same
    order).
    """
    return backend_dlib.to_host(value)


def _format_axes(axes):
    return tuple(tuple(a) if isinstance(a, list) else a for a in axes)


@keras_export("keras.distribution.DeviceMesh")
class DeviceMesh:
    """A cluster of devices arranged as an n-dimensional named grid.

    Each axis of the mesh has a name (e.g. `"batch"`, `"model"`) that
    `TensorLayout`s refer to in order to shard tensor dimensions.

    Args:
        shape: Tuple of ints, the size of each mesh axis. Its product must
            equal the number of devices.
        axis_names: List (or tuple) of unique strings, one name per axis.
        devices: Optional list or array of devices (names such as `"cpu:0"`
            or backend device objects). Defaults to `list_devices()`. It is
            reshaped to `shape` in row-major order.

    Example:

    >>> mesh = keras.distribution.DeviceMesh(
    ...     shape=(2, 4), axis_names=("batch", "model"))
    >>> mesh.shape
    (2, 4)
    """

    def __init__(self, shape, axis_names, devices=None):
        shape = tuple(int(s) for s in shape) if shape is not None else ()
        if isinstance(axis_names, str):
            axis_names = (axis_names,) if axis_names else ()
        axis_names = tuple(axis_names) if axis_names is not None else ()
        if not shape or not axis_names:
            raise ValueError(
                "Shape and axis_names cannot be empty: a DeviceMesh needs "
                "a non-empty `shape` and one name per axis. Received: "
                f"shape={shape}, axis_names={axis_names}"
            )
        if any(s <= 0 for s in shape):
            raise ValueError(
                f"`shape` entries must be positive. Received: shape={shape}"
            )
        if len(axis_names) != len(shape):
            raise ValueError(
                "Shape and axis_names should have same size: one name per "
                f"mesh axis. Received: shape={shape}, "
                f"axis_names={list(axis_names)}"
            )
        if len(set(axis_names)) != len(axis_names) or not all(
            isinstance(n, str) and n for n in axis_names
        ):
            raise ValueError(
                "`axis_names` must be unique, non-empty strings. Received: "
                f"axis_names={list(axis_names)}"
            )
        if devices is None:
            devices = list_devices()
        flat = list(np.asarray(devices, dtype=object).flat)
        if len(flat) != int(np.prod(shape)):
            raise ValueError(
                "Shape does not match the number of devices: the mesh shape "
                f"{shape} needs {int(np.prod(shape))} devices, but "
                f"{len(flat)} were given."
            )
        backend_dlib.check_mesh_devices(flat)
        array = np.empty(len(flat), dtype=object)
        array[:] = flat
        self._shape = shape
        self._axis_names = axis_names
        self._devices = array.reshape(shape)
        self._backend_mesh = None

    shape = read_only("_shape", "The mesh shape, a tuple of ints.")

    @property
    def axis_names(self):
        """The mesh axis names, a list of strings (a new list each time)."""
        return list(self._axis_names)

    devices = read_only(
        "_devices", "The devices, a numpy array of shape `shape`."
    )

    @property
    def backend_mesh(self):
        """The backend mesh (a `jax.sharding.Mesh`), made on first use and
        kept."""
        if self._backend_mesh is None:
            self._backend_mesh = backend_dlib.to_backend_mesh(self)
        return self._backend_mesh

    def axis_size(self, axes):
        """Product of the sizes of a mesh axis name or tuple of names."""
        names = (axes,) if isinstance(axes, str) else tuple(axes)
        return int(
            np.prod([self._shape[self._axis_names.index(n)] for n in names])
        )

    def __repr__(self):
        return (
            f"<DeviceMesh shape={self._shape}, "
            f"axis_names={list(self._axis_names)}>"
        )


def _validate_axes_against_mesh(axes, device_mesh):
    used = []
    for axis in axes:
        if axis is None:
            continue
        names = (axis,) if isinstance(axis, str) else tuple(axis)
        for name in names:
            if name not in device_mesh.axis_names:
                raise ValueError(
                    f"Invalid axis names for Layout: {name!r} in "
                    f"axes={axes} is not a mesh axis. Expected None or one "
                    "of the mesh's axis names: "
                    f"{tuple(device_mesh.axis_names)}."
                )
            if name in used:
                raise ValueError(
                    f"Mesh axis {name!r} is used more than once in "
                    f"axes={axes}. Each mesh axis can shard at most one "
                    "tensor dimension."
                )
            used.append(name)


@keras_export("keras.distribution.TensorLayout")
class TensorLayout:
    """How a tensor's dimensions are sharded over a `DeviceMesh`.

    Args:
        axes: Tuple with one entry per tensor dimension. Each entry is
            `None` (the dimension is replicated), a mesh axis name (sharded
            over that axis) or a tuple of mesh axis names (sharded over the
            product of those axes, the first being the major one).
        device_mesh: Optional `DeviceMesh`. It may be set later, e.g. by a
            `LayoutMap`. Axis names are validated against it.

    Example:

    >>> mesh = keras.distribution.DeviceMesh((2, 4), ("batch", "model"))
    >>> layout = keras.distribution.TensorLayout((None, "model"), mesh)
    >>> layout.axes
    (None, 'model')
    """

    def __init__(self, axes, device_mesh=None):
        if isinstance(axes, str) or axes is None:
            axes = (axes,)
        axes = _format_axes(tuple(axes))
        for axis in axes:
            valid = axis is None or isinstance(axis, str)
            if isinstance(axis, tuple):
                valid = bool(axis) and all(isinstance(a, str) for a in axis)
            if not valid:
                raise ValueError(
                    "Each layout axis must be None, a mesh axis name or a "
                    f"tuple of mesh axis names. Received: axes={axes}"
                )
        self._axes = axes
        self._device_mesh = None
        if device_mesh is not None:
            self.device_mesh = device_mesh

    axes = read_only(
        "_axes", "One entry per tensor dimension: None, a name or names."
    )

    @property
    def device_mesh(self):
        """The `DeviceMesh`, or `None` until set."""
        return self._device_mesh

    @device_mesh.setter
    def device_mesh(self, device_mesh):
        if self._device_mesh is not None and device_mesh is not None:
            if device_mesh is not self._device_mesh:
                raise ValueError(
                    "Cannot override the device mesh of a TensorLayout that "
                    f"already has one. Current mesh: {self._device_mesh}"
                )
        if device_mesh is not None:
            _validate_axes_against_mesh(self._axes, device_mesh)
        self._device_mesh = device_mesh

    @property
    def backend_layout(self):
        """The backend sharding (a `jax.sharding.NamedSharding`)."""
        return backend_dlib.to_backend_layout(self)

    def shard_counts(self):
        """Number of shards of each dimension (1 for replicated ones)."""
        if self._device_mesh is None:
            raise ValueError("The TensorLayout has no device mesh.")
        return tuple(
            1 if a is None else self._device_mesh.axis_size(a)
            for a in self._axes
        )

    def __repr__(self):
        return (
            f"TensorLayout(axes={self._axes}, device_mesh={self._device_mesh})"
        )


def validate_variable_layout(variable, layout):
    """Checks that `layout` can shard `variable` (rank and divisibility).

    Called when a variable is created under a distribution, before its
    value is placed on devices; `get_variable_layout` itself does not check.

    Args:
        variable: an object with `shape` (and `path` or `name`).
        layout: a `TensorLayout` with a device mesh. Other layouts (e.g.
            a backend sharding) are left to the backend to check.
    """
    if not isinstance(layout, TensorLayout):
        return
    path = getattr(variable, "path", getattr(variable, "name", "<unknown>"))
    shape = tuple(variable.shape)
    if len(layout.axes) != len(shape):
        raise ValueError(
            f"The layout for variable '{path}' has {len(layout.axes)} axes "
            f"but the variable has rank {len(shape)}. Received: "
            f"shape={shape}, layout axes={layout.axes}"
        )
    for dim, (size, count, axis) in enumerate(
        zip(shape, layout.shard_counts(), layout.axes)
    ):
        if size is not None and size % count:
            raise ValueError(
                f"Variable '{path}' with shape {shape} cannot be sharded "
                f"with layout axes {layout.axes}: dimension {dim} (size "
                f"{size}) is not divisible by {count}, the size of mesh "
                f"axes {axis!r}."
            )


def _is_output_key(key):
    """Whether a `LayoutMap` key describes layer outputs."""
    return key.endswith("output")


def _key_matches(key, path):
    """Whether a layout map key matches a path (see `LayoutMap`)."""
    try:
        pattern = re.compile(key)
    except re.error:
        return key == path or path.endswith("/" + key)
    if pattern.fullmatch(path):
        return True
    start = path.find("/")
    while start != -1:
        if pattern.fullmatch(path, start + 1):
            return True
        start = path.find("/", start + 1)
    return False


@keras_export("keras.distribution.LayoutMap")
class LayoutMap(collections.abc.MutableMapping):
    """A dict-like map from variable/tensor paths to `TensorLayout`s.

    Keys are strings, values are `TensorLayout`s or tuples of axes (turned
    into `TensorLayout`s on this map's mesh).

    Lookup rule for a path (e.g. `"sequential/dense_1/kernel"`):

    1. A key equal to the path wins.
    2. Otherwise a key matches if, as a regex, it fully matches the path
       (`re.fullmatch(key, path)`) or fully matches a `/`-bounded suffix of
       it. So `"dense_1/kernel"` matches `"sequential/dense_1/kernel"`
       (but not `"sequential/my_dense_1/kernel"`), and `".*dense.*kernel"`
       matches any dense kernel.
    3. If more than one key matches, a `ValueError` names the path and
       the keys. If none matches, the lookup returns `None`.

    Keys ending in `output` (e.g. `"d2/output"`, `".*dense.*output"`)
    describe layer outputs, which layers look up as
    `"<layer path>/output"`; the other keys describe variables. A tensor
    path is looked up among the output keys, or else must equal a key
    exactly; variable paths never match output keys.

    Args:
        device_mesh: The `DeviceMesh` of the layouts.

    Example:

    ```python
    mesh = keras.distribution.DeviceMesh((2, 4), ("batch", "model"))
    layout_map = keras.distribution.LayoutMap(mesh)
    layout_map["d1/kernel"] = (None, "model")
    layout_map["d1/bias"] = ("model",)
    layout_map["d2/output"] = ("batch", None)
    ```
    """

    def __init__(self, device_mesh):
        self._layout_map = collections.OrderedDict()
        self._device_mesh = device_mesh
        self._matched_keys = set()

    device_mesh = read_only("_device_mesh", "The `DeviceMesh`.")

    def __getitem__(self, key):
        """Looks up `key` with the rule above; `None` when nothing matches."""
        return self._lookup(key, list(self._layout_map))

    def _matching_keys(self, path, keys):
        if path in self._layout_map and path in keys:
            return [path]
        return [k for k in keys if _key_matches(k, path)]

    def _lookup(self, path, keys):
        matches = self._matching_keys(path, keys)
        if len(matches) > 1:
            raise ValueError(
                f"Path '{path}' matches multiple layout keys: {matches}. "
                "Make the keys more specific so that at most one matches."
            )
        if not matches:
            return None
        self._matched_keys.add(matches[0])
        return self._layout_map[matches[0]]

    def variable_layout(self, path):
        """Layout of the variable at `path` (ignores output keys)."""
        keys = [k for k in self._layout_map if not _is_output_key(k)]
        return self._lookup(path, keys)

    def layout_for_variable(self, variable):
        """Layout of `variable` (an object with `path` and `shape`): the
        key matching its path (see `variable_layout`), or `None`."""
        return self.variable_layout(variable.path)

    def default_batch_dim_name(self):
        """The batch axes `ModelParallel` uses when given none: `None`
        here, for the mesh's first axis."""
        return None

    def output_layout(self, path):
        """Layout of the tensor at `path`: an output key matching it, else
        the key equal to `path`, else `None`."""
        keys = [k for k in self._layout_map if _is_output_key(k)]
        layout = self._lookup(path, keys)
        if layout is None and path in self._layout_map:
            self._matched_keys.add(path)
            layout = self._layout_map[path]
        return layout

    def __setitem__(self, key, layout):
        if not isinstance(key, str):
            raise ValueError(
                f"LayoutMap keys must be strings. Received: key={key!r}"
            )
        if key in self._layout_map:
            raise ValueError(
                f"{key} already exists in the LayoutMap, with layout "
                f"{self._layout_map[key]}. Delete it before setting a new "
                "layout."
            )
        if isinstance(layout, tuple):
            layout = TensorLayout(layout, None)
        elif not isinstance(layout, TensorLayout):
            raise ValueError(
                "A LayoutMap value should be a TensorLayout or a tuple of "
                f"axes. Received: layout={layout!r} for key {key!r}"
            )
        if layout.device_mesh is None:
            layout.device_mesh = self._device_mesh
        elif layout.device_mesh is not self._device_mesh:
            raise ValueError(
                f"The layout for {key!r} uses a different device mesh "
                f"({layout.device_mesh}) than the LayoutMap "
                f"({self._device_mesh})."
            )
        self._layout_map[key] = layout

    def __delitem__(self, key):
        self._matched_keys.discard(key)
        del self._layout_map[key]

    def __contains__(self, key):
        return key in self._layout_map

    def __len__(self):
        return len(self._layout_map)

    def __iter__(self):
        return iter(self._layout_map)

    def unmatched_keys(self, variables, include_outputs=False):
        """Keys that match none of `variables` (nor any earlier lookup).

        Args:
            variables: iterable of objects with a `path`.
            include_outputs: also report `/output` keys (only meaningful
                once the model has been called).

        Returns:
            A list of keys.
        """
        paths = [v.path for v in variables]
        unmatched = []
        for key in self._layout_map:
            if _is_output_key(key) and not include_outputs:
                continue
            if key in self._matched_keys:
                continue
            if any(_key_matches(key, p) or key == p for p in paths):
                continue
            unmatched.append(key)
        return unmatched

    def warn_unmatched(self, variables, include_outputs=False):
        """Warns about keys that match no variable; returns those keys."""
        unmatched = self.unmatched_keys(variables, include_outputs)
        if unmatched:
            warnings.warn(
                f"LayoutMap keys {unmatched} matched no variable of the "
                "model, so they had no effect. Check them against the "
                "variable paths (see "
                "`keras.distribution.print_layout_report(model)`).",
                stacklevel=2,
            )
        return unmatched


# Axis-name tuples whose default batch axis was already warned about.
_WARNED_DEFAULT_BATCH_AXIS = set()


def _default_batch_dim_name(device_mesh):
    """The first mesh axis (upstream's default), with a warning, once per
    set of axis names, when another axis is named like a batch axis."""
    names = tuple(device_mesh.axis_names)
    likely = [n for n in names[1:] if n in ("batch", "data")]
    if likely and names not in _WARNED_DEFAULT_BATCH_AXIS:
        _WARNED_DEFAULT_BATCH_AXIS.add(names)
        warnings.warn(
            f"No `batch_dim_name` was given, so the batch is split over the "
            f"first mesh axis {names[0]!r}, not over {likely[0]!r}. Pass "
            f"`batch_dim_name={likely[0]!r}` if that axis is meant.",
            stacklevel=3,
        )
    return names[0]


def _normalize_batch_dim_name(batch_dim_name, device_mesh):
    if batch_dim_name is None:
        return _default_batch_dim_name(device_mesh)
    if isinstance(batch_dim_name, list):
        batch_dim_name = tuple(batch_dim_name)
    names = (
        (batch_dim_name,) if isinstance(batch_dim_name, str) else batch_dim_name
    )
    if not isinstance(names, tuple) or not names:
        raise ValueError(
            f"Received: batch_dim_name={batch_dim_name!r}. Expected a mesh "
            "axis name or a non-empty tuple of them, from "
            f"{tuple(device_mesh.axis_names)}."
        )
    for name in names:
        if name not in device_mesh.axis_names:
            raise ValueError(
                f"Received: batch_dim_name={name!r}. Expected one of the "
                f"mesh's axis names: {tuple(device_mesh.axis_names)}."
            )
    if len(set(names)) != len(names):
        raise ValueError(
            f"Received: batch_dim_name={batch_dim_name!r}. The batch axes "
            "must be distinct."
        )
    return names[0] if len(names) == 1 else names


@keras_export("keras.distribution.Distribution")
class Distribution:
    """Base class of distribution strategies.

    A distribution decides how data batches and variables are laid out on a
    `DeviceMesh`.

    Args:
        device_mesh: The `DeviceMesh`.
        batch_dim_name: The mesh axis name (or tuple of names) that the
            batch dimension of data is sharded over. Defaults to the first
            mesh axis.
        auto_shard_dataset: Whether `distribute_dataset` shards datasets
            across processes. When `False`, each process's dataset is used as
            given (see `check_data_consistency`).

    The process count and index are read from the backend when the
    distribution is created (after `keras.distribution.initialize()`).
    """

    def __init__(
        self, device_mesh, batch_dim_name=None, auto_shard_dataset=True
    ):
        if not isinstance(device_mesh, DeviceMesh):
            raise ValueError(
                "`device_mesh` must be a `keras.distribution.DeviceMesh`. "
                f"Received: device_mesh={device_mesh!r}"
            )
        self._device_mesh = device_mesh
        self._batch_dim_name = _normalize_batch_dim_name(
            batch_dim_name, device_mesh
        )
        self._auto_shard_dataset = auto_shard_dataset
        self._num_processes = backend_dlib.num_processes()
        self._process_id = backend_dlib.process_id()
        self._is_multi_process = self._num_processes > 1

    device_mesh = read_only("_device_mesh", "The `DeviceMesh`.")

    batch_dim_name = read_only(
        "_batch_dim_name", "The batch mesh axis name, or tuple of names."
    )

    @property
    def batch_axes(self):
        """The batch mesh axis names, always as a tuple."""
        return data_sharding.normalize_batch_axes(self._batch_dim_name)

    @property
    def auto_shard_dataset(self):
        """Whether `distribute_dataset` shards across processes."""
        return self._auto_shard_dataset

    @auto_shard_dataset.setter
    def auto_shard_dataset(self, value):
        self._auto_shard_dataset = value

    num_processes = read_only(
        "_num_processes", "Number of processes of the job."
    )

    process_id = read_only("_process_id", "Index of the current process.")

    @property
    def num_model_replicas(self):
        """Number of batch shards (product of the batch axes sizes)."""
        return self._device_mesh.axis_size(self.batch_axes)

    def data_sharding(self):
        """The `DataSharding` (replica math) of this distribution.

        Says which batch shards each process holds, the data-shard groups
        (processes that must be fed identical data) and per-process batch
        sizes. See `keras.src.backend.common.data_sharding`.
        """
        return backend_dlib.data_sharding_info(
            self._device_mesh, self._batch_dim_name
        )

    @property
    def data_shard_id(self):
        """Index of this process's data shard.

        Processes whose devices hold the same batch shards form one
        data-shard group and read the same part of each global batch;
        groups are numbered by their smallest batch shard (see
        `data_sharding()`), so the id follows from where this process's
        devices sit in the mesh, not from the process index.
        """
        return self.data_sharding().data_shard_id(self.process_id)

    def per_process_batch_size(self, global_batch_size):
        """Rows of each global batch this process must provide.

        Args:
            global_batch_size: The global batch size.

        Returns:
            The per-process batch size (`global_batch_size` times the
            fraction of batch shards held by this process's devices).
        """
        return self.data_sharding().per_process_batch_size(
            global_batch_size, self.process_id
        )

    @contextlib.contextmanager
    def scope(self):
        """Context manager making this the current distribution.

        Example:

        ```python
        with keras.distribution.DataParallel().scope():
            model = build_model()
        ```
        """
        original = distribution()
        set_distribution(self)
        try:
            yield
        finally:
            set_distribution(original)

    def get_data_layout(self, data_shape):
        """Layout of a data batch: dim 0 over the batch axes.

        Args:
            data_shape: The shape of the (global) data batch.

        Returns:
            A `TensorLayout`.
        """
        data_shape = tuple(data_shape)
        if not data_shape:
            raise ValueError(
                "Data must have a batch dimension. Received: data_shape=()"
            )
        axes = (self._batch_dim_name,) + (None,) * (len(data_shape) - 1)
        return TensorLayout(axes, self._device_mesh)

    def _explicit_layout(self, variable):
        layout = getattr(variable, "_layout", None)
        if layout is None:
            return None
        if isinstance(layout, (tuple, list)):
            layout = TensorLayout(layout, self._device_mesh)
        elif isinstance(layout, TensorLayout):
            if layout.device_mesh is None:
                layout = TensorLayout(layout.axes, self._device_mesh)
        else:
            raise ValueError(
                "A variable's `layout` must be a TensorLayout or a tuple of "
                f"axes. Received: layout={layout!r} for variable "
                f"'{getattr(variable, 'path', None)}'"
            )
        return layout

    def _replicated(self, variable):
        return TensorLayout((None,) * len(variable.shape), self._device_mesh)

    def get_variable_layout(self, variable):
        """Layout of a variable (an object with `path`, `shape`, `_layout`).

        Returns:
            A `TensorLayout`.
        """
        raise NotImplementedError

    def get_tensor_layout(self, path):
        """Layout of the intermediate tensor at `path`, or `None`."""
        raise NotImplementedError

    def distribute_dataset(self, dataset):
        """Shards a `tf.data.Dataset` across processes.

        With one process, or with `auto_shard_dataset=False`, the dataset is
        returned unchanged. Otherwise the dataset's global batch size is
        checked against the number of batch shards, and each process keeps
        the rows of every global batch that its batch shards hold (shard
        `s` holds rows `s * n / num_batch_shards` to
        `(s + 1) * n / num_batch_shards` of a batch of `n` rows).
        Incomplete final global batches are dropped, so that every process
        gets parts of the same size (`fit()`, `evaluate()` and `predict()`
        keep them: their data path pads the parts to a common size and
        leaves the padding out of every result). When every process holds
        all batch shards (one data shard), the dataset is returned
        unchanged.

        Args:
            dataset: A batched `tf.data.Dataset` yielding global batches.

        Returns:
            The per-process dataset.
        """
        return self._distribute_dataset(dataset, keep_partial_batches=False)

    def _distribute_dataset(self, dataset, keep_partial_batches):
        """`distribute_dataset`, optionally keeping partial batches, whose
        parts may then differ in rows between processes (some may have
        none): only a consumer that pads the parts to a common size, as
        the data path of `fit()` does, can use them."""
        if not self._is_multi_process or not self._auto_shard_dataset:
            return dataset
        return dataset_sharding.shard_dataset(
            dataset, self, keep_partial_batches=keep_partial_batches
        )

    def __repr__(self):
        return (
            f"<{self.__class__.__name__} device_mesh={self._device_mesh}, "
            f"batch_dim_name={self._batch_dim_name!r}>"
        )


@keras_export("keras.distribution.DataParallel")
class DataParallel(Distribution):
    """Data parallelism: variables replicated, batch sharded.

    Args:
        device_mesh: Optional `DeviceMesh`. The batch is sharded over its
            first axis.
        devices: Optional list of devices, used when `device_mesh` is not
            given to build a 1D mesh with axis `"batch"`. Defaults to all
            devices.
        auto_shard_dataset: Whether to shard datasets across processes.

    Example:

    ```python
    distribution = keras.distribution.DataParallel()
    keras.distribution.set_distribution(distribution)
    ```
    """

    def __init__(self, device_mesh=None, devices=None, auto_shard_dataset=True):
        if device_mesh is None:
            if devices is None:
                devices = list_devices()
            devices = list(np.asarray(devices, dtype=object).flat)
            device_mesh = DeviceMesh(
                (len(devices),), (DEFAULT_BATCH_DIM_NAME,), devices
            )
        super().__init__(device_mesh, auto_shard_dataset=auto_shard_dataset)

    def get_variable_layout(self, variable):
        """Explicit layout if the variable has one, else replicated.

        The layout is not checked against the variable's shape here (see
        `validate_variable_layout`)."""
        layout = self._explicit_layout(variable)
        return layout if layout is not None else self._replicated(variable)

    def get_tensor_layout(self, path):
        """Always `None`: intermediate tensors are not constrained."""
        return None


@keras_export("keras.distribution.ModelParallel")
class ModelParallel(Distribution):
    """Model parallelism: variables laid out by a `LayoutMap`.

    Variables matching a `LayoutMap` key (see `LayoutMap` for the rule) use
    that layout; others are replicated. With an `AutoLayoutMap`, every
    variable gets a layout chosen from the logical names of its axes or
    its shape, so that one line shards any model (see the example). Data
    batches are sharded over `batch_dim_name`, and inside a jitted step
    the intermediate tensors of a functional model keep their batch
    dimension on those axes (unless the layout map gives a layer's output
    a layout of its own).

    Args:
        device_mesh: Optional `DeviceMesh`. Without `layout_map`, every
            variable is replicated on it; with one, it must be the
            `LayoutMap`'s mesh.
        layout_map: A `LayoutMap`; its `device_mesh` is used.
        batch_dim_name: Mesh axis name (or tuple of names) for the batch
            dimension. Defaults to the first mesh axis (with an
            `AutoLayoutMap`: the mesh axes other than its model axis).
        auto_shard_dataset: Whether to shard datasets across processes.

    Example:

    ```python
    mesh = keras.distribution.DeviceMesh((2, 4), ("batch", "model"))
    layout_map = keras.distribution.LayoutMap(mesh)
    layout_map["d1/kernel"] = (None, "model")
    layout_map["d1/bias"] = ("model",)
    distribution = keras.distribution.ModelParallel(
        layout_map=layout_map, batch_dim_name="batch")
    ```

    Sharding any model with no rule written (tensor parallel over
    `"model"`, fully sharded over the other axes):

    ```python
    distribution = keras.distribution.ModelParallel(
        layout_map=keras.distribution.AutoLayoutMap(mesh))
    ```
    """

    def __init__(
        self,
        *,
        device_mesh=None,
        layout_map=None,
        batch_dim_name=None,
        auto_shard_dataset=True,
    ):
        if layout_map is None and isinstance(device_mesh, DeviceMesh):
            layout_map = LayoutMap(device_mesh)
        if not isinstance(layout_map, LayoutMap):
            raise ValueError(
                "`layout_map` must be a `keras.distribution.LayoutMap` (or "
                "pass `device_mesh` alone to replicate every variable). "
                f"Received: layout_map={layout_map!r}, "
                f"device_mesh={device_mesh!r}"
            )
        if (
            device_mesh is not None
            and device_mesh is not layout_map.device_mesh
        ):
            raise ValueError(
                "`device_mesh` must be the device mesh of `layout_map`. "
                f"Received: device_mesh={device_mesh!r}, layout_map's mesh: "
                f"{layout_map.device_mesh!r}"
            )
        if batch_dim_name is None:
            batch_dim_name = layout_map.default_batch_dim_name()
        super().__init__(
            layout_map.device_mesh,
            batch_dim_name=batch_dim_name,
            auto_shard_dataset=auto_shard_dataset,
        )
        self._layout_map = layout_map

    layout_map = read_only("_layout_map", "The `LayoutMap`.")

    def get_variable_layout(self, variable):
        """Explicit layout, else the `LayoutMap` rule, else replicated.

        The layout is not checked against the variable's shape here (see
        `validate_variable_layout`)."""
        layout = self._explicit_layout(variable)
        if layout is not None:
            return layout
        layout = self._layout_map.layout_for_variable(variable)
        if layout is None:
            return self._replicated(variable)
        return layout

    def get_tensor_layout(self, path):
        """Layout of the tensor at `path` (see `LayoutMap.output_layout`),
        or `None`."""
        return self._layout_map.output_layout(path)

    def _constrain_batch_dim(self, tensor):
        """Keeps dimension 0 of an intermediate tensor on the batch axes.

        Functional and Sequential models apply this, while traced, to
        every tensor of their graph whose first dimension is the batch
        dimension (`None` in the symbolic shape) and whose layer has no
        `/output` layout (subclassed models have no graph to read this
        from, and are left as they are). The
        other dimensions are left to the partitioner.

        Without it, XLA infers the activations' layout from the variables,
        and when the layout map also splits weights over the batch axes
        (FSDP) it may replicate the batch over those axes and split the
        weights' other dimension instead: every device then computes on
        the whole batch. Pinned to the batch axes, the activations stay
        split as the data is, and the weights are all-gathered where they
        are used.

        Args:
            tensor: The tensor (a tracer inside `jax.jit`; anything else
                is returned unchanged).

        Returns:
            The constrained tensor.
        """
        return backend_dlib.constrain_batch_dim(
            tensor, self._device_mesh, self._batch_dim_name
        )


@keras_export("keras.distribution.distribution")
def distribution():
    """Returns the current distribution, or `None`.

    Example:

    >>> keras.distribution.distribution() is None
    True
    """
    return current_distribution.get()


@keras_export("keras.distribution.set_distribution")
def set_distribution(value):
    """Sets the current distribution (`None` to unset).

    Args:
        value: A `Distribution` or `None`.

    Example:

    ```python
    keras.distribution.set_distribution(keras.distribution.DataParallel())
    ```
    """
    if value is not None and not isinstance(value, Distribution):
        raise ValueError(
            "Expected a `keras.distribution.Distribution` or None. "
            f"Received: value={value!r}"
        )
    current_distribution.set(value)


@keras_export("keras.distribution.distribute_tensor")
def distribute_tensor(tensor, layout):
    """Lays `tensor` out on devices according to `layout`.

    Eagerly the tensor is copied to its shards; inside a traced (jitted)
    function a sharding constraint is applied instead.

    Args:
        tensor: The tensor.
        layout: A `TensorLayout` (with a device mesh).

    Returns:
        The distributed tensor.

    Example:

    ```python
    mesh = keras.distribution.DeviceMesh((8,), ("batch",))
    layout = keras.distribution.TensorLayout(("batch", None), mesh)
    x = keras.distribution.distribute_tensor(np.zeros((16, 3)), layout)
    ```
    """
    return backend_dlib.distribute_tensor(tensor, layout)
