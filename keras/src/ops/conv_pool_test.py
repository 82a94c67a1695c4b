"""Our checks of the convolution, pooling and image ops.

`conv_transpose` is checked against the gradient of `conv` (which it is by
definition), every op is differentiated under `jax.jit`, and symbolic
shapes are checked with unknown dimensions.
"""

import itertools

import jax
import numpy as np
import pytest

from keras.src import backend
from keras.src import ops
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.ops import image as image_ops


def _rand(*shape, seed=0):
    return np.random.RandomState(seed).normal(size=shape).astype("float32")


@pytest.mark.parametrize(
    "rank,kernel,stride,padding,data_format",
    [
        (rank, k, s, p, f)
        for rank, k, s, p, f in itertools.product(
            (1, 2),
            (1, 2, 3, 4),
            (1, 2, 3),
            ("valid", "same"),
            ("channels_last", "channels_first"),
        )
        # Strides larger than the kernel leave input positions no output
        # depends on; "valid" then has no exact transpose.
        if not (p == "valid" and s > k)
    ],
)
def test_conv_transpose_is_the_gradient_of_conv(
    rank, kernel, stride, padding, data_format
):
    # For an output of `n` positions, the matching conv input has
    # `n * stride` positions ("same") or `(n - 1) * stride + kernel`
    # ("valid"), the lengths `conv_transpose` produces.
    n = 5
    if padding == "same":
        size = n * stride
    else:
        size = (n - 1) * stride + kernel
    spatial = (size,) * rank
    if data_format == "channels_last":
        x_shape = (2, *spatial, 3)
    else:
        x_shape = (2, 3, *spatial)
    k = _rand(*((kernel,) * rank), 3, 4, seed=1)
    x = _rand(*x_shape, seed=2)

    def forward(x):
        return ops.conv(x, k, stride, padding, data_format=data_format)

    y, vjp = jax.vjp(forward, x)
    cotangent = _rand(*y.shape, seed=3)
    (expected,) = vjp(cotangent)
    # The transposed kernel is `(*spatial, out_channels, in_channels)`
    # seen from the transposed op: the conv's input channels come out.
    result = ops.conv_transpose(
        cotangent, k, stride, padding, data_format=data_format
    )
    assert result.shape == expected.shape
    np.testing.assert_allclose(result, expected, rtol=1e-4, atol=1e-4)
    symbolic = ops.conv_transpose(
        KerasTensor(cotangent.shape),
        KerasTensor(k.shape),
        stride,
        padding,
        data_format=data_format,
    )
    assert symbolic.shape == expected.shape


def test_grouped_conv_matches_per_group_convs():
    x = _rand(2, 9, 9, 6)
    k = _rand(3, 3, 2, 9, seed=1)  # 3 groups of 2 input channels.
    result = ops.conv(x, k, padding="same")
    pieces = [
        ops.conv(
            x[..., 2 * g : 2 * g + 2], k[..., 3 * g : 3 * g + 3], 1, "same"
        )
        for g in range(3)
    ]
    np.testing.assert_allclose(
        result, np.concatenate(pieces, axis=-1), rtol=1e-5, atol=1e-5
    )


def test_depthwise_and_separable_conv_match_grouped_conv():
    x = _rand(2, 8, 8, 3)
    dw = _rand(3, 3, 3, 2, seed=1)
    pw = _rand(1, 1, 6, 5, seed=2)
    grouped = ops.conv(x, np.reshape(dw, (3, 3, 1, 6)), padding="same")
    depthwise = ops.depthwise_conv(x, dw, padding="same")
    np.testing.assert_allclose(depthwise, grouped, rtol=1e-5, atol=1e-5)
    separable = ops.separable_conv(x, dw, pw, padding="same")
    np.testing.assert_allclose(
        separable, ops.conv(grouped, pw), rtol=1e-5, atol=1e-5
    )


@pytest.mark.parametrize(
    "name",
    [
        "conv",
        "depthwise_conv",
        "separable_conv",
        "conv_transpose",
        "max_pool",
        "average_pool",
        "adaptive_max_pool",
        "adaptive_average_pool",
    ],
)
def test_ops_are_differentiable_under_jit(name):
    x = _rand(2, 7, 7, 4)
    calls = {
        "conv": lambda x: ops.conv(x, _rand(3, 3, 4, 2), 2, "same"),
        "depthwise_conv": lambda x: ops.depthwise_conv(x, _rand(3, 3, 4, 2)),
        "separable_conv": lambda x: ops.separable_conv(
            x, _rand(3, 3, 4, 2), _rand(1, 1, 8, 3)
        ),
        "conv_transpose": lambda x: ops.conv_transpose(
            x, _rand(3, 3, 2, 4), 2, "same"
        ),
        "max_pool": lambda x: ops.max_pool(x, 2, padding="same"),
        "average_pool": lambda x: ops.average_pool(x, 3, 2, "same"),
        "adaptive_max_pool": lambda x: ops.adaptive_max_pool(x, (3, 2)),
        "adaptive_average_pool": lambda x: ops.adaptive_average_pool(x, 3),
    }
    grad = jax.jit(jax.grad(lambda x: ops.sum(calls[name](x) ** 2)))(x)
    assert grad.shape == x.shape
    assert np.all(np.isfinite(grad)) and np.any(grad != 0)


def test_max_pool_gradient_goes_to_the_maximum():
    x = np.array([[[1.0], [5.0], [2.0], [3.0]]], dtype="float32")
    grad = jax.grad(lambda x: ops.sum(ops.max_pool(x, 2)))(x)
    np.testing.assert_allclose(grad[0, :, 0], [0.0, 1.0, 0.0, 1.0])


def test_average_pool_same_padding_ignores_padded_positions():
    x = np.ones((1, 5, 5, 1), dtype="float32")
    y = ops.average_pool(x, 3, 2, padding="same")
    np.testing.assert_allclose(y, np.ones((1, 3, 3, 1)))


def test_adaptive_pools_on_known_bins():
    x = np.arange(5, dtype="float32").reshape((1, 1, 5))
    # Bins of 5 positions into 3: [0, 2), [1, 4), [3, 5).
    np.testing.assert_allclose(
        ops.adaptive_average_pool(x, 3, data_format="channels_first")[0, 0],
        [0.5, 2.0, 3.5],
    )
    np.testing.assert_allclose(
        ops.adaptive_max_pool(x, 3, data_format="channels_first")[0, 0],
        [1.0, 3.0, 4.0],
    )


def test_symbolic_shapes_keep_unknown_dims():
    x = KerasTensor((None, None, 9, None))
    assert ops.conv(x, KerasTensor((3, 3, 4, 8)), 2).shape == (
        None,
        None,
        4,
        8,
    )
    assert ops.depthwise_conv(x, KerasTensor((3, 3, 4, 2))).shape == (
        None,
        None,
        7,
        None,
    )
    assert ops.max_pool(x, 2, padding="same").shape == (None, None, 5, None)
    assert ops.adaptive_average_pool(x, (2, 3)).shape == (None, 2, 3, None)
    with pytest.raises(ValueError, match="input channels must match"):
        ops.conv(KerasTensor((1, 8, 8, 3)), KerasTensor((3, 3, 2, 4)))
    with pytest.raises(ValueError, match="zero or negative"):
        ops.conv(KerasTensor((1, 4, 4, 3)), KerasTensor((5, 5, 3, 4)))


def test_conv_follows_image_data_format():
    x = _rand(1, 3, 6, 6)
    k = _rand(3, 3, 3, 2, seed=1)
    original = backend.image_data_format()
    backend.set_image_data_format("channels_first")
    try:
        result = ops.conv(x, k)
    finally:
        backend.set_image_data_format(original)
    expected = ops.conv(np.transpose(x, (0, 2, 3, 1)), k)
    np.testing.assert_allclose(
        result, np.transpose(expected, (0, 3, 1, 2)), rtol=1e-5, atol=1e-5
    )


def test_depth_to_space_inverts_space_to_depth():
    x = _rand(2, 6, 4, 4)
    for data_format in ("channels_last", "channels_first"):
        y = ops.space_to_depth(x, 2, data_format=data_format)
        z = ops.depth_to_space(y, 2, data_format=data_format)
        np.testing.assert_allclose(z, x)
    with pytest.raises(ValueError, match="at least 2"):
        ops.depth_to_space(x, 1)


def test_extract_patches_match_slices():
    x = _rand(2, 6, 8, 3)
    patches = image_ops.extract_patches(x, (2, 3), strides=(2, 2))
    assert patches.shape == (2, 3, 3, 18)
    window = x[1, 2:4, 4:7, :]  # Output position (1, 2) of image 1.
    np.testing.assert_allclose(patches[1, 1, 2], window.reshape(-1))
    symbolic = image_ops.extract_patches(KerasTensor((None, 6, 8, 3)), 2)
    assert symbolic.shape == (None, 3, 4, 12)


def test_resize_nearest_integer_factor_repeats_pixels():
    x = _rand(1, 3, 2, 2)
    y = image_ops.resize(x, (6, 6), interpolation="nearest")
    expected = np.repeat(np.repeat(x, 2, axis=1), 3, axis=2)
    np.testing.assert_allclose(y, expected)
    with pytest.raises(ValueError, match="positive height and width"):
        image_ops.resize(x, (0, 3))


@pytest.mark.parametrize(
    "op,padding",
    [
        (ops.max_pool, "valid"),
        (ops.average_pool, "valid"),
        (ops.average_pool, "same"),
    ],
)
def test_pools_export_with_an_unknown_length(op, padding):
    # `jax.export` traces with a symbolic length: the "valid" window check
    # must not compare it (upstream exports such models).
    length = jax.export.symbolic_shape("b, n, 3")
    exported = jax.export.export(jax.jit(lambda x: op(x, 2, padding=padding)))(
        jax.ShapeDtypeStruct(length, "float32")
    )
    x = _rand(2, 7, 3)
    np.testing.assert_allclose(
        exported.call(x), op(x, 2, padding=padding), rtol=1e-6
    )
