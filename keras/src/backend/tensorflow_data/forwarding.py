"""Ops that are TensorFlow functions under another name, served by table.

A namespace module keeps a table `{keras name: path under tf}` and sets
`__getattr__ = forwarder(__name__, TABLE)`: looking a name up returns the
TensorFlow function itself (resolved when TensorFlow is first needed), so
only the ops whose behaviour differs from TensorFlow's are written out.
"""

import functools

from keras.src.backend.tensorflow_data.lazy_tf import resolve


def forwarder(module_name, table, renamed=None):
    """A module `__getattr__` serving the names of `table`.

    Args:
        module_name: The module's `__name__`, for the error of an unknown
            name.
        table: `{keras name: dotted path of the TensorFlow function}`.
        renamed: Optional `{keras name: {keras keyword: tf keyword}}` for
            keyword arguments named differently in TensorFlow.
    """
    renamed = renamed or {}

    def __getattr__(name):
        if name not in table:
            raise AttributeError(
                f"module {module_name!r} has no attribute {name!r}"
            )
        function = resolve(table[name])
        if name in renamed:
            return _renaming_keywords(function, renamed[name])
        return function

    return __getattr__


def _renaming_keywords(function, renames):
    @functools.wraps(function)
    def call(*args, **kwargs):
        for keras_name, tf_name in renames.items():
            if keras_name in kwargs:
                kwargs[tf_name] = kwargs.pop(keras_name)
        return function(*args, **kwargs)

    return call
