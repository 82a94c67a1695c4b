"""The Adamax optimizer."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.optimizers import optimizer


@keras_export(["keras.optimizers.Adamax"])
@optimizer.with_shared_arguments
class Adamax(optimizer.AdaptiveMomentOptimizer):
    """Adamax: Adam with the infinity norm in place of the second moment.

    Per variable, `m` is the moving average of the gradients and `u` an
    exponentially weighted infinity norm of them. At step `t` (from 1):

    ```python
    m = beta_1 * m + (1 - beta_1) * g
    u = maximum(beta_2 * u, abs(g))
    w = w - learning_rate / (1 - beta_1 ** t) * m / (u + epsilon)
    ```

    Args:
        {{learning_rate}}
        beta_1: Decay rate of the first moment. Defaults to `0.9`.
        beta_2: Decay rate of the infinity norm. Defaults to `0.999`.
        epsilon: Small constant for numerical stability. Defaults to `1e-7`.
        {{shared_args}}

    Example:

    >>> opt = keras.optimizers.Adamax(learning_rate=0.5)
    >>> w = keras.Variable(1.0)
    >>> opt.apply([3.0], [w])
    >>> round(float(w.numpy()), 4)
    0.5

    Reference:

    - D. P. Kingma and J. Ba, "Adam: A Method for Stochastic
      Optimization", 2014, section 7.1, https://arxiv.org/abs/1412.6980
    """

    _slots = (
        ("_m", "m"),
        ("_u", "u"),
    )

    def update_step(self, gradient, variable, learning_rate):
        """Applies the Adamax update rule to `variable`."""
        grad, lr, step, beta_1 = self._cast_like(
            variable, gradient, learning_rate, self.iterations + 1, self.beta_1
        )
        m, u = self._slots_of(variable)
        self._assign_moving_average(m, grad, beta_1)
        self.assign(u, ops.maximum(self.beta_2 * u.value, ops.abs(grad)))
        correction = 1 - ops.power(beta_1, step)
        self.assign(
            variable,
            variable.value
            - lr / correction * m.value / (u.value + self.epsilon),
        )
