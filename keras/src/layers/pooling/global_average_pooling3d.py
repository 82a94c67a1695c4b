"""`GlobalAveragePooling3D`: global average pooling over 3D volumes."""

from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_global_pooling import BaseGlobalPooling
from keras.src.layers.pooling.base_global_pooling import global_pooling_doc


@keras_export(
    ["keras.layers.GlobalAveragePooling3D", "keras.layers.GlobalAvgPool3D"]
)
class GlobalAveragePooling3D(BaseGlobalPooling):
    __doc__ = global_pooling_doc(
        3,
        "average",
        """
    >>> x = np.random.rand(2, 4, 4, 4, 6)
    >>> keras.layers.GlobalAveragePooling3D(keepdims=True)(x).shape
    (2, 1, 1, 1, 6)
""",
    )

    pool_dimensions = 3
    pool_mode = "average"
