import numpy as np
import pytest

from keras.src import backend
from keras.src import layers


def test_adapt_and_int_output():
    layer = layers.TextVectorization(output_sequence_length=5)
    layer.adapt(["The cat sat.", "the CAT ran!"])
    vocab = layer.get_vocabulary()
    assert vocab[:4] == ["", "[UNK]", "the", "cat"]
    out = backend.convert_to_numpy(layer(["cat dog the"]))
    np.testing.assert_array_equal(out, [[3, 1, 2, 0, 0]])


def test_truncation_to_sequence_length():
    layer = layers.TextVectorization(vocabulary=["a"], output_sequence_length=2)
    np.testing.assert_array_equal(layer(["a a a a"]), [[2, 2]])


def test_tf_idf_adapt_values():
    layer = layers.TextVectorization(output_mode="tf_idf")
    layer.adapt(["a b", "a"])
    # idf(a) = log(1 + 2/3), idf(b) = log(1 + 2/2); OOV gets their mean.
    idf_a, idf_b = np.log(1 + 2 / 3), np.log(2.0)
    out = backend.convert_to_numpy(layer(["a a b"]))
    np.testing.assert_allclose(out, [[0.0, 2 * idf_a, idf_b]], rtol=1e-5)


def test_bigrams_in_vocabulary():
    layer = layers.TextVectorization(ngrams=2)
    layer.adapt(["x y z"])
    assert {"x y", "y z", "x", "z"} <= set(layer.get_vocabulary())


def test_symbolic_shapes():
    out = layers.TextVectorization(output_sequence_length=7)(
        layers.Input(shape=(1,), dtype="string")
    )
    assert out.shape == (None, 7)
    layer = layers.TextVectorization(vocabulary=["a", "b"], output_mode="count")
    assert layer(layers.Input(shape=(), dtype="string")).shape == (None, 3)


def test_ragged_rejected():
    with pytest.raises(ValueError, match="ragged"):
        layers.TextVectorization(ragged=True)


def test_tf_data_map_multi_hot():
    tf = pytest.importorskip("tensorflow")
    layer = layers.TextVectorization(
        vocabulary=["red", "blue"], output_mode="multi_hot"
    )
    ds = tf.data.Dataset.from_tensor_slices(["Red car", "blue"]).batch(2)
    out = next(iter(ds.map(layer))).numpy()
    np.testing.assert_allclose(out, [[1, 1, 0], [0, 0, 1]])
