"""`SeparableConv2D`: depthwise separable convolution over height and width."""

from keras.src.api_export import keras_export
from keras.src.layers.convolutional.base_separable_conv import BaseSeparableConv
from keras.src.layers.convolutional.base_separable_conv import (
    separable_conv_doc,
)


@keras_export(
    [
        "keras.layers.SeparableConv2D",
        "keras.layers.SeparableConvolution2D",
    ]
)
class SeparableConv2D(BaseSeparableConv):
    __doc__ = separable_conv_doc(
        2,
        """
    >>> x = np.random.rand(1, 9, 9, 4)
    >>> keras.layers.SeparableConv2D(16, 3, strides=2)(x).shape
    (1, 4, 4, 16)
""",
    )

    rank = 2
