import pytest

from keras.src import layers
from keras.src.quantizers.layer_filters import should_quantize_layer


@pytest.mark.parametrize(
    "filters, expected",
    [
        (None, True),
        ("ffn", True),
        ("^up", False),
        (["attn", "up$"], True),
        (("attn", "query"), False),
        (lambda layer: layer.units == 2, True),
        (lambda layer: None, False),
    ],
)
def test_should_quantize_layer(filters, expected):
    layer = layers.Dense(2, name="ffn_up")
    assert should_quantize_layer(layer, filters) is expected


def test_should_quantize_layer_rejects_other_filters():
    with pytest.raises(ValueError, match="filters=3 \\(of type int\\)"):
        should_quantize_layer(layers.Dense(2), 3)
