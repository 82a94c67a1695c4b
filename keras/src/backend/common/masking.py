"""Keras masks: a boolean tensor attached to a tensor, telling downstream
layers which timesteps (or other entries) to ignore.

A mask is stored as the `_keras_mask` attribute of the tensor when the
tensor accepts attributes (concrete JAX arrays, `KerasTensor`s). Values
that do not (JAX tracers inside `jit` or `grad`) get it in a side table
keyed by object identity; each entry holds a weak reference to its tensor
and is dropped when the tensor is garbage collected.
"""

import weakref

_ATTRIBUTE = "_keras_mask"
# id(tensor) -> (weak reference to the tensor, mask)
_SIDE_TABLE = {}


def _forget(key):
    def callback(_):
        _SIDE_TABLE.pop(key, None)

    return callback


def set_keras_mask(x, mask):
    """Attaches `mask` to the tensor `x` (`None` removes it).

    Args:
        x: A tensor or `KerasTensor`.
        mask: A boolean tensor broadcastable to the leading axes of `x`,
            or `None`.
    """
    key = id(x)
    try:
        if mask is None:
            if hasattr(x, _ATTRIBUTE):
                delattr(x, _ATTRIBUTE)
        else:
            setattr(x, _ATTRIBUTE, mask)
            # Some types (JAX tracers) accept the assignment silently.
            if getattr(x, _ATTRIBUTE, None) is mask:
                _SIDE_TABLE.pop(key, None)
                return
    except AttributeError:
        pass
    if mask is None:
        _SIDE_TABLE.pop(key, None)
        return
    try:
        ref = weakref.ref(x, _forget(key))
    except TypeError:
        # Neither attributes nor weak references (e.g. Python scalars):
        # such values cannot carry a mask.
        return
    _SIDE_TABLE[key] = (ref, mask)


def get_keras_mask(x):
    """Returns the mask attached to `x`, or `None`."""
    if x is None:
        return None
    try:
        mask = getattr(x, _ATTRIBUTE, None)
    except Exception:
        mask = None
    if mask is not None:
        return mask
    entry = _SIDE_TABLE.get(id(x))
    if entry is not None and entry[0]() is x:
        return entry[1]
    return None


def with_mask_of(source, result):
    """Returns `result` carrying the mask of `source` (if it has one).

    For functions that return a new tensor standing for the same values,
    such as a sharding constraint: the mask would otherwise be lost.
    """
    if result is not source:
        mask = get_keras_mask(source)
        if mask is not None:
            set_keras_mask(result, mask)
    return result
