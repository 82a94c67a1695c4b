"""The earlier `.weights.h5` layout of this package: variables keyed by path.

`save_weights` now writes the object-tree layout of upstream Keras (see
`object_tree`, also for sharded files); this module reads files in this
layout (single and sharded), and holds the helpers both layouts share
(safe reads, gathering of sharded values, assignment under any sharding).

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

/own_variables/<owner>/<key>  the values that a layer whose class (user
                               code) defines `save_own_variables` put in
                               its store, e.g.
                               /own_variables/net/scaler/0; such a layer's
                               own weights are not under /layers/

Each dataset carries the attributes `index` (its position in
`model.weights` / `optimizer.variables` when saved), `path` (the
variable's `path`) and `dtype` (its Keras dtype name). Dtypes that HDF5
cannot represent (`bfloat16`, `float8_*`, `int4`, ...) are stored as their
raw bits in an unsigned integer dataset of the same item size; the `dtype`
attribute restores them. Non-scalar datasets use the Fletcher-32 checksum
filter, so corrupted data is detected when read. Datasets also carry
`structure`, the key's structural form (see below); those under
/own_variables/ carry `owner` (the layer's key) and `name` (the store key).

Sharded files: the datasets are spread over `<name>_00000.weights.h5`,
`<name>_00001.weights.h5`, ... (each one laid out as above) next to
`<name>.weights.json`, which holds `{"metadata": {"format":
"keras-weights", ...}, "weight_map": {"/<dataset>": ["<shard file>"]}}`.

Loading matches file entries to variables by their structural key: the
path without its first component (the model's or optimizer's own name),
with the numeric suffixes of automatically generated names renumbered in
order of appearance under each parent (`model_4/dense_3/kernel` and
`functional/dense_7/kernel` are both `dense/kernel` when they belong to
the first dense layer). When both sides have the same structural keys,
they are matched by them; otherwise exact paths are matched first and the
remaining entries by structural key (a partial load, e.g. into a model with
an extra layer). The structural keys are computed over the whole model
when saving, objects left out with `objects_to_skip` included, so the
positions of the others stay the same. Shapes,
missing and unexpected entries are all checked before any variable is
assigned, so a failed load leaves the model unchanged. Values are
checksummed; up to `PREFETCH_BYTES` they are all read before the first
assignment, so corrupted data also leaves the model unchanged. Larger files
are streamed one variable at a time (bounded host memory): corrupted data
found mid-way is reported after the variables before it were assigned.
Reads are made per slice (see "Distributed variables" below): HDF5 checks
the Fletcher-32 checksum of every chunk a read touches, so a process
checks the chunks holding the slices its devices receive, and a corrupted
chunk that only other processes read is reported by them. In a
single-process run every value is read whole or by slices that together
cover it, so everything is checked.
Seed generator states are optional: a file without them (or whose seed
generators do not match the model's) loads the other variables, leaving
the model's seed generators as they are (with a warning on a mismatch).
Layers with their own `load_own_variables` are given their stores after
everything was validated and read, before the other variables are
assigned. Declared dataset sizes are checked against the bytes the file
really stores (`safe_get_h5_dataset`), and links (soft or external) and
datasets whose values live elsewhere (virtual or external storage) are
refused, so a crafted file cannot make the loader allocate without bound
or read another file.

Distributed variables: saving reads one variable at a time into host
memory (NumPy). A sharded `jax.Array` that this process cannot fully
address (multi-process runs) is gathered with
`multihost_utils.process_allgather`, a collective every process joins in
the same order; replicated arrays are read from a local copy. Only the
writer process (see `saving_lib`) writes the values. Loading builds each
value with the variable's current sharding from single-device arrays
(`jax.make_array_from_single_device_arrays`), so every device (and
process) receives just its shard, whatever mesh the file was saved under:
a file saved under one distribution loads under another, or under none.
The values are read straight from the dataset by slices (HDF5 hyperslab
reads): one read per distinct slice held by this process's devices
(`_read_local_parts`), so a process reads, and holds in host memory, only
the parts of a sharded variable that its own devices hold, never a whole
large variable (a replicated variable is read once, whole).
"""

import contextlib
import json
import os
import re
import warnings

import numpy as np

from keras.src.backend.jax import distribution_lib as jax_distribution_lib
from keras.src.distribution import distribution_lib

FORMAT_NAME = "keras-weights"
FORMAT_VERSION = 1
LAYERS_GROUP = "layers"
OPTIMIZER_GROUP = "optimizer"
SEED_GROUP = "seed_generators"
OWN_GROUP = "own_variables"
_GROUPS = (LAYERS_GROUP, OPTIMIZER_GROUP, SEED_GROUP)

_MAX_LISTED_PROBLEMS = 10
# Files with at most this many bytes of values are read completely before
# any variable is assigned, so even corrupted data leaves the model
# unchanged. Larger files are streamed variable by variable.
PREFETCH_BYTES = 256 * 1024 * 1024
_AUTO_SUFFIX = re.compile(r"_\d+(?=[_/]|$)")
# A dataset may declare more bytes than the file stores for it (HDF5 fill
# values) only up to this size, or this ratio above its stored bytes.
H5_BOMB_FLOOR_BYTES = 1 << 30
H5_MAX_EXPANSION = 100
# `max_shard_size` is in GiB.
_SHARD_UNIT = 1024**3


def _h5py():
    import h5py

    return h5py


# ------------------------------------------------------------- safe reads
def check_dataset(dataset, name=None):
    """Returns `dataset`, or raises if its declared size is not backed by
    the bytes the file stores for it (a "shape bomb": a tiny file whose
    dataset would expand to an enormous array when read), or if its values
    are kept outside the file (virtual or external datasets, which could
    make a read disclose other files)."""
    name = name or dataset.name
    if dataset.is_virtual or dataset.external:
        kind = "virtual" if dataset.is_virtual else "externally stored"
        raise ValueError(
            f"Refusing to read the HDF5 dataset '{name}': it is a {kind} "
            "dataset, whose values live in other files. Weights files must "
            "hold their own values."
        )
    declared = int(dataset.size) * int(dataset.dtype.itemsize)
    if declared <= H5_BOMB_FLOOR_BYTES:
        return dataset
    stored = int(dataset.id.get_storage_size())
    if declared > stored * H5_MAX_EXPANSION:
        raise ValueError(
            f"Refusing to read the HDF5 dataset '{name}': it declares "
            f"shape {tuple(dataset.shape)} ({declared} bytes) but the file "
            f"stores only {stored} bytes for it. This is a shape bomb or "
            "a corrupted file."
        )
    return dataset


def check_link(group, name):
    """Raises if `group[name]` is a soft or external link: weights files
    only hold plain groups and datasets."""
    h5py = _h5py()
    link = group.get(name, getlink=True)
    if isinstance(link, (h5py.SoftLink, h5py.ExternalLink)):
        raise ValueError(
            f"Refusing to follow the HDF5 {type(link).__name__} "
            f"'{name}' in '{group.file.filename}': weights files must not "
            "contain links."
        )


def safe_get_h5_dataset(group, name):
    """Returns the dataset `group[name]` after checking it is a plain
    dataset (no link) whose declared size matches its stored bytes."""
    h5py = _h5py()
    check_link(group, name)
    obj = group[name]
    if not isinstance(obj, h5py.Dataset):
        raise ValueError(f"'{name}' is not an HDF5 dataset.")
    return check_dataset(obj, name)


def _check_links_recursively(group):
    """Raises if `group` holds a soft or external link anywhere below."""
    h5py = _h5py()
    for name in group:
        check_link(group, name)
        child = group[name]
        if isinstance(child, h5py.Group):
            _check_links_recursively(child)


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
def _is_seed_state(variable):
    return getattr(variable, "_is_seed_state", False)


def has_user_hook(layer, name):
    """Whether `name` (e.g. `"save_own_variables"`) is defined for
    `layer`'s class by user code: a class outside the `keras` package,
    below the base `Layer`. Keras' own layers are saved by variable
    path."""
    from keras.src.layers.layer import Layer

    for klass in type(layer).__mro__:
        if name in vars(klass):
            if klass is Layer:
                return False
            module = getattr(klass, "__module__", None) or ""
            return not (module == "keras" or module.startswith("keras."))
    return False


def _layers_of(model):
    flatten = getattr(model, "_flatten_layers", None)
    return list(flatten()) if flatten is not None else []


def own_weights(layer):
    """The weights a layer holds itself (not those of its sublayers)."""
    direct = getattr(layer, "_direct_variables", None)
    if direct is not None:
        variables = direct()
    else:
        variables = list(getattr(layer, "_own_variables", []))
    # Seed states are saved apart; a stateful RNN's carried states are not
    # saved at all.
    return [
        v
        for v in variables
        if not _is_seed_state(v) and not getattr(v, "_is_carried_state", False)
    ]


def hook_layers(model):
    """The layers with user-defined `save_own_variables` or
    `load_own_variables`, in `_flatten_layers()` order."""
    return [
        layer
        for layer in _layers_of(model)
        if has_user_hook(layer, "save_own_variables")
        or has_user_hook(layer, "load_own_variables")
    ]


def _skipped_ids(objects_to_skip):
    """Ids of the objects (and their sublayers) and variables to skip."""
    skipped = set()
    for obj in objects_to_skip or ():
        skipped.add(id(obj))
        flatten = getattr(obj, "_flatten_layers", None)
        for layer in flatten() if flatten is not None else ():
            skipped.add(id(layer))
            direct = getattr(layer, "_direct_variables", None)
            for v in direct() if direct is not None else ():
                skipped.add(id(v))
        for v in getattr(obj, "variables", None) or ():
            skipped.add(id(v))
    return skipped


def variable_entries(model):
    """Returns `[(group, key, variable)]` for the model, its optimizer and
    its seed generators.

    `key` is the variable's path (for seed states, see `_seed_states`),
    made unique within its group: a
    duplicate path, or one that would clash with an HDF5 group, is stored
    under the flat name `<path with "/" replaced by "|">__<n>`. The
    weights of layers with user-defined `save_own_variables` are left
    out (see `hook_layers`).
    """
    hooked = set()
    for layer in hook_layers(model):
        hooked.update(id(v) for v in own_weights(layer))
    entries = [(LAYERS_GROUP, v) for v in model.weights if id(v) not in hooked]
    optimizer = getattr(model, "optimizer", None)
    if optimizer is not None and _optimizer_built(optimizer):
        entries += [(OPTIMIZER_GROUP, v) for v in optimizer.variables]
    entries = [(g, _entry_path(model, g, v), v) for g, v in entries]
    entries += [(SEED_GROUP, p, v) for p, v in _seed_states(model)]
    result = []
    for group in _GROUPS:
        variables = [v for g, _, v in entries if g == group]
        keys = _unique_keys([p for g, p, _ in entries if g == group])
        result += [(group, k, v) for k, v in zip(keys, variables)]
    return result


def _entry_path(model, group, variable):
    """The variable's path; layer weights created outside the model (e.g.
    a layer built before being put in a `Sequential`) get the model's
    name in front, like those created inside it, so that their keys have
    the same structure whichever way the model was built."""
    path = str(variable.path)
    name = getattr(model, "name", None)
    if group == LAYERS_GROUP and name and not path.startswith(f"{name}/"):
        return f"{name}/{path}"
    return path


def _model_entries(model):
    """`{group: [(key, variable, structural key)]}` (see
    `variable_entries` and `structural_keys`)."""
    by_group = {group: [] for group in _GROUPS}
    for group, key, variable in variable_entries(model):
        by_group[group].append((key, variable))
    result = {}
    for group, pairs in by_group.items():
        structure = structural_keys([k for k, _ in pairs])
        result[group] = [(k, v, s) for (k, v), s in zip(pairs, structure)]
    return result


def _hook_entries(model):
    """`[(key, layer, structural key)]` of the layers with user hooks."""
    layers = hook_layers(model)
    keys = _unique_keys([str(getattr(x, "path", x.name)) for x in layers])
    return list(zip(keys, layers, structural_keys(keys)))


def structural_keys(keys):
    """The structural form of each key (in order of appearance).

    The first component (the name of the model or optimizer) is dropped,
    and under each parent the components are reduced to their base name
    (automatic `_<n>` suffixes removed) and numbered again by order of
    appearance: the first `dense*` child is `dense`, the next `dense_1`,
    and so on. Two models built the same way get the same structural keys,
    whatever names were generated for them.
    """
    mapping = {}
    counters = {}
    result = []
    for key in keys:
        parts = key.split("/")
        if len(parts) > 1:
            parts = parts[1:]
        out = []
        for part in parts:
            parent = "/".join(out)
            if (parent, part) not in mapping:
                base = _AUTO_SUFFIX.sub("", part) or part
                n = counters.get((parent, base), 0)
                counters[(parent, base)] = n + 1
                mapping[(parent, part)] = base if n == 0 else f"{base}_{n}"
            out.append(mapping[(parent, part)])
        result.append("/".join(out))
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
    for layer in _layers_of(model):
        for attr, value in vars(layer).items():
            if isinstance(value, SeedGenerator):
                owners.setdefault(
                    id(value.state), f"{layer.path}/{attr.lstrip('_')}"
                )
    weights = {id(v) for v in model.weights}
    return [
        (owners.get(id(v), str(v.path)), v)
        for v in getattr(model, "variables", [])
        if _is_seed_state(v) and id(v) not in weights
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
    return host_array(value, needed)


def host_array(value, needed=True):
    """Like `host_value`, for any value: a Keras variable, a `jax.Array`,
    a NumPy array or a Python scalar."""
    if hasattr(value, "path") and hasattr(value, "assign"):
        return host_value(value, needed)
    array = distribution_lib.to_host(value)
    return array if needed else None


def _write_root_attrs(f):
    from keras.src.version import __version__

    f.attrs["format"] = FORMAT_NAME
    f.attrs["format_version"] = FORMAT_VERSION
    f.attrs["keras_version"] = __version__
    f.create_group(LAYERS_GROUP)


class KeyedStore:
    """Base of the stores given to `save_own_variables()` and
    `load_own_variables()`. `_entries` holds what the store has under each
    string key (a dict, or a list of the keys); subclasses define item
    access and `keys()`."""

    def __contains__(self, key):
        return str(key) in self._entries

    def __len__(self):
        return len(self._entries)

    def __iter__(self):
        return iter(self.keys())


class _OwnVariablesWriter(KeyedStore):
    """The store given to a layer's `save_own_variables()`."""

    def __init__(self, sink, owner, owner_index, needed):
        self._sink = sink
        self._owner = owner
        self._owner_index = owner_index
        self._needed = needed
        self._entries = {}

    def __setitem__(self, key, value):
        key = str(key)
        array = host_array(value, self._needed)
        if array is None:
            self._entries[key] = None
            return
        if key in self._entries:
            raise ValueError(
                f"The key '{key}' was already written by layer '{self._owner}'."
            )
        storable, dtype_name = _to_storable(array)
        options = {}
        if storable.ndim and storable.size:
            options["fletcher32"] = True
        name = f"{OWN_GROUP}/{self._owner}/{key}"
        dataset = self._sink.create_dataset(name, data=storable, **options)
        dataset.attrs["owner"] = self._owner
        dataset.attrs["owner_index"] = self._owner_index
        dataset.attrs["name"] = key
        dataset.attrs["index"] = len(self._entries)
        dataset.attrs["dtype"] = dtype_name
        self._entries[key] = array

    def __getitem__(self, key):
        return self._entries[str(key)]

    def keys(self):
        return self._entries.keys()


def _default_save_own_variables(layer, store):
    for i, variable in enumerate(own_weights(layer)):
        store[str(i)] = variable


def _default_load_own_variables(layer, store):
    variables = own_weights(layer)
    if len(store.keys()) != len(variables):
        raise ValueError(
            f"Layer '{layer.name}' expected {len(variables)} variables, "
            f"but received {len(store.keys())} variables during loading. "
            f"Expected: {[v.name for v in variables]}"
        )
    for i, variable in enumerate(variables):
        variable.assign(store[str(i)])


def write_weights(model, filepath, objects_to_skip=None):
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
        filepath: The file to write: a path or a binary file object.
            `None` on the processes of a multi-process run
            that do not write: they only take part in the gathers of
            sharded variables (see `host_value`).
        objects_to_skip: Optional layers (or other objects with
            `variables`) whose variables are left out of the file.
    """
    entries = _model_entries(model)
    hooks = _hook_entries(model)
    skipped = _skipped_ids(objects_to_skip)
    error = None
    f = None
    own_file = False
    if filepath is not None:
        try:
            f = _h5py().File(filepath, "w")
            own_file = True
            _write_root_attrs(f)
        except Exception as e:
            error = e
    try:
        for group in _GROUPS:
            for index, (key, variable, structure) in enumerate(entries[group]):
                if id(variable) in skipped:
                    continue
                array = host_value(variable, needed=f is not None and not error)
                if array is None:
                    continue
                try:
                    _write_dataset(
                        f, group, key, index, variable, array, structure
                    )
                except Exception as e:
                    error = e
                del array
        for index, (key, layer, _) in enumerate(hooks):
            if id(layer) in skipped:
                continue
            store = _OwnVariablesWriter(
                f, key, index, needed=f is not None and not error
            )
            try:
                if has_user_hook(layer, "save_own_variables"):
                    layer.save_own_variables(store)
                else:
                    _default_save_own_variables(layer, store)
            except Exception as e:
                error = error or e
    finally:
        error = close_written_file(f, own_file, error)
    if error is not None:
        raise error


def _write_dataset(f, group, key, index, variable, array, structure=None):
    array, dtype_name = _to_storable(array)
    options = {}
    if array.ndim > 0 and array.size > 0:
        options["fletcher32"] = True
    dataset = f.create_dataset(f"{group}/{key}", data=array, **options)
    dataset.attrs["index"] = index
    dataset.attrs["path"] = str(variable.path)
    dataset.attrs["dtype"] = dtype_name
    if structure is not None:
        dataset.attrs["structure"] = structure


# ----------------------------------------------------------------- reading
class _FileEntry:
    __slots__ = (
        "key",
        "name",
        "shape",
        "dtype",
        "index",
        "dataset",
        "structure",
        "attrs",
    )

    def __init__(self, key, name, shape, dtype, index, dataset, attrs=None):
        self.key = key
        self.name = name
        self.shape = shape
        self.dtype = dtype
        self.index = index
        self.dataset = dataset
        self.structure = None
        self.attrs = attrs or {}


def _attr(obj, name):
    value = obj.attrs.get(name, None)
    if isinstance(value, bytes):
        value = value.decode()
    if isinstance(value, np.generic):
        value = value.item()
    return value


def _read_index(source, group_name, display_name):
    """Lists a group's datasets (metadata only) in saved order.

    `source` is an open HDF5 file, or a list of them (the shards of a
    sharded file)."""
    h5py = _h5py()
    files = source if isinstance(source, (list, tuple)) else [source]
    found = []
    for f in files:
        if group_name not in f:
            continue
        check_link(f, group_name)
        group = f[group_name]
        if not isinstance(group, h5py.Group):
            raise ValueError(
                f"Weights file '{display_name}' is not a valid Keras "
                f"weights file: '{group_name}' is not a group."
            )
        _check_links_recursively(group)

        def visit(name, obj, group=group):
            if isinstance(obj, h5py.Dataset):
                check_dataset(obj, f"{group_name}/{name}")
                index = _attr(obj, "index")
                attrs = {
                    k: _attr(obj, k)
                    for k in ("structure", "owner", "owner_index", "name")
                }
                found.append(
                    _FileEntry(
                        key=name,
                        name=f"{group_name}/{name}",
                        shape=tuple(int(d) for d in obj.shape),
                        dtype=_attr(obj, "dtype"),
                        index=None if index is None else int(index),
                        dataset=obj,
                        attrs=attrs,
                    )
                )

        group.visititems(visit)
    found.sort(key=lambda e: (e.index is None, e.index or 0, e.key))
    if group_name != OWN_GROUP:
        _set_structure(found)
    return found


def _set_structure(entries):
    stored = [e.attrs.get("structure") for e in entries]
    if entries and all(s is not None for s in stored):
        for entry, structure in zip(entries, stored):
            entry.structure = structure
        return
    for entry, structure in zip(
        entries, structural_keys([e.key for e in entries])
    ):
        entry.structure = structure


def _match(file_entries, model_entries):
    """Pairs file entries with `(key, variable, structure)` model entries.

    Returns `(pairs, missing, unexpected)`: `pairs` is a list of
    `(key, variable, file_entry)`; `missing` lists model keys absent from
    the file and `unexpected` lists file entries the model lacks.
    """
    file_structure = [e.structure for e in file_entries]
    model_structure = [s for _, _, s in model_entries]
    if sorted(file_structure) == sorted(model_structure) and len(
        set(file_structure)
    ) == len(file_structure):
        by_structure = {e.structure: e for e in file_entries}
        pairs = [(k, v, by_structure[s]) for k, v, s in model_entries]
        return pairs, [], []
    by_key = {e.key: e for e in file_entries}
    pairs = {}
    rest = []
    for i, (key, variable, structure) in enumerate(model_entries):
        entry = by_key.pop(key, None)
        if entry is None:
            rest.append((i, key, variable, structure))
        else:
            pairs[i] = (key, variable, entry)
    by_structure = {}
    for entry in file_entries:
        if entry.key in by_key:
            by_structure.setdefault(entry.structure, entry)
    missing = []
    for i, key, variable, structure in rest:
        entry = by_structure.pop(structure, None)
        if entry is None:
            missing.append(key)
        else:
            by_key.pop(entry.key, None)
            pairs[i] = (key, variable, entry)
    unexpected = [e for e in file_entries if e.key in by_key]
    return [pairs[i] for i in sorted(pairs)], missing, unexpected


def _owner(key):
    return key.rsplit("/", 1)[0] if "/" in key else key


def _problems(pairs, missing, unexpected, what, model_keys=()):
    problems = []
    for key, variable, entry in pairs:
        if entry.shape != tuple(variable.shape):
            problems.append(
                (
                    (key, variable, entry),
                    f"{what} variable '{variable.path}' has shape "
                    f"{tuple(variable.shape)}, but the file's "
                    f"'{entry.name}' has shape {entry.shape} (the shapes "
                    "must match)",
                )
            )
    expected = {}
    for key in model_keys:
        expected[_owner(key)] = expected.get(_owner(key), 0) + 1
    missing_count = {}
    for key in missing:
        missing_count[_owner(key)] = missing_count.get(_owner(key), 0) + 1
    for key in missing:
        owner = _owner(key)
        total = expected.get(owner, missing_count[owner])
        received = total - missing_count[owner]
        problems.append(
            (
                None,
                f"{what} variable '{key}' is missing from the file "
                f"('{owner}' expected {total} variables, but received "
                f"{received} variables)",
            )
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


def report_mismatches(problems, skip_mismatch, model, source):
    """Deals with the model variables a load cannot fill.

    `problems` lists them as `(path, message)` pairs; `source` names what
    is loaded (e.g. "weights from 'model.weights.h5'"). Without
    `skip_mismatch` the load is refused with a `ValueError` listing them
    (raised before anything was assigned); with it, a warning says they
    are skipped. Nothing happens when `problems` is empty.
    """
    if not problems:
        return
    listing = _format_problems(problems)
    if not skip_mismatch:
        raise ValueError(
            f"Cannot load {source} into model "
            f"'{getattr(model, 'name', model)}'; the model was not "
            f"changed:\n{listing}"
        )
    warnings.warn(
        f"Skipping mismatched variables while loading {source}:\n{listing}",
        # The frame a `stacklevel=3` warning of the caller would name.
        stacklevel=4,
    )


def _check_root(f, display_name):
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


def open_h5(filepath, display_name=None):
    """Opens an HDF5 file for reading, with a clear error if unreadable
    (whatever its layout).

    Args:
        filepath: A path or a binary file-like object.
        display_name: The name used in error messages.
    """
    h5py = _h5py()
    display_name = display_name or str(filepath)
    try:
        return h5py.File(filepath, "r")
    except Exception as e:
        raise ValueError(
            f"Could not read the weights file '{display_name}': it is "
            f"truncated, corrupted or not an HDF5 file. ({e})"
        ) from e


@contextlib.contextmanager
def corrupted_file_errors(display_name):
    """A context in which a failure other than a `ValueError` (the file
    could not be parsed) is raised as a `ValueError` naming the file as
    corrupted.

    Args:
        display_name: The name of the file in the error message.
    """
    try:
        yield
    except ValueError:
        raise
    except Exception as e:
        raise ValueError(
            f"Could not read the weights file '{display_name}': it is "
            f"corrupted. ({e})"
        ) from e


def close_written_file(f, own_file, error):
    """Closes the file a writer opened itself (`own_file`), once it has
    visited every variable.

    Args:
        f: The file written to.
        own_file: Whether the writer opened `f` (and so must close it).
        error: The first error met while writing, or `None`.

    Returns:
        `error`, or the error of closing `f` when there was none before.
    """
    if own_file:
        try:
            f.close()
        except Exception as e:
            error = error or e
    return error


def open_weights_file(filepath, display_name=None):
    """Opens a weights file of this module's layout for reading, with a
    clear error if unreadable.

    Args:
        filepath: A path or a binary file-like object.
        display_name: The name used in error messages.
    """
    display_name = display_name or str(filepath)
    f = open_h5(filepath, display_name)
    try:
        with corrupted_file_errors(display_name):
            _check_root(f, display_name)
    except Exception:
        f.close()
        raise
    return f


def is_sharded_index(filepath):
    return isinstance(filepath, (str, os.PathLike)) and os.fspath(
        filepath
    ).endswith(".json")


def read_sharded_index(filepath):
    """Returns `(config, [shard paths])` of a sharded weights file."""
    filepath = os.fspath(filepath)
    try:
        with open(filepath, "r") as f:
            config = json.load(f)
    except (OSError, ValueError) as e:
        raise ValueError(
            f"Could not read the sharded weights index '{filepath}': {e}"
        ) from e
    if not isinstance(config, dict) or not isinstance(
        config.get("weight_map"), dict
    ):
        raise ValueError(
            f"'{filepath}' is not a sharded weights index: expected a JSON "
            "object with a 'weight_map'."
        )
    names = []
    for value in config["weight_map"].values():
        for name in value if isinstance(value, list) else [value]:
            if not isinstance(name, str) or (
                os.path.basename(name) != name or name in ("", ".", "..")
            ):
                raise ValueError(
                    f"Invalid shard file name {name!r} in '{filepath}': "
                    "shards must be plain file names in the same folder."
                )
            if name not in names:
                names.append(name)
    dirname = os.path.dirname(os.path.abspath(filepath))
    return config, [os.path.join(dirname, name) for name in names]


class _Source:
    """The open HDF5 file(s) of a weights file (one, or a shard each)."""

    def __init__(self, filepath, display_name):
        self.files = []
        if is_sharded_index(filepath):
            _, paths = read_sharded_index(filepath)
            try:
                for path in paths:
                    f = open_weights_file(path, path)
                    self.files.append(f)
            except BaseException:
                self.close()
                raise
        else:
            self.files.append(open_weights_file(filepath, display_name))

    def close(self):
        for f in self.files:
            try:
                f.close()
            except Exception:
                pass
        self.files = []

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self.close()


class SavedEntriesReader(KeyedStore):
    """Base of the read-only stores given to `load_own_variables()`: they
    map variable keys to saved entries, read only when looked up."""

    def __init__(self, entries, display_name):
        self._entries = entries
        self._display_name = display_name

    def get(self, key, default=None):
        return self[key] if key in self else default


class _OwnVariablesReader(SavedEntriesReader):
    """The read-only store given to a layer's `load_own_variables()`."""

    def __init__(self, owner, entries, display_name):
        super().__init__(
            {e.attrs.get("name") or e.key: e for e in entries}, display_name
        )
        self._owner = owner

    def __getitem__(self, key):
        entry = self._entries.get(str(key))
        if entry is None:
            raise KeyError(
                f"Key '{key}' not found in the saved variables of "
                f"'{self._owner}'. Saved keys: {list(self._entries)}"
            )
        return _read(entry, self._display_name)

    def __setitem__(self, key, value):
        raise ValueError("Setting a value is only allowed in write mode.")

    def keys(self):
        return self._entries.keys()


def _own_variable_groups(source, display_name):
    """`[(owner key, owner structure, [entries])]` in saved order."""
    entries = _read_index(source, OWN_GROUP, display_name)
    owners = {}
    for entry in entries:
        owner = entry.attrs.get("owner") or _owner(entry.key)
        index = entry.attrs.get("owner_index")
        owners.setdefault(owner, [index if index is not None else 0, []])
        owners[owner][1].append(entry)
    ordered = sorted(owners.items(), key=lambda item: (item[1][0], item[0]))
    keys = [owner for owner, _ in ordered]
    return [
        (owner, structure, group[1])
        for (owner, group), structure in zip(ordered, structural_keys(keys))
    ]


def _hook_pairs(model, source, skip_mismatch, skipped, display_name):
    """Matches the layers with user hooks to their saved stores."""
    hooks = [h for h in _hook_entries(model) if id(h[1]) not in skipped]
    groups = _own_variable_groups(source, display_name)
    if not hooks:
        return []
    file_entries = []
    for owner, structure, entries in groups:
        entry = _FileEntry(owner, f"{OWN_GROUP}/{owner}", (), None, 0, None)
        entry.structure = structure
        entry.attrs = {"entries": entries}
        file_entries.append(entry)
    pairs, missing, _ = _match(file_entries, hooks)
    if missing and not skip_mismatch:
        raise ValueError(
            f"Cannot load weights from '{display_name}': the file has no "
            f"saved variables for the layer(s) {missing}, whose "
            "`load_own_variables()` needs them; the model was not changed."
        )
    if missing:
        warnings.warn(
            f"Skipping the layer(s) {missing} while loading weights from "
            f"'{display_name}': the file has no saved variables for them.",
            stacklevel=4,
        )
    return [
        (layer, _OwnVariablesReader(key, entry.attrs["entries"], display_name))
        for key, layer, entry in pairs
    ]


def load_weights_into(
    model,
    filepath,
    skip_mismatch=False,
    display_name=None,
    objects_to_skip=None,
):
    """Loads a weights file written by `write_weights` into `model`.

    Everything (paths and shapes of all entries) is validated before any
    variable is assigned: on error the model is unchanged (see the module
    docstring for corrupted data in files over `PREFETCH_BYTES`). The
    optimizer's state is loaded when both the file and the model have one;
    an unbuilt optimizer is built first. An optimizer whose variables do
    not match the file's is left untouched, with a warning.

    Args:
        model: The model to load into.
        filepath: A path, a binary file-like object, or the `.json` index
            of a sharded weights file.
        skip_mismatch: If `True`, variables that do not match (shape,
            missing, unexpected) are skipped with a warning instead of
            raising.
        display_name: The name used in error messages (defaults to
            `filepath`).
        objects_to_skip: Optional layers (or other objects with
            `variables`) whose variables are neither loaded nor expected
            in the file.
    """
    display_name = display_name or str(filepath)
    skipped = _skipped_ids(objects_to_skip)
    with _Source(filepath, display_name) as source:
        with corrupted_file_errors(display_name):
            layer_file = _read_index(source.files, LAYERS_GROUP, display_name)
            optimizer_file = _read_index(
                source.files, OPTIMIZER_GROUP, display_name
            )
            seed_file = _read_index(source.files, SEED_GROUP, display_name)
        model_entries = _model_entries(model)
        model_layer = model_entries[LAYERS_GROUP]
        pairs, problems = _match_group(
            layer_file, model_layer, skipped, "Model"
        )
        report_mismatches(
            problems, skip_mismatch, model, f"weights from '{display_name}'"
        )
        if problems:
            pairs = _without_problems(pairs, problems)

        optimizer_pairs = _optimizer_pairs(
            model, optimizer_file, skip_mismatch, display_name, skipped
        )
        seed_pairs = _seed_pairs(
            model, seed_file, skip_mismatch, display_name, skipped
        )
        hooks = _hook_pairs(
            model, source.files, skip_mismatch, skipped, display_name
        )
        pairs = pairs + optimizer_pairs + seed_pairs
        assign_all(
            [
                (
                    variable,
                    lambda index, partial, entry=entry: _read(
                        entry, display_name, partial=partial, index=index
                    ),
                )
                for _, variable, entry in pairs
            ],
            sum(stored_nbytes(entry) for _, _, entry in pairs),
            lambda: _run_load_hooks(hooks),
        )


def _run_load_hooks(hooks):
    for layer, store in hooks:
        if has_user_hook(layer, "load_own_variables"):
            layer.load_own_variables(store)
        else:
            _default_load_own_variables(layer, store)


def _index_key(index):
    return tuple(
        (s.start, s.stop, s.step) if isinstance(s, slice) else s for s in index
    )


def _local_slices(sharding, shape):
    """`{index key: (index, devices)}`: the distinct slices of a value of
    `shape` that this process's devices hold under `sharding`, each with
    the devices holding it."""
    slices = {}
    for device, index in sharding.addressable_devices_indices_map(
        shape
    ).items():
        key = _index_key(index)
        slices.setdefault(key, (tuple(index), []))[1].append(device)
    return slices


def _read_local_parts(variable, read):
    """Reads the parts of a new value for `variable` that this process
    needs: `{index key: NumPy array}`.

    `read(index)` returns the values at `index` (a tuple of slices; `()`
    for everything). When the variable holds a `jax.Array`, one read is
    made per distinct slice held by this process's devices (a replicated
    variable: one read of everything), so a process never reads, nor
    holds, the parts of a sharded variable that only other processes'
    devices hold. Otherwise the whole value is read once.
    """
    import jax

    dtype = jax.numpy.dtype(variable.dtype)
    sharding = jax_distribution_lib.variable_sharding(variable)
    if sharding is None:
        return {(): np.asarray(read(()), dtype=dtype)}
    slices = _local_slices(sharding, tuple(variable.shape))
    return {
        key: np.asarray(read(index), dtype=dtype)
        for key, (index, _) in slices.items()
    }


def _assign(variable, read):
    """Assigns a value read piecewise: `read(index)` returns the NumPy
    values at `index` (a tuple of slices; `()` for everything).

    A variable holding a `jax.Array` gets a new value with the same
    sharding, built slice by slice: each distinct slice held by this
    process's devices is read once, copied to those devices and released
    before the next is read, so host memory holds one slice at a time and
    nothing is gathered on one device, whatever the layout the values were
    saved with.
    """
    import jax

    dtype = jax.numpy.dtype(variable.dtype)
    sharding = jax_distribution_lib.variable_sharding(variable)
    if sharding is None:
        variable.assign(np.asarray(read(()), dtype=dtype))
        return
    shape = tuple(variable.shape)
    shards = []
    for index, devices in _local_slices(sharding, shape).values():
        part = np.asarray(read(index), dtype=dtype)
        shards += [jax.device_put(part, device) for device in devices]
        del part
    value = jax.make_array_from_single_device_arrays(shape, sharding, shards)
    # Waits for the copies, so that no two variables' new values are in
    # flight at once (the host memory they use stays one variable's).
    variable.assign(value.block_until_ready())


def _assign_parts(variable, parts):
    """Assigns the parts read by `_read_local_parts`."""
    _assign(variable, lambda index: parts[_index_key(index)])


def assign_all(readers, nbytes, run_hooks):
    """Loads every variable of `readers`, a list of `(variable, read)`.

    `read(index, partial)` returns the stored values at `index` (as in
    `_read_local_parts`); `partial=True` says that other variables may
    already hold their new values, so a read error leaves the model half
    loaded (the reader's message should say so). When the values take at
    most `PREFETCH_BYTES` (`nbytes`), all of them are read and checked
    before `run_hooks()` and before any variable changes; larger ones are
    streamed, one variable (one slice) in host memory at a time, after
    `run_hooks()`.
    """
    if nbytes <= PREFETCH_BYTES:
        values = [
            _read_local_parts(
                variable, lambda index, read=read: read(index, False)
            )
            for variable, read in readers
        ]
        run_hooks()
        for (variable, _), parts in zip(readers, values):
            _assign_parts(variable, parts)
        return
    run_hooks()
    for variable, read in readers:
        _assign(variable, lambda index, read=read: read(index, True))


def _match_group(saved, model_entries, skipped, what):
    """Pairs the saved entries of one group with the model's, leaving out
    the variables of skipped objects.

    Returns:
        `(pairs, problems)`: the `_match` pairs and the `_problems` found
        (`what` names the group in them).
    """
    pairs, missing, unexpected = _match(saved, model_entries)
    skipped_keys = {k for k, v, _ in model_entries if id(v) in skipped}
    pairs = [p for p in pairs if id(p[1]) not in skipped]
    missing = [k for k in missing if k not in skipped_keys]
    problems = _problems(
        pairs, missing, unexpected, what, [k for k, _, _ in model_entries]
    )
    return pairs, problems


def _without_problems(pairs, problems):
    """`pairs` less those that `problems` reports as mismatched."""
    bad = {id(p[0][1]) for p in problems if p[0] is not None}
    return [p for p in pairs if id(p[1]) not in bad]


def _seed_pairs(model, seed_file, skip_mismatch, display_name, skipped=()):
    """Seed generator states to load: all or nothing (with a warning),
    unless `skip_mismatch`. Files without them load silently."""
    model_seeds = _model_entries(model)[SEED_GROUP]
    if not seed_file or not model_seeds:
        return []
    pairs, problems = _match_group(
        seed_file, model_seeds, skipped, "Seed generator"
    )
    if not problems:
        return pairs
    warnings.warn(
        f"{'Skipping mismatched' if skip_mismatch else 'Not loading the'} "
        f"seed generator states from '{display_name}': the model's seed "
        "generators do not match the saved ones (random layers keep their "
        f"current state):\n{_format_problems(problems)}",
        stacklevel=4,
    )
    if skip_mismatch:
        return _without_problems(pairs, problems)
    return []


def stored_nbytes(entry):
    """Bytes of a stored value (an entry with `shape` and `dataset`)."""
    size = 1
    for d in entry.shape:
        size *= d
    return size * entry.dataset.dtype.itemsize


def _optimizer_pairs(
    model, optimizer_file, skip_mismatch, display_name, skipped=()
):
    optimizer = getattr(model, "optimizer", None)
    if not optimizer_file or optimizer is None or id(optimizer) in skipped:
        return []
    if not _optimizer_built(optimizer):
        optimizer.build(model.trainable_variables)
    model_optimizer = _model_entries(model)[OPTIMIZER_GROUP]
    pairs, problems = _match_group(
        optimizer_file, model_optimizer, skipped, "Optimizer"
    )
    if not problems:
        return pairs
    if skip_mismatch:
        warnings.warn(
            f"Skipping mismatched optimizer variables while loading "
            f"'{display_name}':\n{_format_problems(problems)}",
            stacklevel=4,
        )
        return _without_problems(pairs, problems)
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
