import numpy as np
import pytest

from keras.src import backend
from keras.src import layers


def test_string_lookup_adapt_ranks_by_frequency():
    layer = layers.StringLookup()
    layer.adapt(["b", "a", "b", "c", "b", "a"])
    assert layer.get_vocabulary() == ["[UNK]", "b", "a", "c"]
    np.testing.assert_array_equal(layer(["c", "zz", "b"]), [3, 0, 1])


def test_string_lookup_invert_returns_strings():
    layer = layers.StringLookup(vocabulary=["x", "y"], invert=True)
    out = layer(np.array([2, 0, 1]))
    assert [t.decode() for t in out.numpy()] == ["y", "[UNK]", "x"]


def test_integer_lookup_mask_dropped_from_encodings():
    layer = layers.IntegerLookup(
        vocabulary=[7, 9], mask_token=0, output_mode="multi_hot"
    )
    # Slots: OOV, 7, 9 (the mask has none).
    np.testing.assert_allclose(layer(np.array([[0, 9, 4]])), [[1, 0, 1]])


def test_integer_lookup_floormod_oov():
    layer = layers.IntegerLookup(vocabulary=[10], num_oov_indices=3)
    np.testing.assert_array_equal(layer(np.array([4, 5, 10])), [1, 2, 3])


def test_tf_idf_default_oov_weight_is_mean():
    layer = layers.StringLookup(
        vocabulary=["a", "b"], idf_weights=[1.0, 3.0], output_mode="tf_idf"
    )
    np.testing.assert_allclose(layer(["a", "q", "b", "b"]), [2.0, 1.0, 6.0])


def test_assets_round_trip(tmp_path):
    layer = layers.IntegerLookup(max_tokens=5)
    layer.adapt(np.array([3, 3, 8, 1]))
    layer.save_assets(str(tmp_path))
    other = layers.IntegerLookup(max_tokens=5)
    other.load_assets(str(tmp_path))
    assert other.get_vocabulary() == layer.get_vocabulary() == [-1, 3, 8, 1]


def test_vocabulary_larger_than_max_tokens():
    with pytest.raises(ValueError, match="max_tokens"):
        layers.StringLookup(max_tokens=2, vocabulary=["a", "b"])


def test_tf_data_one_hot():
    tf = pytest.importorskip("tensorflow")
    layer = layers.StringLookup(vocabulary=["a", "b"], output_mode="one_hot")
    ds = tf.data.Dataset.from_tensors(tf.constant(["b", "?"])).map(layer)
    np.testing.assert_allclose(next(iter(ds)).numpy(), [[0, 0, 1], [1, 0, 0]])


def test_eager_outputs_are_backend_tensors():
    out = layers.IntegerLookup(vocabulary=[5])(np.array([5]))
    assert backend.is_tensor(out)


def test_empty_vocabulary_maps_everything_to_oov():
    np.testing.assert_array_equal(
        layers.IntegerLookup()(np.array([3, 4])), [0, 0]
    )


def test_sparse_multi_hot_is_bcoo():
    layer = layers.StringLookup(
        vocabulary=["a", "b"], output_mode="multi_hot", sparse=True
    )
    out = layer([["a", "zz"]])
    assert type(out).__name__ == "BCOO"
    np.testing.assert_allclose(backend.convert_to_numpy(out), [[1, 1, 0]])
