import numpy as np
import pytest

from keras.src import backend
from keras.src import layers


def test_count_weights_sum_per_token():
    layer = layers.CategoryEncoding(num_tokens=3, output_mode="count")
    out = layer(np.array([[0, 2, 2]]), count_weights=np.array([[1.0, 0.5, 2]]))
    np.testing.assert_allclose(out, [[1.0, 0.0, 2.5]])


def test_out_of_range_ids_encode_to_zeros():
    layer = layers.CategoryEncoding(num_tokens=3, output_mode="multi_hot")
    np.testing.assert_allclose(layer(np.array([[5, 1]])), [[0.0, 1.0, 0.0]])


def test_sparse_output_is_bcoo():
    layer = layers.CategoryEncoding(
        num_tokens=4, output_mode="one_hot", sparse=True
    )
    out = layer(np.array([1, 3]))
    assert type(out).__name__ == "BCOO"
    np.testing.assert_allclose(backend.convert_to_numpy(out), np.eye(4)[[1, 3]])


def test_tf_data_count_with_weights():
    tf = pytest.importorskip("tensorflow")
    layer = layers.CategoryEncoding(num_tokens=3, output_mode="count")
    ds = tf.data.Dataset.from_tensors(
        (np.array([[0, 0, 1]]), np.array([[0.5, 0.5, 3.0]]))
    ).map(lambda x, w: layer(x, count_weights=w))
    np.testing.assert_allclose(next(iter(ds)).numpy(), [[1.0, 3.0, 0.0]])
