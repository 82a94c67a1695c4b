import numpy as np
import pytest

from keras.src.utils.timeseries_dataset_utils import (
    timeseries_dataset_from_array,
)


def test_targets_align_with_window_start_after_start_index():
    data = np.arange(20)
    ds = timeseries_dataset_from_array(
        data,
        data * 10,
        sequence_length=3,
        start_index=4,
        end_index=12,
        batch_size=None,
    )
    pairs = [(x.numpy().tolist(), int(y)) for x, y in ds]
    assert pairs[0] == ([4, 5, 6], 40)
    assert pairs[-1] == ([9, 10, 11], 90)
    assert len(pairs) == 6


def test_multivariate_windows():
    data = np.arange(12).reshape(6, 2)
    batch = next(iter(timeseries_dataset_from_array(data, None, 2)))
    assert batch.shape == (5, 2, 2)
    np.testing.assert_array_equal(batch[1], [[2, 3], [4, 5]])


def test_invalid_sequence_length():
    with pytest.raises(ValueError, match="sequence_length"):
        timeseries_dataset_from_array(np.arange(5), None, 0)
