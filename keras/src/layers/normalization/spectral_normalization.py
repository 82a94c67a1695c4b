"""`SpectralNormalization`: a wrapper that normalizes a kernel's spectral
norm."""

from keras.src import initializers
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.core.wrapper import Wrapper


@keras_export("keras.layers.SpectralNormalization")
class SpectralNormalization(Wrapper):
    """Divides the kernel of the wrapped layer by its spectral norm.

    The spectral norm (the largest singular value of the kernel, seen as
    a matrix whose columns are the output units) is estimated with
    `power_iterations` steps of power iteration from a vector `u` kept
    between calls (a non-trainable weight, `vector_u`). While training,
    each call updates `u` and replaces the wrapped layer's kernel with
    the normalized kernel, then runs the wrapped layer; at inference the
    wrapped layer runs as it is. This constrains the Lipschitz constant
    of the layer, which stabilizes GAN discriminators (Miyato et al.,
    2018, https://arxiv.org/abs/1802.05957).

    Args:
        layer: A `keras.layers.Layer` with a `kernel` (e.g. `Dense`,
            `Conv2D`) or `embeddings` (`Embedding`) weight.
        power_iterations: Number of power-iteration steps per call.
            Defaults to `1`.
        **kwargs: Standard `Layer` options.

    Example:

    >>> layer = keras.layers.SpectralNormalization(keras.layers.Dense(2))
    >>> layer(np.ones((1, 3)), training=True).shape
    (1, 2)
    """

    def __init__(self, layer, power_iterations=1, **kwargs):
        super().__init__(layer, **kwargs)
        if power_iterations <= 0:
            raise ValueError(
                "`power_iterations` should be greater than zero. Received: "
                f"`power_iterations={power_iterations}`"
            )
        self.power_iterations = power_iterations

    def build(self, input_shape):
        if not self.layer.built:
            self.layer.build(input_shape)
            self.layer.built = True
        if hasattr(self.layer, "kernel"):
            self.kernel = self.layer.kernel
        elif hasattr(self.layer, "embeddings"):
            self.kernel = self.layer.embeddings
        else:
            raise ValueError(
                f"{type(self.layer).__name__} object has no attribute "
                "'kernel' nor 'embeddings'"
            )
        self.kernel_shape = self.kernel.shape
        self.vector_u = self.add_weight(
            shape=(1, self.kernel_shape[-1]),
            initializer=initializers.TruncatedNormal(stddev=0.02),
            trainable=False,
            name="vector_u",
            dtype=self.kernel.dtype,
        )
        self.built = True

    def call(self, inputs, training=False):
        if training:
            new_vector_u, new_kernel = ops.cond(
                ops.all(ops.equal(self.kernel.value, 0)),
                lambda: (self.vector_u.value, self.kernel.value),
                self.normalized_weights,
            )
            self.vector_u.assign(new_vector_u)
            self.kernel.assign(new_kernel)
        output = self.layer(inputs)
        return ops.cast(output, inputs.dtype)

    def compute_output_shape(self, input_shape):
        return self.layer.compute_output_shape(input_shape)

    def normalized_weights(self):
        """`(new_vector_u, normalized_kernel)` after power iteration."""
        weights = ops.reshape(self.kernel, [-1, self.kernel_shape[-1]])
        vector_u = self.vector_u.value
        for _ in range(self.power_iterations):
            vector_v = _l2_normalize(
                ops.matmul(vector_u, ops.transpose(weights))
            )
            vector_u = _l2_normalize(ops.matmul(vector_v, weights))
        vector_u = ops.stop_gradient(vector_u)
        vector_v = ops.stop_gradient(vector_v)
        sigma = ops.matmul(
            ops.matmul(vector_v, weights), ops.transpose(vector_u)
        )
        kernel = ops.reshape(ops.divide(self.kernel, sigma), self.kernel_shape)
        return ops.cast(vector_u, self.vector_u.dtype), ops.cast(
            kernel, self.kernel.dtype
        )

    def get_config(self):
        config = super().get_config()
        config["power_iterations"] = self.power_iterations
        return config


def _l2_normalize(x, epsilon=1e-12):
    square_sum = ops.sum(ops.square(x), axis=-1, keepdims=True)
    return x * ops.rsqrt(ops.maximum(square_sum, epsilon))
