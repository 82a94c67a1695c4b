"""Checks of `attribute_config` and of the configs written with it."""

import pytest

import keras
from keras.src.layers.config_utils import attribute_config
from keras.src.layers.rnn.cell_utils import check_cell


class _Settings:
    def __init__(self):
        self.units = 3
        self.axis = (1, 2)
        self.name = "settings"


def test_attribute_config_reads_the_named_attributes_in_order():
    config = attribute_config(_Settings(), "axis", "units")
    assert config == {"axis": (1, 2), "units": 3}
    assert list(config) == ["axis", "units"]


def test_attribute_config_raises_for_a_missing_attribute():
    with pytest.raises(AttributeError):
        attribute_config(_Settings(), "units", "missing")


def test_configs_round_trip_through_the_helper():
    layers = [
        keras.layers.LayerNormalization(axis=-1, epsilon=1e-4),
        keras.layers.GroupNormalization(groups=2),
        keras.layers.BatchNormalization(momentum=0.9, renorm=True),
        keras.layers.Hashing(num_bins=7, salt=3),
        keras.layers.MultiHeadAttention(2, 4, sliding_window=3),
    ]
    for layer in layers:
        config = layer.get_config()
        again = type(layer).from_config(config).get_config()
        assert again == config
    assert layers[1].get_config()["groups"] == 2
    assert layers[3].get_config()["salt"] == [3, 3]
    assert layers[4].get_config()["sliding_window"] == 3


def test_multi_head_attention_config_keeps_its_key_order():
    config = keras.layers.MultiHeadAttention(2, 4).get_config()
    assert list(config)[3:15] == [
        "num_heads",
        "key_dim",
        "value_dim",
        "dropout",
        "use_bias",
        "output_shape",
        "attention_axes",
        "use_gate",
        "sliding_window",
        "flash_attention",
        "kernel_initializer",
        "bias_initializer",
    ]
    assert list(config)[-1] == "seed"


def test_rnn_and_stacked_cells_reject_an_object_that_is_no_cell():
    with pytest.raises(ValueError, match="`RNN` should have a `call`"):
        keras.layers.RNN(object())
    with pytest.raises(ValueError, match="`StackedRNNCells` should declare"):
        keras.layers.StackedRNNCells([keras.layers.Dense(2)])
    check_cell(keras.layers.LSTMCell(2), "RNN")
