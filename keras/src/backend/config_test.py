import pytest

from keras.src.backend import config


def test_defaults():
    assert config.backend() == "jax"
    assert config.floatx() == "float32"
    assert config.epsilon() == 1e-7
    assert config.image_data_format() == "channels_last"


def test_setters_and_validation():
    try:
        config.set_floatx("bfloat16")
        assert config.floatx() == "bfloat16"
        config.set_epsilon(1e-5)
        assert config.epsilon() == 1e-5
        config.set_image_data_format("channels_first")
        assert config.image_data_format() == "channels_first"
        with pytest.raises(ValueError, match="Unknown `floatx` value"):
            config.set_floatx("int8")
        with pytest.raises(ValueError, match="channels_first"):
            config.set_image_data_format("nhwc")
    finally:
        config.set_floatx("float32")
        config.set_epsilon(1e-7)
        config.set_image_data_format("channels_last")
