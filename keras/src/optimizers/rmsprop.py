"""The RMSprop optimizer."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.optimizers import optimizer


@keras_export("keras.optimizers.RMSprop")
class RMSprop(optimizer.Optimizer):
    """Divides the gradient by a running average of its recent magnitude.

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
        learning_rate: A float, a `LearningRateSchedule` or a callable.
            Defaults to `0.001`.
        rho: Discounting factor of the moving averages. Defaults to `0.9`.
        momentum: Momentum factor; `0.0` keeps no momentum slot.
        epsilon: Small constant for numerical stability. Defaults to `1e-7`.
        centered: Whether to normalize by the estimated variance of the
            gradient rather than its second moment.
        {{base_optimizer_keyword_args}}

    Example:

    >>> opt = keras.optimizers.RMSprop(learning_rate=0.1)
    >>> var = keras.Variable(1.0)
    >>> opt.apply([1.0], [var])
    >>> round(float(var.numpy()), 4)
    0.6838
    """

    def __init__(
        self,
        learning_rate=0.001,
        rho=0.9,
        momentum=0.0,
        epsilon=1e-7,
        centered=False,
        weight_decay=None,
        clipnorm=None,
        clipvalue=None,
        global_clipnorm=None,
        use_ema=False,
        ema_momentum=0.99,
        ema_overwrite_frequency=None,
        loss_scale_factor=None,
        gradient_accumulation_steps=None,
        name="rmsprop",
        **kwargs,
    ):
        super().__init__(
            learning_rate=learning_rate,
            name=name,
            weight_decay=weight_decay,
            clipnorm=clipnorm,
            clipvalue=clipvalue,
            global_clipnorm=global_clipnorm,
            use_ema=use_ema,
            ema_momentum=ema_momentum,
            ema_overwrite_frequency=ema_overwrite_frequency,
            loss_scale_factor=loss_scale_factor,
            gradient_accumulation_steps=gradient_accumulation_steps,
            **kwargs,
        )
        self.rho = rho
        self.momentum = momentum
        self.epsilon = epsilon
        self.centered = centered

    def build(self, variables):
        """Creates the `velocity` (and optional) slots per variable.

        Args:
            variables: The trainable variables to optimize.
        """
        if self.built:
            return
        super().build(variables)
        self.velocities = self.add_optimizer_variables(variables, "velocity")
        self.momentums = []
        if self.momentum > 0:
            self.momentums = self.add_optimizer_variables(variables, "momentum")
        self.average_gradients = []
        if self.centered:
            self.average_gradients = self.add_optimizer_variables(
                variables, "average_gradient"
            )

    def update_step(self, gradient, variable, learning_rate):
        """Applies the RMSprop update rule to `variable`."""
        learning_rate = ops.cast(learning_rate, variable.dtype)
        gradient = ops.cast(gradient, variable.dtype)
        index = self._get_variable_index(variable)
        rho = self.rho
        velocity = self.velocities[index]
        velocity.assign(rho * velocity.value + (1 - rho) * ops.square(gradient))
        denominator = velocity.value
        if self.centered:
            average = self.average_gradients[index]
            average.assign(rho * average.value + (1 - rho) * gradient)
            denominator = denominator - ops.square(average.value)
        increment = (
            learning_rate * gradient / ops.sqrt(denominator + self.epsilon)
        )
        if self.momentum > 0:
            momentum = self.momentums[index]
            momentum.assign(self.momentum * momentum.value + increment)
            increment = momentum.value
        variable.assign(variable.value - increment)

    def get_config(self):
        config = super().get_config()
        config.update(
            {
                "rho": self.rho,
                "momentum": self.momentum,
                "epsilon": self.epsilon,
                "centered": self.centered,
            }
        )
        return config


RMSprop.__doc__ = RMSprop.__doc__.replace(
    "{{base_optimizer_keyword_args}}", optimizer.base_optimizer_keyword_args
)
