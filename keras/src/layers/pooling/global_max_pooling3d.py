"""`GlobalMaxPooling3D`: global max pooling over 3D volumes."""

from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_global_pooling import BaseGlobalPooling
from keras.src.layers.pooling.base_global_pooling import global_pooling_doc


@keras_export(
    ["keras.layers.GlobalMaxPooling3D", "keras.layers.GlobalMaxPool3D"]
)
class GlobalMaxPooling3D(BaseGlobalPooling):
    __doc__ = global_pooling_doc(
        3,
        "max",
        """
    >>> x = np.random.rand(2, 4, 4, 4, 6)
    >>> keras.layers.GlobalMaxPooling3D()(x).shape
    (2, 6)
""",
    )

    pool_dimensions = 3
    pool_mode = "max"
