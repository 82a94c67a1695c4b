"""`Layer.__call__` with TensorFlow inputs: converted to JAX by default,
handed over unchanged when the layer sets `_convert_input_args = False`
(how libraries such as keras-hub write layers that run in `tf.data`)."""

import jax
import numpy as np
import pytest

from keras.src import layers

tf = pytest.importorskip("tensorflow")


class Splitter(layers.Layer):
    """Splits strings on spaces with TensorFlow ops."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._convert_input_args = False
        self.seen = []

    def call(self, inputs):
        self.seen.append(type(inputs).__name__)
        return tf.strings.split(inputs)


class Recorder(layers.Layer):
    """Returns its input and records what `call` received."""

    def __init__(self, convert=True, **kwargs):
        super().__init__(**kwargs)
        self._convert_input_args = convert
        self.seen = None

    def call(self, inputs):
        self.seen = inputs
        return inputs


def test_unconverted_layer_maps_strings_to_ragged_in_tf_data():
    splitter = Splitter()
    ds = tf.data.Dataset.from_tensor_slices(["a b", "c d e", "f"]).batch(3)
    ds = ds.map(splitter)
    assert ds.element_spec == tf.RaggedTensorSpec(
        [None, None], tf.string, ragged_rank=1, row_splits_dtype=tf.int64
    )
    out = next(iter(ds))
    assert out.to_list() == [[b"a", b"b"], [b"c", b"d", b"e"], [b"f"]]
    assert splitter.seen == ["SymbolicTensor"]


def test_unconverted_layer_keeps_eager_tf_ragged_and_numpy_inputs():
    splitter = Splitter()
    out = splitter(tf.constant(["x y"]))
    assert isinstance(out, tf.RaggedTensor)
    assert out.to_list() == [[b"x", b"y"]]

    recorder = Recorder(convert=False, dtype="float16")
    ragged = tf.ragged.constant([[1, 2], [3]])
    assert recorder(ragged) is ragged
    # No conversion and no autocast: NumPy stays NumPy, float64 stays.
    values = np.ones((2,), "float64")
    assert recorder(values) is values
    assert recorder.seen.dtype == np.float64


@pytest.mark.float16
def test_default_layer_converts_eager_tf_tensors_to_jax():
    recorder = Recorder(dtype="float16")
    out = recorder(tf.constant([1.5, 2.0], tf.float64))
    assert isinstance(recorder.seen, jax.Array)
    assert recorder.seen.dtype == "float16"
    np.testing.assert_array_equal(out, [1.5, 2.0])


def test_default_layer_names_the_graph_tensor_it_cannot_take():
    recorder = Recorder(name="needs_jax")
    ds = tf.data.Dataset.from_tensor_slices(np.ones((2, 3), "float32"))
    with pytest.raises(NotImplementedError, match="'needs_jax'.*symbolic"):
        ds.map(recorder)
