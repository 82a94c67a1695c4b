import numpy as np
import pytest

import keras
from keras.src import ops
from keras.src.applications import imagenet_utils as utils


def test_preprocess_modes_numpy():
    x = np.array([[[[255.0, 0.0, 127.5]]]])
    tf_out = utils.preprocess_input(x.copy(), mode="tf")
    np.testing.assert_allclose(tf_out, [[[[1.0, -1.0, 0.0]]]])
    torch_out = utils.preprocess_input(x.copy(), mode="torch")
    np.testing.assert_allclose(
        torch_out,
        [[[[(1 - 0.485) / 0.229, -0.456 / 0.224, (0.5 - 0.406) / 0.225]]]],
        rtol=1e-6,
    )
    caffe_out = utils.preprocess_input(x.copy(), mode="caffe")
    # RGB -> BGR, minus the BGR means.
    np.testing.assert_allclose(
        caffe_out, [[[[127.5 - 103.939, 0.0 - 116.779, 255.0 - 123.68]]]]
    )


@pytest.mark.parametrize("mode", ["tf", "torch", "caffe"])
def test_preprocess_tensor_matches_numpy(mode):
    x = np.random.default_rng(0).uniform(0, 255, (2, 3, 4, 4))
    x = x.astype("float32")
    expected = utils.preprocess_input(x.copy(), "channels_first", mode=mode)
    out = utils.preprocess_input(
        ops.convert_to_tensor(x), "channels_first", mode=mode
    )
    np.testing.assert_allclose(
        ops.convert_to_numpy(out), expected, rtol=1e-5, atol=1e-4
    )
    # An integer tensor is converted to floats.
    out = utils.preprocess_input(
        ops.convert_to_tensor(x.astype("int32")), "channels_first", mode=mode
    )
    assert "float" in str(out.dtype)


def test_preprocess_errors():
    with pytest.raises(ValueError, match="mode"):
        utils.preprocess_input(np.zeros((1, 2, 2, 3)), mode="x")
    with pytest.raises(ValueError, match="data_format"):
        utils.preprocess_input(np.zeros((1, 2, 2, 3)), data_format="x")


def test_decode_predictions_checks_shape():
    with pytest.raises(ValueError, match="1000"):
        utils.decode_predictions(np.zeros((2, 10)))
    with pytest.raises(ValueError, match="1000"):
        utils.decode_predictions(np.zeros((1000,)))


def test_decode_predictions_with_cached_index(tmp_path, monkeypatch):
    index = {str(i): [f"n{i:08d}", f"class_{i}"] for i in range(1000)}
    cache = tmp_path / "models"
    cache.mkdir()
    import json

    (cache / "imagenet_class_index.json").write_text(json.dumps(index))
    monkeypatch.setenv("KERAS_HOME", str(tmp_path))
    monkeypatch.setattr(utils, "_CLASS_INDEX", None)
    preds = np.zeros((2, 1000))
    preds[0, 7] = 0.9
    preds[0, 3] = 0.5
    preds[1, 999] = 1.0
    result = utils.decode_predictions(preds, top=2)
    assert result[0][0][:2] == ("n00000007", "class_7")
    assert result[0][1][:2] == ("n00000003", "class_3")
    assert result[1][0][1] == "class_999"
    assert len(result[0]) == 2


def test_obtain_input_shape():
    assert utils.obtain_input_shape(
        None, 224, 32, "channels_last", require_flatten=True
    ) == (224, 224, 3)
    assert utils.obtain_input_shape(
        None, 224, 32, "channels_first", require_flatten=False
    ) == (3, None, None)
    with pytest.raises(ValueError):
        utils.obtain_input_shape(
            (225, 225, 3), 224, 32, "channels_last", True, "imagenet"
        )


def test_correct_pad():
    assert utils.correct_pad(keras.KerasTensor((None, 112, 112, 8)), 3) == (
        (0, 1),
        (0, 1),
    )
    assert utils.correct_pad(keras.KerasTensor((None, 57, 56, 8)), 5) == (
        (2, 2),
        (1, 2),
    )
    assert utils.correct_pad(keras.KerasTensor((None, None, None, 8)), 3) == (
        (0, 1),
        (0, 1),
    )


def test_validate_activation():
    utils.validate_activation("relu", None)
    utils.validate_activation("softmax", "imagenet")
    utils.validate_activation(None, "imagenet")
    with pytest.raises(ValueError, match="softmax"):
        utils.validate_activation("relu", "imagenet")
