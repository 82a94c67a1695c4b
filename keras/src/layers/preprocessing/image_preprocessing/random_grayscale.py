"""`RandomGrayscale`: randomly turns images gray while training."""

from keras.src.api_export import keras_export
from keras.src.layers import arg_docs
from keras.src.layers.preprocessing.image_preprocessing import _color
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    RandomAugmentationLayer,
)


@keras_export("keras.layers.RandomGrayscale")
@arg_docs.with_shared_args(arg_docs.IMAGE_ARGS)
class RandomGrayscale(RandomAugmentationLayer):
    """Converts each image to grayscale with probability `factor`.

    Converted images keep their 3 channels (all equal to the luma), so
    the output shape matches the input. Only active while training.

    Args:
        factor: Float in `[0, 1]`, the probability of converting an image.
            Defaults to `0.5`.

    Example:

    >>> layer = keras.layers.RandomGrayscale(factor=1.0)
    >>> y = layer(np.random.rand(1, 4, 4, 3) * 255)
    >>> bool(np.allclose(y[..., 0], y[..., 2]))
    True
    """

    _USE_BASE_FACTOR = False
    _CONFIG_ATTRS = ("factor", "seed")

    def __init__(self, factor=0.5, data_format=None, seed=None, **kwargs):
        super().__init__(data_format=data_format, seed=seed, **kwargs)
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

    def _draw_transformation(self, images, seed):
        draws = self.backend.random.uniform(
            shape=self._per_image_shape(images), seed=seed
        )
        return {"apply": draws < self.factor}

    def transform_images(self, images, transformation, training=True):
        images = self.backend.cast(images, self.compute_dtype)
        if not training or transformation is None:
            return images
        gray = _color.grayscale_like(self, images)
        apply = self._for_images(transformation["apply"], images)
        return self.backend.numpy.where(apply, gray, images)
