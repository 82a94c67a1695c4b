"""Initializers that do not draw random numbers."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.backend import standardize_dtype
from keras.src.initializers.initializer import Initializer


@keras_export(["keras.initializers.Constant", "keras.initializers.constant"])
class Constant(Initializer):
    """Initializer that generates tensors with constant values.

    Only scalar values are allowed. The constant value provided must be
    convertible to the dtype requested when calling the initializer.

    Args:
        value: A Python scalar.

    Example:

    >>> initializer = keras.initializers.Constant(10.0)
    >>> values = initializer(shape=(2, 2))
    """

    def __init__(self, value=0.0):
        self.value = value

    def __call__(self, shape, dtype=None):
        dtype = standardize_dtype(dtype)
        return ops.cast(self.value, dtype=dtype) * ops.ones(
            shape=shape, dtype=dtype
        )

    def get_config(self):
        value = self.value
        if hasattr(value, "tolist"):
            value = value.tolist()
        return {"value": value}


@keras_export(["keras.initializers.Zeros", "keras.initializers.zeros"])
class Zeros(Initializer):
    """Initializer that generates tensors initialized to 0.

    Example:

    >>> initializer = keras.initializers.Zeros()
    >>> values = initializer(shape=(2, 2))
    """

    def __call__(self, shape, dtype=None):
        """Returns a tensor initialized as specified by the initializer.

        Args:
            shape: Shape of the tensor.
            dtype: Optional dtype of the tensor. Only numeric or boolean
                dtypes are supported. Defaults to `keras.config.floatx()`.
        """
        dtype = standardize_dtype(dtype)
        return ops.zeros(shape, dtype=dtype)


@keras_export(["keras.initializers.Ones", "keras.initializers.ones"])
class Ones(Initializer):
    """Initializer that generates tensors initialized to 1.

    Example:

    >>> initializer = keras.initializers.Ones()
    >>> values = initializer(shape=(2, 2))
    """

    def __call__(self, shape, dtype=None):
        """Returns a tensor initialized as specified by the initializer.

        Args:
            shape: Shape of the tensor.
            dtype: Optional dtype of the tensor. Only numeric or boolean
                dtypes are supported. Defaults to `keras.config.floatx()`.
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
    """Initializer that generates the identity matrix.

    Only usable for generating 2D matrices. Non-square shapes get ones on
    the main diagonal and zeros elsewhere.

    Args:
        gain: Multiplicative factor to apply to the identity matrix.

    Example:

    >>> initializer = keras.initializers.Identity()
    >>> values = initializer(shape=(2, 2))
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
