"""The built-in preprocessing of ConvNeXt and EfficientNetV2 for images
that do not have 3 channels (upstream Keras 3.15.1's behaviour)."""

import numpy as np
import pytest

from keras.src import backend
from keras.src import layers
from keras.src.applications import convnext
from keras.src.applications import efficientnet_v2


def _layer_types(model):
    return [type(layer) for layer in model.layers]


@pytest.mark.parametrize("channels", [1, 4])
def test_convnext_skips_normalization_without_rgb(channels):
    model = convnext.ConvNeXtTiny(
        weights=None, include_top=False, input_shape=(None, None, channels)
    )
    assert layers.Normalization not in _layer_types(model)
    assert model.layers[1].name == "convnext_tiny_stem"
    images = np.random.default_rng(0).uniform(0, 255, (2, 32, 32, channels))
    assert model.predict(images, verbose=0).shape == (2, 1, 1, 768)


def test_convnext_normalizes_rgb():
    model = convnext.ConvNeXtTiny(weights=None, include_top=False)
    norm = model.layers[1]
    assert isinstance(norm, layers.Normalization)
    assert norm.name == "convnext_tiny_prestem_normalization"
    np.testing.assert_allclose(
        np.ravel(norm.mean), [123.675, 116.28, 103.53], rtol=1e-6
    )


@pytest.mark.parametrize("data_format", ["channels_last", "channels_first"])
def test_efficientnet_v2_b_rescales_grayscale_to_unit_range(data_format):
    previous = backend.image_data_format()
    backend.set_image_data_format(data_format)
    try:
        shape = (
            (None, None, 1)
            if data_format == "channels_last"
            else (1, None, None)
        )
        model = efficientnet_v2.EfficientNetV2B0(
            weights=None, include_top=False, input_shape=shape
        )
        rgb = efficientnet_v2.EfficientNetV2B0(weights=None, include_top=False)
    finally:
        backend.set_image_data_format(previous)
    assert layers.Normalization not in _layer_types(model)
    rescaling = model.layers[1]
    assert isinstance(rescaling, layers.Rescaling)
    assert rescaling.scale == pytest.approx(1 / 128)
    assert rescaling.offset == -1
    assert model.layers[2].name == "stem_conv"
    # RGB images keep the ImageNet standardization after [0, 1] scaling.
    assert isinstance(rgb.layers[1], layers.Rescaling)
    assert rgb.layers[1].scale == pytest.approx(1 / 255)
    assert isinstance(rgb.layers[2], layers.Normalization)
