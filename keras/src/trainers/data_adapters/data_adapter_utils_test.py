import numpy as np
import pytest

from keras.src.trainers.data_adapters import data_adapter_utils as utils


def test_unpack_and_pack():
    assert utils.unpack_x_y_sample_weight(1) == (1, None, None)
    assert utils.unpack_x_y_sample_weight((1,)) == (1, None, None)
    assert utils.unpack_x_y_sample_weight([1, 2]) == (1, 2, None)
    assert utils.unpack_x_y_sample_weight((1, 2, 3)) == (1, 2, 3)
    with pytest.raises(ValueError, match="Data is expected"):
        utils.unpack_x_y_sample_weight((1, 2, 3, 4))
    assert utils.pack_x_y_sample_weight(1) == 1
    assert utils.pack_x_y_sample_weight([1, 2]) == ([1, 2],)
    assert utils.pack_x_y_sample_weight(1, 2) == (1, 2)
    assert utils.pack_x_y_sample_weight(1, 2, 3) == (1, 2, 3)


def test_train_validation_split_takes_the_last_fraction():
    x = np.arange(10)
    y = np.arange(10) * 2
    (tx, ty, tsw), (vx, vy, vsw) = utils.train_validation_split(
        (x, y, None), validation_split=0.3
    )
    np.testing.assert_array_equal(tx, np.arange(7))
    np.testing.assert_array_equal(vx, [7, 8, 9])
    np.testing.assert_array_equal(vy, [14, 16, 18])
    assert tsw is None and vsw is None


def test_train_validation_split_errors():
    with pytest.raises(ValueError, match="not sufficient"):
        utils.train_validation_split(np.arange(2), 0.6)
    with pytest.raises(ValueError, match="only supported"):
        utils.train_validation_split([object()], 0.5)


def test_class_weight_to_sample_weights():
    np.testing.assert_allclose(
        utils.class_weight_to_sample_weights(
            np.array([[0], [1], [3]]), {1: 5.0}
        ),
        [1.0, 5.0, 1.0],
    )
