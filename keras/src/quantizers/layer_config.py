"""The quantization mode and config of a layer, checked and resolved, and
the dtype policy it ends up with."""

from keras.src.dtype_policies.dtype_policy import QUANTIZATION_MODES
from keras.src.dtype_policies.dtype_policy import Int4DTypePolicy
from keras.src.dtype_policies.dtype_policy import QuantizedDTypePolicy
from keras.src.dtype_policies.dtype_policy import QuantizedFloat8DTypePolicy
from keras.src.dtype_policies.dtype_policy import TernaryDTypePolicy
from keras.src.quantizers.int4 import int4_block_size
from keras.src.quantizers.int4 import is_grouped

# Modes whose stored weight holds integer codes that `_dequantized_base`
# turns back into floats (LoRA builds on that float weight).
DEQUANTIZABLE_MODES = ("int8", "int4", "ternary")


def check_mode(mode, supported):
    """Raises `NotImplementedError` unless `mode` is one of `supported`
    (the modes a layer implements)."""
    if mode not in QUANTIZATION_MODES or mode not in supported:
        raise NotImplementedError(
            f"Invalid quantization mode. Expected one of {tuple(supported)}. "
            f"Received: quantization_mode={mode}"
        )


def default_config(mode, config):
    """`config`, or the default config of `mode` when `config` is None."""
    if config is not None:
        return config
    from keras.src.quantizers import quantization_config

    return quantization_config.validate_and_resolve_config(mode, None)


def policy_after_quantize(layer, config):
    """The dtype policy a float `layer` gets once quantized with
    `config`."""
    source = layer._path_dtype_policy.name
    if config.mode == "float8":
        return QuantizedFloat8DTypePolicy("float8", source)
    if config.mode == "ternary":
        return TernaryDTypePolicy("ternary", source)
    if config.mode == "int4":
        # Per-channel scales (`block_size` `None` or `-1`) are `int4/-1`.
        block_size = int4_block_size(layer, config)
        if not is_grouped(block_size):
            block_size = -1
        return Int4DTypePolicy(f"int4/{block_size}", source)
    return QuantizedDTypePolicy(config.mode, source)
