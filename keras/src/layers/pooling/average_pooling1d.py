"""`AveragePooling1D`: average pooling over temporal (1D) data."""

from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_pooling import BasePooling
from keras.src.layers.pooling.base_pooling import pooling_doc


@keras_export(["keras.layers.AveragePooling1D", "keras.layers.AvgPool1D"])
class AveragePooling1D(BasePooling):
    __doc__ = pooling_doc(
        1,
        "average",
        """
    >>> x = np.array([[[1.0], [3.0], [5.0], [7.0]]])
    >>> keras.layers.AveragePooling1D(pool_size=2)(x)
    array([[[2.],
            [6.]]], dtype=float32)
""",
    )

    pool_dimensions = 1
    pool_mode = "average"
