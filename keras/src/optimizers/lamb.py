"""The Lamb optimizer."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.optimizers import optimizer


@keras_export(["keras.optimizers.Lamb"])
@optimizer.with_shared_arguments
class Lamb(optimizer.AdaptiveMomentOptimizer):
    """LAMB: Adam with a per-layer trust ratio, for large batch training.

    The Adam direction `r = m_hat / (sqrt(v_hat) + epsilon)` of each variable
    is rescaled so that its norm matches the variable's norm:

    ```python
    m = beta_1 * m + (1 - beta_1) * g
    v = beta_2 * v + (1 - beta_2) * g ** 2
    r = (m / (1 - beta_1 ** t)) / (sqrt(v / (1 - beta_2 ** t)) + epsilon)
    trust = norm(w) / norm(r)      # 1 if either norm is 0
    w = w - learning_rate * trust * r
    ```

    Args:
        {{learning_rate}}
        beta_1: Decay rate of the first moment. Defaults to `0.9`.
        beta_2: Decay rate of the second moment. Defaults to `0.999`.
        epsilon: Small constant for numerical stability. Defaults to `1e-7`.
        {{shared_args}}

    Example:

    >>> opt = keras.optimizers.Lamb(learning_rate=0.1)
    >>> w = keras.Variable([3.0, 4.0])
    >>> opt.apply([[1.0, 1.0]], [w])
    >>> [round(float(x), 4) for x in w.numpy()]
    [2.6464, 3.6464]

    Reference:

    - Y. You et al., "Large Batch Optimization for Deep Learning: Training
      BERT in 76 minutes", 2019, https://arxiv.org/abs/1904.00962
    """

    _slots = (
        ("_momentums", "momentum"),
        ("_velocities", "velocity"),
    )

    def update_step(self, gradient, variable, learning_rate):
        """Applies the LAMB update rule to `variable`."""
        grad, lr, step, beta_1, beta_2 = self._cast_like(
            variable,
            gradient,
            learning_rate,
            self.iterations + 1,
            self.beta_1,
            self.beta_2,
        )
        m, v = self._slots_of(variable)
        self._assign_moving_average(m, grad, beta_1)
        self._assign_moving_average(v, ops.square(grad), beta_2)
        m_hat = m.value / (1 - ops.power(beta_1, step))
        v_hat = v.value / (1 - ops.power(beta_2, step))
        direction = m_hat / (ops.sqrt(v_hat) + self.epsilon)
        weight_norm = ops.sqrt(ops.sum(ops.square(variable.value)))
        direction_norm = ops.sqrt(ops.sum(ops.square(direction)))
        both_positive = ops.logical_and(weight_norm > 0, direction_norm > 0)
        trust = ops.where(
            both_positive,
            weight_norm / ops.where(both_positive, direction_norm, 1),
            ops.ones_like(weight_norm),
        )
        self.assign(variable, variable.value - lr * trust * direction)
