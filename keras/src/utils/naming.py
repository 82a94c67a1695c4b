"""Unique, readable default names (`dense`, `dense_1`, ...)."""

import re

from keras.src.api_export import keras_export
from keras.src.backend.common import global_state


def to_snake_case(name):
    """`"MyLayer"` → `"my_layer"`. A digit stays attached to the capital
    that follows it (`"Conv2D"` → `"conv2d"`, `"L1L2"` → `"l1l2"`)."""
    name = re.sub(r"(.)([A-Z][a-z]+)", r"\1_\2", name)
    name = re.sub(r"([a-z])([A-Z])", r"\1_\2", name)
    return name.lower()


def uniquify(name):
    counts = global_state.get_global_attribute(
        "name_counts", default={}, set_to_default=True
    )
    count = counts.get(name, 0)
    counts[name] = count + 1
    return name if count == 0 else f"{name}_{count}"


def auto_name(prefix):
    return uniquify(to_snake_case(prefix))


@keras_export("keras.backend.get_uid")
def get_uid(prefix=""):
    """Returns how many times `get_uid(prefix)` was called, this call
    included: 1 the first time, then 2, 3...

    Counters are kept per prefix and reset by `clear_session()` (or
    `reset_uids()`).

    Args:
        prefix: The counter's name.

    Example:

    >>> keras.backend.get_uid("block")
    1
    >>> keras.backend.get_uid("block")
    2
    """
    uids = global_state.get_global_attribute(
        "uid_counts", default={}, set_to_default=True
    )
    uids[prefix] = uids.get(prefix, 0) + 1
    return uids[prefix]


def reset_uids():
    """Resets every `get_uid` counter."""
    global_state.set_global_attribute("uid_counts", {})


def get_object_name(obj):
    """A snake_case name for `obj`: its `name` attribute when it has one
    (Keras objects), else the name of the function or of its class."""
    name = getattr(obj, "name", None)
    if isinstance(name, str):
        return name
    if hasattr(obj, "__name__"):
        return to_snake_case(obj.__name__)
    return to_snake_case(obj.__class__.__name__)
