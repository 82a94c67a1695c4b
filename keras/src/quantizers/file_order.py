"""The order in which a quantized layer's weights are saved: the order of
upstream Keras' weights files."""

from keras.src.quantizers.float8 import float8_variables
from keras.src.quantizers.int4 import is_grouped


def file_order(layer, first):
    """The layer's own weights with `first` (`None`s dropped) in front,
    the others after them in their usual order; LoRA factors are left
    out (weights files hold the merged weight instead)."""
    from keras.src.layers.layer import Layer

    first = [v for v in first if v is not None]
    skipped = {id(v) for v in first}
    lora_variables = getattr(layer, "_lora_variables", None)
    if lora_variables is not None:
        skipped |= {id(v) for v in lora_variables()}
    rest = [v for v in Layer._own_weights(layer) if id(v) not in skipped]
    return first + rest


def kernel_quantization_weights(layer):
    """The variables a quantized `_kernel` (of `Dense` or `EinsumDense`)
    keeps beside it, in the order of upstream Keras' weights files (after
    the kernel and bias); `[]` when `layer` is not quantized."""
    from keras.src.quantizers import zero_point_kernel

    mode = layer.quantization_mode
    if mode in ("int8", "ternary"):
        return [layer.kernel_scale]
    if mode == "int4":
        if not is_grouped(layer._int4_block_size):
            return [layer.kernel_scale]
        return [layer.kernel_scale, layer.kernel_zero, layer.g_idx]
    if mode == "float8":
        return float8_variables(layer)
    if mode in zero_point_kernel.ZERO_POINT_MODES:
        return layer._zero_point_weights()
    return []
