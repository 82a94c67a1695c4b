"""The `Loss` base class and the reduction helpers shared by losses/metrics."""

import numpy as np

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.utils.naming import auto_name

_REDUCTIONS = (
    "sum",
    "sum_over_batch_size",
    "mean",
    "mean_with_sample_weight",
    None,
    "none",
)


@keras_export(["keras.Loss", "keras.losses.Loss"])
class Loss:
    """Base class of the losses.

    `__call__(y_true, y_pred, sample_weight=None)` converts the inputs to
    `dtype`, calls `call(y_true, y_pred)` for the per-sample losses, weights
    them with `sample_weight` and aggregates them according to `reduction`.
    Subclasses implement `call`.

    Args:
        name: Optional name; defaults to the snake-case class name.
        reduction: How the per-sample losses are aggregated: `"sum"`,
            `"sum_over_batch_size"` (default) or `"mean"` (sum divided by
            the number of loss values), `"mean_with_sample_weight"` (sum
            divided by the sum of the weights), or `"none"`/`None` (no
            aggregation).
        dtype: Dtype of the computation (default: floatx), or a
            `keras.DTypePolicy` whose compute dtype is used.

    Example:

    ```python
    class MeanSquaredError(keras.losses.Loss):
        def call(self, y_true, y_pred):
            return keras.ops.mean(keras.ops.square(y_pred - y_true), axis=-1)
    ```
    """

    def __init__(self, name=None, reduction="sum_over_batch_size", dtype=None):
        self.name = name or auto_name(self.__class__.__name__)
        self.reduction = standardize_reduction(reduction)
        self._dtype_arg = dtype
        self._dtype = resolve_compute_dtype(dtype)

    @property
    def dtype(self):
        return self._dtype

    def __call__(self, y_true, y_pred, sample_weight=None):
        """Computes the (weighted, reduced) loss.

        Args:
            y_true: Ground truth values.
            y_pred: The predicted values.
            sample_weight: Optional weights: a scalar, or a tensor of shape
                `(batch_size,)` (one weight per sample) or broadcastable to
                the per-sample losses.

        Returns:
            The loss: a scalar unless `reduction` is `"none"`.
        """
        dtype = self.dtype
        # A Keras mask travels as an attribute of the prediction tensor
        # (set by masking layers); read it before any conversion drops it.
        input_mask = _keras_mask_of(y_pred)
        y_pred = convert_structure_to_tensors(y_pred, dtype)
        y_true = convert_structure_to_tensors(y_true, dtype)
        mask = _merge_masks(input_mask, self._compute_mask(y_true, y_pred))
        losses = self.call(y_true, y_pred)
        return reduce_weighted_values(
            losses,
            sample_weight=sample_weight,
            mask=mask,
            reduction=self.reduction,
            dtype=dtype,
        )

    def _compute_mask(self, y_true, y_pred):
        return None

    def call(self, y_true, y_pred):
        raise NotImplementedError

    def get_config(self):
        config = {"name": self.name, "reduction": self.reduction}
        if self._dtype_arg is not None:
            dtype = self._dtype_arg
            if not isinstance(dtype, str) and hasattr(dtype, "get_config"):
                from keras.src.saving import serialization_lib

                dtype = serialization_lib.serialize_keras_object(dtype)
            config["dtype"] = dtype
        return config

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def _obj_type(self):
        return "Loss"


def _keras_mask_of(x):
    if isinstance(x, (list, tuple, dict)):
        return None
    # Under `jit`, tracers keep their mask in a side table, not as an
    # attribute: `get_keras_mask` reads both.
    return backend.get_keras_mask(x)


def _merge_masks(first, second):
    if first is None:
        return second
    if second is None:
        return first
    first = ops.convert_to_tensor(first, dtype="bool")
    second = ops.convert_to_tensor(second, dtype="bool")
    first, second = squeeze_or_expand_to_same_rank(first, second)
    return ops.logical_and(first, second)


def _is_number_list(x):
    if isinstance(x, (list, tuple)):
        return all(_is_number_list(v) for v in x)
    return isinstance(x, (int, float, bool, np.number))


def convert_structure_to_tensors(x, dtype=None):
    """Converts the leaves of `x` to tensors of `dtype`.

    Nested Python lists of numbers are data (one tensor), not structure.
    """
    if isinstance(x, (list, tuple)) and x and _is_number_list(x):
        return ops.convert_to_tensor(x, dtype=dtype)
    if isinstance(x, dict):
        return {k: convert_structure_to_tensors(v, dtype) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        items = [convert_structure_to_tensors(v, dtype) for v in x]
        if hasattr(type(x), "_fields"):  # a namedtuple takes its fields
            return type(x)(*items)
        return type(x)(items)
    if x is None:
        return None
    return ops.convert_to_tensor(x, dtype=dtype)


def resolve_compute_dtype(dtype):
    """The dtype a loss or metric computes in, from its `dtype` argument:
    `None` (the float type of `keras.config.floatx()`), a dtype name, a
    dtype policy (or its config dict or `"mixed_*"` name), whose compute
    dtype is used."""
    if dtype is None:
        return backend.floatx()
    if isinstance(dtype, dict):
        from keras.src import dtype_policies

        dtype = dtype_policies.get(dtype)
    compute_dtype = getattr(dtype, "compute_dtype", None)
    if compute_dtype is not None:
        return backend.standardize_dtype(compute_dtype)
    if isinstance(dtype, str) and dtype.startswith("mixed_"):
        return "float16" if dtype == "mixed_float16" else "bfloat16"
    return backend.standardize_dtype(dtype)


def standardize_reduction(reduction):
    """Validates `reduction`, returning it unchanged."""
    if reduction not in _REDUCTIONS:
        raise ValueError(
            "Invalid value for argument `reduction`: it must be one of "
            f"{_REDUCTIONS}. Received: reduction={reduction!r}"
        )
    return reduction


def _align_trailing(longer, shorter, expand_rank_1):
    # `longer` has one more axis than `shorter`, and that axis has size 1:
    # either drop it or give a rank-1 `shorter` the same extra axis.
    if expand_rank_1 and len(shorter.shape) == 1:
        return longer, ops.expand_dims(shorter, axis=-1)
    return ops.squeeze(longer, axis=-1), shorter


def squeeze_or_expand_to_same_rank(x1, x2, expand_rank_1=True):
    """Makes two tensors whose ranks differ by one have the same rank.

    Only a trailing axis of size 1 on the higher-rank tensor is handled:
    it is removed, except that a rank-1 partner is given a trailing axis
    instead when `expand_rank_1` is true. Any other pair is returned as is.
    """
    rank1, rank2 = len(x1.shape), len(x2.shape)
    if rank1 - rank2 == 1 and x1.shape[-1] == 1:
        x1, x2 = _align_trailing(x1, x2, expand_rank_1)
    elif rank2 - rank1 == 1 and x2.shape[-1] == 1:
        x2, x1 = _align_trailing(x2, x1, expand_rank_1)
    return x1, x2


_AVERAGING = ("sum_over_batch_size", "mean", "mean_with_sample_weight")


def reduce_values(values, sample_weight=None, reduction="sum_over_batch_size"):
    """Aggregates loss values (already multiplied by their weights).

    Scalars, empty vectors and `reduction` `None`/`"none"` come back
    unchanged. Otherwise the values are summed; the averaging reductions
    then divide by the number of values, or by the total weight for
    `"mean_with_sample_weight"` when weights are given. A zero divisor
    yields 0.
    """
    shape = tuple(values.shape)
    if reduction in (None, "none") or shape in ((), (0,)):
        return values
    total = ops.sum(values)
    if reduction not in _AVERAGING:
        return total
    if reduction == "mean_with_sample_weight" and sample_weight is not None:
        count = ops.sum(sample_weight)
    else:
        count = 1
        for size in shape:
            count *= size
    count = ops.cast(count, total.dtype)
    empty = ops.equal(count, 0)
    safe_count = ops.where(empty, ops.ones_like(count), count)
    return ops.where(empty, ops.zeros_like(total), total / safe_count)


def _match_rank(values, sample_weight):
    values, sample_weight = squeeze_or_expand_to_same_rank(
        values, sample_weight
    )
    # Per-sample weights of shape `(batch_size,)` broadcast over the other
    # dimensions of the losses.
    while len(sample_weight.shape) < len(values.shape) and (
        len(sample_weight.shape) > 0
    ):
        sample_weight = ops.expand_dims(sample_weight, axis=-1)
    return values, sample_weight


def reduce_weighted_values(
    values,
    sample_weight=None,
    mask=None,
    reduction="sum_over_batch_size",
    dtype=None,
):
    """Weights `values` by `sample_weight` and `mask`, then reduces them.

    Args:
        values: Per-sample loss values.
        sample_weight: Optional weights, broadcastable to `values` once
            ranks are matched.
        mask: Optional boolean mask of the valid entries of `values`. With
            the averaging reductions, masked entries are excluded from the
            denominator.
        reduction: See `Loss`.
        dtype: The dtype of the computation.

    Returns:
        The reduced loss.
    """
    reduction = standardize_reduction(reduction)
    values = ops.convert_to_tensor(values, dtype=dtype)
    weights = sample_weight
    if weights is not None:
        weights = ops.convert_to_tensor(weights, dtype=dtype)
    if mask is not None:
        weights = apply_mask(
            weights,
            ops.convert_to_tensor(mask, dtype=dtype),
            dtype=values.dtype,
            reduction=reduction,
        )
    if weights is None:
        return reduce_values(values, None, reduction)
    values, weights = _match_rank(values, ops.cast(weights, values.dtype))
    return reduce_values(values * weights, weights, reduction)


def apply_mask(sample_weight, mask, dtype, reduction):
    """Merges a mask into `sample_weight`.

    With the averaging reductions, the mask is rescaled so that the mean is
    taken over the valid entries only.
    """
    if mask is None:
        return sample_weight
    mask = ops.cast(mask, dtype=dtype)
    if reduction in ("mean", "sum_over_batch_size"):
        total = 1
        for dim in mask.shape:
            total *= dim
        valid = ops.sum(mask)
        mask = mask * ops.where(
            ops.equal(valid, 0),
            ops.zeros_like(valid),
            ops.cast(total, dtype) / ops.where(ops.equal(valid, 0), 1, valid),
        )
    if sample_weight is not None:
        sample_weight = ops.cast(sample_weight, dtype=dtype)
        mask, sample_weight = _match_rank(mask, sample_weight)
        sample_weight = sample_weight * mask
    else:
        sample_weight = mask
    return sample_weight
