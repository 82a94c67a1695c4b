"""Shared pieces of the geometric augmentation layers."""

from keras.src.backend.common import image_geometry

FILL_MODES = ("reflect", "wrap", "constant", "nearest")
INTERPOLATIONS = ("nearest", "bilinear")


def check_fill_and_interpolation(fill_mode, interpolation):
    if fill_mode not in FILL_MODES:
        raise NotImplementedError(
            f"Unknown `fill_mode` {fill_mode}. Expected one of {FILL_MODES}."
        )
    if interpolation not in INTERPOLATIONS:
        raise NotImplementedError(
            f"Unknown `interpolation` {interpolation}. Expected one of "
            f"{INTERPOLATIONS}."
        )


def check_scale(scale):
    """`scale`, a distortion strength, once checked to lie in `[0, 1]`."""
    if not 0 <= scale <= 1:
        raise ValueError(
            "The `scale` argument should be a number in the range "
            f"[0, 1]. Received: scale={scale}"
        )
    return scale


def parse_factor(factor, name):
    """`factor` (a number `f` or a pair) as a `(low, high)` pair.

    A single number `f` means `(-|f|, |f|)`; every value must lie in
    `[-1, 1]`.
    """
    message = (
        f"The `{name}` argument should be a number (or a list of two "
        f"numbers) in the range [-1.0, 1.0]. Received: {name}={factor}"
    )
    if isinstance(factor, (tuple, list)):
        if len(factor) != 2 or not all(
            isinstance(f, (int, float)) and not isinstance(f, bool)
            for f in factor
        ):
            raise ValueError(message)
        low, high = float(min(factor)), float(max(factor))
    elif isinstance(factor, (int, float)) and not isinstance(factor, bool):
        low, high = -abs(float(factor)), abs(float(factor))
    else:
        raise ValueError(message)
    if low < -1.0 or high > 1.0:
        raise ValueError(message)
    return low, high


def no_bounding_boxes(layer):
    raise NotImplementedError(
        f"{layer.__class__.__name__} does not transform bounding boxes "
        "yet; pass dict inputs without a 'bounding_boxes' entry."
    )


def image_size(layer, transformation):
    """`(height, width)` of the images a transformation was drawn for."""
    shape = transformation["input_shape"]
    h_axis, w_axis = layer._spatial_axes()
    return int(shape[h_axis]), int(shape[w_axis])


def boxes_as_xyxy(layer, bounding_boxes, height, width):
    """The `"boxes"` of `bounding_boxes` in absolute `xyxy` coordinates,
    split into `x1, y1, x2, y2`."""
    from keras.src.layers.preprocessing.image_preprocessing.bounding_boxes import (  # noqa: E501
        converters,
    )

    _check_box_format(layer)
    boxes = converters.convert_format(
        bounding_boxes["boxes"],
        source=layer.bounding_box_format,
        target="xyxy",
        height=height,
        width=width,
    )
    return [boxes[..., i] for i in range(4)]


def boxes_from_xyxy(layer, bounding_boxes, coords, height, width):
    """`bounding_boxes` with new `xyxy` `coords`, clipped to the
    `height x width` image and converted back to the layer's format."""
    from keras.src.layers.preprocessing.image_preprocessing.bounding_boxes import (  # noqa: E501
        converters,
    )

    result = dict(bounding_boxes)
    result["boxes"] = layer.backend.numpy.stack(coords, axis=-1)
    result = converters.clip_to_image_size(
        result, height=height, width=width, bounding_box_format="xyxy"
    )
    result["boxes"] = converters.convert_format(
        result["boxes"],
        source="xyxy",
        target=layer.bounding_box_format,
        height=height,
        width=width,
    )
    return result


def per_image(layer, values, coordinate):
    """Per-image `values` (any shape with the batch first) shaped to
    broadcast against a box coordinate `(batch, num_boxes)` (or
    `(num_boxes,)` for the boxes of one image)."""
    np_ = layer.backend.numpy
    values = np_.reshape(layer.backend.convert_to_tensor(values), (-1,))
    if len(coordinate.shape) >= 2:
        return np_.reshape(values, (-1,) + (1,) * (len(coordinate.shape) - 1))
    return values


def _check_box_format(layer):
    if layer.bounding_box_format is None:
        raise ValueError(
            "You passed an input with a 'bounding_boxes' key, but no "
            "bounding box format. Pass a `bounding_box_format` argument to "
            f"your {layer.__class__.__name__} layer, e.g. "
            "`bounding_box_format='xyxy'`."
        )


def resize_boxes(
    layer,
    bounding_boxes,
    in_size,
    out_size,
    crop_to_aspect_ratio=False,
    pad_to_aspect_ratio=False,
):
    """`bounding_boxes` of `in_size` images resized to `out_size` the way
    `keras.ops.image.resize` resizes the images (optionally cropping or
    padding them, centered, to the target aspect ratio first)."""
    in_h, in_w = in_size
    out_h, out_w = out_size
    x1, y1, x2, y2 = boxes_as_xyxy(layer, bounding_boxes, in_h, in_w)
    top = left = 0
    src_h, src_w = in_h, in_w
    if crop_to_aspect_ratio:
        src_h, src_w, top, left = image_geometry.crop_box(in_h, in_w, out_size)
    elif pad_to_aspect_ratio:
        src_h, src_w, top, left = image_geometry.pad_box(in_h, in_w, out_size)
        # The canvas starts above and left of the images: a negative
        # offset in their coordinates.
        top, left = -top, -left
    scale_y, scale_x = out_h / src_h, out_w / src_w
    coords = [
        (x1 - left) * scale_x,
        (y1 - top) * scale_y,
        (x2 - left) * scale_x,
        (y2 - top) * scale_y,
    ]
    return boxes_from_xyxy(layer, bounding_boxes, coords, out_h, out_w)


def crop_or_resize_boxes(layer, bounding_boxes, in_size, top, left):
    """`bounding_boxes` of `in_size` images cropped to the layer's
    `height x width` window at `(top, left)`; when the images are smaller
    than the window, resized to it instead (cropping to its aspect
    ratio), as the images are."""
    out_size = (layer.height, layer.width)
    if in_size[0] < layer.height or in_size[1] < layer.width:
        return resize_boxes(
            layer, bounding_boxes, in_size, out_size, crop_to_aspect_ratio=True
        )
    return crop_boxes(layer, bounding_boxes, in_size, top, left, out_size)


def sized_output_shape(layer, input_shape):
    """`input_shape` (or a dict of input shapes) with the height and width
    of the images and segmentation masks set to the layer's `height` and
    `width`: the output shape of the crop and resize layers."""
    if isinstance(input_shape, dict):
        return {
            key: sized_output_shape(layer, value)
            if key in ("images", "segmentation_masks")
            else value
            for key, value in input_shape.items()
        }
    shape = list(input_shape)
    h_axis, w_axis = layer._spatial_axes()
    shape[h_axis] = layer.height
    shape[w_axis] = layer.width
    return tuple(shape)


def crop_boxes(layer, bounding_boxes, in_size, top, left, out_size):
    """`bounding_boxes` of `in_size` images cropped to the `out_size`
    window at `(top, left)`."""
    in_h, in_w = in_size
    x1, y1, x2, y2 = boxes_as_xyxy(layer, bounding_boxes, in_h, in_w)
    # A drawn (integer tensor) offset takes the float dtype of the boxes.
    top = layer.backend.cast(top, x1.dtype)
    left = layer.backend.cast(left, x1.dtype)
    coords = [x1 - left, y1 - top, x2 - left, y2 - top]
    return boxes_from_xyxy(layer, bounding_boxes, coords, *out_size)


class BoxMover:
    """Mixin giving a geometric layer its `transform_bounding_boxes`.

    The layer's transformation holds the `"input_shape"` of the images,
    and the layer implements `_move_boxes(x1, y1, x2, y2, transformation,
    height, width)`: it receives the absolute `xyxy` coordinates of the
    boxes and returns the moved ones, which are then clipped to the image
    and converted back to `bounding_box_format`. Outside training the
    boxes pass unchanged.
    """

    def transform_bounding_boxes(
        self, bounding_boxes, transformation, training=True
    ):
        if not training or transformation is None:
            return bounding_boxes
        height, width = image_size(self, transformation)
        corners = boxes_as_xyxy(self, bounding_boxes, height, width)
        coords = self._move_boxes(*corners, transformation, height, width)
        return boxes_from_xyxy(self, bounding_boxes, coords, height, width)

    def _move_boxes(self, x1, y1, x2, y2, transformation, height, width):
        raise NotImplementedError(
            f"Layer {self.__class__.__name__} does not implement "
            "`_move_boxes()`."
        )
