"""`Softmax`: the softmax activation layer, with optional masking."""

from keras.src import activations
from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer


def _masked_logit(dtype):
    """Logit given to masked-out positions: tiny after `exp`, yet finite.

    float16 cannot hold -1e9 (its range ends near -6.5e4), so it gets a
    smaller magnitude.
    """
    half = backend.standardize_dtype(dtype) == "float16"
    return -3e4 if half else -1e9


def _check_mask_shape(mask_shape, input_shape):
    if len(mask_shape) > len(input_shape):
        raise ValueError(
            f"The softmax mask (shape {mask_shape}) must not have more "
            f"dimensions than the inputs (shape {input_shape})."
        )
    # Aligned on the trailing axes, each mask size must be 1 or match.
    for m, i in zip(reversed(mask_shape), reversed(input_shape)):
        if m is None or i is None or m == 1 or m == i:
            continue
        raise ValueError(
            f"The softmax mask (shape {mask_shape}) is not broadcastable to "
            f"the inputs (shape {input_shape})."
        )


@keras_export("keras.layers.Softmax")
class Softmax(Layer):
    """Turns logits into probabilities with a softmax over `axis`.

    Along the reduced axis (or axes) the outputs are positive and sum to
    1: `softmax(x) = exp(x - max(x)) / sum(exp(x - max(x)))`. When a
    `mask` is passed, masked-out positions receive zero probability and
    the rest is renormalized among the kept positions (a row masked
    entirely is all zeros).

    Args:
        axis: Integer or list of integers, the axis (or axes) to normalize
            over. Defaults to `-1`.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Call arguments:
        inputs: Tensor of logits.
        mask: Optional boolean tensor broadcastable to `inputs` (it may
            have fewer axes, aligned on the last ones, but not more):
            `True` (or 1) keeps a position, `False` (or 0) masks it out.
            Defaults to `None`.

    Input shape:
        Arbitrary.

    Output shape:
        Same shape as the input.

    Example:

    >>> probs = keras.layers.Softmax()
    >>> probs(np.zeros(4))
    Array([0.25, 0.25, 0.25, 0.25], dtype=float32)
    >>> probs(np.array([2.0, 5.0, 1.0]), mask=np.array([True, False, True]))
    Array([0.7310586 , 0.        , 0.26894143], dtype=float32)
    """

    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        self.axis = axis
        self.supports_masking = True
        self.built = True

    def call(self, inputs, mask=None):
        if mask is not None:
            keep = ops.cast(mask, inputs.dtype)
            _check_mask_shape(tuple(keep.shape), tuple(inputs.shape))
            penalty = ops.cast(
                (1.0 - keep) * _masked_logit(inputs.dtype), inputs.dtype
            )
            inputs = ops.add(inputs, penalty)
        axes = self.axis
        if isinstance(axes, (list, tuple)) and len(axes) == 1:
            axes = axes[0]
        if isinstance(axes, (list, tuple)):
            # Several axes: normalize in log space over all of them at once.
            log_norm = ops.logsumexp(inputs, axis=tuple(axes), keepdims=True)
            outputs = ops.exp(ops.subtract(inputs, log_norm))
        else:
            outputs = activations.softmax(inputs, axis=axes)
        if mask is not None:
            # Exactly zero where masked, also in rows masked entirely
            # (whose softmax alone would be uniform).
            outputs = ops.multiply(outputs, keep)
        return outputs

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        return {**super().get_config(), "axis": self.axis}
