"""The RMSprop optimizer."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.optimizers import optimizer


@keras_export("keras.optimizers.RMSprop")
@optimizer.with_shared_arguments
class RMSprop(optimizer.Optimizer):
    """Scales each gradient by the inverse root of its recent mean square.

    Per variable, a `velocity` slot keeps the moving average of squared
    gradients; with `centered=True` an `average_gradient` slot keeps the
    moving average of gradients and the variance estimate is used instead;
    with `momentum > 0` a `momentum` slot accumulates the increments:

    ```python
    velocity = rho * velocity + (1 - rho) * g**2
    denominator = velocity + epsilon                    # centered=False
    denominator = velocity - average_gradient**2 + epsilon  # centered=True
    increment = learning_rate * g / sqrt(denominator)
    momentum_slot = momentum * momentum_slot + increment  # momentum > 0
    w = w - (momentum_slot if momentum > 0 else increment)
    ```

    Args:
        {{learning_rate}}
        rho: Discounting factor of the moving averages. Defaults to `0.9`.
        momentum: Momentum factor; `0.0` keeps no momentum slot.
        epsilon: Small constant for numerical stability. Defaults to `1e-7`.
        centered: Whether to normalize by the estimated variance of the
            gradient rather than its second moment.
        {{shared_args}}

    Example:

    >>> rms = keras.optimizers.RMSprop(learning_rate=0.01, rho=0.8)
    >>> w = keras.Variable(0.5)
    >>> rms.apply([2.0], [w])
    >>> round(float(w.numpy()), 4)
    0.4776
    """

    _config_attributes = ("rho", "momentum", "epsilon", "centered")

    def __init__(
        self,
        learning_rate=0.001,
        rho=0.9,
        momentum=0.0,
        epsilon=1e-7,
        centered=False,
        **kwargs,
    ):
        super().__init__(learning_rate=learning_rate, **kwargs)
        self._set_config_attributes(locals())

    def build(self, variables):
        """Creates the `velocity` slot of each variable, plus `momentum`
        (if `momentum > 0`) and `average_gradient` (if `centered`) slots.

        Args:
            variables: The trainable variables to optimize.
        """
        if self.built:
            return
        super().build(variables)

        def optional_slots(enabled, name):
            return (
                self.add_optimizer_variables(variables, name) if enabled else []
            )

        self.velocities = self.add_optimizer_variables(variables, "velocity")
        self.momentums = optional_slots(self.momentum > 0, "momentum")
        self.average_gradients = optional_slots(
            self.centered, "average_gradient"
        )

    def update_step(self, gradient, variable, learning_rate):
        """Applies the RMSprop update rule to `variable`."""
        index = self._get_variable_index(variable)
        grad = ops.cast(gradient, variable.dtype)
        rho = self.rho

        def track(slot, target):
            # Moving average with discount `rho`; returns the new value.
            self.assign(
                slot, ops.add(rho * slot.value, ops.multiply(target, 1 - rho))
            )
            return slot.value

        mean_square = track(self.velocities[index], ops.square(grad))
        if self.centered:
            mean = track(self.average_gradients[index], grad)
            mean_square = mean_square - ops.square(mean)
        # As sparse as the gradient: without momentum, only the rows a
        # sparse gradient touches change.
        increment = ops.divide(
            ops.multiply(grad, ops.cast(learning_rate, variable.dtype)),
            ops.sqrt(mean_square + self.epsilon),
        )
        if self.momentum > 0:
            accumulated = self.momentums[index]
            self.assign(
                accumulated,
                ops.add(self.momentum * accumulated.value, increment),
            )
            increment = accumulated.value
        self.assign_sub(variable, increment)
