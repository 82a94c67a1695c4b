"""The `Metric` base class: stateful, with a stateless API for JAX."""

from keras.src import backend
from keras.src import initializers
from keras.src import ops
from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.losses.loss import resolve_compute_dtype
from keras.src.utils.naming import auto_name
from keras.src.utils.python_utils import read_only


@keras_export(["keras.Metric", "keras.metrics.Metric"])
class Metric:
    """Base class of the metrics: state variables updated batch by batch.

    A metric creates its state with `add_variable()` in `__init__`,
    accumulates a batch into it in `update_state()`, turns it into a value
    in `result()`, and zeroes it in `reset_state()`. Calling the metric runs
    `update_state()` then returns `result()`.

    The stateless counterparts, used by the JAX trainer inside `jax.jit`,
    take and return lists of variable values (in the order of
    `metric.variables`) and leave the variables untouched:
    `stateless_update_state(metric_variables, *args, **kwargs)`,
    `stateless_result(metric_variables)` and `stateless_reset_state()`.

    A `Metric` is not a layer. Metrics assigned as attributes of a metric
    are tracked: their variables are part of `variables`.

    Args:
        dtype: Optional dtype of the metric (default: floatx).
        name: Optional name; defaults to the snake-case class name.

    Example:

    ```python
    class CountPositives(keras.metrics.Metric):
        def __init__(self, name="count_positives", **kwargs):
            super().__init__(name=name, **kwargs)
            self.count = self.add_variable(
                shape=(), initializer="zeros", name="count"
            )

        def update_state(self, values, sample_weight=None):
            positive = keras.ops.cast(keras.ops.greater(values, 0), self.dtype)
            if sample_weight is not None:
                positive = positive * keras.ops.cast(sample_weight, self.dtype)
            self.count.assign(self.count + keras.ops.sum(positive))

        def result(self):
            return self.count
    ```
    """

    def __init__(self, dtype=None, name=None):
        self.name = name if name else auto_name(type(self).__name__)
        self._dtype_arg = dtype
        self._dtype = resolve_compute_dtype(dtype)
        self._metrics = []
        self._variables = []
        self._super_called = True

    def __setattr__(self, name, value):
        # Track the variables and sub-metrics assigned as attributes, alone
        # or inside (nested) lists, tuples and dicts: they are part of this
        # metric's `variables`.
        if name not in _UNTRACKED_ATTRIBUTES and "_variables" in self.__dict__:
            for item in _walk_collection(value):
                if isinstance(item, Metric):
                    if not any(m is item for m in self._metrics):
                        self._metrics.append(item)
                elif isinstance(item, backend.KerasVariable):
                    if not any(v is item for v in self._variables):
                        self._variables.append(item)
        super().__setattr__(name, value)

    def _check_super_called(self):
        if not self.__dict__.get("_super_called", False):
            raise RuntimeError(
                f"Metric '{self.__class__.__name__}' was used before "
                "`super().__init__()` was called: call it first in your "
                "`__init__()`."
            )

    dtype = read_only("_dtype", "The dtype of the metric's results.")

    def reset_state(self):
        """Sets all the state variables back to zero."""
        for variable in self.variables:
            variable.assign(ops.zeros(variable.shape, variable.dtype))

    def update_state(self, *args, **kwargs):
        """Accumulates a batch into the state variables (to implement)."""
        raise NotImplementedError(
            f"{type(self).__name__} does not implement `update_state()`."
        )

    def stateless_update_state(self, metric_variables, *args, **kwargs):
        """Runs `update_state` on given variable values, without side effects.

        Args:
            metric_variables: List of values, one for each variable of
                `self.variables` (same order).
            *args: Arguments of `update_state`.
            **kwargs: Keyword arguments of `update_state`.

        Returns:
            The list of updated metric variable values.
        """
        own = self._paired_with(metric_variables)
        with backend.StatelessScope(state_mapping=own) as scope:
            self.update_state(*args, **kwargs)
        return [_value_in(scope, var, before) for var, before in own]

    def result(self):
        """Computes the metric value from the state variables (to implement).

        Returns:
            A scalar tensor, or a dict of scalar tensors.
        """
        raise NotImplementedError(
            f"{type(self).__name__} does not implement `result()`."
        )

    def stateless_result(self, metric_variables):
        """Computes `result()` from given variable values.

        Args:
            metric_variables: List of values, one for each variable of
                `self.variables` (same order).

        Returns:
            The metric result.
        """

        def read(x):
            # A variable returned by `result()` must be read while the
            # scope still maps it to the given value.
            return x.value if isinstance(x, backend.KerasVariable) else x

        with backend.StatelessScope(
            state_mapping=self._paired_with(metric_variables)
        ):
            return tree.map_structure(read, self.result())

    def stateless_reset_state(self):
        """Returns the variable values after `reset_state()`, statelessly.

        Returns:
            The list of reset metric variable values.
        """
        with backend.StatelessScope() as scope:
            self.reset_state()
        return [_value_in(scope, var, var.value) for var in self.variables]

    def _paired_with(self, metric_variables):
        """Pairs `self.variables` with given values, checking the count."""
        own = self.variables
        if len(own) != len(metric_variables):
            raise ValueError(
                f"`metric_variables` holds {len(metric_variables)} values "
                f"but {type(self).__name__} has {len(own)} variables; pass "
                "one value per entry of `metric.variables`, in order."
            )
        return list(zip(own, metric_variables))

    def add_variable(
        self, shape, initializer, dtype=None, aggregation="sum", name=None
    ):
        """Creates a (non-trainable) state variable of the metric.

        The variable is created under a name scope of the metric's name, so
        its `path` is `"<metric name>/<name>"`.

        Args:
            shape: Shape tuple.
            initializer: Initializer object or name (e.g. `"zeros"`), or
                the initial value itself (a tensor or array).
            dtype: Variable dtype; defaults to `keras.config.floatx()`.
            aggregation: How the variable is aggregated across replicas.
            name: Variable name.

        Returns:
            The new `keras.Variable`.
        """
        self._check_super_called()
        # "/" separates scopes in variable paths, so it can't be part of one.
        scope = self.name.replace("/", ">")
        if isinstance(initializer, (str, dict)) or callable(initializer):
            initializer = initializers.get(initializer)
        # Otherwise, a tensor or array is the initial value itself.
        with backend.name_scope(scope, caller=self):
            variable = backend.Variable(
                initializer,
                shape,
                dtype,
                False,
                aggregation=aggregation,
                name=name,
            )
        self._variables.append(variable)
        return variable

    def add_weight(self, shape=(), initializer=None, dtype=None, name=None):
        """Alias of `add_variable()` (with `initializer="zeros"` default)."""
        if initializer is None:
            initializer = "zeros"
        return self.add_variable(shape, initializer, dtype=dtype, name=name)

    @property
    def variables(self):
        """The metric's state variables, then those of its sub-metrics."""
        by_id = {id(var): var for var in self._variables}
        for sub in self._metrics:
            for var in sub.variables:
                by_id.setdefault(id(var), var)
        return list(by_id.values())

    @property
    def weights(self):
        return self.variables

    @property
    def trainable_weights(self):
        return []

    @property
    def non_trainable_weights(self):
        return self.variables

    def __call__(self, *args, **kwargs):
        """Updates the state with the arguments and returns the result."""
        self._check_super_called()
        self.update_state(*args, **kwargs)
        return self.result()

    def get_config(self):
        """Returns the constructor arguments (`name`, `dtype`) as a dict."""
        dtype = self._dtype_arg
        if dtype is None:
            dtype = self.dtype
        elif not isinstance(dtype, str) and hasattr(dtype, "get_config"):
            from keras.src.saving import serialization_lib

            dtype = serialization_lib.serialize_keras_object(dtype)
        return {"name": self.name, "dtype": dtype}

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def save_own_variables(self, store):
        for i, variable in enumerate(self.variables):
            store[str(i)] = variable.numpy()

    def load_own_variables(self, store):
        variables = self.variables
        if len(store.keys()) != len(variables):
            raise ValueError(
                f"Metric '{self.name}' expected {len(variables)} variables, "
                f"but received {len(store.keys())} variables during loading."
            )
        for i, variable in enumerate(variables):
            variable.assign(store[str(i)])

    def __repr__(self):
        return f"<{type(self).__name__} name={self.name}>"

    def __str__(self):
        return self.__repr__()

    def _obj_type(self):
        return "Metric"


_UNTRACKED_ATTRIBUTES = ("_metrics", "_variables")


def _walk_collection(value):
    """Yields `value`, or its leaves if it is a (nested) list, tuple or
    dict."""
    if isinstance(value, dict):
        for item in value.values():
            yield from _walk_collection(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _walk_collection(item)
    else:
        yield value


def _value_in(scope, variable, fallback):
    """The value a stateless scope holds for `variable`, else `fallback`."""
    value = scope.get_current_value(variable)
    return fallback if value is None else value
