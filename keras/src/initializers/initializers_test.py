import numpy as np
import pytest

from keras.src import initializers


def test_get_strings():
    assert isinstance(
        initializers.get("glorot_uniform"), initializers.GlorotUniform
    )
    assert isinstance(
        initializers.get("GlorotUniform"), initializers.GlorotUniform
    )
    assert isinstance(initializers.get("zeros"), initializers.Zeros)
    assert isinstance(initializers.get("he_normal"), initializers.HeNormal)
    assert isinstance(initializers.get("uniform"), initializers.RandomUniform)
    assert isinstance(initializers.get("identity"), initializers.Identity)
    assert initializers.get(None) is None


def test_get_unknown_string():
    with pytest.raises(ValueError, match="glorot_unifrm.*Valid names"):
        initializers.get("glorot_unifrm")


def test_get_callables_and_classes():
    init = initializers.Ones()
    assert initializers.get(init) is init
    assert isinstance(initializers.get(initializers.Ones), initializers.Ones)

    def fn(shape, dtype=None):
        return np.zeros(shape)

    assert initializers.get(fn) is fn


def test_serialize_deserialize():
    init = initializers.RandomNormal(mean=1.0, stddev=3.0, seed=2)
    config = initializers.serialize(init)
    assert config["class_name"] == "RandomNormal"
    clone = initializers.get(config)
    assert isinstance(clone, initializers.RandomNormal)
    assert clone.get_config() == init.get_config()
    clone = initializers.deserialize(config)
    np.testing.assert_array_equal(
        np.asarray(clone((3,))), np.asarray(init((3,)))
    )
