import numpy as np
import pytest

import keras
from keras.src.applications import imagenet_utils
from keras.src.applications import vgg16
from keras.src.applications import vgg19
from keras.src.testing.test_utils import no_top_model
from keras.src.testing.test_utils import pooling_cases

# Parameter counts of upstream Keras 3.15.1's models (weights=None).
_VGG16_PARAMS = 138357544
_VGG16_NO_TOP_PARAMS = 14714688
_VGG19_PARAMS = 143667240
_VGG19_NO_TOP_PARAMS = 20024384


@pytest.mark.parametrize(
    "builder, name, params, layer_count",
    [
        (vgg16.VGG16, "vgg16", _VGG16_NO_TOP_PARAMS, 19),
        (vgg19.VGG19, "vgg19", _VGG19_NO_TOP_PARAMS, 22),
    ],
)
def test_no_top_matches_upstream(builder, name, params, layer_count):
    model = builder(weights=None, include_top=False)
    assert model.name == name
    assert model.count_params() == params
    assert len(model.layers) == layer_count
    assert model.input_shape == (None, None, None, 3)
    assert model.layers[-1].name == "block5_pool"


def test_vgg16_with_head_param_count():
    model = vgg16.VGG16(weights=None)
    assert model.count_params() == _VGG16_PARAMS
    assert [layer.name for layer in model.layers[-4:]] == [
        "flatten",
        "fc1",
        "fc2",
        "predictions",
    ]


@pytest.mark.parametrize("pooling, shape", pooling_cases((1, 1), 512))
def test_pooling_shapes(pooling, shape):
    model = no_top_model(vgg19.VGG19, (32, 32, 3), pooling)
    assert model.output_shape == shape


def test_weights_round_trip(tmp_path):
    model = vgg16.VGG16(
        weights=None,
        include_top=False,
        input_shape=(32, 32, 3),
        pooling="avg",
    )
    x = np.random.default_rng(0).uniform(0, 255, (2, 32, 32, 3))
    x = vgg16.preprocess_input(x.astype("float32"))
    expected = model.predict(x, verbose=0)
    path = str(tmp_path / "vgg16.weights.h5")
    model.save_weights(path)
    fresh = vgg16.VGG16(
        weights=path,
        include_top=False,
        input_shape=(32, 32, 3),
        pooling="avg",
    )
    np.testing.assert_allclose(fresh.predict(x, verbose=0), expected, atol=1e-6)


def test_preprocess_and_errors():
    x = np.random.default_rng(1).uniform(0, 255, (1, 2, 2, 3))
    expected = imagenet_utils.preprocess_input(x.copy(), mode="caffe")
    np.testing.assert_allclose(vgg19.preprocess_input(x.copy()), expected)
    with pytest.raises(ValueError, match="imagenet"):
        vgg16.VGG16(classes=10)
    with pytest.raises(ValueError, match="static"):
        vgg16.VGG16(weights=None, input_shape=(None, None, 3))


def test_public_api():
    assert keras.applications.VGG16 is vgg16.VGG16
    assert keras.applications.vgg19.VGG19 is vgg19.VGG19
