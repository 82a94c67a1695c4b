"""keras-hub backbones quantized, then revived from their config.

Two families, built tiny (nothing downloaded), where sublayers made in a
layer's `__init__` are built only by running that layer's `call` (the
layer keeps the default `build()`):

- `SwinTransformerBackbone` (vision): quantized straight after
  construction, every `Dense` of its blocks reports the mode; a
  `DTypePolicyMap` keyed by the paths of a fresh instance (what keras-hub
  writes in a quantized backbone's config) gives each of them its mode.
- `DebertaV3Backbone` (text): a quantized backbone revived from its
  config has the original's variables, in the same order, so that
  `set_weights` of the quantized weights gives the same outputs.

`benchmarks/keras_hub_quantize.py` checks every family and mode; this test
keeps these two, quickly. It skips where keras-hub is not importable.
"""

import importlib.util
import warnings

import numpy as np
import pytest

import keras

if importlib.util.find_spec("keras_hub") is None:
    pytest.skip(
        "keras-hub is not installed: `shell/test.sh` installs it from "
        "../shared/keras-hub/keras-hub-src.tar.gz when that file exists",
        allow_module_level=True,
    )
import keras_hub  # noqa: E402

QUANTIZABLE = (keras.layers.Dense, keras.layers.EinsumDense)


def swin_backbone(dtype=None):
    return keras_hub.models.SwinTransformerBackbone(
        image_shape=(16, 16, 3),
        embed_dim=8,
        depths=[1],
        num_heads=[2],
        window_size=2,
        drop_path=0.0,
        dtype=dtype,
    )


def deberta_backbone():
    return keras_hub.models.DebertaV3Backbone(
        vocabulary_size=64,
        num_layers=1,
        num_heads=2,
        hidden_dim=8,
        intermediate_dim=16,
        dropout=0.0,
    )


def quantize(model, mode):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # layers that take no mode
        model.quantize(mode, verbose=False)


def without_mode(model, mode):
    return [
        layer.path
        for layer in model._flatten_layers(include_self=False)
        if isinstance(layer, QUANTIZABLE)
        and (
            layer.quantization_mode != mode
            or layer.dtype_policy.quantization_mode != mode
        )
    ]


def test_swin_blocks_quantized_before_any_call():
    model = swin_backbone()
    quantize(model, "int8")
    assert without_mode(model, "int8") == []
    assert any(
        layer.path.endswith("mlp/fc1") for layer in model._flatten_layers()
    )


def test_swin_policy_map_from_a_fresh_instance():
    policies = keras.dtype_policies.DTypePolicyMap("float32")
    for layer in swin_backbone()._flatten_layers(include_self=False):
        if isinstance(layer, QUANTIZABLE):
            policies[layer.path] = keras.dtype_policies.get("int8_from_float32")
    model = swin_backbone(dtype=policies)
    model(np.zeros((1, 16, 16, 3), "float32"))
    assert [
        layer.path
        for layer in model._flatten_layers(include_self=False)
        if isinstance(layer, QUANTIZABLE) and layer.quantization_mode != "int8"
    ] == []


def test_deberta_quantized_revived_from_config():
    keras.utils.set_random_seed(0)
    model = deberta_backbone()
    rng = np.random.default_rng(0)
    x = {
        "token_ids": rng.integers(1, 64, (2, 8)).astype("int32"),
        "padding_mask": np.ones((2, 8), "int32"),
    }
    model(x)
    quantize(model, "int8")
    revived = keras.saving.deserialize_keras_object(
        keras.saving.serialize_keras_object(model)
    )
    assert [v.path for v in revived.weights] == [v.path for v in model.weights]
    assert any("rel_embeddings_layer_norm" in v.path for v in revived.weights)
    revived.set_weights(model.get_weights())
    np.testing.assert_allclose(revived(x), model(x), atol=1e-6)
