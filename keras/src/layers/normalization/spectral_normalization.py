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
            kernel = self.kernel.value
            # An all-zero kernel has no spectral norm to divide by: keep it.
            is_zero = ops.all(ops.equal(kernel, 0))
            u, normalized = self.normalized_weights()
            self.vector_u.assign(ops.where(is_zero, self.vector_u.value, u))
            self.kernel.assign(ops.where(is_zero, kernel, normalized))
        return ops.cast(self.layer(inputs), inputs.dtype)

    def compute_output_shape(self, input_shape):
        return self.layer.compute_output_shape(input_shape)

    def normalized_weights(self):
        """`(new_vector_u, normalized_kernel)` after power iteration."""
        units = self.kernel_shape[-1]
        matrix = ops.reshape(self.kernel.value, (-1, units))
        u, v = _power_iteration(
            matrix, self.vector_u.value, self.power_iterations
        )
        # Estimate of the largest singular value: v^T W u.
        sigma = ops.sum(ops.matmul(v, matrix) * u)
        normalized = ops.reshape(matrix / sigma, self.kernel_shape)
        return (
            ops.cast(u, self.vector_u.dtype),
            ops.cast(normalized, self.kernel.dtype),
        )

    def get_config(self):
        config = super().get_config()
        config["power_iterations"] = self.power_iterations
        return config


def _power_iteration(matrix, u, steps):
    """`steps` rounds of `v = normalize(W u)`, `u = normalize(W^T v)` for
    `matrix` W of shape `(rows, units)` and `u` of shape `(1, units)`;
    returns `(u, v)` with gradients stopped."""
    for _ in range(steps):
        v = _l2_normalize(ops.matmul(u, ops.transpose(matrix)))
        u = _l2_normalize(ops.matmul(v, matrix))
    return ops.stop_gradient(u), ops.stop_gradient(v)


def _l2_normalize(x, epsilon=1e-12):
    square_sum = ops.sum(ops.square(x), axis=-1, keepdims=True)
    return x * ops.rsqrt(ops.maximum(square_sum, epsilon))
