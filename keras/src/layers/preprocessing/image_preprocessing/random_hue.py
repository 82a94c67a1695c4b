"""`RandomHue`: randomly rotates the hue of images while training."""

from keras.src.api_export import keras_export
from keras.src.layers import arg_docs
from keras.src.layers.preprocessing.image_preprocessing import _color


@keras_export("keras.layers.RandomHue")
@arg_docs.with_shared_args(arg_docs.IMAGE_ARGS)
class RandomHue(_color.ColorAdjustmentLayer):
    """Rotates the hue of RGB images by a random amount while training.

    A shift is drawn per image from `factor` (a fraction of the full
    color circle) and added to the HSV hue, which wraps around. Only
    active while training.

    Args:
        factor: Float `f` in `[0, 1]` for shifts in `[-f, f]`, or a pair
            `(low, high)` within `[-1, 1]`.

    Example:

    >>> layer = keras.layers.RandomHue(0.3, value_range=(0, 1), seed=2)
    >>> layer(np.random.rand(2, 4, 4, 3)).shape
    (2, 4, 4, 3)
    """

    _STRENGTH_KEY = "hue_shift"

    def _adjust(self, images, shift):
        def rotate_hue(hue, saturation, value):
            return [self.backend.numpy.mod(hue + shift, 1.0), saturation, value]

        return _color.adjust_hsv(self, images, rotate_hue)
