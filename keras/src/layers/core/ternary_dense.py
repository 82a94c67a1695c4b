"""`TernaryDense`: a dense layer trained with ternary weights."""

from keras.src import activations
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers import weight_settings
from keras.src.layers.config_utils import attribute_config
from keras.src.layers.core import quantized_weights
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer
from keras.src.quantizers import file_order
from keras.src.quantizers import in_place
from keras.src.quantizers import layer_config
from keras.src.quantizers import quantizers
from keras.src.quantizers import ternary


@keras_export("keras.layers.TernaryDense")
class TernaryDense(Layer):
    """Dense layer whose kernel is seen as ternary values while training.

    The layer keeps a float `kernel` of shape `(input_dim, units)` and
    computes `activation(inputs @ t * scale + bias)`, where `t` holds the
    kernel's values mapped to `{-1, 0, 1}`: a weight whose magnitude does
    not exceed the threshold becomes 0, the others their sign.

    - `threshold=None` (the default): the threshold is half the mean of
      `|kernel|` and `scale` is that mean (as in BitNet b1.58).
    - A number: the threshold is fixed and `scale` is 1.

    Gradients go through the rounding unchanged (a straight-through
    estimator), and through the mean that gives the scale, so the float
    kernel learns as if it were used directly.

    `quantize("ternary")` then drops the float kernel for the ternary
    values packed five to a byte (`keras.quantizers.pack_ternary`) and a
    scalar `kernel_scale`; the outputs do not change. The layer's dtype
    policy becomes `"ternary_from_<source>"`.

    Args:
        units: Positive integer, the size of the output's last axis.
        threshold: `None`, or a non-negative number: the magnitude up to
            which weights count as 0 (see above).
        activation: Activation applied to the result; `None` is the
            identity.
        use_bias: Whether to add a learned `bias` vector.
        kernel_initializer: How to initialize `kernel`.
        bias_initializer: How to initialize `bias`.
        kernel_regularizer: Optional penalty on the float `kernel`.
        bias_regularizer: Optional penalty on `bias`.
        activity_regularizer: Optional penalty on the layer's output.
        kernel_constraint: Optional projection of `kernel` after each
            update.
        bias_constraint: Optional projection of `bias` after each update.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`.

    Input shape:
        `(batch_size, ..., input_dim)`.

    Output shape:
        `(batch_size, ..., units)`.

    Example:

    >>> layer = keras.layers.TernaryDense(4)
    >>> layer(np.ones((2, 10))).shape
    (2, 4)
    >>> layer.quantize("ternary")
    >>> [(w.name, w.dtype) for w in layer.weights]
    [('kernel', 'uint8'), ('bias', 'float32'), ('kernel_scale', 'float32')]
    """

    def __init__(
        self,
        units,
        threshold=None,
        activation=None,
        use_bias=True,
        kernel_initializer="glorot_uniform",
        bias_initializer="zeros",
        kernel_regularizer=None,
        bias_regularizer=None,
        activity_regularizer=None,
        kernel_constraint=None,
        bias_constraint=None,
        **kwargs,
    ):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        if not isinstance(units, int) or units <= 0:
            raise ValueError(
                "`units` of `TernaryDense` must be a positive integer. "
                f"Received: units={units!r}"
            )
        _check_threshold(threshold)
        self.units = units
        self.threshold = threshold
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        weight_settings.set_weight_settings(self, ("kernel", "bias"), locals())
        self.input_spec = InputSpec(min_ndim=2)
        self.supports_masking = True

    def build(self, input_shape):
        in_features = input_shape[-1]
        kernel_shape = (in_features, self.units)
        if self.quantization_mode is not None:
            self.quantized_build(kernel_shape, self.quantization_mode)
        else:
            self.kernel = self.add_weight(
                shape=kernel_shape,
                name="kernel",
                initializer=self.kernel_initializer,
                regularizer=self.kernel_regularizer,
                constraint=self.kernel_constraint,
            )
        self.bias = None
        if self.use_bias:
            self.bias = self.add_weight(
                shape=(self.units,),
                name="bias",
                initializer=self.bias_initializer,
                regularizer=self.bias_regularizer,
                constraint=self.bias_constraint,
            )
        self.input_spec = InputSpec(min_ndim=2, axes={-1: in_features})
        self.built = True

    def _ternary_kernel(self):
        """The float kernel mapped to `{-1, 0, 1}`, with the gradient of
        the identity (straight-through)."""
        kernel = ops.convert_to_tensor(self.kernel)
        threshold = self.threshold
        if threshold is None:
            threshold = ops.divide(self._kernel_scale(kernel), 2.0)
        values = ops.multiply(
            ops.sign(kernel),
            ops.cast(ops.greater(ops.abs(kernel), threshold), kernel.dtype),
        )
        return ops.add(kernel, ops.stop_gradient(values - kernel))

    def _kernel_scale(self, kernel):
        if self.threshold is not None:
            return ops.ones((), kernel.dtype)
        return ops.mean(ops.abs(kernel))

    def call(self, inputs, training=None):
        if self.quantization_mode is not None:
            return self.quantized_call(inputs, training=training)
        kernel = self._ternary_kernel()
        scale = self._kernel_scale(ops.convert_to_tensor(self.kernel))
        return self._finish(ops.matmul(inputs, kernel), scale)

    def _finish(self, y, scale):
        y = ops.multiply(y, ops.cast(scale, y.dtype))
        if self.bias is not None:
            y = ops.add(y, self.bias)
        return y if self.activation is None else self.activation(y)

    # ---------------------------------------------------------- quantization
    def quantize(self, mode=None, type_check=True, config=None):
        """Replaces the float kernel by its packed ternary values.

        The `uint8` `kernel` of shape `(ceil(input_dim / 5), units)` holds
        the values the layer computed with, and the scalar `kernel_scale`
        their scale (1 with a fixed `threshold`).

        Args:
            mode: Must be `"ternary"` (or come from `config`).
            type_check: Whether to reject subclasses of `TernaryDense`.
            config: Optional `keras.quantizers.TernaryQuantizationConfig`.
        """
        config = self._resolve_quantize_args(
            mode, config, type_check, TernaryDense
        )
        layer_config.check_mode(config.mode, ("ternary",))
        in_place.quantize_in_place(
            self, config, "kernel", self._quantized_values
        )

    def quantized_build(self, kernel_shape, mode, config=None):
        """Creates the packed `kernel` and its `kernel_scale` (laid out
        like the float kernel under a distribution)."""
        layer_config.check_mode(mode, ("ternary",))
        self._orig_input_dim = kernel_shape[0]
        self._packed_kernel, self.kernel_scale = ternary.ternary_build(
            self, kernel_shape
        )

    def _quantized_values(self, float_kernel, mode, config):
        values = ops.convert_to_numpy(self._ternary_kernel()).astype("int8")
        scale = ops.convert_to_numpy(self._kernel_scale(float_kernel))
        return {
            "_packed_kernel": quantizers.pack_ternary(values, axis=0)[0],
            "kernel_scale": scale,
        }

    def _ternary_call(self, inputs, training=None):
        q = quantizers.unpack_ternary(self._packed_kernel, self._orig_input_dim)
        y = ops.matmul(inputs, ops.cast(q, self.compute_dtype))
        return self._finish(y, self.kernel_scale)

    @property
    def variable_serialization_spec(self):
        """The names of the weights in weights files, by quantization mode
        (`None`: float)."""
        return {
            None: ["kernel", "bias"],
            "ternary": ["kernel", "bias", "kernel_scale"],
        }

    def _own_weights(self):
        if self.quantization_mode is None:
            return super()._own_weights()
        return file_order.file_order(
            self, [self._packed_kernel, self.bias, self.kernel_scale]
        )

    def compute_output_shape(self, input_shape):
        return (*tuple(input_shape)[:-1], self.units)

    def compute_mask(self, inputs, mask=None):
        return mask

    def get_config(self):
        config = super().get_config()
        config.update(attribute_config(self, "units", "threshold"))
        config["activation"] = activations.serialize(self.activation)
        config["use_bias"] = self.use_bias
        config.update(
            quantized_weights.weight_settings_config(self, ("kernel", "bias"))
        )
        return config


def _check_threshold(threshold):
    if threshold is None:
        return
    if not isinstance(threshold, (int, float)):
        raise ValueError(
            "`threshold` of `TernaryDense` must be a number or None. "
            f"Received: threshold={threshold!r}"
        )
    if threshold < 0:
        raise ValueError(
            "`threshold` of `TernaryDense` must be non-negative or None. "
            f"Received: threshold={threshold}"
        )
