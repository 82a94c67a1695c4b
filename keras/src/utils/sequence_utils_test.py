import numpy as np
import pytest

from keras.src.utils.sequence_utils import pad_sequences


def test_default_pads_and_truncates_at_start():
    out = pad_sequences([[1, 2, 3, 4], [5]], maxlen=3)
    np.testing.assert_array_equal(out, [[2, 3, 4], [0, 0, 5]])
    assert out.dtype == np.int32


def test_empty_sequence_and_default_maxlen():
    out = pad_sequences([[], [7, 8]], padding="post", value=-1)
    np.testing.assert_array_equal(out, [[-1, -1], [7, 8]])


def test_bad_arguments():
    with pytest.raises(ValueError, match="padding"):
        pad_sequences([[1]], padding="middle")
    with pytest.raises(ValueError, match="truncating"):
        pad_sequences([[1]], truncating="both")
    with pytest.raises(ValueError, match="shape"):
        pad_sequences([[[1, 2]], [[1, 2, 3]]])
