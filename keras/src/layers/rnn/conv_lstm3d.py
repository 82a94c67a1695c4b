"""`ConvLSTM3D`: the convolutional LSTM over sequences of 3D maps."""

import functools

from keras.src.api_export import keras_export
from keras.src.layers.rnn.conv_lstm import ConvLSTM
from keras.src.layers.rnn.conv_lstm import FixedRankConvLSTM
from keras.src.layers.rnn.conv_lstm import conv_lstm_doc


@keras_export("keras.layers.ConvLSTM3D")
class ConvLSTM3D(FixedRankConvLSTM):
    __doc__ = conv_lstm_doc(
        3,
        """
    >>> x = np.random.rand(1, 4, 6, 6, 6, 1)
    >>> keras.layers.ConvLSTM3D(2, 3)(x).shape
    (1, 4, 4, 4, 2)
""",
    )

    __init__ = functools.partialmethod(ConvLSTM.__init__, 3)
