"""Rectangular per-image masks, shared by `CutMix` and `RandomErasing`."""


def box_masks(layer, images, heights, widths, tops, lefts):
    """Boolean masks `(batch, H, W, 1)` (channels_last) or
    `(batch, 1, H, W)` that are true inside the box of each image.

    `heights`, `widths`, `tops`, `lefts` are per-image `(batch,)` values
    in pixels.
    """
    np_ = layer.backend.numpy
    height, width = layer._image_size(images)
    rows = np_.reshape(np_.arange(height, dtype="float32"), (1, -1, 1))
    cols = np_.reshape(np_.arange(width, dtype="float32"), (1, 1, -1))

    def per_image(v):
        return np_.reshape(layer.backend.cast(v, "float32"), (-1, 1, 1))

    tops, lefts = per_image(tops), per_image(lefts)
    inside = (
        (rows >= tops)
        & (rows < tops + per_image(heights))
        & (cols >= lefts)
        & (cols < lefts + per_image(widths))
    )
    axis = -1 if layer.data_format == "channels_last" else 1
    return np_.expand_dims(inside, axis)
