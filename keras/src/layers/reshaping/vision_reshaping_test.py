"""Our checks of the cropping, padding, upsampling, `Permute` and
`RepeatVector` layers (upstream's own tests run through
`shell/upstream_tests.sh`)."""

import numpy as np
import pytest

import keras
from keras import layers


@pytest.mark.parametrize(
    "layer,input_shape,output_shape",
    [
        (layers.Cropping1D((1, 2)), (2, 6, 3), (2, 3, 3)),
        (layers.Cropping2D(((1, 0), (2, 1))), (2, 5, 5, 1), (2, 4, 2, 1)),
        (layers.Cropping3D(1), (1, 4, 4, 4, 2), (1, 2, 2, 2, 2)),
        (layers.ZeroPadding1D(2), (2, 3, 1), (2, 7, 1)),
        (layers.ZeroPadding2D((1, 2)), (2, 3, 3, 1), (2, 5, 7, 1)),
        (
            layers.ZeroPadding3D(((0, 1), 2, 0)),
            (1, 2, 2, 2, 1),
            (1, 3, 6, 2, 1),
        ),
        (layers.UpSampling1D(3), (2, 2, 4), (2, 6, 4)),
        (
            layers.UpSampling2D(2, interpolation="bilinear"),
            (1, 3, 3, 2),
            (1, 6, 6, 2),
        ),
        (layers.UpSampling3D((1, 2, 1)), (1, 2, 2, 2, 1), (1, 2, 4, 2, 1)),
        (layers.Permute((3, 1, 2)), (2, 3, 4, 5), (2, 5, 3, 4)),
        (layers.RepeatVector(4), (2, 3), (2, 4, 3)),
    ],
)
def test_shapes_and_config(layer, input_shape, output_shape):
    x = np.random.rand(*input_shape).astype("float32")
    assert layer(x).shape == output_shape
    assert layer(keras.Input(batch_shape=input_shape)).shape == output_shape
    revived = layer.__class__.from_config(layer.get_config())
    assert revived.get_config() == layer.get_config()
    np.testing.assert_allclose(revived(x), layer(x))


def test_padding_then_cropping_is_identity():
    x = np.random.rand(2, 4, 5, 3).astype("float32")
    pairs = ((1, 2), (0, 3))
    padded = layers.ZeroPadding2D(pairs)(x)
    np.testing.assert_allclose(layers.Cropping2D(pairs)(padded), x)
    assert float(np.abs(np.asarray(padded)).sum()) == pytest.approx(
        float(x.sum()), rel=1e-5
    )


def test_errors():
    with pytest.raises(ValueError):
        layers.ZeroPadding2D(((1, 2), (3, -4)))
    with pytest.raises(ValueError, match="smaller than"):
        layers.Cropping2D(((3, 3), (0, 0)))(np.zeros((1, 6, 6, 1)))
    with pytest.raises(TypeError, match="integer value for `n`"):
        layers.RepeatVector(2.0)
    with pytest.raises(ValueError, match="Invalid permutation"):
        layers.Permute((1, 1))
