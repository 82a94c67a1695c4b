"""`Solarization`: inverts the pixels above a random threshold."""

from keras.src.api_export import keras_export
from keras.src.layers import arg_docs
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    RandomAugmentationLayer,
)


def _probability_range(value, name):
    """`value` (a float `f` for `[0, f]`, or a pair) as a pair in [0, 1]."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        bounds = (0.0, float(value))
    elif isinstance(value, (tuple, list)) and len(value) == 2:
        bounds = (float(min(value)), float(max(value)))
    else:
        bounds = None
    if bounds is None or bounds[0] < 0 or bounds[1] > 1:
        raise ValueError(
            f"The `{name}` argument should be a number (or a list of two "
            f"numbers) in the range [0, 1]. Received: {name}={value}"
        )
    return bounds


@keras_export("keras.layers.Solarization")
@arg_docs.with_shared_args(arg_docs.IMAGE_ARGS)
class Solarization(RandomAugmentationLayer):
    """Solarizes images: pixels above a threshold are inverted.

    With values rescaled to `[0, 1]` (from `value_range`), a random
    amount from `addition_factor` is first added to each image (and the
    result clipped), then every value at or above a random threshold
    from `threshold_factor` becomes `1 - value`. With the defaults (no
    addition, threshold 0) the whole image is inverted. Only active
    while training.

    Args:
        addition_factor: Float `f` for additions in `[0, f]`, or a pair; in
            `[0, 1]` (fractions of the value range). Defaults to `0`.
        threshold_factor: Float `f` for thresholds in `[0, f]`, or a pair;
            in `[0, 1]`. Defaults to `0`.

    Example:

    >>> layer = keras.layers.Solarization(value_range=(0, 255))
    >>> layer(np.full((1, 1, 1, 1), 55.0))
    Array([[[[200.]]]], dtype=float32)
    """

    _USE_BASE_FACTOR = False
    _CONFIG_ATTRS = (
        "addition_factor",
        "threshold_factor",
        "value_range",
        "seed",
    )

    def __init__(
        self,
        addition_factor=0.0,
        threshold_factor=0.0,
        value_range=(0, 255),
        seed=None,
        **kwargs,
    ):
        super().__init__(seed=seed, **kwargs)
        self.addition_factor = _probability_range(
            addition_factor, "addition_factor"
        )
        self.threshold_factor = _probability_range(
            threshold_factor, "threshold_factor"
        )
        self.value_range = tuple(value_range)

    def _draw_transformation(self, images, seed):
        shape = self._per_image_shape(images)
        additions = self.backend.random.uniform(
            shape, *self.addition_factor, seed=seed
        )
        thresholds = self.backend.random.uniform(
            shape, *self.threshold_factor, seed=seed
        )
        return {"additions": additions, "thresholds": thresholds}

    def transform_images(self, images, transformation, training=True):
        images = self.backend.cast(images, self.compute_dtype)
        if not training or transformation is None:
            return images
        np_ = self.backend.numpy
        low, high = self.value_range
        additions = self._for_images(transformation["additions"], images)
        thresholds = self._for_images(transformation["thresholds"], images)
        x = (images - low) / (high - low)
        x = np_.clip(x + self.backend.cast(additions, x.dtype), 0.0, 1.0)
        x = np_.where(x >= thresholds, 1.0 - x, x)
        return x * (high - low) + low
