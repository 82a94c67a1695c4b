"""`keras.optimizers.Optimizer`: the base class of all optimizers."""

from keras.src.api_export import keras_export
from keras.src.optimizers import base_optimizer


@keras_export(["keras.Optimizer", "keras.optimizers.Optimizer"])
class Optimizer(base_optimizer.BaseOptimizer):
    __doc__ = base_optimizer.BaseOptimizer.__doc__


# The arguments every optimizer accepts, for the subclasses' docstrings.
base_optimizer_keyword_args = """name: String, the name scope of the optimizer's
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
            `average = ema_momentum * average + (1 - ema_momentum) * value`.
        ema_overwrite_frequency: Int or `None`. With `use_ema`, the
            variables are replaced by their averages every that many steps;
            with `None`, only `finalize_variable_values()` does it.
        loss_scale_factor: Float or `None`. If set, `scale_loss()`
            multiplies the loss by it and gradients are divided by it
            before the update.
        gradient_accumulation_steps: Int (>= 2) or `None`. If set, the
            variables are updated only every that many steps, with the
            average of the gradients accumulated since the last update.
"""
