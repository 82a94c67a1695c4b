"""Probabilistic metrics: running averages of divergences and
cross-entropies."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.losses.losses import binary_crossentropy
from keras.src.losses.losses import categorical_crossentropy
from keras.src.losses.losses import kl_divergence
from keras.src.losses.losses import poisson
from keras.src.losses.losses import sparse_categorical_crossentropy
from keras.src.metrics import reduction_metrics


@keras_export("keras.metrics.KLDivergence")
class KLDivergence(reduction_metrics.LossMean):
    """Running average of the Kullback-Leibler divergence.

    Per sample: `sum(y_true * log(y_true / y_pred), axis=-1)`.

    Args:
        name: Name of this metric instance.
        dtype: Dtype of the state variables and of the result.

    Example:

    >>> m = keras.metrics.KLDivergence()
    >>> m.update_state([[0.5, 0.5]], [[0.5, 0.5]])
    >>> float(m.result())
    0.0
    """

    def __init__(self, name="kl_divergence", dtype=None):
        super().__init__(fn=kl_divergence, name=name, dtype=dtype)


@keras_export("keras.metrics.Poisson")
class Poisson(reduction_metrics.LossMean):
    """Running average of the Poisson loss `y_pred - y_true * log(y_pred)`.

    Args:
        name: Name of this metric instance.
        dtype: Dtype of the state variables and of the result.

    Example:

    >>> m = keras.metrics.Poisson()
    >>> m.update_state([[0.0]], [[2.0]])
    >>> round(float(m.result()), 4)
    2.0
    """

    def __init__(self, name="poisson", dtype=None):
        super().__init__(fn=poisson, name=name, dtype=dtype)


@keras_export("keras.metrics.BinaryCrossentropy")
class BinaryCrossentropy(reduction_metrics.LossMean):
    """Running average of the binary cross-entropy.

    Args:
        name: Name of this metric instance.
        dtype: Dtype of the state variables and of the result.
        from_logits: Whether `y_pred` holds logits.
        label_smoothing: Float in `[0, 1]`; labels are pulled towards 0.5.

    Example:

    >>> m = keras.metrics.BinaryCrossentropy(from_logits=True)
    >>> m.update_state([[1.0]], [[0.0]])
    >>> round(float(m.result()), 4)
    0.6931
    """

    _option_names = ("from_logits", "label_smoothing")

    def __init__(
        self,
        name="binary_crossentropy",
        dtype=None,
        from_logits=False,
        label_smoothing=0,
    ):
        super().__init__(
            binary_crossentropy,
            name,
            dtype=dtype,
            from_logits=from_logits,
            label_smoothing=label_smoothing,
        )
        self._keep_options(
            from_logits=from_logits, label_smoothing=label_smoothing
        )


@keras_export("keras.metrics.CategoricalCrossentropy")
class CategoricalCrossentropy(reduction_metrics.LossMean):
    """Running average of the categorical cross-entropy (one-hot labels).

    Args:
        name: Name of this metric instance.
        dtype: Dtype of the state variables and of the result.
        from_logits: Whether `y_pred` holds logits.
        label_smoothing: Float in `[0, 1]`; labels become
            `y * (1 - label_smoothing) + label_smoothing / num_classes`.
        axis: The class axis. Defaults to -1.

    Example:

    >>> m = keras.metrics.CategoricalCrossentropy()
    >>> m.update_state([[0.0, 1.0]], [[0.5, 0.5]])
    >>> round(float(m.result()), 4)
    0.6931
    """

    _option_names = ("from_logits", "label_smoothing", "axis")

    def __init__(
        self,
        name="categorical_crossentropy",
        dtype=None,
        from_logits=False,
        label_smoothing=0,
        axis=-1,
    ):
        super().__init__(
            categorical_crossentropy,
            name,
            dtype=dtype,
            from_logits=from_logits,
            label_smoothing=label_smoothing,
            axis=axis,
        )
        self._keep_options(
            from_logits=from_logits, label_smoothing=label_smoothing, axis=axis
        )


@keras_export("keras.metrics.SparseCategoricalCrossentropy")
class SparseCategoricalCrossentropy(reduction_metrics.LossMean):
    """Running average of the categorical cross-entropy (integer labels).

    Args:
        name: Name of this metric instance.
        dtype: Dtype of the state variables and of the result.
        from_logits: Whether `y_pred` holds logits.
        ignore_class: Optional label value whose entries get a loss of 0;
            when sample weights are given, their weight is also zeroed.
        axis: The class axis. Defaults to -1.

    Example:

    >>> m = keras.metrics.SparseCategoricalCrossentropy()
    >>> m.update_state([1], [[0.5, 0.5]])
    >>> round(float(m.result()), 4)
    0.6931
    """

    _option_names = ("from_logits", "ignore_class", "axis")

    def __init__(
        self,
        name="sparse_categorical_crossentropy",
        dtype=None,
        from_logits=False,
        ignore_class=None,
        axis=-1,
    ):
        super().__init__(
            sparse_categorical_crossentropy,
            name=name,
            dtype=dtype,
            from_logits=from_logits,
            ignore_class=ignore_class,
            axis=axis,
        )
        self._keep_options(
            from_logits=from_logits, ignore_class=ignore_class, axis=axis
        )

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Adds the cross-entropies of a batch to the running average.

        Args:
            y_true: Integer labels.
            y_pred: Class probabilities (or logits).
            sample_weight: Optional weights, one per sample.
        """
        if self.ignore_class is not None and sample_weight is not None:
            labels = ops.convert_to_tensor(y_true)
            if len(labels.shape) > 1 and labels.shape[-1] == 1:
                labels = ops.squeeze(labels, -1)
            kept = ops.not_equal(
                labels, ops.cast(self.ignore_class, labels.dtype)
            )
            sample_weight = ops.convert_to_tensor(sample_weight, self.dtype)
            if len(sample_weight.shape) == len(kept.shape) + 1:
                sample_weight = ops.squeeze(sample_weight, -1)
            sample_weight = sample_weight * ops.cast(kept, self.dtype)
        return super().update_state(y_true, y_pred, sample_weight)
