"""`keras.tree` implemented with optree.

optree walks the structures in compiled code. Keras calls it with
`none_is_leaf=True` (so `None` is a value and structures keep their
shape) and in its own registry namespace `"keras"`, where the tracked
containers of `keras.src.utils.tracking` are registered.

Containers: tuples, lists, `collections.deque`, namedtuples, dicts,
`OrderedDict`s and `defaultdict`s, plus registered classes. Dicts and
`defaultdict`s are visited in sorted key order, `OrderedDict`s in
insertion order. Everything else (strings, sets, arrays, tensors) is a
leaf.
"""

import optree

from keras.src.tree import tree_common

_NAMESPACE = "keras"
_REGISTERED = set()


def register_tree_node_class(cls):
    """Registers `cls` as a container in the `"keras"` namespace.

    `cls` defines `tree_flatten(self)`, returning `(children, metadata)` or
    `(children, metadata, path_entries)`, and the classmethod
    `tree_unflatten(cls, metadata, children)`. Registering twice is a no-op.
    """
    if cls not in _REGISTERED:
        optree.register_pytree_node_class(cls, namespace=_NAMESPACE)
        _REGISTERED.add(cls)
    return cls


def is_nested(structure):
    return not optree.tree_is_leaf(
        structure, none_is_leaf=True, namespace=_NAMESPACE
    )


def _children(structure):
    """`(children, rebuild)` of a container, one level deep."""
    out = optree.tree_flatten_one_level(
        structure, none_is_leaf=True, namespace=_NAMESPACE
    )
    return out.children, lambda new: out.unflatten_func(out.metadata, new)


def traverse(func, structure, top_down=True):
    return tree_common.traverse(func, structure, top_down, is_nested, _children)


def flatten(structure):
    return optree.tree_leaves(
        structure, none_is_leaf=True, namespace=_NAMESPACE
    )


def flatten_with_path(structure):
    paths, leaves, _ = optree.tree_flatten_with_path(
        structure, none_is_leaf=True, namespace=_NAMESPACE
    )
    return list(zip(paths, leaves))


def map_structure(func, *structures):
    tree_common.check_callable(func)
    if not structures:
        raise ValueError("Must provide at least one structure to map.")
    if len(structures) == 1:
        return optree.tree_map(
            func, structures[0], none_is_leaf=True, namespace=_NAMESPACE
        )
    first = structures[0]

    def checked_func(*leaves):
        # optree hands a whole sub-structure of the later structures to
        # `func` where the first one has a leaf: refuse that instead.
        for index, other in enumerate(leaves[1:], 1):
            if is_nested(other):
                raise tree_common.structure_mismatch_error(
                    first,
                    structures[index],
                    f"{leaves[0]!r} is a leaf while {other!r} is nested.",
                )
        return func(*leaves)

    return optree.tree_map(
        checked_func, *structures, none_is_leaf=True, namespace=_NAMESPACE
    )


def map_structure_up_to(shallow_structure, func, *structures):
    tree_common.check_callable(func)
    if not structures:
        raise ValueError("Must provide at least one structure to map.")
    spec = optree.tree_structure(
        shallow_structure, none_is_leaf=True, namespace=_NAMESPACE
    )
    columns = [spec.flatten_up_to(s) for s in structures]
    return spec.unflatten([func(*leaves) for leaves in zip(*columns)])


def assert_same_structure(a, b):
    def check(x, y):
        if is_nested(y):
            raise tree_common.structure_mismatch_error(
                a, b, f"{x!r} is a leaf while {y!r} is nested."
            )

    # optree raises `ValueError` for container mismatches (type, arity,
    # keys, custom node data) before `check` sees the leaves.
    optree.tree_map(check, a, b, none_is_leaf=True, namespace=_NAMESPACE)


def assert_same_paths(a, b):
    tree_common.assert_same_paths(a, b, flatten_with_path)


def pack_sequence_as(structure, flat_sequence):
    flat = tree_common.as_flat_list(flat_sequence)
    spec = optree.tree_structure(
        structure, none_is_leaf=True, namespace=_NAMESPACE
    )
    tree_common.check_leaf_count(structure, spec.num_leaves, len(flat))
    return spec.unflatten(flat)


def lists_to_tuples(structure):
    return tree_common.lists_to_tuples(structure, traverse)


def map_shape_structure(func, structure):
    tree_common.check_callable(func)
    return optree.tree_map(
        func,
        structure,
        is_leaf=tree_common.is_shape_tuple,
        none_is_leaf=True,
        namespace=_NAMESPACE,
    )
