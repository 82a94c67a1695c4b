"""Built-in losses: classes (`keras.losses.X`) and functions."""

from keras.src import backend
from keras.src import ops
from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.losses.loss import Loss
from keras.src.losses.loss import squeeze_or_expand_to_same_rank


class LossFunctionWrapper(Loss):
    """A `Loss` computing its per-sample values with a function.

    Args:
        fn: The loss function, `fn(y_true, y_pred, **kwargs)`.
        reduction: See `keras.losses.Loss`.
        name: Optional name.
        dtype: See `keras.losses.Loss`.
        **kwargs: Extra keyword arguments passed to `fn`.
    """

    def __init__(
        self,
        fn,
        reduction="sum_over_batch_size",
        name=None,
        dtype=None,
        **kwargs,
    ):
        Loss.__init__(self, name=name, reduction=reduction, dtype=dtype)
        self._fn_kwargs = dict(kwargs)
        self.fn = fn

    def call(self, y_true, y_pred):
        if tree.is_nested(y_true) or tree.is_nested(y_pred):
            flat_true = tree.flatten(y_true)
            flat_pred = tree.flatten(y_pred)
            pairs = [
                squeeze_or_expand_to_same_rank(t, p)
                for t, p in zip(flat_true, flat_pred)
            ]
            y_true = tree.pack_sequence_as(y_true, [t for t, _ in pairs])
            y_pred = tree.pack_sequence_as(y_pred, [p for _, p in pairs])
        else:
            y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
        return self.fn(y_true, y_pred, **self._fn_kwargs)

    def get_config(self):
        from keras.src.saving import serialization_lib

        serialize = serialization_lib.serialize_keras_object
        return {
            **Loss.get_config(self),
            "fn": serialize(self.fn),
            **serialize(self._fn_kwargs),
        }

    @classmethod
    def from_config(cls, config):
        from keras.src.saving import serialization_lib

        if "fn" not in config:
            return cls(**config)
        return cls(**serialization_lib.deserialize_keras_object(config))

    def __repr__(self):
        return f"<LossFunctionWrapper({self.fn}, kwargs={self._fn_kwargs})>"


class _BuiltinLoss(LossFunctionWrapper):
    """A wrapper whose config is the constructor arguments of the class."""

    _config_keys = ()

    def _init_builtin(self, fn, reduction, name, dtype, options):
        # `options` are the keyword arguments of `fn`; they also become
        # public attributes and the class-specific config entries.
        LossFunctionWrapper.__init__(
            self, fn, reduction, name, dtype, **options
        )
        for key, value in options.items():
            setattr(self, key, value)

    def get_config(self):
        config = Loss.get_config(self)
        for key in self._config_keys:
            config[key] = self._fn_kwargs[key]
        return config

    @classmethod
    def from_config(cls, config):
        return cls(**config)


@keras_export("keras.losses.MeanSquaredError")
class MeanSquaredError(_BuiltinLoss):
    """Mean of the squared differences between labels and predictions.

    Per sample: `mean(square(y_true - y_pred), axis=-1)`.

    Args:
        reduction: How the per-sample losses are aggregated: `"sum"`,
            `"sum_over_batch_size"` (default) or `"mean"` (sum divided by
            the number of loss values), `"mean_with_sample_weight"` (sum
            divided by the sum of the weights), or `"none"`/`None` (no
            aggregation).
        name: Name of the loss instance.
        dtype: Dtype of the computation (default: floatx), or a
            `keras.DTypePolicy` whose compute dtype is used.

    Example:

    >>> mse = keras.losses.MeanSquaredError()
    >>> float(mse([[1.0, 3.0]], [[2.0, 1.0]]))
    2.5
    """

    def __init__(
        self,
        reduction="sum_over_batch_size",
        name="mean_squared_error",
        dtype=None,
    ):
        self._init_builtin(mean_squared_error, reduction, name, dtype, {})


@keras_export("keras.losses.MeanAbsoluteError")
class MeanAbsoluteError(_BuiltinLoss):
    """Mean of the absolute differences between labels and predictions.

    Per sample: `mean(abs(y_true - y_pred), axis=-1)`.

    Args:
        reduction: How the per-sample losses are aggregated: `"sum"`,
            `"sum_over_batch_size"` (default) or `"mean"` (sum divided by
            the number of loss values), `"mean_with_sample_weight"` (sum
            divided by the sum of the weights), or `"none"`/`None` (no
            aggregation).
        name: Name of the loss instance.
        dtype: Dtype of the computation (default: floatx), or a
            `keras.DTypePolicy` whose compute dtype is used.

    Example:

    >>> mae = keras.losses.MeanAbsoluteError()
    >>> float(mae([[1.0, 3.0]], [[2.0, 1.0]]))
    1.5
    """

    def __init__(
        self,
        reduction="sum_over_batch_size",
        name="mean_absolute_error",
        dtype=None,
    ):
        self._init_builtin(mean_absolute_error, reduction, name, dtype, {})


@keras_export("keras.losses.BinaryCrossentropy")
class BinaryCrossentropy(_BuiltinLoss):
    """Cross-entropy between binary labels and predicted probabilities.

    For labels `y` in {0, 1} and predicted probabilities `p`, the loss is
    `-(y * log(p) + (1 - y) * log(1 - p))`, averaged over `axis`. With
    `from_logits=True`, `y_pred` holds logits and the loss is computed in a
    numerically stable way from them.

    Args:
        from_logits: Whether `y_pred` holds logits rather than
            probabilities.
        label_smoothing: Float in `[0, 1]`. Labels become
            `y * (1 - label_smoothing) + 0.5 * label_smoothing`, i.e. they
            are pulled towards 0.5.
        axis: The axis the loss is averaged over. Defaults to `-1`.
        reduction: How the per-sample losses are aggregated: `"sum"`,
            `"sum_over_batch_size"` (default) or `"mean"` (sum divided by
            the number of loss values), `"mean_with_sample_weight"` (sum
            divided by the sum of the weights), or `"none"`/`None` (no
            aggregation).
        name: Name of the loss instance.
        dtype: Dtype of the computation (default: floatx), or a
            `keras.DTypePolicy` whose compute dtype is used.

    Example:

    >>> loss = keras.losses.BinaryCrossentropy(from_logits=True)
    >>> round(float(loss([[1.0]], [[0.0]])), 4)
    0.6931
    """

    _config_keys = ("from_logits", "label_smoothing", "axis")

    def __init__(
        self,
        from_logits=False,
        label_smoothing=0.0,
        axis=-1,
        reduction="sum_over_batch_size",
        name="binary_crossentropy",
        dtype=None,
    ):
        options = {
            "from_logits": from_logits,
            "label_smoothing": label_smoothing,
            "axis": axis,
        }
        self._init_builtin(binary_crossentropy, reduction, name, dtype, options)


@keras_export("keras.losses.CategoricalCrossentropy")
class CategoricalCrossentropy(_BuiltinLoss):
    """Cross-entropy between one-hot labels and predicted distributions.

    The loss is `-sum(y_true * log(p), axis)`, where `p` is `y_pred`
    normalized to sum to 1 (or `softmax(y_pred)` with `from_logits=True`).
    For integer labels, use `SparseCategoricalCrossentropy`.

    Args:
        from_logits: Whether `y_pred` holds logits rather than
            probabilities.
        label_smoothing: Float in `[0, 1]`. Labels become
            `y * (1 - label_smoothing) + label_smoothing / num_classes`.
        axis: The class axis. Defaults to `-1`.
        reduction: How the per-sample losses are aggregated: `"sum"`,
            `"sum_over_batch_size"` (default) or `"mean"` (sum divided by
            the number of loss values), `"mean_with_sample_weight"` (sum
            divided by the sum of the weights), or `"none"`/`None` (no
            aggregation).
        name: Name of the loss instance.
        dtype: Dtype of the computation (default: floatx), or a
            `keras.DTypePolicy` whose compute dtype is used.

    Example:

    >>> loss = keras.losses.CategoricalCrossentropy()
    >>> round(float(loss([[0.0, 1.0]], [[0.5, 0.5]])), 4)
    0.6931
    """

    _config_keys = ("from_logits", "label_smoothing", "axis")

    def __init__(
        self,
        from_logits=False,
        label_smoothing=0.0,
        axis=-1,
        reduction="sum_over_batch_size",
        name="categorical_crossentropy",
        dtype=None,
    ):
        options = {
            "from_logits": from_logits,
            "label_smoothing": label_smoothing,
            "axis": axis,
        }
        self._init_builtin(
            categorical_crossentropy, reduction, name, dtype, options
        )


@keras_export("keras.losses.SparseCategoricalCrossentropy")
class SparseCategoricalCrossentropy(_BuiltinLoss):
    """Cross-entropy between integer labels and predicted distributions.

    Like `CategoricalCrossentropy` with `y_true` given as class indices of
    shape `(batch, ...)` or `(batch, ..., 1)` instead of one-hot vectors.

    Args:
        from_logits: Whether `y_pred` holds logits rather than
            probabilities.
        ignore_class: Optional int, a label value to ignore (e.g. padding):
            those entries get a loss of 0 and, with the averaging
            reductions, are left out of the denominator.
        reduction: How the per-sample losses are aggregated: `"sum"`,
            `"sum_over_batch_size"` (default) or `"mean"` (sum divided by
            the number of loss values), `"mean_with_sample_weight"` (sum
            divided by the sum of the weights), or `"none"`/`None` (no
            aggregation).
        name: Name of the loss instance.
        dtype: Dtype of the computation (default: floatx), or a
            `keras.DTypePolicy` whose compute dtype is used.

    Example:

    >>> loss = keras.losses.SparseCategoricalCrossentropy()
    >>> round(float(loss([1], [[0.5, 0.5]])), 4)
    0.6931
    """

    _config_keys = ("from_logits", "ignore_class")

    def __init__(
        self,
        from_logits=False,
        ignore_class=None,
        reduction="sum_over_batch_size",
        name="sparse_categorical_crossentropy",
        dtype=None,
    ):
        options = {"from_logits": from_logits, "ignore_class": ignore_class}
        self._init_builtin(
            sparse_categorical_crossentropy, reduction, name, dtype, options
        )

    def _compute_mask(self, y_true, y_pred):
        if self.ignore_class is None:
            return None
        y_true = ops.convert_to_tensor(y_true)
        if len(y_true.shape) == len(y_pred.shape) and y_true.shape[-1] == 1:
            y_true = ops.squeeze(y_true, axis=-1)
        return ops.not_equal(y_true, ops.cast(self.ignore_class, y_true.dtype))


def _float_pair(y_true, y_pred):
    y_pred = ops.convert_to_tensor(y_pred)
    if not backend.is_float_dtype(y_pred.dtype):
        y_pred = ops.cast(y_pred, backend.floatx())
    y_true = ops.cast(y_true, y_pred.dtype)
    return y_true, y_pred


@keras_export(
    [
        "keras.metrics.mean_squared_error",
        "keras.losses.mean_squared_error",
    ]
)
def mean_squared_error(y_true, y_pred):
    """Per-sample mean squared error: `mean(square(y_true - y_pred), axis=-1)`.

    Args:
        y_true: Labels, shape `(batch, d0, ..., dN)`.
        y_pred: Predictions, same shape.

    Returns:
        A tensor of shape `(batch, d0, ..., dN-1)`.

    Example:

    >>> keras.losses.mean_squared_error([[0.0, 1.0]], [[1.0, 1.0]]).tolist()
    [0.5]
    """
    y_true, y_pred = _float_pair(y_true, y_pred)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    return ops.mean(ops.square(y_true - y_pred), axis=-1)


@keras_export(
    [
        "keras.metrics.mean_absolute_error",
        "keras.losses.mean_absolute_error",
    ]
)
def mean_absolute_error(y_true, y_pred):
    """Per-sample mean absolute error: `mean(abs(y_true - y_pred), axis=-1)`.

    Args:
        y_true: Labels, shape `(batch, d0, ..., dN)`.
        y_pred: Predictions, same shape.

    Returns:
        A tensor of shape `(batch, d0, ..., dN-1)`.

    Example:

    >>> keras.losses.mean_absolute_error([[0.0, 1.0]], [[1.0, 1.0]]).tolist()
    [0.5]
    """
    y_true, y_pred = _float_pair(y_true, y_pred)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    return ops.mean(ops.absolute(y_true - y_pred), axis=-1)


def _binary_crossentropy_elementwise(target, output, from_logits):
    if from_logits:
        # max(x, 0) - x * z + log(1 + exp(-abs(x))), stable for all x.
        return (
            ops.relu(output)
            - output * target
            + ops.log1p(ops.exp(-ops.absolute(output)))
        )
    epsilon = backend.epsilon()
    output = ops.clip(output, epsilon, 1.0 - epsilon)
    bce = target * ops.log(output)
    bce = bce + (1.0 - target) * ops.log(1.0 - output)
    return -bce


@keras_export(
    [
        "keras.metrics.binary_crossentropy",
        "keras.losses.binary_crossentropy",
    ]
)
def binary_crossentropy(
    y_true, y_pred, from_logits=False, label_smoothing=0.0, axis=-1
):
    """Per-sample binary cross-entropy, averaged over `axis`.

    Args:
        y_true: Binary labels (0 or 1).
        y_pred: Predicted probabilities (or logits with `from_logits=True`).
        from_logits: Whether `y_pred` holds logits.
        label_smoothing: Float in `[0, 1]`; labels become
            `y * (1 - label_smoothing) + 0.5 * label_smoothing`.
        axis: The axis to average over. Defaults to `-1`.

    Returns:
        The loss values, with `axis` reduced.

    Example:

    >>> keras.losses.binary_crossentropy(
    ...     [[1.0]], [[0.0]], from_logits=True).shape
    (1,)
    """
    y_true, y_pred = _float_pair(y_true, y_pred)
    if label_smoothing:
        y_true = y_true * (1.0 - label_smoothing) + 0.5 * label_smoothing
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    return ops.mean(
        _binary_crossentropy_elementwise(y_true, y_pred, from_logits),
        axis=axis,
    )


def _categorical_crossentropy(target, output, from_logits, axis):
    if from_logits:
        log_prob = ops.log_softmax(output, axis=axis)
    else:
        output = output / ops.sum(output, axis=axis, keepdims=True)
        epsilon = backend.epsilon()
        output = ops.clip(output, epsilon, 1.0 - epsilon)
        log_prob = ops.log(output)
    return -ops.sum(target * log_prob, axis=axis)


@keras_export(
    [
        "keras.metrics.categorical_crossentropy",
        "keras.losses.categorical_crossentropy",
    ]
)
def categorical_crossentropy(
    y_true, y_pred, from_logits=False, label_smoothing=0.0, axis=-1
):
    """Per-sample categorical cross-entropy with one-hot labels.

    Args:
        y_true: One-hot labels.
        y_pred: Predicted probabilities (or logits with `from_logits=True`).
        from_logits: Whether `y_pred` holds logits.
        label_smoothing: Float in `[0, 1]`; labels become
            `y * (1 - label_smoothing) + label_smoothing / num_classes`.
        axis: The class axis. Defaults to `-1`.

    Returns:
        The loss values, with `axis` reduced.

    Example:

    >>> keras.losses.categorical_crossentropy(
    ...     [[0.0, 1.0]], [[0.5, 0.5]]).shape
    (1,)
    """
    if isinstance(axis, bool):
        raise ValueError(
            f"`axis` has to be an integer index, not a bool; received "
            f"axis={axis!r}."
        )
    y_true, y_pred = _float_pair(y_true, y_pred)
    if y_pred.shape[-1] == 1:
        import warnings

        warnings.warn(
            "In loss categorical_crossentropy, expected y_pred.shape to be "
            "(batch_size, num_classes) with num_classes > 1. Received: "
            f"y_pred.shape={y_pred.shape}. Consider using "
            "'binary_crossentropy' if you only have 2 classes.",
            SyntaxWarning,
            stacklevel=2,
        )
    if label_smoothing:
        num_classes = ops.cast(ops.shape(y_true)[axis], y_pred.dtype)
        y_true = y_true * (1.0 - label_smoothing) + (
            label_smoothing / num_classes
        )
    return _categorical_crossentropy(y_true, y_pred, from_logits, axis)


@keras_export(
    [
        "keras.metrics.sparse_categorical_crossentropy",
        "keras.losses.sparse_categorical_crossentropy",
    ]
)
def sparse_categorical_crossentropy(
    y_true, y_pred, from_logits=False, ignore_class=None, axis=-1
):
    """Per-sample categorical cross-entropy with integer labels.

    Args:
        y_true: Integer labels, shape `(batch, ...)` or `(batch, ..., 1)`.
        y_pred: Predicted probabilities (or logits with `from_logits=True`),
            with a class axis.
        from_logits: Whether `y_pred` holds logits.
        ignore_class: Optional label value whose entries get a loss of 0.
        axis: The class axis. Defaults to `-1`.

    Returns:
        The loss values, with the class axis reduced.

    Example:

    >>> keras.losses.sparse_categorical_crossentropy(
    ...     [1], [[0.5, 0.5]]).shape
    (1,)
    """
    y_pred = ops.convert_to_tensor(y_pred)
    if not backend.is_float_dtype(y_pred.dtype):
        y_pred = ops.cast(y_pred, backend.floatx())
    y_true = ops.convert_to_tensor(y_true)
    if len(y_true.shape) == len(y_pred.shape) and y_true.shape[-1] == 1:
        y_true = ops.squeeze(y_true, axis=-1)
    y_true = ops.cast(y_true, "int32")
    valid_mask = None
    if ignore_class is not None:
        valid_mask = ops.not_equal(y_true, ignore_class)
        y_true = ops.where(valid_mask, y_true, ops.zeros_like(y_true))
    res = ops.sparse_categorical_crossentropy(
        y_true, y_pred, from_logits=from_logits, axis=axis
    )
    if valid_mask is not None:
        res = ops.where(valid_mask, res, ops.zeros_like(res))
    return res
