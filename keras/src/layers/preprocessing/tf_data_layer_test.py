import subprocess
import sys

import numpy as np
import pytest

from keras.src import layers
from keras.src.layers.preprocessing import tf_data_layer


def test_importing_keras_does_not_import_tensorflow():
    code = (
        "import sys, numpy as np, keras\n"
        "keras.layers.Normalization(mean=0.0, variance=1.0)(np.ones((2, 2)))\n"
        "keras.layers.CategoryEncoding(3)(np.array([0, 2]))\n"
        "keras.layers.Discretization(bin_boundaries=[0.0])(np.ones(2))\n"
        "keras.layers.MelSpectrogram(fft_length=64, sequence_stride=32)(\n"
        "    np.ones((1, 128), 'float32'))\n"
        "assert 'tensorflow' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_backend_namespace_switches_inside_tf_graph():
    tf = pytest.importorskip("tensorflow")
    seen = []

    class Probe(tf_data_layer.TFDataLayer):
        def call(self, x):
            seen.append(type(self.backend).__name__)
            return self.backend.cast(x, "float32")

    probe = Probe()
    probe(np.ones(2))
    next(iter(tf.data.Dataset.from_tensors(np.ones(2)).map(probe)))
    assert seen == ["module", "TFOps"]
    assert not tf_data_layer.tf_mode_active()


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
