"""The Nadam optimizer."""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.optimizers import optimizer


@keras_export(["keras.optimizers.Nadam"])
@optimizer.with_shared_arguments
class Nadam(optimizer.AdaptiveMomentOptimizer):
    """Nadam: Adam with Nesterov momentum.

    Like Adam, but the first moment is used with a look-ahead: the update
    mixes the momentum of the next step with the current gradient. The
    momentum factor follows the warming schedule of Dozat (2016),
    `mu_t = beta_1 * (1 - 0.5 * 0.96 ** t)`, whose running product is kept
    in a scalar optimizer variable:

    ```python
    m = beta_1 * m + (1 - beta_1) * g
    v = beta_2 * v + (1 - beta_2) * g ** 2
    m_hat = mu_next * m / (1 - prod_next) + (1 - mu_t) * g / (1 - prod_t)
    v_hat = v / (1 - beta_2 ** t)
    w = w - learning_rate * m_hat / (sqrt(v_hat) + epsilon)
    ```

    (`prod_t` is the product of `mu_1 ... mu_t`, `prod_next` that product
    times `mu_next = mu_(t+1)`.)

    Args:
        {{learning_rate}}
        beta_1: Decay rate of the first moment. Defaults to `0.9`.
        beta_2: Decay rate of the second moment. Defaults to `0.999`.
        epsilon: Small constant for numerical stability. Defaults to `1e-7`.
        {{shared_args}}

    Example:

    >>> opt = keras.optimizers.Nadam(learning_rate=0.5)
    >>> w = keras.Variable(1.0)
    >>> opt.apply([2.0], [w])
    >>> round(float(w.numpy()), 4)
    0.4686

    Reference:

    - T. Dozat, "Incorporating Nesterov Momentum into Adam", 2016.
    """

    def build(self, var_list):
        """Creates the `momentum` and `velocity` slots of each variable and
        the scalar product of the momentum factors.

        Args:
            var_list: The trainable variables to optimize.
        """
        if self.built:
            return
        super().build(var_list)
        dtype = var_list[0].dtype if var_list else backend.floatx()
        self._u_product = self.add_variable(
            shape=(), initializer="ones", dtype=dtype, name="u_product"
        )
        self._momentums, self._velocities = self.add_optimizer_variables(
            var_list, ["momentum", "velocity"]
        )

    def _momentum_factors(self, dtype):
        step = ops.cast(self.iterations + 1, dtype)
        beta_1 = ops.cast(self.beta_1, dtype)
        decay = ops.cast(0.96, dtype)
        mu_t = beta_1 * (1.0 - 0.5 * ops.power(decay, step))
        mu_next = beta_1 * (1.0 - 0.5 * ops.power(decay, step + 1))
        return step, mu_t, mu_next

    def _step(self, grads, variables):
        super()._step(grads, variables)
        # The running product moves on once per step, after every
        # variable has used its current value.
        dtype = self._u_product.dtype
        _, mu_t, _ = self._momentum_factors(dtype)
        self.assign(self._u_product, self._u_product.value * mu_t)

    def update_step(self, gradient, variable, learning_rate):
        """Applies the Nadam update rule to `variable`."""
        dtype = variable.dtype
        grad, lr, beta_1, beta_2 = self._cast_like(
            variable, gradient, learning_rate, self.beta_1, self.beta_2
        )
        step, mu_t, mu_next = self._momentum_factors(dtype)
        product_t = ops.cast(self._u_product.value, dtype) * mu_t
        product_next = product_t * mu_next
        index = self._get_variable_index(variable)
        m = self._momentums[index]
        v = self._velocities[index]
        self._assign_moving_average(m, grad, beta_1)
        self._assign_moving_average(v, ops.square(grad), beta_2)
        m_hat = mu_next * m.value / (1 - product_next) + (
            (1 - mu_t) * grad / (1 - product_t)
        )
        v_hat = v.value / (1 - ops.power(beta_2, step))
        self.assign(
            variable,
            variable.value - lr * m_hat / (ops.sqrt(v_hat) + self.epsilon),
        )
