"""`ReLU`: the rectified linear unit activation layer."""

from keras.src import activations
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer


@keras_export("keras.layers.ReLU")
class ReLU(Layer):
    """Rectified Linear Unit activation function layer.

    Formula:

    ```
    f(x) = max(x, 0) if max_value is None
    f(x) = min(max(x, 0), max_value) otherwise
    ```

    With `negative_slope` and `threshold`, values below `threshold` become
    `negative_slope * (x - threshold)`.

    Args:
        max_value: A float that sets the saturation threshold (the largest
            value the function will return). Must be `>= 0`.
        negative_slope: A float that controls the slope for values lower
            than the threshold. Must be `>= 0`.
        threshold: A float that sets the threshold value of the activation
            function (the value below which values are damped or set to
            zero).
        **kwargs: Base layer keyword arguments, such as `name` and `dtype`.

    Input shape:
        Arbitrary.

    Output shape:
        Same shape as the input.

    Example:

    >>> relu_layer = keras.layers.ReLU(max_value=10, negative_slope=0.5)
    >>> relu_layer(np.array([-10.0, -5.0, 0.0, 5.0, 10.0]))
    Array([-5. , -2.5,  0. ,  5. , 10. ], dtype=float32)
    """

    def __init__(
        self, max_value=None, negative_slope=0.0, threshold=0.0, **kwargs
    ):
        super().__init__(**kwargs)
        if max_value is not None and max_value < 0.0:
            raise ValueError(
                "max_value of a ReLU layer cannot be a negative value. "
                f"Received: max_value={max_value}"
            )
        if negative_slope is None or negative_slope < 0.0:
            raise ValueError(
                "negative_slope of a ReLU layer cannot be a negative value. "
                f"Received: negative_slope={negative_slope}"
            )
        if threshold is None or threshold < 0.0:
            raise ValueError(
                "threshold of a ReLU layer cannot be a negative value. "
                f"Received: threshold={threshold}"
            )
        self.max_value = max_value
        self.negative_slope = negative_slope
        self.threshold = threshold
        self.supports_masking = True
        self.built = True

    def call(self, inputs):
        return activations.relu(
            inputs,
            negative_slope=self.negative_slope,
            max_value=self.max_value,
            threshold=self.threshold,
        )

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = {
            "max_value": self.max_value,
            "negative_slope": self.negative_slope,
            "threshold": self.threshold,
        }
        base_config = super().get_config()
        return {**base_config, **config}
