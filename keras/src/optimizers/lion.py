"""The Lion optimizer."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.optimizers import optimizer


@keras_export(["keras.optimizers.Lion"])
@optimizer.with_shared_arguments
class Lion(optimizer.Optimizer):
    """Lion (evolved sign momentum): steps of fixed size along a sign.

    Only one `momentum` slot per variable is kept. Each coordinate moves by
    exactly `learning_rate`, in the direction of the sign of an interpolation
    between the momentum and the current gradient:

    ```python
    update = sign(beta_1 * m + (1 - beta_1) * g)
    w = w - learning_rate * update
    m = beta_2 * m + (1 - beta_2) * g
    ```

    Since its steps are larger than Adam's, Lion usually needs a learning
    rate 3 to 10 times smaller (and a larger weight decay).

    Args:
        {{learning_rate}}
        beta_1: Interpolation factor of the update direction, in `(0, 1]`.
            Defaults to `0.9`.
        beta_2: Decay rate of the momentum. Defaults to `0.99`.
        {{shared_args}}

    Example:

    >>> opt = keras.optimizers.Lion(learning_rate=0.5)
    >>> w = keras.Variable(1.0)
    >>> opt.apply([3.0], [w])
    >>> float(w.numpy())
    0.5

    Reference:

    - X. Chen et al., "Symbolic Discovery of Optimization Algorithms", 2023,
      https://arxiv.org/abs/2302.06675
    """

    _config_attributes = (
        "beta_1",
        "beta_2",
    )
    _slots = (("_momentums", "momentum"),)
    # `update_step()` expects dense gradients (see `BaseOptimizer`).
    _update_step_takes_sparse = False

    def __init__(
        self,
        learning_rate=0.001,
        beta_1=0.9,
        beta_2=0.99,
        **kwargs,
    ):
        if beta_1 <= 0 or beta_1 > 1:
            raise ValueError(
                "Argument `beta_1` must be in the [0, 1] range. Otherwise, "
                "the optimizer degenerates to SignSGD. Received: "
                f"beta_1={beta_1}."
            )
        super().__init__(learning_rate=learning_rate, **kwargs)
        self._set_config_attributes(locals())

    def update_step(self, gradient, variable, learning_rate):
        """Applies the Lion update rule to `variable`."""
        grad, lr = self._cast_like(variable, gradient, learning_rate)
        (m,) = self._slots_of(variable)
        direction = ops.sign(m.value * self.beta_1 + grad * (1.0 - self.beta_1))
        self.assign(variable, variable.value - lr * direction)
        self.assign(m, m.value * self.beta_2 + grad * (1.0 - self.beta_2))
