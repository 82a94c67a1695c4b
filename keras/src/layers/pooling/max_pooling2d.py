"""`MaxPooling2D`: max pooling over 2D spatial data such as images."""

from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_pooling import BasePooling
from keras.src.layers.pooling.base_pooling import pooling_doc
from keras.src.utils.python_utils import with_defaults


@keras_export(["keras.layers.MaxPooling2D", "keras.layers.MaxPool2D"])
class MaxPooling2D(BasePooling):
    __doc__ = pooling_doc(
        2,
        "max",
        """
    >>> x = np.random.rand(1, 6, 6, 2)
    >>> keras.layers.MaxPooling2D(pool_size=(2, 3))(x).shape
    (1, 3, 2, 2)
""",
    )

    pool_dimensions = 2
    pool_mode = "max"
    __init__ = with_defaults(BasePooling.__init__, pool_size=(2, 2))
