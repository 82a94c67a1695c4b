"""`AveragePooling2D`: average pooling over 2D spatial data such as images."""

from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_pooling import BasePooling
from keras.src.layers.pooling.base_pooling import pooling_doc
from keras.src.utils.python_utils import with_defaults


@keras_export(["keras.layers.AveragePooling2D", "keras.layers.AvgPool2D"])
class AveragePooling2D(BasePooling):
    __doc__ = pooling_doc(
        2,
        "average",
        """
    >>> x = np.random.rand(1, 5, 7, 2)
    >>> keras.layers.AveragePooling2D(strides=1)(x).shape
    (1, 4, 6, 2)
""",
    )

    pool_dimensions = 2
    pool_mode = "average"
    __init__ = with_defaults(BasePooling.__init__, pool_size=(2, 2))
