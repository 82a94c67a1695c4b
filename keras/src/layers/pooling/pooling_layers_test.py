"""Our checks of the pooling layers (upstream's own tests run through
`shell/upstream_tests.sh`)."""

import numpy as np
import pytest

import keras
from keras import layers


@pytest.mark.parametrize(
    "layer,input_shape,output_shape",
    [
        (layers.MaxPooling1D(3, 2, "same"), (None, 7, 2), (None, 4, 2)),
        (layers.AvgPool2D((2, 3)), (None, 6, 6, 2), (None, 3, 2, 2)),
        (layers.MaxPool3D(), (None, 4, 4, 5, 1), (None, 2, 2, 2, 1)),
        (layers.GlobalAvgPool2D(), (None, 5, 5, 3), (None, 3)),
        (
            layers.GlobalMaxPooling3D(keepdims=True),
            (None, 2, 3, 4, 5),
            (None, 1, 1, 1, 5),
        ),
        (layers.AdaptiveAveragePooling2D(3), (None, 10, 7, 2), (None, 3, 3, 2)),
        (layers.AdaptiveMaxPooling1D(4), (None, None, 2), (None, 4, 2)),
    ],
)
def test_shapes_and_config(layer, input_shape, output_shape):
    assert layer.built
    y = layer(keras.Input(batch_shape=input_shape))
    assert y.shape == output_shape
    revived = layer.__class__.from_config(layer.get_config())
    assert revived.get_config() == layer.get_config()
    concrete = tuple(7 if d is None else d for d in input_shape)
    out = layer(np.random.rand(*concrete).astype("float32"))
    assert out.shape == revived.compute_output_shape(concrete)


def test_masked_global_average_pooling():
    x = np.array([[[1.0], [3.0], [100.0]]], dtype="float32")
    mask = np.array([[True, True, False]])
    y = layers.GlobalAveragePooling1D()(x, mask=mask)
    np.testing.assert_allclose(y, [[2.0]])


def test_pooling_in_a_trained_cnn():
    model = keras.Sequential(
        [
            keras.Input((8, 8, 1)),
            layers.Conv2D(4, 3, padding="same", activation="relu"),
            layers.MaxPooling2D(),
            layers.AveragePooling2D(padding="same"),
            layers.GlobalMaxPooling2D(),
            layers.Dense(1),
        ]
    )
    model.compile(optimizer="sgd", loss="mse")
    x = np.random.rand(16, 8, 8, 1).astype("float32")
    history = model.fit(x, np.ones((16, 1)), epochs=3, verbose=0)
    assert history.history["loss"][-1] < history.history["loss"][0]
