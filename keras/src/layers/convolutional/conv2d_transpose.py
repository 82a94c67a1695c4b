"""`Conv2DTranspose`: transposed convolution over height and width."""

from keras.src.api_export import keras_export
from keras.src.layers.convolutional.base_conv_transpose import BaseConvTranspose
from keras.src.layers.convolutional.base_conv_transpose import (
    conv_transpose_doc,
)


@keras_export(
    [
        "keras.layers.Conv2DTranspose",
        "keras.layers.Convolution2DTranspose",
    ]
)
class Conv2DTranspose(BaseConvTranspose):
    __doc__ = conv_transpose_doc(
        2,
        """
    >>> x = np.random.rand(1, 4, 4, 8)
    >>> keras.layers.Conv2DTranspose(3, 2, strides=2, padding="same")(x).shape
    (1, 8, 8, 3)
""",
    )

    rank = 2
