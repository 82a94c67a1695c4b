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
    """Wraps arbitrary expressions as a `Layer` object.

    The `Lambda` layer exists so that arbitrary expressions can be used as
    a `Layer` when constructing functional models. `Lambda` layers are best
    suited for simple operations or quick experimentation. For more
    advanced use cases, prefer writing new subclasses of `Layer`.

    WARNING: `Lambda` layers have (de)serialization limitations! A Python
    lambda is saved as Python bytecode, which is not portable and can run
    arbitrary code when loaded. Loading it is therefore refused in safe
    mode (the default); pass `safe_mode=False` when loading, or call
    `keras.config.enable_unsafe_deserialization()`, only for trusted
    files. Named functions are saved by reference instead.

    Args:
        function: The function to be evaluated. Takes the input tensor as
            first argument (and, if it declares them, `mask` and
            `training` keyword arguments).
        output_shape: Expected output shape from function (excluding the
            batch dimension): a tuple, or a function of the input shape
            returning the full output shape. If `None`, it is inferred by
            tracing `function` on symbolic inputs.
        mask: Either `None` (no masking), a callable with the same
            signature as `compute_mask`, or a tensor returned as the output
            mask regardless of the input.
        arguments: Optional dictionary of keyword arguments to be passed to
            the function.
        **kwargs: Base layer keyword arguments, such as `name` and `dtype`.

    Input shape:
        Arbitrary.

    Output shape:
        Specified by the `output_shape` argument, or inferred.

    Example:

    >>> layer = keras.layers.Lambda(lambda x: x**2)
    >>> layer(np.array([1.0, 2.0, 3.0]))
    Array([1., 4., 9.], dtype=float32)
    """

    def __init__(
        self, function, output_shape=None, mask=None, arguments=None, **kwargs
    ):
        super().__init__(**kwargs)
        if not callable(function):
            raise ValueError(
                "Argument `function` of `Lambda` must be callable. "
                f"Received: function={function}"
            )
        self.function = function
        self.arguments = arguments or {}
        self.mask = mask
        self._output_shape = output_shape
        self.supports_masking = mask is not None
        self.built = True
        try:
            parameters = inspect.signature(function).parameters
        except (TypeError, ValueError):
            parameters = {}
        self._fn_expects_mask_arg = "mask" in parameters
        self._fn_expects_training_arg = "training" in parameters

    def call(self, inputs, mask=None, training=None):
        kwargs = dict(self.arguments)
        if self._fn_expects_mask_arg:
            kwargs["mask"] = mask
        if self._fn_expects_training_arg:
            kwargs["training"] = training
        return self.function(inputs, **kwargs)

    def compute_mask(self, inputs, mask=None):
        if callable(self.mask):
            return self.mask(inputs, mask)
        return self.mask

    def compute_output_shape(self, input_shape):
        if self._output_shape is None:
            return super().compute_output_shape(input_shape)
        if callable(self._output_shape):
            return self._output_shape(input_shape)
        batch = _batch_size(input_shape)
        return (batch,) + tuple(self._output_shape)

    def compute_output_spec(self, inputs, **kwargs):
        if self._output_shape is None:
            return super().compute_output_spec(inputs, **kwargs)
        input_shape = (
            tree.map_structure(lambda x: tuple(x.shape), inputs)
            if tree.is_nested(inputs)
            else tuple(inputs.shape)
        )
        shape = self.compute_output_shape(input_shape)
        return backend.KerasTensor(shape, dtype=self.compute_dtype)

    def get_config(self):
        base_config = super().get_config()
        config = {
            "function": serialization_lib.serialize_keras_object(self.function),
            "arguments": serialization_lib.serialize_keras_object(
                self.arguments
            ),
        }
        if self._output_shape is not None:
            config["output_shape"] = serialization_lib.serialize_keras_object(
                self._output_shape
            )
        if self.mask is not None:
            config["mask"] = serialization_lib.serialize_keras_object(self.mask)
        return {**base_config, **config}

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
            kwargs = {"custom_objects": custom_objects}
            if safe_mode is not None:
                kwargs["safe_mode"] = safe_mode
            # In safe mode this raises for lambdas: let it reach the user.
            restored = serialization_lib.deserialize_keras_object(
                value, **kwargs
            )
            if _is_serialized_lambda(value):
                restored = _with_keras_globals(restored, custom_objects)
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
