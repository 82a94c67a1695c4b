"""The schedule-free AdamW optimizer."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.optimizers import optimizer


@keras_export(["keras.optimizers.ScheduleFreeAdamW"])
@optimizer.with_shared_arguments
class ScheduleFreeAdamW(optimizer.Optimizer):
    """AdamW without a learning rate schedule (schedule-free).

    Instead of decaying the learning rate, the method keeps two sequences
    per variable: `z`, updated by plain AdamW steps, and `x`, a running
    weighted average of the `z` iterates. Gradients are evaluated at their
    interpolation `y = (1 - beta_1) * z + beta_1 * x`, which is the value the
    variable holds during training. This matches or beats tuned schedules
    without knowing the training length in advance.

    At step `t` (from 1), with `lr_t = learning_rate * min(1, t /
    warmup_steps)`:

    ```python
    v = beta_2 * v + (1 - beta_2) * g ** 2
    z = z - lr_t * (g / (sqrt(v / (1 - beta_2 ** t)) + epsilon) + wd * y)
    c = lr_t ** 2 / sum(lr_1 ** 2 ... lr_t ** 2)
    x = (1 - c) * x + c * z
    y = (1 - beta_1) * z + beta_1 * x
    ```

    `finalize_variable_values()` (called at the end of `fit()`) gives the
    variables their averaged values `x`, the ones to evaluate and deploy.
    Weight decay (`weight_decay`) is applied at `y`, inside the `z` step.

    Args:
        {{learning_rate}}
        beta_1: Interpolation factor between `z` and `x`. Defaults to `0.9`.
        beta_2: Decay rate of the second moment. Defaults to `0.999`.
        epsilon: Small constant for numerical stability. Defaults to `1e-8`.
        warmup_steps: Number of steps of linear learning rate warmup.
            Defaults to `0`.
        {{shared_args}}

    Example:

    >>> opt = keras.optimizers.ScheduleFreeAdamW(learning_rate=0.1)
    >>> w = keras.Variable([1.0, 2.0])
    >>> opt.apply([[1.0, -1.0]], [w])
    >>> [round(float(v), 4) for v in w.numpy()]
    [0.9, 2.1]

    Reference:

    - A. Defazio et al., "The Road Less Scheduled", 2024,
      https://arxiv.org/abs/2405.15682
    """

    _config_attributes = (
        "beta_1",
        "beta_2",
        "epsilon",
        "warmup_steps",
    )
    # `update_step()` expects dense gradients (see `BaseOptimizer`).
    _update_step_takes_sparse = False

    def __init__(
        self,
        learning_rate=0.0025,
        beta_1=0.9,
        beta_2=0.999,
        epsilon=1e-8,
        warmup_steps=0,
        **kwargs,
    ):
        super().__init__(learning_rate=learning_rate, **kwargs)
        self._set_config_attributes(locals())

    def build(self, var_list):
        """Creates the `z` (initialized with the variable) and `velocity`
        slots of each variable, and the running sum of step weights.

        Args:
            var_list: The trainable variables to optimize.
        """
        if self.built:
            return
        super().build(var_list)
        self._z, self._velocities = self.add_optimizer_variables(
            var_list, ["z", "velocity"]
        )
        for z, variable in zip(self._z, var_list):
            # A copy: `z` must not share the buffer of the variable.
            z.assign(ops.copy(variable.value))
        self._weight_sum = self.add_variable(
            shape=(), initializer="zeros", name="weight_sum"
        )

    def _apply_weight_decay(self, variables):
        # Weight decay is part of the `z` step (see `update_step`).
        return

    def _step_size(self, learning_rate, dtype):
        lr = ops.cast(learning_rate, dtype)
        if self.warmup_steps:
            step = ops.cast(self.iterations + 1, dtype)
            lr = lr * ops.minimum(1.0, step / self.warmup_steps)
        return lr

    def _step(self, grads, variables):
        learning_rate = self.learning_rate
        lr = self._step_size(learning_rate, self._weight_sum.dtype)
        # Every variable of this step uses the same averaging weight.
        self._new_weight_sum = self._weight_sum.value + ops.square(lr)
        super()._step(grads, variables)
        self._weight_sum.assign(self._new_weight_sum)

    def update_step(self, gradient, variable, learning_rate):
        """Applies the schedule-free AdamW update rule to `variable`."""
        dtype = variable.dtype
        grad = ops.cast(gradient, dtype)
        lr = self._step_size(learning_rate, dtype)
        step = ops.cast(self.iterations + 1, dtype)
        beta_1 = ops.cast(self.beta_1, dtype)
        beta_2 = ops.cast(self.beta_2, dtype)
        index = self._get_variable_index(variable)
        z = self._z[index]
        v = self._velocities[index]
        y = variable.value
        # The average `x` is recovered from `y` and `z`.
        x = (y - (1 - beta_1) * z.value) / beta_1
        self._assign_moving_average(v, ops.square(grad), beta_2)
        v_hat = v.value / (1 - ops.power(beta_2, step))
        direction = grad / (ops.sqrt(v_hat) + self.epsilon)
        if self.weight_decay is not None and self._is_decayed(variable):
            direction = direction + ops.cast(self.weight_decay, dtype) * y
        self.assign(z, z.value - lr * direction)
        weight = ops.square(lr)
        total = ops.cast(self._new_weight_sum, dtype)
        mix = ops.where(total > 0, weight / ops.where(total > 0, total, 1), 0)
        x = (1 - mix) * x + mix * z.value
        self.assign(variable, (1 - beta_1) * z.value + beta_1 * x)

    def finalize_variable_values(self, var_list):
        """Gives the variables their averaged values `x` (and, with
        `use_ema`, their moving averages instead)."""
        if self.built and not self.use_ema:
            beta_1 = self.beta_1
            for variable in var_list:
                z = self._z[self._get_variable_index(variable)]
                variable.assign(
                    (variable.value - (1 - beta_1) * z.value) / beta_1
                )
        super().finalize_variable_values(var_list)
