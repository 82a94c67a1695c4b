"""`UnitNormalization`: scales each sample to unit L2 norm."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer


@keras_export("keras.layers.UnitNormalization")
class UnitNormalization(Layer):
    """Divides its input by its L2 norm over `axis`.

    After the layer, the sum of squares over the given axes is 1 for
    every slice (zero slices stay zero).

    Args:
        axis: Integer or list/tuple of integers, the axes whose values
            form one vector to normalize. Defaults to `-1`.
        **kwargs: Standard `Layer` options.

    Example:

    >>> layer = keras.layers.UnitNormalization()
    >>> layer(np.array([[3.0, 4.0]]))
    Array([[0.6, 0.8]], dtype=float32)
    """

    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        if isinstance(axis, (list, tuple)):
            self.axis = list(axis)
        elif isinstance(axis, int):
            self.axis = axis
        else:
            raise TypeError(
                "Invalid value for `axis` argument: expected an int or a "
                f"list/tuple of ints. Received: axis={axis!r}"
            )
        self.supports_masking = True
        self.built = True

    def call(self, inputs):
        axis = tuple(self.axis) if isinstance(self.axis, list) else self.axis
        x = ops.cast(inputs, self.compute_dtype)
        squares = ops.sum(ops.square(x), axis=axis, keepdims=True)
        # Clamping the squared norm keeps all-zero slices at zero.
        return x * ops.rsqrt(ops.maximum(squares, 1e-12))

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config.update(axis=self.axis)
        return config
