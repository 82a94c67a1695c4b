import numpy as np
import pytest

from keras.src import dtype_policies
from keras.src import layers
from keras.src import models
from keras.src import saving


class _Tower(models.Functional):
    """A functional model configured like keras-hub's backbones: its
    config carries a `DTypePolicyMap` of its quantized layers by path, it
    names a sublayer after itself only when given a name, and its output
    layer has a generated name."""

    def __init__(self, units=4, name=None, dtype=None, **kwargs):
        prefix = f"{name}_" if name else ""
        inputs = layers.Input((3,))
        hidden = layers.Dense(units, name=f"{prefix}hidden", dtype=dtype)
        outputs = layers.Dense(2, dtype=dtype)(hidden(inputs))
        super().__init__(inputs, outputs, name=name, **kwargs)
        self.units = units

    def get_config(self):
        policies = dtype_policies.DTypePolicyMap()
        for layer in self._flatten_layers(include_self=False):
            if layer.quantization_mode is not None:
                policies[layer.path] = layer.dtype_policy
        return {"units": self.units, "name": self.name, "dtype": policies}

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        config["dtype"] = saving.deserialize_keras_object(config["dtype"])
        return cls(**config)


def _revive(model):
    return saving.deserialize_keras_object(
        saving.serialize_keras_object(model),
        custom_objects={"_Tower": _Tower},
    )


@pytest.mark.parametrize("mode", ["int8", "int4", "float8"])
def test_renamed_layers_of_a_revived_model_take_their_entries(mode):
    _Tower()  # The next tower's generated names take other counters.
    original = _Tower()
    original.quantize(mode)
    revived = _revive(original)
    # The revived tower is given the name the original generated, so its
    # hidden layer is named after it, and its output layer's generated
    # name has the next counter: no path of the map matches.
    assert revived.layers[1].name == f"{original.name}_hidden"
    assert revived.layers[2].name != original.layers[2].name
    assert [layer.quantization_mode for layer in revived.layers[1:]] == [
        mode,
        mode,
    ]
    assert [v.name for v in revived.weights] == [
        v.name for v in original.weights
    ]
    revived.set_weights(original.get_weights())
    x = np.random.default_rng(0).normal(size=(2, 3)).astype("float32")
    np.testing.assert_allclose(revived(x), original(x))


def test_an_entry_that_stands_for_two_layers_is_left_alone():
    # Two float layers of one generated form and one entry: which one the
    # entry was for is unknown, so neither is quantized.
    inputs = layers.Input((3,))
    outputs = layers.Dense(2)(layers.Dense(3)(inputs))
    model = models.Functional(inputs, outputs)
    policies = dtype_policies.DTypePolicyMap()
    policies["dense_999"] = "int8_from_float32"
    for layer in model.layers:
        layer._dtype_policy = policies
    from keras.src.quantizers import revived_policies

    revived_policies.apply_unmatched_policies(model)
    assert [layer.quantization_mode for layer in model.layers[1:]] == [
        None,
        None,
    ]
