"""Where the current `keras.distribution.Distribution` is kept.

The backend reads it from here (sharded kernels, export, variable
creation) without importing `keras.src.distribution`, which is built on
the backend.
"""

from keras.src.backend.common import global_state

# The global-state key that holds it (`keras.distribution.set_distribution`).
GLOBAL_ATTRIBUTE_NAME = "distribution"


def get():
    """The current distribution, or `None`."""
    return global_state.get_global_attribute(GLOBAL_ATTRIBUTE_NAME)


def set(value):
    """Makes `value` (a `Distribution` or `None`) the current one."""
    global_state.set_global_attribute(GLOBAL_ATTRIBUTE_NAME, value)
