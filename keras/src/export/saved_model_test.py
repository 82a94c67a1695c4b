"""`ExportArchive` and `export_saved_model`: what the SavedModel serves
(endpoints, signatures, variables, collections) once reloaded by
TensorFlow, and the archive's errors."""

import numpy as np
import pytest

from keras.src import layers
from keras.src import models
from keras.src import random
from keras.src.export import saved_model

tf = pytest.importorskip("tensorflow")


def _model():
    inputs = layers.Input((4,), name="features")
    return models.Model(inputs, layers.Dense(2, name="head")(inputs))


def _x(rows=3):
    return np.random.default_rng(0).normal(size=(rows, 4)).astype("float32")


def test_export_saved_model_serves_predict_at_any_batch(tmp_path):
    model = _model()
    path = str(tmp_path / "sm")
    saved_model.export_saved_model(model, path, verbose=False)
    reloaded = tf.saved_model.load(path)
    for rows in (1, 5):
        x = _x(rows)
        np.testing.assert_allclose(
            reloaded.serve(x).numpy(), model.predict(x, verbose=0), atol=1e-6
        )
    signature = reloaded.signatures["serving_default"]
    assert list(signature.structured_input_signature[1]) == ["features"]


def test_archive_with_two_endpoints_and_a_collection(tmp_path):
    model = _model()
    archive = saved_model.ExportArchive()
    archive.track(model)
    spec = [layers.InputSpec(shape=(None, 4), dtype="float32")]
    archive.add_endpoint("serve", lambda x: model(x, training=False), spec)
    archive.add_endpoint(
        "doubled", lambda x: 2.0 * model(x, training=False), spec
    )
    archive.add_variable_collection("head_weights", model.weights)
    assert len(archive.variables) == 2
    path = str(tmp_path / "sm")
    archive.write_out(path, verbose=False)
    reloaded = tf.saved_model.load(path)
    x = _x()
    np.testing.assert_allclose(
        reloaded.doubled(x).numpy(), 2.0 * reloaded.serve(x).numpy()
    )
    # Each endpoint is a signature; "serve" is also the default one.
    assert sorted(reloaded.signatures) == [
        "doubled",
        "serve",
        "serving_default",
    ]
    saved = sorted(v.numpy().shape for v in reloaded.head_weights)
    assert saved == [(2,), (4, 2)]


def test_endpoint_updates_the_seed_state(tmp_path):
    # A seed generator's state is a variable the endpoint assigns (its
    # layer untracked): two calls of the reloaded endpoint draw different
    # noise.
    generator = random.SeedGenerator(3)
    archive = saved_model.ExportArchive()
    archive.add_endpoint(
        "noise",
        lambda x: x + random.uniform((2,), seed=generator),
        [layers.InputSpec(shape=(2,), dtype="float32")],
    )
    path = str(tmp_path / "sm")
    archive.write_out(path, verbose=False)
    reloaded = tf.saved_model.load(path)
    zeros = np.zeros((2,), "float32")
    first, second = reloaded.noise(zeros).numpy(), reloaded.noise(zeros).numpy()
    assert not np.array_equal(first, second)


def test_archive_errors():
    archive = saved_model.ExportArchive()
    with pytest.raises(ValueError, match="not built yet"):
        archive.track(layers.Dense(2))
    with pytest.raises(ValueError, match="Invalid resource type"):
        archive.track("model")
    with pytest.raises(ValueError, match="No endpoints have been set"):
        archive.write_out("unused")
    model = _model()
    archive.track(model)
    with pytest.raises(ValueError, match="must provide an `input_signature`"):
        archive.add_endpoint("serve", lambda x: model(x))
    spec = [layers.InputSpec(shape=(None, 4), dtype="float32")]
    archive.add_endpoint("serve", lambda x: model(x), spec)
    with pytest.raises(ValueError, match="'serve' is already taken"):
        archive.add_endpoint("serve", lambda x: model(x), spec)
    with pytest.raises(ValueError, match="Unrecognized arguments"):
        archive.add_endpoint("other", lambda x: model(x), spec, colour=1)
    with pytest.raises(ValueError, match="must be a list, tuple or set"):
        archive.add_variable_collection("weights", model.weights[0])
