import numpy as np
import pytest

import keras
from keras.src import backend
from keras.src.applications import efficientnet
from keras.src.testing.test_utils import no_top_model
from keras.src.testing.test_utils import pooling_cases

# Parameter counts of upstream Keras 3.15.1's models (weights=None).
_B0_PARAMS = 5330571
_B0_NO_TOP_PARAMS = 4049571
_B1_PARAMS = 7856239


def test_b0_matches_upstream_layout():
    model = efficientnet.EfficientNetB0(weights=None)
    assert model.name == "efficientnetb0"
    assert model.count_params() == _B0_PARAMS
    assert len(model.layers) == 240
    assert len(model.weights) == 314
    assert model.input_shape == (None, 224, 224, 3)
    assert model.output_shape == (None, 1000)
    names = [layer.name for layer in model.layers]
    assert names[:5] == [
        "input_layer",
        "rescaling",
        "normalization",
        "stem_conv_pad",
        "stem_conv",
    ]
    assert names[-4:] == [
        "top_activation",
        "avg_pool",
        "top_dropout",
        "predictions",
    ]
    # Stochastic depth grows linearly over the 16 blocks of B0.
    assert model.get_layer("block2b_drop").rate == pytest.approx(0.025)
    assert model.get_layer("block6d_drop").rate == pytest.approx(0.175)
    assert model.get_layer("block3a_dwconv_pad").padding == ((1, 2), (1, 2))
    assert model.get_layer("block1a_se_reduce").filters == 8
    assert model.get_layer("top_dropout").rate == pytest.approx(0.2)


def test_b1_param_count():
    model = efficientnet.EfficientNetB1(weights=None)
    assert model.name == "efficientnetb1"
    assert model.count_params() == _B1_PARAMS
    assert model.input_shape == (None, 240, 240, 3)


@pytest.mark.parametrize("pooling, shape", pooling_cases((2, 2), 1280))
def test_no_top_pooling_shapes(pooling, shape):
    model = no_top_model(efficientnet.EfficientNetB0, (64, 64, 3), pooling)
    assert model.output_shape == shape
    assert model.count_params() == _B0_NO_TOP_PARAMS


def test_no_top_default_input_is_any_size():
    model = efficientnet.EfficientNetB0(weights=None, include_top=False)
    assert model.input_shape == (None, None, None, 3)
    assert model.output_shape == (None, None, None, 1280)


def test_channels_first():
    previous = backend.image_data_format()
    backend.set_image_data_format("channels_first")
    try:
        model = efficientnet.EfficientNetB0(
            weights=None, include_top=False, input_shape=(3, 64, 64)
        )
        assert model.output_shape == (None, 1280, 2, 2)
        assert model.count_params() == _B0_NO_TOP_PARAMS
        assert model.get_layer("block1a_se_reshape").target_shape == (
            32,
            1,
            1,
        )
    finally:
        backend.set_image_data_format(previous)


def test_weights_round_trip_and_input_tensor(tmp_path):
    inputs = keras.Input((32, 32, 3))
    scaled = keras.layers.Rescaling(2.0)(inputs)
    model = efficientnet.EfficientNetB0(
        weights=None,
        include_top=True,
        input_tensor=scaled,
        classes=7,
        classifier_activation=None,
    )
    # The model starts from the source input, through the user's layer.
    assert model.inputs[0] is inputs
    assert model.output_shape == (None, 7)
    x = np.random.default_rng(0).uniform(0, 255, (2, 32, 32, 3))
    x = x.astype("float32")
    expected = model.predict(x, verbose=0)
    path = str(tmp_path / "b0.weights.h5")
    model.save_weights(path)
    fresh = efficientnet.EfficientNetB0(
        weights=path,
        input_tensor=keras.layers.Rescaling(2.0)(keras.Input((32, 32, 3))),
        classes=7,
        classifier_activation=None,
    )
    np.testing.assert_allclose(fresh.predict(x, verbose=0), expected, atol=1e-5)


def test_argument_errors():
    with pytest.raises(ValueError, match="classes"):
        efficientnet.EfficientNetB0(classes=10)
    with pytest.raises(ValueError, match="weights"):
        efficientnet.EfficientNetB0(weights="/no/such/file.weights.h5")
    with pytest.raises(ValueError, match="pooling"):
        efficientnet.EfficientNetB0(
            weights=None, include_top=False, pooling="sum"
        )
    with pytest.raises(ValueError, match="static"):
        efficientnet.EfficientNetB0(weights=None, input_shape=(None, None, 3))
    with pytest.raises(ValueError, match="at least 32"):
        efficientnet.EfficientNetB0(
            weights=None, include_top=False, input_shape=(16, 16, 3)
        )


def test_preprocess_input_is_identity():
    x = np.random.uniform(0, 255, (1, 4, 4, 3))
    assert efficientnet.preprocess_input(x) is x


def test_public_api():
    assert keras.applications.EfficientNetB7 is efficientnet.EfficientNetB7
    assert (
        keras.applications.efficientnet.preprocess_input
        is efficientnet.preprocess_input
    )
