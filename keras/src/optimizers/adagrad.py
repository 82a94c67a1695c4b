"""The Adagrad optimizer."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.optimizers import optimizer


@keras_export(["keras.optimizers.Adagrad"])
@optimizer.with_shared_arguments
class Adagrad(optimizer.Optimizer):
    """Adagrad: per-coordinate step sizes shrinking with past gradients.

    Each variable has an `accumulator` slot, the running sum of its squared
    gradients (starting at `initial_accumulator_value`). Coordinates that have
    seen large or frequent gradients take smaller steps:

    ```python
    accumulator = accumulator + g ** 2
    w = w - learning_rate * g / sqrt(accumulator + epsilon)
    ```

    Args:
        {{learning_rate}}
        initial_accumulator_value: Starting value of the accumulators
            (>= 0). Defaults to `0.1`.
        epsilon: Small constant for numerical stability. Defaults to `1e-7`.
        {{shared_args}}

    Example:

    >>> opt = keras.optimizers.Adagrad(learning_rate=0.5)
    >>> w = keras.Variable(1.0)
    >>> opt.apply([1.0], [w])
    >>> round(float(w.numpy()), 4)
    0.5233

    Reference:

    - J. Duchi, E. Hazan and Y. Singer, "Adaptive Subgradient Methods for
      Online Learning and Stochastic Optimization", JMLR 2011.
    """

    _config_attributes = (
        "initial_accumulator_value",
        "epsilon",
    )
    _slots = (("_accumulators", "accumulator", "initial_accumulator_value"),)

    def __init__(
        self,
        learning_rate=0.001,
        initial_accumulator_value=0.1,
        epsilon=1e-7,
        **kwargs,
    ):
        super().__init__(learning_rate=learning_rate, **kwargs)
        self._set_config_attributes(locals())

    def update_step(self, gradient, variable, learning_rate):
        """Applies the Adagrad update rule to `variable`."""
        grad, lr = self._cast_like(variable, gradient, learning_rate)
        (accumulator,) = self._slots_of(variable)
        # With a sparse gradient, both updates only touch its rows.
        self.assign_add(accumulator, ops.square(grad))
        self.assign_sub(
            variable,
            ops.divide(
                ops.multiply(grad, lr),
                ops.sqrt(accumulator.value + self.epsilon),
            ),
        )
