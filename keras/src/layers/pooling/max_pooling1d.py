"""`MaxPooling1D`: max pooling over temporal (1D) data."""

from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_pooling import BasePooling
from keras.src.layers.pooling.base_pooling import pooling_doc


@keras_export(["keras.layers.MaxPooling1D", "keras.layers.MaxPool1D"])
class MaxPooling1D(BasePooling):
    __doc__ = pooling_doc(
        1,
        "max",
        """
    >>> x = np.array([[[1.0], [5.0], [2.0], [4.0], [3.0]]])
    >>> keras.layers.MaxPooling1D(pool_size=2, strides=1)(x)
    array([[[5.],
            [5.],
            [4.],
            [4.]]], dtype=float32)
""",
    )

    pool_dimensions = 1
    pool_mode = "max"
