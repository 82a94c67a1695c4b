"""`TF_OPS` gives what `keras.ops` gives: same values, shapes and dtypes."""

import numpy as np
import pytest

from keras.src import backend
from keras.src import ops

tf = pytest.importorskip("tensorflow")
from keras.src.backend.tensorflow_data import TF_OPS  # noqa: E402

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


_IMAGES = np.random.RandomState(6).uniform(0, 1, (2, 7, 9, 3)).astype("float32")
# A rotation with a shift, and a shear with a small perspective part.
_TRANSFORMS = np.array(
    [
        [0.955, -0.296, 2.3, 0.296, 0.955, -1.7, 0.0, 0.0],
        [1.1, 0.2, -0.6, -0.1, 0.9, 0.4, 0.01, -0.02],
    ],
    "float32",
)

_NUMPY_CASES = {
    "clip": lambda o, x: o.numpy.clip(x, 1.0, 3.0),
    "where": lambda o, x: o.numpy.where(x > 2.0, 0.0, x),
    "divide": lambda o, x: o.numpy.divide(o.cast(x, "int32"), 2),
    "mod": lambda o, x: o.numpy.mod(x, 1.5),
    "round": lambda o, x: o.numpy.round(x * 2.0),
    "min": lambda o, x: o.numpy.min(x, axis=(1, 2), keepdims=True),
    "mean": lambda o, x: o.numpy.mean(x, axis=-1),
    "cumsum": lambda o, x: o.numpy.cumsum(x, axis=1),
    "argsort": lambda o, x: o.numpy.argsort(x, axis=-1),
    "take": lambda o, x: o.numpy.take(x, o.convert_to_tensor([1, 0]), 0),
    "take_along_axis": lambda o, x: o.numpy.take_along_axis(
        x, o.numpy.argsort(x, axis=1), axis=1
    ),
    "tile": lambda o, x: o.numpy.tile(x, (1, 2, 1)),
    "repeat": lambda o, x: o.numpy.repeat(x, 2, axis=-1),
    "flip": lambda o, x: o.numpy.flip(x, axis=-2),
    "split": lambda o, x: o.numpy.split(x, 2, axis=-1)[1],
    "stack": lambda o, x: o.numpy.stack([x, x], axis=1),
    "pad_constant": lambda o, x: o.numpy.pad(
        x, ((0, 0), (1, 2), (2, 1)), constant_values=7.0
    ),
    "pad_reflect": lambda o, x: o.numpy.pad(
        x, ((0, 0), (1, 2), (2, 1)), mode="reflect"
    ),
    "pad_edge": lambda o, x: o.numpy.pad(
        x, ((0, 0), (1, 2), (2, 1)), mode="edge"
    ),
    "arange": lambda o, x: o.numpy.arange(5, dtype="float32") + x[0, 0, 0],
    "full": lambda o, x: o.numpy.full((2, 3), 4.0, dtype="float32"),
    "slice": lambda o, x: o.core.slice(x, (0, 1, 1), (2, 2, 3)),
    "scatter": lambda o, x: o.core.scatter(
        o.convert_to_tensor([[1], [3], [1]]),
        o.convert_to_tensor([1.0, 2.0, 3.0]),
        (5,),
    ),
    "switch": lambda o, x: o.core.switch(
        o.convert_to_tensor(1), [lambda v: v + 1.0, lambda v: v * 2.0], x
    ),
}


@pytest.mark.parity
@pytest.mark.parametrize("name", sorted(_NUMPY_CASES))
def test_numpy_and_core_ops_match_the_backend(name):
    fn = _NUMPY_CASES[name]
    expected = np.asarray(fn(backend, backend.convert_to_tensor(_X)))
    result = fn(TF_OPS, tf.constant(_X))
    assert tf.is_tensor(result)
    assert tuple(result.shape) == expected.shape
    # float32 round-off of a few elementwise operations (sums of 3).
    np.testing.assert_allclose(result.numpy(), expected, rtol=1e-6)


_IMAGE_CASES = {
    "resize_bilinear": lambda o, x: o.image.resize(x, (4, 5)),
    "resize_up": lambda o, x: o.image.resize(x, (11, 13)),
    "resize_nearest": lambda o, x: o.image.resize(
        x, (14, 18), interpolation="nearest"
    ),
    "resize_crop": lambda o, x: o.image.resize(
        x, (4, 4), crop_to_aspect_ratio=True
    ),
    "resize_pad": lambda o, x: o.image.resize(
        x, (4, 4), pad_to_aspect_ratio=True, fill_value=0.5
    ),
    "resize_channels_first": lambda o, x: o.image.resize(
        o.numpy.transpose(x, (0, 3, 1, 2)), (4, 5), data_format="channels_first"
    ),
    "rgb_to_grayscale": lambda o, x: o.image.rgb_to_grayscale(x),
    "rgb_to_hsv": lambda o, x: o.image.rgb_to_hsv(x),
    "hsv_to_rgb": lambda o, x: o.image.hsv_to_rgb(x),
    "gaussian_blur": lambda o, x: o.image.gaussian_blur(
        x, kernel_size=(3, 5), sigma=(0.8, 1.5)
    ),
    "perspective_transform": lambda o, x: o.image.perspective_transform(
        x,
        o.convert_to_tensor([[0.0, 0.0], [8.0, 0.0], [0.0, 6.0], [8.0, 6.0]]),
        o.convert_to_tensor([[0.5, 0.2], [7.1, 0.3], [0.2, 5.4], [7.7, 6.2]]),
    ),
    "depthwise_conv": lambda o, x: o.nn.depthwise_conv(
        x,
        o.convert_to_tensor(
            np.random.RandomState(7).rand(3, 3, 3, 1).astype("float32")
        ),
        padding="same",
    ),
}
for _interpolation in ("bilinear", "nearest"):
    for _mode in ("constant", "reflect", "wrap", "nearest"):
        _IMAGE_CASES[f"affine_{_interpolation}_{_mode}"] = (
            lambda o, x, i=_interpolation, m=_mode: o.image.affine_transform(
                x,
                o.convert_to_tensor(_TRANSFORMS),
                interpolation=i,
                fill_mode=m,
                fill_value=0.5,
            )
        )


@pytest.mark.parity
@pytest.mark.parametrize("name", sorted(_IMAGE_CASES))
def test_image_ops_match_the_backend(name):
    fn = _IMAGE_CASES[name]
    # Images are channels_last, the default data format.
    expected = np.asarray(fn(backend, backend.convert_to_tensor(_IMAGES)))
    result = fn(TF_OPS, tf.constant(_IMAGES))
    assert tf.is_tensor(result)
    assert tuple(result.shape) == expected.shape
    # Weighted sums of a few float32 pixels in [0, 1].
    np.testing.assert_allclose(result.numpy(), expected, atol=1e-5)


def test_image_ops_keep_integer_dtypes():
    images = tf.constant((_IMAGES * 255).astype("uint8"))
    resized = TF_OPS.image.resize(images, (4, 5), data_format="channels_last")
    moved = TF_OPS.image.affine_transform(
        images, tf.constant(_TRANSFORMS), data_format="channels_last"
    )
    assert resized.dtype == tf.uint8 and moved.dtype == tf.uint8


def test_random_draws_follow_the_seed():
    from keras.src.random.seed_generator import SeedGenerator

    generator = SeedGenerator(3)
    first = TF_OPS.random.uniform((4,), 2.0, 3.0, seed=generator)
    second = TF_OPS.random.uniform((4,), 2.0, 3.0, seed=generator)
    assert first.dtype == tf.float32
    assert np.all((first.numpy() >= 2.0) & (first.numpy() < 3.0))
    # A generator advances; an integer seed repeats its draw.
    assert not np.allclose(first.numpy(), second.numpy())
    a = TF_OPS.random.randint((3, 2), 0, 5, seed=7)
    b = TF_OPS.random.randint((3, 2), 0, 5, seed=7)
    assert a.dtype == tf.int32 and np.array_equal(a.numpy(), b.numpy())
    beta = TF_OPS.random.beta((50,), 0.5, 0.5, seed=generator).numpy()
    assert np.all((beta >= 0.0) & (beta <= 1.0))
    normal = TF_OPS.random.normal((2, 2), mean=5.0, seed=None)
    assert tuple(normal.shape) == (2, 2)
