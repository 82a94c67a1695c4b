"""`Conv1D`: convolution over one spatial (temporal) dimension."""

from keras.src.api_export import keras_export
from keras.src.layers.convolutional.base_conv import BaseConv
from keras.src.layers.convolutional.base_conv import conv_doc


@keras_export(["keras.layers.Conv1D", "keras.layers.Convolution1D"])
class Conv1D(BaseConv):
    __doc__ = conv_doc(
        1,
        """
    >>> x = np.random.rand(2, 12, 3)
    >>> y = keras.layers.Conv1D(6, 4, activation="relu")(x)
    >>> y.shape
    (2, 9, 6)
""",
    )

    rank = 1
