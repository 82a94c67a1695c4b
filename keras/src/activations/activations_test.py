import math

import numpy as np
import pytest

from keras.src import activations

X = np.array(
    [[-6.0, -3.5, -1.0, -0.2, 0.0], [0.3, 1.0, 2.5, 4.0, 7.0]], dtype="float32"
)


def _sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


def _softplus(x):
    return np.log1p(np.exp(x))


def _softmax(x, axis=-1):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


_erf = np.vectorize(math.erf)

ALPHA, SCALE = 1.6732632423543772, 1.0507009873554805

REFERENCES = {
    "relu": lambda x: np.maximum(x, 0),
    "relu6": lambda x: np.clip(x, 0, 6),
    "leaky_relu": lambda x: np.where(x >= 0, x, 0.2 * x),
    "elu": lambda x: np.where(x > 0, x, np.exp(x) - 1),
    "selu": lambda x: SCALE * np.where(x > 0, x, ALPHA * (np.exp(x) - 1)),
    "softplus": _softplus,
    "softsign": lambda x: x / (np.abs(x) + 1),
    "silu": lambda x: x * _sigmoid(x),
    "swish": lambda x: x * _sigmoid(x),
    "gelu": lambda x: 0.5 * x * (1 + _erf(x / np.sqrt(2))),
    "tanh": np.tanh,
    "sigmoid": _sigmoid,
    "exponential": np.exp,
    "hard_sigmoid": lambda x: np.clip(x / 6 + 0.5, 0, 1),
    "hard_silu": lambda x: x * np.clip(x / 6 + 0.5, 0, 1),
    "hard_swish": lambda x: x * np.clip(x / 6 + 0.5, 0, 1),
    "linear": lambda x: x,
    "mish": lambda x: x * np.tanh(_softplus(x)),
    "softmax": _softmax,
    "log_softmax": lambda x: np.log(_softmax(x)),
}


@pytest.mark.parametrize("name", sorted(REFERENCES))
def test_activation_matches_numpy(name):
    fn = activations.get(name)
    np.testing.assert_allclose(
        np.asarray(fn(X)), REFERENCES[name](X), rtol=1e-5, atol=1e-6
    )


def test_relu_options():
    x = np.array([-10.0, -5.0, 0.0, 3.0, 5.0, 10.0], dtype="float32")
    np.testing.assert_allclose(
        activations.relu(x, negative_slope=0.5), [-5, -2.5, 0, 3, 5, 10]
    )
    np.testing.assert_allclose(
        activations.relu(x, max_value=5.0), [0, 0, 0, 3, 5, 5]
    )
    np.testing.assert_allclose(
        activations.relu(x, threshold=5.0), [0, 0, 0, 0, 0, 10]
    )
    # Combined: slope below the threshold, saturated above max_value.
    np.testing.assert_allclose(
        activations.relu(x, negative_slope=0.1, threshold=4.0, max_value=8.0),
        [-1.4, -0.9, -0.4, -0.1, 5, 8],
        rtol=1e-6,
    )


def test_gelu_approximate_and_axis_softmax():
    ref = 0.5 * X * (1 + np.tanh(np.sqrt(2 / np.pi) * (X + 0.044715 * X**3)))
    np.testing.assert_allclose(
        activations.gelu(X, approximate=True), ref, rtol=1e-5, atol=1e-6
    )
    np.testing.assert_allclose(
        activations.softmax(X, axis=0), _softmax(X, axis=0), rtol=1e-5
    )
    np.testing.assert_allclose(
        activations.elu(X, alpha=0.5),
        np.where(X > 0, X, 0.5 * (np.exp(X) - 1)),
        rtol=1e-5,
        atol=1e-7,
    )


def test_get_and_serialize():
    assert activations.get(None) is activations.linear
    assert activations.get("swish") is activations.silu
    fn = lambda x: x  # noqa: E731
    assert activations.get(fn) is fn
    with pytest.raises(ValueError, match="relux.*Valid names"):
        activations.get("relux")
    assert activations.serialize(activations.relu) == "relu"
    assert activations.serialize(activations.silu) == "silu"
    assert activations.deserialize("tanh") is activations.tanh
