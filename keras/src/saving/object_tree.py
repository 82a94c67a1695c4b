"""The `.weights.h5` layout of upstream Keras 3: values keyed by object tree.

`save_weights` and the `model.weights.h5` member of a `.keras` archive use
this layout, so that upstream Keras 3 loads the files this package writes,
and this package loads the files upstream writes.

Every saveable object of the model (the model itself, its layers, their
sublayers, the optimizer) gets an HDF5 group named after the way it is
reached from the model; its variables are the datasets `"0"`, `"1"`, ...
of the subgroup `vars`, which carries the attribute `name` (the object's
name). For example:

```
/vars                                  the model's own variables
/layers/dense/vars/0                   kernel of the first Dense layer
/layers/dense_1/vars/1                 bias of the second one
/layers/multi_head_attention/query_dense/vars/0
/optimizer/vars/0                      the optimizer's `iterations`
/dropout/seed_generator/vars/0         a seed generator's state (see below)
```

The tree is walked from the model. An object is entered once, under the
first name it is reached by. A layer's children are its attributes that
hold a layer (or an optimizer, or a list, tuple or dict of layers): public
attribute names first, sorted, then private ones, sorted; public properties
of the layer's own classes count as attributes, so a property `foo`
returning `self._foo` names that child `foo`. The items of a list, tuple or
dict are named after their class in snake case (`Dense` -> `dense`), with
`_1`, `_2`, ... for the next ones of the same class (items already reached
by another name count too). A layer's own variables are saved trainable
ones first, then non-trainable ones, each in creation order; a layer whose
class (user code) defines `save_own_variables`/`load_own_variables` is given
the `vars` group as its store instead. The optimizer stores
`optimizer.variables` in order.

Extensions, which upstream ignores when loading: the state of each
`SeedGenerator` held in a layer attribute is saved as the child named after
that attribute (so training resumes with the same random numbers); loading
restores it when present and leaves it alone otherwise. A LoRA-enabled
layer (see `keras.src.utils.lora_utils`) writes in `vars` what upstream
does, its base weight with the LoRA delta merged in (quantized again for
an int8/int4 layer) and no factors, so that the file fits the layer
without LoRA; its unmerged weights and factors go to the extension group
`lora_state/vars` beside it. A LoRA-enabled layer loads that group when
present (resuming exactly), else the merged weight with the delta reset to
zero. Dtypes HDF5 cannot
represent (`bfloat16`, `float8_*`, ...) are stored as opaque bytes of the
same size with a `dtype` attribute, as upstream does. Non-scalar datasets
use the Fletcher-32 checksum filter.

Loading checks everything (missing groups, counts and shapes) before
assigning any variable, so a failed load leaves the model unchanged (for
files over `weights_h5.PREFETCH_BYTES`, corrupted data is found while
streaming, see `weights_h5`). Each process reads only the slices of each
dataset that its devices hold, and checks the checksums of what it reads
(see "Distributed variables" in `weights_h5`). An object without variables
needs no group.
Groups of the file that the model does not reach are ignored.

Sharded files (`save_weights(..., max_shard_size=...)`, as upstream
writes them): the same tree, its datasets spread over
`<name>_00000.weights.h5`, `<name>_00001.weights.h5`, ... of at most
`max_shard_size` GiB of values each (a group may continue in the next
shard), next to the index `<name>.weights.json`:
`{"metadata": {"total_size": ..., ...}, "weight_map": {"/<group>":
["<shard file>", ...]}}`. Files in this package's earlier path-keyed
layout (root attribute `format="keras-weights"`, or that value under
`metadata.format` in a sharded index) are read by `weights_h5`.
"""

import os
import re
import warnings

import numpy as np

from keras.src.saving import weights_h5

VARS_GROUP = "vars"
# Extension group of a LoRA layer: its unmerged weights and factors.
LORA_GROUP = "lora_state"
OPTIMIZER_KEY = "optimizer"
_SNAKE_1 = re.compile(r"(.)([A-Z][a-z0-9]+)")
_SNAKE_2 = re.compile(r"([a-z])([A-Z])")


# ------------------------------------------------------------------ walk
def _snake_case(name):
    name = _SNAKE_1.sub(r"\1_\2", name)
    return _SNAKE_2.sub(r"\1_\2", name).lower()


class Node:
    """One saveable object: `path` (`""` for the model), `obj`, `kind`
    (`"layer"`, `"optimizer"` or `"seed"`)."""

    __slots__ = ("path", "obj", "kind")

    def __init__(self, path, obj, kind):
        self.path = path
        self.obj = obj
        self.kind = kind

    @property
    def group(self):
        return f"{self.path}/{VARS_GROUP}" if self.path else VARS_GROUP

    @property
    def lora_group(self):
        prefix = f"{self.path}/" if self.path else ""
        return f"{prefix}{LORA_GROUP}/{VARS_GROUP}"

    @property
    def name(self):
        if self.kind == "seed":
            return getattr(self.obj, "name", "seed_generator")
        return str(getattr(self.obj, "name", ""))


def _base_classes():
    from keras.src.layers.layer import Layer

    return set(Layer.__mro__)


def _attribute_names(layer, base_classes):
    """Instance attributes and public properties (of classes below the
    base `Layer`), public names first, each part sorted. A functional
    model's `layers` come first: other attributes pointing to its layers
    do not change where they are saved."""
    from keras.src.models.functional import Functional
    from keras.src.models.sequential import Sequential

    names = {n for n in vars(layer) if not n.startswith("__")}
    for klass in type(layer).__mro__:
        if klass in base_classes:
            continue
        for name, value in vars(klass).items():
            if isinstance(value, property) and not name.startswith("_"):
                names.add(name)
    first = []
    if isinstance(layer, (Functional, Sequential)):
        first = ["layers"]
        names.discard("layers")
    public = sorted(n for n in names if not n.startswith("_"))
    private = sorted(n for n in names if n.startswith("_"))
    return first + public + private


def _kind(value):
    from keras.src.layers.layer import Layer
    from keras.src.optimizers.base_optimizer import BaseOptimizer
    from keras.src.random.seed_generator import SeedGenerator

    if isinstance(value, Layer):
        return "layer"
    if isinstance(value, BaseOptimizer):
        return "optimizer"
    if isinstance(value, SeedGenerator):
        return "seed"
    return None


def _container_items(value, seen=None):
    """The saveable items of a list, tuple or dict (nested ones
    flattened, each container once), or `None` if `value` is not such a
    container."""
    if isinstance(value, dict):
        values = list(value.values())
    elif isinstance(value, (list, tuple)):
        values = value
    else:
        return None
    seen = set() if seen is None else seen
    seen.add(id(value))
    items = []
    for item in values:
        if id(item) in seen:
            continue
        nested = _container_items(item, seen)
        if nested is not None:
            items.extend(nested)
        elif _kind(item) in ("layer", "optimizer"):
            items.append(item)
    return items


def walk(model, saved_groups=None):
    """Returns the `Node`s of `model`'s object tree, in walk order.

    Args:
        model: The model.
        saved_groups: For loading, a function telling whether the file
            has a given `vars` group. An object reached by a name the file
            does not have is then not entered there, so that it can be
            found under another name it is reached by (e.g. a property
            aliasing an attribute); objects found under no name are
            entered where first reached.
    """
    base_classes = _base_classes()
    nodes = []
    visited = set()
    deferred = []

    def visit(obj, path, kind, force=False):
        if id(obj) in visited:
            return
        if (
            saved_groups is not None
            and path
            and not force
            and not saved_groups(f"{path}/{VARS_GROUP}")
        ):
            deferred.append((obj, path, kind))
            return
        visited.add(id(obj))
        nodes.append(Node(path, obj, kind))
        if kind != "layer":
            return
        for name in _attribute_names(obj, base_classes):
            try:
                value = getattr(obj, name)
            except Exception:
                continue
            child = f"{path}/{name}" if path else name
            value_kind = _kind(value)
            if (
                value_kind is None
                and not path
                and name == OPTIMIZER_KEY
                and hasattr(value, "variables")
            ):
                # Any object with `variables` can be the model's optimizer.
                value_kind = "optimizer"
            if value_kind is not None:
                visit(value, child, value_kind, force)
                continue
            items = _container_items(value)
            if not items:
                continue
            counts = {}
            for item in items:
                base = _snake_case(type(item).__name__)
                n = counts.get(base, 0)
                counts[base] = n + 1
                key = base if n == 0 else f"{base}_{n}"
                visit(item, f"{child}/{key}", _kind(item), force)

    with warnings.catch_warnings():
        # Reading properties must not warn (e.g. deprecated ones).
        warnings.simplefilter("ignore")
        visit(model, "", "layer")
        for obj, path, kind in deferred:
            visit(obj, path, kind, force=True)
    return nodes


def _is_user_hooked(layer, name):
    return weights_h5.has_user_hook(layer, name)


def own_values(node):
    """The variables a node stores (for hooked layers: `None`)."""
    if node.kind == "seed":
        return [node.obj.state]
    if node.kind == "optimizer":
        if not weights_h5._optimizer_built(node.obj):
            return []
        return list(node.obj.variables)
    return list(node.obj._own_weights())


def lora_state(node):
    """The variables of a LoRA layer's extension group (`None` if the
    node is not a LoRA-enabled layer)."""
    exact = getattr(node.obj, "_lora_exact_state", None)
    if node.kind != "layer" or exact is None:
        return None
    return exact()


def values_to_write(node):
    """What a node writes, one entry per variable of `own_values`: the
    variable itself, or a value standing for it (a LoRA layer writes its
    merged weight, see `LoraMixin._weights_to_save`)."""
    to_save = getattr(node.obj, "_weights_to_save", None)
    if node.kind == "layer" and to_save is not None:
        return list(to_save())
    return own_values(node)


# ----------------------------------------------------------------- write
def _storable(array):
    """`(array h5py can store, dtype attribute or None)`."""
    from keras.src.backend.common import dtypes

    if array.dtype.kind in "biufc":
        return array, None
    name = dtypes.standardize_dtype(array.dtype)
    raw = np.ascontiguousarray(array).view(f"V{array.dtype.itemsize}")
    return raw, name


class _GroupWriter(weights_h5.KeyedStore):
    """The store a user layer's `save_own_variables()` writes into."""

    def __init__(self, group, needed, owner):
        self._group = group
        self._needed = needed
        self._owner = owner
        self._entries = []

    def __setitem__(self, key, value):
        key = str(key)
        if key in self._entries:
            raise ValueError(
                f"The key '{key}' was already written by layer '{self._owner}'."
            )
        self._entries.append(key)
        array = weights_h5.host_array(value, self._needed)
        if array is not None and self._group is not None:
            _write_dataset(self._group, key, array)

    def __getitem__(self, key):
        return np.asarray(self._group[str(key)])

    def keys(self):
        return list(self._entries)


def _write_dataset(group, key, array):
    storable, dtype_name = _storable(np.asarray(array))
    options = {}
    if storable.ndim and storable.size:
        options["fletcher32"] = True
    dataset = group.create_dataset(key, data=storable, **options)
    if dtype_name is not None:
        dataset.attrs["dtype"] = dtype_name


def write_weights(model, filepath, objects_to_skip=None):
    """Writes `model`'s weights (and optimizer state) to `filepath`.

    Same contract as `weights_h5.write_weights`: `filepath` is a path, a
    binary file object, a `ShardedWriter` (closed by the caller), or
    `None` on the processes of a multi-process run that only join the
    gathers of sharded variables. Values are read one variable at a time.
    An error is raised once every variable has been visited.
    """
    nodes = walk(model)
    skipped = weights_h5._skipped_ids(objects_to_skip)
    error = None
    f = None
    own_file = False
    if isinstance(filepath, ShardedWriter):
        f = filepath
    elif filepath is not None:
        try:
            f = weights_h5._h5py().File(filepath, "w")
            own_file = True
        except Exception as e:
            error = e
    try:
        for node in nodes:
            if id(node.obj) in skipped:
                continue
            needed = f is not None and error is None
            group = None
            if needed:
                try:
                    # Keys keep their creation order (for user stores).
                    group = f.create_group(node.group, track_order=True)
                    group.attrs["name"] = node.name
                except Exception as e:
                    error = e
                    needed = False
            if node.kind == "layer" and _is_user_hooked(
                node.obj, "save_own_variables"
            ):
                store = _GroupWriter(group, needed, node.obj.name)
                try:
                    node.obj.save_own_variables(store)
                except Exception as e:
                    error = error or e
                continue
            for i, variable in enumerate(values_to_write(node)):
                if id(variable) in skipped:
                    continue
                array = weights_h5.host_array(variable, needed=needed)
                if array is None:
                    continue
                try:
                    _write_dataset(group, str(i), array)
                except Exception as e:
                    error = error or e
                del array
            extension = lora_state(node)
            if extension is not None:
                _write_lora_state(f, node, extension, needed, skipped)
    finally:
        error = weights_h5.close_written_file(f, own_file, error)
    if error is not None:
        raise error


def _write_lora_state(f, node, variables, needed, skipped):
    """Writes a LoRA layer's unmerged weights and factors to its
    extension group: the `vars` group holds the merged weight (what
    upstream Keras writes and reads), this one lets a LoRA layer resume
    exactly. Upstream Keras ignores the group."""
    group = None
    if needed:
        group = f.create_group(node.lora_group, track_order=True)
        group.attrs["name"] = LORA_GROUP
    for i, variable in enumerate(variables):
        if id(variable) in skipped:
            continue
        array = weights_h5.host_value(variable, needed=needed)
        if array is not None:
            _write_dataset(group, str(i), array)


class ShardedWriter:
    """Writes the tree layout into shards of at most `max_shard_size` GiB.

    `write_weights` uses it like an HDF5 file (`create_group`, then the
    group's `attrs` and `create_dataset`). A dataset that does not fit in
    the current shard starts the next one, where its group is continued.
    Shards are named `<stem>_<n:05d>.weights.h5` after the index file
    `<stem>.weights.json`; they are written under temporary names
    (`tmp_prefix` + name) in the same folder, and the caller renames them
    into place and then writes the index (`config()`) last, or removes
    them with `abort()` on failure.
    """

    def __init__(self, json_path, max_shard_size, tmp_prefix=".tmp-"):
        json_path = os.path.abspath(os.fspath(json_path))
        self.dirname, name = os.path.split(json_path)
        stem = name[: -len(".json")] if name.endswith(".json") else name
        if stem.endswith(".weights"):
            stem = stem[: -len(".weights")]
        self.stem = stem
        self.max_bytes = max(
            1, int(float(max_shard_size) * weights_h5._SHARD_UNIT)
        )
        self.tmp_prefix = tmp_prefix
        self.shards = []
        self.weight_map = {}
        self.total_size = 0
        self._file = None
        self._size = 0
        self._groups = []

    def create_group(self, name, track_order=True):
        if self._file is None:
            self._new_shard()
        group = _ShardGroup(self, name)
        self._groups.append(group)
        group.h5_group(self._file)
        return group

    def create_dataset_in(self, group, key, data, **options):
        size = int(np.asarray(data).nbytes)
        if size > self.max_bytes:
            raise ValueError(
                f"The value '{group.name}/{key}' ({size} bytes) exceeds the "
                f"maximum shard size ({self.max_bytes} bytes). Pass a "
                "larger `max_shard_size`."
            )
        if self._size and self._size + size > self.max_bytes:
            self._new_shard()
        dataset = group.h5_group(self._file).create_dataset(
            key, data=data, **options
        )
        self._size += size
        self.total_size += size
        shards = self.weight_map.setdefault(f"/{group.name}", [])
        if self.shards[-1] not in shards:
            shards.append(self.shards[-1])
        return dataset

    def _new_shard(self):
        if self._file is not None:
            self._file.close()
        name = f"{self.stem}_{len(self.shards):05d}.weights.h5"
        self.shards.append(name)
        path = os.path.join(self.dirname, self.tmp_prefix + name)
        self._file = weights_h5._h5py().File(path, "w")
        self._size = 0

    def close(self):
        if self._file is not None:
            self._file.close()
            self._file = None

    def config(self):
        from keras.src.version import __version__

        return {
            "metadata": {
                "total_size": self.total_size,
                "keras_version": __version__,
                "shards": list(self.shards),
            },
            "weight_map": self.weight_map,
        }

    def temp_paths(self):
        return [
            os.path.join(self.dirname, self.tmp_prefix + name)
            for name in self.shards
        ]

    def abort(self):
        self.close()
        for path in self.temp_paths():
            try:
                os.remove(path)
            except OSError:
                pass


class _ShardGroup:
    """A group of a `ShardedWriter`: one HDF5 group per shard it spans,
    each with the group's attributes."""

    def __init__(self, writer, name):
        self._writer = writer
        self.name = name
        self.attrs = _ShardGroupAttrs(self)
        self._copies = {}

    def h5_group(self, f):
        """The group's copy in the open shard `f` (created if needed)."""
        copy = self._copies.get(f.filename)
        if copy is None:
            copy = f.create_group(self.name, track_order=True)
            for key, value in self.attrs.items():
                copy.attrs[key] = value
            self._copies[f.filename] = copy
        return copy

    def create_dataset(self, key, data, **options):
        return self._writer.create_dataset_in(self, key, data, **options)


class _ShardGroupAttrs(dict):
    """The attributes of a `_ShardGroup`, set on each of its copies."""

    def __init__(self, group):
        super().__init__()
        self._group = group

    def __setitem__(self, key, value):
        super().__setitem__(key, value)
        for copy in self._group._copies.values():
            copy.attrs[key] = value


# ------------------------------------------------------------------ read
def is_tree_file(f):
    """Whether the open HDF5 file `f` uses this layout (and not the
    earlier path-keyed one of `weights_h5`)."""
    return f.attrs.get("format", None) is None


class _Entry:
    """A dataset to read: what `weights_h5._read` expects."""

    __slots__ = ("name", "shape", "dtype", "dataset")

    def __init__(self, name, dataset):
        self.name = name
        self.dataset = dataset
        self.shape = tuple(dataset.shape)
        self.dtype = weights_h5._attr(dataset, "dtype")

    @classmethod
    def in_memory(cls, name, array):
        """An entry reading `array` (a NumPy array) instead of a file."""
        entry = cls.__new__(cls)
        entry.name = name
        entry.dataset = array
        entry.shape = tuple(array.shape)
        entry.dtype = None
        return entry


def _converted_entries(layer, entries, display_name):
    """`entries`, with the values that `layer` converts on loading (an
    earlier file format, see `_stored_value_conversions` of
    `keras.src.quantizers.zero_point_kernel`) read and converted."""
    conversions = getattr(layer, "_stored_value_conversions", None)
    if conversions is None:
        return entries
    converted = dict(entries)
    for key, (stored_shape, convert) in conversions().items():
        entry = entries.get(key)
        if entry is not None and entry.shape == stored_shape:
            value = np.asarray(convert(_read_value(entry, display_name)))
            converted[key] = _Entry.in_memory(entry.name, value)
    return converted


def _read_value(entry, display_name, partial=False, index=()):
    value = weights_h5._read(entry, display_name, partial, index)
    if value.dtype.kind == "V" and entry.dtype:
        value = value.view(_numpy_dtype(entry.dtype))
    return value


def _numpy_dtype(name):
    try:
        return np.dtype(name)
    except TypeError:
        import ml_dtypes

        return np.dtype(getattr(ml_dtypes, name))


def _group_entries(f, group_name, display_name):
    """`{key: _Entry}` of the datasets of a `vars` group, or `None` when
    the file has no such group."""
    h5py = weights_h5._h5py()
    parts = group_name.split("/")
    group = f
    for part in parts:
        if part not in group:
            return None
        weights_h5.check_link(group, part)
        group = group[part]
        if not isinstance(group, h5py.Group):
            return None
    entries = {}
    for key in group:
        dataset = weights_h5.safe_get_h5_dataset(group, key)
        entries[key] = _Entry(f"{group_name}/{key}", dataset)
    return entries


class _GroupReader(weights_h5.SavedEntriesReader):
    """The read-only store given to a user layer's
    `load_own_variables()`."""

    def __getitem__(self, key):
        entry = self._entries.get(str(key))
        if entry is None:
            raise KeyError(
                f"'{key}' is not in the store; it holds {self.keys()}."
            )
        return _read_value(entry, self._display_name)

    def __setitem__(self, key, value):
        raise TypeError("The store given to `load_own_variables` is read-only.")

    def keys(self):
        keys = list(self._entries)
        if all(key.isdigit() for key in keys):
            return sorted(keys, key=int)
        return keys


def _shape(variable):
    return tuple(int(d) for d in variable.shape)


def _node_label(node):
    return f"'{node.path or '<model>'}' ({node.name})"


def load_weights_into(
    model,
    filepath,
    skip_mismatch=False,
    display_name=None,
    objects_to_skip=None,
):
    """Loads a weights file into `model`: this layout, or (through
    `weights_h5.load_weights_into`) a sharded or earlier path-keyed one.

    Args:
        model: The model to load into.
        filepath: A path, a binary file-like object, or the `.json` index
            of a sharded weights file.
        skip_mismatch: If `True`, objects whose variables do not match
            (missing, count, shape) are skipped with a warning instead of
            raising.
        display_name: The name used in error messages.
        objects_to_skip: Optional layers whose variables are neither
            loaded nor expected in the file.
    """
    display_name = display_name or str(filepath)
    if weights_h5.is_sharded_index(filepath):
        config, paths = weights_h5.read_sharded_index(filepath)
        metadata = config.get("metadata")
        if (
            isinstance(metadata, dict)
            and metadata.get("format") == weights_h5.FORMAT_NAME
        ):
            return weights_h5.load_weights_into(
                model, filepath, skip_mismatch, display_name, objects_to_skip
            )
        files = []
        try:
            for path in paths:
                files.append(weights_h5.open_h5(path, path))
            _load_tree(
                model,
                _TreeFiles(files),
                skip_mismatch,
                display_name,
                objects_to_skip,
            )
        finally:
            for f in files:
                f.close()
        return
    if hasattr(filepath, "seek"):
        filepath.seek(0)
    f = weights_h5.open_h5(filepath, display_name)
    try:
        try:
            legacy = not is_tree_file(f)
        except Exception as e:
            raise ValueError(
                f"Could not read the weights file '{display_name}': it is "
                f"corrupted. ({e})"
            ) from e
        if not legacy:
            _load_tree(
                model,
                _TreeFiles([f]),
                skip_mismatch,
                display_name,
                objects_to_skip,
            )
    finally:
        f.close()
    if legacy:
        if hasattr(filepath, "seek"):
            filepath.seek(0)
        weights_h5.load_weights_into(
            model, filepath, skip_mismatch, display_name, objects_to_skip
        )


class _TreeFiles:
    """The open HDF5 file(s) of a weights file in this layout: one file,
    or the shards of a sharded one (where a group may span shards)."""

    def __init__(self, files):
        self.files = files

    def __contains__(self, group_name):
        return any(group_name in f for f in self.files)

    def entries(self, group_name, display_name):
        """`{key: _Entry}` of a `vars` group over all the files, or `None`
        when no file has it."""
        found = None
        for f in self.files:
            entries = _group_entries(f, group_name, display_name)
            if entries is None:
                continue
            found = found or {}
            for key, entry in entries.items():
                if key in found:
                    raise ValueError(
                        f"Could not read the weights file '{display_name}': "
                        f"the value '{group_name}/{key}' is stored in "
                        "several shards."
                    )
                found[key] = entry
        return found

    def check_links(self):
        for f in self.files:
            weights_h5._check_links_recursively(f)


def _load_tree(model, source, skip_mismatch, display_name, objects_to_skip):
    skipped = weights_h5._skipped_ids(objects_to_skip)
    pairs = []
    hooks = []
    exact_lora = set()
    problems = {"layer": [], "optimizer": [], "seed": []}

    def collect(node):
        """Adds the node's `(variable, entry)` pairs (or its problem)."""
        entries = source.entries(node.group, display_name)
        if node.kind == "layer" and _is_user_hooked(
            node.obj, "load_own_variables"
        ):
            if entries is not None:
                hooks.append((node.obj, _GroupReader(entries, display_name)))
            return
        variables = own_values(node)
        if not variables:
            return
        extension = lora_state(node)
        if extension is not None:
            lora_entries = source.entries(node.lora_group, display_name)
            if _entries_fit(lora_entries, extension):
                # The exact LoRA state (unmerged weights and factors).
                exact_lora.add(id(node.obj))
                pairs.extend(
                    (v, lora_entries[str(i)])
                    for i, v in enumerate(extension)
                    if id(v) not in skipped
                )
                return
        if node.kind == "layer" and entries is not None:
            entries = _converted_entries(node.obj, entries, display_name)
        target = problems[node.kind]
        if entries is None or len(entries) != len(variables):
            received = 0 if entries is None else len(entries)
            target.append(
                (
                    node,
                    f"{_node_label(node)}: expected {len(variables)} "
                    f"variables, but received {received} variables during "
                    "loading"
                    + (" (missing from the file)" if not received else ""),
                )
            )
            return
        node_pairs = []
        for i, variable in enumerate(variables):
            entry = entries.get(str(i))
            if entry is None:
                target.append((node, f"{_node_label(node)}: no value '{i}'"))
                return
            if entry.shape != _shape(variable):
                target.append(
                    (
                        node,
                        f"{_node_label(node)}: the shapes must match, but "
                        f"value {i} has shape {entry.shape} and the "
                        f"variable '{variable.path}' {_shape(variable)}",
                    )
                )
                return
            if id(variable) not in skipped:
                node_pairs.append((variable, entry))
        pairs.extend(node_pairs)

    def read_file(kinds):
        with weights_h5.corrupted_file_errors(display_name):
            for node in walk(model, lambda group: group in source):
                if node.kind in kinds and id(node.obj) not in skipped:
                    collect(node)

    with weights_h5.corrupted_file_errors(display_name):
        source.check_links()
    read_file(("layer", "seed"))
    weights_h5.report_mismatches(
        problems["layer"],
        skip_mismatch,
        model,
        f"weights from '{display_name}'",
    )
    optimizer = getattr(model, "optimizer", None)
    if (
        optimizer is not None
        and id(optimizer) not in skipped
        and f"{OPTIMIZER_KEY}/{VARS_GROUP}" in source
    ):
        # Built only now, so that a refused file leaves the model as is.
        if not weights_h5._optimizer_built(optimizer) and hasattr(
            optimizer, "build"
        ):
            optimizer.build(model.trainable_variables)
        layer_pairs = len(pairs)
        read_file(("optimizer",))
        if problems["optimizer"]:
            del pairs[layer_pairs:]
            warnings.warn(
                f"Not loading the optimizer state from '{display_name}': "
                "the model's optimizer does not match the saved one:\n"
                f"{weights_h5._format_problems(problems['optimizer'])}",
                stacklevel=3,
            )
    seed_problems = problems["seed"]
    if seed_problems and any(
        source.entries(n.group, display_name) is not None
        for n, _ in seed_problems
    ):
        warnings.warn(
            f"Some seed generator states of '{display_name}' do not match "
            "the model's (those random layers keep their current state):\n"
            f"{weights_h5._format_problems(seed_problems)}",
            stacklevel=3,
        )
    weights_h5.assign_all(
        [
            (
                variable,
                lambda index, partial, entry=entry: _read_value(
                    entry, display_name, partial=partial, index=index
                ),
            )
            for variable, entry in pairs
        ],
        sum(weights_h5.stored_nbytes(entry) for _, entry in pairs),
        lambda: _run_hooks(hooks),
    )
    _finish_loading(model, skipped | exact_lora)


def _entries_fit(entries, variables):
    """Whether a group's entries match `variables` one by one."""
    if entries is None or len(entries) != len(variables):
        return False
    return all(
        str(i) in entries and entries[str(i)].shape == _shape(v)
        for i, v in enumerate(variables)
    )


def _run_hooks(hooks):
    for layer, store in hooks:
        layer.load_own_variables(store)


def _finish_loading(model, skipped):
    """Lets layers react to their new weights (a LoRA layer restarts its
    delta from zero)."""
    for node in walk(model):
        hook = getattr(node.obj, "_after_weights_loaded", None)
        if node.kind == "layer" and hook is not None:
            if id(node.obj) not in skipped:
                hook()
