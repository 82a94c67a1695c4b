import numpy as np
import pytest

from keras.src import layers


def test_adapt_learns_quantile_boundaries():
    layer = layers.Discretization(num_bins=4)
    layer.adapt(np.arange(101, dtype="float32"))
    np.testing.assert_allclose(layer.bin_boundaries, [25.0, 50.0, 75.0])
    out = layer(np.array([0.0, 30.0, 99.0]))
    np.testing.assert_array_equal(out, [0, 1, 3])


def test_count_mode_gathers_along_axis_one():
    layer = layers.Discretization(bin_boundaries=[1.0], output_mode="count")
    x = np.array([[[0.0, 5.0], [2.0, 5.0], [0.5, 0.1]]])  # (1, 3, 2)
    out = layer(x)
    assert out.shape == (1, 2, 2)
    np.testing.assert_allclose(out, [[[2.0, 1.0], [1.0, 2.0]]])


def test_from_config_keeps_adapted_boundaries():
    layer = layers.Discretization(num_bins=3)
    layer.adapt(np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0]))
    revived = layers.Discretization.from_config(layer.get_config())
    assert revived.bin_boundaries == layer.bin_boundaries
    assert revived.num_bins == 3


def test_unknown_output_mode():
    with pytest.raises(ValueError, match="output_mode"):
        layers.Discretization(bin_boundaries=[0.0], output_mode="tf_idf")


def test_tf_data_one_hot():
    tf = pytest.importorskip("tensorflow")
    layer = layers.Discretization(
        bin_boundaries=[0.0, 1.0], output_mode="one_hot"
    )
    ds = tf.data.Dataset.from_tensors(np.array([-1.0, 0.5, 2.0])).map(layer)
    np.testing.assert_allclose(next(iter(ds)).numpy(), np.eye(3))


def test_int_output_is_int32_in_tf_data_and_eagerly():
    tf = pytest.importorskip("tensorflow")
    layer = layers.Discretization(bin_boundaries=[1.0, 3.0])
    values = np.array([[0.0, 2.0], [5.0, 1.0]], "float32")
    ds = tf.data.Dataset.from_tensor_slices(values).batch(2).map(layer)
    assert ds.element_spec == tf.TensorSpec([None, 2], tf.int32)
    np.testing.assert_array_equal(next(iter(ds)), [[0, 1], [2, 1]])
    assert layer(values).dtype == "int32"
