"""`DepthwiseConv2D`: per-channel convolution over height and width."""

from keras.src.api_export import keras_export
from keras.src.layers.convolutional.base_depthwise_conv import BaseDepthwiseConv
from keras.src.layers.convolutional.base_depthwise_conv import (
    depthwise_conv_doc,
)


@keras_export("keras.layers.DepthwiseConv2D")
class DepthwiseConv2D(BaseDepthwiseConv):
    __doc__ = depthwise_conv_doc(
        2,
        """
    >>> x = np.random.rand(1, 7, 7, 4)
    >>> keras.layers.DepthwiseConv2D(3, padding="same")(x).shape
    (1, 7, 7, 4)
""",
    )

    rank = 2
