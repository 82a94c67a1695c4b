"""The SGD optimizer (with optional momentum and Nesterov momentum)."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.optimizers import optimizer


@keras_export("keras.optimizers.SGD")
@optimizer.with_shared_arguments
class SGD(optimizer.Optimizer):
    """Stochastic gradient descent, with optional (Nesterov) momentum.

    Without momentum: `w = w - learning_rate * g`. With momentum, a
    velocity slot `v` (starting at 0) is kept per variable:

    ```python
    v = momentum * v - learning_rate * g
    w = w + v                                  # nesterov=False
    w = w + momentum * v - learning_rate * g   # nesterov=True
    ```

    Args:
        {{learning_rate}}
        momentum: Float in `[0, 1]`. Defaults to `0.0` (no momentum, no
            slot variables).
        nesterov: Whether to use Nesterov momentum. Defaults to `False`.
        {{shared_args}}

    Example:

    >>> sgd = keras.optimizers.SGD(learning_rate=0.25, momentum=0.5)
    >>> w = keras.Variable(2.0)
    >>> sgd.apply([1.0], [w])
    >>> sgd.apply([1.0], [w])
    >>> float(w.numpy())
    1.375
    """

    _config_attributes = ("momentum", "nesterov")

    def __init__(
        self,
        learning_rate=0.01,
        momentum=0.0,
        nesterov=False,
        **kwargs,
    ):
        super().__init__(learning_rate=learning_rate, **kwargs)
        if not isinstance(momentum, (float, int)) or not 0 <= momentum <= 1:
            raise ValueError(
                "`momentum` must be a float between [0, 1]. (0 turns "
                f"momentum off.) Received: momentum={momentum!r}"
            )
        self._set_config_attributes(locals())

    def build(self, variables):
        """Creates one `momentum` slot per variable (if `momentum != 0`).

        Args:
            variables: The trainable variables to optimize.
        """
        if self.built:
            return
        super().build(variables)
        self.momentums = (
            self.add_optimizer_variables(variables, "momentum")
            if self.momentum != 0
            else []
        )

    def update_step(self, gradient, variable, learning_rate):
        """Applies the SGD update rule to `variable`."""
        dtype = variable.dtype
        # Written with `ops` so that a sparse gradient stays sparse: without
        # momentum, only the rows it touches change.
        lr_times_grad = ops.multiply(
            ops.cast(gradient, dtype), ops.cast(learning_rate, dtype)
        )
        if self.momentum == 0:
            self.assign_sub(variable, lr_times_grad)
            return
        velocity = self.momentums[self._get_variable_index(variable)]
        momentum = ops.cast(self.momentum, dtype)
        self.assign(
            velocity,
            ops.subtract(velocity.value * momentum, lr_times_grad),
        )
        if self.nesterov:
            # Nesterov's look-ahead form of the momentum update.
            self.assign(
                variable,
                ops.subtract(
                    variable.value + velocity.value * momentum, lr_times_grad
                ),
            )
        else:
            self.assign_add(variable, velocity.value)
