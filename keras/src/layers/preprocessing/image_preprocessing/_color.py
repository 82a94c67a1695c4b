"""Shared pieces of the color augmentation layers."""


def check_value_range(value_range):
    if not isinstance(value_range, (tuple, list)) or len(value_range) != 2:
        raise ValueError(
            "The `value_range` argument should be a list of two numbers. "
            f"Received: value_range={value_range}"
        )
    return tuple(sorted(value_range))


def per_image(layer, images, low, high, seed=None):
    """One uniform draw per image, shaped to broadcast against `images`."""
    draws = layer.backend.random.uniform(
        shape=(layer._batch_size(images), 1, 1, 1),
        minval=low,
        maxval=high,
        seed=seed if seed is not None else layer._get_seed_generator(),
    )
    return draws[0] if len(images.shape) == 3 else draws


def to_unit(layer, images):
    low, high = layer.value_range
    return (images - low) / (high - low)


def from_unit(layer, images):
    low, high = layer.value_range
    clipped = layer.backend.numpy.clip(images, 0.0, 1.0)
    return clipped * (high - low) + low


def grayscale_like(layer, images):
    """Grayscale version of RGB `images`, with 3 equal channels."""
    axis = -1 if layer.data_format == "channels_last" else -3
    gray = layer.backend.image.rgb_to_grayscale(
        images, data_format=layer.data_format
    )
    return layer.backend.numpy.repeat(gray, images.shape[axis], axis=axis)
