"""`ConvLSTM2D`: the convolutional LSTM over sequences of 2D maps."""

import functools

from keras.src.api_export import keras_export
from keras.src.layers.rnn.conv_lstm import ConvLSTM
from keras.src.layers.rnn.conv_lstm import FixedRankConvLSTM
from keras.src.layers.rnn.conv_lstm import conv_lstm_doc


@keras_export("keras.layers.ConvLSTM2D")
class ConvLSTM2D(FixedRankConvLSTM):
    __doc__ = conv_lstm_doc(
        2,
        """
    >>> x = np.random.rand(2, 5, 8, 8, 3)
    >>> layer = keras.layers.ConvLSTM2D(
    ...     4, 3, padding="same", return_sequences=True
    ... )
    >>> layer(x).shape
    (2, 5, 8, 8, 4)
""",
    )

    __init__ = functools.partialmethod(ConvLSTM.__init__, 2)
