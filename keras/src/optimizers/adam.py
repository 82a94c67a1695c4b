"""The Adam optimizer."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.optimizers import optimizer


@keras_export(["keras.optimizers.Adam"])
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
        learning_rate: A float, a
            `keras.optimizers.schedules.LearningRateSchedule` (called with
            `iterations` at each step), or a callable without arguments
            returning the learning rate. Defaults to `0.001`.
        beta_1: Decay rate of the first moment (a float, or a callable
            without arguments). Defaults to `0.9`.
        beta_2: Decay rate of the second moment (a float, or a callable
            without arguments). Defaults to `0.999`.
        epsilon: Small constant added to `sqrt(v)` ("epsilon hat" of the
            paper). Defaults to `1e-7`.
        amsgrad: Whether to use the AMSGrad variant. Defaults to `False`.
        {{base_optimizer_keyword_args}}

    Example:

    >>> opt = keras.optimizers.Adam(learning_rate=0.1)
    >>> var = keras.Variable(1.0)
    >>> opt.apply([2.0], [var])
    >>> round(float(var.numpy()), 4)
    0.9

    Reference:

    - [Kingma et al., 2014](http://arxiv.org/abs/1412.6980)
    """

    def __init__(
        self,
        learning_rate=0.001,
        beta_1=0.9,
        beta_2=0.999,
        epsilon=1e-7,
        amsgrad=False,
        weight_decay=None,
        clipnorm=None,
        clipvalue=None,
        global_clipnorm=None,
        use_ema=False,
        ema_momentum=0.99,
        ema_overwrite_frequency=None,
        loss_scale_factor=None,
        gradient_accumulation_steps=None,
        name="adam",
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
        self.beta_1 = beta_1
        self.beta_2 = beta_2
        self.epsilon = epsilon
        self.amsgrad = amsgrad

    def build(self, var_list):
        """Creates the `momentum` and `velocity` slots of each variable (and
        `velocity_hat` with `amsgrad`), variable by variable.

        Args:
            var_list: The trainable variables to optimize.
        """
        if self.built:
            return
        super().build(var_list)
        names = ["momentum", "velocity"]
        if self.amsgrad:
            names.append("velocity_hat")
        slots = self.add_optimizer_variables(var_list, names)
        self._momentums, self._velocities = slots[0], slots[1]
        self._velocity_hats = slots[2] if self.amsgrad else []

    def update_step(self, gradient, variable, learning_rate):
        """Applies the Adam update rule to `variable`."""
        dtype = variable.dtype
        lr = ops.cast(learning_rate, dtype)
        gradient = ops.cast(gradient, dtype)
        local_step = ops.cast(self.iterations + 1, dtype)
        beta_1_power = ops.power(
            ops.cast(self._get(self.beta_1), dtype), local_step
        )
        beta_2_power = ops.power(
            ops.cast(self._get(self.beta_2), dtype), local_step
        )
        beta_1 = ops.cast(self._get(self.beta_1), dtype)
        beta_2 = ops.cast(self._get(self.beta_2), dtype)

        index = self._get_variable_index(variable)
        m = self._momentums[index]
        v = self._velocities[index]

        alpha = lr * ops.sqrt(1 - beta_2_power) / (1 - beta_1_power)

        m.assign(m.value + (gradient - m.value) * (1 - beta_1))
        v.assign(v.value + (ops.square(gradient) - v.value) * (1 - beta_2))
        v_value = v.value
        if self.amsgrad:
            v_hat = self._velocity_hats[index]
            v_hat.assign(ops.maximum(v_hat.value, v_value))
            v_value = v_hat.value
        variable.assign(
            variable.value
            - (m.value * alpha) / (ops.sqrt(v_value) + self.epsilon)
        )

    @staticmethod
    def _get(value):
        return value() if callable(value) else value

    def get_config(self):
        config = super().get_config()
        config.update(
            {
                "beta_1": self.beta_1,
                "beta_2": self.beta_2,
                "epsilon": self.epsilon,
                "amsgrad": self.amsgrad,
            }
        )
        return config


Adam.__doc__ = Adam.__doc__.replace(
    "{{base_optimizer_keyword_args}}", optimizer.base_optimizer_keyword_args
)
