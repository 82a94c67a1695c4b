"""A scope in which variables are read from, and written to, a mapping.

The JAX trainer runs the model inside a `StatelessScope` so that the step
function is pure: variable reads return the traced values that were passed in
and `assign` records the new value instead of mutating the variable.
"""

from keras.src.api_export import keras_export
from keras.src.backend.common import global_state

_SCOPE_KEY = "stateless_scope"


@keras_export("keras.StatelessScope")
class StatelessScope:
    """Scope that redirects variable reads and writes to a mapping.

    Args:
        state_mapping: Optional list of `(variable, value)` pairs giving the
            values variables read as inside the scope.
        collect_losses: Whether `add_loss` calls inside the scope are
            collected in `scope.losses`.
        initialize_variables: Whether variables created inside the scope
            (whose initial values are deferred) are initialized when the
            outermost stateless scope is left.

    Example:

    >>> v = keras.Variable(1.0)
    >>> with keras.StatelessScope([(v, 2.0)]) as scope:
    ...     v.assign_add(1.0)
    >>> float(scope.get_current_value(v))
    3.0
    """

    def __init__(
        self,
        state_mapping=None,
        collect_losses=False,
        initialize_variables=True,
    ):
        from keras.src import backend

        self.collect_losses = collect_losses
        self.initialize_variables = initialize_variables
        self.losses = []
        self.state_mapping = {}
        for variable, value in state_mapping or ():
            if not isinstance(variable, backend.Variable):
                raise ValueError(
                    "StatelessScope received an invalid key: all keys in "
                    "argument `mapping` must be Variable objects. Received: "
                    f"{variable}"
                )
            value = backend.convert_to_tensor(value, dtype=variable.dtype)
            if tuple(value.shape) != tuple(variable.shape):
                raise ValueError(
                    "StatelessScope received an invalid value: all values in "
                    "argument `mapping` must be tensors with the shape of "
                    f"their variable. Variable '{variable.path}' has shape "
                    f"{variable.shape}; its value has shape "
                    f"{tuple(value.shape)}."
                )
            self.state_mapping[id(variable)] = value

    def __enter__(self):
        # Remember the enclosing scope, if any, to restore it on exit.
        self.original_scope = get_stateless_scope()
        global_state.set_global_attribute(_SCOPE_KEY, self)
        return self

    def add_loss(self, loss):
        """Keeps `loss` in `self.losses`."""
        self.losses.append(loss)

    def add_update(self, update):
        """Records an `(variable, new_value)` pair; later reads see it."""
        variable, new_value = update
        self.state_mapping[id(variable)] = new_value

    def get_current_value(self, variable):
        """The value of `variable` in this scope, or `None` if it has none."""
        return self.state_mapping.get(id(variable))

    def __exit__(self, *args, **kwargs):
        global_state.set_global_attribute(_SCOPE_KEY, self.original_scope)
        # Variables created in the scope get their values once the outermost
        # stateless scope is left.
        if self.original_scope is None and self.initialize_variables:
            from keras.src.backend.common.variables import (
                initialize_all_variables,
            )

            initialize_all_variables()


def get_stateless_scope():
    """The innermost active `StatelessScope`, or `None`."""
    return global_state.get_global_attribute(_SCOPE_KEY)


def in_stateless_scope():
    """Whether code runs inside a `StatelessScope`."""
    return get_stateless_scope() is not None
