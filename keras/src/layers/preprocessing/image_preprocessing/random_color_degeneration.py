"""`RandomColorDegeneration`: randomly fades images towards gray."""

from keras.src.api_export import keras_export
from keras.src.layers import arg_docs
from keras.src.layers.preprocessing.image_preprocessing import _color


@keras_export("keras.layers.RandomColorDegeneration")
@arg_docs.with_shared_args(arg_docs.IMAGE_ARGS)
class RandomColorDegeneration(_color.ColorAdjustmentLayer):
    """Blends RGB images with their grayscale version by a random amount.

    A weight `w` is drawn per image from `factor`; the output is
    `(1 - w) * image + w * grayscale(image)`, clipped to `value_range`,
    so `0` keeps the colors and `1` removes them. Only active while
    training.

    Args:
        factor: Float `f` in `[0, 1]` for weights in `[0, f]`, or a pair
            `(low, high)` within `[0, 1]`.

    Example:

    >>> layer = keras.layers.RandomColorDegeneration((1.0, 1.0))
    >>> y = layer(np.random.rand(1, 2, 2, 3) * 255)
    >>> bool(np.allclose(y[..., 0], y[..., 2], atol=1e-3))
    True
    """

    _FACTOR_BOUNDS = (0, 1)

    def _adjust(self, images, weight):
        gray = _color.grayscale_like(self, images)
        blended = images + (gray - images) * weight
        return self.backend.numpy.clip(
            blended, self.value_range[0], self.value_range[1]
        )
