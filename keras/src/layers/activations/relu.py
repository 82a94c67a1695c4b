"""`ReLU`: the rectified linear unit activation layer."""

from keras.src import activations
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer


def _require_non_negative(arg_name, value, none_ok=False):
    if value is None and none_ok:
        return
    if value is None or value < 0:
        what = "a negative value" if none_ok else "None or a negative value"
        raise ValueError(
            f"Invalid {arg_name}={value!r}: the {arg_name} of a ReLU layer "
            f"cannot be {what}."
        )


@keras_export("keras.layers.ReLU")
class ReLU(Layer):
    """Rectified linear unit layer, with optional cap, leak and threshold.

    For an input `x` the layer computes, element-wise:

    ```
    x >= max_value:              max_value
    threshold <= x < max_value:  x
    x < threshold:               negative_slope * (x - threshold)
    ```

    With the defaults (`max_value=None`, `negative_slope=0`,
    `threshold=0`) this is the plain `max(x, 0)`.

    Args:
        max_value: Float >= 0 or `None`; outputs are capped at this value.
            `None` (the default) means no cap.
        negative_slope: Float >= 0, the slope applied below `threshold`
            (a "leaky" ReLU when positive). Defaults to `0.0`.
        threshold: Float >= 0; inputs under this value are scaled by
            `negative_slope` (or zeroed when the slope is 0). Defaults to
            `0.0`.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Input shape:
        Arbitrary.

    Output shape:
        Same shape as the input.

    Example:

    >>> layer = keras.layers.ReLU(max_value=4.0, negative_slope=0.25)
    >>> layer(np.array([-8.0, -2.0, 1.0, 3.0, 7.0]))
    Array([-2. , -0.5,  1. ,  3. ,  4. ], dtype=float32)
    """

    def __init__(
        self, max_value=None, negative_slope=0.0, threshold=0.0, **kwargs
    ):
        super().__init__(**kwargs)
        _require_non_negative("max_value", max_value, none_ok=True)
        _require_non_negative("negative_slope", negative_slope)
        _require_non_negative("threshold", threshold)
        self.threshold = threshold
        self.negative_slope = negative_slope
        self.max_value = max_value
        self.supports_masking = True
        self.built = True

    def call(self, inputs):
        options = {
            "threshold": self.threshold,
            "negative_slope": self.negative_slope,
            "max_value": self.max_value,
        }
        return activations.relu(inputs, **options)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        for key in ("max_value", "negative_slope", "threshold"):
            config[key] = getattr(self, key)
        return config
