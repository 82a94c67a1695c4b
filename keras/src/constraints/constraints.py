"""Weight constraints, applied to a variable after each optimizer update."""

from keras.src import ops
from keras.src.api_export import keras_export


@keras_export(["keras.constraints.Constraint", "keras.constraints.constraint"])
class Constraint:
    """Base class of weight constraints: `constraint(w)` returns the new `w`.

    Example:

    ```python
    class NonNegative(keras.constraints.Constraint):
        def __call__(self, w):
            return w * keras.ops.cast(w >= 0.0, w.dtype)
    ```
    """

    def __call__(self, w):
        return w

    def get_config(self):
        return {}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


@keras_export(["keras.constraints.NonNeg", "keras.constraints.non_neg"])
class NonNeg(Constraint):
    """Replaces negative weights by zero."""

    def __call__(self, w):
        w = ops.convert_to_tensor(w)
        return ops.multiply(w, ops.cast(ops.greater_equal(w, 0.0), w.dtype))


@keras_export(["keras.constraints.MaxNorm", "keras.constraints.max_norm"])
class MaxNorm(Constraint):
    """Constrains the norm of the weights along `axis` to at most `max_value`.

    Args:
        max_value: The maximum norm.
        axis: The axis along which norms are computed.
    """

    def __init__(self, max_value=2, axis=0):
        self.max_value = max_value
        self.axis = axis

    def __call__(self, w):
        w = ops.convert_to_tensor(w)
        norms = ops.sqrt(ops.sum(w * w, axis=self.axis, keepdims=True))
        # Slices within the limit keep (almost exactly) their values; the
        # others are scaled down onto the limit. 1e-7 avoids 0 / 0.
        target = ops.minimum(norms, self.max_value)
        return w * (target / (norms + 1e-7))

    def get_config(self):
        return {"max_value": self.max_value, "axis": self.axis}


_BY_NAME = {
    "non_neg": NonNeg,
    "NonNeg": NonNeg,
    "max_norm": MaxNorm,
    "MaxNorm": MaxNorm,
}


@keras_export("keras.constraints.get")
def get(identifier):
    """Returns a constraint from an instance, a name, a config or `None`."""
    if identifier is None or callable(identifier):
        return identifier
    if isinstance(identifier, str):
        if identifier not in _BY_NAME:
            raise ValueError(
                f"Unknown constraint: '{identifier}'. Valid names are "
                f"{sorted(_BY_NAME)}."
            )
        return _BY_NAME[identifier]()
    if isinstance(identifier, dict):
        from keras.src.saving import serialization_lib

        return serialization_lib.deserialize_keras_object(
            identifier, module_objects=_BY_NAME
        )
    raise ValueError(f"Could not interpret constraint identifier: {identifier}")
