"""`AdaptiveMaxPooling3D`: max pooling of volumes to a fixed size."""

from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_adaptive_pooling import BaseAdaptivePooling
from keras.src.layers.pooling.base_adaptive_pooling import adaptive_pooling_doc


@keras_export("keras.layers.AdaptiveMaxPooling3D")
class AdaptiveMaxPooling3D(BaseAdaptivePooling):
    __doc__ = adaptive_pooling_doc(
        3,
        "max",
        """
    >>> x = np.random.rand(1, 9, 10, 11, 2)
    >>> keras.layers.AdaptiveMaxPooling3D(3)(x).shape
    (1, 3, 3, 3, 2)
""",
    )

    pool_dimensions = 3
    pool_mode = "max"
