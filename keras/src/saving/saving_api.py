"""Public saving API: `save_model`, `load_model`, `save_weights`,
`load_weights`."""

import os

from keras.src.api_export import keras_export
from keras.src.saving import saving_lib

_WEIGHTS_SUFFIX = ".weights.h5"
_MODEL_SUFFIX = ".keras"


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
        filepath: Path of the file, ending in `.keras`.
        overwrite: Whether to replace an existing file. If `False` and the
            file exists, a `ValueError` is raised.
        zipped: Whether to write a zip archive (default) or a directory
            holding the same files.
        **kwargs: No other argument is supported by the native format.

    Example:

    ```python
    net = keras.Sequential([keras.Input((6,)), keras.layers.Dense(4)])
    keras.saving.save_model(net, "checkpoints/net_v1.keras")
    ```
    """
    save_format = kwargs.pop("save_format", None)
    if save_format not in (None, "keras"):
        raise ValueError(
            "Only the native Keras format is supported. Received: "
            f"save_format={save_format}"
        )
    _check_kwargs(kwargs, "save_model")
    filepath = os.fspath(filepath)
    if not str(filepath).endswith(_MODEL_SUFFIX):
        raise ValueError(
            "Invalid filepath extension for saving. The filepath must end "
            f"in `{_MODEL_SUFFIX}` (the native Keras format). Received: "
            f"filepath={filepath}"
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
        filepath: Path of the `.keras` file (or unzipped directory).
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
    filepath = os.fspath(filepath)
    is_keras_dir = os.path.isdir(filepath) and os.path.exists(
        os.path.join(filepath, saving_lib.CONFIG_FILENAME)
    )
    if not (str(filepath).endswith(_MODEL_SUFFIX) or is_keras_dir):
        raise ValueError(
            "File format not supported: filepath="
            f"{filepath}. Keras 3 only supports `{_MODEL_SUFFIX}` files "
            "(saved with `model.save()`); load `.weights.h5` files with "
            "`model.load_weights()`."
        )
    # Same argument order as `saving_lib.load_model`.
    return saving_lib.load_model(filepath, custom_objects, compile, safe_mode)


@keras_export("keras.saving.save_weights")
def save_weights(model, filepath, overwrite=True, **kwargs):
    """Saves the model's weights (and optimizer state) to `.weights.h5`.

    Each variable is a dataset named after its path (e.g.
    `layers/sequential/dense/kernel`; optimizer variables under
    `optimizer/`, seed generator states under `seed_generators/`). The
    file is written to a temporary file that then replaces `filepath`.

    Sharded (distributed) variables are saved with their global values,
    one variable at a time, so the file loads under any distribution (or
    none). In a multi-process run, call it on every process: process 0
    writes the file, the others take part in gathering the sharded
    variables, and all return once the file is in place.

    Args:
        model: The Keras model.
        filepath: Path of the file, ending in `.weights.h5`.
        overwrite: Whether to replace an existing file.
        **kwargs: No other argument is supported.
    """
    _check_kwargs(kwargs, "save_weights")
    filepath = os.fspath(filepath)
    if not str(filepath).endswith(_WEIGHTS_SUFFIX):
        raise ValueError(
            f"The filename must end in `{_WEIGHTS_SUFFIX}`. Received: "
            f"filepath={filepath}"
        )
    _check_overwrite(filepath, overwrite)
    saving_lib.save_weights_only(model, filepath)


@keras_export("keras.saving.load_weights")
def load_weights(model, filepath, skip_mismatch=False, **kwargs):
    """Loads weights saved by `save_weights` (or from a `.keras` file).

    Variables are matched by path. All shapes and names are checked before
    any variable changes, so on error the model is unchanged. Each value
    is laid out like the variable it is loaded into (the current
    distribution's layout), whatever the layout it was saved with. In a
    multi-process run, every process loads the file.

    Args:
        model: The Keras model to load into.
        filepath: Path of a `.weights.h5` or `.keras` file.
        skip_mismatch: If `True`, variables whose shape differs, that are
            missing from the file or that the model lacks are skipped with
            a warning instead of raising a `ValueError`.
        **kwargs: No other argument is supported.
    """
    _check_kwargs(kwargs, "load_weights")
    filepath = os.fspath(filepath)
    if not (
        str(filepath).endswith(_WEIGHTS_SUFFIX)
        or str(filepath).endswith(_MODEL_SUFFIX)
    ):
        raise ValueError(
            f"The filename must end in `{_WEIGHTS_SUFFIX}` (or "
            f"`{_MODEL_SUFFIX}`). Received: filepath={filepath}"
        )
    saving_lib.load_weights_only(model, filepath, skip_mismatch=skip_mismatch)
