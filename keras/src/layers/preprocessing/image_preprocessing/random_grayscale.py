"""`RandomGrayscale`: randomly turns images gray while training."""

from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    BaseImagePreprocessingLayer,
)
from keras.src.random.seed_generator import SeedGenerator


@keras_export("keras.layers.RandomGrayscale")
class RandomGrayscale(BaseImagePreprocessingLayer):
    """Converts each image to grayscale with probability `factor`.

    Converted images keep their 3 channels (all equal to the luma), so
    the output shape matches the input. Only active while training.

    Args:
        factor: Float in `[0, 1]`, the probability of converting an
            image. Defaults to `0.5`.
        data_format: `"channels_last"` or `"channels_first"`. Defaults to
            `keras.config.image_data_format()`.
        seed: Optional integer seed.
        **kwargs: Standard `Layer` options.

    Example:

    >>> layer = keras.layers.RandomGrayscale(factor=1.0)
    >>> y = layer(np.random.rand(1, 4, 4, 3) * 255)
    >>> bool(np.allclose(y[..., 0], y[..., 2]))
    True
    """

    _USE_BASE_FACTOR = False

    def __init__(self, factor=0.5, data_format=None, seed=None, **kwargs):
        super().__init__(data_format=data_format, **kwargs)
        valid = (
            isinstance(factor, (int, float))
            and not isinstance(factor, bool)
            and 0 <= factor <= 1
        )
        if not valid:
            raise ValueError(
                "The `factor` argument should be a number in the range "
                f"[0, 1] (a probability). Received: factor={factor}"
            )
        self.factor = factor
        self.seed = seed
        self.generator = SeedGenerator(seed)

    def get_random_transformation(self, data, training=True, seed=None):
        if not training:
            return None
        images = data["images"] if isinstance(data, dict) else data
        draws = self.backend.random.uniform(
            shape=(self._batch_size(images), 1, 1, 1),
            seed=seed if seed is not None else self._get_seed_generator(),
        )
        return {"apply": draws < self.factor}

    def transform_images(self, images, transformation, training=True):
        images = self.backend.cast(images, self.compute_dtype)
        if not training or transformation is None:
            return images
        channel_axis = -1 if self.data_format == "channels_last" else -3
        gray = self.backend.image.rgb_to_grayscale(
            images, data_format=self.data_format
        )
        gray = self.backend.numpy.repeat(
            gray, images.shape[channel_axis], axis=channel_axis
        )
        apply = transformation["apply"]
        if len(images.shape) == 3:
            apply = apply[0]
        return self.backend.numpy.where(apply, gray, images)

    def get_config(self):
        config = super().get_config()
        config.update(factor=self.factor, seed=self.seed)
        return config
