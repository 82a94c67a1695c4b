"""The public `keras.tree` API: utilities for nested structures.

A structure is a leaf or a container of structures. Containers are
tuples, lists, `collections.deque`s, namedtuples, dicts, `OrderedDict`s,
`defaultdict`s and Keras' tracked containers (`TrackedList`, ...).
Everything else is a leaf, `None` included, and so are strings, sets,
NumPy arrays and tensors.

Dicts and `defaultdict`s are visited in sorted key order; `OrderedDict`s
in insertion order. The work is done by optree when it is installed,
otherwise by dm-tree.
"""

import warnings

from keras.src.api_export import keras_export
from keras.src.tree.tree_common import MAP_TO_NONE  # noqa: F401
from keras.src.utils.module_utils import dmtree
from keras.src.utils.module_utils import optree

if optree.available:
    from keras.src.tree import optree_impl as tree_impl
elif dmtree.available:
    from keras.src.tree import dmtree_impl as tree_impl
else:
    raise ImportError(
        "Keras needs `optree` (recommended) or `dm-tree` for its nested "
        "structure utilities. Install one with `pip install optree`."
    )


def register_tree_node_class(cls):
    """Makes `cls` a container for every `keras.tree` function.

    `cls` must define `tree_flatten(self)`, returning
    `(children, metadata)` or `(children, metadata, path_entries)`, and
    the classmethod `tree_unflatten(cls, metadata, children)` that
    rebuilds an instance. Usable as a class decorator.

    Args:
        cls: The class to register.

    Returns:
        `cls`.
    """
    return tree_impl.register_tree_node_class(cls)


@keras_export("keras.tree.is_nested")
def is_nested(structure):
    """Tells whether a value is a container rather than a leaf.

    Args:
        structure: Any value.

    Returns:
        `True` for tuples, lists, deques, namedtuples, dicts (of any of
        the supported kinds) and tracked containers; `False` otherwise,
        e.g. for strings, sets, arrays and `None`.

    Example:

    >>> keras.tree.is_nested([1, 2])
    True
    >>> keras.tree.is_nested("text")
    False
    """
    return tree_impl.is_nested(structure)


@keras_export("keras.tree.traverse")
def traverse(func, structure, top_down=True):
    """Walks a structure, letting `func` replace any part of it.

    `func` is called on every container and leaf. Its return value
    decides what happens to that part:

    - `None`: keep the part (a container's children are then visited and
      it is rebuilt from their results);
    - `keras.tree.MAP_TO_NONE`: replace the part with `None`;
    - anything else: replace the part with that value.

    Top-down (the default), `func` sees a container before its children,
    and a container it replaces is not explored. Bottom-up, the children
    are processed first and `func` sees the container rebuilt from them.

    Args:
        func: A callable taking one argument.
        structure: The structure to walk.
        top_down: Whether to visit containers before their children.

    Returns:
        The transformed structure.

    Example:

    >>> def shorten(x):
    ...     return "..." if isinstance(x, tuple) else None
    >>> keras.tree.traverse(shorten, [1, (2, 3), [4]])
    [1, '...', [4]]
    """
    return tree_impl.traverse(func, structure, top_down=top_down)


@keras_export("keras.tree.flatten")
def flatten(structure):
    """Lists the leaves of a structure, in a stable order.

    Dict values come in sorted key order (`OrderedDict` values in
    insertion order). A leaf flattens to a list holding it.

    Args:
        structure: The structure to flatten.

    Returns:
        A list of leaves.

    Example:

    >>> keras.tree.flatten({"b": [2, None], "a": 1})
    [1, 2, None]
    """
    return tree_impl.flatten(structure)


@keras_export("keras.tree.flatten_with_path")
def flatten_with_path(structure):
    """Lists the leaves of a structure with where each one sits.

    A path is a tuple of the indices and keys leading from the root to
    the leaf; a lone leaf has the empty path `()`.

    Args:
        structure: The structure to flatten.

    Returns:
        A list of `(path, leaf)` pairs, in the order of `flatten`.

    Example:

    >>> keras.tree.flatten_with_path({"w": [5, 6], "b": 7})
    [(('b',), 7), (('w', 0), 5), (('w', 1), 6)]
    """
    return tree_impl.flatten_with_path(structure)


@keras_export("keras.tree.map_structure")
def map_structure(func, *structures):
    """Applies `func` leaf by leaf across structures of the same shape.

    With several structures, `func` receives their leaves at the same
    position. The structures must match as in `assert_same_structure`;
    the result takes the container types of the first one.

    Args:
        func: A callable taking as many arguments as there are
            structures.
        *structures: One or more structures.

    Returns:
        A structure like the first one, holding `func`'s results.

    Raises:
        TypeError: If `func` is not callable.
        ValueError: If no structure is given or they do not match.

    Example:

    >>> keras.tree.map_structure(lambda x, y: x * y, (2, [3]), (10, [100]))
    (20, [300])
    """
    return tree_impl.map_structure(func, *structures)


@keras_export("keras.tree.map_structure_up_to")
def map_structure_up_to(shallow_structure, func, *structures):
    """Like `map_structure`, but only down to the depth of a shallow
    structure.

    Where `shallow_structure` has a leaf, `func` receives the whole
    corresponding part of each structure, however deep it is.

    Args:
        shallow_structure: A structure that is a prefix of every one of
            `structures`.
        func: A callable taking as many arguments as there are
            structures.
        *structures: One or more structures.

    Returns:
        A structure shaped like `shallow_structure`.

    Example:

    >>> keras.tree.map_structure_up_to(
    ...     (None, None), lambda part: len(part), ([1, 2, 3], {"k": 0})
    ... )
    (3, 1)
    """
    return tree_impl.map_structure_up_to(shallow_structure, func, *structures)


@keras_export("keras.tree.assert_same_structure")
def assert_same_structure(a, b, check_types=None):
    """Checks that two structures are built the same way.

    The containers must match in type (dicts, `OrderedDict`s and
    `defaultdict`s may stand for one another), length and keys; leaves
    may differ.

    Args:
        a: A structure.
        b: Another structure.
        check_types: Ignored; kept for compatibility. Types are always
            compared.

    Raises:
        ValueError: If the structures differ.

    Example:

    >>> keras.tree.assert_same_structure([1, (2, 3)], [4, (5, 6)])
    >>> keras.tree.assert_same_structure([1, 2], (1, 2))
    Traceback (most recent call last):
    ValueError: Expected an instance of list, got (1, 2).
    """
    if check_types is not None:
        warnings.warn(
            "The `check_types` argument of `keras.tree.assert_same_structure`"
            " has no effect: container types are always compared.",
            stacklevel=2,
        )
    return tree_impl.assert_same_structure(a, b)


@keras_export("keras.tree.assert_same_paths")
def assert_same_paths(a, b):
    """Checks that two structures have leaves at the same paths.

    Unlike `assert_same_structure`, container types do not matter: a list
    and a tuple of equal lengths have the same paths, as do a dict and an
    `OrderedDict` with the same keys.

    Args:
        a: A structure.
        b: Another structure.

    Raises:
        ValueError: If the sets of paths differ.

    Example:

    >>> keras.tree.assert_same_paths([1, 2], (3, 4))
    """
    return tree_impl.assert_same_paths(a, b)


@keras_export("keras.tree.pack_sequence_as")
def pack_sequence_as(structure, flat_sequence):
    """Fills a structure with new leaves: the inverse of `flatten`.

    Args:
        structure: The structure giving the shape of the result.
        flat_sequence: An iterable with exactly as many leaves as
            `structure`, in `flatten` order.

    Returns:
        A structure like `structure` holding the leaves of
        `flat_sequence`.

    Raises:
        TypeError: If `flat_sequence` is not iterable.
        ValueError: If the number of leaves does not match.

    Example:

    >>> keras.tree.pack_sequence_as({"b": 0, "a": [0, 0]}, [1, 2, 3])
    {'b': 3, 'a': [1, 2]}
    """
    return tree_impl.pack_sequence_as(structure, flat_sequence)


@keras_export("keras.tree.lists_to_tuples")
def lists_to_tuples(structure):
    """Turns every list in a structure, at any depth, into a tuple.

    Args:
        structure: A structure.

    Returns:
        The same structure with tuples in place of lists.

    Example:

    >>> keras.tree.lists_to_tuples({"x": [1, [2]]})
    {'x': (1, (2,))}
    """
    return tree_impl.lists_to_tuples(structure)


@keras_export("keras.tree.map_shape_structure")
def map_shape_structure(func, structure):
    """Maps `func` over a structure of shapes.

    A shape (a list or tuple whose items are all integers or `None`) is
    passed to `func` whole instead of being walked into; other leaves are
    passed as they are.

    Args:
        func: A callable taking one shape or leaf.
        structure: A structure of shapes.

    Returns:
        The structure with each shape and leaf replaced by `func`'s
        result.

    Example:

    >>> keras.tree.map_shape_structure(
    ...     lambda shape: shape[1:], {"x": (8, 4), "y": [(8, 2, 2)]}
    ... )
    {'x': (4,), 'y': [(2, 2)]}
    """
    return tree_impl.map_shape_structure(func, structure)
