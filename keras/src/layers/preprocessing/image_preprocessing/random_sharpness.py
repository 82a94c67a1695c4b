"""`RandomSharpness`: randomly sharpens or softens images."""

from keras.src.api_export import keras_export
from keras.src.layers import arg_docs
from keras.src.layers.preprocessing.image_preprocessing import _color


@keras_export("keras.layers.RandomSharpness")
@arg_docs.with_shared_args(arg_docs.IMAGE_ARGS)
class RandomSharpness(_color.ColorAdjustmentLayer):
    """Changes the sharpness of images by a random amount while training.

    Each image is blended with a smoothed copy of itself (3x3 kernel with
    weight 5 in the center and 1 around it): with a value `f` drawn from
    `factor`, the output is `smooth + (image - smooth) * 2f`. So `0`
    gives the smoothed image, `0.5` the image itself and `1` an image
    sharpened twice as much. Border pixels are kept as they are; results
    are clipped to `value_range`. Only active while training.

    Args:
        factor: Float `f` in `[0, 1]` for values in `[0, f]`, or a pair
            `(low, high)` within `[0, 1]`.

    Example:

    >>> layer = keras.layers.RandomSharpness((0.5, 0.5))
    >>> x = np.random.rand(1, 5, 5, 3) * 255
    >>> bool(np.allclose(layer(x), x, atol=1e-3))
    True
    """

    _FACTOR_BOUNDS = (0, 1)

    def _smooth(self, x):
        """The smoothed copy of a batch `x`, borders kept as they are."""
        np_ = self.backend.numpy
        axis = -1 if self.data_format == "channels_last" else 1
        channels = x.shape[axis]
        weights = np_.array(
            [[1.0, 1.0, 1.0], [1.0, 5.0, 1.0], [1.0, 1.0, 1.0]], x.dtype
        )
        kernel = np_.tile(
            np_.reshape(weights / 13.0, (3, 3, 1, 1)), (1, 1, channels, 1)
        )
        smooth = self.backend.nn.depthwise_conv(
            x, kernel, padding="same", data_format=self.data_format
        )
        # Only interior pixels have a full neighbourhood: keep the border.
        height, width = self._image_size(x)
        rows = np_.arange(height)
        cols = np_.arange(width)
        interior = np_.logical_and(
            np_.expand_dims((rows > 0) & (rows < height - 1), 1),
            np_.expand_dims((cols > 0) & (cols < width - 1), 0),
        )
        if self.data_format == "channels_last":
            interior = np_.expand_dims(interior, -1)
        return np_.where(interior, smooth, x)

    def _adjust(self, images, strength):
        smooth = self._as_batch(self._smooth, images)
        outputs = smooth + (images - smooth) * (2.0 * strength)
        return self.backend.numpy.clip(
            outputs, self.value_range[0], self.value_range[1]
        )
