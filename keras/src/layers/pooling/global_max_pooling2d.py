"""`GlobalMaxPooling2D`: global max pooling."""

from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_global_pooling import BaseGlobalPooling
from keras.src.layers.pooling.base_global_pooling import global_pooling_doc


@keras_export(
    ["keras.layers.GlobalMaxPooling2D", "keras.layers.GlobalMaxPool2D"]
)
class GlobalMaxPooling2D(BaseGlobalPooling):
    __doc__ = global_pooling_doc(
        2,
        "max",
        """
    >>> x = np.random.rand(2, 5, 5, 3)
    >>> keras.layers.GlobalMaxPooling2D(keepdims=True)(x).shape
    (2, 1, 1, 3)
""",
    )

    pool_dimensions = 2
    pool_mode = "max"
