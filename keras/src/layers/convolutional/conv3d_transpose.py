"""`Conv3DTranspose`: transposed convolution over three spatial dimensions."""

from keras.src.api_export import keras_export
from keras.src.layers.convolutional.base_conv_transpose import BaseConvTranspose
from keras.src.layers.convolutional.base_conv_transpose import (
    conv_transpose_doc,
)


@keras_export(
    [
        "keras.layers.Conv3DTranspose",
        "keras.layers.Convolution3DTranspose",
    ]
)
class Conv3DTranspose(BaseConvTranspose):
    __doc__ = conv_transpose_doc(
        3,
        """
    >>> x = np.random.rand(1, 3, 3, 3, 2)
    >>> keras.layers.Conv3DTranspose(5, 2, strides=2)(x).shape
    (1, 6, 6, 6, 5)
""",
    )

    rank = 3
