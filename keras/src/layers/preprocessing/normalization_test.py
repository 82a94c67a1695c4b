import numpy as np
import pytest

from keras.src import layers
from keras.src import models


def test_invert_undoes_normalization():
    x = np.random.rand(16, 3).astype("float32") * 10
    norm = layers.Normalization()
    norm.adapt(x)
    inv = layers.Normalization(
        mean=norm.mean, variance=norm.variance, invert=True
    )
    np.testing.assert_allclose(inv(norm(x)), x, rtol=1e-4, atol=1e-4)


def test_statistics_match_numpy_over_batches():
    x = np.random.rand(40, 2, 3).astype("float32")
    layer = layers.Normalization(axis=-1)
    layer.adapt([x[:7], x[7:25], x[25:]])
    np.testing.assert_allclose(
        layer.mean.reshape(-1), x.mean(axis=(0, 1)), rtol=1e-5
    )
    np.testing.assert_allclose(
        layer.variance.reshape(-1), x.var(axis=(0, 1)), rtol=1e-4
    )
    assert int(layer.count.numpy()) == 80


def test_adapted_weights_survive_saving(tmp_path):
    from keras.src import saving

    x = np.random.rand(20, 4).astype("float32")
    layer = layers.Normalization()
    model = models.Sequential([layers.Input((4,)), layer])
    layer.adapt(x)
    path = str(tmp_path / "m.keras")
    model.save(path)
    loaded = saving.load_model(path)
    np.testing.assert_allclose(loaded(x), model(x), atol=1e-6)


def test_mean_without_variance_is_rejected():
    with pytest.raises(ValueError, match="both `mean` and `variance`"):
        layers.Normalization(variance=[1.0, 2.0])


def test_tf_data_map_uses_adapted_statistics():
    tf = pytest.importorskip("tensorflow")
    x = np.random.rand(8, 3).astype("float32")
    layer = layers.Normalization()
    layer.adapt(x)
    out = next(iter(tf.data.Dataset.from_tensors(x).map(layer))).numpy()
    np.testing.assert_allclose(out, layer(x), atol=1e-5)
