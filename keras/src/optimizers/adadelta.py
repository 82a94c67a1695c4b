"""The Adadelta optimizer."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.optimizers import optimizer


@keras_export(["keras.optimizers.Adadelta"])
@optimizer.with_shared_arguments
class Adadelta(optimizer.Optimizer):
    """Adadelta: step sizes from moving averages of gradients and updates.

    Two slots per variable hold moving averages (decay `rho`) of the squared
    gradients and of the squared updates; their ratio sets the size of each
    coordinate's step, so no hand-tuned step size is strictly needed (the
    update is still multiplied by `learning_rate`, as in the original paper
    `learning_rate=1.0` is common):

    ```python
    grad_avg = rho * grad_avg + (1 - rho) * g ** 2
    delta = -sqrt(update_avg + epsilon) / sqrt(grad_avg + epsilon) * g
    update_avg = rho * update_avg + (1 - rho) * delta ** 2
    w = w + learning_rate * delta
    ```

    Args:
        {{learning_rate}}
        rho: Decay rate of the moving averages. Defaults to `0.95`.
        epsilon: Small constant for numerical stability. Defaults to `1e-7`.
        {{shared_args}}

    Example:

    >>> opt = keras.optimizers.Adadelta(learning_rate=1.0)
    >>> w = keras.Variable(1.0)
    >>> opt.apply([2.0], [w])
    >>> round(float(w.numpy()), 4)
    0.9986

    Reference:

    - M. D. Zeiler, "ADADELTA: An Adaptive Learning Rate Method", 2012,
      https://arxiv.org/abs/1212.5701
    """

    _config_attributes = (
        "rho",
        "epsilon",
    )
    _slots = (
        ("_grad_averages", "accumulated_grad"),
        ("_delta_averages", "accumulated_delta_var"),
    )

    def __init__(
        self,
        learning_rate=0.001,
        rho=0.95,
        epsilon=1e-7,
        **kwargs,
    ):
        super().__init__(learning_rate=learning_rate, **kwargs)
        self._set_config_attributes(locals())

    def update_step(self, gradient, variable, learning_rate):
        """Applies the Adadelta update rule to `variable`."""
        grad, lr = self._cast_like(variable, gradient, learning_rate)
        rho = self.rho
        grad_avg, update_avg = self._slots_of(variable)
        self.assign(
            grad_avg,
            ops.add(
                rho * grad_avg.value, ops.multiply(ops.square(grad), 1 - rho)
            ),
        )
        # `delta` is as sparse as the gradient: the variable only changes
        # where the gradient is stored.
        delta = ops.multiply(
            -ops.sqrt(update_avg.value + self.epsilon)
            / ops.sqrt(grad_avg.value + self.epsilon),
            grad,
        )
        self.assign(
            update_avg,
            ops.add(
                rho * update_avg.value,
                ops.multiply(ops.square(delta), 1 - rho),
            ),
        )
        self.assign_add(variable, ops.multiply(delta, lr))
