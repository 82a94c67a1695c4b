"""Inspecting and editing the weights held by `.keras` and `.weights.h5`
files, without building the model they belong to.

The weights are read into `weights_dict`, a nested dict that follows the
object tree of the file (see `object_tree`): each saved object (the model,
a layer, a sublayer, the optimizer) is a dict whose NumPy array values are
its weights (`"0"`, `"1"`, ...) and whose dict values are its child
objects. For a functional model with two `Dense` layers and no optimizer:

```
{"layers": {"dense": {"0": kernel, "1": bias},
            "dense_1": {"0": kernel, "1": bias}}}
```

The model's own weights, if any, are values of the top-level dict. Objects
holding no weight (e.g. a `ReLU` layer) are left out. The attributes of
each weight-holding object's `vars` group (the object's `name`) are kept in
`object_metadata`, keyed by the object's path (`"/layers/dense"`), and
written back by `resave_weights`.

Files are read with the checks of the loaders (`weights_h5`): links,
virtual or external datasets and size bombs are refused.
"""

import io
import os

import numpy as np

from keras.src.api_export import keras_export
from keras.src.saving import object_tree
from keras.src.saving import saving_lib
from keras.src.saving import weights_h5
from keras.src.utils import file_utils
from keras.src.utils import io_utils

_WEIGHTS_SUFFIX = ".weights.h5"
_MODEL_SUFFIX = ".keras"


# ------------------------------------------------------------------ reading
def _sorted_keys(keys):
    """Weight keys in saved order: numerically when they are all numbers
    (as `object_tree` orders a store's keys)."""
    keys = list(keys)
    if all(key.isdigit() for key in keys):
        return sorted(keys, key=int)
    return keys


def _vars_path(path):
    """The HDF5 group holding the weights of the object at `path`."""
    return (
        f"{path}/{object_tree.VARS_GROUP}" if path else object_tree.VARS_GROUP
    )


def _read_object(f, group, path, display_name, object_metadata):
    """Returns the dict of the object stored in `group` (at `path`)."""
    h5py = weights_h5._h5py()
    values = {}
    vars_path = _vars_path(path)
    entries = object_tree._group_entries(f, vars_path, display_name)
    for key in _sorted_keys(entries or {}):
        values[key] = object_tree._read_value(entries[key], display_name)
    if values:
        attrs = {k: v for k, v in f[vars_path].attrs.items()}
        if attrs:
            object_metadata[f"/{path}"] = attrs
    for name in group:
        if name == object_tree.VARS_GROUP:
            continue
        weights_h5.check_link(group, name)
        child = group[name]
        child_path = f"{path}/{name}" if path else name
        if not isinstance(child, h5py.Group):
            raise ValueError(
                f"Unexpected dataset '{child_path}' in '{display_name}': "
                "weights are only stored in the `vars` groups of objects."
            )
        child_values = _read_object(
            f, child, child_path, display_name, object_metadata
        )
        if not child_values:
            continue
        if name in values:
            raise ValueError(
                f"'{child_path}' in '{display_name}' names both a weight "
                "and an object."
            )
        values[name] = child_values
    return values


def _read_weights(source, display_name):
    """Returns `(weights_dict, object_metadata)` of a weights file (a
    path or a binary file object) in the object-tree layout."""
    f = weights_h5.open_h5(source, display_name)
    try:
        if not object_tree.is_tree_file(f):
            raise ValueError(
                f"'{display_name}' uses an earlier weights layout that the "
                "editor does not read. Load it into its model with "
                "`model.load_weights()` and save it again first."
            )
        object_metadata = {}
        weights = _read_object(f, f, "", display_name, object_metadata)
    finally:
        f.close()
    return weights, object_metadata


def _model_weights(model):
    """The `weights_dict` of `model`: its weights written to an in-memory
    file and read back, so that both sides of a comparison come from the
    same layout."""
    buffer = io.BytesIO()
    object_tree.write_weights(model, buffer)
    weights, _ = _read_weights(buffer, f"<weights of {model.name}>")
    return weights


def _seed_paths(model):
    """Paths of the seed-generator states that `object_tree` saves as an
    extension (optional when loading, so optional when comparing)."""
    return [
        node.path for node in object_tree.walk(model) if node.kind == "seed"
    ]


def _drop_path(values, path):
    """Removes the object at `path` (and parents left empty)."""
    parts = path.split("/")
    chain = [values]
    for part in parts[:-1]:
        child = chain[-1].get(part)
        if not isinstance(child, dict):
            return
        chain.append(child)
    chain[-1].pop(parts[-1], None)
    for parent, part in zip(reversed(chain[:-1]), reversed(parts[:-1])):
        if parent[part]:
            break
        del parent[part]


# ---------------------------------------------------------------- helpers
def _leaves(values, prefix=""):
    """`(path, array)` of every weight below `values`, in order."""
    for key, value in values.items():
        path = f"{prefix}/{key}" if prefix else key
        if isinstance(value, dict):
            yield from _leaves(value, path)
        else:
            yield path, value


def _objects(values, prefix=""):
    """Paths of every object below `values`, in order."""
    for key, value in values.items():
        if isinstance(value, dict):
            path = f"{prefix}/{key}" if prefix else key
            yield path
            yield from _objects(value, path)


def _check_leaf_name(name, what):
    if not isinstance(name, str) or not name or "/" in name:
        raise ValueError(
            f"`{what}` should be a single name without '/' (a path is not "
            f"accepted here). Received: {what}={name!r}"
        )


def _standardize_weights(weights):
    """`{str key: np.ndarray}` from a user's dict of weights."""
    if not isinstance(weights, dict):
        raise ValueError(
            "`weights` should be a dict mapping weight names (such as '0', "
            "'1') to arrays. Received: "
            f"weights={weights!r} of type {type(weights)}"
        )
    arrays = {}
    for key, value in weights.items():
        key = str(key)
        _check_leaf_name(key, "weight name")
        array = np.asarray(value)
        if array.dtype.hasobject:
            raise ValueError(
                f"The value of weight '{key}' is not a numeric array. "
                f"Received: {value!r}"
            )
        arrays[key] = array
    return arrays


def _describe(array):
    return f"shape={tuple(array.shape)}, dtype={array.dtype}"


@keras_export("keras.saving.KerasFileEditor")
class KerasFileEditor:
    """Reads, edits and re-saves the weights of a Keras file.

    When a model's layers change (one inserted, one dropped, one resized),
    its old files stop loading. The editor shows how such a file differs
    from the new model (`compare`), lets you rename, remove or add objects
    (layers, sublayers, the optimizer) and single weights until both line
    up, then writes a `.weights.h5` file for `model.load_weights()`.

    Objects are named by their path in the file (`"layers/conv2d_1"`, as
    `summary()` shows them) or, when that is unambiguous, by their last
    part alone (`"conv2d_1"`). Edits change a copy in memory: the file
    that was read stays as it is.

    Args:
        filepath: The `.keras` model file or `.weights.h5` weights file
            to read.

    Attributes:
        weights_dict: The weights, as nested dicts of NumPy arrays (see
            the module docstring).
        object_metadata: The attributes (e.g. `name`) of the objects that
            hold weights, keyed by path (`"/layers/dense"`).
        config: The model config of a `.keras` file (`None` otherwise).
        metadata: The `metadata.json` of a `.keras` file (Keras version,
            save date; `None` otherwise).

    Example:

    ```python
    # `old.keras` had a single classifier head; the new model inserts a
    # projection layer before it.
    editor = keras.saving.KerasFileEditor("old.keras")
    editor.summary()
    editor.compare(new_model)  # prints each difference
    editor.rename_object("layers/head", "head_v2")
    editor.add_object(
        "layers/projection",
        {"0": np.eye(16, dtype="float32"), "1": np.zeros(16, "float32")},
    )
    if editor.compare(new_model)["status"] == "success":
        editor.save("new.weights.h5")
        new_model.load_weights("new.weights.h5")
    ```
    """

    def __init__(self, filepath):
        filepath = os.fspath(filepath)
        self.filepath = filepath
        self.config = None
        self.metadata = None
        if not file_utils.exists(filepath):
            raise ValueError(f"File not found: filepath={filepath}")
        with saving_lib._local_source(filepath) as local:
            if filepath.endswith(_MODEL_SUFFIX):
                self._read_model_file(local)
            elif filepath.endswith(_WEIGHTS_SUFFIX):
                self.weights_dict, self.object_metadata = _read_weights(
                    local, filepath
                )
            else:
                raise ValueError(
                    "`filepath` should be a `.keras` model file or a "
                    f"`.weights.h5` weights file. Received: "
                    f"filepath={filepath}"
                )

    def _read_model_file(self, local):
        with saving_lib._open_archive(local) as archive:
            name = archive.display_name
            self.config = saving_lib._parse_json(
                name,
                archive.read_text(saving_lib.CONFIG_FILENAME),
                saving_lib.CONFIG_FILENAME,
            )
            if archive.has(saving_lib.METADATA_FILENAME):
                self.metadata = saving_lib._parse_json(
                    name,
                    archive.read_text(saving_lib.METADATA_FILENAME),
                    saving_lib.METADATA_FILENAME,
                )
            with archive.weights() as weights_file:
                self.weights_dict, self.object_metadata = _read_weights(
                    weights_file, archive.weights_display_name()
                )

    # ------------------------------------------------------------ lookup
    def _locate(self, name, argument="object_name"):
        """Returns `(parent dict, key, path)` of the object `name` (a path
        from the top, or the last part of exactly one object's path)."""
        if not isinstance(name, str) or not name.strip("/"):
            raise ValueError(
                f"`{argument}` should be an object name or path. Received: "
                f"{argument}={name!r}"
            )
        name = name.strip("/")
        if "/" not in name:
            paths = [
                p
                for p in _objects(self.weights_dict)
                if p.split("/")[-1] == name
            ]
            if not paths:
                raise ValueError(
                    f"No object named '{name}' in the file. Call "
                    "`editor.summary()` to list its objects."
                )
            if len(paths) > 1:
                raise ValueError(
                    f"Several objects are named '{name}' ({paths}): pass "
                    "the full path of the one you mean."
                )
            name = paths[0]
        return self._at_path(name)

    def _at_path(self, name):
        """Returns `(parent dict, key, path)` of the entry at the path
        `name` (from the top)."""
        parent = self.weights_dict
        parts = name.split("/")
        for part in parts[:-1]:
            parent = parent.get(part)
            if not isinstance(parent, dict):
                break
        if isinstance(parent, dict) and parts[-1] in parent:
            return parent, parts[-1], name
        raise ValueError(
            f"There is no '{name}' in the file. Call `editor.summary()` "
            "to list its objects and weights."
        )

    def _locate_object(self, name):
        parent, key, path = self._locate(name)
        if not isinstance(parent[key], dict):
            raise ValueError(
                f"'{path}' is a weight, not an object. Use "
                "`delete_weight()` or `add_weights()` on its object."
            )
        return parent, key, path

    def _move_metadata(self, old_path, new_path=None):
        """Re-keys (or, without `new_path`, drops) the metadata of the
        object at `old_path` and below."""
        old = f"/{old_path}"
        moved = {}
        for key, value in self.object_metadata.items():
            if key == old or key.startswith(old + "/"):
                if new_path is not None:
                    moved[f"/{new_path}" + key[len(old) :]] = value
            else:
                moved[key] = value
        self.object_metadata = moved

    # ----------------------------------------------------------- editing
    def rename_object(self, object_name, new_name):
        """Renames an object (or, given its path, a weight).

        The object keeps its place and its contents; only the last part of
        its path changes.

        Args:
            object_name: The object's path (`"layers/dense_3"`) or its
                unambiguous last part (`"dense_3"`). A weight is named by
                its full path (`"layers/dense_3/0"`).
            new_name: The new last part of the path (no `/`).
        """
        _check_leaf_name(new_name, "new_name")
        parent, key, path = self._locate(object_name)
        if new_name == key:
            return
        if new_name in parent:
            raise ValueError(
                f"Cannot rename '{path}' to '{new_name}': its parent already "
                "has an entry with that name."
            )
        items = list(parent.items())
        parent.clear()
        parent.update((new_name if k == key else k, v) for k, v in items)
        new_path = "/".join(path.split("/")[:-1] + [new_name])
        self._move_metadata(path, new_path)

    def delete_object(self, object_name):
        """Removes an object and everything below it.

        Args:
            object_name: The object's path or unambiguous last part.
        """
        parent, key, path = self._locate_object(object_name)
        del parent[key]
        self._move_metadata(path)

    def add_object(self, object_path, weights):
        """Adds a new object holding the given weights.

        Args:
            object_path: The full path of the new object
                (`"layers/dense_3"`); its parent must exist (the top level
                always does).
            weights: A dict mapping weight names (`"0"`, `"1"`, ...) to
                arrays.
        """
        if not isinstance(object_path, str) or not object_path.strip("/"):
            raise ValueError(
                "`object_path` should be a path such as 'layers/dense_3'. "
                f"Received: object_path={object_path!r}"
            )
        arrays = _standardize_weights(weights)
        parts = object_path.strip("/").split("/")
        parent = self.weights_dict
        if len(parts) > 1:
            parent_path = "/".join(parts[:-1])
            parent, key, _ = self._at_path(parent_path)
            parent = parent[key]
            if not isinstance(parent, dict):
                raise ValueError(
                    f"Cannot add '{object_path}': '{parent_path}' is a "
                    "weight, not an object."
                )
        if parts[-1] in parent:
            raise ValueError(
                f"'{'/'.join(parts)}' already exists. Delete it first, or "
                "use `add_weights()` to add weights to it."
            )
        parent[parts[-1]] = arrays

    def add_weights(self, object_name, weights):
        """Adds weights to an existing object.

        Args:
            object_name: The object's path or unambiguous last part.
            weights: A dict mapping new weight names to arrays. A name the
                object already has raises an error (delete it first).
        """
        arrays = _standardize_weights(weights)
        parent, key, path = self._locate_object(object_name)
        target = parent[key]
        taken = [name for name in arrays if name in target]
        if taken:
            raise ValueError(
                f"'{path}' already has the weight(s) {taken}. Delete them "
                "first with `delete_weight()`."
            )
        target.update(arrays)

    def delete_weight(self, object_name, weight_name):
        """Removes one weight of an object.

        Args:
            object_name: The object's path or unambiguous last part.
            weight_name: The weight's name within the object (e.g. `"1"`).
        """
        parent, key, path = self._locate_object(object_name)
        target = parent[key]
        weight_name = str(weight_name)
        if weight_name not in target or isinstance(target[weight_name], dict):
            weights = [k for k, v in target.items() if not isinstance(v, dict)]
            raise ValueError(
                f"'{path}' has no weight '{weight_name}'. Its weights: "
                f"{weights}"
            )
        del target[weight_name]

    # -------------------------------------------------------- comparing
    def compare(self, reference_model):
        """Checks whether the weights fit a model, and prints what differs.

        The model's weights are laid out as saving it would, then both
        trees are walked: objects or weights present on one side only, a
        weight on one side where the other has an object, and weights
        whose shapes differ each count as one error (an object missing
        entirely counts once, whatever it holds). Dtypes are not compared:
        loading casts values. Seed-generator states are optional, as when
        loading.

        Args:
            reference_model: A built model.

        Returns:
            A dict: `"status"` (`"success"` when there is no error, else
            `"error"`), `"error_count"` and `"match_count"` (the number of
            weights whose shapes match).
        """
        saving_lib._check_built(reference_model, "comparing")
        reference = _model_weights(reference_model)
        for path in _seed_paths(reference_model):
            if not self._has_path(path):
                _drop_path(reference, path)
        messages = []
        matches = self._compare(reference, self.weights_dict, "", messages)
        io_utils.print_msg(f"Comparing '{self.filepath}' with the model:")
        for message in messages:
            io_utils.print_msg(f"- {message}")
        if messages:
            noun = "difference" if len(messages) == 1 else "differences"
            io_utils.print_msg(
                f"{len(messages)} {noun}: the model cannot load these "
                "weights as they are."
            )
        else:
            io_utils.print_msg(
                f"No difference: all {matches} weights match the model."
            )
        return {
            "status": "error" if messages else "success",
            "error_count": len(messages),
            "match_count": matches,
        }

    def _has_path(self, path):
        values = self.weights_dict
        for part in path.split("/"):
            if not isinstance(values, dict) or part not in values:
                return False
            values = values[part]
        return True

    def _compare(self, reference, saved, prefix, messages):
        """Appends a message per difference; returns the matches count."""
        matches = 0
        for key, ref in reference.items():
            path = f"{prefix}/{key}"
            what = "Object" if isinstance(ref, dict) else "Weight"
            if key not in saved:
                detail = ""
                if isinstance(ref, dict):
                    detail = f" (holding {list(ref)})"
                messages.append(
                    f"{what} {path} is in the model but not in the "
                    f"file{detail}."
                )
                continue
            value = saved[key]
            if isinstance(ref, dict) != isinstance(value, dict):
                kind = "an object" if isinstance(ref, dict) else "a weight"
                messages.append(
                    f"{path} is {kind} in the model but not in the file."
                )
            elif isinstance(ref, dict):
                matches += self._compare(ref, value, path, messages)
            elif tuple(ref.shape) != tuple(value.shape):
                messages.append(
                    f"Weight {path} has shape {tuple(value.shape)} in the "
                    f"file but {tuple(ref.shape)} in the model."
                )
            else:
                matches += 1
        for key, value in saved.items():
            if key in reference:
                continue
            path = f"{prefix}/{key}"
            if isinstance(value, dict):
                messages.append(
                    f"Object {path} is in the file but not in the model "
                    f"(holding {list(value)})."
                )
            else:
                messages.append(
                    f"Weight {path} is in the file but not in the model."
                )
        return matches

    # ---------------------------------------------------------- summary
    def summary(self):
        """Prints the file's origin and its tree of objects and weights
        (shape and dtype of each weight)."""
        lines = []
        kind = "model" if self.config is not None else "weights"
        lines.append(f"Keras {kind} file: {self.filepath}")
        if self.metadata:
            version = self.metadata.get("keras_version", "?")
            date = self.metadata.get("date_saved", "?")
            lines.append(f"Written by Keras {version} on {date}")
        if self.config is not None:
            inner = self.config.get("config", {})
            name = inner.get("name") if isinstance(inner, dict) else None
            lines.append(
                f"Model: {self.config.get('class_name', '?')} '{name}'"
            )
        leaves = list(_leaves(self.weights_dict))
        count = sum(int(np.prod(array.shape)) for _, array in leaves)
        lines.append(f"Weights: {len(leaves)} arrays, {count:,} values")
        self._tree_lines(self.weights_dict, "", "", lines)
        io_utils.print_msg("\n".join(lines))

    def _tree_lines(self, values, path, indent, lines):
        items = list(values.items())
        for i, (key, value) in enumerate(items):
            last = i == len(items) - 1
            branch = "└─ " if last else "├─ "
            if isinstance(value, dict):
                child_path = f"{path}/{key}" if path else key
                name = self.object_metadata.get(f"/{child_path}", {}).get(
                    "name"
                )
                label = f"{key} ('{name}')" if name is not None else key
                lines.append(f"{indent}{branch}{label}")
                child_indent = indent + ("   " if last else "│  ")
                self._tree_lines(value, child_path, child_indent, lines)
            else:
                lines.append(f"{indent}{branch}{key}: {_describe(value)}")

    # ----------------------------------------------------------- saving
    def save(self, filepath):
        """Writes the (edited) weights to a new `.weights.h5` file; same
        as `resave_weights`.

        Args:
            filepath: The target path, ending in `.weights.h5`.
        """
        self.resave_weights(filepath)

    def resave_weights(self, filepath):
        """Writes the (edited) weights to a `.weights.h5` file, in the
        layout `model.load_weights()` reads. The file is replaced
        atomically.

        Args:
            filepath: The target path, ending in `.weights.h5`.
        """
        filepath = os.fspath(filepath)
        if not filepath.endswith(_WEIGHTS_SUFFIX):
            raise ValueError(
                "`filepath` should end in `.weights.h5`. Received: "
                f"filepath={filepath}"
            )
        h5py = weights_h5._h5py()
        with saving_lib._local_target(filepath) as local:
            with saving_lib.atomic_write_path(local) as tmp:
                with h5py.File(tmp, "w") as f:
                    self._write_object(f, "", self.weights_dict)

    def _write_object(self, f, path, values):
        arrays = [(k, v) for k, v in values.items() if not isinstance(v, dict)]
        if arrays:
            group = f.create_group(_vars_path(path), track_order=True)
            for key, value in self.object_metadata.get(f"/{path}", {}).items():
                group.attrs[key] = value
            for key, value in arrays:
                object_tree._write_dataset(group, key, np.asarray(value))
        for key, value in values.items():
            if isinstance(value, dict):
                child = f"{path}/{key}" if path else key
                self._write_object(f, child, value)
