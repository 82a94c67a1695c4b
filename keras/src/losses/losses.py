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


_COMMON_ARGS_DOC = """reduction: How per-sample losses are combined: `"sum"`,
            `"sum_over_batch_size"` (default) or `"mean"` (the sum over
            the number of values), `"mean_with_sample_weight"` (the sum
            over the total weight), or `"none"`/`None` (kept as they
            are).
        name: Name of the loss instance.
        dtype: Dtype of the computation (default: floatx), or a
            `keras.DTypePolicy` whose compute dtype is used."""


def _fill_common_args(cls):
    """Class decorator: expands `{{common}}` in the docstring into the
    documentation of `reduction`, `name` and `dtype`."""
    cls.__doc__ = cls.__doc__.replace("{{common}}", _COMMON_ARGS_DOC)
    return cls


@keras_export("keras.losses.MeanSquaredError")
@_fill_common_args
class MeanSquaredError(_BuiltinLoss):
    """Mean of the squared differences between labels and predictions.

    Per sample: `mean(square(y_true - y_pred), axis=-1)`.

    Args:
        {{common}}

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
@_fill_common_args
class MeanAbsoluteError(_BuiltinLoss):
    """Mean of the absolute differences between labels and predictions.

    Per sample: `mean(abs(y_true - y_pred), axis=-1)`.

    Args:
        {{common}}

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
@_fill_common_args
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
        {{common}}

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
@_fill_common_args
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
        {{common}}

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
@_fill_common_args
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
        axis: The class axis of `y_pred`. Defaults to `-1`.
        {{common}}

    Example:

    >>> loss = keras.losses.SparseCategoricalCrossentropy()
    >>> round(float(loss([1], [[0.5, 0.5]])), 4)
    0.6931
    """

    _config_keys = ("from_logits", "ignore_class", "axis")

    def __init__(
        self,
        from_logits=False,
        ignore_class=None,
        reduction="sum_over_batch_size",
        axis=-1,
        name="sparse_categorical_crossentropy",
        dtype=None,
    ):
        options = {
            "from_logits": from_logits,
            "ignore_class": ignore_class,
            "axis": axis,
        }
        self._init_builtin(
            sparse_categorical_crossentropy, reduction, name, dtype, options
        )

    def _compute_mask(self, y_true, y_pred):
        if self.ignore_class is None:
            return None
        y_true = _without_label_axis(y_true, len(y_pred.shape))
        return ops.not_equal(y_true, ops.cast(self.ignore_class, y_true.dtype))


def _check_same_shape(y_true, y_pred):
    """Raises if two statically known shapes differ (no broadcasting)."""
    true_shape, pred_shape = tuple(y_true.shape), tuple(y_pred.shape)
    if len(true_shape) != len(pred_shape):
        mismatch = True
    else:
        mismatch = any(
            a is not None and b is not None and a != b
            for a, b in zip(true_shape, pred_shape)
        )
    if mismatch:
        raise ValueError(
            "The labels and the predictions must have the same shape; "
            f"received y_true.shape={true_shape} and "
            f"y_pred.shape={pred_shape}."
        )


def _float_predictions(y_pred):
    """`y_pred` as a tensor of a float dtype (floatx if it holds integers)."""
    y_pred = ops.convert_to_tensor(y_pred)
    if not backend.is_float_dtype(y_pred.dtype):
        y_pred = ops.cast(y_pred, backend.floatx())
    return y_pred


def _float_pair(y_true, y_pred, match_rank=True):
    """Labels and predictions as tensors of the predictions' float dtype.

    With `match_rank`, a trailing axis of size 1 that only one of the two
    has is then reconciled by `squeeze_or_expand_to_same_rank`.
    """
    y_pred = _float_predictions(y_pred)
    y_true = ops.cast(y_true, y_pred.dtype)
    if match_rank:
        y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    return y_true, y_pred


def _without_label_axis(labels, rank):
    """Integer `labels` as a tensor, without the trailing axis of size 1
    they may carry: it is dropped when `labels` has `rank` axes."""
    labels = ops.convert_to_tensor(labels)
    if len(labels.shape) == rank and labels.shape[-1] == 1:
        labels = ops.squeeze(labels, axis=-1)
    return labels


def _smooth_binary_labels(y_true, label_smoothing):
    """Pulls binary labels towards 0.5 by the fraction `label_smoothing`."""
    if label_smoothing:
        y_true = y_true * (1.0 - label_smoothing) + 0.5 * label_smoothing
    return y_true


def _smooth_one_hot_labels(y_true, label_smoothing, axis):
    """Pulls one-hot labels towards the uniform distribution over the
    classes of `axis` by the fraction `label_smoothing`."""
    if label_smoothing:
        num_classes = ops.cast(ops.shape(y_true)[axis], y_true.dtype)
        y_true = y_true * (1.0 - label_smoothing) + (
            label_smoothing / num_classes
        )
    return y_true


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
    y_true = _smooth_binary_labels(y_true, label_smoothing)
    _check_same_shape(y_true, y_pred)
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
    y_true, y_pred = _float_pair(y_true, y_pred, match_rank=False)
    _check_same_shape(y_true, y_pred)
    _warn_if_single_class(y_pred, axis, "categorical_crossentropy")
    y_true = _smooth_one_hot_labels(y_true, label_smoothing, axis)
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
    y_pred = _float_predictions(y_pred)
    y_true = _without_label_axis(y_true, len(y_pred.shape))
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


# --------------------------------------------------------------------------
# Regression, hinge, probabilistic, focal, overlap and metric-learning losses.
# --------------------------------------------------------------------------


@keras_export("keras.losses.MeanAbsolutePercentageError")
@_fill_common_args
class MeanAbsolutePercentageError(_BuiltinLoss):
    """Mean absolute error relative to the labels, in percent.

    Per sample: `100 * mean(abs((y_true - y_pred) / y_true), axis=-1)`,
    where `abs(y_true)` is kept at least `epsilon` to avoid a division by
    zero.

    Args:
        {{common}}

    Example:

    >>> mape = keras.losses.MeanAbsolutePercentageError()
    >>> float(mape([[2.0, 4.0]], [[3.0, 4.0]]))
    25.0
    """

    def __init__(
        self,
        reduction="sum_over_batch_size",
        name="mean_absolute_percentage_error",
        dtype=None,
    ):
        self._init_builtin(
            mean_absolute_percentage_error, reduction, name, dtype, {}
        )


@keras_export("keras.losses.MeanSquaredLogarithmicError")
@_fill_common_args
class MeanSquaredLogarithmicError(_BuiltinLoss):
    """Mean squared difference of `log(1 + x)` of labels and predictions.

    Per sample: `mean(square(log(1 + y_true) - log(1 + y_pred)), axis=-1)`,
    with negative values raised to `epsilon` first. It penalizes relative
    rather than absolute errors.

    Args:
        {{common}}

    Example:

    >>> msle = keras.losses.MeanSquaredLogarithmicError()
    >>> round(float(msle([[0.0, 1.0]], [[0.0, 1.0]])), 4)
    0.0
    """

    def __init__(
        self,
        reduction="sum_over_batch_size",
        name="mean_squared_logarithmic_error",
        dtype=None,
    ):
        self._init_builtin(
            mean_squared_logarithmic_error, reduction, name, dtype, {}
        )


@keras_export("keras.losses.CosineSimilarity")
@_fill_common_args
class CosineSimilarity(_BuiltinLoss):
    """Negated cosine similarity between labels and predictions.

    Per sample: `-sum(l2_normalize(y_true) * l2_normalize(y_pred), axis)`.
    The value lies in `[-1, 1]`: -1 when the vectors point the same way,
    0 when they are orthogonal, 1 when they are opposite. Minimizing it
    aligns the predictions with the labels. A zero vector gives 0.

    Args:
        axis: The axis along which the similarity is computed. Defaults
            to `-1`.
        {{common}}

    Example:

    >>> loss = keras.losses.CosineSimilarity()
    >>> float(loss([[0.0, 2.0]], [[0.0, 5.0]]))
    -1.0
    """

    _config_keys = ("axis",)

    def __init__(
        self,
        axis=-1,
        reduction="sum_over_batch_size",
        name="cosine_similarity",
        dtype=None,
    ):
        self._init_builtin(
            cosine_similarity, reduction, name, dtype, {"axis": axis}
        )


@keras_export("keras.losses.Huber")
@_fill_common_args
class Huber(_BuiltinLoss):
    """Huber loss: quadratic for small errors, linear for large ones.

    For each error `e = y_pred - y_true`: `0.5 * e**2` when
    `abs(e) <= delta`, else `delta * (abs(e) - 0.5 * delta)`; then averaged
    over the last axis. Less sensitive to outliers than the squared error.

    Args:
        delta: The error size where the loss turns from quadratic to
            linear. Defaults to `1.0`.
        {{common}}

    Example:

    >>> loss = keras.losses.Huber(delta=1.0)
    >>> float(loss([[0.0, 0.0]], [[0.5, 3.0]]))
    1.3125
    """

    _config_keys = ("delta",)

    def __init__(
        self,
        delta=1.0,
        reduction="sum_over_batch_size",
        name="huber_loss",
        dtype=None,
    ):
        self._init_builtin(huber, reduction, name, dtype, {"delta": delta})


@keras_export("keras.losses.LogCosh")
@_fill_common_args
class LogCosh(_BuiltinLoss):
    """`log(cosh(error))` of the prediction error, averaged per sample.

    Per sample: `mean(log(cosh(y_pred - y_true)), axis=-1)`. Close to
    `e**2 / 2` for small errors and to `abs(e) - log(2)` for large ones.

    Args:
        {{common}}

    Example:

    >>> loss = keras.losses.LogCosh()
    >>> float(loss([[1.0]], [[1.0]]))
    0.0
    """

    def __init__(
        self,
        reduction="sum_over_batch_size",
        name="log_cosh",
        dtype=None,
    ):
        self._init_builtin(log_cosh, reduction, name, dtype, {})


@keras_export("keras.losses.Hinge")
@_fill_common_args
class Hinge(_BuiltinLoss):
    """Hinge loss for binary classification with margin 1.

    Per sample: `mean(maximum(1 - y_true * y_pred, 0), axis=-1)`. Labels are
    expected in {-1, 1}; labels given as {0, 1} are converted.

    Args:
        {{common}}

    Example:

    >>> loss = keras.losses.Hinge()
    >>> round(float(loss([[1.0, 0.0]], [[0.5, -2.0]])), 4)
    0.25
    """

    def __init__(
        self,
        reduction="sum_over_batch_size",
        name="hinge",
        dtype=None,
    ):
        self._init_builtin(hinge, reduction, name, dtype, {})


@keras_export("keras.losses.SquaredHinge")
@_fill_common_args
class SquaredHinge(_BuiltinLoss):
    """Squared hinge loss.

    Per sample: `mean(square(maximum(1 - y_true * y_pred, 0)), axis=-1)`.
    Labels are expected in {-1, 1}; labels given as {0, 1} are converted.

    Args:
        {{common}}

    Example:

    >>> loss = keras.losses.SquaredHinge()
    >>> round(float(loss([[1.0, 0.0]], [[0.5, -2.0]])), 4)
    0.125
    """

    def __init__(
        self,
        reduction="sum_over_batch_size",
        name="squared_hinge",
        dtype=None,
    ):
        self._init_builtin(squared_hinge, reduction, name, dtype, {})


@keras_export("keras.losses.CategoricalHinge")
@_fill_common_args
class CategoricalHinge(_BuiltinLoss):
    """Multi-class hinge loss with one-hot labels.

    Per sample: `maximum(1 + best_wrong - right, 0)`, where `right` is the
    score of the true class (`sum(y_true * y_pred)`) and `best_wrong` the
    highest score among the other classes.

    Args:
        {{common}}

    Example:

    >>> loss = keras.losses.CategoricalHinge()
    >>> round(float(loss([[0.0, 1.0]], [[0.2, 0.9]])), 4)
    0.3
    """

    def __init__(
        self,
        reduction="sum_over_batch_size",
        name="categorical_hinge",
        dtype=None,
    ):
        self._init_builtin(categorical_hinge, reduction, name, dtype, {})


@keras_export("keras.losses.KLDivergence")
@_fill_common_args
class KLDivergence(_BuiltinLoss):
    """Kullback-Leibler divergence from the predictions to the labels.

    Per sample: `sum(y_true * log(y_true / y_pred), axis=-1)`, with both
    clipped to `[epsilon, 1]`.

    Args:
        {{common}}

    Example:

    >>> loss = keras.losses.KLDivergence()
    >>> float(loss([[0.5, 0.5]], [[0.5, 0.5]]))
    0.0
    """

    def __init__(
        self,
        reduction="sum_over_batch_size",
        name="kl_divergence",
        dtype=None,
    ):
        self._init_builtin(kl_divergence, reduction, name, dtype, {})


@keras_export("keras.losses.Poisson")
@_fill_common_args
class Poisson(_BuiltinLoss):
    """Poisson negative log-likelihood (up to a constant).

    Per sample: `mean(y_pred - y_true * log(y_pred + epsilon), axis=-1)`,
    for predicted rates `y_pred` of observed counts `y_true`.

    Args:
        {{common}}

    Example:

    >>> loss = keras.losses.Poisson()
    >>> round(float(loss([[1.0]], [[1.0]])), 4)
    1.0
    """

    def __init__(
        self,
        reduction="sum_over_batch_size",
        name="poisson",
        dtype=None,
    ):
        self._init_builtin(poisson, reduction, name, dtype, {})


@keras_export("keras.losses.BinaryFocalCrossentropy")
@_fill_common_args
class BinaryFocalCrossentropy(_BuiltinLoss):
    """Binary cross-entropy scaled down on well-classified examples.

    Each entry's cross-entropy is multiplied by `(1 - p_t) ** gamma`, where
    `p_t` is the probability given to the true label: confident correct
    predictions contribute little, so training focuses on hard examples
    (Lin et al., 2017, https://arxiv.org/abs/1708.02002). With `gamma=0`
    this is the plain binary cross-entropy.

    Args:
        apply_class_balancing: Whether to also weight positive entries by
            `alpha` and negative ones by `1 - alpha`.
        alpha: The weight of the positive class when
            `apply_class_balancing=True`. Defaults to `0.25`.
        gamma: The focusing exponent, `>= 0`. Defaults to `2.0`.
        from_logits: Whether `y_pred` holds logits rather than
            probabilities.
        label_smoothing: Float in `[0, 1]`; labels are pulled towards 0.5
            as in `BinaryCrossentropy`.
        axis: The axis the loss is averaged over. Defaults to `-1`.
        {{common}}

    Example:

    >>> loss = keras.losses.BinaryFocalCrossentropy(gamma=2.0)
    >>> round(float(loss([[1.0, 0.0]], [[0.9, 0.1]])), 6)
    0.001054
    """

    _config_keys = (
        "apply_class_balancing",
        "alpha",
        "gamma",
        "from_logits",
        "label_smoothing",
        "axis",
    )

    def __init__(
        self,
        apply_class_balancing=False,
        alpha=0.25,
        gamma=2.0,
        from_logits=False,
        label_smoothing=0.0,
        axis=-1,
        reduction="sum_over_batch_size",
        name="binary_focal_crossentropy",
        dtype=None,
    ):
        options = {
            "apply_class_balancing": apply_class_balancing,
            "alpha": alpha,
            "gamma": gamma,
            "from_logits": from_logits,
            "label_smoothing": label_smoothing,
            "axis": axis,
        }
        self._init_builtin(
            binary_focal_crossentropy, reduction, name, dtype, options
        )


@keras_export("keras.losses.CategoricalFocalCrossentropy")
@_fill_common_args
class CategoricalFocalCrossentropy(_BuiltinLoss):
    """Categorical cross-entropy scaled down on well-classified examples.

    Each class term `-y_true * log(p)` is multiplied by
    `alpha * (1 - p) ** gamma`, where `p` is the predicted probability of
    that class, which shifts the training towards hard examples (Lin et
    al., 2017). Labels are one-hot.

    Args:
        alpha: A constant weight of every class term. Defaults to `0.25`.
        gamma: The focusing exponent, `>= 0`. Defaults to `2.0`.
        from_logits: Whether `y_pred` holds logits rather than
            probabilities.
        label_smoothing: Float in `[0, 1]`; labels become
            `y * (1 - label_smoothing) + label_smoothing / num_classes`.
        axis: The class axis. Defaults to `-1`.
        {{common}}

    Example:

    >>> loss = keras.losses.CategoricalFocalCrossentropy()
    >>> round(float(loss([[0.0, 1.0]], [[0.5, 0.5]])), 6)
    0.043322
    """

    _config_keys = (
        "alpha",
        "gamma",
        "from_logits",
        "label_smoothing",
        "axis",
    )

    def __init__(
        self,
        alpha=0.25,
        gamma=2.0,
        from_logits=False,
        label_smoothing=0.0,
        axis=-1,
        reduction="sum_over_batch_size",
        name="categorical_focal_crossentropy",
        dtype=None,
    ):
        options = {
            "alpha": alpha,
            "gamma": gamma,
            "from_logits": from_logits,
            "label_smoothing": label_smoothing,
            "axis": axis,
        }
        self._init_builtin(
            categorical_focal_crossentropy, reduction, name, dtype, options
        )


@keras_export("keras.losses.CategoricalGeneralizedCrossEntropy")
@_fill_common_args
class CategoricalGeneralizedCrossEntropy(_BuiltinLoss):
    """Generalized cross-entropy, robust to noisy labels.

    For integer labels and predicted class probabilities, the loss of an
    example is `(1 - p_true ** q) / q`, where `p_true` is the probability
    predicted for its label (Zhang & Sabuncu, 2018,
    https://arxiv.org/abs/1805.07836). As `q` goes to 0 it approaches the
    cross-entropy; `q=1` gives `1 - p_true`, an MAE-like loss.

    Args:
        q: Float in `(0, 1]`, trading convergence speed (small `q`) for
            robustness to label noise (large `q`). Defaults to `0.5`.
        {{common}}

    Example:

    >>> loss = keras.losses.CategoricalGeneralizedCrossEntropy(q=0.5)
    >>> round(float(loss([1], [[0.75, 0.25]])), 4)
    1.0
    """

    _config_keys = ("q",)

    def __init__(
        self,
        q=0.5,
        reduction="sum_over_batch_size",
        name="categorical_generalized_cross_entropy",
        dtype=None,
    ):
        if not 0 < q <= 1:
            raise ValueError(
                "`q` must be a float in (0, 1]: small values behave like "
                "the cross-entropy, 1 like the mean absolute error. "
                f"Received: q={q!r}"
            )
        self._init_builtin(
            categorical_generalized_cross_entropy,
            reduction,
            name,
            dtype,
            {"q": q},
        )


@keras_export("keras.losses.Dice")
@_fill_common_args
class Dice(_BuiltinLoss):
    """Dice loss: one minus the Dice coefficient of labels and predictions.

    `1 - 2 * sum(y_true * y_pred) / (sum(y_true) + sum(y_pred))`, the sums
    running over `axis` (all axes by default). Common for segmentation,
    where it measures the overlap of predicted and true masks.

    Args:
        axis: Axis or tuple of axes summed over; `None` (default) sums
            over everything, giving one value for the whole batch. Use
            e.g. `axis=(1, 2, 3)` for one value per image.
        {{common}}

    Example:

    >>> loss = keras.losses.Dice()
    >>> round(float(loss([[1.0, 0.0]], [[1.0, 1.0]])), 4)
    0.3333
    """

    _config_keys = ("axis",)

    def __init__(
        self,
        reduction="sum_over_batch_size",
        name="dice",
        axis=None,
        dtype=None,
    ):
        self._init_builtin(dice, reduction, name, dtype, {"axis": axis})


@keras_export("keras.losses.Tversky")
@_fill_common_args
class Tversky(_BuiltinLoss):
    """Tversky loss, a Dice loss with separate weights for the two errors.

    `1 - TP / (TP + alpha * FP + beta * FN)`, where
    `TP = sum(y_true * y_pred)`, `FN = sum(y_true * (1 - y_pred))` and
    `FP = sum((1 - y_true) * y_pred)`, summed over `axis`. With
    `alpha = beta = 0.5` it equals the Dice loss; a larger `beta`
    penalizes missed positives more.

    Args:
        alpha: Weight of the false positives. Defaults to `0.5`.
        beta: Weight of the false negatives. Defaults to `0.5`.
        axis: Axis or tuple of axes summed over; `None` (default) sums
            over everything.
        {{common}}

    Example:

    >>> loss = keras.losses.Tversky(alpha=0.5, beta=0.5)
    >>> round(float(loss([[1.0, 0.0]], [[1.0, 1.0]])), 4)
    0.3333
    """

    _config_keys = ("alpha", "beta", "axis")

    def __init__(
        self,
        alpha=0.5,
        beta=0.5,
        reduction="sum_over_batch_size",
        name="tversky",
        axis=None,
        dtype=None,
    ):
        options = {"alpha": alpha, "beta": beta, "axis": axis}
        self._init_builtin(tversky, reduction, name, dtype, options)


@keras_export("keras.losses.CTC")
@_fill_common_args
class CTC(_BuiltinLoss):
    """Connectionist Temporal Classification loss, for sequence labelling
    without a known alignment (speech or handwriting recognition).

    `y_true` holds integer label sequences of shape `(batch, max_length)`,
    padded with 0; class 0 is the CTC blank. `y_pred` holds logits of shape
    `(batch, time_steps, num_classes)`. The loss of a sequence is the
    negative log-probability of all the alignments that reduce to its
    labels.

    Args:
        {{common}}

    Example:

    ```python
    logits = keras.random.normal((2, 10, 5))
    labels = keras.ops.convert_to_tensor([[1, 2, 3], [4, 4, 0]])
    keras.losses.CTC()(labels, logits)
    ```
    """

    def __init__(
        self,
        reduction="sum_over_batch_size",
        name="ctc",
        dtype=None,
    ):
        self._init_builtin(ctc, reduction, name, dtype, {})


@keras_export("keras.losses.Circle")
@_fill_common_args
class Circle(_BuiltinLoss):
    """Circle loss for metric learning (Sun et al., 2020,
    https://arxiv.org/abs/2002.10857).

    `y_true` holds integer class labels of shape `(batch,)` and `y_pred`
    embeddings of shape `(batch, dim)`; the embeddings are L2-normalized
    and compared by cosine similarity. For each anchor, pairs with the same
    label are pushed towards similarity `1 - margin` and pairs with another
    label towards `margin`, each pair weighted by how far it is from its
    optimum; `gamma` scales the similarities.

    Args:
        gamma: Scale factor of the similarities. Defaults to `80.0`.
        margin: The relaxation margin. Defaults to `0.4`.
        remove_diagonal: Whether an embedding is left out of its own
            positive pairs. Defaults to `True`.
        {{common}}

    Example:

    ```python
    embeddings = keras.random.normal((8, 16))
    labels = keras.ops.convert_to_tensor([0, 0, 1, 1, 2, 2, 3, 3])
    keras.losses.Circle()(labels, embeddings)
    ```
    """

    _config_keys = ("gamma", "margin", "remove_diagonal")

    def __init__(
        self,
        gamma=80.0,
        margin=0.4,
        remove_diagonal=True,
        reduction="sum_over_batch_size",
        name="circle",
        dtype=None,
    ):
        options = {
            "gamma": gamma,
            "margin": margin,
            "remove_diagonal": remove_diagonal,
        }
        self._init_builtin(circle, reduction, name, dtype, options)

    def _compute_mask(self, y_true, y_pred):
        # Anchors without any positive pair have no loss; they are left
        # out of the averages rather than counted as zeros.
        labels = _without_label_axis(y_true, 2)
        positive, _ = _positive_negative_masks(
            labels, labels, self.remove_diagonal
        )
        return ops.any(positive, axis=1)


# ------------------------------------------------------------- functions
def _metric_and_loss_names(name, *aliases):
    """Export names of a function available under both `keras.losses` and
    `keras.metrics`."""
    names = []
    for module in ("metrics", "losses"):
        for n in (name,) + aliases:
            names.append(f"keras.{module}.{n}")
    return names


@keras_export(
    _metric_and_loss_names("mean_absolute_percentage_error", "mape", "MAPE")
)
def mean_absolute_percentage_error(y_true, y_pred):
    """Per-sample mean absolute percentage error.

    `100 * mean(abs((y_true - y_pred) / y_true), axis=-1)`; `abs(y_true)` is
    kept at least `epsilon`.

    Args:
        y_true: Labels, shape `(batch, d0, ..., dN)`.
        y_pred: Predictions, same shape.

    Returns:
        A tensor of shape `(batch, d0, ..., dN-1)`.

    Example:

    >>> keras.losses.mean_absolute_percentage_error(
    ...     [[2.0, 4.0]], [[3.0, 4.0]]).tolist()
    [25.0]
    """
    y_true, y_pred = _float_pair(y_true, y_pred)
    scale = ops.maximum(ops.absolute(y_true), backend.epsilon())
    return 100.0 * ops.mean(ops.absolute(y_true - y_pred) / scale, axis=-1)


@keras_export(
    _metric_and_loss_names("mean_squared_logarithmic_error", "msle", "MSLE")
)
def mean_squared_logarithmic_error(y_true, y_pred):
    """Per-sample mean squared logarithmic error.

    `mean(square(log(1 + y_true) - log(1 + y_pred)), axis=-1)`, with values
    below `epsilon` raised to `epsilon` first.

    Args:
        y_true: Labels, shape `(batch, d0, ..., dN)`.
        y_pred: Predictions, same shape.

    Returns:
        A tensor of shape `(batch, d0, ..., dN-1)`.

    Example:

    >>> keras.losses.mean_squared_logarithmic_error(
    ...     [[1.0, 3.0]], [[1.0, 3.0]]).tolist()
    [0.0]
    """
    y_true, y_pred = _float_pair(y_true, y_pred)
    epsilon = backend.epsilon()
    log_true = ops.log1p(ops.maximum(y_true, epsilon))
    log_pred = ops.log1p(ops.maximum(y_pred, epsilon))
    return ops.mean(ops.square(log_true - log_pred), axis=-1)


def _l2_normalize(x, axis):
    squared = ops.sum(ops.square(x), axis=axis, keepdims=True)
    return x * ops.rsqrt(ops.maximum(squared, 1e-12))


@keras_export("keras.losses.cosine_similarity")
def cosine_similarity(y_true, y_pred, axis=-1):
    """Per-sample negated cosine similarity.

    `-sum(l2_normalize(y_true) * l2_normalize(y_pred), axis)`: -1 for
    vectors pointing the same way, 1 for opposite ones.

    Args:
        y_true: Labels.
        y_pred: Predictions, same shape.
        axis: The axis along which the similarity is computed.

    Returns:
        The loss values, with `axis` reduced.

    Example:

    >>> keras.losses.cosine_similarity([[1.0, 0.0]], [[-3.0, 0.0]]).tolist()
    [1.0]
    """
    y_true, y_pred = _float_pair(y_true, y_pred)
    y_true = _l2_normalize(y_true, axis)
    y_pred = _l2_normalize(y_pred, axis)
    return -ops.sum(y_true * y_pred, axis=axis)


@keras_export(["keras.losses.huber", "keras.metrics.huber"])
def huber(y_true, y_pred, delta=1.0):
    """Per-sample Huber loss, averaged over the last axis.

    Each error `e = y_pred - y_true` contributes `0.5 * e**2` when
    `abs(e) <= delta` and `delta * (abs(e) - 0.5 * delta)` otherwise.

    Args:
        y_true: Labels, shape `(batch, d0, ..., dN)`.
        y_pred: Predictions, same shape.
        delta: Where the loss turns from quadratic to linear.

    Returns:
        A tensor of shape `(batch, d0, ..., dN-1)`.

    Example:

    >>> keras.losses.huber([[0.0, 0.0]], [[0.5, 3.0]]).tolist()
    [1.3125]
    """
    y_true, y_pred = _float_pair(y_true, y_pred)
    delta = ops.convert_to_tensor(delta, dtype=y_pred.dtype)
    error = ops.absolute(y_pred - y_true)
    small = ops.minimum(error, delta)
    # Quadratic up to `delta`, then linear in the remainder.
    return ops.mean(0.5 * ops.square(small) + delta * (error - small), axis=-1)


@keras_export(
    [
        "keras.losses.log_cosh",
        "keras.losses.logcosh",
        "keras.metrics.log_cosh",
        "keras.metrics.logcosh",
    ]
)
def log_cosh(y_true, y_pred):
    """Per-sample mean of `log(cosh(y_pred - y_true))` over the last axis.

    Computed as `x + softplus(-2x) - log(2)`, which does not overflow for
    large errors.

    Args:
        y_true: Labels, shape `(batch, d0, ..., dN)`.
        y_pred: Predictions, same shape.

    Returns:
        A tensor of shape `(batch, d0, ..., dN-1)`.

    Example:

    >>> keras.losses.log_cosh([[0.0]], [[0.0]]).tolist()
    [0.0]
    """
    y_true, y_pred = _float_pair(y_true, y_pred)
    error = y_pred - y_true
    log2 = ops.convert_to_tensor(0.6931471805599453, dtype=y_pred.dtype)
    return ops.mean(
        error + ops.softplus(-2.0 * error) - log2,
        axis=-1,
    )


def _to_signed_labels(y_true):
    """Maps labels given as {0, 1} to {-1, 1}; other labels are kept."""
    is_binary = ops.all(
        ops.logical_or(ops.equal(y_true, 0), ops.equal(y_true, 1))
    )
    return ops.where(is_binary, 2.0 * y_true - 1.0, y_true)


@keras_export(["keras.losses.hinge", "keras.metrics.hinge"])
def hinge(y_true, y_pred):
    """Per-sample hinge loss: `mean(maximum(1 - y_true * y_pred, 0), -1)`.

    Args:
        y_true: Labels in {-1, 1} (or {0, 1}, converted).
        y_pred: Predicted scores, same shape.

    Returns:
        A tensor with the last axis reduced.

    Example:

    >>> keras.losses.hinge([[1.0, -1.0]], [[2.0, 0.5]]).tolist()
    [0.75]
    """
    y_true, y_pred = _float_pair(y_true, y_pred)
    y_true = _to_signed_labels(y_true)
    return ops.mean(ops.maximum(1.0 - y_true * y_pred, 0.0), axis=-1)


@keras_export(["keras.losses.squared_hinge", "keras.metrics.squared_hinge"])
def squared_hinge(y_true, y_pred):
    """Per-sample squared hinge loss.

    `mean(square(maximum(1 - y_true * y_pred, 0)), axis=-1)`.

    Args:
        y_true: Labels in {-1, 1} (or {0, 1}, converted).
        y_pred: Predicted scores, same shape.

    Returns:
        A tensor with the last axis reduced.

    Example:

    >>> keras.losses.squared_hinge([[1.0, -1.0]], [[2.0, 0.5]]).tolist()
    [1.125]
    """
    y_true, y_pred = _float_pair(y_true, y_pred)
    y_true = _to_signed_labels(y_true)
    margin = ops.maximum(1.0 - y_true * y_pred, 0.0)
    return ops.mean(ops.square(margin), axis=-1)


@keras_export(
    ["keras.losses.categorical_hinge", "keras.metrics.categorical_hinge"]
)
def categorical_hinge(y_true, y_pred):
    """Per-sample categorical hinge loss with one-hot labels.

    `maximum(1 + max((1 - y_true) * y_pred) - sum(y_true * y_pred), 0)`.

    Args:
        y_true: One-hot labels.
        y_pred: Predicted scores, same shape.

    Returns:
        A tensor with the last axis reduced.

    Example:

    >>> keras.losses.categorical_hinge([[0.0, 1.0]], [[0.5, 2.0]]).tolist()
    [0.0]
    """
    y_true, y_pred = _float_pair(y_true, y_pred)
    right = ops.sum(y_true * y_pred, axis=-1)
    best_wrong = ops.max((1.0 - y_true) * y_pred, axis=-1)
    return ops.maximum(best_wrong - right + 1.0, 0.0)


@keras_export(
    _metric_and_loss_names(
        "kl_divergence", "kld", "KLD", "kullback_leibler_divergence"
    )
)
def kl_divergence(y_true, y_pred):
    """Per-sample Kullback-Leibler divergence.

    `sum(y_true * log(y_true / y_pred), axis=-1)`, with both arguments
    clipped to `[epsilon, 1]`.

    Args:
        y_true: Target distributions.
        y_pred: Predicted distributions, same shape.

    Returns:
        A tensor with the last axis reduced.

    Example:

    >>> keras.losses.kl_divergence([[0.5, 0.5]], [[0.5, 0.5]]).tolist()
    [0.0]
    """
    y_true, y_pred = _float_pair(y_true, y_pred)
    epsilon = backend.epsilon()
    y_true = ops.clip(y_true, epsilon, 1.0)
    y_pred = ops.clip(y_pred, epsilon, 1.0)
    return ops.sum(y_true * ops.log(y_true / y_pred), axis=-1)


@keras_export(["keras.losses.poisson", "keras.metrics.poisson"])
def poisson(y_true, y_pred):
    """Per-sample Poisson loss: `mean(y_pred - y_true * log(y_pred + eps))`.

    Args:
        y_true: Observed counts.
        y_pred: Predicted rates, same shape.

    Returns:
        A tensor with the last axis reduced.

    Example:

    >>> round(keras.losses.poisson([[0.0]], [[2.0]]).tolist()[0], 4)
    2.0
    """
    y_true, y_pred = _float_pair(y_true, y_pred)
    log_rate = ops.log(y_pred + backend.epsilon())
    return ops.mean(y_pred - y_true * log_rate, axis=-1)


@keras_export(
    [
        "keras.losses.binary_focal_crossentropy",
        "keras.metrics.binary_focal_crossentropy",
    ]
)
def binary_focal_crossentropy(
    y_true,
    y_pred,
    apply_class_balancing=False,
    alpha=0.25,
    gamma=2.0,
    from_logits=False,
    label_smoothing=0.0,
    axis=-1,
):
    """Per-sample binary focal cross-entropy, averaged over `axis`.

    Each entry's binary cross-entropy is scaled by `(1 - p_t) ** gamma`,
    with `p_t` the probability of the true label, and, with
    `apply_class_balancing`, by `alpha` (positives) or `1 - alpha`
    (negatives).

    Args:
        y_true: Binary labels.
        y_pred: Predicted probabilities (or logits with `from_logits=True`).
        apply_class_balancing: Whether to weight the classes by `alpha`.
        alpha: Weight of the positive class when balancing.
        gamma: The focusing exponent.
        from_logits: Whether `y_pred` holds logits.
        label_smoothing: Float in `[0, 1]`, pulls labels towards 0.5.
        axis: The axis to average over.

    Returns:
        The loss values, with `axis` reduced.

    Example:

    >>> keras.losses.binary_focal_crossentropy(
    ...     [[1.0, 0.0]], [[0.9, 0.1]]).shape
    (1,)
    """
    y_true, y_pred = _float_pair(y_true, y_pred)
    y_true = _smooth_binary_labels(y_true, label_smoothing)
    bce = _binary_crossentropy_elementwise(y_true, y_pred, from_logits)
    prob = ops.sigmoid(y_pred) if from_logits else y_pred
    p_true = y_true * prob + (1.0 - y_true) * (1.0 - prob)
    loss = ops.power(1.0 - p_true, gamma) * bce
    if apply_class_balancing:
        loss = (y_true * alpha + (1.0 - y_true) * (1.0 - alpha)) * loss
    return ops.mean(loss, axis=axis)


@keras_export(
    [
        "keras.losses.categorical_focal_crossentropy",
        "keras.metrics.categorical_focal_crossentropy",
    ]
)
def categorical_focal_crossentropy(
    y_true,
    y_pred,
    alpha=0.25,
    gamma=2.0,
    from_logits=False,
    label_smoothing=0.0,
    axis=-1,
):
    """Per-sample categorical focal cross-entropy with one-hot labels.

    `sum(-alpha * (1 - p) ** gamma * y_true * log(p), axis)`, where `p` is
    `y_pred` normalized to sum to 1 (or its softmax with
    `from_logits=True`).

    Args:
        y_true: One-hot labels.
        y_pred: Predicted probabilities (or logits with `from_logits=True`).
        alpha: Constant weight of the class terms.
        gamma: The focusing exponent.
        from_logits: Whether `y_pred` holds logits.
        label_smoothing: Float in `[0, 1]`; labels become
            `y * (1 - label_smoothing) + label_smoothing / num_classes`.
        axis: The class axis.

    Returns:
        The loss values, with `axis` reduced.

    Example:

    >>> keras.losses.categorical_focal_crossentropy(
    ...     [[0.0, 1.0]], [[0.5, 0.5]]).shape
    (1,)
    """
    y_true, y_pred = _float_pair(y_true, y_pred, match_rank=False)
    _check_same_shape(y_true, y_pred)
    _warn_if_single_class(y_pred, axis, "categorical_focal_crossentropy")
    y_true = _smooth_one_hot_labels(y_true, label_smoothing, axis)
    if from_logits:
        y_pred = ops.softmax(y_pred, axis=axis)
    y_pred = y_pred / ops.sum(y_pred, axis=axis, keepdims=True)
    epsilon = backend.epsilon()
    y_pred = ops.clip(y_pred, epsilon, 1.0 - epsilon)
    weight = alpha * ops.power(1.0 - y_pred, gamma)
    return ops.sum(-weight * y_true * ops.log(y_pred), axis=axis)


def _warn_if_single_class(y_pred, axis, loss_name):
    """Warns (`SyntaxWarning`) when the class axis of a categorical loss's
    predictions has size 1, which is almost always a binary problem."""
    if y_pred.shape[axis] == 1:
        import warnings

        warnings.warn(
            f"In loss {loss_name}, expected y_pred.shape to be "
            "(batch_size, num_classes) with num_classes > 1. Received: "
            f"y_pred.shape={y_pred.shape}. Consider using "
            "'binary_crossentropy' if you only have 2 classes.",
            SyntaxWarning,
            stacklevel=3,
        )


@keras_export(
    [
        "keras.losses.categorical_generalized_cross_entropy",
        "keras.metrics.categorical_generalized_cross_entropy",
    ]
)
def categorical_generalized_cross_entropy(y_true, y_pred, q):
    """Per-sample generalized cross-entropy: `(1 - p_true ** q) / q`.

    Args:
        y_true: Integer labels, shape `(batch, ...)`.
        y_pred: Predicted class probabilities, shape `(batch, ..., classes)`.
        q: Float in `(0, 1]`.

    Returns:
        A tensor of the shape of `y_true`.

    Example:

    >>> keras.losses.categorical_generalized_cross_entropy(
    ...     [0], [[0.25, 0.75]], q=0.5).tolist()
    [1.0]
    """
    y_pred = _float_predictions(y_pred)
    y_true = _without_label_axis(y_true, len(y_pred.shape))
    index = ops.expand_dims(ops.cast(y_true, "int32"), axis=-1)
    p_true = ops.squeeze(ops.take_along_axis(y_pred, index, axis=-1), -1)
    return (1.0 - ops.power(p_true, q)) / q


@keras_export("keras.losses.dice")
def dice(y_true, y_pred, axis=None):
    """Dice loss: `1 - 2 * sum(y_true * y_pred) / (sum(y_true) +
    sum(y_pred))`, the sums running over `axis`.

    Args:
        y_true: Labels (usually binary masks).
        y_pred: Predictions, same shape.
        axis: Axis or axes to sum over; `None` sums over everything.

    Returns:
        The loss, with `axis` reduced (a scalar for `axis=None`).

    Example:

    >>> round(float(keras.losses.dice([[1.0, 0.0]], [[1.0, 1.0]])), 4)
    0.3333
    """
    y_true, y_pred = _float_pair(y_true, y_pred)
    overlap = ops.sum(y_true * y_pred, axis=axis)
    total = ops.sum(y_true, axis=axis) + ops.sum(y_pred, axis=axis)
    return 1.0 - ops.divide(2.0 * overlap, total)


@keras_export("keras.losses.tversky")
def tversky(y_true, y_pred, alpha=0.5, beta=0.5, axis=None):
    """Tversky loss: `1 - TP / (TP + alpha * FP + beta * FN)`.

    `TP = sum(y_true * y_pred)`, `FN = sum(y_true * (1 - y_pred))` and
    `FP = sum((1 - y_true) * y_pred)`, summed over `axis`.

    Args:
        y_true: Labels (usually binary masks).
        y_pred: Predictions, same shape.
        alpha: Weight of the false positives.
        beta: Weight of the false negatives.
        axis: Axis or axes to sum over; `None` sums over everything.

    Returns:
        The loss, with `axis` reduced (a scalar for `axis=None`).

    Example:

    >>> round(float(keras.losses.tversky([[1.0, 0.0]], [[1.0, 1.0]])), 4)
    0.3333
    """
    y_true, y_pred = _float_pair(y_true, y_pred)
    true_pos = ops.sum(y_true * y_pred, axis=axis)
    false_neg = ops.sum(y_true * (1.0 - y_pred), axis=axis)
    false_pos = ops.sum((1.0 - y_true) * y_pred, axis=axis)
    denominator = true_pos + alpha * false_pos + beta * false_neg
    return 1.0 - ops.divide(true_pos, denominator)


def _ctc_negative_log_likelihood(
    labels, log_probs, label_lengths, logit_lengths, blank
):
    """CTC loss of each sequence from per-step log-probabilities.

    `labels`: int `(batch, max_label)`; `log_probs`: `(batch, time,
    classes)`. A forward pass over the "extended" label sequence
    (blank, l1, blank, l2, ..., blank), computed in log space.
    """
    batch, max_label = labels.shape[0], labels.shape[1]
    steps = log_probs.shape[1]
    states = 2 * max_label + 1
    dtype = log_probs.dtype
    very_negative = ops.convert_to_tensor(-1e30, dtype=dtype)

    # Extended labels: blanks at even positions, labels at odd ones.
    blanks = ops.full((batch, max_label + 1), blank, dtype="int32")
    interleaved = ops.stack(
        [blanks[:, :-1], ops.cast(labels, "int32")], axis=-1
    )
    extended = ops.concatenate(
        [ops.reshape(interleaved, (batch, 2 * max_label)), blanks[:, -1:]],
        axis=1,
    )
    # A state may also be entered from two states back when it holds a
    # label differing from the label two positions earlier.
    previous_two = ops.concatenate(
        [ops.full((batch, 2), -1, dtype="int32"), extended[:, :-2]], axis=1
    )
    is_label = ops.equal(ops.arange(states) % 2, 1)
    can_skip = ops.logical_and(
        ops.expand_dims(is_label, 0), ops.not_equal(extended, previous_two)
    )
    # (time, batch, states): the log-probability of each state's symbol.
    emissions = ops.take_along_axis(
        log_probs,
        ops.broadcast_to(ops.expand_dims(extended, 1), (batch, steps, states)),
        axis=2,
    )
    emissions = ops.transpose(emissions, (1, 0, 2))

    positions = ops.arange(states)
    start = ops.where(
        ops.expand_dims(positions < 2, 0), emissions[0], very_negative
    )

    def shift(alpha, by):
        pad = ops.full((batch, by), very_negative, dtype=dtype)
        return ops.concatenate([pad, alpha[:, :-by]], axis=1)

    def step(alpha, inputs):
        emission, t = inputs
        stay = alpha
        advance = shift(alpha, 1)
        skip = ops.where(can_skip, shift(alpha, 2), very_negative)
        new_alpha = (
            ops.logsumexp(ops.stack([stay, advance, skip], axis=0), axis=0)
            + emission
        )
        active = ops.expand_dims(t < logit_lengths, -1)
        new_alpha = ops.where(active, new_alpha, alpha)
        return new_alpha, None

    times = ops.arange(1, steps, dtype="int32")
    final, _ = ops.scan(step, start, (emissions[1:], times))
    last = ops.expand_dims(2 * label_lengths, -1)
    end_blank = ops.take_along_axis(final, last, axis=1)
    end_label = ops.take_along_axis(final, ops.maximum(last - 1, 0), axis=1)
    end_label = ops.where(last > 0, end_label, very_negative)
    total = ops.logsumexp(ops.concatenate([end_blank, end_label], 1), axis=1)
    return -total


@keras_export("keras.losses.ctc")
def ctc(y_true, y_pred):
    """Per-sequence CTC loss.

    Args:
        y_true: Integer labels of shape `(batch, max_length)`, padded with
            0 (the blank class); a sequence's length is its number of
            non-zero labels.
        y_pred: Logits of shape `(batch, time_steps, num_classes)`.

    Returns:
        A tensor of shape `(batch,)`: the negative log-likelihood of each
        label sequence.

    Example:

    ```python
    logits = keras.random.normal((2, 10, 5))
    keras.losses.ctc([[1, 2, 3], [4, 4, 0]], logits)
    ```
    """
    if len(ops.shape(y_true)) != 2:
        raise ValueError(
            "CTC labels must be of shape (batch, max_length). Received: "
            f"y_true.shape={ops.shape(y_true)}"
        )
    if len(ops.shape(y_pred)) != 3:
        raise ValueError(
            "CTC predictions must be logits of shape (batch, time_steps, "
            f"num_classes). Received: y_pred.shape={ops.shape(y_pred)}"
        )
    y_pred = _float_predictions(y_pred)
    labels = ops.cast(y_true, "int32")
    batch, steps = ops.shape(y_pred)[0], ops.shape(y_pred)[1]
    label_lengths = ops.sum(ops.cast(ops.not_equal(labels, 0), "int32"), -1)
    logit_lengths = ops.full((batch,), steps, dtype="int32")
    compute_dtype = y_pred.dtype
    log_probs = ops.log_softmax(ops.cast(y_pred, "float32"), axis=-1)
    loss = _ctc_negative_log_likelihood(
        labels, log_probs, label_lengths, logit_lengths, blank=0
    )
    return ops.cast(loss, compute_dtype)


def _positive_negative_masks(labels, ref_labels, remove_diagonal):
    same = ops.equal(ops.expand_dims(labels, 1), ops.expand_dims(ref_labels, 0))
    positive = same
    if remove_diagonal:
        rows, cols = ops.shape(same)
        off_diagonal = ops.logical_not(ops.eye(rows, cols, dtype="bool"))
        positive = ops.logical_and(positive, off_diagonal)
    return positive, ops.logical_not(same)


@keras_export("keras.losses.circle")
def circle(
    y_true,
    y_pred,
    ref_labels=None,
    ref_embeddings=None,
    remove_diagonal=True,
    gamma=80,
    margin=0.4,
):
    """Per-anchor circle loss.

    Args:
        y_true: Integer labels of shape `(batch,)`.
        y_pred: Embeddings of shape `(batch, dim)`.
        ref_labels: Labels of the reference embeddings that the anchors
            are compared with; defaults to `y_true`.
        ref_embeddings: The reference embeddings, `(num_refs, dim)`;
            defaults to `y_pred`.
        remove_diagonal: Whether an anchor's pair with itself (same index)
            is left out of its positive pairs.
        gamma: Scale factor of the similarities.
        margin: The relaxation margin.

    Returns:
        A tensor of shape `(batch,)`; anchors without positive pairs have a
        loss of 0.

    Example:

    ```python
    embeddings = keras.random.normal((4, 8))
    keras.losses.circle([0, 0, 1, 1], embeddings)
    ```
    """
    y_pred = _float_predictions(y_pred)
    dtype = y_pred.dtype
    labels = _without_label_axis(y_true, 2)
    anchors = _l2_normalize(y_pred, -1)
    if ref_embeddings is None:
        refs = anchors
    else:
        refs = _l2_normalize(ops.cast(ref_embeddings, dtype), -1)
    if ref_labels is None:
        ref_labels = labels
    else:
        ref_labels = _without_label_axis(ref_labels, 2)
    positive, negative = _positive_negative_masks(
        ops.cast(labels, "int32"),
        ops.cast(ref_labels, "int32"),
        remove_diagonal,
    )
    # Cosine distances (1 - similarity), at least 0.
    distances = ops.maximum(1.0 - ops.matmul(anchors, ops.transpose(refs)), 0)
    # Positive pairs aim at distance 0 (similarity 1); each is weighted by
    # its distance from the optimum, `margin` included.
    positive_logits = (
        gamma * ops.maximum(distances + margin, 0.0) * (distances - margin)
    )
    # Negative pairs aim at distance 1 + margin.
    negative_logits = (
        gamma
        * ops.maximum(1.0 + margin - distances, 0.0)
        * (1.0 - margin - distances)
    )
    very_negative = ops.convert_to_tensor(-1e30, dtype=dtype)
    positive_term = ops.logsumexp(
        ops.where(positive, positive_logits, very_negative), axis=1
    )
    negative_term = ops.logsumexp(
        ops.where(negative, negative_logits, very_negative), axis=1
    )
    loss = ops.softplus(positive_term + negative_term)
    has_positive = ops.any(positive, axis=1)
    return ops.where(has_positive, loss, ops.zeros_like(loss))
