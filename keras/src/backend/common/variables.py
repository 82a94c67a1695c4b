"""`KerasVariable`: the backend-agnostic part of a Keras variable."""

import contextlib

import numpy as np

from keras.src.backend import config
from keras.src.backend.common import dtypes
from keras.src.backend.common import global_state
from keras.src.backend.common.dtypes import standardize_dtype  # noqa: F401
from keras.src.backend.common.name_scope import current_path
from keras.src.backend.common.stateless_scope import get_stateless_scope
from keras.src.backend.common.stateless_scope import in_stateless_scope

# The global attribute holding the logical axis names that the variable
# being created takes (set by `keras.distribution.logical_axes`).
AXIS_NAMES_ATTRIBUTE = "variable_axis_names"
# The global attribute holding, inside `deferred_initial_values()`, the
# variables created there whose initial values are deferred.
DEFERRED_ATTRIBUTE = "variables_with_deferred_initial_values"


def _optional_callable(name, doc):
    """A property `name` holding a callable or `None` (in `_<name>`); it
    can be set only to one of those."""
    attr = f"_{name}"

    def set_value(self, value):
        if value is not None and not callable(value):
            raise ValueError(
                f"Invalid value for attribute `{name}`: expected a "
                f"callable or `None`. Received: {name}={value}"
            )
        setattr(self, attr, value)

    return property(lambda self: getattr(self, attr), set_value, doc=doc)


class KerasVariable:
    """A mutable, named tensor owned by a layer, a metric or an optimizer.

    Args:
        initializer: A value (array, scalar) or a callable
            `initializer(shape, dtype)` or an initializer name such as
            `"zeros"`.
        shape: The variable's shape. Required when `initializer` is callable.
        dtype: The variable's dtype. Defaults to `keras.config.floatx()` for
            float values.
        trainable: Whether gradients are computed for this variable.
        autocast: Whether the variable is cast to the compute dtype of the
            layer reading it (mixed precision).
        aggregation: Accepted for API compatibility (`"none"`, `"mean"`,
            `"sum"`, `"only_first_replica"`).
        synchronization: Accepted for API compatibility.
        name: The variable's name. Its `path` is the name prefixed with the
            enclosing name scopes, e.g. `"sequential/dense/kernel"`.
        layout: Optional `keras.distribution.TensorLayout` to shard the
            variable with; by default the current distribution decides.

    Example:

    >>> v = keras.Variable(np.ones((2, 2)), name="v")
    >>> v.assign_add(np.ones((2, 2)))
    >>> v.numpy()[0, 0]
    2.0
    """

    def __init__(
        self,
        initializer,
        shape=None,
        dtype=None,
        trainable=True,
        autocast=True,
        aggregation="none",
        synchronization="auto",
        name=None,
        layout=None,
        **kwargs,
    ):
        if kwargs:
            raise TypeError(
                f"Unexpected keyword arguments for Variable: {list(kwargs)}"
            )
        if name is None:
            # Unique automatic names ("variable", "variable_1", ...), as
            # for layers. Imported here: `utils` imports the backend.
            from keras.src.utils.naming import auto_name

            name = auto_name("variable")
        if not isinstance(name, str) or "/" in name:
            raise ValueError(
                "Argument `name` must be a string and cannot contain "
                f"character `/`. Received: name={name}"
            )
        self.name = name
        parent = current_path()
        self.path = f"{parent}/{name}" if parent else name
        self.trainable = trainable
        self._autocast = autocast
        self._aggregation = aggregation
        self._synchronization = synchronization
        self._layout = layout
        # Logical names of the axes (e.g. `("embed", "mlp")`), or `None`:
        # a distribution may lay the variable out by them.
        self._axis_names = global_state.get_global_attribute(
            AXIS_NAMES_ATTRIBUTE
        )

        self._constraint = None
        self._regularizer = None
        self._overwrite_with_gradient = False
        self._initializer = None
        self._value = None

        if isinstance(initializer, str):
            from keras.src import initializers

            initializer = initializers.get(initializer)
        if callable(initializer):
            if shape is None:
                raise ValueError(
                    "When creating a Variable from an initializer, the "
                    f"`shape` argument is required. Received: "
                    f"initializer={initializer} and shape={shape}"
                )
            self._dtype = dtypes.standardize_dtype(dtype)
            self._shape = self._validate_shape(shape)
            deferred = global_state.get_global_attribute(DEFERRED_ATTRIBUTE)
            if deferred is not None:
                # Created by a loader that assigns it next: see
                # `deferred_initial_values`.
                self._initializer = initializer
                deferred.append(self)
            elif in_stateless_scope():
                # Created while a stateless function runs: the initial
                # value is computed once the scope is left (or when the
                # variable is first read outside of it).
                self._initializer = initializer
                _register_uninitialized_variable(self)
            else:
                self._initialize_with_initializer(initializer)
        else:
            if in_stateless_scope():
                raise ValueError(
                    "A Variable with a concrete initial value cannot be "
                    "created while in a stateless scope: create the "
                    "variables of your layers and models before running "
                    f"them statelessly. Variable: '{self.path}'"
                )
            if isinstance(initializer, (bool, int, float, list, tuple)):
                value = self._convert_to_tensor(initializer)
            elif hasattr(initializer, "shape"):
                value = initializer
            else:
                value = np.asarray(initializer)
            if dtype is None:
                value_dtype = dtypes.standardize_dtype(value.dtype)
                dtype = (
                    config.floatx()
                    if value_dtype in dtypes.FLOAT_TYPES
                    else value_dtype
                )
            self._dtype = dtypes.standardize_dtype(dtype)
            self._shape = tuple(int(d) for d in value.shape)
            if shape is not None and self._validate_shape(shape) != self._shape:
                raise ValueError(
                    f"Initial value for variable '{self.path}' has shape "
                    f"{self._shape}, which does not match the `shape` "
                    f"argument: {tuple(shape)}"
                )
            self._initialize(value)

    def _validate_shape(self, shape):
        shape = standardize_shape(shape)
        if any(d is None for d in shape):
            raise ValueError(
                "Shapes used to initialize variables must be fully defined "
                f"(no `None` dimensions). Received: shape={shape} for "
                f"variable path='{self.path}'"
            )
        return tuple(int(d) for d in shape)

    def _deferred_initialize(self):
        """Computes the initial value of a variable created inside a
        stateless scope."""
        if self._value is not None:
            raise ValueError(f"Variable {self.path} is already initialized.")
        if in_stateless_scope():
            # The second sentence is the wording upstream's tests match.
            raise ValueError(
                f"Variable '{self.path}' cannot be initialized yet. You "
                "are attempting to initialize a variable while in a "
                "stateless scope. This is disallowed. Its initial value is "
                "computed when the scope is left."
            )
        initializer = self._initializer
        self._initialize_with_initializer(initializer)
        self._initializer = None

    # Backend-specific hooks.
    def _initialize(self, value):
        self._missing_hook("_initialize")

    def _initialize_with_initializer(self, initializer):
        self._missing_hook("_initialize_with_initializer")

    def _convert_to_tensor(self, value, dtype=None):
        self._missing_hook("_convert_to_tensor")

    def _missing_hook(self, method):
        raise NotImplementedError(
            f"{type(self).__name__} does not define `{method}`; use the "
            "backend's Variable class."
        )

    # Reading and writing.
    @property
    def value(self):
        # Inside a StatelessScope, a value recorded there wins over the
        # stored one.
        scope = get_stateless_scope()
        if scope is not None:
            value = scope.get_current_value(self)
            if value is not None:
                return self._maybe_autocast(value)
        if self._value is None and self._initializer is not None:
            if scope is not None:
                # Not initialized yet: read a fresh initial value.
                return self._maybe_autocast(
                    self._convert_to_tensor(
                        self._initializer(self._shape, dtype=self._dtype),
                        dtype=self._dtype,
                    )
                )
            self._deferred_initialize()
        return self._maybe_autocast(self._value)

    def _maybe_autocast(self, value):
        if not (self._autocast and dtypes.is_float_dtype(self._dtype)):
            return value
        scope = get_autocast_scope()
        return value if scope is None else scope.maybe_cast(value)

    def numpy(self):
        return np.array(self.value)

    def assign(self, value):
        value = self._convert_to_tensor(value, dtype=self._dtype)
        if tuple(value.shape) != self.shape:
            raise ValueError(
                "The shape of the target variable and the shape of the "
                f"value to assign do not match. Variable '{self.path}' has "
                f"shape {self.shape}; received value of shape "
                f"{tuple(value.shape)}."
            )
        # In a StatelessScope the new value is recorded there; the stored
        # one stays untouched.
        scope = get_stateless_scope()
        if scope is None:
            self._direct_assign(value)
        else:
            scope.add_update((self, value))
        return value

    def assign_add(self, value):
        return self.assign(self.value + self._convert_to_tensor(value))

    def assign_sub(self, value):
        return self.assign(self.value - self._convert_to_tensor(value))

    @property
    def dtype(self):
        # Inside a layer's autocast scope a float variable reads (and so
        # reports) the compute dtype.
        scope = get_autocast_scope()
        if (
            scope is not None
            and scope.dtype is not None
            and self._autocast
            and dtypes.is_float_dtype(self._dtype)
        ):
            return scope.dtype
        return self._dtype

    @property
    def shape(self):
        return self._shape

    @property
    def ndim(self):
        return len(self._shape)

    @property
    def aggregation(self):
        return self._aggregation

    @property
    def synchronization(self):
        return self._synchronization

    @property
    def trainable(self):
        return self._trainable

    @trainable.setter
    def trainable(self, value):
        self._trainable = bool(value)

    constraint = _optional_callable(
        "constraint",
        "Optional callable applied to the value after optimizer updates.",
    )
    regularizer = _optional_callable(
        "regularizer",
        "Optional callable giving a penalty (loss) for the value.",
    )

    @property
    def overwrite_with_gradient(self):
        """Whether optimizers replace the value with its "gradient" instead
        of applying an update (used for float8 scaling factors)."""
        return self._overwrite_with_gradient

    @overwrite_with_gradient.setter
    def overwrite_with_gradient(self, value):
        if not isinstance(value, bool):
            raise TypeError(
                "`overwrite_with_gradient` must be a boolean. "
                f"Received: {value}"
            )
        self._overwrite_with_gradient = value

    def __repr__(self):
        if self._value is None:
            return (
                f"<Variable path={self.path}, shape={self.shape}, "
                f"dtype={self.dtype}>"
            )
        return (
            f"<Variable path={self.path}, shape={self.shape}, "
            f"dtype={self.dtype}, value={self.numpy()}>"
        )

    # Arithmetic reads the current value.
    def __array__(self, dtype=None):
        return np.asarray(self.value, dtype=dtype)

    def __bool__(self):
        raise TypeError(
            "A Keras Variable cannot be used as a boolean. Variable "
            f"'{self.path}' has no truth value: compare its value "
            "explicitly instead (e.g. `ops.all(v > 0)`)."
        )

    def __float__(self):
        return float(self.value)

    def __int__(self):
        return int(self.value)

    def __len__(self):
        return self._shape[0]

    def __getitem__(self, idx):
        return self.value[idx]

    def __neg__(self):
        return -self.value

    def __pos__(self):
        return self.value

    def __abs__(self):
        return abs(self.value)

    def __add__(self, other):
        return self.value + _unwrap(other)

    def __radd__(self, other):
        return _unwrap(other) + self.value

    def __sub__(self, other):
        return self.value - _unwrap(other)

    def __rsub__(self, other):
        return _unwrap(other) - self.value

    def __mul__(self, other):
        return self.value * _unwrap(other)

    def __rmul__(self, other):
        return _unwrap(other) * self.value

    def __truediv__(self, other):
        return self.value / _unwrap(other)

    def __rtruediv__(self, other):
        return _unwrap(other) / self.value

    def __floordiv__(self, other):
        return self.value // _unwrap(other)

    def __rfloordiv__(self, other):
        return _unwrap(other) // self.value

    def __mod__(self, other):
        return self.value % _unwrap(other)

    def __rmod__(self, other):
        return _unwrap(other) % self.value

    def __invert__(self):
        return _logical("logical_not", self.value)

    # `&`, `|` and `^` are logical operations, as for Keras tensors.
    def __and__(self, other):
        return _logical("logical_and", self.value, _unwrap(other))

    def __rand__(self, other):
        return _logical("logical_and", _unwrap(other), self.value)

    def __or__(self, other):
        return _logical("logical_or", self.value, _unwrap(other))

    def __ror__(self, other):
        return _logical("logical_or", _unwrap(other), self.value)

    def __xor__(self, other):
        return _logical("logical_xor", self.value, _unwrap(other))

    def __rxor__(self, other):
        return _logical("logical_xor", _unwrap(other), self.value)

    def __round__(self, ndigits=None):
        from keras.src.backend import numpy as backend_numpy

        return backend_numpy.round(self.value, decimals=ndigits or 0)

    def __pow__(self, other):
        return self.value ** _unwrap(other)

    def __rpow__(self, other):
        return _unwrap(other) ** self.value

    def __matmul__(self, other):
        return self.value @ _unwrap(other)

    def __rmatmul__(self, other):
        return _unwrap(other) @ self.value

    def __lt__(self, other):
        return self.value < _unwrap(other)

    def __le__(self, other):
        return self.value <= _unwrap(other)

    def __gt__(self, other):
        return self.value > _unwrap(other)

    def __ge__(self, other):
        return self.value >= _unwrap(other)

    def __eq__(self, other):
        return self.value == _unwrap(other)

    def __ne__(self, other):
        return self.value != _unwrap(other)

    __hash__ = object.__hash__


def _unwrap(x):
    return x.value if isinstance(x, KerasVariable) else x


def _logical(name, *args):
    from keras.src.backend import numpy as backend_numpy

    return getattr(backend_numpy, name)(*args)


def _register_uninitialized_variable(variable):
    pending = global_state.get_global_attribute(
        "uninitialized_variables", default=[], set_to_default=True
    )
    pending.append(variable)


@contextlib.contextmanager
def deferred_initial_values():
    """Creates variables without computing their initial values yet.

    For code that assigns new values to the variables it is about to
    create, such as a loader building a saved model: computing random
    initial values only to overwrite them costs time and, for a large
    model, as much host or device memory again. Within the scope, a
    variable created from an initializer holds no value; its first
    assignment gives it one (placed by its layout), and a first read
    computes its initial value (in a stateless scope, a fresh one each
    time, as for variables created there). On leaving the scope normally,
    the variables still without a value get their initial values; when an
    error leaves it, they are forgotten with the objects being built.
    Entered within a stateless scope, or nested, the scope does nothing.
    """
    if (
        in_stateless_scope()
        or global_state.get_global_attribute(DEFERRED_ATTRIBUTE) is not None
    ):
        yield
        return
    deferred = []
    global_state.set_global_attribute(DEFERRED_ATTRIBUTE, deferred)
    try:
        yield
    finally:
        global_state.set_global_attribute(DEFERRED_ATTRIBUTE, None)
    for variable in deferred:
        if variable._value is None and variable._initializer is not None:
            variable._deferred_initialize()


def initialize_all_variables():
    """Initializes the variables created inside stateless scopes."""
    pending = global_state.get_global_attribute("uninitialized_variables")
    if not pending:
        return
    global_state.set_global_attribute("uninitialized_variables", [])
    for variable in pending:
        if variable._value is None:
            variable._deferred_initialize()


def standardize_shape(shape):
    """Returns `shape` as a tuple of Python ints (and `None`s).

    Args:
        shape: A tuple, list or other iterable of dimensions; each one an
            int (NumPy integers included) or `None` for an unknown size.

    Returns:
        The shape as a tuple.
    """
    if shape is None:
        raise ValueError("Undefined shapes are not supported.")
    if not hasattr(shape, "__iter__"):
        raise ValueError(
            f"Cannot convert '{shape}' to a shape. A shape must be an "
            "iterable of dimensions."
        )
    shape = tuple(shape)
    result = []
    for d in shape:
        if d is None:
            result.append(None)
            continue
        if isinstance(d, bool) or not isinstance(d, (int, np.integer)):
            if hasattr(d, "__index__") and not isinstance(d, (str, float)):
                d = d.__index__()
            else:
                raise ValueError(
                    f"Cannot convert '{shape}' to a shape. "
                    f"Found invalid dimension '{d}'. Dimensions must be "
                    "integers or `None`."
                )
        d = int(d)
        if d < 0:
            raise ValueError(
                f"Cannot convert '{shape}' to a shape. Negative dimensions "
                f"are not allowed (found {d})."
            )
        result.append(d)
    return tuple(result)


def shape_equal(a_shape, b_shape):
    """Whether two shapes match; a `None` dimension matches any size."""
    if len(a_shape) != len(b_shape):
        return False
    return all(
        a is None or b is None or a == b for a, b in zip(a_shape, b_shape)
    )


class AutocastScope:
    """Casts float variables read inside the scope to `dtype`.

    Args:
        dtype: The compute dtype, or `None` to disable casting.
    """

    def __init__(self, dtype):
        if dtype is not None:
            dtype = dtypes.standardize_dtype(dtype)
            if not dtypes.is_float_dtype(dtype):
                raise ValueError(
                    "`AutocastScope` can only be used with a floating-point "
                    f"target dtype, such as 'float16'. Received: dtype={dtype}"
                )
        self.dtype = dtype

    def maybe_cast(self, value):
        from keras.src import backend

        if self.dtype is not None and dtypes.is_float_dtype(value.dtype):
            return backend.cast(value, dtype=self.dtype)
        return value

    def __enter__(self):
        # Scopes nest: the enclosing one comes back on exit.
        self.original_scope = get_autocast_scope()
        global_state.set_global_attribute(_AUTOCAST_KEY, self)

    def __exit__(self, *args, **kwargs):
        global_state.set_global_attribute(_AUTOCAST_KEY, self.original_scope)


_AUTOCAST_KEY = "autocast_scope"


def get_autocast_scope():
    """The innermost active `AutocastScope`, or `None`."""
    return global_state.get_global_attribute(_AUTOCAST_KEY)
