import numpy as np
import pytest

from keras.src import ops
from keras.src.utils import numerical_utils


@pytest.mark.parametrize(
    "shape, expected_shape",
    [
        ((5,), (5, 4)),
        ((5, 1), (5, 4)),
        ((3, 2), (3, 2, 4)),
        ((2, 3, 1), (2, 3, 4)),
    ],
)
def test_to_categorical_matches_numpy(shape, expected_shape):
    rng = np.random.default_rng(0)
    labels = rng.integers(0, 4, size=shape)
    one_hot = numerical_utils.to_categorical(labels, num_classes=4)
    assert isinstance(one_hot, np.ndarray)
    assert one_hot.shape == expected_shape
    assert one_hot.dtype == np.float32
    expected = np.eye(4, dtype="float32")[labels.reshape(expected_shape[:-1])]
    np.testing.assert_array_equal(one_hot, expected)


def test_to_categorical_infers_num_classes_and_accepts_lists():
    one_hot = numerical_utils.to_categorical([0, 2, 1])
    np.testing.assert_array_equal(one_hot, np.eye(3)[[0, 2, 1]])
    one_hot = numerical_utils.to_categorical(np.array([1.0, 0.0]), 3)
    np.testing.assert_array_equal(one_hot, np.eye(3)[[1, 0]])


def test_to_categorical_errors():
    with pytest.raises(ValueError, match="Class indices"):
        numerical_utils.to_categorical([0, 5], num_classes=3)
    with pytest.raises(ValueError, match="integer"):
        numerical_utils.to_categorical([0.5, 1.0])


def test_to_categorical_tensor_input():
    labels = ops.convert_to_tensor(np.array([0, 1, 2]))
    one_hot = numerical_utils.to_categorical(labels, num_classes=3)
    assert ops.is_tensor(one_hot)
    np.testing.assert_array_equal(ops.convert_to_numpy(one_hot), np.eye(3))


def test_normalize():
    x = np.array([[3.0, 4.0], [0.0, 0.0], [1.0, 0.0]])
    np.testing.assert_allclose(
        numerical_utils.normalize(x), [[0.6, 0.8], [0.0, 0.0], [1.0, 0.0]]
    )
    np.testing.assert_allclose(
        numerical_utils.normalize(x, order=1),
        [[3 / 7, 4 / 7], [0.0, 0.0], [1.0, 0.0]],
    )
    expected = x / np.linalg.norm(x, axis=0, keepdims=True)
    np.testing.assert_allclose(numerical_utils.normalize(x, axis=0), expected)
    tensor = numerical_utils.normalize(ops.convert_to_tensor(x))
    assert ops.is_tensor(tensor)
    np.testing.assert_allclose(
        ops.convert_to_numpy(tensor), numerical_utils.normalize(x), rtol=1e-6
    )


def test_build_pos_neg_masks():
    from keras.src.utils.numerical_utils import build_pos_neg_masks

    pos, neg = build_pos_neg_masks(np.array([0, 1, 0]), np.array([0, 1, 0]))
    np.testing.assert_array_equal(
        np.asarray(pos), [[0, 0, 1], [0, 0, 0], [1, 0, 0]]
    )
    np.testing.assert_array_equal(
        np.asarray(neg), [[0, 1, 0], [1, 0, 1], [0, 1, 0]]
    )
