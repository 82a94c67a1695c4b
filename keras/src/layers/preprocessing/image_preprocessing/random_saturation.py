"""`RandomSaturation`: randomly changes color saturation while training."""

from keras.src.api_export import keras_export
from keras.src.layers import arg_docs
from keras.src.layers.preprocessing.image_preprocessing import _color


@keras_export("keras.layers.RandomSaturation")
@arg_docs.with_shared_args(arg_docs.IMAGE_ARGS)
class RandomSaturation(_color.ColorAdjustmentLayer):
    """Scales the saturation of RGB images by a random amount.

    A value `f` is drawn per image from `factor` and the HSV saturation
    is multiplied by `f / (1 - f)`: `0` gives a grayscale image, `0.5`
    leaves it unchanged and values near `1` saturate the colors fully.
    Only active while training.

    Args:
        factor: Float `f` in `[0, 1]` for values in `[0, f]`, or a pair
            `(low, high)` within `[0, 1]`.
        value_range: Range `(low, high)` of the pixel values. Defaults to
            `(0, 1)`.

    Example:

    >>> layer = keras.layers.RandomSaturation((0.0, 0.0))
    >>> y = layer(np.random.rand(1, 2, 2, 3))
    >>> bool(np.allclose(y[..., 0], y[..., 1], atol=1e-5))
    True
    """

    _FACTOR_BOUNDS = (0, 1)

    def __init__(
        self,
        factor,
        value_range=(0, 1),
        data_format=None,
        seed=None,
        **kwargs,
    ):
        super().__init__(factor, value_range, data_format, seed, **kwargs)

    def _adjust(self, images, f):
        np_ = self.backend.numpy
        scale = f / np_.maximum(1.0 - f, 1e-6)

        def scale_saturation(hue, saturation, value):
            return [hue, np_.clip(saturation * scale, 0.0, 1.0), value]

        return _color.adjust_hsv(self, images, scale_saturation)
