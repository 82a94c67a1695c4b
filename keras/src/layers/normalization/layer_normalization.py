"""`LayerNormalization`: normalizes each example over its feature axes."""

from keras.src import backend
from keras.src import constraints
from keras.src import initializers
from keras.src import ops
from keras.src import regularizers
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer
from keras.src.saving import serialization_lib


@keras_export("keras.layers.LayerNormalization")
class LayerNormalization(Layer):
    """Layer normalization layer (Ba et al., 2016).

    Normalize the activations of the previous layer for each given example
    in a batch independently, rather than across a batch like Batch
    Normalization. i.e. applies a transformation that maintains the mean
    activation within each example close to 0 and the activation standard
    deviation close to 1.

    If `scale` or `center` are enabled, the layer will scale the normalized
    outputs by broadcasting them with a trainable variable `gamma`, and
    center the outputs by broadcasting with a trainable variable `beta`.
    `gamma` will default to a ones tensor and `beta` will default to a
    zeros tensor, so that centering and scaling are no-ops before training
    has begun.

    So, with scaling and centering enabled the normalization equations are
    as follows:

    Let the intermediate activations for a mini-batch to be the `inputs`.

    For each sample `x_i` in `inputs` with `k` features, we compute the mean
    and variance of the sample:

    ```python
    mean_i = sum(x_i[j] for j in range(k)) / k
    var_i = sum((x_i[j] - mean_i) ** 2 for j in range(k)) / k
    ```

    and then compute a normalized `x_i_normalized`, including a small factor
    `epsilon` for numerical stability.

    ```python
    x_i_normalized = (x_i - mean_i) / sqrt(var_i + epsilon)
    ```

    And finally `x_i_normalized` is linearly transformed by `gamma` and
    `beta`, which are learned parameters:

    ```python
    output_i = x_i_normalized * gamma + beta
    ```

    `gamma` and `beta` will span the axes of `inputs` specified in `axis`,
    and this part of the inputs' shape must be fully defined.

    Statistics are computed in float32 for float16/bfloat16 inputs, and the
    output is cast back to the input dtype.

    Args:
        axis: Integer or List/Tuple. The axis or axes to normalize across.
            Typically, this is the features axis/axes. The left-out axes
            are typically the batch axis/axes. `-1` is the last dimension in
            the input. Defaults to `-1`.
        epsilon: Small float added to variance to avoid dividing by zero.
            Defaults to 1e-3.
        center: If True, add offset of `beta` to normalized tensor. If
            False, `beta` is ignored. Defaults to `True`.
        scale: If True, multiply by `gamma`. If False, `gamma` is not used.
            When the next layer is linear (also e.g. `nn.relu`), this can
            be disabled since the scaling will be done by the next layer.
            Defaults to `True`.
        rms_scaling: If True, `center` and `scale` are ignored, and the
            inputs are scaled by `gamma` and the inverse square root of the
            mean of the squares of the inputs (RMS normalization).
            Defaults to `False`.
        beta_initializer: Initializer for the beta weight. Defaults to
            zeros.
        gamma_initializer: Initializer for the gamma weight. Defaults to
            ones.
        beta_regularizer: Optional regularizer for the beta weight.
        gamma_regularizer: Optional regularizer for the gamma weight.
        beta_constraint: Optional constraint for the beta weight.
        gamma_constraint: Optional constraint for the gamma weight.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Input shape:
        Arbitrary.

    Output shape:
        Same shape as the input.

    Example:

    >>> layer = keras.layers.LayerNormalization(axis=-1)
    >>> y = layer(np.array([[1.0, 2.0, 3.0], [4.0, 4.0, 4.0]]))
    >>> y.shape
    (2, 3)

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
        if isinstance(axis, (list, tuple)):
            self.axis = list(axis)
        elif isinstance(axis, int):
            self.axis = axis
        else:
            raise TypeError(
                "Expected an int or a list/tuple of ints for the argument "
                f"'axis', but received: {axis}"
            )
        self.epsilon = epsilon
        self.center = center
        self.scale = scale
        self.rms_scaling = rms_scaling
        self.beta_initializer = initializers.get(beta_initializer)
        self.gamma_initializer = initializers.get(gamma_initializer)
        self.beta_regularizer = regularizers.get(beta_regularizer)
        self.gamma_regularizer = regularizers.get(gamma_regularizer)
        self.beta_constraint = constraints.get(beta_constraint)
        self.gamma_constraint = constraints.get(gamma_constraint)
        self.supports_masking = True

    def build(self, input_shape):
        ndim = len(input_shape)
        self._axes = normalize_axes(self.axis, ndim, self.name)
        param_shape = tuple(input_shape[a] for a in self._axes)
        if any(d is None for d in param_shape):
            raise ValueError(
                f"Layer '{self.name}' needs the normalized axes {self._axes} "
                f"of its input to be defined. Received: input_shape="
                f"{tuple(input_shape)}"
            )
        # Broadcastable to the input: the normalized axes keep their size.
        self._broadcast_shape = tuple(
            input_shape[i] if i in self._axes else 1 for i in range(ndim)
        )
        if self.scale or self.rms_scaling:
            self.gamma = self.add_weight(
                name="gamma",
                shape=param_shape,
                initializer=self.gamma_initializer,
                regularizer=self.gamma_regularizer,
                constraint=self.gamma_constraint,
                trainable=True,
                autocast=False,
            )
        else:
            self.gamma = None
        if self.center and not self.rms_scaling:
            self.beta = self.add_weight(
                name="beta",
                shape=param_shape,
                initializer=self.beta_initializer,
                regularizer=self.beta_regularizer,
                constraint=self.beta_constraint,
                trainable=True,
                autocast=False,
            )
        else:
            self.beta = None

    def _broadcast(self, variable, ndim, dtype):
        value = ops.cast(variable, dtype)
        if self._axes == list(range(ndim - len(self._axes), ndim)):
            return value
        return ops.reshape(value, self._broadcast_shape)

    def call(self, inputs):
        input_dtype = backend.standardize_dtype(inputs.dtype)
        if not backend.is_float_dtype(input_dtype):
            input_dtype = self.compute_dtype
        dtype = _statistics_dtype(input_dtype)
        ndim = len(inputs.shape)
        x = ops.cast(inputs, dtype)
        axes = tuple(self._axes)
        if self.rms_scaling:
            mean_square = ops.mean(ops.square(x), axis=axes, keepdims=True)
            outputs = x * ops.rsqrt(mean_square + self.epsilon)
            outputs = outputs * self._broadcast(self.gamma, ndim, dtype)
        else:
            mean = ops.mean(x, axis=axes, keepdims=True)
            variance = ops.var(x, axis=axes, keepdims=True)
            inv = ops.rsqrt(variance + self.epsilon)
            if self.gamma is not None:
                inv = inv * self._broadcast(self.gamma, ndim, dtype)
            outputs = (x - mean) * inv
            if self.beta is not None:
                outputs = outputs + self._broadcast(self.beta, ndim, dtype)
        return ops.cast(outputs, input_dtype)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = {
            "axis": self.axis,
            "epsilon": self.epsilon,
            "center": self.center,
            "scale": self.scale,
            "rms_scaling": self.rms_scaling,
            "beta_initializer": initializers.serialize(self.beta_initializer),
            "gamma_initializer": initializers.serialize(self.gamma_initializer),
            "beta_regularizer": regularizers.serialize(self.beta_regularizer),
            "gamma_regularizer": regularizers.serialize(self.gamma_regularizer),
            "beta_constraint": serialization_lib.serialize_keras_object(
                self.beta_constraint
            ),
            "gamma_constraint": serialization_lib.serialize_keras_object(
                self.gamma_constraint
            ),
        }
        base_config = super().get_config()
        return {**base_config, **config}


def _statistics_dtype(dtype):
    """Half-precision inputs are normalized in float32."""
    if dtype in ("float16", "bfloat16"):
        return "float32"
    return dtype


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
