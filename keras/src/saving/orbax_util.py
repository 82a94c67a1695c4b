"""Orbax checkpoints of Keras models: their layout, finding and loading them.

`keras.callbacks.OrbaxCheckpoint` writes one checkpoint per step, with
the `orbax-checkpoint` package, into a folder named after the step:

    <directory>/<step>/_CHECKPOINT_METADATA   Orbax's metadata of the step
    <directory>/<step>/pytree/                the model's state tree
    <directory>/<step>/model_config/          {"config": <config JSON>}
    <directory>/<step>/assets/                files of layers with assets

- `pytree` is `model.get_state_tree()`: the groups
  `trainable_variables`, `non_trainable_variables` (seed generator states
  included), `optimizer_variables` and `metrics_variables`, each a dict
  nested by the parts of the variable paths. A checkpoint written with
  `save_weights_only=True` holds the first two groups only, and neither
  `model_config` nor `assets`.
- `model_config` holds the JSON string that a `.keras` file keeps in its
  `config.json` (compile config included).
- `assets` holds the files that layers defining `save_assets()` wrote,
  as `uint8` arrays, nested by the parts of their path in the assets
  folder (the layer key, then the file's path in the layer's folder).
  The checkpoint's custom metadata lists the layer keys (`asset_owners`)
  and the empty files (`empty_asset_files`: Orbax does not store arrays
  of size 0).
- The custom metadata also lists the variable paths in the model's order
  (`variable_order`), so that variables whose paths differ in the loading
  model (auto-generated layer names, numbered seed generators) are
  matched by position when counts and shapes agree. Checkpoints without
  it (written by upstream Keras) are matched by structure instead: paths
  equal but for the automatic numbers of the names.
- In a checkpoint with the optimizer's state, the custom metadata also
  holds the position of the `fit()` that wrote it (`training_position`,
  see `keras.src.callbacks.training_position`), from which
  `OrbaxCheckpoint` can resume that `fit()` exactly. Checkpoints without
  it load all the same.

Arrays are written with their shardings. They are read back laid out like
the variables that receive them, so a checkpoint loads under any
distribution, or none. Finding checkpoints only looks at file names, so
`import keras`, and loading other kinds of files, never import Orbax.
"""

import os
import re
import shutil
import tempfile
import warnings

import jax
import numpy as np

from keras.src.saving import saving_lib
from keras.src.saving import weights_h5
from keras.src.saving.io_stores import DiskIOStore
from keras.src.saving.weights_h5 import _format_problems as _listing
from keras.src.utils import file_utils
from keras.src.utils import python_utils
from keras.src.utils.module_utils import ocp

STATE_KEY = "pytree"
CONFIG_KEY = "model_config"
ASSETS_KEY = "assets"
EMPTY_ASSET_FILES_KEY = "empty_asset_files"
VARIABLE_ORDER_KEY = "variable_order"
TRAINING_POSITION_KEY = "training_position"
STEP_METADATA_FILENAME = "_CHECKPOINT_METADATA"
WEIGHT_GROUPS = ("trainable_variables", "non_trainable_variables")
OPTIMIZER_GROUP = "optimizer_variables"
METRICS_GROUP = "metrics_variables"


# ----------------------------------------------------------------- finding
def _finished_steps(directory):
    """`{step: path}` of the complete checkpoints found in `directory`.

    Orbax writes a step into a temporary folder that it renames to the
    step number once complete, so only numeric folder names count."""
    directory = file_utils.path_to_string(directory)
    if not isinstance(directory, str) or not file_utils.isdir(directory):
        return {}
    steps = {}
    for name in file_utils.listdir(directory):
        name = name.rstrip("/")
        if not (name.isascii() and name.isdigit()):
            continue
        path = file_utils.join(directory, name)
        if file_utils.exists(file_utils.join(path, STEP_METADATA_FILENAME)):
            steps[int(name)] = path
    return steps


def is_orbax_checkpoint(filepath):
    """Whether `filepath` is a folder holding Orbax checkpoints (as
    `OrbaxCheckpoint` writes them: one numbered folder per step).

    Args:
        filepath: Any path (or file object, which is never one).

    Returns:
        `True` if the folder holds at least one complete checkpoint.
    """
    return bool(_finished_steps(filepath))


def find_latest_orbax_checkpoint(checkpoint_dir):
    """Returns the path of the latest complete checkpoint of a folder.

    Args:
        checkpoint_dir: The folder that `OrbaxCheckpoint` writes to.

    Returns:
        The path of the folder of its highest step.

    Raises:
        ValueError: If the folder holds no complete checkpoint.
    """
    steps = _finished_steps(checkpoint_dir)
    if not steps:
        raise ValueError(
            f"No complete Orbax checkpoint was found in {checkpoint_dir}: "
            "expected step folders (`0`, `1`, ...) written by "
            "`keras.callbacks.OrbaxCheckpoint`."
        )
    return steps[max(steps)]


# ------------------------------------------------------------------ saving
def model_checkpointables(model, weights_only=False):
    """What a checkpoint of `model` holds, in Orbax's terms.

    Args:
        model: The model to checkpoint.
        weights_only: Whether to keep only the layers' variables (no
            optimizer or metrics state, config or assets).

    Returns:
        A tuple `(checkpointables, custom_metadata)`: the dict of named
        trees to pass to Orbax's `save_checkpointables`, and the JSON
        metadata to store with them.
    """
    state = model.get_state_tree()
    metadata = {VARIABLE_ORDER_KEY: variable_order(model)}
    if weights_only:
        state = {group: state[group] for group in WEIGHT_GROUPS}
        return {STATE_KEY: state}, metadata
    checkpointables = {
        STATE_KEY: state,
        CONFIG_KEY: {"config": saving_lib._config_json(model)},
    }
    if saving_lib._asset_entries(model):
        assets, owners, empty_files = _collect_assets(model)
        if assets:
            checkpointables[ASSETS_KEY] = assets
        metadata[saving_lib.ASSET_OWNERS_KEY] = owners
        metadata[EMPTY_ASSET_FILES_KEY] = empty_files
    return checkpointables, metadata


def _collect_assets(model):
    """Lets the layers write their assets into a temporary folder, and
    returns `(tree of file contents, layer keys, empty file paths)`."""
    folder = tempfile.mkdtemp(prefix="keras-orbax-assets-")
    try:
        owners = saving_lib._save_assets(model, DiskIOStore(folder))
        contents = {}
        empty_files = []
        for dirpath, _, filenames in os.walk(folder):
            for filename in sorted(filenames):
                full = os.path.join(dirpath, filename)
                path = "/".join(os.path.relpath(full, folder).split(os.sep))
                with open(full, "rb") as f:
                    data = f.read()
                if not data:
                    empty_files.append(path)
                    continue
                contents[path] = np.frombuffer(data, dtype=np.uint8).copy()
        return python_utils.nest_by_path(contents), owners, empty_files
    finally:
        shutil.rmtree(folder, ignore_errors=True)


# ----------------------------------------------------------------- loading
def _layer_variables(model):
    """The model's trainable and non-trainable variables, in the order of
    `model.variables` (layer by layer)."""
    members = list(model.trainable_variables) + list(
        model.non_trainable_variables
    )
    wanted = {id(v) for v in members}
    ordered = [v for v in model.variables if id(v) in wanted]
    seen = {id(v) for v in ordered}
    return ordered + [v for v in members if id(v) not in seen]


def variable_order(model):
    """`{"layers": [paths], "optimizer": [paths]}`: the variable paths in
    the model's order, stored with each checkpoint so that a model whose
    paths differ (auto-generated layer names, seed generators) can still
    be loaded by position."""
    optimizer = getattr(model, "optimizer", None)
    return {
        "layers": [v.path for v in _layer_variables(model)],
        "optimizer": []
        if optimizer is None
        else [v.path for v in optimizer.variables],
    }


def _saved_shape(metadata):
    """The shape of a saved entry from its Orbax metadata. A leaf saved
    as a Python number (as checkpoints written outside this package may
    hold an optimizer's counters) has a number as metadata, and the shape
    `()`."""
    if isinstance(metadata, (int, float, bool)):
        return ()
    return tuple(metadata.shape)


def _match_paths(variables, saved):
    """Pairs variables with the saved entries of the same paths.

    Returns `(pairs, problems)`: `pairs` lists `(variable, group, saved
    path)`, `problems` lists `(path, message)` for what does not match."""
    pairs = []
    problems = []
    paths = set()
    for variable in variables:
        path = variable.path
        if path in paths:
            raise ValueError(
                f"Two variables of the model have the path {path!r}, so "
                "Orbax checkpoints cannot tell them apart. Give the layers "
                "(and other objects holding variables) distinct names."
            )
        paths.add(path)
        entry = saved.get(path)
        if entry is None:
            problems.append((path, f"'{path}' is not in the checkpoint"))
            continue
        group, metadata = entry
        saved_shape = _saved_shape(metadata)
        if saved_shape != tuple(variable.shape):
            problems.append(
                (
                    path,
                    f"'{path}' has shape {tuple(variable.shape)} in the "
                    f"model and {saved_shape} in the checkpoint",
                )
            )
            continue
        pairs.append((variable, group, path))
    for path in saved:
        if path not in paths:
            problems.append(
                (path, f"'{path}' of the checkpoint is not in the model")
            )
    return pairs, problems


def _match_positions(variables, saved, saved_order):
    """Pairs the variables with the saved paths of `saved_order` (the
    saving model's order) one by one; `None` unless counts and every shape
    agree."""
    if not saved_order or len(saved_order) != len(variables):
        return None
    if set(saved_order) != set(saved):
        return None
    pairs = []
    for variable, path in zip(variables, saved_order):
        group, metadata = saved[path]
        if _saved_shape(metadata) != tuple(variable.shape):
            return None
        pairs.append((variable, group, path))
    return pairs


def _natural(path):
    """Sort key putting `dense_2` before `dense_10`."""
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", path)]


def _structures(paths):
    """`{structural key: path}` (see `weights_h5.structural_keys`) of
    paths taken in natural order, so that automatic numbers count in
    creation order."""
    paths = sorted(paths, key=_natural)
    # The structural form drops the first component (a model name), which
    # the paths of functional models do not have: add one.
    keys = weights_h5.structural_keys([f"model/{path}" for path in paths])
    return dict(zip(keys, paths))


def _match_structures(variables, saved):
    """Pairs variables with saved entries whose paths differ only by the
    automatic numbers of their names (another instance of the same
    architecture); `None` unless all of them pair up with equal shapes."""
    model_paths = {v.path: v for v in variables}
    model_by_key = _structures(model_paths)
    saved_by_key = _structures(saved)
    if len(model_by_key) != len(variables) or len(saved_by_key) != len(saved):
        return None
    if set(model_by_key) != set(saved_by_key):
        return None
    pairs = []
    for key, path in model_by_key.items():
        variable = model_paths[path]
        group, metadata = saved[saved_by_key[key]]
        if _saved_shape(metadata) != tuple(variable.shape):
            return None
        pairs.append((variable, group, saved_by_key[key]))
    return pairs


def _match_slot_names(variables, saved, layer_pairs):
    """Pairs optimizer variables with the saved ones of the same name once
    the layer variable paths in the names (`adam/dense_2_kernel_momentum`
    for `dense_2/kernel`) are replaced by the paths they were loaded from;
    `None` unless all of them pair up with equal shapes."""
    renames = sorted(
        (
            (variable.path.replace("/", "_") + "_", path.replace("/", "_"))
            for variable, _, path in layer_pairs
        ),
        key=lambda rename: -len(rename[0]),
    )
    saved_by_name = {path.split("/", 1)[-1]: path for path in saved}
    pairs = []
    for variable in variables:
        name = variable.path.split("/", 1)[-1]
        for prefix, saved_prefix in renames:
            if name.startswith(prefix):
                name = f"{saved_prefix}_{name[len(prefix) :]}"
                break
        path = saved_by_name.get(name)
        if path is None:
            return None
        group, metadata = saved[path]
        if _saved_shape(metadata) != tuple(variable.shape):
            return None
        pairs.append((variable, group, path))
    return pairs if len(pairs) == len(saved) else None


def _saved_entries(saved_state, groups):
    """`{path: (group, array metadata)}` of the saved `groups`."""
    entries = {}
    for group in groups:
        for path, metadata in python_utils.flatten_by_path(
            saved_state.get(group) or {}
        ).items():
            entries[path] = (group, metadata)
    return entries


def _abstract(variable):
    value = variable.value
    return jax.ShapeDtypeStruct(
        tuple(value.shape),
        value.dtype,
        sharding=getattr(value, "sharding", None),
    )


def _restore_state(model, step_path, found, skip_mismatch):
    """Loads the saved variables into `model`'s variables, laid out like
    them.

    Variables are matched by path; if some do not match, by position in
    the saved order (checkpoints written here), or else, for layer
    variables, by structure (paths equal but for automatic numbers) and,
    for the optimizer, by slot names (`_match_slot_names`).
    Layer variables (trainable or not: a frozen layer still matches) must
    all match unless `skip_mismatch`; the optimizer's state is loaded only
    if all of it matches (with a warning otherwise), after building the
    optimizer if needed; metric variables are loaded where they match."""
    if hasattr(model, "jax_state_sync"):
        model.jax_state_sync()
    saved_state = found.metadata[STATE_KEY]
    order = (found.custom_metadata or {}).get(VARIABLE_ORDER_KEY) or {}
    layer_vars = _layer_variables(model)
    saved_layers = _saved_entries(saved_state, WEIGHT_GROUPS)
    pairs, problems = _match_paths(layer_vars, saved_layers)
    if problems:
        found_pairs = _match_positions(
            layer_vars, saved_layers, order.get("layers")
        ) or _match_structures(layer_vars, saved_layers)
        if found_pairs is not None:
            pairs, problems = found_pairs, []
    weights_h5.report_mismatches(
        problems, skip_mismatch, model, f"the Orbax checkpoint '{step_path}'"
    )
    optimizer = getattr(model, "optimizer", None)
    saved_optimizer = _saved_entries(saved_state, (OPTIMIZER_GROUP,))
    if optimizer is not None and saved_optimizer:
        # Built only now, so that a refused checkpoint leaves it as is.
        if not weights_h5._optimizer_built(optimizer):
            optimizer.build(model.trainable_variables)
        optimizer_vars = list(optimizer.variables)
        optimizer_pairs, optimizer_problems = _match_paths(
            optimizer_vars, saved_optimizer
        )
        if optimizer_problems:
            found_pairs = _match_positions(
                optimizer_vars, saved_optimizer, order.get("optimizer")
            ) or _match_slot_names(optimizer_vars, saved_optimizer, pairs)
            if found_pairs is not None:
                optimizer_pairs, optimizer_problems = found_pairs, []
        if optimizer_problems:
            warnings.warn(
                "Not loading the optimizer state of the Orbax checkpoint "
                f"'{step_path}': the model's optimizer does not match the "
                f"saved one:\n{_listing(optimizer_problems)}",
                stacklevel=3,
            )
        else:
            pairs.extend(optimizer_pairs)
    pairs.extend(_metric_pairs(model, saved_state))
    _load_pairs(step_path, pairs)


def _metric_pairs(model, saved_state):
    """The pairs of the model's metric variables with the saved ones of
    the same paths."""
    saved_metrics = _saved_entries(saved_state, (METRICS_GROUP,))
    if not saved_metrics:
        return []
    return _match_paths(model.metrics_variables, saved_metrics)[0]


def _load_pairs(step_path, pairs):
    """Reads the saved entries of `pairs` (`(variable, group, path)`)
    into their variables, laid out like them."""
    if not pairs:
        return
    abstract = {}
    for variable, group, path in pairs:
        abstract.setdefault(group, {})[path] = _abstract(variable)
    abstract = {
        group: python_utils.nest_by_path(flat)
        for group, flat in abstract.items()
    }
    context = ocp.v1.Context()
    # Entries that are not asked for (e.g. unbuilt metrics) stay unread.
    context.pytree.loading.partial_load = True
    with context:
        restored = ocp.v1.load_checkpointables(
            step_path, {STATE_KEY: abstract}
        )[STATE_KEY]
    restored = {
        group: python_utils.flatten_by_path(tree)
        for group, tree in restored.items()
    }
    for variable, group, path in pairs:
        variable.assign(restored[group][path])


def restore_metrics(model, step_path):
    """Loads the saved values of the model's metric variables (those
    whose paths are in the checkpoint of `step_path`)."""
    found = _step_metadata(step_path)
    _load_pairs(step_path, _metric_pairs(model, found.metadata[STATE_KEY]))


def _restore_assets(model, step_path, found):
    """Writes the saved asset files into a temporary folder and lets the
    layers load them."""
    folder = tempfile.mkdtemp(prefix="keras-orbax-assets-")
    try:
        store = DiskIOStore(folder)
        files = {}
        if ASSETS_KEY in found.metadata:
            tree = ocp.v1.load_checkpointables(step_path, {ASSETS_KEY: None})
            files = {
                path: np.asarray(data, dtype=np.uint8).tobytes()
                for path, data in python_utils.flatten_by_path(
                    tree[ASSETS_KEY]
                ).items()
            }
        custom = found.custom_metadata or {}
        for path in custom.get(EMPTY_ASSET_FILES_KEY) or []:
            files[path] = b""
        for path, data in files.items():
            # Refuses paths that would leave the folder.
            full = store._full_path(path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "wb") as f:
                f.write(data)
        saving_lib._load_assets(
            model, store, custom.get(saving_lib.ASSET_OWNERS_KEY)
        )
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _step_metadata(step_path):
    found = ocp.v1.checkpointables_metadata(step_path)
    if STATE_KEY not in found.metadata:
        raise ValueError(
            f"The Orbax checkpoint '{step_path}' holds no model state (no "
            f"'{STATE_KEY}' entry): it was not written by "
            "`keras.callbacks.OrbaxCheckpoint`."
        )
    return found


def load_model(filepath, custom_objects=None, compile=True, safe_mode=True):
    """Rebuilds the model of the latest checkpoint in `filepath`.

    Args:
        filepath: The folder that `OrbaxCheckpoint` wrote.
        custom_objects: Optional dict of names to custom classes or
            functions used by the model.
        compile: Whether to compile the model with its saved compile
            config (the optimizer state is then loaded too).
        safe_mode: Whether to refuse configs that would deserialize
            Python code (lambdas).

    Returns:
        The model, with its variables (and assets) loaded.
    """
    from keras.src.saving import object_registration

    step_path = find_latest_orbax_checkpoint(filepath)
    found = _step_metadata(step_path)
    if CONFIG_KEY not in found.metadata:
        raise ValueError(
            f"The Orbax checkpoint '{step_path}' holds no model "
            "configuration: it was written with `save_weights_only=True`. "
            "Build the model in code and call `model.load_weights("
            f"{str(filepath)!r})` instead."
        )
    loaded = ocp.v1.load_checkpointables(step_path, {CONFIG_KEY: None})
    config_name = f"{CONFIG_KEY}/config"
    config = saving_lib._parse_json(
        step_path, loaded[CONFIG_KEY]["config"], config_name
    )
    if not isinstance(config, dict):
        raise ValueError(
            f"The Orbax checkpoint '{step_path}' is not a valid Keras "
            f"checkpoint: its {config_name} is not a dict."
        )
    with object_registration.CustomObjectScope(custom_objects):
        model = saving_lib.model_from_saved_config(
            config, custom_objects, compile, safe_mode
        )
        _restore_state(model, step_path, found, skip_mismatch=False)
        if saving_lib._asset_entries(model):
            _restore_assets(model, step_path, found)
    return model


def load_weights(model, filepath, skip_mismatch=False):
    """Loads the variables of the latest checkpoint in `filepath`.

    Layer variables are matched by path; the optimizer state is loaded
    too when the checkpoint has it and the model has an optimizer.

    Args:
        model: The built model to load into.
        filepath: The folder that `OrbaxCheckpoint` wrote.
        skip_mismatch: Whether to skip, with a warning, the variables
            that are missing or have another shape, instead of raising
            a `ValueError`.
    """
    step_path = find_latest_orbax_checkpoint(filepath)
    saving_lib._check_built(model, "loading weights into")
    found = _step_metadata(step_path)
    _restore_state(model, step_path, found, skip_mismatch)


def load_for_resume(model, filepath):
    """Loads the latest checkpoint in `filepath` into `model` to resume
    its training, as `load_weights` does.

    Returns:
        `(step_path, position)`: the path of the checkpoint loaded and the
        training position saved with it (`None` in checkpoints without
        one: those written by earlier versions, by upstream Keras or with
        `save_weights_only=True`).
    """
    step_path = find_latest_orbax_checkpoint(filepath)
    found = _step_metadata(step_path)
    _restore_state(model, step_path, found, skip_mismatch=False)
    position = (found.custom_metadata or {}).get(TRAINING_POSITION_KEY)
    return step_path, position
