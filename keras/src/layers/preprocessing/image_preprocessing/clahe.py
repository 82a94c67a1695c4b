"""`ContrastLimitedAdaptiveHistogramEqualization` (CLAHE)."""

from keras.src.api_export import keras_export
from keras.src.layers import arg_docs
from keras.src.layers.preprocessing.image_preprocessing import _color
from keras.src.layers.preprocessing.image_preprocessing import _histogram
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    BaseImagePreprocessingLayer,
)
from keras.src.utils.python_utils import ceil_div


@keras_export("keras.layers.ContrastLimitedAdaptiveHistogramEqualization")
@arg_docs.with_shared_args(arg_docs.IMAGE_ARGS)
class ContrastLimitedAdaptiveHistogramEqualization(BaseImagePreprocessingLayer):
    """Contrast Limited Adaptive Histogram Equalization.

    Each image is divided into a `tile_grid_size` grid of tiles. Every
    tile gets its own equalization mapping from its histogram (256
    bins over `value_range`), whose counts are first limited to
    `clip_limit` times the average count, the excess being spread over
    all bins (this limits the amplification of noise). A pixel's new
    value interpolates bilinearly between the mappings of the four
    nearest tile centers, so tile borders do not show. Each channel is
    processed on its own; the output stays within `value_range`.
    Deterministic: it applies in training and inference alike.

    Args:
        clip_limit: Float > 0, the contrast limit. Defaults to `4.0`.
        tile_grid_size: `(rows, cols)` of the tile grid. Defaults to `(8,
            8)`.

    Example:

    >>> layer = keras.layers.ContrastLimitedAdaptiveHistogramEqualization(
    ...     tile_grid_size=(2, 2))
    >>> layer(np.random.uniform(0, 255, (1, 8, 8, 3))).shape
    (1, 8, 8, 3)
    """

    _USE_BASE_FACTOR = False
    _CONFIG_ATTRS = ("value_range", "clip_limit", "tile_grid_size")
    _BINS = 256

    def __init__(
        self,
        value_range=(0, 255),
        clip_limit=4.0,
        tile_grid_size=(8, 8),
        data_format=None,
        **kwargs,
    ):
        super().__init__(data_format=data_format, **kwargs)
        self.value_range = _color.check_value_range(value_range)
        if clip_limit <= 0:
            raise ValueError(
                "`clip_limit` should be a positive number. Received: "
                f"clip_limit={clip_limit}"
            )
        if len(tile_grid_size) != 2 or min(tile_grid_size) < 1:
            raise ValueError(
                "`tile_grid_size` should be a pair of positive integers. "
                f"Received: tile_grid_size={tile_grid_size}"
            )
        self.clip_limit = clip_limit
        self.tile_grid_size = tuple(tile_grid_size)

    def _clahe(self, images):
        np_ = self.backend.numpy
        bins = self._BINS
        x = _histogram.to_channels_last(self, images)
        _, height, width, channels = x.shape
        grid_h, grid_w = self.tile_grid_size
        tile_h = ceil_div(height, grid_h)
        tile_w = ceil_div(width, grid_w)
        pad_h, pad_w = tile_h * grid_h - height, tile_w * grid_w - width
        index = _histogram.to_bins(self, x, bins)
        padded = index
        if pad_h or pad_w:
            padded = np_.pad(
                index,
                ((0, 0), (0, pad_h), (0, pad_w), (0, 0)),
                mode="reflect" if pad_h < height and pad_w < width else "edge",
            )
        # (batch, grid_h, tile_h, grid_w, tile_w, C) -> groups of tiles
        tiles = np_.reshape(
            padded, (-1, grid_h, tile_h, grid_w, tile_w, channels)
        )
        tiles = np_.transpose(tiles, (0, 1, 3, 5, 2, 4))
        tiles = np_.reshape(tiles, (-1, tile_h * tile_w))
        groups = self.backend.shape(tiles)[0]
        hist = self.backend.cast(
            _histogram.histograms(self, tiles, groups, bins), "float32"
        )
        pixels = float(tile_h * tile_w)
        limit = max(self.clip_limit * pixels / bins, 1.0)
        clipped = np_.minimum(hist, limit)
        excess = np_.sum(hist - clipped, axis=1, keepdims=True)
        clipped = clipped + excess / bins
        cdf = np_.cumsum(clipped, axis=1)
        lut = np_.clip(cdf / pixels * (bins - 1), 0, bins - 1)
        # (batch, grid_h, grid_w, C, bins)
        lut = np_.reshape(lut, (-1, grid_h, grid_w, channels, bins))

        # Bilinear weights between tile centers, per row and column.
        def neighbours(size, tile, grid):
            position = (np_.arange(size, dtype="float32") + 0.5) / tile - 0.5
            low = np_.clip(np_.floor(position), 0, grid - 1)
            high = np_.clip(low + 1, 0, grid - 1)
            frac = np_.clip(position - low, 0.0, 1.0)
            frac = np_.where(high == low, 0.0, frac)
            return (
                self.backend.cast(low, "int32"),
                self.backend.cast(high, "int32"),
                frac,
            )

        r0, r1, fr = neighbours(height, tile_h, grid_h)
        c0, c1, fc = neighbours(width, tile_w, grid_w)
        # LUT values at (batch, C, H, W) for one (row tile, col tile).
        lut_t = np_.reshape(
            np_.transpose(lut, (0, 3, 1, 2, 4)),
            (-1, channels, grid_h * grid_w * bins),
        )
        value_index = np_.reshape(
            np_.transpose(index, (0, 3, 1, 2)), (-1, channels, height * width)
        )

        def lookup(rows, cols):
            tile = np_.reshape(rows, (-1, 1)) * grid_w + np_.reshape(
                cols, (1, -1)
            )
            flat = np_.reshape(tile, (1, 1, -1)) * bins + value_index
            values = np_.take_along_axis(lut_t, flat, axis=-1)
            return np_.reshape(values, (-1, channels, height, width))

        fr = np_.reshape(fr, (1, 1, -1, 1))
        fc = np_.reshape(fc, (1, 1, 1, -1))
        top = lookup(r0, c0) * (1 - fc) + lookup(r0, c1) * fc
        bottom = lookup(r1, c0) * (1 - fc) + lookup(r1, c1) * fc
        mapped = top * (1 - fr) + bottom * fr
        mapped = np_.transpose(mapped, (0, 2, 3, 1))
        out = _histogram.from_bins(self, mapped, bins)
        low, high = self.value_range
        out = np_.clip(out, low, high)
        return _histogram.from_channels_last(self, out)

    def transform_images(self, images, transformation=None, training=True):
        images = self.backend.cast(images, self.compute_dtype)
        return self._as_batch(self._clahe, images)
