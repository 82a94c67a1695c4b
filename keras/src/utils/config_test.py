"""Tests of `keras.utils.Config`."""

import copy
import json

import pytest

import keras


def test_attribute_and_key_access_agree():
    config = keras.utils.Config(units=8)
    config.rate = 0.5
    config["name"] = "mlp"
    assert (config.units, config["rate"], config.get("name")) == (8, 0.5, "mlp")
    assert set(config) == {"units", "rate", "name"} and len(config) == 3
    assert "rate" in config and config.get("missing", 1) == 1
    del config.rate
    assert config.pop("name") == "mlp"
    assert config.as_dict() == {"units": 8}
    assert json.loads(config.to_json()) == {"units": 8}
    with pytest.raises(AttributeError, match="no entry 'depth'"):
        config.depth


def test_frozen_config_refuses_changes_until_unfrozen():
    config = keras.utils.Config(units=8)
    config.freeze()
    assert config.frozen
    for change in (
        lambda: setattr(config, "units", 2),
        lambda: config.__setitem__("units", 2),
        lambda: config.update(units=2),
        lambda: config.pop("units"),
    ):
        with pytest.raises(AttributeError, match="frozen"):
            change()
    assert copy.deepcopy(config).frozen
    config.unfreeze()
    config.units = 2
    assert config == {"units": 2}
