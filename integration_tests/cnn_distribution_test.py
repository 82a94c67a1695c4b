"""A small CNN (conv, pooling, batch norm, dense head) trained under
`DataParallel` on 8 CPU devices and under `ModelParallel` on (4, 2)
("model", "batch") and (2, 4) ("batch", "model") meshes gives the same
losses and weights as without a distribution, with its conv kernels sharded
over the output channels like any other variable."""

import numpy as np
import pytest
from jax.sharding import PartitionSpec as P

import keras
from keras import layers
from keras.src.backend.common import global_state
from keras.src.testing import parity

pytestmark = pytest.mark.multi_device

EPOCHS = 2
BATCH_SIZE = 16
NUM_SAMPLES = 64

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
    x = rng.normal(size=(NUM_SAMPLES, 12, 12, 3)).astype("float32")
    y = rng.normal(size=(NUM_SAMPLES, 4)).astype("float32")
    return x, y


def make_model():
    keras.utils.set_random_seed(1337)
    inputs = keras.Input((12, 12, 3))
    h = layers.Conv2D(8, 3, padding="same", activation="relu", name="conv2d_a")(
        inputs
    )
    h = layers.MaxPooling2D()(h)
    h = layers.BatchNormalization(name="batch_norm")(h)
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


def model_parallel(shape, axis_names):
    mesh = keras.distribution.DeviceMesh(shape, axis_names)
    layout_map = keras.distribution.LayoutMap(mesh)
    for key, axes in LAYOUTS.items():
        layout_map[key] = axes
    return keras.distribution.ModelParallel(
        layout_map=layout_map, batch_dim_name="batch"
    )


DISTRIBUTIONS = {
    "data_parallel_8": lambda: keras.distribution.DataParallel(),
    "model_parallel_4x2": lambda: model_parallel((4, 2), ("model", "batch")),
    "model_parallel_2x4": lambda: model_parallel((2, 4), ("batch", "model")),
}


def expected_spec(variable):
    import re

    for pattern, axes in LAYOUTS.items():
        if re.fullmatch(pattern, variable.path):
            return P(*axes)
    return P(*([None] * len(variable.shape)))


@pytest.mark.parity
@pytest.mark.parametrize("name", sorted(DISTRIBUTIONS))
def test_cnn_under_distribution_matches_undistributed(name):
    global_state.clear_session()
    keras.distribution.set_distribution(None)
    data = make_data()
    reference_model = make_model()
    initial_weights = {
        v.path: np.asarray(v.value) for v in reference_model.weights
    }
    reference = train(reference_model, data)
    reference_weights = {
        v.path: np.asarray(v.value) for v in reference_model.weights
    }
    global_state.clear_session()

    distribution = DISTRIBUTIONS[name]()
    with distribution.scope():
        model = make_model()
        losses = train(model, data)

    assert len(losses) == EPOCHS
    parity.assert_outputs_close(losses, reference)
    mesh = distribution.device_mesh.backend_mesh
    # SGD with momentum, and batch norm's moving statistics: linear in the
    # gradients and batch statistics.
    parity.assert_sgd_weights_close(
        {v.path: np.asarray(v.value) for v in model.weights},
        reference_weights,
        initial_weights,
        steps=EPOCHS * NUM_SAMPLES // BATCH_SIZE,
    )
    sharded = 0
    for variable in model.weights:
        assert variable.value.sharding.mesh == mesh, variable.path
        if name == "data_parallel_8":
            continue
        spec = expected_spec(variable)
        assert variable.value.sharding.spec == spec, variable.path
        sharded += any(axis is not None for axis in spec)
    if name != "data_parallel_8":
        # Both Conv2D kernels and biases, the Conv1D kernel and the head.
        assert sharded == 6
