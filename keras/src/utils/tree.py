"""Nested-structure helpers; `None` is a leaf, so structures keep shape."""

import jax


def _is_leaf(x):
    return x is None


def flatten(structure):
    return jax.tree_util.tree_leaves(structure, is_leaf=_is_leaf)


def map_structure(fn, *structures):
    return jax.tree_util.tree_map(fn, *structures, is_leaf=_is_leaf)


def pack_sequence_as(structure, flat_sequence):
    treedef = jax.tree_util.tree_structure(structure, is_leaf=_is_leaf)
    return jax.tree_util.tree_unflatten(treedef, list(flat_sequence))


def is_nested(structure):
    return isinstance(structure, (list, tuple, dict))
