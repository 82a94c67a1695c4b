"""Initializers that do not draw random numbers."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.backend import standardize_dtype
from keras.src.initializers.initializer import Initializer


@keras_export(["keras.initializers.Constant", "keras.initializers.constant"])
class Constant(Initializer):
    """Fills tensors with a single constant value.

    Args:
        value: A Python scalar, cast to the requested dtype.

    Example:

    >>> keras.initializers.Constant(3.0)(shape=(2,)).tolist()
    [3.0, 3.0]
    """

    def __init__(self, value=0.0):
        self.value = value

    def __call__(self, shape, dtype=None):
        filled = ops.cast(self.value, standardize_dtype(dtype))
        return ops.broadcast_to(filled, tuple(shape))

    def get_config(self):
        value = self.value
        if hasattr(value, "tolist"):
            value = value.tolist()
        return {"value": value}


@keras_export(["keras.initializers.Zeros", "keras.initializers.zeros"])
class Zeros(Initializer):
    """Fills tensors with zeros.

    Example:

    >>> keras.initializers.Zeros()(shape=(2,)).tolist()
    [0.0, 0.0]
    """

    def __call__(self, shape, dtype=None):
        """Returns a tensor of zeros.

        Args:
            shape: Shape tuple.
            dtype: Optional numeric or boolean dtype (default: floatx).
        """
        dtype = standardize_dtype(dtype)
        return ops.zeros(shape, dtype=dtype)


@keras_export(["keras.initializers.Ones", "keras.initializers.ones"])
class Ones(Initializer):
    """Fills tensors with ones.

    Example:

    >>> keras.initializers.Ones()(shape=(2,)).tolist()
    [1.0, 1.0]
    """

    def __call__(self, shape, dtype=None):
        """Returns a tensor of ones.

        Args:
            shape: Shape tuple.
            dtype: Optional numeric or boolean dtype (default: floatx).
        """
        dtype = standardize_dtype(dtype)
        return ops.ones(shape, dtype=dtype)


@keras_export(
    [
        "keras.initializers.IdentityInitializer",
        "keras.initializers.Identity",
        "keras.initializers.identity",
    ]
)
class Identity(Initializer):
    """Creates `gain` times the identity matrix (2D shapes only).

    For non-square shapes, the main diagonal holds `gain` and the rest is 0.

    Args:
        gain: Multiplicative factor.

    Example:

    >>> keras.initializers.Identity()(shape=(2, 2)).tolist()
    [[1.0, 0.0], [0.0, 1.0]]
    """

    def __init__(self, gain=1.0):
        self.gain = gain

    def __call__(self, shape, dtype=None):
        if len(shape) != 2:
            raise ValueError(
                "Identity matrix initializer can only be used for 2D "
                f"matrices. Received: shape={shape} of rank {len(shape)}."
            )
        dtype = standardize_dtype(dtype)
        return ops.cast(self.gain, dtype) * ops.eye(
            shape[0], shape[1], dtype=dtype
        )

    def get_config(self):
        return {"gain": self.gain}


IdentityInitializer = Identity
