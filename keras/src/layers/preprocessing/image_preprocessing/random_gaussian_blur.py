"""`RandomGaussianBlur`: randomly blurs images while training."""

from keras.src.api_export import keras_export
from keras.src.layers import arg_docs
from keras.src.layers.preprocessing.image_preprocessing import _color
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    RandomAugmentationLayer,
)


@keras_export("keras.layers.RandomGaussianBlur")
@arg_docs.with_shared_args(arg_docs.IMAGE_ARGS)
class RandomGaussianBlur(RandomAugmentationLayer):
    """Blurs randomly chosen images with a random Gaussian kernel.

    Each call draws one pair of standard deviations (horizontal,
    vertical) from `[0, sigma]` for the batch, and each image is blurred
    with a probability drawn from `factor`. The border is zero-padded;
    results are clipped to `value_range`. Only active while training.

    Args:
        factor: Float in `[0, 1]` or pair: the range of the probability of
            blurring an image. Defaults to `1.0`.
        kernel_size: Odd integer, the kernel's height and width. Defaults to
            `3`.
        sigma: Largest standard deviation drawn. Defaults to `1.0`.

    Example:

    >>> layer = keras.layers.RandomGaussianBlur(seed=3)
    >>> layer(np.random.rand(2, 6, 6, 3) * 255).shape
    (2, 6, 6, 3)
    """

    _FACTOR_BOUNDS = (0, 1)
    _CONFIG_ATTRS = ("kernel_size", "sigma", "value_range", "seed")

    def __init__(
        self,
        factor=1.0,
        kernel_size=3,
        sigma=1.0,
        value_range=(0, 255),
        data_format=None,
        seed=None,
        **kwargs,
    ):
        super().__init__(
            factor=factor, data_format=data_format, seed=seed, **kwargs
        )
        self.kernel_size = kernel_size
        self.sigma = sigma
        self.value_range = _color.check_value_range(value_range)

    def _draw_transformation(self, images, seed):
        apply = self._draw_apply_mask((self._batch_size(images),), seed)
        # A tiny floor keeps a zero `sigma` from dividing by zero.
        blur = self.backend.random.uniform((2,), 0.0, self.sigma, seed=seed)
        return {"blur_factor": blur + 1e-6, "should_apply_blur": apply}

    def transform_images(self, images, transformation, training=True):
        images = self.backend.cast(images, self.compute_dtype)
        if not training or transformation is None:
            return images
        np_ = self.backend.numpy
        blurred = self.backend.image.gaussian_blur(
            images,
            kernel_size=(self.kernel_size, self.kernel_size),
            sigma=transformation["blur_factor"],
            data_format=self.data_format,
        )
        apply = transformation["should_apply_blur"]
        if len(images.shape) == 4:
            apply = np_.reshape(apply, (-1, 1, 1, 1))
        else:
            apply = np_.reshape(apply, ())
        outputs = np_.where(apply, blurred, images)
        return np_.clip(outputs, self.value_range[0], self.value_range[1])
