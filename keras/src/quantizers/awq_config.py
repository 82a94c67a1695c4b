"""`AWQConfig`: the settings of an AWQ weight quantization."""

from keras.src.api_export import keras_export
from keras.src.quantizers.quantization_config import QuantizationConfig


def _check_positive_int(value, name):
    if not isinstance(value, int) or value <= 0:
        raise ValueError(
            f"{name} must be a positive integer. Received: {name}={value}"
        )


@keras_export("keras.quantizers.AWQConfig")
class AWQConfig(QuantizationConfig):
    """Settings of an AWQ (activation-aware, 4-bit) weight quantization.

    This fork validates and stores the settings; it has no AWQ quantizer
    to run them yet.

    Args:
        dataset: Calibration data (texts or token arrays).
        tokenizer: Turns the calibration texts into tokens.
        weight_bits: Bits per quantized weight; AWQ uses 4.
        num_samples: Number of calibration samples.
        sequence_length: Length of each calibration sequence.
        group_size: Weights sharing one scale; `-1` for one group per
            channel.
        num_grid_points: Number of candidate scaling exponents searched
            per layer.
    """

    def __init__(
        self,
        dataset,
        tokenizer,
        weight_bits=4,
        num_samples=128,
        sequence_length=512,
        group_size=128,
        num_grid_points=20,
    ):
        if weight_bits != 4:
            raise ValueError(
                "AWQ only supports 4-bit weights. Received: "
                f"weight_bits={weight_bits}"
            )
        _check_positive_int(num_samples, "num_samples")
        _check_positive_int(sequence_length, "sequence_length")
        if group_size != -1 and (
            not isinstance(group_size, int) or group_size <= 0
        ):
            raise ValueError(
                "Invalid group_size. Supported values are -1 (one group "
                "per channel) and positive integers. Received: "
                f"group_size={group_size}"
            )
        _check_positive_int(num_grid_points, "num_grid_points")
        super().__init__()
        self.dataset = dataset
        self.tokenizer = tokenizer
        self.weight_bits = weight_bits
        self.num_samples = num_samples
        self.sequence_length = sequence_length
        self.group_size = group_size
        self.num_grid_points = num_grid_points

    @property
    def mode(self):
        return "awq"

    def dtype_policy_string(self):
        """The name of the matching dtype policy mode, e.g. `"awq/4/128"`."""
        return f"awq/{self.weight_bits}/{self.group_size}"

    def get_config(self):
        # The calibration data and tokenizer are not serializable settings.
        return {
            "dataset": None,
            "tokenizer": None,
            "weight_bits": self.weight_bits,
            "num_samples": self.num_samples,
            "sequence_length": self.sequence_length,
            "group_size": self.group_size,
            "num_grid_points": self.num_grid_points,
        }

    @classmethod
    def from_config(cls, config):
        return cls(**config)
