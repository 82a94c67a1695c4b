"""`GlobalMaxPooling1D`: global max pooling over temporal data."""

from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_global_pooling import BaseGlobalPooling
from keras.src.layers.pooling.base_global_pooling import global_pooling_doc


@keras_export(
    ["keras.layers.GlobalMaxPooling1D", "keras.layers.GlobalMaxPool1D"]
)
class GlobalMaxPooling1D(BaseGlobalPooling):
    __doc__ = global_pooling_doc(
        1,
        "max",
        """
    >>> x = np.array([[[1.0, 6.0], [4.0, 2.0], [3.0, 5.0]]])
    >>> keras.layers.GlobalMaxPooling1D()(x)
    array([[4., 6.]], dtype=float32)
""",
    )

    pool_dimensions = 1
    pool_mode = "max"
