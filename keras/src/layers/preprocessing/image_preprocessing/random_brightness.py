"""`RandomBrightness`: randomly shifts image brightness while training."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    BaseImagePreprocessingLayer,
)
from keras.src.random.seed_generator import SeedGenerator


@keras_export("keras.layers.RandomBrightness")
class RandomBrightness(BaseImagePreprocessingLayer):
    """Adds a random brightness offset to each image while training.

    The offset is drawn per image from `factor` and multiplied by the
    width of `value_range`, then added to every pixel; the result is
    clipped to `value_range`. At inference the images pass through
    unchanged (but are cast to the layer's compute dtype).

    Args:
        factor: Float `f` in `[0, 1]` for offsets in `[-f, f]` (as a
            fraction of the value range), or a pair `(low, high)` within
            `[-1, 1]` (e.g. `(0.1, 0.5)` only brightens).
        value_range: Range `[low, high]` of the pixel values. Defaults to
            `(0, 255)`.
        seed: Optional integer seed.
        **kwargs: Standard `Layer` options.

    Example:

    >>> layer = keras.layers.RandomBrightness((0.1, 0.2), seed=0)
    >>> x = np.full((1, 2, 2, 3), 100.0)
    >>> bool((layer(x) > x).all())
    True
    """

    def __init__(self, factor, value_range=(0, 255), seed=None, **kwargs):
        super().__init__(factor=factor, **kwargs)
        if not isinstance(value_range, (tuple, list)) or len(value_range) != 2:
            raise ValueError(
                "The `value_range` argument should be a list of two numbers. "
                f"Received: value_range={value_range}"
            )
        self.value_range = tuple(sorted(value_range))
        self.seed = seed
        self.generator = SeedGenerator(seed)

    def get_random_transformation(self, data, training=True, seed=None):
        if not training:
            return None
        images = data["images"] if isinstance(data, dict) else data
        low, high = self.factor
        span = self.value_range[1] - self.value_range[0]
        offsets = self.backend.random.uniform(
            shape=(self._batch_size(images), 1, 1, 1),
            minval=low,
            maxval=high,
            seed=seed if seed is not None else self._get_seed_generator(),
        )
        return {"rgb_delta": offsets * span}

    def transform_images(self, images, transformation, training=True):
        images = self.backend.cast(images, self.compute_dtype)
        if not training or transformation is None:
            return images
        delta = transformation["rgb_delta"]
        if len(images.shape) == 3:
            delta = delta[0]
        outputs = images + self.backend.cast(delta, images.dtype)
        return self.backend.numpy.clip(
            outputs, self.value_range[0], self.value_range[1]
        )

    def get_config(self):
        config = super().get_config()
        config.update(value_range=self.value_range, seed=self.seed)
        return config
