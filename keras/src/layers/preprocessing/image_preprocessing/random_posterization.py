"""`RandomPosterization`: randomly reduces the bits per color channel."""

from keras.src.api_export import keras_export
from keras.src.layers import arg_docs
from keras.src.layers.preprocessing.image_preprocessing import _color
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    RandomAugmentationLayer,
)


@keras_export("keras.layers.RandomPosterization")
@arg_docs.with_shared_args(arg_docs.IMAGE_ARGS)
class RandomPosterization(RandomAugmentationLayer):
    """Keeps only a random number of high bits of each 8-bit value.

    Values are mapped from `value_range` to `[0, 255]`, and for each
    image a bit count `b` is drawn from `[1, factor]`: only the `b` most
    significant bits of every value are kept, leaving `2**b` levels per
    channel. Only active while training.

    Args:
        factor: Integer in `[1, 8]`, the largest number of bits kept.

    Example:

    >>> layer = keras.layers.RandomPosterization(1, value_range=(0, 255))
    >>> layer(np.array([[[[200.0], [100.0]]]]))
    Array([[[[128.],
             [  0.]]]], dtype=float32)
    """

    _USE_BASE_FACTOR = False
    _CONFIG_ATTRS = ("factor", "value_range", "seed")

    def __init__(
        self,
        factor,
        value_range=(0, 255),
        data_format=None,
        seed=None,
        **kwargs,
    ):
        super().__init__(data_format=data_format, seed=seed, **kwargs)
        valid = (
            isinstance(factor, int)
            and not isinstance(factor, bool)
            and 1 <= factor <= 8
        )
        if not valid:
            raise ValueError(
                "The `factor` argument should be an integer number of bits "
                f"in the range [1, 8]. Received: factor={factor}"
            )
        self.factor = factor
        self.value_range = _color.check_value_range(value_range)

    def _draw_transformation(self, images, seed):
        bits = self.backend.random.randint(
            self._per_image_shape(images), 1, self.factor + 1, seed=seed
        )
        return {"bits": self._for_images(bits, images)}

    def transform_images(self, images, transformation, training=True):
        images = self.backend.cast(images, self.compute_dtype)
        if not training or transformation is None:
            return images
        np_ = self.backend.numpy
        levels = np_.round(_color.to_unit(self, images) * 255.0)
        levels = self.backend.cast(np_.clip(levels, 0, 255), "int32")
        # Zero the low `8 - bits` bits of every value.
        step = np_.power(2, 8 - transformation["bits"])
        levels = (levels // step) * step
        unit = self.backend.cast(levels, images.dtype) / 255.0
        return _color.from_unit(self, unit)
