import pytest

from keras.src.quantizers import calibration_config


def test_check_positive_int():
    calibration_config.check_positive_int(3, "num_samples")
    for value in (0, -2, 1.0, "3"):
        with pytest.raises(ValueError, match="must be a positive integer"):
            calibration_config.check_positive_int(value, "num_samples")


def test_check_group_size():
    calibration_config.check_group_size(-1)
    calibration_config.check_group_size(64)
    for value in (0, -2, 2.0):
        with pytest.raises(ValueError, match="Invalid group_size"):
            calibration_config.check_group_size(value)
