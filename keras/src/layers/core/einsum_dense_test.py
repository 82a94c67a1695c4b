import numpy as np
import pytest

from keras.src import backend
from keras.src import layers
from keras.src.testing.test_utils import assert_config_round_trip


@pytest.mark.parametrize(
    "equation,output_shape,bias_axes,input_shape,kernel,bias,expected",
    [
        ("ab,bc->ac", 64, "c", (2, 32), (32, 64), (64,), (2, 64)),
        ("ab,bc->ac", (64,), None, (2, 32), (32, 64), None, (2, 64)),
        (
            "abc,cd->abd",
            (None, 64),
            "d",
            (2, 3, 32),
            (32, 64),
            (64,),
            (2, 3, 64),
        ),
        (
            "abc,cde->abde",
            (None, 4, 8),
            "de",
            (2, 3, 16),
            (16, 4, 8),
            (4, 8),
            (2, 3, 4, 8),
        ),
        (
            "abc,cde->abde",
            (3, 4, 8),
            "d",
            (2, 3, 16),
            (16, 4, 8),
            (4, 1),
            (2, 3, 4, 8),
        ),
        ("...b,bc->...c", 64, "c", (2, 3, 32), (32, 64), (64,), (2, 3, 64)),
        (
            "ab...,bc->ac...",
            (64,),
            "c",
            (2, 32, 5),
            (32, 64),
            (64, 1),
            (2, 64, 5),
        ),
        (
            "abcd,cde->abe",
            (None, 8),
            "e",
            (2, 3, 4, 5),
            (4, 5, 8),
            (8,),
            (2, 3, 8),
        ),
    ],
)
def test_einsum_dense_shapes_and_values(
    equation, output_shape, bias_axes, input_shape, kernel, bias, expected
):
    layer = layers.EinsumDense(
        equation,
        output_shape,
        bias_axes=bias_axes,
        bias_initializer="random_normal",
    )
    x = np.random.rand(*input_shape).astype("float32")
    y = layer(x)
    assert tuple(layer.kernel.shape) == kernel
    if bias is None:
        assert layer.bias is None
    else:
        assert tuple(layer.bias.shape) == bias
    assert tuple(y.shape) == expected
    ref = np.einsum(equation, x, layer.kernel.numpy())
    if bias is not None:
        ref = ref + layer.bias.numpy()
    np.testing.assert_allclose(y, ref, rtol=1e-5, atol=1e-5)
    # Symbolic shapes with an unknown batch size.
    symbolic = layers.EinsumDense(equation, output_shape, bias_axes=bias_axes)
    out = symbolic(backend.KerasTensor((None,) + tuple(input_shape[1:])))
    assert out.shape == (None,) + expected[1:]


def test_einsum_dense_activation_and_names():
    layer = layers.EinsumDense("ab,bc->ac", 3, activation="relu", bias_axes="c")
    y = layer(np.random.randn(4, 2).astype("float32"))
    assert np.all(np.asarray(y) >= 0)
    assert [w.name for w in layer.weights] == ["kernel", "bias"]


def test_einsum_dense_errors():
    with pytest.raises(ValueError, match="Invalid einsum equation"):
        layers.EinsumDense("ab,bc", 3)
    with pytest.raises(ValueError, match="not part of the output spec"):
        layers.EinsumDense("ab,bc->ac", 3, bias_axes="x")(np.ones((2, 4)))
    with pytest.raises(ValueError, match="did not have a match"):
        layers.EinsumDense("ab,bcz->ac", 3)(np.ones((2, 4)))
    with pytest.raises(ValueError, match="do not match at shared dimension"):
        layers.EinsumDense("abc,cd->abd", (5, 3))(np.ones((2, 4, 6)))
    # A rank that does not fit the equation leaves a size undetermined.
    with pytest.raises(ValueError, match="could not be determined"):
        layers.EinsumDense("abc,cd->abd", (None, 3))(np.ones((2, 4)))


def test_einsum_dense_config_roundtrip():
    layer = layers.EinsumDense(
        "abc,cd->abd",
        output_shape=(None, 8),
        bias_axes="d",
        activation="gelu",
        kernel_regularizer="l2",
    )
    x = np.random.rand(2, 3, 4).astype("float32")
    assert_config_round_trip(
        layer,
        (
            "equation",
            "output_shape",
            "bias_axes",
            "activation",
            "kernel_initializer",
            "bias_initializer",
            "kernel_regularizer",
            "bias_regularizer",
            "activity_regularizer",
            "kernel_constraint",
            "bias_constraint",
        ),
        x,
    )
