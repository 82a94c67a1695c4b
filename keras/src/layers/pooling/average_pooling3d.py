"""`AveragePooling3D`: average pooling over 3D volumes."""

from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_pooling import BasePooling
from keras.src.layers.pooling.base_pooling import pooling_doc
from keras.src.utils.python_utils import with_defaults


@keras_export(["keras.layers.AveragePooling3D", "keras.layers.AvgPool3D"])
class AveragePooling3D(BasePooling):
    __doc__ = pooling_doc(
        3,
        "average",
        """
    >>> x = np.random.rand(2, 4, 6, 8, 1)
    >>> keras.layers.AveragePooling3D()(x).shape
    (2, 2, 3, 4, 1)
""",
    )

    pool_dimensions = 3
    pool_mode = "average"
    __init__ = with_defaults(BasePooling.__init__, pool_size=(2, 2, 2))
