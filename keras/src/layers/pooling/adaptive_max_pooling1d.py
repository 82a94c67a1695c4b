"""`AdaptiveMaxPooling1D`: max pooling of temporal data to a fixed size."""

from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_adaptive_pooling import BaseAdaptivePooling
from keras.src.layers.pooling.base_adaptive_pooling import adaptive_pooling_doc


@keras_export("keras.layers.AdaptiveMaxPooling1D")
class AdaptiveMaxPooling1D(BaseAdaptivePooling):
    __doc__ = adaptive_pooling_doc(
        1,
        "max",
        """
    >>> x = np.array([[[1.0], [5.0], [2.0], [3.0], [4.0]]])
    >>> keras.layers.AdaptiveMaxPooling1D(2)(x)
    array([[[5.],
            [4.]]], dtype=float32)
""",
    )

    pool_dimensions = 1
    pool_mode = "max"
