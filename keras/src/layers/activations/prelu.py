"""`PReLU`: a leaky ReLU whose negative slopes are learned."""

from keras.src import constraints
from keras.src import initializers
from keras.src import ops
from keras.src import regularizers
from keras.src.api_export import keras_export
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer
from keras.src.saving import serialization_lib


@keras_export("keras.layers.PReLU")
class PReLU(Layer):
    """Parametric rectified linear unit layer.

    Element-wise, `x` for `x >= 0` and `alpha * x` otherwise, where
    `alpha` is a trainable weight with one value per input feature (the
    input's shape without the batch axis). Axes listed in `shared_axes`
    share a single slope, e.g. `shared_axes=[1, 2]` for images gives one
    slope per channel.

    Args:
        alpha_initializer: Initializer of the slopes. Defaults to
            `"zeros"` (a plain ReLU at first).
        alpha_regularizer: Optional regularizer of the slopes.
        alpha_constraint: Optional constraint on the slopes.
        shared_axes: Optional int or list of ints: the (1-based, batch
            axis excluded) input axes along which the slopes are shared.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Input shape:
        Arbitrary (known sizes on every non-batch axis).

    Output shape:
        Same shape as the input.

    Example:

    >>> layer = keras.layers.PReLU(alpha_initializer="ones")
    >>> layer(np.array([[-2.0, 3.0]]))
    Array([[-2.,  3.]], dtype=float32)
    """

    def __init__(
        self,
        alpha_initializer="Zeros",
        alpha_regularizer=None,
        alpha_constraint=None,
        shared_axes=None,
        **kwargs,
    ):
        super().__init__(**kwargs)
        self.supports_masking = True
        self.alpha_initializer = initializers.get(alpha_initializer)
        self.alpha_regularizer = regularizers.get(alpha_regularizer)
        self.alpha_constraint = constraints.get(alpha_constraint)
        if shared_axes is None:
            self.shared_axes = None
        elif isinstance(shared_axes, (list, tuple)):
            self.shared_axes = list(shared_axes)
        else:
            self.shared_axes = [shared_axes]

    def build(self, input_shape):
        param_shape = list(input_shape[1:])
        for axis in self.shared_axes or ():
            param_shape[axis - 1] = 1
        self.alpha = self.add_weight(
            shape=tuple(param_shape),
            name="alpha",
            initializer=self.alpha_initializer,
            regularizer=self.alpha_regularizer,
            constraint=self.alpha_constraint,
        )
        # The axes with their own slopes must keep their size.
        axes = {}
        for i in range(1, len(input_shape)):
            if self.shared_axes is None or i not in self.shared_axes:
                axes[i] = input_shape[i]
        self.input_spec = InputSpec(ndim=len(input_shape), axes=axes)

    def call(self, inputs):
        positive = ops.relu(inputs)
        negative = ops.multiply(-self.alpha, ops.relu(ops.negative(inputs)))
        return ops.add(positive, negative)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config.update(
            {
                "alpha_initializer": initializers.serialize(
                    self.alpha_initializer
                ),
                "alpha_regularizer": regularizers.serialize(
                    self.alpha_regularizer
                ),
                "alpha_constraint": serialization_lib.serialize_keras_object(
                    self.alpha_constraint
                ),
                "shared_axes": self.shared_axes,
            }
        )
        return config
