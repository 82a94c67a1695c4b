"""Histogram helpers of `Equalization` and
`ContrastLimitedAdaptiveHistogramEqualization`."""


def to_channels_last(layer, images):
    if layer.data_format == "channels_first":
        return layer.backend.numpy.transpose(images, (0, 2, 3, 1))
    return images


def from_channels_last(layer, images):
    if layer.data_format == "channels_first":
        return layer.backend.numpy.transpose(images, (0, 3, 1, 2))
    return images


def to_bins(layer, images, bins):
    """Float images in `value_range` as int32 bin indices `[0, bins)`."""
    np_ = layer.backend.numpy
    low, high = layer.value_range
    unit = (layer.backend.cast(images, "float32") - low) / (high - low)
    index = np_.floor(np_.clip(unit, 0.0, 1.0) * (bins - 1) + 0.5)
    return layer.backend.cast(index, "int32")


def from_bins(layer, index, bins):
    """Bin indices back to values in `value_range` (clipped to it)."""
    low, high = layer.value_range
    step = (high - low) / float(bins - 1)
    index = layer.backend.cast(index, "float32")
    # With a whole step (e.g. 256 bins over `(0, 255)`) the values are
    # exact; a division could be compiled as an inexact reciprocal.
    values = index * step + low
    return layer.backend.numpy.clip(values, low, high)


def histograms(layer, index, groups, bins):
    """Counts of `index` values `(groups, n)` per group:
    `(groups, bins)` int32."""
    np_ = layer.backend.numpy
    offsets = np_.reshape(np_.arange(groups, dtype="int32") * bins, (-1, 1))
    flat = np_.reshape(index + offsets, (-1, 1))
    size = layer.backend.shape(flat)[0]
    counts = layer.backend.core.scatter(
        flat, np_.ones((size,), dtype="int32"), (groups * bins,)
    )
    return np_.reshape(counts, (groups, bins))
