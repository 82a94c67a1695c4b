"""Global numeric configuration: float type, epsilon, image data format.

At import, the settings of `keras.json` in the Keras home directory (the
`KERAS_HOME` environment variable, else `~/.keras`) are read, as upstream
Keras reads them: `floatx`, `epsilon`, `image_data_format` and `backend`.
The file is only read, never created. An empty `KERAS_BACKEND` counts as
unset. The file's `backend` entry is read but only `"jax"` can take
effect: another name there is ignored, since upstream writes
`"tensorflow"` into the file by default, so it does not show a choice;
asking for another backend through `KERAS_BACKEND` is an error.
"""

import json
import os
import warnings

from keras.src.api_export import keras_export

_FLOATX = "float32"
_EPSILON = 1e-7
_IMAGE_DATA_FORMAT = "channels_last"
_BACKEND = "jax"
_SUPPORTED_BACKENDS = ("jax",)


def keras_home():
    """The Keras home directory: `$KERAS_HOME`, else `~/.keras`."""
    home = os.environ.get("KERAS_HOME")
    if home:
        return home
    return os.path.join(os.path.expanduser("~"), ".keras")


def _read_config_file():
    """The settings of `keras.json` (`{}` without a readable file)."""
    path = os.path.join(keras_home(), "keras.json")
    if not os.path.isfile(path):
        return path, {}
    try:
        with open(path, "r") as f:
            settings = json.load(f)
    except (OSError, ValueError) as e:
        warnings.warn(
            f"Ignoring the Keras config file '{path}': it is not readable "
            f"JSON ({e}).",
            stacklevel=2,
        )
        return path, {}
    if not isinstance(settings, dict):
        warnings.warn(
            f"Ignoring the Keras config file '{path}': it does not hold a "
            "JSON object.",
            stacklevel=2,
        )
        return path, {}
    return path, settings


def _apply_config_file():
    global _FLOATX, _EPSILON, _IMAGE_DATA_FORMAT
    path, settings = _read_config_file()
    try:
        if "floatx" in settings:
            _FLOATX = _checked_floatx(settings["floatx"])
        if "epsilon" in settings:
            _EPSILON = float(settings["epsilon"])
        if "image_data_format" in settings:
            _IMAGE_DATA_FORMAT = _checked_data_format(
                settings["image_data_format"]
            )
    except (TypeError, ValueError) as e:
        raise ValueError(
            f"Invalid setting in the Keras config file '{path}': {e} Fix or "
            "remove that entry."
        ) from e


def _check_backend_env():
    requested = os.environ.get("KERAS_BACKEND") or None
    if requested is not None and requested not in _SUPPORTED_BACKENDS:
        raise ValueError(
            "This Keras fork only supports the JAX backend. Received: "
            f"KERAS_BACKEND='{requested}'. Unset KERAS_BACKEND or set it to "
            "'jax'."
        )


_check_backend_env()


@keras_export(["keras.config.backend", "keras.backend.backend"])
def backend():
    """Returns the name of the current backend (always `"jax"`).

    Example:

    >>> keras.config.backend()
    'jax'
    """
    return _BACKEND


@keras_export(["keras.config.floatx", "keras.backend.floatx"])
def floatx():
    """Returns the default float type, as a string (e.g. `"float32"`)."""
    return _FLOATX


@keras_export(["keras.config.set_floatx", "keras.backend.set_floatx"])
def set_floatx(value):
    """Sets the default float type.

    Args:
        value: One of `"float16"`, `"bfloat16"`, `"float32"`, `"float64"`.
    """
    global _FLOATX
    _FLOATX = _checked_floatx(value)


def _checked_floatx(value):
    accepted = ("float16", "bfloat16", "float32", "float64")
    if value not in accepted:
        raise ValueError(
            f"Unknown `floatx` value. Received: value={value}. "
            f"Expected one of {accepted}."
        )
    return str(value)


@keras_export(["keras.config.epsilon", "keras.backend.epsilon"])
def epsilon():
    """Returns the fuzz factor used in numeric expressions (default 1e-7)."""
    return _EPSILON


@keras_export(["keras.config.set_epsilon", "keras.backend.set_epsilon"])
def set_epsilon(value):
    """Sets the fuzz factor used in numeric expressions.

    Args:
        value: A float.
    """
    global _EPSILON
    _EPSILON = float(value)


@keras_export(
    ["keras.config.image_data_format", "keras.backend.image_data_format"]
)
def image_data_format():
    """Returns `"channels_last"` or `"channels_first"`."""
    return _IMAGE_DATA_FORMAT


@keras_export(
    [
        "keras.config.set_image_data_format",
        "keras.backend.set_image_data_format",
    ]
)
def set_image_data_format(data_format):
    """Sets the image data format.

    Args:
        data_format: `"channels_last"` or `"channels_first"`.
    """
    global _IMAGE_DATA_FORMAT
    _IMAGE_DATA_FORMAT = _checked_data_format(data_format)


def _checked_data_format(data_format):
    name = str(data_format).lower()
    if name in ("channels_last", "channels_first"):
        return name
    raise ValueError(
        f"Unknown image data format {data_format!r}; use 'channels_last' "
        "(features on the last axis) or 'channels_first'."
    )


def standardize_data_format(data_format):
    """Lower-cased, checked `data_format`; `None` gives the global one."""
    if data_format is None:
        return image_data_format()
    return _checked_data_format(data_format)


@keras_export("keras.config.enable_flash_attention")
def enable_flash_attention():
    """Asks attention layers to use flash attention where they can.

    The request is recorded for the code that reads it through
    `keras.config.is_flash_attention_enabled()`. This fork's attention
    layers compute attention with regular XLA operations either way.
    """
    from keras.src.backend.common import global_state

    global_state.set_global_attribute("flash_attention", True)


@keras_export("keras.config.disable_flash_attention")
def disable_flash_attention():
    """Stops attention layers from using flash attention by default."""
    from keras.src.backend.common import global_state

    global_state.set_global_attribute("flash_attention", False)


@keras_export("keras.config.is_flash_attention_enabled")
def is_flash_attention_enabled():
    """Returns the flash attention setting.

    Returns:
        `True` after `enable_flash_attention()`, `False` after
        `disable_flash_attention()`, and `None` (let each layer decide) when
        neither was called.
    """
    from keras.src.backend.common import global_state

    return global_state.get_global_attribute("flash_attention", default=None)


@keras_export("keras.config.is_nnx_enabled")
def is_nnx_enabled():
    """Whether variables are Flax NNX variables.

    Always `False`: this fork has no Flax NNX integration, its variables
    are plain Keras variables holding JAX arrays.
    """
    return False


def _limit_from_env(name):
    """An optional positive int read from the environment variable `name`."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return None
    return _checked_limit(int(raw), name)


def _checked_limit(value, name):
    if value is None:
        return None
    if int(value) != value or value < 1:
        raise ValueError(
            f"`{name}` must be a positive integer or `None`. Received: "
            f"{value!r}"
        )
    return int(value)


# Caps on training length, e.g. for quick runs of a script meant to train
# for long; `None` means no cap.
_MAX_EPOCHS = _limit_from_env("KERAS_MAX_EPOCHS")
_MAX_STEPS_PER_EPOCH = _limit_from_env("KERAS_MAX_STEPS_PER_EPOCH")


@keras_export("keras.config.set_max_epochs")
def set_max_epochs(max_epochs):
    """Caps the number of epochs of every `fit()` call.

    A `fit(epochs=n)` call with `n` above the cap trains for the cap
    instead. The environment variable `KERAS_MAX_EPOCHS` sets the initial
    value.

    Args:
        max_epochs: A positive int, or `None` to remove the cap.

    Example:

    >>> keras.config.set_max_epochs(1)
    >>> keras.config.max_epochs()
    1
    >>> keras.config.set_max_epochs(None)
    """
    global _MAX_EPOCHS
    _MAX_EPOCHS = _checked_limit(max_epochs, "max_epochs")


@keras_export("keras.config.max_epochs")
def max_epochs():
    """The cap set by `set_max_epochs()`, or `None`."""
    return _MAX_EPOCHS


@keras_export("keras.config.set_max_steps_per_epoch")
def set_max_steps_per_epoch(max_steps_per_epoch):
    """Caps the number of steps in each epoch of the training loops.

    The environment variable `KERAS_MAX_STEPS_PER_EPOCH` sets the initial
    value.

    Args:
        max_steps_per_epoch: A positive int, or `None` to remove the cap.

    Example:

    >>> keras.config.set_max_steps_per_epoch(10)
    >>> keras.config.max_steps_per_epoch()
    10
    >>> keras.config.set_max_steps_per_epoch(None)
    """
    global _MAX_STEPS_PER_EPOCH
    _MAX_STEPS_PER_EPOCH = _checked_limit(
        max_steps_per_epoch, "max_steps_per_epoch"
    )


@keras_export("keras.config.max_steps_per_epoch")
def max_steps_per_epoch():
    """The cap set by `set_max_steps_per_epoch()`, or `None`."""
    return _MAX_STEPS_PER_EPOCH


_apply_config_file()
