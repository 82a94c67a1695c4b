import pytest

from keras.src import layers
from keras.src.quantizers import quantization_config
from keras.src.quantizers.layer_config import check_mode
from keras.src.quantizers.layer_config import default_config
from keras.src.quantizers.layer_config import policy_after_quantize


def test_check_mode():
    check_mode("int8", ("int8", "int4"))
    with pytest.raises(NotImplementedError, match="quantization_mode=int4"):
        check_mode("int4", ("int8",))
    with pytest.raises(NotImplementedError, match="Expected one of"):
        check_mode("int3", ("int3",))


def test_default_config():
    config = quantization_config.Int8QuantizationConfig()
    assert default_config("int8", config) is config
    assert default_config("int4", None).block_size == 128
    assert default_config("float8", None).mode == "float8"


@pytest.mark.parametrize(
    "config, name",
    [
        (quantization_config.Int8QuantizationConfig(), "int8_from_float32"),
        (
            quantization_config.Int4QuantizationConfig(block_size=64),
            "int4/64_from_float32",
        ),
        (
            quantization_config.Int4QuantizationConfig(block_size=None),
            "int4/-1_from_float32",
        ),
        (
            quantization_config.Int4QuantizationConfig(block_size=-1),
            "int4/-1_from_float32",
        ),
        (
            quantization_config.Float8QuantizationConfig(),
            "float8_from_float32",
        ),
        (
            quantization_config.TernaryQuantizationConfig(),
            "ternary_from_float32",
        ),
    ],
)
def test_policy_after_quantize(config, name):
    layer = layers.Dense(2)
    assert policy_after_quantize(layer, config).name == name
