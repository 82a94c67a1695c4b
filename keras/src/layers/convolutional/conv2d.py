"""`Conv2D`: convolution over two spatial dimensions (images)."""

from keras.src.api_export import keras_export
from keras.src.layers.convolutional.base_conv import BaseConv
from keras.src.layers.convolutional.base_conv import conv_doc
from keras.src.utils.python_utils import with_defaults


@keras_export(["keras.layers.Conv2D", "keras.layers.Convolution2D"])
class Conv2D(BaseConv):
    __doc__ = conv_doc(
        2,
        """
    >>> x = np.random.rand(2, 10, 10, 3)
    >>> y = keras.layers.Conv2D(8, 3, strides=2, padding="same")(x)
    >>> y.shape
    (2, 5, 5, 8)
""",
    )

    rank = 2
    __init__ = with_defaults(
        BaseConv.__init__, strides=(1, 1), dilation_rate=(1, 1)
    )
