import numpy as np

from keras.src import constraints


def test_max_norm_scales_only_long_columns():
    # Column norms are 5 and about 0.14; only the first exceeds 2.
    w = np.array([[3.0, 0.1], [4.0, 0.1]], dtype="float32")
    out = np.asarray(constraints.MaxNorm(max_value=2.0, axis=0)(w))
    np.testing.assert_allclose(out[:, 0], [1.2, 1.6], rtol=1e-5)
    np.testing.assert_allclose(out[:, 1], [0.1, 0.1], rtol=1e-5)
    # A zero slice stays zero instead of becoming NaN.
    zeros = np.zeros((3, 2), dtype="float32")
    assert np.all(np.asarray(constraints.MaxNorm(1.0)(zeros)) == 0.0)


def test_non_neg():
    out = np.asarray(constraints.NonNeg()(np.array([-1.5, 0.0, 2.5])))
    np.testing.assert_array_equal(np.abs(out), [0.0, 0.0, 2.5])
