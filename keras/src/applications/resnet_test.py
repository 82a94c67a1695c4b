import numpy as np
import pytest

import keras
from keras.src.applications import imagenet_utils
from keras.src.applications import resnet
from keras.src.testing.test_utils import no_top_model
from keras.src.testing.test_utils import pooling_cases

# Parameter counts of upstream Keras 3.15.1's models (weights=None).
_RESNET50_PARAMS = 25636712
_RESNET50_NO_TOP_PARAMS = 23587712
_RESNET101_PARAMS = 44707176


def test_resnet50_matches_upstream_layout():
    model = resnet.ResNet50(weights=None)
    assert model.name == "resnet50"
    assert model.count_params() == _RESNET50_PARAMS
    assert len(model.layers) == 177
    assert len(model.weights) == 320
    assert model.output_shape == (None, 1000)
    assert model.get_layer("conv3_block1_1_conv").strides == (2, 2)
    assert model.get_layer("conv3_block1_0_conv").strides == (2, 2)
    assert model.get_layer("conv2_block1_0_conv").strides == (1, 1)
    assert model.get_layer("conv5_block3_out").output.shape == (
        None,
        7,
        7,
        2048,
    )


def test_resnet101_param_count():
    model = resnet.ResNet101(weights=None)
    assert model.name == "resnet101"
    assert model.count_params() == _RESNET101_PARAMS


@pytest.mark.parametrize("pooling, shape", pooling_cases((2, 2), 2048))
def test_no_top_pooling_shapes(pooling, shape):
    model = no_top_model(resnet.ResNet50, (64, 64, 3), pooling)
    assert model.output_shape == shape
    assert model.count_params() == _RESNET50_NO_TOP_PARAMS


def test_weights_round_trip(tmp_path):
    model = resnet.ResNet50(weights=None, input_shape=(32, 32, 3), classes=5)
    x = np.random.default_rng(0).uniform(0, 255, (2, 32, 32, 3))
    x = resnet.preprocess_input(x.astype("float32"))
    expected = model.predict(x, verbose=0)
    path = str(tmp_path / "resnet50.weights.h5")
    model.save_weights(path)
    fresh = resnet.ResNet50(weights=path, input_shape=(32, 32, 3), classes=5)
    np.testing.assert_allclose(fresh.predict(x, verbose=0), expected, atol=1e-6)


def test_preprocess_input_is_caffe_mode():
    x = np.random.default_rng(1).uniform(0, 255, (1, 2, 2, 3))
    expected = imagenet_utils.preprocess_input(x.copy(), mode="caffe")
    np.testing.assert_allclose(resnet.preprocess_input(x.copy()), expected)


def test_argument_errors():
    with pytest.raises(ValueError, match="classes"):
        resnet.ResNet50(classes=10)
    with pytest.raises(ValueError, match="pooling"):
        resnet.ResNet50(weights=None, include_top=False, pooling="sum")


def test_public_api():
    assert keras.applications.ResNet50 is resnet.ResNet50
    assert keras.applications.resnet50.ResNet50 is resnet.ResNet50
    assert keras.applications.resnet.ResNet152 is resnet.ResNet152
