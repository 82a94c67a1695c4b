"""`RandomInvert`: randomly inverts image values while training."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    BaseImagePreprocessingLayer,
)
from keras.src.random.seed_generator import SeedGenerator


@keras_export("keras.layers.RandomInvert")
class RandomInvert(BaseImagePreprocessingLayer):
    """Inverts the pixel values of randomly chosen images while training.

    An inverted image maps each value `x` of `value_range = (low, high)`
    to `low + high - x`. Each image is inverted with a probability drawn
    uniformly from `factor` (a single float `f` meaning `[0, f]`).

    Args:
        factor: Float in `[0, 1]` or pair of floats: the range of the
            inversion probability. Defaults to `1.0`.
        value_range: Range `(low, high)` of the pixel values. Defaults
            to `(0, 255)`.
        seed: Optional integer seed.
        data_format: `"channels_last"` or `"channels_first"`. Defaults to
            `keras.config.image_data_format()`.
        **kwargs: Standard `Layer` options.

    Example:

    >>> layer = keras.layers.RandomInvert(factor=(1, 1), value_range=(0, 1))
    >>> layer(np.array([[[[0.25]]]]))
    Array([[[[0.75]]]], dtype=float32)
    """

    _FACTOR_BOUNDS = (0, 1)

    def __init__(
        self,
        factor=1.0,
        value_range=(0, 255),
        seed=None,
        data_format=None,
        **kwargs,
    ):
        super().__init__(factor=factor, data_format=data_format, **kwargs)
        self.value_range = tuple(value_range)
        self.seed = seed
        self.generator = SeedGenerator(seed)

    def get_random_transformation(self, data, training=True, seed=None):
        if not training:
            return None
        images = data["images"] if isinstance(data, dict) else data
        seed = seed if seed is not None else self._get_seed_generator()
        shape = (self._batch_size(images), 1, 1, 1)
        probability = self.backend.random.uniform(
            shape, minval=self.factor[0], maxval=self.factor[1], seed=seed
        )
        draws = self.backend.random.uniform(shape, seed=seed)
        return {"invert": draws < probability}

    def transform_images(self, images, transformation, training=True):
        images = self.backend.cast(images, self.compute_dtype)
        if not training or transformation is None:
            return images
        low, high = self.value_range
        invert = transformation["invert"]
        if len(images.shape) == 3:
            invert = invert[0]
        return self.backend.numpy.where(invert, low + high - images, images)

    def get_config(self):
        config = super().get_config()
        config.update(value_range=self.value_range, seed=self.seed)
        return config
