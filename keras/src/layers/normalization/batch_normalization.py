"""`BatchNormalization`: normalizes inputs with batch statistics."""

from keras.src import backend
from keras.src import constraints
from keras.src import initializers
from keras.src import ops
from keras.src import regularizers
from keras.src.api_export import keras_export
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer
from keras.src.saving import serialization_lib


@keras_export("keras.layers.BatchNormalization")
class BatchNormalization(Layer):
    """Layer that normalizes its inputs.

    Batch normalization applies a transformation that maintains the mean
    output close to 0 and the output standard deviation close to 1.

    Importantly, batch normalization works differently during training and
    during inference.

    **During training** (i.e. when using `fit()` or when calling the layer
    or model with the argument `training=True`), the layer normalizes its
    output using the mean and standard deviation of the current batch of
    inputs. That is to say, for each channel being normalized, the layer
    returns `gamma * (batch - mean(batch)) / sqrt(var(batch) + epsilon) +
    beta`, where:

    - `epsilon` is small constant (configurable as part of the constructor
      arguments)
    - `gamma` is a learned scaling factor (initialized as 1), which can be
      disabled by passing `scale=False` to the constructor.
    - `beta` is a learned offset factor (initialized as 0), which can be
      disabled by passing `center=False` to the constructor.

    **During inference** (i.e. when using `evaluate()` or `predict()` or
    when calling the layer/model with the argument `training=False` (which
    is the default), the layer normalizes its output using a moving average
    of the mean and standard deviation of the batches it has seen during
    training. That is to say, it returns
    `gamma * (batch - self.moving_mean) / sqrt(self.moving_var+epsilon) +
    beta`.

    `self.moving_mean` and `self.moving_var` are non-trainable variables
    that are updated each time the layer in called in training mode, as
    such:

    - `moving_mean = moving_mean * momentum + mean(batch) * (1 - momentum)`
    - `moving_var = moving_var * momentum + var(batch) * (1 - momentum)`

    As such, the layer will only normalize its inputs during inference
    *after having been trained on data that has similar statistics as the
    inference data*. The updates are made with `Variable.assign`, so they
    are recorded (not applied) inside a `StatelessScope`, as in the
    trainer and in `stateless_call`.

    Setting `layer.trainable = False` makes the layer run in inference mode
    even when called with `training=True`, and freezes its statistics.

    Args:
        axis: Integer, the axis that should be normalized (typically the
            features axis). For instance, after a `Conv2D` layer with
            `data_format="channels_first"`, use `axis=1`.
        momentum: Momentum for the moving average.
        epsilon: Small float added to variance to avoid dividing by zero.
        center: If `True`, add offset of `beta` to normalized tensor. If
            `False`, `beta` is ignored.
        scale: If `True`, multiply by `gamma`. If `False`, `gamma` is not
            used. When the next layer is linear this can be disabled since
            the scaling will be done by the next layer.
        beta_initializer: Initializer for the beta weight.
        gamma_initializer: Initializer for the gamma weight.
        moving_mean_initializer: Initializer for the moving mean.
        moving_variance_initializer: Initializer for the moving variance.
        beta_regularizer: Optional regularizer for the beta weight.
        gamma_regularizer: Optional regularizer for the gamma weight.
        beta_constraint: Optional constraint for the beta weight.
        gamma_constraint: Optional constraint for the gamma weight.
        synchronized: Accepted for API compatibility. Under JAX, statistics
            of a batch sharded over devices are already global.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Call arguments:
        inputs: Input tensor (of any rank).
        training: Python boolean indicating whether the layer should behave
            in training mode or in inference mode.
        mask: Binary tensor of shape broadcastable to `inputs` tensor, with
            `True` values indicating the positions for which mean and
            variance should be computed. Masked elements of the current
            inputs are not taken into account for mean and variance
            computation during training.

    Input shape:
        Arbitrary.

    Output shape:
        Same shape as the input.

    Example:

    >>> layer = keras.layers.BatchNormalization()
    >>> x = np.random.rand(8, 3).astype("float32")
    >>> y = layer(x, training=True)  # Updates the moving statistics.
    >>> [w.name for w in layer.non_trainable_weights]
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
        **kwargs,
    ):
        super().__init__(**kwargs)
        if not isinstance(axis, int):
            raise TypeError(
                "Expected an integer for the argument `axis`. Received: "
                f"axis={axis}"
            )
        self.axis = axis
        self.momentum = float(momentum)
        self.epsilon = float(epsilon)
        self.center = center
        self.scale = scale
        self.beta_initializer = initializers.get(beta_initializer)
        self.gamma_initializer = initializers.get(gamma_initializer)
        self.moving_mean_initializer = initializers.get(moving_mean_initializer)
        self.moving_variance_initializer = initializers.get(
            moving_variance_initializer
        )
        self.beta_regularizer = regularizers.get(beta_regularizer)
        self.gamma_regularizer = regularizers.get(gamma_regularizer)
        self.beta_constraint = constraints.get(beta_constraint)
        self.gamma_constraint = constraints.get(gamma_constraint)
        self.synchronized = synchronized
        self.supports_masking = True
        self.gamma = None
        self.beta = None

    def build(self, input_shape):
        ndim = len(input_shape)
        if not -ndim <= self.axis < ndim:
            raise ValueError(
                f"Invalid axis {self.axis} for layer '{self.name}': the "
                f"input has rank {ndim}. Input shape: {tuple(input_shape)}"
            )
        self._axis = self.axis % ndim
        size = input_shape[self._axis]
        if size is None:
            raise ValueError(
                f"Axis {self.axis} of the input to layer '{self.name}' "
                "should have a defined dimension. Received: input_shape="
                f"{tuple(input_shape)}"
            )
        shape = (size,)
        if self.scale:
            self.gamma = self.add_weight(
                name="gamma",
                shape=shape,
                initializer=self.gamma_initializer,
                regularizer=self.gamma_regularizer,
                constraint=self.gamma_constraint,
                trainable=True,
                autocast=False,
            )
        if self.center:
            self.beta = self.add_weight(
                name="beta",
                shape=shape,
                initializer=self.beta_initializer,
                regularizer=self.beta_regularizer,
                constraint=self.beta_constraint,
                trainable=True,
                autocast=False,
            )
        self.moving_mean = self.add_weight(
            name="moving_mean",
            shape=shape,
            initializer=self.moving_mean_initializer,
            trainable=False,
            autocast=False,
        )
        self.moving_variance = self.add_weight(
            name="moving_variance",
            shape=shape,
            initializer=self.moving_variance_initializer,
            trainable=False,
            autocast=False,
        )
        self.input_spec = InputSpec(ndim=ndim, axes={self._axis: size})
        self._reduction_axes = tuple(i for i in range(ndim) if i != self._axis)
        self._broadcast_shape = tuple(
            size if i == self._axis else 1 for i in range(ndim)
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
        if training and self.trainable:
            mean, variance = self._moments(x, mask)
            momentum = self.momentum
            self.moving_mean.assign(
                ops.cast(self.moving_mean, dtype) * momentum
                + mean * (1.0 - momentum)
            )
            self.moving_variance.assign(
                ops.cast(self.moving_variance, dtype) * momentum
                + variance * (1.0 - momentum)
            )
        else:
            mean = ops.cast(self.moving_mean, dtype)
            variance = ops.cast(self.moving_variance, dtype)
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

    def _moments(self, x, mask):
        """Per-channel mean and (biased) variance over the other axes."""
        axes = self._reduction_axes
        if mask is None:
            mean = ops.mean(x, axis=axes)
            variance = ops.var(x, axis=axes)
            return mean, variance
        weights = ops.cast(mask, x.dtype)
        while len(weights.shape) < len(x.shape):
            weights = ops.expand_dims(weights, axis=-1)
        weights = ops.broadcast_to(weights, x.shape)
        total = ops.maximum(ops.sum(weights, axis=axes), 1e-12)
        mean = ops.sum(x * weights, axis=axes) / total
        centered = x - self._broadcast(mean, x.dtype)
        variance = ops.sum(ops.square(centered) * weights, axis=axes) / total
        return mean, variance

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        base_config = super().get_config()
        config = {
            "axis": self.axis,
            "momentum": self.momentum,
            "epsilon": self.epsilon,
            "center": self.center,
            "scale": self.scale,
            "beta_initializer": initializers.serialize(self.beta_initializer),
            "gamma_initializer": initializers.serialize(self.gamma_initializer),
            "moving_mean_initializer": initializers.serialize(
                self.moving_mean_initializer
            ),
            "moving_variance_initializer": initializers.serialize(
                self.moving_variance_initializer
            ),
            "beta_regularizer": regularizers.serialize(self.beta_regularizer),
            "gamma_regularizer": regularizers.serialize(self.gamma_regularizer),
            "beta_constraint": serialization_lib.serialize_keras_object(
                self.beta_constraint
            ),
            "gamma_constraint": serialization_lib.serialize_keras_object(
                self.gamma_constraint
            ),
            "synchronized": self.synchronized,
        }
        return {**base_config, **config}
