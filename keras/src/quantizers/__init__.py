"""Quantizers, quantization configs and their (de)serialization."""

from keras.src.api_export import keras_export
from keras.src.quantizers.awq_config import AWQConfig  # noqa: F401
from keras.src.quantizers.gptq_config import GPTQConfig  # noqa: F401
from keras.src.quantizers.quantization_config import Float8QuantizationConfig
from keras.src.quantizers.quantization_config import Int4QuantizationConfig
from keras.src.quantizers.quantization_config import Int8QuantizationConfig
from keras.src.quantizers.quantization_config import QuantizationConfig
from keras.src.quantizers.quantization_config import TernaryQuantizationConfig
from keras.src.quantizers.quantizers import AbsMaxQuantizer  # noqa: F401
from keras.src.quantizers.quantizers import Quantizer  # noqa: F401
from keras.src.quantizers.quantizers import abs_max_quantize  # noqa: F401
from keras.src.quantizers.quantizers import (  # noqa: F401
    abs_max_quantize_grouped_with_zero_point,
)
from keras.src.quantizers.quantizers import compute_float8_amax_history  # noqa: F401
from keras.src.quantizers.quantizers import compute_float8_scale  # noqa: F401
from keras.src.quantizers.quantizers import dequantize_with_sz_map  # noqa: F401
from keras.src.quantizers.quantizers import fake_quant_with_min_max_vars  # noqa: F401
from keras.src.quantizers.quantizers import pack_int2  # noqa: F401
from keras.src.quantizers.quantizers import pack_int4  # noqa: F401
from keras.src.quantizers.quantizers import pack_ternary  # noqa: F401
from keras.src.quantizers.quantizers import quantize_and_dequantize  # noqa: F401
from keras.src.quantizers.quantizers import unpack_int2  # noqa: F401
from keras.src.quantizers.quantizers import unpack_int4  # noqa: F401
from keras.src.quantizers.quantizers import unpack_ternary  # noqa: F401
from keras.src.quantizers.report import QuantizationReport  # noqa: F401

# Quantizers (and configs) by class name and by snake-case alias.
_BY_NAME = {
    "Quantizer": Quantizer,
    "AbsMaxQuantizer": AbsMaxQuantizer,
    "abs_max_quantizer": AbsMaxQuantizer,
    "QuantizationConfig": QuantizationConfig,
    "Int8QuantizationConfig": Int8QuantizationConfig,
    "Int4QuantizationConfig": Int4QuantizationConfig,
    "Float8QuantizationConfig": Float8QuantizationConfig,
    "TernaryQuantizationConfig": TernaryQuantizationConfig,
    "GPTQConfig": GPTQConfig,
    "AWQConfig": AWQConfig,
}


@keras_export("keras.quantizers.serialize")
def serialize(initializer):
    """Returns the config dict of a quantizer (or quantization config)."""
    from keras.src.saving import serialization_lib

    return serialization_lib.serialize_keras_object(initializer)


@keras_export("keras.quantizers.deserialize")
def deserialize(config, custom_objects=None):
    """Returns a quantizer from a config dict made by `serialize()`.

    Args:
        config: The config dict.
        custom_objects: Optional dict mapping names to custom classes.
    """
    from keras.src.saving import serialization_lib

    return serialization_lib.deserialize_keras_object(
        config, module_objects=_BY_NAME, custom_objects=custom_objects
    )


@keras_export("keras.quantizers.get")
def get(identifier, **kwargs):
    """Returns a quantizer from an instance, a name, a config or `None`.

    A name (e.g. `"abs_max_quantizer"`) or a quantizer class builds a new
    quantizer, passing `kwargs` to its constructor by keyword.
    """
    if identifier is None:
        return None
    if isinstance(identifier, dict):
        return deserialize(identifier)
    if isinstance(identifier, str):
        if identifier not in _BY_NAME:
            raise ValueError(
                f"Unknown quantizer: '{identifier}'. Valid names are "
                f"{sorted(_BY_NAME)}."
            )
        return _BY_NAME[identifier](**kwargs)
    if isinstance(identifier, type) and issubclass(identifier, Quantizer):
        return identifier(**kwargs)
    if callable(identifier):
        return identifier
    raise ValueError(
        f"Could not interpret quantizer identifier: {identifier!r}"
    )
