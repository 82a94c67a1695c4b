"""`keras.tree` implemented with dm-tree, for when optree is missing.

dm-tree sorts the keys of every mapping (`OrderedDict`s included), names
namedtuple paths by field and knows nothing of registered classes, so the
walking, ordering and checking rules are written here in Python, to agree
with the optree implementation:

- containers are tuples, lists, `collections.deque`s, namedtuples, dicts,
  `OrderedDict`s, `defaultdict`s and the classes registered with
  `register_tree_node_class`; everything else is a leaf (`None` too);
- dicts and `defaultdict`s are visited in sorted key order, `OrderedDict`s
  in insertion order; paths use indices for sequences (namedtuples too)
  and keys for mappings.

Mapping several structures at once is left to dm-tree's compiled
`map_structure` once the structures are checked to match. dm-tree sees
list and dict subclasses as containers but other registered classes
(such as `TrackedSet`) as leaves, so there `func` receives those whole.
"""

import collections

from keras.src.tree import tree_common
from keras.src.utils.module_utils import dmtree

_REGISTRY = {}
_DICT_TYPES = (dict, collections.OrderedDict, collections.defaultdict)
_SEQUENCE_TYPES = (tuple, list, collections.deque)


def register_tree_node_class(cls):
    """Registers `cls` as a container.

    `cls` defines `tree_flatten(self)`, returning `(children, metadata)` or
    `(children, metadata, path_entries)`, and the classmethod
    `tree_unflatten(cls, metadata, children)`. Registering twice is a no-op.
    """
    _REGISTRY[cls] = cls
    return cls


def _is_namedtuple(x):
    return isinstance(x, tuple) and hasattr(type(x), "_fields")


def is_nested(structure):
    kind = type(structure)
    return (
        kind in _REGISTRY
        or kind in _DICT_TYPES
        or kind in _SEQUENCE_TYPES
        or _is_namedtuple(structure)
    )


def _sorted_keys(mapping):
    try:
        return sorted(mapping)
    except TypeError:
        return list(mapping)


def _node(x):
    """`(children, path_entries, rebuild, metadata)` of a container.

    `metadata` is what two containers of the same type must share to
    match: the flatten metadata of registered classes, `None` otherwise.
    """
    kind = type(x)
    if kind in _REGISTRY:
        out = x.tree_flatten()
        children, metadata = list(out[0]), out[1]
        if len(out) > 2 and out[2] is not None:
            entries = tuple(out[2])
        else:
            entries = tuple(range(len(children)))
        return (
            children,
            entries,
            lambda new: kind.tree_unflatten(metadata, list(new)),
            metadata,
        )
    if kind in _DICT_TYPES:
        if kind is collections.OrderedDict:
            keys = list(x)
        else:
            keys = _sorted_keys(x)

        def rebuild(new):
            values = dict(zip(keys, new))
            # Keep the original insertion order of the keys.
            items = [(k, values[k]) for k in x]
            if kind is collections.defaultdict:
                return collections.defaultdict(x.default_factory, items)
            return kind(items)

        return [x[k] for k in keys], tuple(keys), rebuild, None
    children = list(x)
    entries = tuple(range(len(children)))
    if _is_namedtuple(x):
        return children, entries, lambda new: kind(*new), None
    if kind is collections.deque:
        return (
            children,
            entries,
            lambda new: collections.deque(new, maxlen=x.maxlen),
            None,
        )
    return children, entries, lambda new: kind(new), None


def _children(x):
    children, _, rebuild, _ = _node(x)
    return children, rebuild


def _type_name(kind):
    if kind.__module__ == "builtins":
        return kind.__name__
    return f"{kind.__module__}.{kind.__qualname__}"


def _expected_name(x):
    if _is_namedtuple(x):
        return f"namedtuple type {_type_name(type(x))}"
    return _type_name(type(x))


def _check_level(x, y):
    """Raises `ValueError` unless container `x` and value `y` are
    containers of the same kind with matching keys or lengths."""
    if not is_nested(y):
        raise ValueError(
            f"Expected an instance of {_expected_name(x)}, got {y!r}."
        )
    if type(x) in _DICT_TYPES and type(y) in _DICT_TYPES:
        # dict, OrderedDict and defaultdict are interchangeable.
        if set(x) != set(y):
            raise ValueError(
                "Dictionary key mismatch; expected keys: "
                f"{_sorted_keys(x)}, got keys: {_sorted_keys(y)}."
            )
        return
    if type(x) is not type(y):
        raise ValueError(
            f"Expected an instance of {_expected_name(x)}, got {y!r}."
        )
    x_children, _, _, x_meta = _node(x)
    y_children, _, _, y_meta = _node(y)
    if type(x) in _REGISTRY and x_meta != y_meta:
        raise ValueError(
            "Mismatch custom node data; expected: "
            f"{x_meta!r}, got: {y_meta!r}; value: {y!r}."
        )
    if len(x_children) != len(y_children):
        raise ValueError(
            f"{_type_name(type(x))} arity mismatch; expected: "
            f"{len(x_children)}, got: {len(y_children)}; value: {y!r}."
        )


def _aligned_children(x, y):
    """The children of `y` in the order of those of `x` (checked)."""
    _check_level(x, y)
    if type(x) in _DICT_TYPES:
        return [y[k] for k in _node(x)[1]]
    return _node(y)[0]


def traverse(func, structure, top_down=True):
    return tree_common.traverse(func, structure, top_down, is_nested, _children)


def flatten(structure):
    leaves = []

    def visit(x):
        if is_nested(x):
            for child in _node(x)[0]:
                visit(child)
        else:
            leaves.append(x)

    visit(structure)
    return leaves


def flatten_with_path(structure):
    result = []

    def visit(x, path):
        if is_nested(x):
            children, entries, _, _ = _node(x)
            for entry, child in zip(entries, children):
                visit(child, path + (entry,))
        else:
            result.append((path, x))

    visit(structure, ())
    return result


def _map_single(func, x):
    if not is_nested(x):
        return func(x)
    children, _, rebuild, _ = _node(x)
    return rebuild([_map_single(func, child) for child in children])


def map_structure(func, *structures):
    tree_common.check_callable(func)
    if not structures:
        raise ValueError("Must provide at least one structure to map.")
    if len(structures) == 1:
        return _map_single(func, structures[0])
    for other in structures[1:]:
        assert_same_structure(structures[0], other)
    return dmtree.map_structure(func, *structures)


def map_structure_up_to(shallow_structure, func, *structures):
    tree_common.check_callable(func)
    if not structures:
        raise ValueError("Must provide at least one structure to map.")

    def visit(shallow, values):
        if not is_nested(shallow):
            return func(*values)
        columns = [_aligned_children(shallow, v) for v in values]
        children, _, rebuild, _ = _node(shallow)
        return rebuild(
            [
                visit(child, [column[i] for column in columns])
                for i, child in enumerate(children)
            ]
        )

    return visit(shallow_structure, list(structures))


def assert_same_structure(a, b):
    def visit(x, y):
        if not is_nested(x):
            if is_nested(y):
                raise tree_common.structure_mismatch_error(
                    a, b, f"{x!r} is a leaf while {y!r} is nested."
                )
            return
        for x_child, y_child in zip(_node(x)[0], _aligned_children(x, y)):
            visit(x_child, y_child)

    visit(a, b)


def assert_same_paths(a, b):
    tree_common.assert_same_paths(a, b, flatten_with_path)


def pack_sequence_as(structure, flat_sequence):
    flat = tree_common.as_flat_list(flat_sequence)
    tree_common.check_leaf_count(structure, len(flatten(structure)), len(flat))
    leaves = iter(flat)
    return _map_single(lambda _: next(leaves), structure)


def lists_to_tuples(structure):
    return tree_common.lists_to_tuples(structure, traverse)


def map_shape_structure(func, structure):
    tree_common.check_callable(func)

    def visit(x):
        if tree_common.is_shape_tuple(x) or not is_nested(x):
            return func(x)
        children, _, rebuild, _ = _node(x)
        return rebuild([visit(child) for child in children])

    return visit(structure)
