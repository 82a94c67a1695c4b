"""Shorter tracebacks: hide Keras' internal frames from user errors."""

import functools
import os
import types

from keras.src.api_export import keras_export
from keras.src.backend.common import global_state

_KERAS_SRC = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@keras_export("keras.config.enable_traceback_filtering")
def enable_traceback_filtering():
    """Hides Keras' internal frames from the tracebacks of errors raised
    through Keras calls (the default).

    The error is the same; its traceback just skips the frames of Keras'
    own code, which makes the frames of your code easier to find.
    """
    global_state.set_global_attribute("traceback_filtering", True)


@keras_export("keras.config.disable_traceback_filtering")
def disable_traceback_filtering():
    """Keeps the full tracebacks of errors raised through Keras calls,
    Keras' internal frames included (useful to debug Keras itself)."""
    global_state.set_global_attribute("traceback_filtering", False)


@keras_export("keras.config.is_traceback_filtering_enabled")
def is_traceback_filtering_enabled():
    """Returns whether tracebacks are filtered (see
    `keras.config.enable_traceback_filtering`)."""
    return (
        global_state.get_global_attribute("traceback_filtering", default=True)
        is not False
    )


def _is_internal(frame):
    return os.path.abspath(frame.f_code.co_filename).startswith(_KERAS_SRC)


def _filtered(tb):
    """A copy of traceback `tb` without Keras' frames (or `tb` itself when
    every frame is internal)."""
    frames = []
    while tb is not None:
        if not _is_internal(tb.tb_frame):
            frames.append((tb.tb_frame, tb.tb_lasti, tb.tb_lineno))
        tb = tb.tb_next
    if not frames:
        return None
    result = None
    for frame, lasti, lineno in reversed(frames):
        result = types.TracebackType(result, frame, lasti, lineno)
    return result


def filter_traceback(fn):
    """Decorator: errors raised by `fn` lose Keras' internal frames from
    their traceback while filtering is enabled."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        if not is_traceback_filtering_enabled():
            return fn(*args, **kwargs)
        try:
            return fn(*args, **kwargs)
        except Exception as e:
            tb = _filtered(e.__traceback__)
            if tb is None:
                raise
            raise e.with_traceback(tb)

    return wrapper
