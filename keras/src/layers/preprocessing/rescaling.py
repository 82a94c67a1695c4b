"""`Rescaling`: multiplies inputs by a scale and adds an offset."""

import numpy as np

from keras.src import backend
from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer
from keras.src.layers.preprocessing.image_preprocessing import (
    base_image_preprocessing_layer as base,
)
from keras.src.layers.preprocessing.tf_ops import current_ops
from keras.src.utils import backend_utils


def _plain(value):
    """NumPy values as Python numbers/lists, for the config."""
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, np.generic):
        return value.item()
    return value


@keras_export("keras.layers.Rescaling")
class Rescaling(Layer):
    """Computes `inputs * scale + offset`, in the layer's float dtype.

    Typical uses: `Rescaling(1 / 255)` maps pixel values in `[0, 255]` to
    `[0, 1]`, and `Rescaling(1 / 127.5, offset=-1)` maps them to
    `[-1, 1]`. `scale` may also be a list with one factor per channel
    (on the channel axis given by `keras.config.image_data_format()`).
    Works in models and in `tf.data` pipelines.

    Args:
        scale: Float, or list of floats (one per channel).
        offset: Float (or list) added after scaling. Defaults to `0.0`.
        **kwargs: Standard `Layer` options.

    Example:

    >>> layer = keras.layers.Rescaling(1 / 255)
    >>> layer(np.array([[0.0, 51.0, 255.0]]))
    Array([[0. , 0.2, 1. ]], dtype=float32)
    """

    def __init__(self, scale, offset=0.0, **kwargs):
        super().__init__(**kwargs)
        self.scale = _plain(scale)
        self.offset = _plain(offset)
        self.supports_masking = True
        self.built = True

    def __call__(self, inputs, **kwargs):
        if backend_utils.in_tf_graph():
            return base.call_in_tf_graph(self, inputs, **kwargs)
        inputs = tree.map_structure(base.from_tf, inputs)
        return super().__call__(inputs, **kwargs)

    def call(self, inputs):
        # TensorFlow's ops inside a `tf.data` graph, else `keras.ops`.
        ops = current_ops()
        dtype = self.compute_dtype
        x = ops.cast(inputs, dtype)
        scale = ops.convert_to_tensor(self.scale, dtype=dtype)
        offset = ops.convert_to_tensor(self.offset, dtype=dtype)
        channels_first = backend.image_data_format() == "channels_first"
        rank = len(x.shape)
        if channels_first and rank >= 3:
            # Per-channel values go on the channel axis, after the batch.
            trailing = (1,) * (rank - 2)
            if len(scale.shape) == 1 and scale.shape[0] > 1:
                scale = ops.reshape(scale, (-1,) + trailing)
            if len(offset.shape) == 1 and offset.shape[0] > 1:
                offset = ops.reshape(offset, (-1,) + trailing)
        return x * scale + offset

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config.update(scale=self.scale, offset=self.offset)
        return config
