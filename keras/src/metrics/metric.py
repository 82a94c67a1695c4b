"""The `Metric` base class: stateful, with a stateless API for JAX."""

from keras.src import backend
from keras.src import initializers
from keras.src import ops
from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.utils.naming import auto_name


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
        self.name = name or auto_name(self.__class__.__name__)
        self._dtype_arg = dtype
        self._dtype = _resolve_dtype(dtype)
        self._metrics = []
        self._variables = []
        self._super_called = True

    def __setattr__(self, name, value):
        # Track sub-metrics assigned as attributes (their variables are
        # part of this metric's variables).
        if isinstance(value, Metric) and name != "_metrics":
            metrics = self.__dict__.get("_metrics")
            if metrics is not None and not any(m is value for m in metrics):
                metrics.append(value)
        super().__setattr__(name, value)

    def _check_super_called(self):
        if not self.__dict__.get("_super_called", False):
            raise RuntimeError(
                f"Metric '{self.__class__.__name__}' was used before "
                "`super().__init__()` was called: call it first in your "
                "`__init__()`."
            )

    @property
    def dtype(self):
        return self._dtype

    def reset_state(self):
        """Sets all the state variables back to zero."""
        for v in self.variables:
            v.assign(ops.zeros(v.shape, dtype=v.dtype))

    def update_state(self, *args, **kwargs):
        """Accumulates a batch into the state variables (to implement)."""
        raise NotImplementedError

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
        variables = self.variables
        self._check_variables_length(metric_variables, variables)
        mapping = list(zip(variables, metric_variables))
        with backend.StatelessScope(state_mapping=mapping) as scope:
            self.update_state(*args, **kwargs)
        new_values = []
        for v, old in zip(variables, metric_variables):
            new_v = scope.get_current_value(v)
            new_values.append(new_v if new_v is not None else old)
        return new_values

    def result(self):
        """Computes the metric value from the state variables (to implement).

        Returns:
            A scalar tensor, or a dict of scalar tensors.
        """
        raise NotImplementedError

    def stateless_result(self, metric_variables):
        """Computes `result()` from given variable values.

        Args:
            metric_variables: List of values, one for each variable of
                `self.variables` (same order).

        Returns:
            The metric result.
        """
        variables = self.variables
        self._check_variables_length(metric_variables, variables)
        mapping = list(zip(variables, metric_variables))
        with backend.StatelessScope(state_mapping=mapping):
            # A `result()` returning a variable is read inside the scope.
            res = tree.map_structure(
                lambda r: (
                    r.value if isinstance(r, backend.KerasVariable) else r
                ),
                self.result(),
            )
        return res

    def stateless_reset_state(self):
        """Returns the variable values after `reset_state()`, statelessly.

        Returns:
            The list of reset metric variable values.
        """
        with backend.StatelessScope() as scope:
            self.reset_state()
        new_values = []
        for v in self.variables:
            new_v = scope.get_current_value(v)
            new_values.append(new_v if new_v is not None else v.value)
        return new_values

    def _check_variables_length(self, metric_variables, variables):
        if len(metric_variables) != len(variables):
            raise ValueError(
                "Argument `metric_variables` must be a list of tensors "
                f"corresponding 1:1 to {self.__class__.__name__}().variables. "
                f"Received list with length {len(metric_variables)}, but "
                f"expected {len(variables)} variables."
            )

    def add_variable(
        self, shape, initializer, dtype=None, aggregation="sum", name=None
    ):
        """Creates a (non-trainable) state variable of the metric.

        The variable is created under a name scope of the metric's name, so
        its `path` is `"<metric name>/<name>"`.

        Args:
            shape: Shape tuple.
            initializer: Initializer object or name (e.g. `"zeros"`).
            dtype: Variable dtype; defaults to `keras.config.floatx()`.
            aggregation: How the variable is aggregated across replicas.
            name: Variable name.

        Returns:
            The new `keras.Variable`.
        """
        self._check_super_called()
        with backend.name_scope(self.name.replace("/", ">"), caller=self):
            initializer = initializers.get(initializer)
            variable = backend.Variable(
                initializer=initializer,
                shape=shape,
                dtype=dtype,
                trainable=False,
                aggregation=aggregation,
                name=name,
            )
        self._variables.append(variable)
        return variable

    def add_weight(self, shape=(), initializer=None, dtype=None, name=None):
        """Alias of `add_variable()` (with `initializer="zeros"` default)."""
        return self.add_variable(
            shape=shape,
            initializer=initializer or "zeros",
            dtype=dtype,
            name=name,
        )

    @property
    def variables(self):
        """The metric's state variables, then those of its sub-metrics."""
        variables = list(self._variables)
        seen = {id(v) for v in variables}
        for metric in self._metrics:
            for v in metric.variables:
                if id(v) not in seen:
                    seen.add(id(v))
                    variables.append(v)
        return variables

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
        return f"<{self.__class__.__name__} name={self.name}>"

    def __str__(self):
        return self.__repr__()

    def _obj_type(self):
        return "Metric"


def _resolve_dtype(dtype):
    if dtype is None:
        return backend.floatx()
    if isinstance(dtype, dict):
        from keras.src import dtype_policies

        dtype = dtype_policies.get(dtype)
    compute_dtype = getattr(dtype, "compute_dtype", None)
    if compute_dtype is not None:
        return backend.standardize_dtype(compute_dtype)
    if isinstance(dtype, str) and dtype.startswith("mixed_"):
        return "float16" if dtype == "mixed_float16" else "bfloat16"
    return backend.standardize_dtype(dtype)
