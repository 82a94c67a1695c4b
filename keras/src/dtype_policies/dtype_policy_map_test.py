import numpy as np
import pytest

from keras.src import dtype_policies
from keras.src import layers
from keras.src import ops


class _TwoDense(layers.Layer):
    """Builds two `Dense` sublayers that take the parent's policy as is."""

    def build(self, input_shape):
        self.first = layers.Dense(3, dtype=self.dtype_policy, name="first")
        self.second = layers.Dense(3, dtype=self.dtype_policy, name="second")
        self.first.build(input_shape)
        self.second.build(input_shape)

    def call(self, x):
        return self.first(x) + ops.cast(self.second(x), "float32")


def _policy_map():
    policy_map = dtype_policies.DTypePolicyMap("float32")
    policy_map["outer/first"] = dtype_policies.get("int8_from_float32")
    policy_map["outer/second"] = dtype_policies.get("mixed_bfloat16")
    return policy_map


def test_sublayers_given_the_parent_policy_find_their_entry_by_path():
    outer = _TwoDense(dtype=_policy_map(), name="outer")
    y = outer(np.ones((2, 4), "float32"))
    # `dtype_policy` is the map itself, for the parent and its sublayers.
    for layer in (outer, outer.first, outer.second):
        assert isinstance(layer.dtype_policy, dtype_policies.DTypePolicyMap)
    # What each layer does follows the map's entry for its path.
    assert outer.quantization_mode is None
    assert outer.first.quantization_mode == "int8"
    assert outer.first.kernel.dtype == "int8"
    assert outer.second.quantization_mode is None
    assert outer.second.compute_dtype == "bfloat16"
    assert outer.second.variable_dtype == "float32"
    assert outer.compute_dtype == "float32"
    assert y.dtype == "float32"


def test_sublayer_config_holds_the_whole_map():
    outer = _TwoDense(dtype=_policy_map(), name="outer")
    outer(np.ones((2, 4), "float32"))
    config = outer.first.get_config()["dtype"]
    assert config["class_name"] == "DTypePolicyMap"
    assert sorted(config["config"]["policy_map"]) == [
        "outer/first",
        "outer/second",
    ]


def test_a_key_set_again_with_the_same_policy_is_kept():
    # Two towers of one model can hold layers of one path, each recording
    # its policy: the same policy twice is one entry.
    policy_map = dtype_policies.DTypePolicyMap()
    policy_map["tower/dense"] = "int8_from_float32"
    policy_map["tower/dense"] = dtype_policies.get("int8_from_float32")
    assert len(policy_map) == 1
    assert policy_map["tower/dense"].name == "int8_from_float32"


def test_a_key_set_again_with_another_policy_raises():
    policy_map = dtype_policies.DTypePolicyMap()
    policy_map["tower/dense"] = "int8_from_float32"
    with pytest.raises(ValueError, match="tower/dense already exist"):
        policy_map["tower/dense"] = "int4_from_float32"
    assert policy_map["tower/dense"].name == "int8_from_float32"
