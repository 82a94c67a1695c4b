"""Containers that report what is put in them and taken out to a `Tracker`.

A `Tracker` sorts values (variables, layers, ...) into named stores, each
a plain Python list owned by whoever made the tracker. Lists, dicts and
sets handed to `Tracker.track` come back as `TrackedList`, `TrackedDict`,
`TrackedOrderedDict` or `TrackedSet`: they behave like the built-in type
and keep the stores up to date when items are added or removed.

The tracked containers are registered with `keras.tree`, so nested
structure utilities treat them as containers (and rebuild them with the
same type).
"""

import functools
from collections import OrderedDict
from collections.abc import Mapping

from keras.src.backend.common import global_state
from keras.src.tree import tree_api


def is_tracking_enabled():
    """Whether `Tracker.track` currently records values."""
    return global_state.get_global_attribute("tracking_on", True)


class DotNotTrackScope:
    """A context in which `Tracker.track` records nothing.

    Example:

    >>> with DotNotTrackScope():
    ...     layer.helper = keras.layers.Dense(2)  # not a tracked sublayer
    """

    def __enter__(self):
        self._previous = is_tracking_enabled()
        global_state.set_global_attribute("tracking_on", False)
        return self

    def __exit__(self, *args, **kwargs):
        global_state.set_global_attribute("tracking_on", self._previous)


def no_automatic_dependency_tracking(fn):
    """Decorates `fn` to run inside a `DotNotTrackScope`."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        with DotNotTrackScope():
            return fn(*args, **kwargs)

    return wrapper


def _is_namedtuple(value):
    return isinstance(value, tuple) and hasattr(type(value), "_fields")


class Tracker:
    """Sorts values into named stores as an object receives them.

    Args:
        config: Dict mapping a store name to a pair
            `(predicate, store)`: a tracked value for which
            `predicate(value)` is true is appended to the list `store`
            (each object once). The first matching store wins.
        exclusions: Optional dict mapping a store name to a list of other
            store names; a value already held by one of those is not added
            to it (e.g. a trainable variable is not also non-trainable).

    Example:

    >>> weights = []
    >>> tracker = Tracker(
    ...     {"weights": (lambda x: isinstance(x, keras.Variable), weights)}
    ... )
    >>> items = tracker.track([keras.Variable(1.0), "text"])
    >>> len(weights)
    1
    >>> items.pop(0)  # removing it from the list untracks it
    >>> len(weights)
    0
    """

    def __init__(self, config, exclusions=None):
        self.config = config
        self.exclusions = exclusions or {}
        self.stored_ids = {name: set() for name in config}
        self.locked = False
        self._lock_violation_msg = None

    def track(self, attr):
        """Records `attr` (or the values inside it) and returns it.

        Values matching a store's predicate are stored and returned
        unchanged. Lists, dicts, `OrderedDict`s and sets come back as their
        tracked counterparts; tuples (namedtuples included) come back as
        tuples of the same type with their items tracked. Anything else is
        returned as is.
        """
        if not is_tracking_enabled():
            return attr
        for store_name, (predicate, _) in self.config.items():
            if predicate(attr):
                excluded = any(
                    self.is_in_store(other, attr)
                    for other in self.exclusions.get(store_name, ())
                )
                if not excluded and not self.is_in_store(store_name, attr):
                    self.add_to_store(store_name, attr)
                return attr
        if isinstance(
            attr, (TrackedList, TrackedDict, TrackedOrderedDict, TrackedSet)
        ):
            if attr.tracker is self:
                return attr
        if _is_namedtuple(attr):
            return type(attr)(*[self.track(item) for item in attr])
        if type(attr) is tuple:
            return tuple(self.track(item) for item in attr)
        if isinstance(attr, list) and type(attr) in (list, TrackedList):
            return TrackedList(attr, self)
        if isinstance(attr, OrderedDict) and type(attr) in (
            OrderedDict,
            TrackedOrderedDict,
        ):
            return TrackedOrderedDict(attr, self)
        if type(attr) in (dict, TrackedDict):
            return TrackedDict(attr, self)
        if type(attr) in (set, TrackedSet):
            return TrackedSet(attr, self)
        return attr

    def untrack(self, value):
        """Removes `value` from every store holding it; returns `value`."""
        for store_name, (_, store) in self.config.items():
            ids = self.stored_ids[store_name]
            if id(value) in ids:
                ids.discard(id(value))
                for index, item in enumerate(store):
                    if item is value:
                        del store[index]
                        break
        return value

    def is_in_store(self, store_name, value):
        """Whether `value` (this very object) is in the store."""
        return id(value) in self.stored_ids[store_name]

    def add_to_store(self, store_name, value):
        """Appends `value` to a store, unless the tracker is locked."""
        if self.locked:
            raise ValueError(self._lock_violation_msg)
        self.config[store_name][1].append(value)
        self.stored_ids[store_name].add(id(value))

    def replace_tracked_value(self, store_name, old_value, new_value):
        """Puts `new_value` where `old_value` stands in a store."""
        store = self.config[store_name][1]
        for index, item in enumerate(store):
            if item is old_value:
                store[index] = new_value
                self.stored_ids[store_name].discard(id(old_value))
                self.stored_ids[store_name].add(id(new_value))
                return
        raise ValueError(f"{old_value} is not in the store '{store_name}'.")

    def lock(self, msg=None):
        """Makes further additions to the stores raise `ValueError(msg)`."""
        self.locked = True
        self._lock_violation_msg = msg or (
            "This object's state can no longer be changed."
        )

    def unlock(self):
        """Allows additions again."""
        self.locked = False


def _track(container, value):
    # `getattr`: unpickling adds items before the instance state is restored.
    tracker = getattr(container, "tracker", None)
    return tracker.track(value) if tracker is not None else value


def _untrack(container, value):
    tracker = getattr(container, "tracker", None)
    if tracker is not None:
        tracker.untrack(value)


def _sorted_keys(mapping):
    try:
        return sorted(mapping)
    except TypeError:
        # Keys that cannot be compared keep their insertion order.
        return list(mapping)


def _pairs(values):
    if values is None:
        return []
    if isinstance(values, Mapping):
        return list(values.items())
    return list(values)


class _TrackedItemsMixin:
    """What the tracked list and set share: construction from items,
    `clear()`, and the `keras.tree` node protocol (the items are the
    children)."""

    def __init__(self, values=None, tracker=None):
        self.tracker = tracker
        super().__init__(_track(self, v) for v in (values or ()))

    def clear(self):
        items = list(self)
        super().clear()
        for item in items:
            _untrack(self, item)

    def tree_flatten(self):
        return list(self), None

    @classmethod
    def tree_unflatten(cls, metadata, children):
        return cls(children)


@tree_api.register_tree_node_class
class TrackedList(_TrackedItemsMixin, list):
    """A list that tells its tracker about added and removed items.

    Args:
        values: Optional initial items.
        tracker: Optional `Tracker`; without one, this is a plain list.
    """

    def append(self, value):
        super().append(_track(self, value))

    def insert(self, index, value):
        super().insert(index, _track(self, value))

    def extend(self, values):
        super().extend(_track(self, v) for v in values)

    def __iadd__(self, values):
        self.extend(values)
        return self

    def __setitem__(self, index, value):
        if isinstance(index, slice):
            old = self[index]
            super().__setitem__(index, [_track(self, v) for v in value])
        else:
            old = [self[index]]
            super().__setitem__(index, _track(self, value))
        for item in old:
            if not any(item is kept for kept in self):
                _untrack(self, item)

    def remove(self, value):
        item = self[self.index(value)]
        super().remove(value)
        _untrack(self, item)

    def pop(self, index=-1):
        value = super().pop(index)
        _untrack(self, value)
        return value

    def __delitem__(self, index):
        items = self[index] if isinstance(index, slice) else [self[index]]
        super().__delitem__(index)
        for item in items:
            _untrack(self, item)


class _TrackedMappingMixin:
    """What both tracked dicts share: construction, tracking in the
    mutating methods, and the `keras.tree` node protocol. A subclass gives
    the order in which `keras.tree` visits its values (`_tree_keys()`)."""

    def __init__(self, values=None, tracker=None):
        self.tracker = tracker
        super().__init__()
        for key, value in _pairs(values):
            self[key] = value

    def tree_flatten(self):
        keys = self._tree_keys()
        return [self[k] for k in keys], keys, keys

    @classmethod
    def tree_unflatten(cls, keys, children):
        return cls(zip(keys, children))

    def __setitem__(self, key, value):
        value = _track(self, value)
        old = self.get(key, value) if key in self else value
        super().__setitem__(key, value)
        if old is not value:
            _untrack(self, old)

    def update(self, *args, **kwargs):
        for key, value in _pairs(args[0] if args else None):
            self[key] = value
        for key, value in kwargs.items():
            self[key] = value

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return self[key]

    def pop(self, key, *default):
        if key not in self:
            return super().pop(key, *default)
        value = super().pop(key)
        _untrack(self, value)
        return value

    def popitem(self, *args, **kwargs):
        key, value = super().popitem(*args, **kwargs)
        _untrack(self, value)
        return key, value

    def clear(self):
        values = list(self.values())
        super().clear()
        for value in values:
            _untrack(self, value)

    def __delitem__(self, key):
        value = self[key]
        super().__delitem__(key)
        _untrack(self, value)


@tree_api.register_tree_node_class
class TrackedDict(_TrackedMappingMixin, dict):
    """A dict that tells its tracker about added and removed values.

    `keras.tree` visits its values in sorted key order, like a `dict`.

    Args:
        values: Optional mapping or iterable of `(key, value)` pairs.
        tracker: Optional `Tracker`; without one, this is a plain dict.
    """

    def _tree_keys(self):
        return _sorted_keys(self)


@tree_api.register_tree_node_class
class TrackedOrderedDict(_TrackedMappingMixin, OrderedDict):
    """An `OrderedDict` that tells its tracker about added and removed
    values.

    `keras.tree` visits its values in insertion order, like an
    `OrderedDict`.

    Args:
        values: Optional mapping or iterable of `(key, value)` pairs.
        tracker: Optional `Tracker`; without one, this is a plain
            `OrderedDict`.
    """

    def _tree_keys(self):
        return list(self)


@tree_api.register_tree_node_class
class TrackedSet(_TrackedItemsMixin, set):
    """A set that tells its tracker about added and removed items.

    Args:
        values: Optional initial items.
        tracker: Optional `Tracker`; without one, this is a plain set.
    """

    def add(self, value):
        super().add(_track(self, value))

    def update(self, *others):
        for values in others:
            for value in values:
                self.add(value)

    def remove(self, value):
        super().remove(value)
        _untrack(self, value)

    def discard(self, value):
        if value in self:
            self.remove(value)

    def pop(self):
        value = super().pop()
        _untrack(self, value)
        return value
