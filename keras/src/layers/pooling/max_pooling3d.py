"""`MaxPooling3D`: max pooling over 3D volumes."""

from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_pooling import BasePooling
from keras.src.layers.pooling.base_pooling import pooling_doc
from keras.src.utils.python_utils import with_defaults


@keras_export(["keras.layers.MaxPooling3D", "keras.layers.MaxPool3D"])
class MaxPooling3D(BasePooling):
    __doc__ = pooling_doc(
        3,
        "max",
        """
    >>> x = np.random.rand(1, 8, 8, 4, 3)
    >>> keras.layers.MaxPooling3D(padding="same", strides=3)(x).shape
    (1, 3, 3, 2, 3)
""",
    )

    pool_dimensions = 3
    pool_mode = "max"
    __init__ = with_defaults(BasePooling.__init__, pool_size=(2, 2, 2))
