"""Metrics that reduce values: `Sum`, `Mean` and `MeanMetricWrapper`."""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.losses import loss as loss_lib
from keras.src.metrics.metric import Metric


def _reduce_from(x, first_axis, reduce_fn):
    """Applies `reduce_fn` over every axis of `x` from `first_axis` on."""
    rank = len(x.shape)
    if rank <= first_axis:
        return x
    return reduce_fn(x, axis=list(range(first_axis, rank)))


def reduce_to_samplewise_values(values, sample_weight, reduce_fn, dtype):
    """Collapses weighted values to at most one value per sample.

    Without weights, every axis after the first (batch) one is reduced
    with `reduce_fn`. With weights, the values are first reduced down to
    the rank of the weights, multiplied by the weights (broadcast to their
    shape), and then both are reduced to one entry per sample.

    Args:
        values: Tensor whose first axis is the batch.
        sample_weight: `None`, or weights whose shape broadcasts against
            `values` after their ranks have been aligned.
        reduce_fn: Reduction over non-batch axes, e.g. `ops.sum` or
            `ops.mean`.
        dtype: Dtype used for the values and weights; `None` means floatx.

    Returns:
        The pair `(values, sample_weight)`, both of rank 0 or 1 (the
        weights stay `None` when none were given).
    """
    dtype = dtype or backend.floatx()
    values = ops.cast(values, dtype=dtype)
    if sample_weight is None:
        return _reduce_from(values, 1, reduce_fn), None
    weights = ops.cast(sample_weight, dtype=dtype)
    values, weights = loss_lib.squeeze_or_expand_to_same_rank(values, weights)
    values = _reduce_from(values, len(weights.shape), reduce_fn)
    # Broadcast before reducing, so that the per-sample weight counts
    # every value it applied to.
    weights = ops.broadcast_to(weights, values.shape)
    values = _reduce_from(values * weights, 1, reduce_fn)
    return values, _reduce_from(weights, 1, reduce_fn)


def _scalar_state(metric, name):
    return metric.add_variable((), "zeros", dtype=metric.dtype, name=name)


@keras_export("keras.metrics.Sum")
class Sum(Metric):
    """Accumulates the sum of the values it is given.

    Each call to `update_state(values, sample_weight=None)` adds
    `sum(values * sample_weight)` (or just `sum(values)`) to a single
    state variable named `total`, which `result()` returns.

    Args:
        name: Name of this metric instance.
        dtype: Dtype of the state variable and of the result.

    Example:

    >>> total = keras.metrics.Sum()
    >>> total.update_state([2, 4, 6])
    >>> total.update_state([10, 20], sample_weight=[0.5, 0])
    >>> float(total.result())
    17.0
    """

    def __init__(self, name="sum", dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.total = _scalar_state(self, "total")

    def update_state(self, values, sample_weight=None):
        per_sample, _ = reduce_to_samplewise_values(
            values, sample_weight, ops.sum, self.dtype
        )
        self.total.assign(self.total + ops.sum(per_sample))

    def reset_state(self):
        self.total.assign(ops.zeros((), self.total.dtype))

    def result(self):
        return ops.cast(self.total, self.dtype)


@keras_export("keras.metrics.Mean")
class Mean(Metric):
    """Accumulates the (weighted) average of the values it is given.

    Two state variables are kept: `total`, the running sum of
    `values * sample_weight`, and `count`, the running sum of the weights
    (the number of samples when no weights are given). `result()` is
    `total / count`, or 0 before anything has been counted. Inputs with
    more than one axis are averaged per sample first.

    Args:
        name: Name of this metric instance.
        dtype: Dtype of the state variables and of the result.

    Example:

    >>> avg = keras.metrics.Mean()
    >>> avg.update_state([2, 4, 9])
    >>> float(avg.result())
    5.0
    >>> avg.update_state([10], sample_weight=[3])
    >>> float(avg.result())
    7.5
    """

    def __init__(self, name="mean", dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.total = _scalar_state(self, "total")
        self.count = _scalar_state(self, "count")

    def update_state(self, values, sample_weight=None):
        per_sample, weights = reduce_to_samplewise_values(
            values, sample_weight, ops.mean, self.dtype
        )
        if weights is not None:
            seen = ops.sum(weights)
        elif len(per_sample.shape) == 0:
            seen = 1
        else:
            seen = per_sample.shape[0]
        self.total.assign(self.total + ops.sum(per_sample))
        self.count.assign(self.count + ops.cast(seen, self.dtype))

    def reset_state(self):
        for state in (self.total, self.count):
            state.assign(ops.zeros((), state.dtype))

    def result(self):
        total = ops.convert_to_tensor(self.total)
        count = ops.convert_to_tensor(self.count)
        nothing = ops.equal(count, 0)
        divisor = ops.where(nothing, ops.ones_like(count), count)
        return ops.where(nothing, ops.zeros_like(total), total / divisor)


@keras_export("keras.metrics.MeanMetricWrapper")
class MeanMetricWrapper(Mean):
    """Turns a per-sample function of labels and predictions into a metric.

    `update_state(y_true, y_pred, sample_weight=None)` evaluates
    `fn(y_true, y_pred, **kwargs)` and hands the result to `Mean`, so the
    metric reports the (weighted) average of `fn` over all batches.

    Args:
        fn: Callable `fn(y_true, y_pred, **kwargs)` returning values per
            sample (or per element).
        name: Name of this metric instance.
        dtype: Dtype of the state variables and of the result.
        **kwargs: Keyword arguments forwarded to every call of `fn`.

    Example:

    >>> def hits_within(y_true, y_pred, tol):
    ...     return keras.ops.abs(y_true - y_pred) <= tol
    >>> close = keras.metrics.MeanMetricWrapper(fn=hits_within, tol=0.5)
    >>> close.update_state([1.0, 2.0, 3.0, 4.0], [1.2, 2.9, 3.0, 5.0])
    >>> float(close.result())
    0.5
    """

    def __init__(self, fn, name=None, dtype=None, **kwargs):
        Mean.__init__(self, name=name, dtype=dtype)
        self._fn_kwargs = dict(kwargs)
        self._fn = fn

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Evaluates `fn` on a batch and folds the results into the mean.

        Args:
            y_true: Labels of the batch.
            y_pred: Predictions of the batch.
            sample_weight: Optional weights, one per sample or one per
                value returned by `fn`.
        """
        to_tensors = loss_lib.convert_structure_to_tensors
        values = self._fn(
            to_tensors(y_true, self.dtype),
            to_tensors(y_pred, self.dtype),
            **self._fn_kwargs,
        )
        return Mean.update_state(self, values, sample_weight=sample_weight)

    def get_config(self):
        config = Mean.get_config(self)
        # Subclasses fix `fn` themselves; only the generic wrapper has to
        # record it.
        if type(self) is not MeanMetricWrapper:
            return config
        from keras.src.saving import serialization_lib

        serialize = serialization_lib.serialize_keras_object
        config["fn"] = serialize(self._fn)
        config.update(serialize(self._fn_kwargs))
        return config

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        if "fn" in config:
            from keras.src.saving import serialization_lib

            config["fn"] = serialization_lib.deserialize_keras_object(
                config["fn"]
            )
        return cls(**config)


class FixedFunctionMean(MeanMetricWrapper):
    """A `MeanMetricWrapper` whose function is fixed by the subclass.

    Its config holds `name`, `dtype` (as the metric reports it) and the
    constructor options named in `_option_names`, which the subclass
    stores as attributes of the same names (see `_keep_options`).
    """

    _option_names = ()

    def _keep_options(self, **options):
        for key, value in options.items():
            setattr(self, key, value)

    def get_config(self):
        config = {"name": self.name, "dtype": self.dtype}
        for key in self._option_names:
            config[key] = getattr(self, key)
        return config


class LossMean(FixedFunctionMean):
    """A `FixedFunctionMean` of a loss: lower values are better."""

    _direction = "down"
