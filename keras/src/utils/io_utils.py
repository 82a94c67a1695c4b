"""Console output helpers shared by `Progbar` and the callbacks."""

import sys

from keras.src.api_export import keras_export

# A process-wide setting; unlike the per-session Keras state it survives
# `keras.utils.clear_session()`.
_INTERACTIVE_LOGGING = {"enabled": True}


@keras_export(
    [
        "keras.config.enable_interactive_logging",
        "keras.utils.enable_interactive_logging",
    ]
)
def enable_interactive_logging():
    """Turns on interactive logging.

    When interactive logging is enabled (the default), Keras writes its
    progress bars and messages straight to `sys.stdout`. Otherwise they go
    through `absl.logging`, which suits non-interactive environments.

    Example:

    >>> keras.config.enable_interactive_logging()
    >>> keras.config.is_interactive_logging_enabled()
    True
    """
    _INTERACTIVE_LOGGING["enabled"] = True


@keras_export(
    [
        "keras.config.disable_interactive_logging",
        "keras.utils.disable_interactive_logging",
    ]
)
def disable_interactive_logging():
    """Turns off interactive logging.

    Keras messages then go through `absl.logging` instead of `sys.stdout`.

    Example:

    >>> keras.config.disable_interactive_logging()
    >>> keras.config.is_interactive_logging_enabled()
    False
    >>> keras.config.enable_interactive_logging()
    """
    _INTERACTIVE_LOGGING["enabled"] = False


@keras_export(
    [
        "keras.config.is_interactive_logging_enabled",
        "keras.utils.is_interactive_logging_enabled",
    ]
)
def is_interactive_logging_enabled():
    """Returns whether interactive logging is enabled.

    Returns:
        `True` when Keras writes its messages to `sys.stdout`, `False` when
        it sends them to `absl.logging`.

    Example:

    >>> keras.config.is_interactive_logging_enabled()
    True
    """
    return _INTERACTIVE_LOGGING["enabled"]


def print_msg(message, line_break=True):
    """Prints `message` to stdout, or logs it when logging is not interactive.

    Args:
        message: The string to print.
        line_break: Whether to end the message with a newline (only used in
            interactive mode).
    """
    if is_interactive_logging_enabled():
        message = message + "\n" if line_break else message
        try:
            sys.stdout.write(message)
        except UnicodeEncodeError:
            # A console whose encoding lacks some characters (e.g. the
            # progress bar's): write what it can, replacing the rest.
            encoding = getattr(sys.stdout, "encoding", None) or "ascii"
            sys.stdout.write(
                message.encode(encoding, errors="replace").decode(encoding)
            )
        sys.stdout.flush()
    else:
        # Imported here: `absl` is only needed in non-interactive mode.
        from absl import logging

        logging.info(message)


_LOGGING_LEVELS = ("FATAL", "ERROR", "WARNING", "INFO", "DEBUG")


@keras_export("keras.utils.set_logging_verbosity")
def set_logging_verbosity(level):
    """Sets how verbose Keras' non-interactive logging (`absl.logging`) is.

    Args:
        level: One of `"FATAL"`, `"ERROR"`, `"WARNING"`, `"INFO"` (messages
            of that level and more severe ones are shown) or `"DEBUG"`
            (everything is shown).

    Example:

    >>> keras.utils.set_logging_verbosity("WARNING")
    """
    if level not in _LOGGING_LEVELS:
        raise ValueError(
            f"Invalid logging verbosity: {level}. Expected one of "
            f"{_LOGGING_LEVELS}."
        )
    from absl import logging

    logging.set_verbosity(level.lower())


def ask_to_proceed_with_overwrite(filepath):
    """Asks the user whether to overwrite `filepath`.

    Args:
        filepath: The path of the file that would be overwritten.

    Returns:
        `True` if the user answered yes, `False` otherwise.
    """
    answer = input(f"[WARNING] {filepath} already exists - overwrite? [y/n]")
    while answer.strip().lower() not in ("y", "n"):
        answer = input('Enter "y" (overwrite) or "n" (cancel).')
    if answer.strip().lower() == "n":
        return False
    print_msg("[TIP] Next time specify overwrite=True!")
    return True
