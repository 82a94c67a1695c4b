"""`LayerNormalization`: normalizes each example over its feature axes."""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.distribution import logical_axes
from keras.src.layers.config_utils import attribute_config
from keras.src.layers.layer import Layer
from keras.src.layers.normalization._scale_offset import scale_offset_config
from keras.src.layers.normalization._scale_offset import (
    set_scale_offset_settings,
)


@keras_export("keras.layers.LayerNormalization")
class LayerNormalization(Layer):
    """Standardizes every sample on its own, over the feature axes.

    Unlike `BatchNormalization`, which pools statistics over the batch,
    this layer computes a mean and variance separately for each sample,
    over the axes listed in `axis` only. It therefore behaves identically
    in training and inference and keeps no running statistics.

    For a sample `x` whose normalized axes hold the values `v`:

    ```python
    mu = mean(v)
    sigma2 = mean((v - mu) ** 2)
    y = gamma * (x - mu) / sqrt(sigma2 + epsilon) + beta
    ```

    `gamma` (learned, initially ones; used when `scale=True`) and `beta`
    (learned, initially zeros; used when `center=True`) have the shape
    of the normalized axes, which must therefore be known when the layer
    is built. Starting at ones and zeros, they leave the standardized
    values untouched until training moves them.

    With `rms_scaling=True` the layer skips the centering (and `beta`):
    `y = gamma * x / sqrt(sigma2 + epsilon)`; `center` and `scale` are
    then ignored.

    float16 and bfloat16 inputs are normalized in float32, and the result
    is cast back to the input's dtype.

    Args:
        axis: Integer or list/tuple of integers, the axis or axes whose
            values are pooled into the per-sample statistics (usually the
            feature axes; negative values count from the end). Defaults
            to `-1`.
        epsilon: Float added to the variance before the square root, for
            numerical safety. Defaults to `1e-3`.
        center: Boolean; if `True` (the default) the learned offset `beta`
            is added, otherwise the offset is 0.
        scale: Boolean; if `True` (the default) the learned factor `gamma`
            multiplies the result, otherwise the factor is 1. Can be
            switched off when a linear layer (or ReLU) follows, as that
            layer can absorb the scaling.
        rms_scaling: Boolean; if `True`, use root-mean-square scaling as
            described above. Defaults to `False`.
        beta_initializer: How to initialize `beta`. Defaults to `"zeros"`.
        gamma_initializer: How to initialize `gamma`. Defaults to `"ones"`.
        beta_regularizer: Optional penalty on `beta`.
        gamma_regularizer: Optional penalty on `gamma`.
        beta_constraint: Optional projection applied to `beta` after each
            optimizer update.
        gamma_constraint: Optional projection applied to `gamma` after
            each optimizer update.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Input shape:
        Arbitrary.

    Output shape:
        Same shape as the input.

    Example:

    >>> norm = keras.layers.LayerNormalization(epsilon=0.0)
    >>> norm(np.array([[2.0, 4.0, 6.0, 8.0], [5.0, 5.0, 5.0, 5.0]]))[0]
    Array([-1.3416407, -0.4472136,  0.4472136,  1.3416407], dtype=float32)

    Reference:

    - [Lei Ba et al., 2016](https://arxiv.org/abs/1607.06450).
    """

    def __init__(
        self,
        axis=-1,
        epsilon=1e-3,
        center=True,
        scale=True,
        rms_scaling=False,
        beta_initializer="zeros",
        gamma_initializer="ones",
        beta_regularizer=None,
        gamma_regularizer=None,
        beta_constraint=None,
        gamma_constraint=None,
        **kwargs,
    ):
        super().__init__(**kwargs)
        if isinstance(axis, int):
            self.axis = axis
        elif isinstance(axis, (list, tuple)):
            self.axis = list(axis)
        else:
            raise TypeError(
                "Expected an int or a list/tuple of ints for the argument "
                f"'axis' of `LayerNormalization`; got {axis!r} of type "
                f"{type(axis).__name__}."
            )
        self.epsilon = epsilon
        self.rms_scaling = rms_scaling
        self.scale = scale
        self.center = center
        set_scale_offset_settings(self, locals())
        self.supports_masking = True

    def build(self, input_shape):
        rank = len(input_shape)
        self._axes = normalize_axes(self.axis, rank, self.name)
        weight_shape = _normalized_dims(input_shape, self._axes, self.name)
        # `gamma` is needed for RMS scaling as well; `beta` never is.
        wants_gamma = bool(self.rms_scaling or self.scale)
        wants_beta = bool(self.center) and not self.rms_scaling
        self.gamma = None
        self.beta = None
        for name, wanted in (("gamma", wants_gamma), ("beta", wants_beta)):
            if not wanted:
                continue
            with logical_axes.logical_axes(
                (logical_axes.NORM,) * len(weight_shape)
            ):
                variable = self.add_weight(
                    shape=weight_shape,
                    name=name,
                    initializer=getattr(self, f"{name}_initializer"),
                    constraint=getattr(self, f"{name}_constraint"),
                    regularizer=getattr(self, f"{name}_regularizer"),
                    trainable=True,
                    autocast=False,
                )
            setattr(self, name, variable)

    def call(self, inputs):
        input_dtype = backend.standardize_dtype(inputs.dtype)
        if not backend.is_float_dtype(input_dtype):
            input_dtype = self.compute_dtype
        dtype = _statistics_dtype(input_dtype)
        x = ops.cast(inputs, dtype)
        # Negative axes count from the end of the input actually given,
        # which may have more leading axes than the shape built with.
        axes = normalize_axes(self.axis, len(x.shape), self.name)

        def weight(variable):
            return _broadcastable(ops.cast(variable, dtype), x.shape, axes)

        axes = tuple(axes)
        if self.rms_scaling:
            # Scaled by the spread only: nothing is subtracted.
            variance = ops.var(x, axis=axes, keepdims=True)
            inv = ops.rsqrt(variance + self.epsilon)
            outputs = x * inv * weight(self.gamma)
        else:
            # The variance from the centered input itself: the backward
            # pass then keeps one centered copy of the input, not two.
            centered = x - ops.mean(x, axis=axes, keepdims=True)
            variance = ops.mean(ops.square(centered), axis=axes, keepdims=True)
            inv = ops.rsqrt(variance + self.epsilon)
            if self.gamma is not None:
                inv = inv * weight(self.gamma)
            outputs = centered * inv
            if self.beta is not None:
                outputs = outputs + weight(self.beta)
        return ops.cast(outputs, input_dtype)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config.update(
            attribute_config(
                self, "axis", "epsilon", "center", "scale", "rms_scaling"
            )
        )
        config.update(scale_offset_config(self))
        return config


def _normalized_dims(input_shape, axes, layer_name):
    """Sizes of the normalized axes; they must all be known."""
    dims = tuple(input_shape[a] for a in axes)
    if None in dims:
        raise ValueError(
            f"Layer '{layer_name}' sizes its weights from the normalized "
            f"axes {axes}, so they must be defined; got input shape "
            f"{tuple(input_shape)}."
        )
    return dims


def _broadcastable(weight, input_shape, axes):
    """`weight` (shaped like the normalized axes) reshaped to broadcast
    against an input of `input_shape` normalized over sorted `axes`."""
    ndim = len(input_shape)
    if list(axes) == list(range(ndim - len(axes), ndim)):
        return weight
    shape = [1] * ndim
    for axis, size in zip(axes, weight.shape):
        shape[axis] = size
    return ops.reshape(weight, shape)


def _statistics_dtype(dtype):
    """Half-precision inputs are normalized in float32."""
    return "float32" if dtype in ("float16", "bfloat16") else dtype


def normalize_axes(axis, ndim, layer_name):
    """Returns `axis` (int or list) as a sorted list of positive axes."""
    axes = list(axis) if isinstance(axis, (list, tuple)) else [axis]
    result = []
    for a in axes:
        if not -ndim <= a < ndim:
            raise ValueError(
                f"Invalid axis {a} for layer '{layer_name}': the input has "
                f"rank {ndim}. Received: axis={axis}"
            )
        result.append(a % ndim)
    if len(set(result)) != len(result):
        raise ValueError(
            f"Duplicate axis for layer '{layer_name}'. Received: axis={axis}"
        )
    return sorted(result)
