"""Public saving API: `save_model`, `load_model`, `save_weights`,
`load_weights`."""

import os
import zipfile

from keras.src.api_export import keras_export
from keras.src.saving import orbax_util
from keras.src.saving import saving_lib
from keras.src.utils import file_utils

_WEIGHTS_SUFFIX = ".weights.h5"
_SHARDED_SUFFIX = ".weights.json"
_MODEL_SUFFIX = ".keras"
_LEGACY_SUFFIXES = (".h5", ".hdf5")

_LEGACY_H5_WARNING = (
    "You are saving your model as an HDF5 file via `model.save()` or "
    "`keras.saving.save_model(model)`. This file format is considered "
    "legacy. We recommend using instead the native Keras format, e.g. "
    "`model.save('my_model.keras')` or "
    "`keras.saving.save_model(model, 'my_model.keras')`. "
)


def _check_overwrite(filepath, overwrite):
    if not overwrite:
        # Every process of a multi-process run agrees before any writes.
        saving_lib.check_target_absent(filepath)


def _check_kwargs(kwargs, function):
    if kwargs:
        raise ValueError(
            f"The following argument(s) are not supported by `{function}` "
            f"with the native Keras format: {sorted(kwargs)}"
        )


def _is_legacy_h5_path(filepath):
    return str(filepath).endswith(_LEGACY_SUFFIXES) and not str(
        filepath
    ).endswith(_WEIGHTS_SUFFIX)


@keras_export(["keras.saving.save_model", "keras.models.save_model"])
def save_model(model, filepath, overwrite=True, zipped=None, **kwargs):
    """Writes a model (architecture, weights, optimizer) to `filepath`.

    The file is a zip archive holding the model's configuration
    (`config.json`, including its compile configuration), metadata
    (`metadata.json`) and weights with the optimizer's state
    (`model.weights.h5`). It is written to a temporary file that then
    replaces `filepath`, so an interrupted save leaves any previous file
    intact.

    Args:
        model: The Keras model to save.
        filepath: Path of the file, ending in `.keras` (a directory name
            not ending in `.keras` with `zipped=False`). A path ending in
            `.h5` writes the legacy HDF5 model file instead (see
            `legacy_h5_format`), with a warning.
        overwrite: Whether to replace an existing file. If `False` and the
            file exists, a `ValueError` is raised.
        zipped: Whether to write a zip archive (default) or a directory
            holding the same files.
        **kwargs: No other argument is supported by the native format
            (`include_optimizer` is accepted for `.h5` files). Keras 2's
            `save_format` is ignored when `filepath` ends in `.keras` or
            `.h5` (the extension decides) and refused otherwise.

    Example:

    ```python
    net = keras.Sequential([keras.Input((6,)), keras.layers.Dense(4)])
    keras.saving.save_model(net, "checkpoints/net_v1.keras")
    ```
    """
    filepath = file_utils.path_to_string(filepath)
    # Keras 2's `save_format` is accepted (and ignored) where the file
    # extension already names the format.
    save_format = kwargs.pop("save_format", None)
    if save_format is not None and not str(filepath).endswith(
        (_MODEL_SUFFIX, ".h5")
    ):
        raise ValueError(
            "The `save_format` argument is deprecated in Keras 3: the "
            "format follows the file extension (`.keras`, or `.h5` for the "
            "legacy HDF5 format). Remove the argument and give the path "
            f"one of these extensions. Received: save_format={save_format} "
            f"with filepath={filepath}"
        )
    if _is_legacy_h5_path(filepath):
        from absl import logging as absl_logging

        from keras.src.legacy.saving import legacy_h5_format

        absl_logging.warning(_LEGACY_H5_WARNING)
        legacy_h5_format.save_model_to_hdf5(
            model, filepath, overwrite=overwrite, **kwargs
        )
        return
    _check_kwargs(kwargs, "save_model")
    if zipped is False:
        if str(filepath).endswith(_MODEL_SUFFIX):
            raise ValueError(
                "When using `zipped=False`, the `filepath` argument should "
                f"not end in `{_MODEL_SUFFIX}` (it names a directory). "
                f"Received: filepath={filepath}"
            )
    elif not str(filepath).endswith(_MODEL_SUFFIX):
        raise ValueError(
            "Invalid filepath extension for saving. The filepath must end "
            f"in `{_MODEL_SUFFIX}` (the native Keras format), or in `.h5` "
            f"(the legacy HDF5 format). Received: filepath={filepath}"
        )
    _check_overwrite(filepath, overwrite)
    saving_lib.save_model(
        model, filepath, zipped=True if zipped is None else bool(zipped)
    )


@keras_export(["keras.saving.load_model", "keras.models.load_model"])
def load_model(filepath, custom_objects=None, compile=True, safe_mode=True):
    """Loads a model saved with `model.save()` / `keras.saving.save_model`.

    Loading never runs code from the file: the configuration is JSON and the
    weights are HDF5 arrays. Configs containing Python lambdas are refused
    unless `safe_mode=False`.

    Args:
        filepath: Path of the `.keras` file (or unzipped directory), of
            a legacy `.h5` model file, or of a folder written by
            `keras.callbacks.OrbaxCheckpoint` (its latest checkpoint is
            loaded).
        custom_objects: Optional dict mapping names to custom classes or
            functions used by the model.
        compile: Whether to compile the model after loading, with its saved
            compile configuration (the optimizer state is restored too).
        safe_mode: Whether to refuse configs that would deserialize Python
            code (lambdas).

    Returns:
        The loaded Keras model.

    Example:

    ```python
    net = keras.saving.load_model("checkpoints/net_v1.keras", compile=False)
    net.summary()
    ```
    """
    filepath = file_utils.path_to_string(filepath)
    if _is_legacy_h5_path(filepath):
        from keras.src.legacy.saving import legacy_h5_format

        return legacy_h5_format.load_model_from_hdf5(
            filepath, custom_objects, compile, safe_mode
        )
    if orbax_util.is_orbax_checkpoint(filepath):
        return orbax_util.load_model(
            filepath, custom_objects, compile, safe_mode
        )
    is_keras_dir = os.path.isdir(filepath) and os.path.exists(
        os.path.join(filepath, saving_lib.CONFIG_FILENAME)
    )
    is_zip = (
        not str(filepath).endswith(_MODEL_SUFFIX)
        and os.path.isfile(filepath)
        and zipfile.is_zipfile(filepath)
    )
    if not (str(filepath).endswith(_MODEL_SUFFIX) or is_keras_dir or is_zip):
        raise ValueError(
            "File format not supported: filepath="
            f"{filepath}. Keras 3 loads `{_MODEL_SUFFIX}` files (saved with "
            "`model.save()`), legacy `.h5` files and folders of Orbax "
            "checkpoints (written by `keras.callbacks.OrbaxCheckpoint`); "
            "load `.weights.h5` files with `model.load_weights()`."
        )
    # Same argument order as `saving_lib.load_model`.
    return saving_lib.load_model(filepath, custom_objects, compile, safe_mode)


@keras_export("keras.saving.save_weights")
def save_weights(
    model, filepath, overwrite=True, max_shard_size=None, **kwargs
):
    """Saves the model's weights (and optimizer state) to `.weights.h5`.

    The file uses upstream Keras 3's layout, keyed by the model's object
    tree (e.g. `layers/dense/vars/0` for the kernel of the first `Dense`
    layer, `optimizer/vars/0` for the optimizer's iteration count; see
    `keras.src.saving.object_tree`), so upstream Keras loads it too.
    Sharded files keep this package's path-keyed layout. The file is
    written to a temporary file that then replaces `filepath`.

    Sharded (distributed) variables are saved with their global values,
    one variable at a time, so the file loads under any distribution (or
    none). In a multi-process run, call it on every process: process 0
    writes the file, the others take part in gathering the sharded
    variables, and all return once the file is in place.

    Args:
        model: The Keras model.
        filepath: Path of the file, ending in `.weights.h5` (or in
            `.weights.json` with `max_shard_size`).
        overwrite: Whether to replace an existing file.
        max_shard_size: Optional size limit, in GiB, of each file: the
            weights are then spread over `<name>_00000.weights.h5`, ...
            listed by the `<name>.weights.json` index file.
        **kwargs: `objects_to_skip`: optional layers whose weights are
            left out of the file.
    """
    objects_to_skip = kwargs.pop("objects_to_skip", None)
    _check_kwargs(kwargs, "save_weights")
    filepath = file_utils.path_to_string(filepath)
    suffix = _SHARDED_SUFFIX if max_shard_size is not None else _WEIGHTS_SUFFIX
    if not str(filepath).endswith(suffix):
        raise ValueError(
            f"The filename must end in `{suffix}`. Received: "
            f"filepath={filepath}"
        )
    _check_overwrite(filepath, overwrite)
    saving_lib.save_weights_only(
        model,
        filepath,
        max_shard_size=max_shard_size,
        objects_to_skip=objects_to_skip,
    )


@keras_export("keras.saving.load_weights")
def load_weights(model, filepath, skip_mismatch=False, **kwargs):
    """Loads weights saved by `save_weights` (or from a `.keras` file).

    Variables are matched by where they sit in the model's object tree
    (upstream Keras' layout, see `keras.src.saving.object_tree`), so files
    upstream Keras writes load too; files in this package's earlier
    path-keyed layout, and sharded ones, are matched by path. All shapes
    and counts are checked before any variable changes, so on error the
    model is unchanged. Each value
    is laid out like the variable it is loaded into (the current
    distribution's layout), whatever the layout it was saved with. In a
    multi-process run, every process loads the file.

    Legacy `.h5`/`.hdf5` files (see `legacy_h5_format`) are matched layer
    by layer instead (by position, or by name with `by_name=True`).

    Args:
        model: The Keras model to load into.
        filepath: Path of a `.weights.h5`, sharded `.weights.json`,
            `.keras` or legacy `.h5` file, or of a folder written by
            `keras.callbacks.OrbaxCheckpoint` (its latest checkpoint is
            loaded, matching variables by path).
        skip_mismatch: If `True`, variables whose shape differs, that are
            missing from the file or that the model lacks are skipped with
            a warning instead of raising a `ValueError`.
        **kwargs: `objects_to_skip` (`.weights.h5` and `.weights.json`
            files): layers left as they are, whose weights the file may or
            may not hold; `by_name` (legacy `.h5` files only).
    """
    filepath = file_utils.path_to_string(filepath)
    path = str(filepath)
    if path.endswith(_MODEL_SUFFIX):
        _refuse_kwargs(kwargs, path, allowed=())
        saving_lib.load_weights_only(
            model, filepath, skip_mismatch=skip_mismatch
        )
    elif path.endswith((_WEIGHTS_SUFFIX, _SHARDED_SUFFIX)):
        _refuse_kwargs(kwargs, path, allowed=("objects_to_skip",))
        saving_lib.load_weights_only(
            model,
            filepath,
            skip_mismatch=skip_mismatch,
            objects_to_skip=kwargs.get("objects_to_skip"),
        )
    elif path.endswith(_LEGACY_SUFFIXES):
        _refuse_kwargs(kwargs, path, allowed=("by_name",))
        from keras.src.legacy.saving import legacy_h5_format

        if not os.path.exists(path):
            raise ValueError(f"File not found: filepath={path}.")
        if not legacy_h5_format.is_legacy_h5(path):
            # A native weights file with another extension.
            saving_lib.load_weights_only(
                model, path, skip_mismatch=skip_mismatch
            )
            return
        legacy_h5_format.load_weights(
            model,
            path,
            skip_mismatch=skip_mismatch,
            by_name=kwargs.get("by_name", False),
        )
    elif orbax_util.is_orbax_checkpoint(path):
        _refuse_kwargs(kwargs, path, allowed=())
        orbax_util.load_weights(model, path, skip_mismatch=skip_mismatch)
    else:
        raise ValueError(
            f"File format not supported: filepath={filepath}. Keras 3 loads "
            f"weights from `{_WEIGHTS_SUFFIX}`, `{_SHARDED_SUFFIX}`, "
            f"`{_MODEL_SUFFIX}` and legacy `.h5`/`.hdf5` files, and from "
            "folders of Orbax checkpoints."
        )


def _refuse_kwargs(kwargs, filepath, allowed):
    for name in kwargs:
        if name in allowed:
            continue
        if name == "objects_to_skip":
            raise ValueError(
                "`objects_to_skip` only supports loading '.weights.h5' files. "
                f"Received: {filepath}"
            )
        if name == "by_name":
            raise ValueError(
                "`by_name` only supports loading legacy '.h5' or '.hdf5' "
                f"files. Received: {filepath}"
            )
        raise ValueError(
            f"Invalid keyword arguments: {sorted(kwargs)} (this file type "
            f"accepts {list(allowed) or 'none'}). Received: {filepath}"
        )
