import numpy as np
import pytest

from keras.src import backend
from keras.src import layers


def test_same_value_same_bin_across_input_kinds():
    layer = layers.Hashing(num_bins=7)
    a = backend.convert_to_numpy(layer(["x", "y", "x"]))
    b = backend.convert_to_numpy(layer(np.array([["x"], ["y"]])))
    assert a[0] == a[2] == b[0, 0] and a[1] == b[1, 0]
    assert ((a >= 0) & (a < 7)).all()


def test_mask_value_gets_bin_zero_others_never():
    layer = layers.Hashing(num_bins=2, mask_value=-1)
    out = backend.convert_to_numpy(layer(np.array([-1, 3, 8, 12])))
    assert out[0] == 0 and (out[1:] == 1).all()


def test_salt_normalized_and_serialized():
    layer = layers.Hashing(num_bins=4, salt=5)
    assert layer.salt == [5, 5]
    assert layers.Hashing.from_config(layer.get_config()).salt == [5, 5]


def test_count_output_symbolic_matches_eager():
    layer = layers.Hashing(num_bins=3, output_mode="count")
    symbolic = layer(layers.Input(shape=(4,), dtype="string"))
    eager = layer(np.array([["a", "b", "a", "c"]]))
    assert symbolic.shape[1:] == eager.shape[1:] == (3,)
    assert float(np.sum(backend.convert_to_numpy(eager))) == 4.0


def test_tf_data_strings():
    tf = pytest.importorskip("tensorflow")
    layer = layers.Hashing(num_bins=5)
    eager = backend.convert_to_numpy(layer(["u", "v"]))
    ds = tf.data.Dataset.from_tensors(tf.constant(["u", "v"])).map(layer)
    np.testing.assert_array_equal(next(iter(ds)).numpy(), eager)


def test_ragged_rows_hash_element_wise_in_tf_data_and_eagerly():
    tf = pytest.importorskip("tensorflow")
    layer = layers.Hashing(num_bins=5)
    ragged = tf.ragged.constant([["a", "b"], ["a"]])
    ds = tf.data.Dataset.from_tensor_slices(ragged).batch(2).map(layer)
    assert ds.element_spec == tf.RaggedTensorSpec(
        [None, None], tf.int64, ragged_rank=1, row_splits_dtype=tf.int64
    )
    out = next(iter(ds))
    flat = backend.convert_to_numpy(layer(["a", "b"]))
    assert out.to_list() == [[flat[0], flat[1]], [flat[0]]]
    eager = layer(ragged)
    assert isinstance(eager, tf.RaggedTensor)
    assert eager.to_list() == out.to_list()
