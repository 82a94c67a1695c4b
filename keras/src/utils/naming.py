"""Unique, readable default names (`dense`, `dense_1`, ...)."""

import re

from keras.src.backend.common import global_state


def to_snake_case(name):
    name = re.sub(r"(.)([A-Z][a-z]+)", r"\1_\2", name)
    name = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name)
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
