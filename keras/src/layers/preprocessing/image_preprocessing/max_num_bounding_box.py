"""`MaxNumBoundingBoxes`: pads or truncates the boxes of each image to a
fixed count."""

from keras.src import backend as keras_backend
from keras.src.api_export import keras_export
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    BaseImagePreprocessingLayer,
)


@keras_export("keras.layers.MaxNumBoundingBoxes")
class MaxNumBoundingBoxes(BaseImagePreprocessingLayer):
    """Gives every image exactly `max_number` bounding boxes.

    Boxes beyond `max_number` are dropped; missing ones are added with
    every coordinate and the label set to `fill_value`. This makes the
    boxes of a dataset batchable. Images, labels and masks pass through
    unchanged.

    Args:
        max_number: Number of boxes per image after the layer.
        fill_value: Value of the padding boxes and their labels.
            Defaults to `-1`.
        **kwargs: Standard `Layer` options (e.g. `bounding_box_format`,
            `data_format`).

    Example:

    >>> layer = keras.layers.MaxNumBoundingBoxes(4, bounding_box_format="xyxy")
    >>> out = layer({"images": np.zeros((8, 8, 3)),
    ...              "bounding_boxes": {"boxes": np.ones((2, 4)),
    ...                                 "labels": np.ones((2,))}})
    >>> out["bounding_boxes"]["boxes"].shape
    (4, 4)
    """

    _USE_BASE_FACTOR = False
    _CONFIG_ATTRS = ("max_number", "fill_value")

    def __init__(self, max_number, fill_value=-1, **kwargs):
        super().__init__(**kwargs)
        self.max_number = int(max_number)
        self.fill_value = int(fill_value)

    def transform_images(self, images, transformation=None, training=True):
        return images

    def _fix(self, values, box_axis):
        np_ = self.backend.numpy
        values = self.backend.convert_to_tensor(values)
        count = values.shape[box_axis]
        axis = box_axis % len(values.shape)
        if count >= self.max_number:
            index = [slice(None)] * len(values.shape)
            index[axis] = slice(0, self.max_number)
            return values[tuple(index)]
        pad = [(0, 0)] * len(values.shape)
        pad[axis] = (0, self.max_number - count)
        return np_.pad(values, pad, constant_values=self.fill_value)

    def transform_bounding_boxes(
        self, bounding_boxes, transformation=None, training=True
    ):
        result = dict(bounding_boxes)
        if "boxes" in bounding_boxes:
            result["boxes"] = self._fix(bounding_boxes["boxes"], -2)
        if "labels" in bounding_boxes:
            result["labels"] = self._fix(bounding_boxes["labels"], -1)
        return result

    def compute_output_spec(self, data, training=True):
        if not isinstance(data, dict) or "bounding_boxes" not in data:
            return data
        out = dict(data)
        boxes = dict(data["bounding_boxes"])
        for key, axis in (("boxes", -2), ("labels", -1)):
            if key in boxes:
                shape = list(boxes[key].shape)
                shape[axis] = self.max_number
                boxes[key] = keras_backend.KerasTensor(
                    tuple(shape), dtype=boxes[key].dtype
                )
        out["bounding_boxes"] = boxes
        return out
