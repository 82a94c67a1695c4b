"""`AdaptiveMaxPooling2D`: max pooling of images to a fixed size."""

from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_adaptive_pooling import BaseAdaptivePooling
from keras.src.layers.pooling.base_adaptive_pooling import adaptive_pooling_doc


@keras_export("keras.layers.AdaptiveMaxPooling2D")
class AdaptiveMaxPooling2D(BaseAdaptivePooling):
    __doc__ = adaptive_pooling_doc(
        2,
        "max",
        """
    >>> x = np.random.rand(2, 13, 9, 3)
    >>> keras.layers.AdaptiveMaxPooling2D((4, 3))(x).shape
    (2, 4, 3, 3)
""",
    )

    pool_dimensions = 2
    pool_mode = "max"
