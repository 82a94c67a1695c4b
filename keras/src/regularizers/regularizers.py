"""Weight regularizers (`keras.regularizers.*`)."""

import math

from keras.src import ops
from keras.src.api_export import keras_export


def validate_float_arg(value, name):
    """Checks that `value` is a finite, non-negative number."""
    if (
        not isinstance(value, (float, int))
        or isinstance(value, bool)
        or math.isinf(value)
        or math.isnan(value)
        or value < 0
    ):
        raise ValueError(
            f"Invalid value for argument {name}: expected a non-negative "
            f"float. Received: {name}={value}"
        )
    return float(value)


@keras_export(["keras.Regularizer", "keras.regularizers.Regularizer"])
class Regularizer:
    """Base class of the weight regularizers.

    A regularizer maps a weight tensor to a scalar penalty, which layers add
    to the training loss. Subclasses implement `__call__(self, x)` and, if
    they take arguments, `get_config()`.

    Example:

    ```python
    class SumOfSquares(keras.regularizers.Regularizer):
        def __init__(self, factor=0.01):
            self.factor = factor

        def __call__(self, x):
            return self.factor * keras.ops.sum(keras.ops.square(x))

        def get_config(self):
            return {"factor": self.factor}
    ```
    """

    def __call__(self, x):
        """Computes the regularization penalty of `x` (0 by default)."""
        return 0.0

    @classmethod
    def from_config(cls, config):
        """Creates a regularizer from the output of `get_config()`.

        Args:
            config: A dict.

        Returns:
            A regularizer instance.
        """
        return cls(**config)

    def get_config(self):
        """Returns the constructor arguments as a JSON-serializable dict.

        Returns:
            A dict.
        """
        raise NotImplementedError(f"{self} does not implement get_config()")


@keras_export(["keras.regularizers.L1L2", "keras.regularizers.l1_l2"])
class L1L2(Regularizer):
    """Penalty `l1 * sum(abs(x)) + l2 * sum(square(x))`.

    Args:
        l1: Non-negative float, the L1 factor.
        l2: Non-negative float, the L2 factor.

    Example:

    >>> regularizer = keras.regularizers.L1L2(l1=0.1, l2=0.5)
    >>> round(float(regularizer(np.array([1.0, -2.0]))), 4)
    2.8
    """

    def __init__(self, l1=0.0, l2=0.0):
        l1 = 0.0 if l1 is None else l1
        l2 = 0.0 if l2 is None else l2
        self.l1 = validate_float_arg(l1, name="l1")
        self.l2 = validate_float_arg(l2, name="l2")

    def __call__(self, x):
        regularization = ops.convert_to_tensor(0.0, dtype=x.dtype)
        if self.l1:
            regularization += self.l1 * ops.sum(ops.absolute(x))
        if self.l2:
            regularization += self.l2 * ops.sum(ops.square(x))
        return regularization

    def get_config(self):
        return {"l1": float(self.l1), "l2": float(self.l2)}


@keras_export(["keras.regularizers.L1", "keras.regularizers.l1"])
class L1(Regularizer):
    """Penalty `l1 * sum(abs(x))`.

    Args:
        l1: Non-negative float, the L1 factor.

    Example:

    >>> float(keras.regularizers.L1(0.5)(np.array([1.0, -2.0])))
    1.5
    """

    def __init__(self, l1=0.01):
        l1 = 0.01 if l1 is None else l1
        self.l1 = validate_float_arg(l1, name="l1")

    def __call__(self, x):
        return self.l1 * ops.sum(ops.absolute(x))

    def get_config(self):
        return {"l1": float(self.l1)}


@keras_export(["keras.regularizers.L2", "keras.regularizers.l2"])
class L2(Regularizer):
    """Penalty `l2 * sum(square(x))`.

    Args:
        l2: Non-negative float, the L2 factor.

    Example:

    >>> float(keras.regularizers.L2(0.5)(np.array([1.0, -2.0])))
    2.5
    """

    def __init__(self, l2=0.01):
        l2 = 0.01 if l2 is None else l2
        self.l2 = validate_float_arg(l2, name="l2")

    def __call__(self, x):
        return self.l2 * ops.sum(ops.square(x))

    def get_config(self):
        return {"l2": float(self.l2)}


@keras_export(
    [
        "keras.regularizers.OrthogonalRegularizer",
        "keras.regularizers.orthogonal_regularizer",
    ]
)
class OrthogonalRegularizer(Regularizer):
    """Penalizes non-orthogonality between the rows (or columns) of a matrix.

    The rows (`mode="rows"`) or columns (`mode="columns"`) of the 2D input
    are L2-normalized into vectors `v_i`; the penalty is `factor` times the
    mean of `abs(v_i . v_j)` over all pairs `i != j`. It is 0 when the
    vectors are orthogonal. For a `Dense` kernel `(input_dim, units)`, rows
    mode pushes the per-input feature vectors apart.

    Args:
        factor: Non-negative float, the regularization factor.
        mode: `"rows"` (default) or `"columns"`.

    Example:

    >>> regularizer = keras.regularizers.OrthogonalRegularizer(factor=0.01)
    >>> float(regularizer(np.eye(3)))
    0.0
    """

    def __init__(self, factor=0.01, mode="rows"):
        validate_float_arg(factor, name="factor")
        self.factor = ops.convert_to_tensor(factor)
        if mode not in {"rows", "columns"}:
            raise ValueError(
                "Invalid value for argument `mode`. Expected one of "
                f'{{"rows", "columns"}}. Received: mode={mode}'
            )
        self.mode = mode

    def __call__(self, inputs):
        if len(inputs.shape) != 2:
            raise ValueError(
                "Inputs to OrthogonalRegularizer must have rank 2. Received: "
                f"inputs.shape={inputs.shape}"
            )
        if self.mode == "rows":
            inputs = normalize(inputs, axis=1)
            product = ops.matmul(inputs, ops.transpose(inputs))
            size = inputs.shape[0]
        else:
            inputs = normalize(inputs, axis=0)
            product = ops.matmul(ops.transpose(inputs), inputs)
            size = inputs.shape[1]
        product_no_diagonal = product * (
            1.0 - ops.eye(size, dtype=inputs.dtype)
        )
        num_pairs = size * (size - 1.0) / 2.0
        return (
            self.factor
            * 0.5
            * ops.sum(ops.absolute(product_no_diagonal))
            / num_pairs
        )

    def get_config(self):
        return {"factor": float(self.factor), "mode": self.mode}


def normalize(x, axis=-1, epsilon=1e-12):
    """L2-normalizes `x` along `axis`."""
    x = ops.convert_to_tensor(x)
    square_sum = ops.sum(ops.square(x), axis=axis, keepdims=True)
    return x * ops.rsqrt(ops.maximum(square_sum, epsilon))
