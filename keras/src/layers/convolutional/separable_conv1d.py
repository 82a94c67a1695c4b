"""`SeparableConv1D`: depthwise separable convolution over steps."""

from keras.src.api_export import keras_export
from keras.src.layers.convolutional.base_separable_conv import BaseSeparableConv
from keras.src.layers.convolutional.base_separable_conv import (
    separable_conv_doc,
)


@keras_export(
    [
        "keras.layers.SeparableConv1D",
        "keras.layers.SeparableConvolution1D",
    ]
)
class SeparableConv1D(BaseSeparableConv):
    __doc__ = separable_conv_doc(
        1,
        """
    >>> x = np.random.rand(2, 10, 3)
    >>> keras.layers.SeparableConv1D(8, 3)(x).shape
    (2, 8, 8)
""",
    )

    rank = 1
