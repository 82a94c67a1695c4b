"""`Conv3D`: convolution over three spatial dimensions (volumes)."""

from keras.src.api_export import keras_export
from keras.src.layers.convolutional.base_conv import BaseConv
from keras.src.layers.convolutional.base_conv import conv_doc
from keras.src.utils.python_utils import with_defaults


@keras_export(["keras.layers.Conv3D", "keras.layers.Convolution3D"])
class Conv3D(BaseConv):
    __doc__ = conv_doc(
        3,
        """
    >>> x = np.random.rand(1, 6, 6, 6, 2)
    >>> y = keras.layers.Conv3D(4, 3)(x)
    >>> y.shape
    (1, 4, 4, 4, 4)
""",
    )

    rank = 3
    __init__ = with_defaults(
        BaseConv.__init__, strides=(1, 1, 1), dilation_rate=(1, 1, 1)
    )
