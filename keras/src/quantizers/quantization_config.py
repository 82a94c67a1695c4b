"""Quantization configs: which quantizers a `layer.quantize()` call uses."""

from keras.src.api_export import keras_export
from keras.src.dtype_policies.dtype_policy import QUANTIZATION_MODES

# Modes whose settings are required (they cannot be built from defaults).
_CONFIG_REQUIRED = {"gptq": "GPTQConfig", "awq": "AWQConfig"}


@keras_export("keras.quantizers.QuantizationConfig")
class QuantizationConfig:
    """Base class of quantization configs.

    A config names a quantization mode (its `mode` property, implemented
    by subclasses) and optionally the quantizers used for the weights and
    for the layer inputs; `None` keeps the mode's default.

    Args:
        weight_quantizer: A `keras.quantizers.Quantizer` for the weights,
            or `None`.
        activation_quantizer: A `keras.quantizers.Quantizer` for the layer
            inputs, or `None` (weight-only quantization where the mode
            allows it).
    """

    def __init__(self, weight_quantizer=None, activation_quantizer=None):
        self.weight_quantizer = weight_quantizer
        self.activation_quantizer = activation_quantizer

    @property
    def mode(self):
        raise NotImplementedError(
            f"{self.__class__.__name__} does not define the `mode` "
            "property. Do not instantiate QuantizationConfig directly: use "
            "one of its subclasses, e.g. `Int8QuantizationConfig`."
        )

    def get_config(self):
        from keras.src.saving import serialization_lib

        return {
            "weight_quantizer": serialization_lib.serialize_keras_object(
                self.weight_quantizer
            ),
            "activation_quantizer": serialization_lib.serialize_keras_object(
                self.activation_quantizer
            ),
        }

    @classmethod
    def from_config(cls, config):
        from keras.src.saving import serialization_lib

        config = dict(config)
        for key in ("weight_quantizer", "activation_quantizer"):
            if config.get(key) is not None:
                config[key] = serialization_lib.deserialize_keras_object(
                    config[key]
                )
        return cls(**config)


def _check_quantizer(quantizer, value_range, name):
    """Checks that a custom quantizer produces `int8` values in range."""
    if quantizer is None:
        return
    output_dtype = getattr(quantizer, "output_dtype", None)
    if output_dtype is not None and output_dtype != "int8":
        raise ValueError(
            f"The {name} must have output_dtype='int8'. Received: "
            f"output_dtype='{output_dtype}'"
        )
    quantizer_range = getattr(quantizer, "value_range", None)
    if quantizer_range is not None and (
        quantizer_range[0] < value_range[0]
        or quantizer_range[1] > value_range[1]
    ):
        raise ValueError(
            f"The {name}'s value_range {tuple(quantizer_range)} must lie "
            f"within {value_range}."
        )


@keras_export("keras.quantizers.Int8QuantizationConfig")
class Int8QuantizationConfig(QuantizationConfig):
    """Config of `int8` quantization.

    Args:
        weight_quantizer: Quantizer of the weights; its values must fit in
            `[-128, 127]` with `output_dtype="int8"`.
        activation_quantizer: Quantizer of the inputs, or `None` for
            weight-only quantization.
    """

    def __init__(self, weight_quantizer=None, activation_quantizer="default"):
        from keras.src.quantizers.quantizers import AbsMaxQuantizer

        if activation_quantizer == "default":
            # No axis: the layer quantizes each input row (its last axis).
            activation_quantizer = AbsMaxQuantizer()
        _check_quantizer(weight_quantizer, (-128, 127), "weight quantizer")
        super().__init__(weight_quantizer, activation_quantizer)

    @property
    def mode(self):
        return "int8"


@keras_export("keras.quantizers.Int4QuantizationConfig")
class Int4QuantizationConfig(QuantizationConfig):
    """Config of `int4` quantization.

    Args:
        weight_quantizer: Quantizer of the weights; its values must fit in
            `[-8, 7]` with `output_dtype="int8"`. Only allowed per channel
            (`block_size` `None` or `-1`).
        activation_quantizer: Quantizer of the inputs, or `None` (the
            default: weight-only quantization, the kernel is dequantized
            for the matmul). Only allowed per channel.
        block_size: Number of input features sharing one scale and zero
            point. `None` or `-1` means one scale per output channel.
    """

    def __init__(
        self,
        weight_quantizer=None,
        activation_quantizer=None,
        block_size=128,
    ):
        if block_size is not None and block_size != -1:
            if not isinstance(block_size, int) or block_size <= 0:
                raise ValueError(
                    "block_size must be None, -1 or a positive integer. "
                    f"Received: block_size={block_size}"
                )
        per_channel = block_size is None or block_size == -1
        if not per_channel and (
            weight_quantizer is not None or activation_quantizer is not None
        ):
            raise ValueError(
                f"Int4 sub-channel quantization (block_size={block_size}) "
                "does not support custom quantizers. Pass block_size=None "
                "(or -1) to use them."
            )
        _check_quantizer(weight_quantizer, (-8, 7), "weight quantizer")
        super().__init__(weight_quantizer, activation_quantizer)
        self.block_size = block_size

    @property
    def mode(self):
        return "int4"

    def get_config(self):
        config = super().get_config()
        config["block_size"] = self.block_size
        return config


class _ConfigWithoutSettings(QuantizationConfig):
    """A config whose mode takes no settings and no custom quantizers."""

    def __init__(self):
        super().__init__(None, None)

    def get_config(self):
        return {}

    @classmethod
    def from_config(cls, config):
        return cls()


@keras_export("keras.quantizers.Float8QuantizationConfig")
class Float8QuantizationConfig(_ConfigWithoutSettings):
    """Config of `float8` quantization (delayed scaling).

    It takes no arguments: float8 layers track the scales of their inputs,
    kernel and output gradients themselves (see `Dense.quantize`).
    """

    @property
    def mode(self):
        return "float8"


@keras_export("keras.quantizers.TernaryQuantizationConfig")
class TernaryQuantizationConfig(_ConfigWithoutSettings):
    """Config of `ternary` quantization.

    It takes no arguments: each kernel gets one scale, the mean of its
    absolute values, and each weight becomes `-1`, `0` or `1` times that
    scale (see `Dense.quantize`). The inputs stay float.

    Example:

    >>> layer = keras.layers.Dense(4)
    >>> layer.build((None, 10))
    >>> layer.quantize(config=keras.quantizers.TernaryQuantizationConfig())
    >>> layer.dtype_policy.name
    'ternary_from_float32'
    """

    @property
    def mode(self):
        return "ternary"


_DEFAULT_CONFIGS = {
    "int8": Int8QuantizationConfig,
    "int4": Int4QuantizationConfig,
    "float8": Float8QuantizationConfig,
    "ternary": TernaryQuantizationConfig,
}


def validate_and_resolve_config(mode, config):
    """Returns the config to quantize with, from a mode and/or a config.

    Args:
        mode: A quantization mode name, or `None` to take it from
            `config`.
        config: A `QuantizationConfig`, or `None` to use the mode's
            defaults (not possible for `"gptq"` and `"awq"`).
    """
    if config is not None and not isinstance(config, QuantizationConfig):
        raise ValueError(
            "Argument `config` must be an instance of `QuantizationConfig` "
            "(e.g. `keras.quantizers.Int8QuantizationConfig`). Received: "
            f"config={config!r} (of type {type(config)})"
        )
    if mode is None:
        if config is None:
            raise ValueError(
                "Pass a quantization `mode` or a `config` to quantize."
            )
        mode = config.mode
    if mode not in QUANTIZATION_MODES:
        raise ValueError(
            f"Invalid quantization mode. Expected one of "
            f"{QUANTIZATION_MODES}. Received: mode={mode}"
        )
    if config is not None and config.mode != mode:
        raise ValueError(
            f"Contradictory arguments: mode='{mode}' but the config's "
            f"mode is '{config.mode}'."
        )
    if mode in _CONFIG_REQUIRED:
        class_name = _CONFIG_REQUIRED[mode]
        if config is None:
            article = "an" if class_name[0] in "AEIOU" else "a"
            raise ValueError(
                f"For {mode.upper()}, you must pass {article} `{class_name}` "
                "object in the `config` argument: the mode needs calibration "
                "data and settings."
            )
        if type(config).__name__ != class_name:
            raise ValueError(
                f"Mode '{mode}' requires a valid `config` of type "
                f"`{class_name}`. Received: {type(config).__name__}"
            )
        return config
    if config is None:
        config = _DEFAULT_CONFIGS[mode]()
    return config
