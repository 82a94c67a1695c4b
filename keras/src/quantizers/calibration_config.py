"""`CalibrationConfig`: what the GPTQ and AWQ configs have in common.

Both calibrate a model on token windows cut from a dataset
(`keras.src.quantizers.calibration`) and store the kernels as codes with
a scale and zero point per group of `group_size` input features. The
calibration data, the tokenizer and the layer structure are not
serializable settings: `get_config()` writes `None` for them.
"""

from keras.src.quantizers.quantization_config import QuantizationConfig


def check_positive_int(value, name):
    """Raises a `ValueError` unless `value` is an `int` above 0."""
    if not isinstance(value, int) or value <= 0:
        raise ValueError(
            f"{name} must be a positive integer. Received: {name}={value}"
        )


def check_group_size(group_size):
    """Raises a `ValueError` unless `group_size` is `-1` (one group per
    channel) or an `int` above 0."""
    if group_size != -1 and (
        not isinstance(group_size, int) or group_size <= 0
    ):
        raise ValueError(
            "Invalid group_size. Supported values are -1 (one group "
            "per channel) and positive integers. Received: "
            f"group_size={group_size}"
        )


class CalibrationConfig(QuantizationConfig):
    """Base class of the configs of calibrated quantization modes.

    Subclasses define `mode` and list in `_SETTINGS` the names of their
    constructor's keyword arguments in `get_config()` order; they check
    their own settings and call this constructor, which checks and
    stores the shared ones.

    Args:
        dataset: Calibration data: an iterable of texts or token arrays.
        tokenizer: An object whose `tokenize(text)` returns token ids.
        weight_bits: Bits per quantized weight.
        num_samples: Number of calibration samples (a positive `int`).
        sequence_length: Length of each calibration sequence (a positive
            `int`).
        group_size: Weights sharing one scale (a positive `int`), or `-1`
            for one group per channel.
        quantization_layer_structure: Optional dict with the keys
            `"pre_block_layers"` and `"sequential_blocks"`.
    """

    # The serializable settings, in `get_config()` order.
    _SETTINGS = ()

    # Calibration windows per forward pass (see
    # `keras.src.quantizers.calibration`); `GPTQConfig` makes it a setting.
    calibration_batch_size = 8

    def __init__(
        self,
        dataset,
        tokenizer,
        *,
        weight_bits,
        num_samples,
        sequence_length,
        group_size,
        quantization_layer_structure,
    ):
        check_positive_int(num_samples, "num_samples")
        check_positive_int(sequence_length, "sequence_length")
        check_group_size(group_size)
        super().__init__()
        self.dataset = dataset
        self.tokenizer = tokenizer
        self.weight_bits = weight_bits
        self.num_samples = num_samples
        self.sequence_length = sequence_length
        self.group_size = group_size
        self.quantization_layer_structure = quantization_layer_structure

    def get_config(self):
        return {
            "dataset": None,
            "tokenizer": None,
            **{name: getattr(self, name) for name in self._SETTINGS},
            "quantization_layer_structure": None,
        }

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def dtype_policy_string(self):
        """The name of the matching dtype policy mode, e.g. `"gptq/4/128"`
        (mode, weight bits, group size)."""
        return f"{self.mode}/{self.weight_bits}/{self.group_size}"
