"""Reading and writing the `.weights.h5` file: variables keyed by path.

File format (HDF5, read and written with `h5py`; no pickle anywhere):

```
/                              attrs: format="keras-weights",
                                      format_version=1, keras_version
/layers/<variable.path>        one dataset per model weight, e.g.
                               /layers/sequential/dense/kernel
/optimizer/<variable.path>     one dataset per optimizer variable (only
                               when the model has a built optimizer), e.g.
                               /optimizer/adam/iteration
/seed_generators/<layer.path>/<attribute>
                               the state of each `SeedGenerator` of the
                               model (e.g. a `Dropout` layer's), so that
                               training resumes with the same random
                               numbers, e.g.
                               /seed_generators/sequential/dropout/
                               seed_generator
```

Each dataset carries the attributes `index` (its position in
`model.weights` / `optimizer.variables` when saved), `path` (the
variable's `path`) and `dtype` (its Keras dtype name). Dtypes that HDF5
cannot represent (`bfloat16`, `float8_*`, `int4`, ...) are stored as their
raw bits in an unsigned integer dataset of the same item size; the `dtype`
attribute restores them. Non-scalar datasets use the Fletcher-32 checksum
filter, so corrupted data is detected when read.

Loading matches file entries to variables by path. When the paths differ
only by the numeric suffixes of automatically generated names
(`dense_1/kernel` saved, `dense_3/kernel` loaded) and the saved order is
the model's order, entries are matched by position instead. Shapes,
missing and unexpected entries are all checked before any variable is
assigned, so a failed load leaves the model unchanged. Values are
checksummed; up to `PREFETCH_BYTES` they are all read before the first
assignment, so corrupted data also leaves the model unchanged. Larger files
are streamed one variable at a time (bounded host memory): corrupted data
found mid-way is reported after the variables before it were assigned.
Seed generator states are optional: a file without them (or whose seed
generators do not match the model's) loads the other variables, leaving
the model's seed generators as they are (with a warning on a mismatch).

Distributed variables: saving reads one variable at a time into host
memory (NumPy). A sharded `jax.Array` that this process cannot fully
address (multi-process runs) is gathered with
`multihost_utils.process_allgather`, a collective every process joins in
the same order; replicated arrays are read from a local copy. Only the
writer process (see `saving_lib`) writes the values. Loading builds each
value with the variable's current sharding through
`jax.make_array_from_callback`, so every device (and process) receives
just its shard, whatever mesh the file was saved under: a file saved under
one distribution loads under another, or under none.
"""

import re
import warnings

import numpy as np

FORMAT_NAME = "keras-weights"
FORMAT_VERSION = 1
LAYERS_GROUP = "layers"
OPTIMIZER_GROUP = "optimizer"
SEED_GROUP = "seed_generators"
_GROUPS = (LAYERS_GROUP, OPTIMIZER_GROUP, SEED_GROUP)

_MAX_LISTED_PROBLEMS = 10
# Files with at most this many bytes of values are read completely before
# any variable is assigned, so even corrupted data leaves the model
# unchanged. Larger files are streamed variable by variable.
PREFETCH_BYTES = 256 * 1024 * 1024
_AUTO_SUFFIX = re.compile(r"_\d+(?=[_/]|$)")


def _h5py():
    import h5py

    return h5py


# ------------------------------------------------------------------ dtypes
def _to_storable(array):
    """Returns `(array_hdf5_can_store, keras_dtype_name)`."""
    from keras.src.backend.common import dtypes

    dtype_name = dtypes.standardize_dtype(array.dtype)
    if array.dtype.kind in "biufc":
        return array, dtype_name
    # ml_dtypes types (bfloat16, float8, int4, ...): store the raw bits.
    raw = np.dtype(f"u{array.dtype.itemsize}")
    return np.ascontiguousarray(array).view(raw), dtype_name


def _from_stored(array, dtype_name):
    if array.dtype.kind != "u" or dtype_name is None:
        return array
    try:
        target = np.dtype(dtype_name)
    except TypeError:
        import ml_dtypes

        target = np.dtype(getattr(ml_dtypes, dtype_name))
    if target.kind in "biufc":
        return array
    return array.view(target)


# ------------------------------------------------------------------ naming
def variable_entries(model):
    """Returns `[(group, key, variable)]` for the model, its optimizer and
    its seed generators.

    `key` is the variable's path (for seed states, see `_seed_states`),
    made unique within its group: a
    duplicate path, or one that would clash with an HDF5 group, is stored
    under the flat name `<path with "/" replaced by "|">__<n>`.
    """
    entries = [(LAYERS_GROUP, v) for v in model.weights]
    optimizer = getattr(model, "optimizer", None)
    if optimizer is not None and _optimizer_built(optimizer):
        entries += [(OPTIMIZER_GROUP, v) for v in optimizer.variables]
    entries = [(g, str(v.path), v) for g, v in entries]
    entries += [(SEED_GROUP, p, v) for p, v in _seed_states(model)]
    result = []
    for group in _GROUPS:
        variables = [v for g, _, v in entries if g == group]
        keys = _unique_keys([p for g, p, _ in entries if g == group])
        result += [(group, k, v) for k, v in zip(keys, variables)]
    return result


def _unique_keys(paths):
    datasets = set()
    groups = set()
    keys = []
    for path in paths:
        path = "/".join(part for part in path.split("/") if part) or "_"
        path = path.replace(".", "_") if path in (".", "..") else path
        key = path
        n = 0
        while (
            key in datasets
            or key in groups
            or any(p in datasets for p in _prefixes(key))
        ):
            # A clash: use a single, flat name (no groups to clash with).
            n += 1
            key = f"{path.replace('/', '|')}__{n}"
        datasets.add(key)
        groups.update(_prefixes(key))
        keys.append(key)
    return keys


def _prefixes(key):
    parts = key.split("/")
    return ["/".join(parts[:i]) for i in range(1, len(parts))]


def _seed_states(model):
    """`[(path, variable)]` for the state variables of the model's seed
    generators (which are not part of `model.weights`).

    The path is `<layer path>/<attribute>` of the layer holding the seed
    generator (e.g. `mlp/dropout/seed_generator`), which, unlike the seed
    generator's own automatic name, does not depend on how many seed
    generators were created before.
    """
    from keras.src.random.seed_generator import SeedGenerator

    owners = {}
    flatten = getattr(model, "_flatten_layers", None)
    for layer in flatten() if flatten is not None else []:
        for attr, value in vars(layer).items():
            if isinstance(value, SeedGenerator):
                owners.setdefault(
                    id(value.state), f"{layer.path}/{attr.lstrip('_')}"
                )
    weights = {id(v) for v in model.weights}
    return [
        (owners.get(id(v), str(v.path)), v)
        for v in getattr(model, "variables", [])
        if getattr(v, "_is_seed_state", False) and id(v) not in weights
    ]


def _optimizer_built(optimizer):
    built = getattr(optimizer, "built", None)
    if built is None:
        return bool(getattr(optimizer, "variables", None))
    return bool(built)


# ----------------------------------------------------------------- writing
def host_value(variable, needed=True):
    """Returns the variable's global value as a NumPy array.

    A `jax.Array` sharded over devices of several processes is gathered
    with `multihost_utils.process_allgather` (a collective: every process
    must call this for the same variables, in the same order); a fully
    replicated one is copied from a local shard. Returns `None` when
    `needed` is `False` (a process that only joins the collectives).
    """
    value = getattr(variable, "_value", None)
    if value is None:
        value = variable.value
    import jax

    if isinstance(value, jax.Array) and not value.is_fully_addressable:
        if value.is_fully_replicated:
            if not needed:
                return None
            return np.asarray(value.addressable_data(0))
        from jax.experimental import multihost_utils

        gathered = multihost_utils.process_allgather(value, tiled=True)
        return np.asarray(gathered) if needed else None
    return np.asarray(value) if needed else None


def write_weights(model, filepath):
    """Writes the model's (and its optimizer's) variables to `filepath`.

    Values are read and written one variable at a time, so host memory
    holds at most one variable's value, and no device ever holds more
    than its own shards plus the variable being gathered.

    In a multi-process run every process calls this with the same model;
    an error while writing does not stop the writer from joining the
    remaining gathers (so the other processes never wait for it forever):
    it is raised once every variable has been visited.

    Args:
        model: The model.
        filepath: The file to write. `None` on the processes of a
            multi-process run that do not write: they only take part in
            the gathers of sharded variables (see `host_value`).
    """
    from keras.src.version import __version__

    entries = variable_entries(model)
    error = None
    f = None
    if filepath is not None:
        try:
            f = _h5py().File(filepath, "w")
            f.attrs["format"] = FORMAT_NAME
            f.attrs["format_version"] = FORMAT_VERSION
            f.attrs["keras_version"] = __version__
            f.create_group(LAYERS_GROUP)
        except Exception as e:
            error = e
    try:
        counters = {}
        for group, key, variable in entries:
            index = counters.get(group, 0)
            counters[group] = index + 1
            array = host_value(variable, needed=f is not None and not error)
            if array is None:
                continue
            try:
                _write_dataset(f, group, key, index, variable, array)
            except Exception as e:
                error = e
            del array
    finally:
        if f is not None:
            try:
                f.close()
            except Exception as e:
                error = error or e
    if error is not None:
        raise error


def _write_dataset(f, group, key, index, variable, array):
    array, dtype_name = _to_storable(array)
    options = {}
    if array.ndim > 0 and array.size > 0:
        options["fletcher32"] = True
    dataset = f.create_dataset(f"{group}/{key}", data=array, **options)
    dataset.attrs["index"] = index
    dataset.attrs["path"] = str(variable.path)
    dataset.attrs["dtype"] = dtype_name


# ----------------------------------------------------------------- reading
class _FileEntry:
    __slots__ = ("key", "name", "shape", "dtype", "index", "dataset")

    def __init__(self, key, name, shape, dtype, index, dataset):
        self.key = key
        self.name = name
        self.shape = shape
        self.dtype = dtype
        self.index = index
        self.dataset = dataset


def _read_index(f, group_name, display_name):
    """Lists a group's datasets (metadata only) in saved order."""
    h5py = _h5py()
    if group_name not in f:
        return []
    group = f[group_name]
    if not isinstance(group, h5py.Group):
        raise ValueError(
            f"Weights file '{display_name}' is not a valid Keras weights "
            f"file: '{group_name}' is not a group."
        )
    found = []

    def visit(name, obj):
        if isinstance(obj, h5py.Dataset):
            index = obj.attrs.get("index", None)
            dtype = obj.attrs.get("dtype", None)
            if isinstance(dtype, bytes):
                dtype = dtype.decode()
            found.append(
                _FileEntry(
                    key=name,
                    name=f"{group_name}/{name}",
                    shape=tuple(int(d) for d in obj.shape),
                    dtype=dtype,
                    index=None if index is None else int(index),
                    dataset=obj,
                )
            )

    group.visititems(visit)
    found.sort(key=lambda e: (e.index is None, e.index or 0, e.key))
    return found


def _normalize(key):
    return _AUTO_SUFFIX.sub("", key)


def _match(file_entries, model_entries):
    """Pairs file entries with `(key, variable)` model entries.

    Returns `(pairs, missing, unexpected)`: `pairs` is a list of
    `(key, variable, file_entry)`; `missing` lists model keys absent from
    the file and `unexpected` lists file entries the model lacks.
    """
    file_keys = [e.key for e in file_entries]
    model_keys = [k for k, _ in model_entries]
    if set(file_keys) != set(model_keys) and len(file_keys) == len(model_keys):
        if [_normalize(k) for k in file_keys] == [
            _normalize(k) for k in model_keys
        ]:
            pairs = [
                (k, v, e) for (k, v), e in zip(model_entries, file_entries)
            ]
            return pairs, [], []
    by_key = {e.key: e for e in file_entries}
    pairs = []
    missing = []
    for key, variable in model_entries:
        entry = by_key.pop(key, None)
        if entry is None:
            missing.append(key)
        else:
            pairs.append((key, variable, entry))
    unexpected = [e for e in file_entries if e.key in by_key]
    return pairs, missing, unexpected


def _problems(pairs, missing, unexpected, what):
    problems = []
    for key, variable, entry in pairs:
        if entry.shape != tuple(variable.shape):
            problems.append(
                (
                    (key, variable, entry),
                    f"{what} variable '{variable.path}' has shape "
                    f"{tuple(variable.shape)}, but the file's "
                    f"'{entry.name}' has shape {entry.shape}",
                )
            )
    for key in missing:
        problems.append(
            (None, f"{what} variable '{key}' is missing from the file")
        )
    for entry in unexpected:
        problems.append(
            (
                None,
                f"the file has '{entry.name}' (shape {entry.shape}), which "
                f"matches no {what.lower()} variable",
            )
        )
    return problems


def _format_problems(problems):
    lines = [f"  - {message}" for _, message in problems]
    if len(lines) > _MAX_LISTED_PROBLEMS:
        more = len(lines) - _MAX_LISTED_PROBLEMS
        lines = lines[:_MAX_LISTED_PROBLEMS] + [f"  - ... and {more} more"]
    return "\n".join(lines)


def open_weights_file(filepath, display_name=None):
    """Opens a weights file for reading, with a clear error if unreadable.

    Args:
        filepath: A path or a binary file-like object.
        display_name: The name used in error messages.
    """
    h5py = _h5py()
    display_name = display_name or str(filepath)
    try:
        f = h5py.File(filepath, "r")
    except Exception as e:
        raise ValueError(
            f"Could not read the weights file '{display_name}': it is "
            f"truncated, corrupted or not an HDF5 file. ({e})"
        ) from e
    try:
        if f.attrs.get("format", None) not in (FORMAT_NAME, None) or (
            LAYERS_GROUP not in f
        ):
            raise ValueError(
                f"File '{display_name}' is not a Keras weights file "
                f"(expected a '{LAYERS_GROUP}' group written by "
                "`save_weights`)."
            )
        version = f.attrs.get("format_version", FORMAT_VERSION)
        if int(version) > FORMAT_VERSION:
            raise ValueError(
                f"Weights file '{display_name}' has format version "
                f"{version}, newer than the supported {FORMAT_VERSION}."
            )
    except ValueError:
        f.close()
        raise
    except Exception as e:
        f.close()
        raise ValueError(
            f"Could not read the weights file '{display_name}': it is "
            f"corrupted. ({e})"
        ) from e
    return f


def load_weights_into(model, filepath, skip_mismatch=False, display_name=None):
    """Loads a weights file written by `write_weights` into `model`.

    Everything (paths and shapes of all entries) is validated before any
    variable is assigned: on error the model is unchanged (see the module
    docstring for corrupted data in files over `PREFETCH_BYTES`). The
    optimizer's state is loaded when both the file and the model have one;
    an unbuilt optimizer is built first. An optimizer whose variables do
    not match the file's is left untouched, with a warning.

    Args:
        model: The model to load into.
        filepath: A path or a binary file-like object.
        skip_mismatch: If `True`, variables that do not match (shape,
            missing, unexpected) are skipped with a warning instead of
            raising.
        display_name: The name used in error messages (defaults to
            `filepath`).
    """
    display_name = display_name or str(filepath)
    with open_weights_file(filepath, display_name) as f:
        try:
            layer_file = _read_index(f, LAYERS_GROUP, display_name)
            optimizer_file = _read_index(f, OPTIMIZER_GROUP, display_name)
            seed_file = _read_index(f, SEED_GROUP, display_name)
        except ValueError:
            raise
        except Exception as e:
            raise ValueError(
                f"Could not read the weights file '{display_name}': it is "
                f"corrupted. ({e})"
            ) from e
        model_layer = [
            (k, v) for g, k, v in variable_entries(model) if g == LAYERS_GROUP
        ]
        pairs, missing, unexpected = _match(layer_file, model_layer)
        problems = _problems(pairs, missing, unexpected, "Model")
        if problems and not skip_mismatch:
            raise ValueError(
                f"Cannot load weights from '{display_name}' into model "
                f"'{getattr(model, 'name', model)}'; the model was not "
                f"changed:\n{_format_problems(problems)}"
            )
        if problems:
            warnings.warn(
                f"Skipping mismatched variables while loading weights from "
                f"'{display_name}':\n{_format_problems(problems)}",
                stacklevel=3,
            )
            bad = {id(p[0][1]) for p in problems if p[0] is not None}
            pairs = [p for p in pairs if id(p[1]) not in bad]

        optimizer_pairs = _optimizer_pairs(
            model, optimizer_file, skip_mismatch, display_name
        )
        seed_pairs = _seed_pairs(model, seed_file, skip_mismatch, display_name)
        pairs = pairs + optimizer_pairs + seed_pairs
        total = sum(_nbytes(entry) for _, _, entry in pairs)
        if total <= PREFETCH_BYTES:
            # Read (and checksum) everything before assigning anything.
            values = [_read(entry, display_name) for _, _, entry in pairs]
            for (_, variable, _), value in zip(pairs, values):
                _assign(variable, value.__getitem__)
            return
        for _, variable, entry in pairs:
            _assign(
                variable,
                lambda index, entry=entry: _read(
                    entry, display_name, partial=True, index=index
                ),
            )


def _assign(variable, read):
    """Assigns a value read piecewise: `read(index)` returns the NumPy
    values at `index` (a tuple of slices; `()` for everything).

    When the variable holds a `jax.Array`, the new value gets the same
    sharding, built shard by shard with `jax.make_array_from_callback`:
    each device (of this process) receives only its part, and nothing is
    gathered on one device, whatever the layout the values were saved
    with.
    """
    import jax

    dtype = jax.numpy.dtype(variable.dtype)
    current = getattr(variable, "_value", None)
    sharding = (
        current.sharding
        if isinstance(current, jax.Array)
        and not isinstance(current, jax.core.Tracer)
        else None
    )
    if sharding is None:
        variable.assign(np.asarray(read(()), dtype=dtype))
        return
    cache = {}

    def shard(index):
        key = tuple(
            (s.start, s.stop, s.step) if isinstance(s, slice) else s
            for s in index
        )
        if key not in cache:
            cache[key] = np.asarray(read(tuple(index)), dtype=dtype)
        return cache[key]

    value = jax.make_array_from_callback(tuple(variable.shape), sharding, shard)
    cache.clear()
    variable.assign(value)


def _seed_pairs(model, seed_file, skip_mismatch, display_name):
    """Seed generator states to load: all or nothing (with a warning),
    unless `skip_mismatch`. Files without them load silently."""
    model_seeds = [
        (k, v) for g, k, v in variable_entries(model) if g == SEED_GROUP
    ]
    if not seed_file or not model_seeds:
        return []
    pairs, missing, unexpected = _match(seed_file, model_seeds)
    problems = _problems(pairs, missing, unexpected, "Seed generator")
    if not problems:
        return pairs
    bad = {id(p[0][1]) for p in problems if p[0] is not None}
    warnings.warn(
        f"{'Skipping mismatched' if skip_mismatch else 'Not loading the'} "
        f"seed generator states from '{display_name}': the model's seed "
        "generators do not match the saved ones (random layers keep their "
        f"current state):\n{_format_problems(problems)}",
        stacklevel=4,
    )
    if skip_mismatch:
        return [p for p in pairs if id(p[1]) not in bad]
    return []


def _nbytes(entry):
    size = 1
    for d in entry.shape:
        size *= d
    return size * entry.dataset.dtype.itemsize


def _optimizer_pairs(model, optimizer_file, skip_mismatch, display_name):
    optimizer = getattr(model, "optimizer", None)
    if not optimizer_file or optimizer is None:
        return []
    if not _optimizer_built(optimizer):
        optimizer.build(model.trainable_variables)
    model_optimizer = [
        (k, v) for g, k, v in variable_entries(model) if g == OPTIMIZER_GROUP
    ]
    pairs, missing, unexpected = _match(optimizer_file, model_optimizer)
    problems = _problems(pairs, missing, unexpected, "Optimizer")
    if not problems:
        return pairs
    if skip_mismatch:
        bad = {id(p[0][1]) for p in problems if p[0] is not None}
        warnings.warn(
            f"Skipping mismatched optimizer variables while loading "
            f"'{display_name}':\n{_format_problems(problems)}",
            stacklevel=4,
        )
        return [p for p in pairs if id(p[1]) not in bad]
    warnings.warn(
        f"Not loading the optimizer state from '{display_name}': the "
        f"model's optimizer '{getattr(optimizer, 'name', optimizer)}' does "
        f"not match the saved one:\n{_format_problems(problems)}",
        stacklevel=4,
    )
    return []


def _read(entry, display_name, partial=False, index=()):
    try:
        value = entry.dataset[index]
    except Exception as e:
        note = (
            " Variables read before it were already assigned."
            if partial
            else " The model was not changed."
        )
        raise ValueError(
            f"Could not read '{entry.name}' from the weights file "
            f"'{display_name}': the file is corrupted.{note} ({e})"
        ) from e
    return _from_stored(np.asarray(value), entry.dtype)
