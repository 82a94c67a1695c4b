"""`TFSMLayer` on JAX: a SavedModel inside a Keras model.

The SavedModel's computation is the exported float32 model run by
TensorFlow's XLA; the layer runs that same function through
`jax2tf.call_tf`, so its outputs equal the SavedModel's up to the
round-off of a recompilation: sums taken in another order
(`parity.assert_outputs_close`).
"""

import numpy as np
import pytest

import keras
from keras.src import layers
from keras.src import models
from keras.src import saving
from keras.src.export import saved_model
from keras.src.export.tfsm_layer import TFSMLayer
from keras.src.testing import parity

tf = pytest.importorskip("tensorflow")


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    keras.utils.set_random_seed(3)
    model = models.Sequential(
        [
            layers.Input((6,), name="features"),
            layers.Dense(8, activation="tanh"),
            layers.BatchNormalization(),
            layers.Dense(3),
        ]
    )
    path = str(tmp_path_factory.mktemp("tfsm") / "saved")
    model.export(path, verbose=False)
    return model, path


def _serve(path, x):
    loaded = tf.saved_model.load(path)
    return loaded.serve(x).numpy()


@pytest.mark.parity
def test_layer_outputs_equal_the_saved_model(exported):
    model, path = exported
    layer = TFSMLayer(path)
    x = np.random.default_rng(0).normal(size=(5, 6)).astype("float32")
    parity.assert_outputs_close(np.asarray(layer(x)), _serve(path, x))
    assert len(layer.weights) == len(model.weights)
    assert len(layer.non_trainable_weights) == len(model.non_trainable_weights)


@pytest.mark.parity
def test_jax_model_around_the_layer_trains_its_other_layers(exported):
    _, path = exported
    keras.utils.set_random_seed(4)
    inputs = layers.Input((4,))
    features = layers.Dense(6, name="adapter")(inputs)
    outputs = TFSMLayer(path, name="frozen")(features)
    model = models.Model(inputs, outputs)
    rng = np.random.default_rng(1)
    x = rng.normal(size=(32, 4)).astype("float32")
    y = rng.normal(size=(32, 3)).astype("float32")
    model.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse")
    adapter = model.get_layer("adapter")
    before = adapter.kernel.numpy().copy()
    history = model.fit(x, y, batch_size=8, epochs=3, verbose=0)
    # Gradients reached the adapter through the SavedModel.
    assert not np.allclose(adapter.kernel.numpy(), before)
    assert history.history["loss"][-1] < history.history["loss"][0]
    # The model computes the SavedModel on the adapter's outputs (jit).
    hidden = np.asarray(adapter(x))
    parity.assert_outputs_close(
        model.predict(x, verbose=0), _serve(path, hidden)
    )


def test_training_endpoint_is_used_when_training(tmp_path):
    keras.utils.set_random_seed(5)
    model = models.Sequential(
        [layers.Input((4,)), layers.Dense(4), layers.Dropout(0.999999)]
    )
    archive = saved_model.ExportArchive()
    archive.track(model)
    spec = [tf.TensorSpec((None, 4), tf.float32)]
    archive.add_endpoint("infer", lambda x: model(x, training=False), spec)
    archive.add_endpoint("train", lambda x: model(x, training=True), spec)
    archive.write_out(str(tmp_path / "m"), verbose=False)
    layer = TFSMLayer(
        str(tmp_path / "m"),
        call_endpoint="infer",
        call_training_endpoint="train",
    )
    x = np.ones((2, 4), "float32")
    assert np.abs(np.asarray(layer(x, training=True))).max() == 0.0
    assert np.abs(np.asarray(layer(x, training=False))).max() > 0.0


@pytest.mark.parity
def test_serving_signature_endpoint(exported):
    _, path = exported
    layer = TFSMLayer(path, call_endpoint="serving_default")
    x = np.ones((2, 6), "float32")
    outputs = layer(x)
    assert list(outputs) == ["output_0"]
    parity.assert_outputs_close(
        np.asarray(outputs["output_0"]), _serve(path, x)
    )


def test_unknown_endpoint_names_the_available_ones(exported):
    _, path = exported
    with pytest.raises(ValueError, match="endpoint 'wrong'.*'serve'"):
        TFSMLayer(path, call_endpoint="wrong")


def test_keras_file_loads_only_outside_safe_mode(exported, tmp_path):
    _, path = exported
    wrapper = models.Sequential([layers.Input((6,)), TFSMLayer(path)])
    file = str(tmp_path / "wrapper.keras")
    wrapper.save(file)
    with pytest.raises(ValueError, match="arbitrary code execution"):
        saving.load_model(file)
    loaded = saving.load_model(file, safe_mode=False)
    x = np.ones((3, 6), "float32")
    np.testing.assert_allclose(loaded(x), wrapper(x), rtol=1e-6)
