"""`AdaptiveAveragePooling2D`: average pooling of images to a fixed size."""

from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_adaptive_pooling import BaseAdaptivePooling
from keras.src.layers.pooling.base_adaptive_pooling import adaptive_pooling_doc


@keras_export("keras.layers.AdaptiveAveragePooling2D")
class AdaptiveAveragePooling2D(BaseAdaptivePooling):
    __doc__ = adaptive_pooling_doc(
        2,
        "average",
        """
    >>> x = np.random.rand(2, 30, 17, 3)
    >>> keras.layers.AdaptiveAveragePooling2D(7)(x).shape
    (2, 7, 7, 3)
""",
    )

    pool_dimensions = 2
    pool_mode = "average"
