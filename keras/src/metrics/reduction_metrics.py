"""Metrics that reduce values: `Sum`, `Mean` and `MeanMetricWrapper`."""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.losses import loss as loss_lib
from keras.src.metrics.metric import Metric


def reduce_to_samplewise_values(values, sample_weight, reduce_fn, dtype):
    """Weights `values` and reduces them to one value per sample.

    Args:
        values: Tensor of values, with the batch as first dimension.
        sample_weight: Optional weights, broadcastable to `values` once
            ranks are matched.
        reduce_fn: The reduction applied over the non-batch dimensions
            (`ops.sum` or `ops.mean`).
        dtype: The dtype of the computation.

    Returns:
        A tuple `(values, sample_weight)` where `values` has rank <= 1 and
        `sample_weight` (if given) matches it.
    """
    dtype = dtype or backend.floatx()
    values = ops.cast(values, dtype=dtype)
    if sample_weight is not None:
        sample_weight = ops.cast(sample_weight, dtype=dtype)
        values, sample_weight = loss_lib.squeeze_or_expand_to_same_rank(
            values, sample_weight
        )
        # Reduce values to the rank of the weights.
        weight_ndim = len(sample_weight.shape)
        values_ndim = len(values.shape)
        if values_ndim > weight_ndim:
            values = reduce_fn(
                values, axis=list(range(weight_ndim, values_ndim))
            )
        # Broadcasting the weights matters for the count of samples the
        # weights are later reduced to.
        sample_weight = ops.broadcast_to(sample_weight, values.shape)
        values = values * sample_weight
        if weight_ndim > 1:
            sample_weight = reduce_fn(
                sample_weight, axis=list(range(1, weight_ndim))
            )
    values_ndim = len(values.shape)
    if values_ndim > 1:
        values = reduce_fn(values, axis=list(range(1, values_ndim)))
    return values, sample_weight


@keras_export("keras.metrics.Sum")
class Sum(Metric):
    """The (weighted) sum of all the values seen.

    Its state is a single variable, `total`. With
    `update_state([1, 3, 5, 7])` the result is 16; with
    `sample_weight=[1, 1, 0, 0]` it is 4.

    Args:
        name: Optional name of the metric instance.
        dtype: Optional dtype of the metric's variables and result.

    Example:

    >>> m = keras.metrics.Sum()
    >>> m.update_state([1, 3, 5, 7])
    >>> float(m.result())
    16.0
    """

    def __init__(self, name="sum", dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.total = self.add_variable(
            shape=(),
            initializer="zeros",
            dtype=self.dtype,
            name="total",
        )

    def update_state(self, values, sample_weight=None):
        values, _ = reduce_to_samplewise_values(
            values, sample_weight, reduce_fn=ops.sum, dtype=self.dtype
        )
        self.total.assign_add(ops.sum(values))

    def reset_state(self):
        self.total.assign(ops.zeros((), dtype=self.total.dtype))

    def result(self):
        return ops.cast(self.total, self.dtype)


@keras_export("keras.metrics.Mean")
class Mean(Metric):
    """The (weighted) mean of all the values seen.

    Its state is `total` (the weighted sum of the values) and `count` (the
    sum of the weights, or the number of samples); the result is
    `total / count` (0 while `count` is 0). Values of rank > 1 are first
    averaged per sample.

    Args:
        name: Optional name of the metric instance.
        dtype: Optional dtype of the metric's variables and result.

    Example:

    >>> m = keras.metrics.Mean()
    >>> m.update_state([1, 3, 5, 7])
    >>> float(m.result())
    4.0
    >>> m.reset_state()
    >>> m.update_state([1, 3, 5, 7], sample_weight=[1, 1, 0, 0])
    >>> float(m.result())
    2.0
    """

    def __init__(self, name="mean", dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.total = self.add_variable(
            shape=(),
            initializer="zeros",
            dtype=self.dtype,
            name="total",
        )
        self.count = self.add_variable(
            shape=(),
            initializer="zeros",
            dtype=self.dtype,
            name="count",
        )

    def update_state(self, values, sample_weight=None):
        values, sample_weight = reduce_to_samplewise_values(
            values, sample_weight, reduce_fn=ops.mean, dtype=self.dtype
        )
        self.total.assign_add(ops.sum(values))
        if sample_weight is not None:
            num_samples = ops.sum(sample_weight)
        elif len(values.shape) >= 1:
            num_samples = values.shape[0]
        else:
            num_samples = 1
        self.count.assign_add(ops.cast(num_samples, dtype=self.dtype))

    def reset_state(self):
        self.total.assign(ops.zeros((), dtype=self.total.dtype))
        self.count.assign(ops.zeros((), dtype=self.count.dtype))

    def result(self):
        total = ops.convert_to_tensor(self.total)
        count = ops.convert_to_tensor(self.count)
        safe_count = ops.where(ops.equal(count, 0), ops.ones_like(count), count)
        return ops.where(
            ops.equal(count, 0), ops.zeros_like(total), total / safe_count
        )


@keras_export("keras.metrics.MeanMetricWrapper")
class MeanMetricWrapper(Mean):
    """A `Mean` of the values of a function `fn(y_true, y_pred)`.

    `update_state(y_true, y_pred, sample_weight=None)` computes the
    per-sample values of `fn` and accumulates their (weighted) mean.

    Args:
        fn: The function, `fn(y_true, y_pred, **kwargs)`.
        name: Optional name of the metric instance.
        dtype: Optional dtype of the metric's variables and result.
        **kwargs: Extra keyword arguments passed to `fn`.

    Example:

    >>> def squared_error(y_true, y_pred):
    ...     return (y_true - y_pred) ** 2
    >>> m = keras.metrics.MeanMetricWrapper(fn=squared_error)
    >>> m.update_state([1.0, 2.0], [1.0, 4.0])
    >>> float(m.result())
    2.0
    """

    def __init__(self, fn, name=None, dtype=None, **kwargs):
        super().__init__(name=name, dtype=dtype)
        self._fn = fn
        self._fn_kwargs = kwargs

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Accumulates the values of `fn` on a batch.

        Args:
            y_true: Labels.
            y_pred: Predictions.
            sample_weight: Optional weights, per sample or per value.
        """
        y_true = loss_lib.convert_structure_to_tensors(y_true, self.dtype)
        y_pred = loss_lib.convert_structure_to_tensors(y_pred, self.dtype)
        values = self._fn(y_true, y_pred, **self._fn_kwargs)
        return super().update_state(values, sample_weight=sample_weight)

    def get_config(self):
        base_config = super().get_config()
        config = {}
        if type(self) is MeanMetricWrapper:
            from keras.src.saving import serialization_lib

            config["fn"] = serialization_lib.serialize_keras_object(self._fn)
            config.update(
                serialization_lib.serialize_keras_object(self._fn_kwargs)
            )
        return {**base_config, **config}

    @classmethod
    def from_config(cls, config):
        if "fn" in config:
            from keras.src.saving import serialization_lib

            config = dict(config)
            config["fn"] = serialization_lib.deserialize_keras_object(
                config["fn"]
            )
        return cls(**config)
