"""`keras.optimizers.Optimizer`, and the documentation of the arguments
that every optimizer accepts."""

import functools
import inspect

from keras.src.api_export import keras_export
from keras.src.optimizers import base_optimizer

_SHARED_ARGS_MARKER = "{{shared_args}}"
_LEARNING_RATE_MARKER = "{{learning_rate}}"

# Documentation of `learning_rate`, which replaces the `{{learning_rate}}`
# line of a class docstring; `with_shared_arguments` adds the default of the
# class's own constructor.
LEARNING_RATE_DOC = """learning_rate: The step size: a number, a
            `keras.optimizers.schedules.LearningRateSchedule` (evaluated at
            `iterations` on every update) or a zero-argument callable."""

# Documentation of the constructor arguments common to all optimizers. It is
# indented for the `Args:` section of a class docstring, where it replaces
# the `{{shared_args}}` line (see `with_shared_arguments`).
SHARED_ARGS_DOC = """name: String, the name scope of the optimizer's
            variables.
        weight_decay: Float or `None`. If set, decoupled weight decay:
            before each update, `variable -= variable * weight_decay * lr`.
        clipnorm: Float or `None`. If set, each gradient is rescaled so
            that its L2 norm is at most this value.
        clipvalue: Float or `None`. If set, each gradient is clipped
            element-wise to `[-clipvalue, clipvalue]`.
        global_clipnorm: Float or `None`. If set, all gradients are
            rescaled by a common factor so that their global L2 norm is at
            most this value. Only one of `clipnorm`, `clipvalue` and
            `global_clipnorm` may be set.
        use_ema: Boolean. If `True`, the optimizer keeps an exponential
            moving average (EMA) of each trainable variable.
        ema_momentum: Float in `[0, 1]`, the EMA momentum:
            `average = ema_momentum * average + (1 - ema_momentum) * value`
            (the first step copies the value).
        ema_overwrite_frequency: Int or `None`. With `use_ema`, the
            variables are replaced by their averages every that many steps;
            with `None`, only `finalize_variable_values()` does it.
        loss_scale_factor: Float or `None`. If set, `scale_loss()`
            multiplies the loss by it and gradients are divided by it
            before the update (against underflow in low precision).
        gradient_accumulation_steps: Int (>= 2) or `None`. If set, the
            variables are updated only every that many steps, with the
            average of the gradients accumulated since the last update.
"""


def _shared_parameters():
    """The parameters of `BaseOptimizer.__init__` after `learning_rate`:
    the arguments every optimizer accepts, ending with `**kwargs`."""
    parameters = inspect.signature(base_optimizer.BaseOptimizer.__init__)
    return list(parameters.parameters.values())[2:]


def _with_shared_parameters(init):
    """Gives a constructor written as `__init__(self, <own arguments>,
    **kwargs)` the full signature of the optimizer: its own parameters, then
    the shared ones it does not redefine (`weight_decay` ... `name`), then
    `**kwargs`.

    The shared arguments reach `init` through its `**kwargs` (it forwards
    them to `super().__init__()`); a shared argument given by position is
    bound by name first, so positional calls work as the signature reads.
    """
    *own, rest = inspect.signature(init).parameters.values()
    if rest.kind is not inspect.Parameter.VAR_KEYWORD or rest.name != "kwargs":
        raise TypeError(
            f"`{init.__qualname__}` must end with `**kwargs` (it receives "
            f"the shared optimizer arguments); its last parameter is "
            f"`{rest}`."
        )
    own_names = {parameter.name for parameter in own}
    signature = inspect.Signature(
        own + [p for p in _shared_parameters() if p.name not in own_names]
    )

    @functools.wraps(init)
    def __init__(self, *args, **kwargs):
        arguments = signature.bind(self, *args, **kwargs).arguments
        extra = arguments.pop("kwargs", {})
        init(**arguments, **extra)

    __init__.__signature__ = signature
    return __init__


def with_shared_arguments(cls):
    """Class decorator for optimizers: completes the class with the
    arguments that every optimizer shares.

    - The `{{shared_args}}` line of the class docstring becomes
      `SHARED_ARGS_DOC`, and its `{{learning_rate}}` line
      `LEARNING_RATE_DOC` with the default learning rate of the class.
    - A constructor the class defines, which lists only its own arguments
      and `**kwargs`, gets the shared arguments in its signature (see
      `_with_shared_parameters`).
    """
    if "__init__" in vars(cls):
        cls.__init__ = _with_shared_parameters(cls.__init__)
    if cls.__doc__ is None:
        return cls
    learning_rate_doc = LEARNING_RATE_DOC
    default = (
        inspect.signature(cls.__init__).parameters["learning_rate"].default
    )
    if default is not inspect.Parameter.empty:
        learning_rate_doc += f"\n            Defaults to `{default!r}`."
    cls.__doc__ = cls.__doc__.replace(
        _SHARED_ARGS_MARKER, SHARED_ARGS_DOC
    ).replace(_LEARNING_RATE_MARKER, learning_rate_doc)
    return cls


@keras_export(["keras.Optimizer", "keras.optimizers.Optimizer"])
@with_shared_arguments
class Optimizer(base_optimizer.BaseOptimizer):
    """Base class of all Keras optimizers.

    An optimizer holds a step counter (`iterations`), a learning rate and,
    for each model variable, the slot variables its update rule needs; all
    of them are listed in `variables` (and saved with the model).
    `apply(grads, trainable_variables)` performs one training step: the
    first call builds the slots, then each call clips the gradients,
    applies weight decay, runs `update_step()` for every variable and
    increments `iterations`. `stateless_apply()` computes the same step on
    explicit values; `fit()` uses it inside `jax.jit`.

    To write a new optimizer, subclass this class, implement
    `update_step(gradient, variable, learning_rate)` and, if the update
    rule needs per-variable state, create it in `build(variables)` (see the
    example).

    Gradients may be sparse (`jax.experimental.sparse.BCOO`, e.g. the
    gradient of an embedding table over the rows a batch looked up).
    `update_step()` receives them as they are, so write it with
    `keras.ops` functions, and write the variables with `self.assign()`,
    `self.assign_add()` or `self.assign_sub()` (which accept sparse
    values) rather than with the variables' own methods. SGD (without
    momentum), Adagrad, Adadelta, RMSprop (without momentum) and Adafactor
    keep a sparse gradient sparse up to the variable update; the other
    built-in optimizers densify it before `update_step()`.

    Args:
        {{learning_rate}}
        {{shared_args}}

    Example:

    ```python
    class SignMomentum(keras.optimizers.Optimizer):
        # Moves each variable by `learning_rate` against the sign of a
        # moving average of its gradient.

        def __init__(self, learning_rate=0.01, beta=0.9, **kwargs):
            super().__init__(learning_rate=learning_rate, **kwargs)
            self.beta = beta

        def build(self, variables):
            if self.built:
                return
            super().build(variables)
            self.trends = self.add_optimizer_variables(variables, "trend")

        def update_step(self, gradient, variable, learning_rate):
            # `keras.ops` and `self.assign*()` also accept a sparse
            # `gradient` (e.g. the gradient of an `Embedding` table).
            ops = keras.ops
            trend = self.trends[self._get_variable_index(variable)]
            self.assign(
                trend,
                ops.add(
                    ops.multiply(trend.value, self.beta),
                    ops.multiply(gradient, 1 - self.beta),
                ),
            )
            lr = ops.cast(learning_rate, variable.dtype)
            self.assign_sub(variable, lr * ops.sign(trend.value))

        def get_config(self):
            return {**super().get_config(), "beta": self.beta}
    ```
    """


@with_shared_arguments
class AdaptiveMomentOptimizer(Optimizer):
    """Base of the optimizers that take Adam's hyperparameters, and only
    those (Adamax, Lamb, Nadam): the decay rates `beta_1` and `beta_2` of
    their moving averages of the gradient and `epsilon`, the constant that
    keeps their denominators away from zero. Their update rules expect
    dense gradients.
    """

    _config_attributes = ("beta_1", "beta_2", "epsilon")
    # `update_step()` expects dense gradients (see `BaseOptimizer`).
    _update_step_takes_sparse = False

    def __init__(
        self,
        learning_rate=0.001,
        beta_1=0.9,
        beta_2=0.999,
        epsilon=1e-7,
        **kwargs,
    ):
        super().__init__(learning_rate=learning_rate, **kwargs)
        self._set_config_attributes(locals())


class WrapperOptimizer(Optimizer):
    """Base of the optimizers that hand the updates to other optimizers
    (`LossScaleOptimizer`, `MultiOptimizer`).

    Their `variables` gather their own state and that of the optimizers
    they hold; this list is what `stateless_apply()` takes values for and
    what is saved and restored. `build()` sets `_trainable_variables`, the
    variables that `apply()` updates when it is given none.
    """

    def _variables_to_update(self, trainable_variables):
        """The variables that `apply()` updates: `trainable_variables`
        (building the optimizer for them on first use), else the ones it
        was built with."""
        if trainable_variables is None:
            if not self.built:
                raise ValueError(
                    f"{type(self).__name__} got gradients without "
                    "`trainable_variables` before being built; pass them "
                    "or call `build()` first."
                )
            return list(self._trainable_variables)
        variables = list(trainable_variables)
        if not self.built:
            self.build(variables)
        return variables

    def stateless_apply(self, optimizer_variables, grads, trainable_variables):
        """`apply()` on explicit values (see
        `keras.optimizers.Optimizer.stateless_apply`); `optimizer_variables`
        follows the order of `variables`."""
        if not self.built:
            raise ValueError(
                f"{type(self).__name__} must be built before "
                "`stateless_apply()`. Call `build(trainable_variables)` "
                "first."
            )
        return base_optimizer.apply_on_values(
            self.apply,
            grads,
            list(self._trainable_variables),
            trainable_variables,
            self.variables,
            optimizer_variables,
        )

    def save_own_variables(self, store):
        base_optimizer.save_variables_to(store, self.variables)

    def load_own_variables(self, store):
        base_optimizer.load_variables_from(store, self.variables, self.name)
