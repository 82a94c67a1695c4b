"""Readable errors: hide Keras' internal frames from user tracebacks, and
name the operation and the arguments of a failed call in its error."""

import functools
import inspect
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


# Set on an error that already names the call it came from, so that the
# calls enclosing it leave it as it is.
CALL_INFO_FLAG = "_keras_call_info_injected"


def _describe(value):
    """A short text for one argument: tensors by shape and dtype, nested
    lists, tuples and dicts element by element, anything else by repr."""
    if isinstance(value, (list, tuple)):
        parts = [_describe(v) for v in value]
        if isinstance(value, list):
            return "[" + ", ".join(parts) + "]"
        return "(" + ", ".join(parts) + ("," if len(parts) == 1 else "") + ")"
    if isinstance(value, dict):
        return (
            "{"
            + ", ".join(f"{k}={_describe(v)}" for k, v in value.items())
            + "}"
        )
    if hasattr(value, "shape") and hasattr(value, "dtype"):
        module = type(value).__module__ or ""
        if module.startswith(("jax", "jaxlib")):
            return (
                f"jnp.ndarray(shape={tuple(value.shape)}, dtype={value.dtype})"
            )
    return repr(value)


def _arguments_of(fn, args, kwargs):
    """`{name: value}` of a call of `fn`, defaults included; the raw
    `args` and `kwargs` when they do not fit its signature (None when
    there is nothing to list then)."""
    try:
        bound = inspect.signature(fn).bind(*args, **kwargs)
    except (TypeError, ValueError):
        if not args and not kwargs:
            return None
        return {"args": tuple(args), "kwargs": dict(kwargs)}
    bound.apply_defaults()
    return bound.arguments


def inject_argument_info_in_error(e, fn, args, kwargs, object_name=None):
    """An error like `e` whose message also names the call it came from.

    The new message starts with `object_name` (by default `fn`'s name),
    then `e`'s own message, then each argument of the call, tensors
    described by shape and dtype. The new error has `e`'s type when that
    type can be built from a message, else it is a `RuntimeError`; it is
    marked (attribute `_keras_call_info_injected`) so that enclosing calls
    do not add their own names.

    Args:
        e: The error raised by the call.
        fn: The function called (its signature names the arguments).
        args: The positional arguments of the call.
        kwargs: The keyword arguments of the call.
        object_name: The name to report, e.g. `"Dense.call()"`.

    Returns:
        The new error, or `e` itself when there are no arguments to report
        or the new error cannot be marked.
    """
    arguments = _arguments_of(fn, args, kwargs)
    if arguments is None:
        return e
    name = object_name or getattr(fn, "__name__", repr(fn))
    message = e.args[0] if e.args else ""
    listing = "\n".join(
        f"  \u2022 {key}={_describe(value)}" for key, value in arguments.items()
    )
    text = (
        f"Exception encountered when calling {name}.\n\n"
        f"\x1b[1m{message}\x1b[0m\n\n"
        f"Arguments received by {name}:\n{listing}"
    )
    try:
        new_error = type(e)(text)
    except Exception:
        new_error = RuntimeError(text)
    try:
        setattr(new_error, CALL_INFO_FLAG, True)
    except Exception:
        return e
    return new_error


class argument_info_on_error:
    """Scope of a call of `operation` (a layer or an op) with `args` and
    `kwargs`: while traceback filtering is enabled, an error raised inside
    also names `<class>.call()` and the arguments received (see
    `inject_argument_info_in_error`); errors that already name a call
    (raised by a nested layer or op) pass unchanged.

    (A class rather than a generator: a `StopIteration` raised inside must
    keep its type.)
    """

    def __init__(self, operation, args, kwargs):
        self.operation = operation
        self.args = args
        self.kwargs = kwargs

    def __enter__(self):
        return self

    def __exit__(self, error_type, error, traceback):
        if (
            error is None
            or not isinstance(error, Exception)
            or not is_traceback_filtering_enabled()
            or getattr(error, CALL_INFO_FLAG, False)
        ):
            return False
        new_error = inject_argument_info_in_error(
            error,
            self.operation.call,
            self.args,
            self.kwargs,
            object_name=f"{type(self.operation).__name__}.call()",
        )
        if new_error is error:
            return False
        raise new_error.with_traceback(traceback) from None
