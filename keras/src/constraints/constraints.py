"""Weight constraints, applied to a variable after each optimizer update."""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.utils import identifier_utils


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


def _norms(w, axis):
    return ops.sqrt(ops.sum(ops.square(w), axis=axis, keepdims=True))


@keras_export(["keras.constraints.UnitNorm", "keras.constraints.unit_norm"])
class UnitNorm(Constraint):
    """Rescales the weights to have a norm of 1 along `axis`.

    Args:
        axis: The axis (or axes) along which norms are computed. For a
            `Dense` kernel of shape `(input_dim, units)`, `axis=0` makes
            each unit's incoming weight vector unit-norm.
    """

    def __init__(self, axis=0):
        self.axis = axis

    def __call__(self, w):
        w = ops.convert_to_tensor(w)
        return w / (backend.epsilon() + _norms(w, self.axis))

    def get_config(self):
        return {"axis": self.axis}


@keras_export(
    ["keras.constraints.MinMaxNorm", "keras.constraints.min_max_norm"]
)
class MinMaxNorm(Constraint):
    """Keeps the norm of the weights along `axis` between `min_value` and
    `max_value`.

    Args:
        min_value: The smallest norm allowed.
        max_value: The largest norm allowed.
        rate: How far each update moves the norm into the range: `1.0`
            rescales it into the range at once; smaller values only move
            it part of the way, `(1 - rate) * norm + rate * clipped_norm`.
        axis: The axis (or axes) along which norms are computed.
    """

    def __init__(self, min_value=0.0, max_value=1.0, rate=1.0, axis=0):
        self.min_value = min_value
        self.max_value = max_value
        self.rate = rate
        self.axis = axis

    def __call__(self, w):
        w = ops.convert_to_tensor(w)
        norms = _norms(w, self.axis)
        target = self.rate * ops.clip(norms, self.min_value, self.max_value)
        target = target + (1 - self.rate) * norms
        return w * (target / (backend.epsilon() + norms))

    def get_config(self):
        return {
            "min_value": self.min_value,
            "max_value": self.max_value,
            "rate": self.rate,
            "axis": self.axis,
        }


_BY_NAME = {
    "non_neg": NonNeg,
    "NonNeg": NonNeg,
    "max_norm": MaxNorm,
    "MaxNorm": MaxNorm,
    "unit_norm": UnitNorm,
    "UnitNorm": UnitNorm,
    "min_max_norm": MinMaxNorm,
    "MinMaxNorm": MinMaxNorm,
    "Constraint": Constraint,
}


@keras_export("keras.constraints.serialize")
def serialize(constraint):
    """Returns the config dict of a constraint (see
    `keras.saving.serialize_keras_object`)."""
    return identifier_utils.serialize_object(constraint)


@keras_export("keras.constraints.deserialize")
def deserialize(config, custom_objects=None):
    """Returns a constraint from a config dict made by `serialize()`.

    Args:
        config: The config dict.
        custom_objects: Optional dict mapping names to custom classes or
            functions.
    """
    return identifier_utils.deserialize_from_table(
        config, _BY_NAME, custom_objects
    )


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
        return deserialize(identifier)
    raise ValueError(f"Could not interpret constraint identifier: {identifier}")
