"""`keras.utils.Config`: a settings container read by attribute or key."""

import copy
import json

from keras.src.api_export import keras_export
from keras.src.utils.python_utils import read_only


@keras_export("keras.utils.Config")
class Config:
    """A mapping of settings whose entries are also attributes.

    Useful to gather the hyperparameters of an experiment in one object:
    `config.units` and `config["units"]` read the same entry, and assigning
    either way adds or replaces it. Once `freeze()` is called, every change
    raises an `AttributeError` until `unfreeze()`, so a configuration
    cannot be edited by accident while it is in use.

    Args:
        **kwargs: The initial entries.

    Example:

    >>> config = keras.utils.Config(units=64, dropout=0.1)
    >>> config.activation = "relu"
    >>> config["units"], config.activation
    (64, 'relu')
    >>> config.freeze()
    >>> config.frozen
    True
    """

    def __init__(self, **kwargs):
        object.__setattr__(self, "_entries", dict(kwargs))
        object.__setattr__(self, "_frozen", False)

    frozen = read_only(
        "_frozen", "Whether changes are refused (see `freeze()`)."
    )

    def freeze(self):
        """Refuses any later change until `unfreeze()`."""
        object.__setattr__(self, "_frozen", True)

    def unfreeze(self):
        """Allows changes again."""
        object.__setattr__(self, "_frozen", False)

    def _check_not_frozen(self, key):
        if self._frozen:
            raise AttributeError(
                f"Cannot change entry '{key}' of a frozen Config. Call "
                "`config.unfreeze()` first."
            )

    # Attribute access.
    def __getattr__(self, name):
        entries = object.__getattribute__(self, "_entries")
        if name in entries:
            return entries[name]
        raise AttributeError(
            f"This Config has no entry '{name}'. Entries: {list(entries)}"
        )

    def __setattr__(self, name, value):
        self._check_not_frozen(name)
        if name in type(self).__dict__:
            raise AttributeError(
                f"'{name}' is a method of Config and cannot be an entry set "
                f"by attribute; use `config['{name}'] = ...`."
            )
        self._entries[name] = value

    def __delattr__(self, name):
        self._check_not_frozen(name)
        if name not in self._entries:
            raise AttributeError(f"This Config has no entry '{name}'.")
        del self._entries[name]

    # Mapping access.
    def __getitem__(self, key):
        return self._entries[key]

    def __setitem__(self, key, value):
        self._check_not_frozen(key)
        self._entries[key] = value

    def __delitem__(self, key):
        self._check_not_frozen(key)
        del self._entries[key]

    def __contains__(self, key):
        return key in self._entries

    def __iter__(self):
        return iter(self._entries)

    def __len__(self):
        return len(self._entries)

    def __eq__(self, other):
        if isinstance(other, Config):
            return self._entries == other._entries
        return self._entries == other

    def __repr__(self):
        state = " (frozen)" if self._frozen else ""
        return f"<Config{state} {self._entries}>"

    def __copy__(self):
        clone = Config(**self._entries)
        if self._frozen:
            clone.freeze()
        return clone

    def __deepcopy__(self, memo):
        clone = Config(**copy.deepcopy(self._entries, memo))
        if self._frozen:
            clone.freeze()
        return clone

    def get(self, key, default=None):
        """The entry `key`, or `default` when there is none."""
        return self._entries.get(key, default)

    def keys(self):
        """The entry names."""
        return self._entries.keys()

    def values(self):
        """The entry values."""
        return self._entries.values()

    def items(self):
        """The `(name, value)` pairs."""
        return self._entries.items()

    def pop(self, key, *default):
        """Removes the entry `key` and returns its value (or `default`)."""
        self._check_not_frozen(key)
        return self._entries.pop(key, *default)

    def update(self, *args, **kwargs):
        """Adds or replaces entries, as `dict.update` does."""
        new = dict(*args, **kwargs)
        for key in new:
            self._check_not_frozen(key)
        self._entries.update(new)

    def as_dict(self):
        """A shallow `dict` copy of the entries."""
        return dict(self._entries)

    def to_json(self):
        """The entries as a JSON string (values must be JSON-serializable)."""
        return json.dumps(self._entries)
