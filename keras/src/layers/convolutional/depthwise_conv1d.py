"""`DepthwiseConv1D`: per-channel convolution over steps."""

from keras.src.api_export import keras_export
from keras.src.layers.convolutional.base_depthwise_conv import BaseDepthwiseConv
from keras.src.layers.convolutional.base_depthwise_conv import (
    depthwise_conv_doc,
)


@keras_export("keras.layers.DepthwiseConv1D")
class DepthwiseConv1D(BaseDepthwiseConv):
    __doc__ = depthwise_conv_doc(
        1,
        """
    >>> x = np.random.rand(2, 10, 3)
    >>> keras.layers.DepthwiseConv1D(3, depth_multiplier=2)(x).shape
    (2, 8, 6)
""",
    )

    rank = 1
