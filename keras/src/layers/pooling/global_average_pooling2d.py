"""`GlobalAveragePooling2D`: global average pooling."""

from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_global_pooling import BaseGlobalPooling
from keras.src.layers.pooling.base_global_pooling import global_pooling_doc


@keras_export(
    ["keras.layers.GlobalAveragePooling2D", "keras.layers.GlobalAvgPool2D"]
)
class GlobalAveragePooling2D(BaseGlobalPooling):
    __doc__ = global_pooling_doc(
        2,
        "average",
        """
    >>> x = np.random.rand(2, 5, 5, 3)
    >>> keras.layers.GlobalAveragePooling2D()(x).shape
    (2, 3)
""",
    )

    pool_dimensions = 2
    pool_mode = "average"
