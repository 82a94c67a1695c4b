"""`Equalization`: histogram equalization of images."""

from keras.src.api_export import keras_export
from keras.src.layers import arg_docs
from keras.src.layers.preprocessing.image_preprocessing import _histogram
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    BaseImagePreprocessingLayer,
)


@keras_export("keras.layers.Equalization")
@arg_docs.with_shared_args(arg_docs.IMAGE_ARGS)
class Equalization(BaseImagePreprocessingLayer):
    """Equalizes the histogram of each channel of each image.

    Pixel values are sorted into `bins` bins over `value_range`; each
    channel is remapped through its cumulative histogram so that the
    values spread evenly over the bins (the classic `ImageOps.equalize`
    rule: a channel with a single value is left unchanged). The output
    stays within `value_range`. Deterministic: it applies in training
    and inference alike.

    Args:
        bins: Number of histogram bins. Defaults to `256`.

    Example:

    >>> layer = keras.layers.Equalization(value_range=(0, 255))
    >>> layer(np.random.uniform(0, 255, (1, 8, 8, 3))).shape
    (1, 8, 8, 3)
    """

    _USE_BASE_FACTOR = False
    _CONFIG_ATTRS = ("bins", "value_range")

    def __init__(
        self, value_range=(0, 255), bins=256, data_format=None, **kwargs
    ):
        super().__init__(data_format=data_format, **kwargs)
        self.bins = bins
        self.value_range = value_range

    def _equalize(self, images):
        np_ = self.backend.numpy
        bins = self.bins
        x = _histogram.to_channels_last(self, images)
        batch, height, width, channels = x.shape
        batch = self.backend.shape(x)[0] if batch is None else batch
        index = _histogram.to_bins(self, x, bins)
        # (batch * channels, pixels)
        grouped = np_.reshape(
            np_.transpose(index, (0, 3, 1, 2)), (-1, height * width)
        )
        groups = self.backend.shape(grouped)[0]
        hist = _histogram.histograms(self, grouped, groups, bins)
        positions = np_.arange(bins, dtype="int32")
        last = np_.max(np_.where(hist > 0, positions, -1), axis=1)
        last_count = np_.take_along_axis(
            hist, np_.expand_dims(np_.maximum(last, 0), 1), axis=1
        )
        step = (height * width - last_count) // (bins - 1)
        safe_step = np_.maximum(step, 1)
        before = np_.cumsum(hist, axis=1) - hist
        lut = np_.clip((before + safe_step // 2) // safe_step, 0, bins - 1)
        lut = np_.where(step > 0, lut, positions)
        mapped = np_.take_along_axis(lut, grouped, axis=1)
        mapped = np_.transpose(
            np_.reshape(mapped, (-1, channels, height, width)), (0, 2, 3, 1)
        )
        out = _histogram.from_bins(self, mapped, bins)
        return _histogram.from_channels_last(self, out)

    def transform_images(self, images, transformation=None, training=True):
        images = self.backend.cast(images, self.compute_dtype)
        return self._as_batch(self._equalize, images)
