"""`Operation`: anything callable on tensors and symbolic tensors alike.

Called on concrete tensors an operation computes; called on `KerasTensor`s it
returns KerasTensors of the right shape and records a `Node`, which is how
functional models are built.
"""

import functools
import inspect

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend.common.keras_tensor import any_symbolic_tensors
from keras.src.backend.common.remat import get_current_remat_mode
from keras.src.ops.node import Node
from keras.src.utils import naming
from keras.src.utils import traceback_utils


@keras_export("keras.Operation")
class Operation:
    """Base class of layers and ops.

    Args:
        name: Optional name; a unique one is derived from the class name.
    """

    def __new__(cls, *args, **kwargs):
        instance = super().__new__(cls)
        # The constructor arguments, for the default `get_config()`.
        instance._auto_config = _constructor_arguments(cls, args, kwargs)
        return instance

    def __init__(self, name=None):
        if name is None:
            name = naming.auto_name(self.__class__.__name__)
        if not isinstance(name, str) or "/" in name:
            raise ValueError(
                "Argument `name` must be a string and cannot contain "
                f"character `/`. Received: name={name} (of type {type(name)})"
            )
        self.name = name
        self._inbound_nodes = []
        self._outbound_nodes = []
        # Set by an enclosing `RematScope` when the operation is created.
        self._remat_mode = get_current_remat_mode()

    def __call__(self, *args, **kwargs):
        with traceback_utils.argument_info_on_error(self, args, kwargs):
            if any_symbolic_tensors(args, kwargs):
                return self.symbolic_call(*args, **kwargs)
            if getattr(self, "quantization_mode", None) is not None:
                call_fn = self.quantized_call
            else:
                call_fn = self.call
            remat_mode = getattr(self, "_remat_mode", None)
            if remat_mode is not None and remat_mode.mode == "full":
                call_fn = backend.core.remat(call_fn)
            return call_fn(*args, **kwargs)

    def quantized_call(self, *args, **kwargs):
        """The computation used when `quantization_mode` is set."""
        raise NotImplementedError(
            f"Operation {self.__class__.__name__} has no quantized call."
        )

    def symbolic_call(self, *args, **kwargs):
        outputs = self.compute_output_spec(*args, **kwargs)
        Node(self, call_args=args, call_kwargs=kwargs, outputs=outputs)
        return outputs

    def call(self, *args, **kwargs):
        raise NotImplementedError(
            f"Operation {self.__class__.__name__} does not implement `call()`."
        )

    def compute_output_spec(self, *args, **kwargs):
        return backend.compute_output_spec(self.call, *args, **kwargs)

    def get_config(self):
        """Returns the operation's config: its constructor arguments.

        By default these are the arguments it was constructed with (their
        defaults included) when they are plain Python values, and its
        `name` when the constructor accepts one.

        Raises:
            NotImplementedError: if the constructor arguments cannot be
                recorded (variadic positional arguments, or values that
                are not plain Python values nor serializable Keras
                objects). Override `get_config()` in that case.
        """
        auto = getattr(self, "_auto_config", None)
        if auto is None or type(self).__init__ is Operation.__init__:
            return {"name": self.name}
        arguments, accepts_name = auto
        if arguments is None:
            raise NotImplementedError(
                f"{self.__class__.__name__} cannot be serialized "
                "automatically: its constructor takes variadic positional "
                "arguments. Implement `get_config()` for it."
            )
        config = {}
        for key, value in arguments.items():
            if not _is_serializable(value):
                raise NotImplementedError(
                    f"{self.__class__.__name__} cannot be serialized "
                    f"automatically: argument `{key}` has a value of type "
                    f"{type(value).__name__}. Implement `get_config()` for "
                    "it."
                )
            config[key] = value
        if accepts_name:
            config["name"] = self.name
        return config

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def _node_values(self, attribute):
        if not self._inbound_nodes:
            raise AttributeError(
                f"Operation '{self.name}' has never been called on "
                "symbolic tensors, so it has no input or output yet."
            )
        values = getattr(self._inbound_nodes[0], attribute)
        return values[0] if len(values) == 1 else values

    @property
    def input(self):
        return self._node_values("input_tensors")

    @property
    def output(self):
        outputs = self._inbound_nodes[0].outputs
        return outputs[0] if len(outputs) == 1 else outputs


def _constructor_arguments(cls, args, kwargs):
    """`(arguments, accepts_name)` of a constructor call, where `arguments`
    maps parameter names to values (defaults filled in), or is `None` when
    variadic positional arguments were passed."""
    try:
        signature = inspect.signature(cls.__init__)
        bound = signature.bind(None, *args, **kwargs)
    except (TypeError, ValueError):
        return None
    bound.apply_defaults()
    parameters = list(signature.parameters.values())[1:]
    accepts_name = any(
        p.name == "name" or p.kind == p.VAR_KEYWORD for p in parameters
    )
    arguments = {}
    for p in parameters:
        if p.name not in bound.arguments:
            continue
        value = bound.arguments[p.name]
        if p.kind == p.VAR_POSITIONAL:
            if value:
                return None, accepts_name
        elif p.kind == p.VAR_KEYWORD:
            arguments.update(value)
        elif p.name != "name":
            arguments[p.name] = value
    arguments.pop("name", None)
    return arguments, accepts_name


def _is_serializable(value):
    if value is None or isinstance(value, (bool, int, float, str)):
        return True
    if isinstance(value, (list, tuple)):
        return all(_is_serializable(v) for v in value)
    if isinstance(value, dict):
        return all(
            isinstance(k, str) and _is_serializable(v) for k, v in value.items()
        )
    return False


class FunctionOperation(Operation):
    """The operation recorded when a `keras.ops` function sees KerasTensors.

    Each op function `fn` decorated with `symbolic_op` also gets a subclass
    named after it (`add` → `Add`, `logical_and` → `LogicalAnd`), defined
    next to it, so `keras.ops.Add()(x, y)` works like `keras.ops.add(x, y)`.
    Such a subclass takes the function's non-tensor arguments (its
    "static" arguments: by default those with a default value) in its
    constructor, e.g. `keras.ops.Cast("int32")(x)` or
    `keras.ops.Logsumexp(axis=1)(x)`; call arguments override them.

    Args:
        fn: The op function, e.g. `keras.ops.add`'s implementation.
        name: Optional name; derived from the function's name by default.
        static_arguments: Dict of the constructor-given static arguments.
        spec: Optional function with the signature of `fn` that returns the
            symbolic outputs (KerasTensors); by default `fn` is traced.
    """

    def __init__(self, fn=None, name=None, static_arguments=None, spec=None):
        fn = fn or self._fn
        super().__init__(name=name or naming.auto_name(fn.__name__))
        self.fn = fn
        self.spec = spec or self._spec
        self._set_static_arguments(static_arguments or {})

    # The op function, spec and static parameter names of an op class
    # (set by `symbolic_op`).
    _fn = None
    _spec = None
    _static_names = ()

    def _bind_static_arguments(self, args, kwargs):
        """The static arguments given to an op class's constructor, as a
        dict by parameter name."""
        static = self._static_names
        class_name = type(self).__name__
        if len(args) > len(static):
            raise TypeError(
                f"{class_name}() takes at most {len(static)} positional "
                f"arguments {static}; received {len(args)}."
            )
        given = dict(zip(static, args))
        parameters = inspect.signature(self._fn).parameters
        # An op function's `**kwargs`, when static, takes any keyword.
        any_keyword = any(
            parameters[name].kind == inspect.Parameter.VAR_KEYWORD
            for name in static
        )
        for key, value in kwargs.items():
            if key not in static and not any_keyword:
                raise TypeError(
                    f"{class_name}() got an unexpected argument `{key}`. "
                    f"Its constructor takes {static} and `name`."
                )
            given[key] = value
        return given

    def _set_static_arguments(self, static_arguments):
        self.static_arguments = dict(static_arguments)
        # Readable as attributes too (`ExtractSequences(5, 2).sequence_length`)
        for key, value in self.static_arguments.items():
            if not hasattr(type(self), key):
                setattr(self, key, value)

    def call(self, *args, **kwargs):
        args, kwargs = self._arguments(args, kwargs)
        return self.fn(*args, **kwargs)

    def compute_output_spec(self, *args, **kwargs):
        args, kwargs = self._arguments(args, kwargs)
        if self.spec is not None:
            return self.spec(*args, **kwargs)
        return backend.compute_output_spec(self.fn, *args, **kwargs)

    def _arguments(self, args, kwargs):
        """The call arguments completed with the static arguments."""
        if not self.static_arguments:
            return args, kwargs
        call_parameters = [
            name
            for name in inspect.signature(self.fn).parameters
            if name not in self.static_arguments
        ]
        if len(args) > len(call_parameters):
            raise TypeError(
                f"{self.__class__.__name__} takes at most "
                f"{len(call_parameters)} positional call arguments "
                f"({', '.join(call_parameters)}) once its constructor got "
                f"{sorted(self.static_arguments)}. Received {len(args)}."
            )
        arguments = dict(self.static_arguments)
        arguments.update(zip(call_parameters, args))
        arguments.update(kwargs)
        return (), arguments

    def get_config(self):
        return {
            "name": self.name,
            "function": self.fn.__name__,
            **self.static_arguments,
        }


def _static_parameters(fn, static):
    """Names of the constructor arguments of `fn`'s operation class."""
    parameters = inspect.signature(fn).parameters
    if static is not None:
        unknown = [name for name in static if name not in parameters]
        if unknown:
            raise ValueError(
                f"`static` names {unknown}, which are not parameters of "
                f"{fn.__name__}{inspect.signature(fn)}."
            )
        return tuple(static)
    return tuple(
        name
        for name, p in parameters.items()
        if p.default is not p.empty
        and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
    )


# The first parameter of the signatures given to generated methods.
_SELF_PARAMETER = inspect.Parameter(
    "self", inspect.Parameter.POSITIONAL_OR_KEYWORD
)


def _operation_class(fn, static=None, spec=None, class_name=None, check=None):
    """The `FunctionOperation` subclass of op function `fn`."""
    if class_name is None:
        class_name = "".join(part.title() for part in fn.__name__.split("_"))
    static = _static_parameters(fn, static)

    class OpClass(FunctionOperation):
        _fn = staticmethod(fn)
        _spec = staticmethod(spec) if spec is not None else None
        _static_names = static

        def __init__(self, *args, name=None, **kwargs):
            static_arguments = self._bind_static_arguments(args, kwargs)
            if check is not None:
                check(**static_arguments)
            super().__init__(name=name)
            self._set_static_arguments(static_arguments)

        # Redefined here only to carry this class's own `__signature__`.
        def call(self, *args, **kwargs):
            return super().call(*args, **kwargs)

        @classmethod
        def from_config(cls, config):
            # The function is the class's own: its config entry is
            # redundant.
            config = {k: v for k, v in config.items() if k != "function"}
            return cls(**config)

    # The signatures say what the class takes: the static arguments (and
    # `name`) in the constructor, the others in `call`.
    parameters = inspect.signature(fn).parameters
    keyword = inspect.Parameter.VAR_KEYWORD
    OpClass.__init__.__signature__ = inspect.Signature(
        [_SELF_PARAMETER]
        + [
            parameters[name].replace(
                kind=inspect.Parameter.POSITIONAL_OR_KEYWORD
            )
            for name in static
            if parameters[name].kind != keyword
        ]
        + [
            inspect.Parameter(
                "name", inspect.Parameter.KEYWORD_ONLY, default=None
            )
        ]
        + [
            parameters[name]
            for name in static
            if parameters[name].kind == keyword
        ]
    )
    OpClass.call.__signature__ = inspect.Signature(
        [_SELF_PARAMETER]
        + [p for name, p in parameters.items() if name not in static]
    )
    OpClass.__name__ = OpClass.__qualname__ = class_name
    OpClass.__module__ = fn.__module__
    OpClass.__doc__ = f"The operation of `keras.ops.{fn.__name__}`."
    return OpClass


def symbolic_op(
    fn=None, *, static=None, spec=None, class_name=None, check=None
):
    """Makes an op function accept KerasTensors.

    On concrete inputs `fn` runs as is. If any argument is a KerasTensor, the
    call is recorded by the op's `FunctionOperation` subclass (see
    `FunctionOperation`) and symbolic outputs (shape and dtype inferred by
    tracing `fn`) are returned.

    Args:
        fn: The op function.
        static: Optional sequence of the parameter names that the operation
            class takes in its constructor, in order. By default, the
            parameters that have a default value.
        spec: Optional function with the signature of `fn` returning the
            symbolic outputs, for ops whose output shapes follow from their
            arguments without tracing `fn`.
        class_name: Optional name of the operation class, when it is not
            the CamelCase form of the function's name.
        check: Optional function that validates the static arguments given
            to the operation class's constructor (passed as keywords) and
            raises on a bad value.
    """
    if fn is None:
        return functools.partial(
            symbolic_op,
            static=static,
            spec=spec,
            class_name=class_name,
            check=check,
        )
    op_class = _operation_class(fn, static, spec, class_name, check)
    # Defined in the op's module, so `from module import *` exports it.
    op_class = fn.__globals__.setdefault(op_class.__name__, op_class)

    @functools.wraps(fn)
    def op(*args, **kwargs):
        if any_symbolic_tensors(args, kwargs):
            return op_class().symbolic_call(*args, **kwargs)
        return fn(*args, **kwargs)

    op.__wrapped_op__ = fn
    return op


def _arrange(parameters, values):
    """Positional and keyword arguments giving `values` (a dict by name) to
    a function of `parameters`."""
    args, kwargs = [], {}
    for p in parameters:
        value = values[p.name]
        if p.kind == p.VAR_POSITIONAL:
            args.extend(value)
        elif p.kind == p.VAR_KEYWORD:
            kwargs.update(value)
        elif p.kind == p.KEYWORD_ONLY:
            kwargs[p.name] = value
        else:
            args.append(value)
    return args, kwargs


def dispatch_to(op_class):
    """Makes an op function run eagerly or through `op_class` when symbolic.

    The decorated function computes the op on concrete values. Called with a
    KerasTensor among its arguments, it builds `op_class` instead, from the
    arguments named like the parameters of the class's constructor, and
    returns its `symbolic_call` on the remaining arguments, in order.

    A class that does not define `call` (nor inherits a hand-written one)
    gets one that runs the function, taking the constructor arguments from
    the op's attributes of the same names. An op's function is then the
    only place naming its backend implementation.

    Args:
        op_class: The `Operation` subclass whose constructor takes the
            function's static arguments and whose `compute_output_spec`
            gives its symbolic outputs.

    Returns:
        A decorator for the op function.

    Example:

    ```python
    class Negative(Operation):
        def compute_output_spec(self, x):
            return KerasTensor(x.shape, dtype=x.dtype)

    @dispatch_to(Negative)
    def negative(x):
        return backend.numpy.negative(x)
    ```
    """

    def decorate(fn):
        signature = inspect.signature(fn)
        parameters = list(signature.parameters.values())
        constructor = inspect.signature(op_class.__init__).parameters
        static = [
            p.name
            for p in parameters
            if p.name in constructor and p.name not in ("self", "name")
        ]
        call_parameters = [p for p in parameters if p.name not in static]

        @functools.wraps(fn)
        def op(*args, **kwargs):
            if not any_symbolic_tensors(args, kwargs):
                return fn(*args, **kwargs)
            bound = signature.bind(*args, **kwargs)
            bound.apply_defaults()
            values = bound.arguments
            operation = op_class(**{name: values[name] for name in static})
            call_args, call_kwargs = _arrange(call_parameters, values)
            return operation.symbolic_call(*call_args, **call_kwargs)

        # A `call` written out in the class (or a base) stays; one derived
        # from a base's function (`FFT2(FFT)`) is replaced.
        inherited = op_class.call
        if inherited is Operation.call or hasattr(inherited, "op_function"):
            call_signature = inspect.Signature(call_parameters)

            def call(self, *args, **kwargs):
                bound = call_signature.bind(*args, **kwargs)
                bound.apply_defaults()
                values = dict(bound.arguments)
                values.update({name: getattr(self, name) for name in static})
                args, kwargs = _arrange(parameters, values)
                return fn(*args, **kwargs)

            call.op_function = fn
            # What the op takes at call time, for `inspect.signature`.
            call.__signature__ = inspect.Signature(
                [_SELF_PARAMETER] + call_parameters
            )
            op_class.call = call
        return op

    return decorate
