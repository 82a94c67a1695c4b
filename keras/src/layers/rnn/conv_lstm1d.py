"""`ConvLSTM1D`: the convolutional LSTM over sequences of 1D maps."""

import functools

from keras.src.api_export import keras_export
from keras.src.layers.rnn.conv_lstm import ConvLSTM
from keras.src.layers.rnn.conv_lstm import FixedRankConvLSTM
from keras.src.layers.rnn.conv_lstm import conv_lstm_doc


@keras_export("keras.layers.ConvLSTM1D")
class ConvLSTM1D(FixedRankConvLSTM):
    __doc__ = conv_lstm_doc(
        1,
        """
    >>> x = np.random.rand(2, 5, 10, 3)
    >>> keras.layers.ConvLSTM1D(4, 3)(x).shape
    (2, 8, 4)
""",
    )

    __init__ = functools.partialmethod(ConvLSTM.__init__, 1)
