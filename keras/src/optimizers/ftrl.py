"""The FTRL optimizer."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.optimizers import optimizer


@keras_export(["keras.optimizers.Ftrl"])
@optimizer.with_shared_arguments
class Ftrl(optimizer.Optimizer):
    """FTRL-proximal ("follow the regularized leader"), for sparse models.

    Suited to large, sparse linear models (e.g. click-through prediction):
    with `l1_regularization_strength > 0`, many weights become exactly 0.
    Per variable, an `accumulator` slot sums the squared gradients (from
    `initial_accumulator_value`) and a `linear` slot accumulates the
    adjusted gradients; the new weight is the solution of the regularized
    problem they define:

    ```python
    g_s = g + 2 * l2_shrinkage * w
    new_accum = accum + g ** 2
    sigma = (new_accum ** -lr_power - accum ** -lr_power) / learning_rate
    linear = linear + g_s - sigma * w
    quadratic = new_accum ** -lr_power / learning_rate + 2 * l2
    w = (clip(linear, -l1, l1) - linear) / quadratic
    ```

    with `l2 = l2_regularization_strength + beta / (2 * learning_rate)`.

    Args:
        {{learning_rate}}
        learning_rate_power: Float `<= 0`, how fast the per-coordinate step
            size decreases; `0` keeps it fixed. Defaults to `-0.5`.
        initial_accumulator_value: Starting value of the accumulators (`>= 0`).
            Defaults to `0.1`.
        l1_regularization_strength: L1 strength (`>= 0`). Defaults to `0.0`.
        l2_regularization_strength: L2 strength (`>= 0`), applied in the
            closed-form solution. Defaults to `0.0`.
        l2_shrinkage_regularization_strength: L2 strength (`>= 0`) applied
            to the gradient (a magnitude penalty). Defaults to `0.0`.
        beta: Added to the L2 strength as `beta / (2 * learning_rate)`, as in
            the paper. Defaults to `0.0`.
        {{shared_args}}

    Example:

    >>> opt = keras.optimizers.Ftrl(learning_rate=0.5)
    >>> w = keras.Variable(1.0)
    >>> opt.apply([1.0], [w])
    >>> round(float(w.numpy()), 4)
    0.2218

    Reference:

    - H. B. McMahan et al., "Ad Click Prediction: a View from the
      Trenches", KDD 2013.
    """

    _config_attributes = (
        "learning_rate_power",
        "initial_accumulator_value",
        "l1_regularization_strength",
        "l2_regularization_strength",
        "l2_shrinkage_regularization_strength",
        "beta",
    )
    _slots = (
        ("_accumulators", "accumulator", "initial_accumulator_value"),
        ("_linears", "linear"),
    )
    # `update_step()` expects dense gradients (see `BaseOptimizer`).
    _update_step_takes_sparse = False

    def __init__(
        self,
        learning_rate=0.001,
        learning_rate_power=-0.5,
        initial_accumulator_value=0.1,
        l1_regularization_strength=0.0,
        l2_regularization_strength=0.0,
        l2_shrinkage_regularization_strength=0.0,
        beta=0.0,
        **kwargs,
    ):
        _check_signs(
            initial_accumulator_value=initial_accumulator_value,
            learning_rate_power=learning_rate_power,
            l1_regularization_strength=l1_regularization_strength,
            l2_regularization_strength=l2_regularization_strength,
            l2_shrinkage_regularization_strength=(
                l2_shrinkage_regularization_strength
            ),
        )
        super().__init__(learning_rate=learning_rate, **kwargs)
        self._set_config_attributes(locals())

    def update_step(self, gradient, variable, learning_rate):
        """Applies the FTRL-proximal update rule to `variable`."""
        grad, lr = self._cast_like(variable, gradient, learning_rate)
        accumulator, linear = self._slots_of(variable)
        power = -self.learning_rate_power
        l1 = self.l1_regularization_strength
        l2 = self.l2_regularization_strength + self.beta / (2.0 * lr)
        shrunk_grad = (
            grad
            + 2.0 * self.l2_shrinkage_regularization_strength * variable.value
        )
        new_accumulator = accumulator.value + ops.square(grad)
        sigma = (
            ops.power(new_accumulator, power)
            - ops.power(accumulator.value, power)
        ) / lr
        self.assign(linear, linear.value + shrunk_grad - sigma * variable.value)
        quadratic = ops.power(new_accumulator, power) / lr + 2.0 * l2
        clipped = ops.clip(linear.value, -l1, l1)
        self.assign(variable, (clipped - linear.value) / quadratic)
        self.assign(accumulator, new_accumulator)


def _check_signs(**values):
    """Raises a `ValueError` for a negative strength or accumulator value,
    or a positive `learning_rate_power`."""
    for name, value in values.items():
        if name == "learning_rate_power":
            if value > 0.0:
                raise ValueError(
                    f"`{name}` needs to be negative or zero. "
                    f"Received: {name}={value}."
                )
        elif value < 0.0:
            raise ValueError(
                f"`{name}` needs to be positive or zero. "
                f"Received: {name}={value}."
            )
