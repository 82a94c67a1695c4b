"""A scope marking code that runs only to infer shapes and dtypes."""

from keras.src.api_export import keras_export
from keras.src.backend.common import global_state


@keras_export("keras.SymbolicScope")
class SymbolicScope:
    """Marks the code it encloses as a symbolic (shape-inference) run.

    Keras opens it while it traces a function only to learn its output
    specs (`compute_output_spec`). Code that is costly or has side effects
    can check `in_symbolic_scope()` and return a placeholder of the right
    shape instead.

    Example:

    >>> def loss_fn(y, y_pred):
    ...     if keras.src.backend.in_symbolic_scope():
    ...         return keras.ops.zeros_like(y)
    ...     return keras.ops.abs(y - y_pred)
    """

    def __enter__(self):
        self.original_scope = get_symbolic_scope()
        global_state.set_global_attribute("symbolic_scope", self)
        return self

    def __exit__(self, *args, **kwargs):
        global_state.set_global_attribute("symbolic_scope", self.original_scope)


def in_symbolic_scope():
    """Whether a `SymbolicScope` is open."""
    return global_state.get_global_attribute("symbolic_scope") is not None


def get_symbolic_scope():
    return global_state.get_global_attribute("symbolic_scope")
