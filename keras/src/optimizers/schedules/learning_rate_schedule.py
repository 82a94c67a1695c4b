"""Learning rate schedules (`keras.optimizers.schedules.*`)."""

import math

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export


@keras_export("keras.optimizers.schedules.LearningRateSchedule")
class LearningRateSchedule:
    """Base class of the learning rate schedules.

    A schedule is a callable `schedule(step)` returning the learning rate of
    an optimizer step; optimizers created with a schedule call it with their
    `iterations` at each update. Subclasses implement `__call__(step)` and
    `get_config()`.

    Example:

    ```python
    class InverseStep(keras.optimizers.schedules.LearningRateSchedule):
        def __init__(self, initial_learning_rate):
            self.initial_learning_rate = initial_learning_rate

        def __call__(self, step):
            return self.initial_learning_rate / (step + 1)

        def get_config(self):
            return {"initial_learning_rate": self.initial_learning_rate}

    optimizer = keras.optimizers.SGD(learning_rate=InverseStep(0.1))
    ```
    """

    def __call__(self, step):
        raise NotImplementedError(
            f"Learning rate schedule '{self.__class__.__name__}' "
            "must override `__call__(self, step)`."
        )

    def get_config(self):
        raise NotImplementedError(
            f"Learning rate schedule '{self.__class__.__name__}' "
            "must override `get_config()` in order to be serializable."
        )

    @classmethod
    def from_config(cls, config):
        """Creates a schedule from the output of `get_config()`.

        Args:
            config: A dict.

        Returns:
            A `LearningRateSchedule` instance.
        """
        return cls(**config)


def _float_tensor(value):
    value = ops.convert_to_tensor(value)
    if not backend.is_float_dtype(value.dtype):
        value = ops.cast(value, backend.floatx())
    return value


@keras_export("keras.optimizers.schedules.ExponentialDecay")
class ExponentialDecay(LearningRateSchedule):
    """Exponential decay of the learning rate.

    `lr = initial_learning_rate * decay_rate ** (step / decay_steps)`.

    With `staircase=True`, `step / decay_steps` is floored, so the learning
    rate decreases in steps every `decay_steps` steps.

    Args:
        initial_learning_rate: Float, the learning rate at step 0.
        decay_steps: Positive int.
        decay_rate: Float, the factor applied every `decay_steps` steps.
        staircase: Whether to floor `step / decay_steps`.
        name: Name of the schedule. Defaults to `"ExponentialDecay"`.

    Returns:
        A callable `schedule(step)` returning the learning rate (a scalar
        tensor of the dtype of `initial_learning_rate`, float32 for Python
        floats).

    Example:

    >>> schedule = keras.optimizers.schedules.ExponentialDecay(
    ...     0.1, decay_steps=10, decay_rate=0.5)
    >>> round(float(schedule(10)), 4)
    0.05
    """

    def __init__(
        self,
        initial_learning_rate,
        decay_steps,
        decay_rate,
        staircase=False,
        name="ExponentialDecay",
    ):
        super().__init__()
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.decay_rate = decay_rate
        self.staircase = staircase
        self.name = name
        if self.decay_steps <= 0:
            raise ValueError(
                "Argument `decay_steps` must be > 0. "
                f"Received: decay_steps={self.decay_steps}"
            )

    def __call__(self, step):
        initial_learning_rate = _float_tensor(self.initial_learning_rate)
        dtype = initial_learning_rate.dtype
        decay_steps = ops.cast(self.decay_steps, dtype)
        decay_rate = ops.cast(self.decay_rate, dtype)
        global_step_recomp = ops.cast(step, dtype)
        p = global_step_recomp / decay_steps
        if self.staircase:
            p = ops.floor(p)
        return initial_learning_rate * ops.power(decay_rate, p)

    def get_config(self):
        return {
            "initial_learning_rate": self.initial_learning_rate,
            "decay_steps": self.decay_steps,
            "decay_rate": self.decay_rate,
            "staircase": self.staircase,
            "name": self.name,
        }


@keras_export("keras.optimizers.schedules.PiecewiseConstantDecay")
class PiecewiseConstantDecay(LearningRateSchedule):
    """Piecewise constant learning rate.

    `values[0]` for `step <= boundaries[0]`, `values[i]` for
    `boundaries[i - 1] < step <= boundaries[i]`, and `values[-1]` for
    `step > boundaries[-1]`.

    Args:
        boundaries: Increasing list of step numbers.
        values: List of learning rates, one more than `boundaries`.
        name: Name of the schedule. Defaults to `"PiecewiseConstant"`.

    Returns:
        A callable `schedule(step)` returning the learning rate.

    Example:

    >>> schedule = keras.optimizers.schedules.PiecewiseConstantDecay(
    ...     boundaries=[100, 110], values=[1.0, 0.5, 0.1])
    >>> float(schedule(105))
    0.5
    """

    def __init__(self, boundaries, values, name="PiecewiseConstant"):
        super().__init__()
        if len(boundaries) != len(values) - 1:
            raise ValueError(
                "The length of boundaries should be 1 less than the length "
                f"of values. Received: boundaries={boundaries} of length "
                f"{len(boundaries)}, and values={values} "
                f"of length {len(values)}."
            )
        self.boundaries = boundaries
        self.values = values
        self.name = name

    def __call__(self, step):
        values = [_float_tensor(v) for v in self.values]
        dtype = values[0].dtype
        step = ops.convert_to_tensor(step)
        result = ops.cast(values[-1], dtype)
        # The first interval whose upper boundary is >= step wins.
        for boundary, value in reversed(
            list(zip(self.boundaries, values[:-1]))
        ):
            boundary = ops.cast(boundary, step.dtype)
            result = ops.where(
                ops.less_equal(step, boundary), ops.cast(value, dtype), result
            )
        return result

    def get_config(self):
        return {
            "boundaries": self.boundaries,
            "values": self.values,
            "name": self.name,
        }


@keras_export("keras.optimizers.schedules.PolynomialDecay")
class PolynomialDecay(LearningRateSchedule):
    """Polynomial decay from `initial_learning_rate` to `end_learning_rate`.

    ```python
    step = min(step, decay_steps)
    lr = ((initial_learning_rate - end_learning_rate)
          * (1 - step / decay_steps) ** power) + end_learning_rate
    ```

    With `cycle=True`, `decay_steps` is instead replaced by the smallest
    multiple of it that is >= `step` (and `step` is not clipped), so the
    decay restarts every `decay_steps` steps.

    Args:
        initial_learning_rate: Float, the learning rate at step 0.
        decay_steps: Positive int.
        end_learning_rate: Float, the final learning rate.
        power: Float, the power of the polynomial. Defaults to `1.0`.
        cycle: Whether to restart the decay after `decay_steps`.
        name: Name of the schedule. Defaults to `"PolynomialDecay"`.

    Returns:
        A callable `schedule(step)` returning the learning rate (a scalar
        tensor of the dtype of `initial_learning_rate`, float32 for Python
        floats).

    Example:

    >>> schedule = keras.optimizers.schedules.PolynomialDecay(
    ...     1.0, decay_steps=10, end_learning_rate=0.0)
    >>> float(schedule(5))
    0.5
    """

    def __init__(
        self,
        initial_learning_rate,
        decay_steps,
        end_learning_rate=0.0001,
        power=1.0,
        cycle=False,
        name="PolynomialDecay",
    ):
        super().__init__()
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.end_learning_rate = end_learning_rate
        self.power = power
        self.cycle = cycle
        self.name = name
        if self.decay_steps <= 0:
            raise ValueError(
                "Argument `decay_steps` must be > 0. "
                f"Received: decay_steps={self.decay_steps}"
            )

    def __call__(self, step):
        initial_learning_rate = _float_tensor(self.initial_learning_rate)
        dtype = initial_learning_rate.dtype
        end_learning_rate = ops.cast(self.end_learning_rate, dtype)
        power = ops.cast(self.power, dtype)
        global_step_recomp = ops.cast(step, dtype)
        decay_steps_recomp = ops.cast(self.decay_steps, dtype)
        if self.cycle:
            # With step == 0 the multiplier is 1, not 0.
            multiplier = ops.where(
                ops.equal(global_step_recomp, 0),
                ops.ones_like(global_step_recomp),
                ops.ceil(global_step_recomp / self.decay_steps),
            )
            decay_steps_recomp = decay_steps_recomp * multiplier
        else:
            global_step_recomp = ops.minimum(
                global_step_recomp, decay_steps_recomp
            )
        p = global_step_recomp / decay_steps_recomp
        return (
            (initial_learning_rate - end_learning_rate)
            * ops.power(1 - p, power)
        ) + end_learning_rate

    def get_config(self):
        return {
            "initial_learning_rate": self.initial_learning_rate,
            "decay_steps": self.decay_steps,
            "end_learning_rate": self.end_learning_rate,
            "power": self.power,
            "cycle": self.cycle,
            "name": self.name,
        }


@keras_export("keras.optimizers.schedules.InverseTimeDecay")
class InverseTimeDecay(LearningRateSchedule):
    """Inverse time decay:
    `initial_learning_rate / (1 + decay_rate * step / decay_steps)`.

    With `staircase=True`, `step / decay_steps` is floored.

    Args:
        initial_learning_rate: Float, the learning rate at step 0.
        decay_steps: Positive int.
        decay_rate: Float.
        staircase: Whether to floor `step / decay_steps`.
        name: Name of the schedule. Defaults to `"InverseTimeDecay"`.

    Returns:
        A callable `schedule(step)` returning the learning rate (a scalar
        tensor of the dtype of `initial_learning_rate`, float32 for Python
        floats).

    Example:

    >>> schedule = keras.optimizers.schedules.InverseTimeDecay(
    ...     1.0, decay_steps=1, decay_rate=1.0)
    >>> float(schedule(1))
    0.5
    """

    def __init__(
        self,
        initial_learning_rate,
        decay_steps,
        decay_rate,
        staircase=False,
        name="InverseTimeDecay",
    ):
        super().__init__()
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.decay_rate = decay_rate
        self.staircase = staircase
        self.name = name
        if self.decay_steps <= 0:
            raise ValueError(
                "Argument `decay_steps` must be > 0. "
                f"Received: decay_steps={self.decay_steps}"
            )

    def __call__(self, step):
        initial_learning_rate = _float_tensor(self.initial_learning_rate)
        dtype = initial_learning_rate.dtype
        decay_steps = ops.cast(self.decay_steps, dtype)
        decay_rate = ops.cast(self.decay_rate, dtype)
        global_step_recomp = ops.cast(step, dtype)
        p = global_step_recomp / decay_steps
        if self.staircase:
            p = ops.floor(p)
        return initial_learning_rate / (1 + decay_rate * p)

    def get_config(self):
        return {
            "initial_learning_rate": self.initial_learning_rate,
            "decay_steps": self.decay_steps,
            "decay_rate": self.decay_rate,
            "staircase": self.staircase,
            "name": self.name,
        }


@keras_export("keras.optimizers.schedules.CosineDecay")
class CosineDecay(LearningRateSchedule):
    """Cosine decay, with an optional linear warmup.

    Without warmup (`warmup_target=None`), the learning rate goes from
    `initial_learning_rate` to `alpha * initial_learning_rate` over
    `decay_steps` steps, then stays there:

    ```python
    step = min(step, decay_steps)
    cosine = 0.5 * (1 + cos(pi * step / decay_steps))
    lr = initial_learning_rate * ((1 - alpha) * cosine + alpha)
    ```

    With a `warmup_target`, the learning rate first increases linearly from
    `initial_learning_rate` to `warmup_target` over `warmup_steps` steps,
    then decays as above from `warmup_target` (with `step - warmup_steps`)
    over `decay_steps` steps.

    Args:
        initial_learning_rate: Float, the learning rate at step 0.
        decay_steps: Positive int, the length of the decay.
        alpha: Float, the final learning rate as a fraction of the decay's
            starting learning rate.
        name: Name of the schedule. Defaults to `"CosineDecay"`.
        warmup_target: Optional float, the learning rate reached at the end
            of the warmup.
        warmup_steps: Int, the length of the warmup.

    Returns:
        A callable `schedule(step)` returning the learning rate (a scalar
        tensor of the dtype of `initial_learning_rate`, float32 for Python
        floats).

    Example:

    >>> schedule = keras.optimizers.schedules.CosineDecay(1.0, 10)
    >>> round(float(schedule(5)), 4)
    0.5

    References:

    - [Loshchilov et al., 2017](https://arxiv.org/abs/1608.03983)
    - [Goyal et al., 2017](https://arxiv.org/abs/1706.02677)
    """

    def __init__(
        self,
        initial_learning_rate,
        decay_steps,
        alpha=0.0,
        name="CosineDecay",
        warmup_target=None,
        warmup_steps=0,
    ):
        super().__init__()
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.alpha = alpha
        self.name = name
        self.warmup_steps = warmup_steps
        self.warmup_target = warmup_target
        if self.decay_steps <= 0:
            raise ValueError(
                "Argument `decay_steps` must be > 0. "
                f"Received: decay_steps={self.decay_steps}"
            )

    def _decay_function(self, step, decay_steps, decay_from_lr, dtype):
        completed_fraction = step / decay_steps
        pi = ops.cast(math.pi, dtype)
        cosine_decayed = 0.5 * (1.0 + ops.cos(pi * completed_fraction))
        decayed = (1 - self.alpha) * cosine_decayed + self.alpha
        return decay_from_lr * decayed

    def _warmup_function(
        self, step, warmup_steps, warmup_target, initial_learning_rate
    ):
        completed_fraction = step / warmup_steps
        total_step_delta = warmup_target - initial_learning_rate
        return total_step_delta * completed_fraction + initial_learning_rate

    def __call__(self, step):
        initial_learning_rate = _float_tensor(self.initial_learning_rate)
        dtype = initial_learning_rate.dtype
        decay_steps = ops.cast(self.decay_steps, dtype)
        global_step_recomp = ops.cast(step, dtype)

        if self.warmup_target is None:
            global_step_recomp = ops.minimum(global_step_recomp, decay_steps)
            return self._decay_function(
                global_step_recomp, decay_steps, initial_learning_rate, dtype
            )

        warmup_target = ops.cast(self.warmup_target, dtype)
        warmup_steps = ops.cast(self.warmup_steps, dtype)
        global_step_recomp = ops.minimum(
            global_step_recomp, decay_steps + warmup_steps
        )
        in_warmup = ops.less(global_step_recomp, warmup_steps)
        safe_warmup_steps = ops.maximum(warmup_steps, 1.0)
        warmup_lr = self._warmup_function(
            global_step_recomp,
            safe_warmup_steps,
            warmup_target,
            initial_learning_rate,
        )
        decay_lr = self._decay_function(
            global_step_recomp - warmup_steps,
            decay_steps,
            warmup_target,
            dtype,
        )
        return ops.where(in_warmup, warmup_lr, decay_lr)

    def get_config(self):
        return {
            "initial_learning_rate": self.initial_learning_rate,
            "decay_steps": self.decay_steps,
            "alpha": self.alpha,
            "name": self.name,
            "warmup_target": self.warmup_target,
            "warmup_steps": self.warmup_steps,
        }


@keras_export("keras.optimizers.schedules.serialize")
def serialize(learning_rate_schedule):
    """Returns the config dict of a learning rate schedule.

    Args:
        learning_rate_schedule: A `LearningRateSchedule` instance.

    Returns:
        A dict with `class_name` and `config` entries.

    Example:

    >>> schedule = keras.optimizers.schedules.ExponentialDecay(
    ...     0.1, decay_steps=100, decay_rate=0.96)
    >>> keras.optimizers.schedules.serialize(schedule)["class_name"]
    'ExponentialDecay'
    """
    from keras.src.saving import serialization_lib

    return serialization_lib.serialize_keras_object(learning_rate_schedule)


@keras_export("keras.optimizers.schedules.deserialize")
def deserialize(config, custom_objects=None):
    """Creates a learning rate schedule from its config dict.

    Args:
        config: A dict as returned by `serialize()`.
        custom_objects: Optional dict of custom schedule classes.

    Returns:
        A `LearningRateSchedule` instance.
    """
    from keras.src.saving import serialization_lib

    return serialization_lib.deserialize_keras_object(
        config,
        module_objects=ALL_SCHEDULES_DICT,
        custom_objects=custom_objects,
    )


ALL_SCHEDULES_DICT = {
    cls.__name__: cls
    for cls in (
        LearningRateSchedule,
        ExponentialDecay,
        PiecewiseConstantDecay,
        PolynomialDecay,
        InverseTimeDecay,
        CosineDecay,
    )
}
