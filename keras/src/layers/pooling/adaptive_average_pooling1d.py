"""`AdaptiveAveragePooling1D`: average pooling to a fixed size."""

from keras.src.api_export import keras_export
from keras.src.layers.pooling.base_adaptive_pooling import BaseAdaptivePooling
from keras.src.layers.pooling.base_adaptive_pooling import adaptive_pooling_doc


@keras_export("keras.layers.AdaptiveAveragePooling1D")
class AdaptiveAveragePooling1D(BaseAdaptivePooling):
    __doc__ = adaptive_pooling_doc(
        1,
        "average",
        """
    >>> x = np.array([[[1.0], [3.0], [2.0], [6.0]]])
    >>> keras.layers.AdaptiveAveragePooling1D(2)(x)
    array([[[2.],
            [4.]]], dtype=float32)
""",
    )

    pool_dimensions = 1
    pool_mode = "average"
