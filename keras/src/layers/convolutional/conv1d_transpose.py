"""`Conv1DTranspose`: transposed convolution over steps."""

from keras.src.api_export import keras_export
from keras.src.layers.convolutional.base_conv_transpose import BaseConvTranspose
from keras.src.layers.convolutional.base_conv_transpose import (
    conv_transpose_doc,
)


@keras_export(
    [
        "keras.layers.Conv1DTranspose",
        "keras.layers.Convolution1DTranspose",
    ]
)
class Conv1DTranspose(BaseConvTranspose):
    __doc__ = conv_transpose_doc(
        1,
        """
    >>> x = np.random.rand(2, 5, 3)
    >>> keras.layers.Conv1DTranspose(4, 3, strides=2)(x).shape
    (2, 11, 4)
""",
    )

    rank = 1
