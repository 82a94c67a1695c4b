"""The Adam optimizer."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.optimizers import optimizer


def _resolve(hyperparameter):
    """The value of a hyperparameter given as a number or as a callable
    without arguments."""
    return hyperparameter() if callable(hyperparameter) else hyperparameter


def bias_corrected_step_size(learning_rate, beta_1, beta_2, step):
    """Adam's step size at `step` (from 1), with the bias corrections of
    both moments folded in:
    `learning_rate * sqrt(1 - beta_2 ** step) / (1 - beta_1 ** step)`."""
    return (
        learning_rate
        * ops.sqrt(1 - ops.power(beta_2, step))
        / (1 - ops.power(beta_1, step))
    )


@keras_export(["keras.optimizers.Adam"])
@optimizer.with_shared_arguments
class Adam(optimizer.Optimizer):
    """The Adam optimizer (adaptive moment estimation).

    Per variable, first and second moment slots `m` and `v` (starting at 0)
    are kept. At step `t` (starting at 1), with gradient `g`:

    ```python
    m = beta_1 * m + (1 - beta_1) * g
    v = beta_2 * v + (1 - beta_2) * g ** 2
    alpha = learning_rate * sqrt(1 - beta_2 ** t) / (1 - beta_1 ** t)
    w = w - alpha * m / (sqrt(v) + epsilon)
    ```

    With `amsgrad=True`, a third slot keeps the running maximum of `v`,
    which replaces `v` in the last line.

    Args:
        {{learning_rate}}
        beta_1: Decay rate of the first moment (a float, or a callable
            without arguments). Defaults to `0.9`.
        beta_2: Decay rate of the second moment (a float, or a callable
            without arguments). Defaults to `0.999`.
        epsilon: Small constant added to `sqrt(v)` in the denominator, for
            numerical stability (it is added after the bias correction).
            Defaults to `1e-7`.
        amsgrad: Whether to use the AMSGrad variant. Defaults to `False`.
        {{shared_args}}

    Example:

    >>> adam = keras.optimizers.Adam(learning_rate=0.05)
    >>> w = keras.Variable(3.0)
    >>> adam.apply([-4.0], [w])
    >>> round(float(w.numpy()), 4)
    3.05

    Reference:

    - D. P. Kingma and J. Ba, "Adam: A Method for Stochastic
      Optimization", 2014, https://arxiv.org/abs/1412.6980
    """

    _config_attributes = ("beta_1", "beta_2", "epsilon", "amsgrad")
    # `update_step()` expects dense gradients (see `BaseOptimizer`).
    _update_step_takes_sparse = False

    def __init__(
        self,
        learning_rate=0.001,
        beta_1=0.9,
        beta_2=0.999,
        epsilon=1e-7,
        amsgrad=False,
        **kwargs,
    ):
        super().__init__(learning_rate=learning_rate, **kwargs)
        self._set_config_attributes(locals())

    def build(self, var_list):
        """Creates the `momentum` and `velocity` slots of each variable (and
        `velocity_hat` with `amsgrad`), variable by variable.

        Args:
            var_list: The trainable variables to optimize.
        """
        if self.built:
            return
        super().build(var_list)
        if self.amsgrad:
            self._momentums, self._velocities, self._velocity_hats = (
                self.add_optimizer_variables(
                    var_list, ["momentum", "velocity", "velocity_hat"]
                )
            )
        else:
            self._momentums, self._velocities = self.add_optimizer_variables(
                var_list, ["momentum", "velocity"]
            )
            self._velocity_hats = []

    def update_step(self, gradient, variable, learning_rate):
        """Applies the Adam update rule to `variable`."""
        dtype = variable.dtype
        index = self._get_variable_index(variable)
        grad = ops.cast(gradient, dtype)
        beta_1 = ops.cast(_resolve(self.beta_1), dtype)
        beta_2 = ops.cast(_resolve(self.beta_2), dtype)
        step = ops.cast(self.iterations + 1, dtype)
        step_size = bias_corrected_step_size(
            ops.cast(learning_rate, dtype), beta_1, beta_2, step
        )

        first_moment = self._momentums[index]
        second_moment = self._velocities[index]
        self._assign_moving_average(first_moment, grad, beta_1)
        self._assign_moving_average(second_moment, ops.square(grad), beta_2)
        denominator_moment = second_moment.value
        if self.amsgrad:
            running_max = self._velocity_hats[index]
            self.assign(
                running_max, ops.maximum(running_max.value, denominator_moment)
            )
            denominator_moment = running_max.value
        self.assign(
            variable,
            variable.value
            - (first_moment.value * step_size)
            / (ops.sqrt(denominator_moment) + self.epsilon),
        )
