"""`RMSNormalization`: scales inputs by their root mean square."""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer
from keras.src.layers.normalization.layer_normalization import normalize_axes


@keras_export("keras.layers.RMSNormalization")
class RMSNormalization(Layer):
    """Root Mean Square (RMS) Normalization layer.

    This layer normalizes the input tensor based on its RMS value and
    applies a learned scaling factor.

    The Keras layer performs the operation as described in
    [Root Mean Square Layer Normalization](https://arxiv.org/pdf/1910.07467)
    by Biao Zhang et al.

    If `scale` is enabled, the layer will scale the normalized outputs via
    a learnable scaling factor.

    So, with scaling enabled, the normalization equations are as follows:

    Let the intermediate activations for a mini-batch to be the `inputs`.

    ```python
    rms_normalization(x) = x * rsqrt(mean(square(x)) + epsilon) * scale
    ```

    Statistics are computed in float32 for float16/bfloat16 inputs, and the
    output is cast back to the input dtype.

    Args:
        axis: int or list. The axis or axes on which to perform the
            normalization. Defaults to `-1`.
        epsilon: float. A small number to add to avoid division by zero.
            Defaults to `1e-6`.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Input shape:
        Arbitrary.

    Output shape:
        Same shape as the input.

    Example:

    >>> input_data = np.random.rand(1, 10).astype("float32")
    >>> layer = keras.layers.RMSNormalization()
    >>> layer(input_data).shape
    (1, 10)
    """

    def __init__(self, axis=-1, epsilon=1e-6, **kwargs):
        super().__init__(**kwargs)
        self.axis = list(axis) if isinstance(axis, (list, tuple)) else axis
        self.epsilon = epsilon
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
        self._broadcast_shape = tuple(
            input_shape[i] if i in self._axes else 1 for i in range(ndim)
        )
        self.scale = self.add_weight(
            name="scale",
            shape=param_shape,
            initializer="ones",
            trainable=True,
            autocast=False,
        )

    def call(self, x):
        input_dtype = backend.standardize_dtype(x.dtype)
        if not backend.is_float_dtype(input_dtype):
            input_dtype = self.compute_dtype
        dtype = (
            "float32" if input_dtype in ("float16", "bfloat16") else input_dtype
        )
        ndim = len(x.shape)
        x = ops.cast(x, dtype)
        axes = tuple(self._axes)
        mean_square = ops.mean(ops.square(x), axis=axes, keepdims=True)
        outputs = x * ops.rsqrt(mean_square + self.epsilon)
        scale = ops.cast(self.scale, dtype)
        if self._axes != list(range(ndim - len(self._axes), ndim)):
            scale = ops.reshape(scale, self._broadcast_shape)
        return ops.cast(outputs * scale, input_dtype)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = {"axis": self.axis, "epsilon": self.epsilon}
        base_config = super().get_config()
        return {**base_config, **config}
