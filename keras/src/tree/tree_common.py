"""Pieces shared by the `keras.tree` implementations."""

import numbers

from keras.src.api_export import keras_export


class _MapToNone:
    """The type of `MAP_TO_NONE`: one instance, shown by name."""

    def __repr__(self):
        return "keras.tree.MAP_TO_NONE"


MAP_TO_NONE = _MapToNone()
# `MAP_TO_NONE` is a value, not a class or function: give it the name the
# API generator writes in `from ... import MAP_TO_NONE`.
MAP_TO_NONE.__name__ = "MAP_TO_NONE"
keras_export("keras.tree.MAP_TO_NONE")(MAP_TO_NONE)


def is_shape_tuple(x):
    """Whether `x` looks like a shape: a list or tuple (not a namedtuple)
    of which every item is an integer or `None`."""
    if not isinstance(x, (list, tuple)) or hasattr(type(x), "_fields"):
        return False
    return all(
        e is None
        or (isinstance(e, numbers.Integral) and not isinstance(e, bool))
        for e in x
    )


def check_callable(func):
    if not callable(func):
        raise TypeError(f"`func` must be callable. Received: func={func!r}")


def structure_mismatch_error(a, b, detail=None):
    message = (
        "The two structures don't have the same nested structure.\n"
        f"First structure: {a!r}\nSecond structure: {b!r}"
    )
    if detail:
        message += f"\nMore specifically: {detail}"
    return ValueError(message)


def paths_mismatch_error(a_paths, b_paths):
    only_a = sorted(map(repr, a_paths - b_paths))
    only_b = sorted(map(repr, b_paths - a_paths))
    return ValueError(
        "The two structures don't have the same paths. "
        f"Paths only in the first: [{', '.join(only_a)}]. "
        f"Paths only in the second: [{', '.join(only_b)}]."
    )


def assert_same_paths(a, b, flatten_with_path):
    """`assert_same_paths` for an implementation given by its
    `flatten_with_path`."""
    a_paths = set(path for path, _ in flatten_with_path(a))
    b_paths = set(path for path, _ in flatten_with_path(b))
    if a_paths != b_paths:
        raise paths_mismatch_error(a_paths, b_paths)


def lists_to_tuples(structure, traverse):
    """`lists_to_tuples` for an implementation given by its `traverse`."""

    def to_tuple(x):
        return tuple(x) if isinstance(x, list) else None

    return traverse(to_tuple, structure, top_down=False)


def as_flat_list(flat_sequence):
    """`flat_sequence` as a list; `TypeError` if it is not iterable."""
    if isinstance(flat_sequence, (str, bytes)) or not hasattr(
        flat_sequence, "__iter__"
    ):
        raise TypeError(
            "`flat_sequence` must be an iterable of leaves, such as a list. "
            f"Received: {flat_sequence!r}"
        )
    return list(flat_sequence)


def check_leaf_count(structure, expected, received):
    if received == expected:
        return
    which = "few" if received < expected else "many"
    raise ValueError(
        f"Too {which} leaves to pack into the structure: expected: "
        f"{expected}, while `flat_sequence` holds {received}. "
        f"Structure: {structure!r}"
    )


def traverse(func, structure, top_down, is_nested, children):
    """`traverse` for an implementation given by two functions.

    Args:
        func: The user's visitor (see `keras.tree.traverse`).
        structure: The structure to walk.
        top_down: Whether `func` sees a container before its children.
        is_nested: Tells whether a value is a container.
        children: Maps a container to `(items, rebuild)`, where
            `rebuild(new_items)` makes a container of the same kind.
    """
    check_callable(func)

    def top_down_visit(node):
        result = func(node)
        if result is not None:
            # A replaced container is not explored further.
            return None if result is MAP_TO_NONE else result
        if not is_nested(node):
            return node
        items, rebuild = children(node)
        return rebuild([top_down_visit(item) for item in items])

    def bottom_up_visit(node):
        if is_nested(node):
            items, rebuild = children(node)
            node = rebuild([bottom_up_visit(item) for item in items])
        result = func(node)
        if result is None:
            return node
        return None if result is MAP_TO_NONE else result

    if top_down:
        return top_down_visit(structure)
    return bottom_up_visit(structure)
