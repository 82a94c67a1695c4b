"""int8 quantization of layer inputs and weights (one scale per output
position)."""

import numpy as np

from keras.src import ops


def quantize_inputs(inputs_quantizer, inputs):
    """Quantizes layer inputs to int8, one scale per row unless the
    quantizer has its own axis.

    Returns:
        `(int8 inputs, scale)`.
    """
    if getattr(inputs_quantizer, "axis", None) is None:
        return inputs_quantizer(inputs, axis=-1)
    return inputs_quantizer(inputs)


def quantize_weight(weight_quantizer, weight, reduce_axes, scale_shape):
    """Quantizes `weight` to int8, one scale per non-reduced position.

    Args:
        weight_quantizer: A quantizer, or `None` for
            `AbsMaxQuantizer(axis=reduce_axes)`.
        weight: The float weight.
        reduce_axes: The axes sharing one scale (the contracted ones).
        scale_shape: The shape the scale is stored with.

    Returns:
        `(int8 values, scale reshaped to scale_shape)`.
    """
    from keras.src.quantizers import quantizers

    if weight_quantizer is None:
        weight_quantizer = quantizers.AbsMaxQuantizer(axis=reduce_axes)
    quantized, scale = weight_quantizer(weight, to_numpy=True)
    if int(ops.size(scale)) != int(np.prod(scale_shape)):
        raise ValueError(
            "The weight quantizer must produce one scale per output "
            f"position, i.e. reduce the axes {tuple(reduce_axes)} of the "
            f"weight of shape {tuple(weight.shape)}; got a scale of shape "
            f"{tuple(scale.shape)}. Use "
            f"`AbsMaxQuantizer(axis={tuple(reduce_axes)})`."
        )
    return quantized, ops.reshape(scale, scale_shape)
