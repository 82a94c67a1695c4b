"""`Lambda`: wraps an arbitrary expression as a layer."""

import inspect
import types

from keras.src import backend
from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer
from keras.src.saving import serialization_lib


@keras_export("keras.layers.Lambda")
class Lambda(Layer):
    """Turns a plain function into a layer.

    Handy for small, weight-free transformations inside a functional or
    `Sequential` model (reordering axes, a fixed scaling, a custom
    elementwise op). Anything that needs weights or nontrivial state
    belongs in a proper `Layer` subclass instead: a `Lambda` creates no
    variables and tracks none.

    WARNING: saving a `Lambda` that wraps a Python `lambda` stores the
    function's bytecode. That is not portable across Python versions and
    runs arbitrary code when loaded, so loading it is refused in safe
    mode (the default); pass `safe_mode=False` when loading, or call
    `keras.config.enable_unsafe_deserialization()`, only for trusted
    files. Named functions are saved by reference instead.

    Args:
        function: The callable to apply. It receives the input (a tensor
            or nested structure) as its first argument, plus `mask` and
            `training` keyword arguments if its signature names them.
        output_shape: Optional. Either a tuple giving the output shape
            without the batch axis, or a callable that maps the input
            shape to the full output shape. When `None`, the shape is
            found by running `function` on symbolic inputs.
        mask: Optional. `None` (the layer produces no mask), a callable
            `mask(inputs, previous_mask)` returning the output mask, or a
            fixed tensor used as the output mask.
        arguments: Optional dict of extra keyword arguments passed to
            `function` on every call.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Input shape:
        Arbitrary.

    Output shape:
        Specified by the `output_shape` argument, or inferred.

    Example:

    >>> halve = keras.layers.Lambda(lambda t, k: t / k, arguments={"k": 2.0})
    >>> halve(np.array([3.0, 5.0, -8.0]))
    Array([ 1.5,  2.5, -4. ], dtype=float32)
    """

    def __init__(
        self, function, output_shape=None, mask=None, arguments=None, **kwargs
    ):
        super().__init__(**kwargs)
        if not callable(function):
            raise ValueError(
                "`Lambda` needs a callable as `function`; got "
                f"{function!r} of type {type(function).__name__}."
            )
        self.function = function
        self.arguments = arguments if arguments else {}
        self.mask = mask
        self._output_shape = output_shape
        self.supports_masking = mask is not None
        self.built = True
        try:
            params = inspect.signature(function).parameters
        except (TypeError, ValueError):  # e.g. some builtins
            params = {}
        # Which of the optional call arguments to forward to `function`.
        self._forwarded_call_args = tuple(
            name for name in ("mask", "training") if name in params
        )

    def call(self, inputs, mask=None, training=None):
        available = {"mask": mask, "training": training}
        fn_kwargs = {**self.arguments}
        for name in self._forwarded_call_args:
            fn_kwargs[name] = available[name]
        return self.function(inputs, **fn_kwargs)

    def compute_mask(self, inputs, mask=None):
        mask_fn = self.mask
        return mask_fn(inputs, mask) if callable(mask_fn) else mask_fn

    def compute_output_shape(self, input_shape):
        declared = self._output_shape
        if declared is None:
            return super().compute_output_shape(input_shape)
        if callable(declared):
            return declared(input_shape)
        return (_batch_size(input_shape), *declared)

    def compute_output_spec(self, inputs, **kwargs):
        if self._output_shape is None:
            # Infer by tracing `function` on the symbolic inputs.
            return super().compute_output_spec(inputs, **kwargs)
        input_shape = (
            tree.map_structure(lambda x: tuple(x.shape), inputs)
            if tree.is_nested(inputs)
            else tuple(inputs.shape)
        )
        shape = self.compute_output_shape(input_shape)
        return backend.KerasTensor(shape, dtype=self.compute_dtype)

    def get_config(self):
        to_json = serialization_lib.serialize_keras_object
        config = super().get_config()
        config["function"] = to_json(self.function)
        config["arguments"] = to_json(self.arguments)
        # Optional entries are only written when set.
        for key, value in (
            ("output_shape", self._output_shape),
            ("mask", self.mask),
        ):
            if value is not None:
                config[key] = to_json(value)
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None, safe_mode=None):
        """Rebuilds the layer; a serialized Python lambda is refused in safe
        mode (raises `ValueError`)."""
        config = dict(config)
        for key in ("function", "output_shape", "mask", "arguments"):
            if key not in config or config[key] is None:
                continue
            value = config[key]
            if isinstance(value, (list, tuple)) and all(
                v is None or isinstance(v, int) for v in value
            ):
                config[key] = tuple(value)
                continue
            if not isinstance(value, (dict, str)):
                continue  # already a value (e.g. a decoded mask array)
            if _is_serialized_lambda(value):
                unsafe_ok = (
                    not safe_mode
                    if safe_mode is not None
                    else serialization_lib.in_safe_mode() is False
                )
                if not unsafe_ok:
                    raise ValueError(
                        f"The `{key}` of this `Lambda` layer is a Python "
                        "lambda: loading it would allow arbitrary code "
                        "execution, so safe mode refuses it. If you trust "
                        "the config, pass `safe_mode=False` or call "
                        "`keras.config.enable_unsafe_deserialization()`."
                    )
                # An explicit `safe_mode=False` outranks an open scope.
                with serialization_lib.SafeModeScope(False):
                    restored = serialization_lib.deserialize_keras_object(
                        value, custom_objects=custom_objects
                    )
                restored = _with_keras_globals(restored, custom_objects)
            else:
                restored = serialization_lib.deserialize_keras_object(
                    value,
                    custom_objects=custom_objects,
                    safe_mode=True if safe_mode is None else safe_mode,
                )
            config[key] = restored
        return cls(**config)


def _is_serialized_lambda(value):
    return isinstance(value, dict) and value.get("class_name") == "__lambda__"


def _with_keras_globals(function, custom_objects=None):
    """Rebinds a deserialized lambda to globals where `keras`, `ops` and
    the custom objects resolve (its original module is unknown)."""
    import keras
    from keras.src import ops

    namespace = {"keras": keras, "ops": ops}
    namespace.update(function.__globals__)
    namespace.update(custom_objects or {})
    return types.FunctionType(
        function.__code__,
        namespace,
        function.__name__,
        function.__defaults__,
        function.__closure__,
    )


def _batch_size(input_shape):
    if (
        isinstance(input_shape, (list, tuple))
        and input_shape
        and all(isinstance(s, (list, tuple)) for s in input_shape)
    ):
        input_shape = input_shape[0]
    return input_shape[0] if input_shape else None
