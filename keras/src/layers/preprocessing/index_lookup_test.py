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


def _first(layer, values):
    """The dataset's element spec and first batch through `layer`."""
    tf = pytest.importorskip("tensorflow")
    ds = tf.data.Dataset.from_tensor_slices(values).batch(2).map(layer)
    return ds.element_spec, next(iter(ds))


def test_lookups_keep_ragged_rows_in_tf_data_and_eagerly():
    tf = pytest.importorskip("tensorflow")
    words = tf.ragged.constant([["a", "b"], ["c"]])
    spec, out = _first(layers.StringLookup(vocabulary=["a", "b"]), words)
    assert spec == tf.RaggedTensorSpec(
        [None, None], tf.int64, ragged_rank=1, row_splits_dtype=tf.int64
    )
    assert out.to_list() == [[1, 2], [0]]
    ids = layers.IntegerLookup(vocabulary=[5, 7])(
        tf.ragged.constant([[7], [5, 9, 5]])
    )
    assert isinstance(ids, tf.RaggedTensor)
    assert ids.to_list() == [[2], [1, 0, 1]]
    words_back = layers.StringLookup(vocabulary=["a", "b"], invert=True)(
        tf.ragged.constant([[2], [1, 0]])
    )
    assert words_back.to_list() == [[b"b"], [b"a", b"[UNK]"]]


def test_encoded_lookup_of_ragged_rows_ignores_the_padding():
    tf = pytest.importorskip("tensorflow")
    words = tf.ragged.constant([["a", "b", "a"], ["c"]])
    layer = layers.StringLookup(vocabulary=["a", "b"], output_mode="count")
    _, out = _first(layer, words)
    np.testing.assert_array_equal(out, [[0, 2, 1], [1, 0, 0]])


@pytest.mark.parametrize(
    "output_mode, tf_dtype, eager_dtype",
    [
        ("int", "int64", "int32"),
        ("one_hot", "int64", "int32"),
        ("multi_hot", "int64", "int32"),
        ("count", "int64", "int32"),
        ("tf_idf", "float32", "float32"),
    ],
)
def test_lookup_output_dtypes(output_mode, tf_dtype, eager_dtype):
    # Whole counts are integers; only `tf_idf` weighs them with floats.
    idf = {"idf_weights": [1.0, 2.0]} if output_mode == "tf_idf" else {}
    layer = layers.StringLookup(
        vocabulary=["a", "b"], output_mode=output_mode, **idf
    )
    spec, _ = _first(layer, [["a"], ["b"]])
    assert spec.dtype.name == tf_dtype
    out = layer(np.array([["a"], ["b"]]))
    assert backend.standardize_dtype(out.dtype) == eager_dtype
