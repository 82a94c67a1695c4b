"""`TF_OPS` gives what `keras.ops` gives: same values, shapes and dtypes."""

import numpy as np
import pytest

from keras.src import backend
from keras.src import ops

tf = pytest.importorskip("tensorflow")
from keras.src.layers.preprocessing.tf_ops import TF_OPS  # noqa: E402

_X = np.random.RandomState(3).uniform(0.5, 4.0, (2, 3, 4)).astype("float32")
_Y = np.random.RandomState(4).uniform(0.5, 4.0, (2, 3, 4)).astype("float32")
_SIGNAL = np.random.RandomState(5).uniform(-1, 1, (2, 300)).astype("float32")

_CASES = {
    "add": lambda o, x: o.add(x, 2.0),
    "subtract": lambda o, x: o.subtract(1.0, x),
    "multiply": lambda o, x: o.multiply(x, o.convert_to_tensor(_Y)),
    "power": lambda o, x: o.power(x, 1.5),
    "square": lambda o, x: o.square(x),
    "sqrt": lambda o, x: o.sqrt(x),
    "log10": lambda o, x: o.log10(x),
    "maximum": lambda o, x: o.maximum(x, 2.0),
    "matmul": lambda o, x: o.matmul(x, o.convert_to_tensor(_Y[0].T)),
    "sum": lambda o, x: o.sum(x, axis=1),
    "max": lambda o, x: o.max(x),
    "reshape": lambda o, x: o.reshape(x, (6, 4)),
    "transpose": lambda o, x: o.transpose(x, (2, 0, 1)),
    "swapaxes": lambda o, x: o.swapaxes(x, -1, -2),
    "expand_dims": lambda o, x: o.expand_dims(x, 1),
    "squeeze": lambda o, x: o.squeeze(o.expand_dims(x, 0), 0),
    "concatenate": lambda o, x: o.concatenate([x, x], axis=-1),
    "cast": lambda o, x: o.cast(x, "int32"),
    "one_hot": lambda o, x: o.one_hot(o.cast(x, "int32"), 5),
    "digitize": lambda o, x: o.digitize(x, [1.0, 2.5]),
}


@pytest.mark.parity
@pytest.mark.parametrize("name", sorted(_CASES))
def test_matches_keras_ops(name):
    fn = _CASES[name]
    expected = fn(ops, ops.convert_to_tensor(_X))
    result = fn(TF_OPS, tf.constant(_X))
    assert tf.is_tensor(result)
    assert tuple(result.shape) == tuple(expected.shape)
    # JAX gives int32 where TensorFlow gives int64 (64-bit ints are off).
    expected_dtype = backend.standardize_dtype(expected.dtype)
    result_dtype = result.dtype.name
    if expected_dtype != result_dtype:
        assert (expected_dtype, result_dtype) == ("int32", "int64")
    # float32 round-off of a few elementwise operations.
    np.testing.assert_allclose(result.numpy(), expected, rtol=1e-6)


def test_python_numbers_take_the_tensor_dtype():
    x = tf.constant([1.0, 2.0], tf.float64)
    assert TF_OPS.multiply(10.0, x).dtype == tf.float64
    assert TF_OPS.maximum(x, 1e-10).dtype == tf.float64
    assert TF_OPS.power(x, 2.0).dtype == tf.float64


@pytest.mark.parity
@pytest.mark.parametrize(
    "kwargs",
    [
        dict(sequence_length=64, sequence_stride=32, fft_length=64),
        dict(
            sequence_length=48,
            sequence_stride=20,
            fft_length=64,
            window="hamming",
        ),
        dict(
            sequence_length=64,
            sequence_stride=32,
            fft_length=64,
            window=None,
            center=False,
        ),
    ],
)
def test_stft_matches_keras_ops(kwargs):
    real, imag = TF_OPS.stft(tf.constant(_SIGNAL), **kwargs)
    expected_real, expected_imag = ops.stft(_SIGNAL, **kwargs)
    assert tuple(real.shape) == tuple(expected_real.shape)
    # An FFT of 64 float32 samples in [-1, 1]: sums of 64 terms.
    np.testing.assert_allclose(real.numpy(), expected_real, atol=1e-4)
    np.testing.assert_allclose(imag.numpy(), expected_imag, atol=1e-4)
