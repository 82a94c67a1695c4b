"""`LossScaleOptimizer`: dynamic loss scaling for mixed precision."""

from keras.src import backend
from keras.src import initializers
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.optimizers import optimizer
from keras.src.optimizers.base_optimizer import _keep_changes_where

# Arguments of the other optimizers, with their defaults: they belong on
# the inner optimizer. Configs of older versions still list them with
# these default values, which are accepted.
_INNER_ONLY_ARGUMENTS = {
    "weight_decay": None,
    "clipnorm": None,
    "global_clipnorm": None,
    "clipvalue": None,
    "use_ema": False,
    "ema_momentum": 0.99,
    "ema_overwrite_frequency": None,
    "loss_scale_factor": None,
    "gradient_accumulation_steps": None,
}


@keras_export(
    [
        "keras.optimizers.LossScaleOptimizer",
        "keras.mixed_precision.LossScaleOptimizer",
    ]
)
class LossScaleOptimizer(optimizer.WrapperOptimizer):
    """Wraps an optimizer with dynamic loss scaling.

    In float16, small gradients underflow to zero. The trainer therefore
    multiplies the loss by a scale (`scale_loss()`) before
    differentiating, and this optimizer divides the gradients by the same
    scale before handing them to the inner optimizer. The scale adapts:

    - when a gradient holds an infinite or NaN value, the step is skipped
      (the variables and the inner optimizer are left unchanged) and the
      scale is halved;
    - after `dynamic_growth_steps` consecutive finite steps, the scale is
      doubled.

    `fit()` wraps the optimizer automatically under the `"mixed_float16"`
    dtype policy. The learning rate and `iterations` are those of the
    inner optimizer.

    Args:
        inner_optimizer: The `keras.optimizers.Optimizer` that applies the
            (unscaled) gradients.
        initial_scale: The starting loss scale. Defaults to `2 ** 15`.
        dynamic_growth_steps: How many consecutive finite steps double the
            scale. Defaults to 2000.
        name: Optional name.
        **kwargs: Only `dynamic=True` is accepted (a fixed scale is set
            with the inner optimizer's `loss_scale_factor`). The other
            optimizer arguments (`weight_decay`, `clipnorm`, ...) belong
            on the inner optimizer.

    Example:

    >>> opt = keras.optimizers.LossScaleOptimizer(
    ...     keras.optimizers.SGD(learning_rate=0.5), initial_scale=8.0)
    >>> w = keras.Variable(1.0)
    >>> opt.apply([8.0], [w])
    >>> float(w.numpy())
    0.5
    """

    def __init__(
        self,
        inner_optimizer,
        initial_scale=2.0**15,
        dynamic_growth_steps=2000,
        name=None,
        **kwargs,
    ):
        if not kwargs.pop("dynamic", True):
            raise ValueError(
                "LossScaleOptimizer only scales dynamically. For a fixed "
                "loss scale, set `loss_scale_factor` on the optimizer "
                "instead (and use it directly)."
            )
        misplaced = [
            key
            for key, default in _INNER_ONLY_ARGUMENTS.items()
            if key in kwargs and kwargs.pop(key) != default
        ]
        if misplaced:
            raise ValueError(
                "LossScaleOptimizer does not take "
                f"{', '.join(f'`{k}`' for k in misplaced)}: set them on "
                "the `inner_optimizer` instead."
            )
        if kwargs:
            raise ValueError(
                "LossScaleOptimizer received unsupported arguments: "
                f"{', '.join(f'`{k}`' for k in kwargs)}."
            )
        super().__init__(learning_rate=0.0, name=name)
        # The learning rate and the step counter are the inner optimizer's.
        self._variables = []
        # The loss is scaled (and the gradients unscaled) here only.
        inner_optimizer.loss_scale_factor = None
        self.inner_optimizer = inner_optimizer
        self.initial_scale = initial_scale
        self.dynamic_growth_steps = dynamic_growth_steps
        with backend.name_scope(self.name, caller=self):
            self.step_counter = backend.Variable(
                0,
                shape=(),
                dtype="int32",
                trainable=False,
                aggregation="only_first_replica",
                name="step_counter",
            )
            self.dynamic_scale = backend.Variable(
                initializers.Constant(initial_scale),
                shape=(),
                dtype="float32",
                trainable=False,
                aggregation="only_first_replica",
                name="dynamic_scale",
            )
        self._own_variables = [self.step_counter, self.dynamic_scale]

    # ------------------------------------------------ delegated properties
    @property
    def variables(self):
        """The scaling state (`step_counter`, `dynamic_scale`), then the
        variables of the inner optimizer."""
        return self._own_variables + list(self.inner_optimizer.variables)

    @property
    def iterations(self):
        return self.inner_optimizer.iterations

    @property
    def learning_rate(self):
        return self.inner_optimizer.learning_rate

    @learning_rate.setter
    def learning_rate(self, value):
        self.inner_optimizer.learning_rate = value

    def build(self, var_list):
        """Builds the inner optimizer for `var_list`.

        Args:
            var_list: The trainable variables to optimize.
        """
        self.inner_optimizer.build(var_list)
        self._trainable_variables = list(
            self.inner_optimizer._trainable_variables
        )
        self.built = True

    def scale_loss(self, loss):
        """Multiplies `loss` by the current loss scale."""
        return loss * ops.cast(self.dynamic_scale, getattr(loss, "dtype", None))

    # -------------------------------------------------------------- steps
    def apply(self, grads, trainable_variables=None):
        """Unscales the gradients and, if they are all finite, applies them
        with the inner optimizer; then adapts the scale.

        Args:
            grads: The (scaled) gradients.
            trainable_variables: Optional variables they belong to
                (defaults to those the optimizer was built with).
        """
        grads = [None if g is None else ops.convert_to_tensor(g) for g in grads]
        variables = self._variables_to_update(trainable_variables)
        overwritten = [
            getattr(v, "overwrite_with_gradient", False) for v in variables
        ]
        scaled = [
            g
            for g, is_overwritten in zip(grads, overwritten)
            if g is not None and not is_overwritten
        ]
        finite = ops.convert_to_tensor(True)
        for grad in scaled:
            finite = ops.logical_and(finite, ops.all(ops.isfinite(grad)))

        scale = ops.convert_to_tensor(self.dynamic_scale)
        # The inner optimizer's `loss_scale_factor` was cleared: the loss
        # was only scaled by `dynamic_scale`.
        inner_factor = self.inner_optimizer.loss_scale_factor or 1.0

        def unscale(grad, is_overwritten):
            if grad is None or is_overwritten:
                return grad
            return grad * ops.cast(inner_factor / scale, grad.dtype)

        unscaled = [unscale(g, o) for g, o in zip(grads, overwritten)]
        _keep_changes_where(
            finite,
            lambda: self.inner_optimizer.apply(unscaled, variables),
            variables + list(self.inner_optimizer.variables),
        )

        counter = ops.where(finite, self.step_counter + 1, 0)
        grow = ops.greater_equal(counter, self.dynamic_growth_steps)
        new_scale = ops.where(
            finite, ops.where(grow, scale * 2.0, scale), scale / 2.0
        )
        self.step_counter.assign(ops.where(grow, 0, counter))
        self.dynamic_scale.assign(new_scale)

    def finalize_variable_values(self, var_list):
        self.inner_optimizer.finalize_variable_values(var_list)

    def exclude_from_weight_decay(self, var_list=None, var_names=None):
        self.inner_optimizer.exclude_from_weight_decay(var_list, var_names)

    # ------------------------------------------------------ serialization
    def get_config(self):
        from keras.src.saving import serialization_lib

        return {
            "name": self.name,
            "inner_optimizer": serialization_lib.serialize_keras_object(
                self.inner_optimizer
            ),
            "initial_scale": self.initial_scale,
            "dynamic_growth_steps": self.dynamic_growth_steps,
        }

    @classmethod
    def from_config(cls, config, custom_objects=None):
        from keras.src.optimizers import deserialize

        config = dict(config)
        config["inner_optimizer"] = deserialize(
            config["inner_optimizer"], custom_objects=custom_objects
        )
        return cls(**config)
