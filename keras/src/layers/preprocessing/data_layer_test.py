import numpy as np
import pytest

from keras.src import layers
from keras.src.layers.preprocessing import data_layer
from keras.src.testing.test_utils import assert_runs_without_tensorflow


def test_importing_keras_does_not_import_tensorflow():
    assert_runs_without_tensorflow(
        "import numpy as np, keras",
        "keras.layers.Normalization(mean=0.0, variance=1.0)(np.ones((2, 2)))",
        "keras.layers.CategoryEncoding(3)(np.array([0, 2]))",
        "keras.layers.Discretization(bin_boundaries=[0.0])(np.ones(2))",
        "keras.layers.MelSpectrogram(fft_length=64, sequence_stride=32)(",
        "    np.ones((1, 128), 'float32'))",
    )


def test_backend_namespace_switches_inside_tf_graph():
    tf = pytest.importorskip("tensorflow")
    seen = []

    class Probe(data_layer.DataLayer):
        def call(self, x):
            seen.append(self.backend._backend)
            return self.backend.cast(x, "float32")

    probe = Probe()
    out = probe(np.ones(2))
    assert not tf.is_tensor(out)
    out = next(iter(tf.data.Dataset.from_tensors(np.ones(2)).map(probe)))
    assert tf.is_tensor(out) and out.dtype == tf.float32
    assert seen == ["jax", "tensorflow"]
    assert not data_layer.tf_mode_active()


def test_rescaling_computes_with_the_namespace_of_the_call():
    tf = pytest.importorskip("tensorflow")
    layer = layers.Rescaling(0.5, offset=1.0)
    assert isinstance(layer, data_layer.DataLayer)
    images = np.arange(6, dtype="float32").reshape(1, 2, 3)
    expected = images * 0.5 + 1.0
    np.testing.assert_allclose(layer(images), expected)
    mapped = next(iter(tf.data.Dataset.from_tensors(images).map(layer)))
    assert tf.is_tensor(mapped)
    np.testing.assert_allclose(mapped.numpy(), expected)


def test_eager_string_layer_accepts_tf_tensors():
    tf = pytest.importorskip("tensorflow")
    out = layers.StringLookup(vocabulary=["a"])(tf.constant(["a", "b"]))
    np.testing.assert_array_equal(out, [1, 0])


def test_tf_computing_layers_run_inside_jit():
    pytest.importorskip("tensorflow")
    import jax

    lookup = layers.IntegerLookup(vocabulary=[10, 20], output_mode="one_hot")
    crossing = layers.HashedCrossing(num_bins=16)
    ids = np.array([[20], [30], [10]])

    @jax.jit
    def both(x):
        return lookup(x), crossing((x, x))

    encoded, crossed = both(ids)
    np.testing.assert_allclose(encoded, [[0, 0, 1], [1, 0, 0], [0, 1, 0]])
    np.testing.assert_array_equal(crossed, crossing((ids, ids)))


def test_float_inputs_are_autocast_inside_tf_data():
    tf = pytest.importorskip("tensorflow")

    class Identity(data_layer.DataLayer):
        def call(self, x):
            return x

    float64 = np.random.rand(2, 3)
    out = next(iter(tf.data.Dataset.from_tensors(float64).map(Identity())))
    assert out.dtype == tf.float32
    np.testing.assert_allclose(out.numpy(), float64.astype("float32"))
    ints = next(iter(tf.data.Dataset.from_tensors([1, 2]).map(Identity())))
    assert ints.dtype == tf.int32
    kept = Identity(autocast=False)
    out = next(iter(tf.data.Dataset.from_tensors(float64).map(kept)))
    assert out.dtype == tf.float64
