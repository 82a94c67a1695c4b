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
    class HalveEvery(keras.optimizers.schedules.LearningRateSchedule):
        def __init__(self, start, period):
            self.start = start
            self.period = period

        def __call__(self, step):
            halvings = keras.ops.floor(step / self.period)
            return self.start * keras.ops.power(0.5, halvings)

        def get_config(self):
            return {"start": self.start, "period": self.period}

    optimizer = keras.optimizers.SGD(learning_rate=HalveEvery(0.2, 500))
    ```
    """

    def __call__(self, step):
        raise NotImplementedError(
            f"{type(self).__name__} does not implement `__call__(self, "
            "step)`, which must return the learning rate at `step`."
        )

    def get_config(self):
        raise NotImplementedError(
            f"{type(self).__name__} does not implement `get_config()`; "
            "it is needed to save the schedule with its optimizer."
        )

    @classmethod
    def from_config(cls, config):
        """Creates a schedule from the output of `get_config()`.

        Args:
            config: The dict made by `get_config()`.

        Returns:
            A new schedule of this class.
        """
        return cls(**config)


class _BuiltinSchedule(LearningRateSchedule):
    """Built-in schedules: the config is the listed constructor arguments,
    which are also the public attributes."""

    _config_keys = ()

    def _set_config(self, arguments):
        """Sets each attribute named in `_config_keys` to the constructor
        argument of that name.

        Args:
            arguments: The `locals()` of the constructor.
        """
        for key in self._config_keys:
            setattr(self, key, arguments[key])

    def get_config(self):
        return {key: getattr(self, key) for key in self._config_keys}


def _float_tensor(value):
    """`value` as a tensor, cast to `floatx()` unless already floating."""
    value = ops.convert_to_tensor(value)
    if not backend.is_float_dtype(value.dtype):
        value = ops.cast(value, backend.floatx())
    return value


def _check_decay_steps(decay_steps, argument="decay_steps"):
    if decay_steps <= 0:
        raise ValueError(
            f"`{argument}` must be a positive number of steps. Received: "
            f"{argument}={decay_steps!r}"
        )


class _RateDecay(_BuiltinSchedule):
    """The schedules that apply `decay_rate` to the (optionally floored)
    number of periods `step / decay_steps`; subclasses write the formula
    as `_decay(start, rate, periods)`, on tensors of the dtype of
    `initial_learning_rate`."""

    _config_keys = (
        "initial_learning_rate",
        "decay_steps",
        "decay_rate",
        "staircase",
        "name",
    )

    def __call__(self, step):
        start = _float_tensor(self.initial_learning_rate)
        dtype = start.dtype
        periods = ops.cast(step, dtype) / ops.cast(self.decay_steps, dtype)
        if self.staircase:
            periods = ops.floor(periods)
        return self._decay(start, ops.cast(self.decay_rate, dtype), periods)


@keras_export("keras.optimizers.schedules.ExponentialDecay")
class ExponentialDecay(_RateDecay):
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
        _check_decay_steps(decay_steps)
        self._set_config(locals())

    def _decay(self, start, rate, periods):
        return start * ops.power(rate, periods)


@keras_export("keras.optimizers.schedules.PiecewiseConstantDecay")
class PiecewiseConstantDecay(_BuiltinSchedule):
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

    _config_keys = ("boundaries", "values", "name")

    def __init__(self, boundaries, values, name="PiecewiseConstant"):
        super().__init__()
        if len(values) != len(boundaries) + 1:
            raise ValueError(
                "`values` needs one learning rate per interval, i.e. "
                "exactly one more entry than `boundaries`. Received "
                f"{len(boundaries)} boundaries ({boundaries}) and "
                f"{len(values)} values ({values})."
            )
        self._set_config(locals())

    def __call__(self, step):
        rates = [_float_tensor(v) for v in self.values]
        dtype = rates[0].dtype
        step = ops.convert_to_tensor(step)
        # Start from the rate after the last boundary, then walk the
        # boundaries downwards: each one that `step` does not exceed selects
        # the rate of the interval it closes.
        rate = ops.cast(rates[-1], dtype)
        for index in range(len(self.boundaries) - 1, -1, -1):
            boundary = ops.cast(self.boundaries[index], step.dtype)
            rate = ops.where(
                ops.less_equal(step, boundary),
                ops.cast(rates[index], dtype),
                rate,
            )
        return rate


@keras_export("keras.optimizers.schedules.PolynomialDecay")
class PolynomialDecay(_BuiltinSchedule):
    """Polynomial decay from `initial_learning_rate` to `end_learning_rate`.

    ```python
    t = min(step, decay_steps)
    lr = ((initial_learning_rate - end_learning_rate)
          * (1 - t / decay_steps) ** power) + end_learning_rate
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

    _config_keys = (
        "initial_learning_rate",
        "decay_steps",
        "end_learning_rate",
        "power",
        "cycle",
        "name",
    )

    def __init__(
        self,
        initial_learning_rate,
        decay_steps,
        end_learning_rate=0.0001,
        power=1.0,
        cycle=False,
        name="PolynomialDecay",
    ):
        _check_decay_steps(decay_steps)
        self._set_config(locals())

    def __call__(self, step):
        start = _float_tensor(self.initial_learning_rate)
        dtype = start.dtype
        end = ops.cast(self.end_learning_rate, dtype)
        t = ops.cast(step, dtype)
        horizon = ops.cast(self.decay_steps, dtype)
        if self.cycle:
            # Stretch the horizon to the first multiple of `decay_steps`
            # that is >= t (at least one period, also at step 0).
            periods = ops.maximum(ops.ceil(t / horizon), 1.0)
            horizon = horizon * periods
        else:
            t = ops.minimum(t, horizon)
        # Under `jit`, `t / horizon` can round to just above 1 at the end of
        # the decay; the clamp keeps a fractional `power` from giving NaN.
        remaining = ops.maximum(1 - t / horizon, 0.0)
        decayed = ops.power(remaining, ops.cast(self.power, dtype))
        return (start - end) * decayed + end


@keras_export("keras.optimizers.schedules.InverseTimeDecay")
class InverseTimeDecay(_RateDecay):
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
        _check_decay_steps(decay_steps)
        self._set_config(locals())

    def _decay(self, start, rate, periods):
        return start / (1 + rate * periods)


@keras_export("keras.optimizers.schedules.CosineDecay")
class CosineDecay(_BuiltinSchedule):
    """Cosine decay, with an optional linear warmup.

    Without warmup (`warmup_target=None`), the learning rate goes from
    `initial_learning_rate` to `alpha * initial_learning_rate` over
    `decay_steps` steps, then stays there:

    ```python
    t = min(step, decay_steps)
    cosine = 0.5 * (1 + cos(pi * t / decay_steps))
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

    _config_keys = (
        "initial_learning_rate",
        "decay_steps",
        "alpha",
        "name",
        "warmup_target",
        "warmup_steps",
    )

    def __init__(
        self,
        initial_learning_rate,
        decay_steps,
        alpha=0.0,
        name="CosineDecay",
        warmup_target=None,
        warmup_steps=0,
    ):
        _check_decay_steps(decay_steps)
        self._set_config(locals())

    def _cosine(self, peak, t, dtype):
        """`peak` scaled by the cosine curve at `t` (in `[0, decay_steps]`
        steps after the decay started)."""
        progress = t / ops.cast(self.decay_steps, dtype)
        half_cosine = 0.5 * (1.0 + ops.cos(ops.cast(math.pi, dtype) * progress))
        return peak * ((1 - self.alpha) * half_cosine + self.alpha)

    def __call__(self, step):
        start = _float_tensor(self.initial_learning_rate)
        dtype = start.dtype
        t = ops.cast(step, dtype)
        decay_steps = ops.cast(self.decay_steps, dtype)
        if self.warmup_target is None:
            return self._cosine(start, ops.minimum(t, decay_steps), dtype)

        peak = ops.cast(self.warmup_target, dtype)
        warmup_steps = ops.cast(self.warmup_steps, dtype)
        t = ops.minimum(t, warmup_steps + decay_steps)
        # Linear ramp from `start` to `peak`. The `maximum` only avoids a
        # division by zero without warmup, when the ramp is never selected.
        ramp = (peak - start) * (t / ops.maximum(warmup_steps, 1.0)) + start
        decay = self._cosine(peak, t - warmup_steps, dtype)
        return ops.where(ops.less(t, warmup_steps), ramp, decay)


@keras_export("keras.optimizers.schedules.CosineDecayRestarts")
class CosineDecayRestarts(_BuiltinSchedule):
    """Cosine decay with warm restarts (SGDR).

    The learning rate follows a cosine curve from `initial_learning_rate`
    down to `alpha * initial_learning_rate` over `first_decay_steps`
    steps, then jumps back up and starts again. Each new period is
    `t_mul` times longer than the previous one, and starts from a peak
    `m_mul` times the previous peak:

    ```python
    # within period i (0-based), at a fraction f of the period:
    lr = initial_learning_rate * (
        (1 - alpha) * m_mul ** i * 0.5 * (1 + cos(pi * f)) + alpha
    )
    ```

    Args:
        initial_learning_rate: Float, the learning rate at step 0.
        first_decay_steps: Positive int, the length of the first period.
        t_mul: Float, the growth factor of the period lengths. Defaults
            to `2.0`.
        m_mul: Float, the factor applied to the peak at each restart.
            Defaults to `1.0`.
        alpha: Float, the lowest learning rate as a fraction of
            `initial_learning_rate`. Defaults to `0.0`.
        name: Name of the schedule. Defaults to `"SGDRDecay"`.

    Returns:
        A callable `schedule(step)` returning the learning rate.

    Example:

    >>> schedule = keras.optimizers.schedules.CosineDecayRestarts(1.0, 10)
    >>> [round(float(schedule(s)), 4) for s in (0, 5, 10, 20)]
    [1.0, 0.5, 1.0, 0.5]

    Reference:

    - I. Loshchilov and F. Hutter, "SGDR: Stochastic Gradient Descent with
      Warm Restarts", ICLR 2017, https://arxiv.org/abs/1608.03983
    """

    _config_keys = (
        "initial_learning_rate",
        "first_decay_steps",
        "t_mul",
        "m_mul",
        "alpha",
        "name",
    )

    def __init__(
        self,
        initial_learning_rate,
        first_decay_steps,
        t_mul=2.0,
        m_mul=1.0,
        alpha=0.0,
        name="SGDRDecay",
    ):
        _check_decay_steps(first_decay_steps, "first_decay_steps")
        self._set_config(locals())

    def __call__(self, step):
        start = _float_tensor(self.initial_learning_rate)
        dtype = start.dtype
        # Progress in units of the first period.
        progress = ops.cast(step, dtype) / ops.cast(
            self.first_decay_steps, dtype
        )
        t_mul = ops.cast(self.t_mul, dtype)
        if self.t_mul == 1.0:
            period = ops.floor(progress)
            fraction = progress - period
        else:
            # Periods 0..i-1 last (t_mul**i - 1) / (t_mul - 1) units: solve
            # for the index of the period holding `progress`.
            period = ops.floor(
                ops.log(1.0 - progress * (1.0 - t_mul)) / ops.log(t_mul)
            )
            elapsed = (1.0 - ops.power(t_mul, period)) / (1.0 - t_mul)
            fraction = (progress - elapsed) / ops.power(t_mul, period)
        peak = ops.power(ops.cast(self.m_mul, dtype), period)
        cosine = (
            0.5 * peak * (1.0 + ops.cos(ops.cast(math.pi, dtype) * fraction))
        )
        return start * ((1.0 - self.alpha) * cosine + self.alpha)


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
        The schedule object that `config` describes.
    """
    from keras.src.saving import serialization_lib

    return serialization_lib.deserialize_keras_object(
        config, module_objects=ALL_SCHEDULES_DICT, custom_objects=custom_objects
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
        CosineDecayRestarts,
    )
}
