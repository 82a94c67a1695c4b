"""`BatchNormalization`: normalizes inputs with batch statistics."""

from keras.src import backend
from keras.src import initializers
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.distribution import logical_axes
from keras.src.layers.config_utils import attribute_config
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer
from keras.src.layers.normalization._scale_offset import scale_offset_config
from keras.src.layers.normalization._scale_offset import (
    set_scale_offset_settings,
)
from keras.src.trainers import valid_rows


@keras_export("keras.layers.BatchNormalization")
class BatchNormalization(Layer):
    """Normalizes each channel with batch statistics (or running ones).

    For every index `c` along `axis`, the layer standardizes the values of
    that channel and then applies a learned affine map:
    `y = gamma[c] * (x - mu[c]) / sqrt(sigma2[c] + epsilon) + beta[c]`.
    Where `mu` and `sigma2` come from depends on the mode.

    **Training mode** (`training=True`, which `fit()` passes for you):
    `mu` and `sigma2` are the mean and (biased) variance of the current
    batch, taken over every axis except `axis`. Each such call also moves
    the running estimates toward them:

    - `moving_mean <- momentum * moving_mean + (1 - momentum) * mu`
    - `moving_variance <- momentum * moving_variance
      + (1 - momentum) * sigma2`

    **Inference mode** (`training=False`, the default, and what
    `predict()` and `evaluate()` use): `mu` and `sigma2` are the stored
    `moving_mean` and `moving_variance`, and nothing is updated. The
    output is therefore only well normalized once those running values
    have been estimated on data resembling what the layer now sees.

    The running statistics are updated with `Variable.assign`, so inside a
    `StatelessScope` (as in the trainer and in `stateless_call`) the new
    values are recorded rather than written.

    Freezing the layer (`layer.trainable = False`) makes it use inference
    mode even when called with `training=True`, so its statistics stay
    fixed; this is the usual setting when fine-tuning.

    Args:
        axis: Integer, the channel axis kept separate (statistics are
            pooled over all the others). Defaults to `-1`; use `1` for
            `"channels_first"` image data.
        momentum: Float, how much of the old running value survives each
            update (closer to 1 = slower). Defaults to `0.99`.
        epsilon: Float added to the variance before the square root, for
            numerical safety. Defaults to `1e-3`.
        center: Boolean; if `True` (the default) a learned offset `beta`
            is added, otherwise the offset is 0.
        scale: Boolean; if `True` (the default) a learned factor `gamma`
            multiplies the result, otherwise the factor is 1. Often turned
            off when a linear layer (or ReLU) follows, as that layer can
            absorb the scaling.
        beta_initializer: How to initialize `beta`. Defaults to `"zeros"`.
        gamma_initializer: How to initialize `gamma`. Defaults to `"ones"`.
        moving_mean_initializer: How to initialize `moving_mean`.
            Defaults to `"zeros"`.
        moving_variance_initializer: How to initialize `moving_variance`.
            Defaults to `"ones"`.
        beta_regularizer: Optional penalty on `beta`.
        gamma_regularizer: Optional penalty on `gamma`.
        beta_constraint: Optional projection applied to `beta` after each
            optimizer update.
        gamma_constraint: Optional projection applied to `gamma` after
            each optimizer update.
        synchronized: Boolean, kept for API compatibility. Under JAX the
            statistics of a batch sharded over several devices are
            already computed over the whole batch.
        renorm: Boolean; whether to use batch renormalization (Ioffe,
            2017). In training mode the batch-normalized values are then
            corrected by `r = stddev_batch / renorm_stddev` and
            `d = (mean_batch - renorm_mean) / renorm_stddev` (both treated
            as constants by gradients): `y = gamma * (x_hat * r + d) +
            beta`, which keeps training closer to inference when batches
            are small or not i.i.d. Adds the non-trainable `renorm_mean`,
            `renorm_stddev` and `moving_stddev`. Defaults to `False`.
        renorm_clipping: Optional dict with keys among `"rmax"`, `"rmin"`
            and `"dmax"`, bounding `r` to `[rmin, rmax]` and `d` to
            `[-dmax, dmax]` (unbounded when absent).
        renorm_momentum: Float, the momentum of `renorm_mean` and
            `renorm_stddev`. Defaults to `0.99`.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Call arguments:
        inputs: Tensor of any rank.
        training: Boolean or `None`; `True` selects training mode (batch
            statistics and running updates), anything else inference mode.
        mask: Optional boolean tensor broadcastable to `inputs` (aligned
            on the leading axes). In training mode only positions where it
            is `True` contribute to the batch mean and variance.

    Input shape:
        Arbitrary.

    Output shape:
        Same shape as the input.

    Example:

    >>> norm = keras.layers.BatchNormalization(momentum=0.9)
    >>> batch = np.random.normal(5.0, 2.0, size=(32, 6)).astype("float32")
    >>> out = norm(batch, training=True)  # standardized; stats updated
    >>> [tuple(w.shape) for w in norm.weights]
    [(6,), (6,), (6,), (6,)]
    >>> [w.name for w in norm.non_trainable_weights]
    ['moving_mean', 'moving_variance']

    Reference:

    - [Ioffe and Szegedy, 2015](https://arxiv.org/abs/1502.03167).
    """

    def __init__(
        self,
        axis=-1,
        momentum=0.99,
        epsilon=1e-3,
        center=True,
        scale=True,
        beta_initializer="zeros",
        gamma_initializer="ones",
        moving_mean_initializer="zeros",
        moving_variance_initializer="ones",
        beta_regularizer=None,
        gamma_regularizer=None,
        beta_constraint=None,
        gamma_constraint=None,
        synchronized=False,
        renorm=False,
        renorm_clipping=None,
        renorm_momentum=0.99,
        **kwargs,
    ):
        super().__init__(**kwargs)
        if not isinstance(axis, int):
            raise TypeError(
                "`BatchNormalization` normalizes along a single axis, so "
                f"`axis` must be an int; got {axis!r} of type "
                f"{type(axis).__name__}."
            )
        self.axis = axis
        self.epsilon = float(epsilon)
        self.momentum = float(momentum)
        self.scale = scale
        self.center = center
        self.synchronized = synchronized
        set_scale_offset_settings(self, locals())
        # Initial values of the running statistics.
        self.moving_mean_initializer = initializers.get(moving_mean_initializer)
        self.moving_variance_initializer = initializers.get(
            moving_variance_initializer
        )
        self.renorm = renorm
        self.renorm_clipping = _checked_clipping(renorm, renorm_clipping)
        self.renorm_momentum = float(renorm_momentum)
        self.gamma = None
        self.beta = None
        self.supports_masking = True

    def build(self, input_shape):
        rank = len(input_shape)
        if self.axis >= rank or self.axis < -rank:
            raise ValueError(
                f"Invalid axis {self.axis} for `BatchNormalization` layer "
                f"'{self.name}': an input of rank {rank} (shape "
                f"{tuple(input_shape)}) has axes {-rank}..{rank - 1}."
            )
        self._axis = self.axis % rank
        channels = input_shape[self._axis]
        if channels is None:
            raise ValueError(
                f"`BatchNormalization` layer '{self.name}' needs a defined "
                f"dimension on axis {self.axis} to size its weights, but "
                f"the input shape is {tuple(input_shape)}."
            )
        per_channel = (channels,)

        def learned(name, kind):
            with logical_axes.logical_axes((logical_axes.NORM,)):
                return self.add_weight(
                    shape=per_channel,
                    name=name,
                    initializer=getattr(self, f"{kind}_initializer"),
                    constraint=getattr(self, f"{kind}_constraint"),
                    regularizer=getattr(self, f"{kind}_regularizer"),
                    trainable=True,
                    autocast=False,
                )

        def running(name, initializer):
            with logical_axes.logical_axes((logical_axes.NORM,)):
                return self.add_weight(
                    shape=per_channel,
                    name=name,
                    initializer=initializer,
                    trainable=False,
                    autocast=False,
                )

        # Creation order fixes the order of `layer.weights`.
        if self.scale:
            self.gamma = learned("gamma", "gamma")
        if self.center:
            self.beta = learned("beta", "beta")
        self.moving_mean = running("moving_mean", self.moving_mean_initializer)
        self.moving_variance = running(
            "moving_variance", self.moving_variance_initializer
        )
        if self.renorm:
            # Standard deviations start at the square root of the initial
            # variance.
            stddev_initializer = _SqrtInitializer(
                self.moving_variance_initializer
            )
            self.moving_stddev = running("moving_stddev", stddev_initializer)
            self.renorm_mean = running(
                "renorm_mean", self.moving_mean_initializer
            )
            self.renorm_stddev = running("renorm_stddev", stddev_initializer)
        self.input_spec = InputSpec(ndim=rank, axes={self._axis: channels})
        self._reduction_axes = tuple(i for i in range(rank) if i != self._axis)
        self._broadcast_shape = tuple(
            channels if i == self._axis else 1 for i in range(rank)
        )

    def _broadcast(self, value, dtype):
        value = ops.cast(value, dtype)
        if self._axis == len(self._broadcast_shape) - 1:
            return value
        return ops.reshape(value, self._broadcast_shape)

    def call(self, inputs, training=None, mask=None):
        input_dtype = backend.standardize_dtype(inputs.dtype)
        if not backend.is_float_dtype(input_dtype):
            input_dtype = self.compute_dtype
        dtype = (
            "float32" if input_dtype in ("float16", "bfloat16") else input_dtype
        )
        x = ops.cast(inputs, dtype)
        use_batch_stats = bool(training) and self.trainable
        if use_batch_stats:
            # Rows that pad a partial batch under a distribution stay out
            # of the batch statistics.
            mask = valid_rows.merge_into_mask(mask, x)
        if use_batch_stats and self.renorm:
            outputs = self._renorm_training(x, mask, dtype, input_dtype)
            return ops.cast(outputs, input_dtype)
        if not use_batch_stats:
            mean = ops.cast(self.moving_mean, dtype)
            variance = ops.cast(self.moving_variance, dtype)
        else:
            mean, variance = self._moments(x, mask, input_dtype)
            keep = self.momentum
            for running, batch_value in (
                (self.moving_mean, mean),
                (self.moving_variance, variance),
            ):
                old_value = ops.cast(running, dtype)
                running.assign(old_value * keep + batch_value * (1.0 - keep))
        inv = ops.rsqrt(variance + self.epsilon)
        if self.gamma is not None:
            inv = inv * ops.cast(self.gamma, dtype)
        offset = -mean * inv
        if self.beta is not None:
            offset = offset + ops.cast(self.beta, dtype)
        outputs = x * self._broadcast(inv, dtype) + self._broadcast(
            offset, dtype
        )
        return ops.cast(outputs, input_dtype)

    def _renorm_training(self, x, mask, dtype, input_dtype):
        """Batch renormalization in training mode (updates included)."""
        mean, variance = self._moments(x, mask, input_dtype)
        stddev = ops.sqrt(variance + self.epsilon)
        renorm_mean = ops.cast(self.renorm_mean, dtype)
        renorm_stddev = ops.cast(self.renorm_stddev, dtype)
        r = ops.stop_gradient(stddev / renorm_stddev)
        d = ops.stop_gradient((mean - renorm_mean) / renorm_stddev)
        clipping = self.renorm_clipping or {}
        if "rmin" in clipping or "rmax" in clipping:
            r = ops.clip(
                r,
                clipping.get("rmin", 0.0),
                clipping.get("rmax", float("inf")),
            )
        if "dmax" in clipping:
            d = ops.clip(d, -clipping["dmax"], clipping["dmax"])
        x_hat = (x - self._broadcast(mean, dtype)) / self._broadcast(
            stddev, dtype
        )
        outputs = x_hat * self._broadcast(r, dtype) + self._broadcast(d, dtype)
        if self.gamma is not None:
            outputs = outputs * self._broadcast(self.gamma, dtype)
        if self.beta is not None:
            outputs = outputs + self._broadcast(self.beta, dtype)

        def moved(variable, value, keep):
            return ops.cast(variable, dtype) * keep + value * (1.0 - keep)

        self.renorm_mean.assign(
            moved(self.renorm_mean, mean, self.renorm_momentum)
        )
        self.renorm_stddev.assign(
            moved(self.renorm_stddev, stddev, self.renorm_momentum)
        )
        self.moving_mean.assign(moved(self.moving_mean, mean, self.momentum))
        new_stddev = moved(self.moving_stddev, stddev, self.momentum)
        self.moving_stddev.assign(new_stddev)
        # The variance follows the standard deviation it is derived from.
        self.moving_variance.assign(ops.square(new_stddev) - self.epsilon)
        return outputs

    def _moments(self, x, mask, input_dtype):
        """Per-channel mean and (biased) variance over the other axes."""
        axes = self._reduction_axes
        if mask is None:

            def average(value):
                return ops.mean(value, axis=axes)

        else:
            weights = ops.cast(mask, x.dtype)
            while len(weights.shape) < len(x.shape):
                weights = ops.expand_dims(weights, axis=-1)
            weights = ops.broadcast_to(weights, x.shape)
            total = ops.maximum(ops.sum(weights, axis=axes), 1e-12)

            def average(value):
                return ops.sum(value * weights, axis=axes) / total

        if input_dtype != "bfloat16":
            mean = average(x)
            centered = x - self._broadcast(mean, x.dtype)
            return mean, average(ops.square(centered))
        # bfloat16 inputs: both statistics from one pass over `x`, the
        # sums of `x - shift` and of its square reduced together (fused,
        # on an accelerator, into the op that produced `x`, instead of a
        # second read of it for the centered variance). The shift is the
        # moving mean, held constant. The variance is then a difference of
        # two float32 sums. Its rounding error grows with the square of the
        # batch mean's distance from the shift (in spreads), as the error
        # that rounding the inputs to bfloat16 put into their variance
        # does, and stays 40 to 200 times below it (measured from 1 to
        # 1,000 spreads). float16 inputs keep 3 more bits, which that
        # rounding error would reach: they get the centered variance.
        shift = ops.stop_gradient(ops.cast(self.moving_mean, x.dtype))
        shifted = x - self._broadcast(shift, x.dtype)
        offset = average(shifted)
        variance = ops.maximum(
            average(ops.square(shifted)) - ops.square(offset), 0.0
        )
        return offset + shift, variance

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config.update(
            attribute_config(
                self, "axis", "momentum", "epsilon", "center", "scale"
            )
        )
        config.update(
            scale_offset_config(self, ("moving_mean", "moving_variance"))
        )
        config.update(
            attribute_config(
                self,
                "synchronized",
                "renorm",
                "renorm_clipping",
                "renorm_momentum",
            )
        )
        return config


_CLIPPING_KEYS = ("rmax", "rmin", "dmax")


def _checked_clipping(renorm, clipping):
    if clipping is None:
        return None
    clipping = dict(clipping)
    unknown = sorted(set(clipping) - set(_CLIPPING_KEYS))
    if unknown:
        raise ValueError(
            "Received invalid keys for `renorm_clipping`: "
            f"{unknown}; the accepted keys are {list(_CLIPPING_KEYS)}."
        )
    rmax = clipping.get("rmax")
    rmin = clipping.get("rmin")
    if rmax is not None and rmin is not None and rmax < rmin:
        raise ValueError(
            "In `renorm_clipping`, rmax should be >= rmin; received "
            f"rmax={rmax}, rmin={rmin}."
        )
    dmax = clipping.get("dmax")
    if dmax is not None and dmax < 0:
        raise ValueError(
            "In `renorm_clipping`, dmax should be non-negative; received "
            f"dmax={dmax}."
        )
    return clipping


class _SqrtInitializer:
    """Square root of what another initializer gives."""

    def __init__(self, initializer):
        self.initializer = initializer

    def __call__(self, shape, dtype=None):
        return ops.sqrt(self.initializer(shape, dtype=dtype))
