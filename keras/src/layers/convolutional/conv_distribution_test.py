"""A small CNN trained under `ModelParallel` (8 CPU devices) gives the same
losses as without a distribution, with its conv kernels sharded over the
output channels like any other variable."""

import numpy as np
import pytest
from jax.sharding import PartitionSpec as P

import keras
from keras import layers
from keras.src.backend.common import global_state

pytestmark = pytest.mark.multi_device

EPOCHS = 2
BATCH_SIZE = 16
RTOL = 1e-5

# Conv kernels are `(*kernel_size, in_channels, filters)`: the last axis
# holds the output channels.
LAYOUTS = {
    "conv2d.*/kernel": (None, None, None, "model"),
    "conv2d.*/bias": ("model",),
    "conv1d_mix/kernel": (None, None, "model"),
    "head/kernel": ("model", None),
}


def make_data():
    rng = np.random.RandomState(0)
    x = rng.normal(size=(64, 12, 12, 3)).astype("float32")
    y = rng.normal(size=(64, 4)).astype("float32")
    return x, y


def make_model():
    keras.utils.set_random_seed(1337)
    inputs = keras.Input((12, 12, 3))
    h = layers.Conv2D(8, 3, padding="same", activation="relu", name="conv2d_a")(
        inputs
    )
    h = layers.MaxPooling2D()(h)
    h = layers.Conv2D(16, 3, activation="relu", name="conv2d_b")(h)
    h = layers.Reshape((16, 16))(h)
    h = layers.Conv1D(8, 2, padding="causal", name="conv1d_mix")(h)
    h = layers.GlobalAveragePooling1D()(h)
    outputs = layers.Dense(4, name="head")(h)
    model = keras.Model(inputs, outputs)
    model.compile(
        optimizer=keras.optimizers.SGD(learning_rate=0.05, momentum=0.9),
        loss="mse",
    )
    return model


def train(model, data):
    x, y = data
    history = model.fit(
        x, y, batch_size=BATCH_SIZE, epochs=EPOCHS, shuffle=False, verbose=0
    )
    return history.history["loss"]


def make_distribution():
    mesh = keras.distribution.DeviceMesh((4, 2), ("model", "batch"))
    layout_map = keras.distribution.LayoutMap(mesh)
    for key, axes in LAYOUTS.items():
        layout_map[key] = axes
    return keras.distribution.ModelParallel(
        layout_map=layout_map, batch_dim_name="batch"
    )


def expected_spec(variable):
    import re

    for pattern, axes in LAYOUTS.items():
        if re.fullmatch(pattern, variable.path):
            return P(*axes)
    return P(*([None] * len(variable.shape)))


def test_cnn_under_model_parallel_matches_undistributed():
    global_state.clear_session()
    keras.distribution.set_distribution(None)
    data = make_data()
    reference_model = make_model()
    reference = train(reference_model, data)
    reference_weights = {
        v.path: np.asarray(v.value) for v in reference_model.weights
    }
    global_state.clear_session()

    distribution = make_distribution()
    with distribution.scope():
        model = make_model()
        losses = train(model, data)

    assert len(losses) == EPOCHS
    np.testing.assert_allclose(losses, reference, rtol=RTOL)
    mesh = distribution.device_mesh.backend_mesh
    sharded = 0
    for variable in model.weights:
        np.testing.assert_allclose(
            np.asarray(variable.value),
            reference_weights[variable.path],
            rtol=RTOL,
            atol=1e-6,
            err_msg=variable.path,
        )
        spec = expected_spec(variable)
        assert variable.value.sharding.mesh == mesh, variable.path
        assert variable.value.sharding.spec == spec, variable.path
        sharded += any(axis is not None for axis in spec)
    # Both Conv2D kernels and biases, the Conv1D kernel and the head.
    assert sharded == 6
