"""Weight regularizers (`keras.regularizers.*`)."""

import math

from keras.src import ops
from keras.src.api_export import keras_export


def validate_float_arg(value, name):
    """Checks that `value` is a finite, non-negative number."""
    is_number = isinstance(value, (int, float)) and not isinstance(value, bool)
    if not is_number or not math.isfinite(value) or value < 0:
        raise ValueError(
            f"Invalid regularization factor `{name}`: expected a "
            f"non-negative float (finite), got {name}={value!r}."
        )
    return float(value)


def _factor(value, name, default):
    """A validated penalty factor; `None` selects `default`."""
    return validate_float_arg(default if value is None else value, name)


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
        raise NotImplementedError(
            f"{type(self).__name__} has no `get_config()`; override it to "
            "make the regularizer serializable."
        )


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
        self.l1 = _factor(l1, "l1", default=0.0)
        self.l2 = _factor(l2, "l2", default=0.0)

    def __call__(self, x):
        x = ops.convert_to_tensor(x)
        # Terms with a zero factor are skipped rather than multiplied by 0.
        penalty = ops.zeros((), dtype=x.dtype)
        if self.l1 > 0:
            penalty = penalty + self.l1 * ops.sum(ops.abs(x))
        if self.l2 > 0:
            penalty = penalty + self.l2 * ops.sum(x * x)
        return penalty

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
        self.l1 = _factor(l1, "l1", default=0.01)

    def __call__(self, x):
        return self.l1 * ops.sum(ops.abs(x))

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
        self.l2 = _factor(l2, "l2", default=0.01)

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
        valid_modes = ("rows", "columns")
        if mode not in valid_modes:
            raise ValueError(
                "Invalid value for argument `mode`. Expected one of "
                f'{{"rows", "columns"}}. Received: mode={mode}'
            )
        self.factor = ops.convert_to_tensor(
            validate_float_arg(factor, name="factor")
        )
        self.mode = mode

    def __call__(self, inputs):
        rank = len(inputs.shape)
        if rank != 2:
            raise ValueError(
                "Inputs to OrthogonalRegularizer must have rank 2. "
                f"Received: inputs.shape={tuple(inputs.shape)}"
            )
        # Lay the vectors to compare out as rows, then take unit vectors.
        if self.mode == "columns":
            inputs = ops.transpose(inputs)
        units = normalize(inputs, axis=-1)
        n = units.shape[0]
        # Entry (i, j) is |cos| of the angle between vectors i and j; the
        # strict upper triangle holds each unordered pair i < j once.
        cosines = ops.abs(ops.matmul(units, ops.transpose(units)))
        pair_total = ops.sum(ops.triu(cosines, k=1))
        pair_count = n * (n - 1) / 2.0
        return self.factor * pair_total / pair_count

    def get_config(self):
        return {"factor": float(self.factor), "mode": self.mode}


def normalize(x, axis=-1, epsilon=1e-12):
    """L2-normalizes `x` along `axis`."""
    x = ops.convert_to_tensor(x)
    square_sum = ops.sum(ops.square(x), axis=axis, keepdims=True)
    return x * ops.rsqrt(ops.maximum(square_sum, epsilon))
