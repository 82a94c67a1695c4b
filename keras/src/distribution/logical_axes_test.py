"""The logical axis names that built-in layers give their variables."""

import numpy as np
import pytest

from keras.src import layers
from keras.src.distribution import logical_axes


def _names(layer):
    return {v.name: v._axis_names for v in layer.weights}


def test_dense_names():
    layer = layers.Dense(4)
    layer.build((None, 3))
    assert _names(layer) == {"kernel": ("embed", "mlp"), "bias": ("mlp",)}


@pytest.mark.parametrize(
    "equation, output_shape, bias_axes, input_shape, expected",
    [
        (
            "abc,cde->abde",
            (None, 4, 8),
            "de",
            (None, 5, 16),
            {
                "kernel": ("embed", "heads", "head_dim"),
                "bias": ("heads", "head_dim"),
            },
        ),
        (
            "abcd,cde->abe",
            (None, 16),
            "e",
            (None, 5, 4, 8),
            {"kernel": ("heads", "head_dim", "embed"), "bias": ("embed",)},
        ),
        (
            "ab,bc->ac",
            (8,),
            "c",
            (None, 16),
            {"kernel": ("embed", "mlp"), "bias": ("mlp",)},
        ),
        (
            "ebd,edf->ebf",
            (None, 6),
            None,
            (4, 3, 16),
            {"kernel": ("experts", "embed", "mlp")},
        ),
        (
            "BTD,NDH->BTNH",
            (None, 2, 8),
            None,
            (None, 5, 16),
            {"kernel": ("heads", "embed", "head_dim")},
        ),
        (
            "abc,cd->abd",
            (5, 8),
            "bd",
            (None, 5, 16),
            {"kernel": ("embed", "mlp"), "bias": (None, "mlp")},
        ),
    ],
)
def test_einsum_dense_names(
    equation, output_shape, bias_axes, input_shape, expected
):
    layer = layers.EinsumDense(equation, output_shape, bias_axes=bias_axes)
    layer.build(input_shape)
    assert _names(layer) == expected


def test_embedding_names():
    layer = layers.Embedding(10, 4)
    layer.build((None, 3))
    assert _names(layer) == {"embeddings": ("vocab", "embed")}


def test_reversible_embedding_names():
    layer = layers.ReversibleEmbedding(16, 8, tie_weights=False)
    layer.build((None, 3))
    names = {v.name: v._axis_names for v in layer.weights}
    assert names == {
        "embeddings": ("vocab", "embed"),
        "reverse_embeddings": ("embed", "vocab"),
    }


def test_attention_names():
    x = np.zeros((2, 5, 32), "float32")
    mha = layers.MultiHeadAttention(4, 8)
    mha(x, x)
    names = {v.path.split("/", 1)[1]: v._axis_names for v in mha.weights}
    assert names["query/kernel"] == ("embed", "heads", "head_dim")
    assert names["key/bias"] == ("heads", "head_dim")
    assert names["attention_output/kernel"] == ("heads", "head_dim", "embed")
    assert names["attention_output/bias"] == ("embed",)
    gqa = layers.GroupedQueryAttention(8, 4, 2)
    gqa(x, x)
    names = {v.path.split("/", 1)[1]: v._axis_names for v in gqa.weights}
    assert names["key/kernel"] == ("embed", "heads", "head_dim")
    assert names["attention_output/kernel"] == ("heads", "head_dim", "embed")


@pytest.mark.parametrize(
    "layer, input_shape, expected",
    [
        (
            layers.Conv2D(4, 3),
            (None, 8, 8, 3),
            {
                "kernel": (
                    "conv_spatial",
                    "conv_spatial",
                    "conv_in",
                    "conv_out",
                ),
                "bias": ("conv_out",),
            },
        ),
        (
            layers.Conv1DTranspose(4, 3),
            (None, 8, 3),
            {
                "kernel": ("conv_spatial", "conv_out", "conv_in"),
                "bias": ("conv_out",),
            },
        ),
        (
            layers.DepthwiseConv2D(3),
            (None, 8, 8, 3),
            {
                "kernel": (
                    "conv_spatial",
                    "conv_spatial",
                    "conv_in",
                    "conv_multiplier",
                ),
                "bias": ("conv_out",),
            },
        ),
        (
            layers.SeparableConv1D(4, 3),
            (None, 8, 3),
            {
                "depthwise_kernel": (
                    "conv_spatial",
                    "conv_in",
                    "conv_multiplier",
                ),
                "pointwise_kernel": ("conv_spatial", "conv_in", "conv_out"),
                "bias": ("conv_out",),
            },
        ),
    ],
)
def test_conv_names(layer, input_shape, expected):
    layer.build(input_shape)
    assert _names(layer) == expected


@pytest.mark.parametrize(
    "layer, input_shape, weights",
    [
        (layers.LayerNormalization(), (None, 5, 8), ["gamma", "beta"]),
        (
            layers.LayerNormalization(axis=(1, 2)),
            (None, 5, 8),
            ["gamma", "beta"],
        ),
        (
            layers.BatchNormalization(),
            (None, 8),
            ["gamma", "beta", "moving_mean", "moving_variance"],
        ),
        (layers.GroupNormalization(2), (None, 8), ["gamma", "beta"]),
        (layers.RMSNormalization(), (None, 5, 8), ["scale"]),
    ],
)
def test_normalization_names(layer, input_shape, weights):
    layer.build(input_shape)
    names = _names(layer)
    assert sorted(names) == sorted(weights)
    for variable in layer.weights:
        assert variable._axis_names == ("norm",) * len(variable.shape)


def test_logical_axes_scope():
    layer = layers.Layer()
    with logical_axes.logical_axes(("a", None)):
        named = layer.add_weight(shape=(2, 3), name="named")
    unnamed = layer.add_weight(shape=(2, 3), name="unnamed")
    assert named._axis_names == ("a", None)
    assert unnamed._axis_names is None
    with pytest.raises(ValueError, match="must be strings or None"):
        with logical_axes.logical_axes((1, 2)):
            pass
