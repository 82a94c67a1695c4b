"""End to end: `fit`/`evaluate`/`predict` under a distribution (8 CPU devices).

For every mesh layout, training a small MLP gives the same per-epoch losses
as training it without a distribution, and every variable (and its optimizer
slot) carries the sharding its layout asks for.
"""

import contextlib

import jax
import numpy as np
import pytest
from jax.sharding import PartitionSpec as P

import keras
from keras import layers
from keras.src.backend.common import global_state
from keras.src.testing import parity

pytestmark = pytest.mark.multi_device

EPOCHS = 3
BATCH_SIZE = 32
NUM_SAMPLES = 256

LAYOUTS_2D = {
    "d1/kernel": (None, "model"),
    "d1/bias": ("model",),
    "d2/kernel": ("model", None),
}
# Dims sharded over two mesh axes at once, and two dims over two axes.
LAYOUTS_3D = {
    "d1/kernel": (None, ("model", "extra")),
    "d1/bias": (("model", "extra"),),
    "d2/kernel": ("model", "extra"),
    "d3/kernel": ("extra", None),
}

# name -> (mesh shape, axis names, batch_dim_name, layout map entries);
# layout map entries None means `DataParallel`.
CONFIGS = {
    "data_parallel_8": ((8,), ("batch",), "batch", None),
    "batch_model_2x4": (
        (2, 4),
        ("batch", "model"),
        "batch",
        {**LAYOUTS_2D, "d1/output": ("batch", "model")},
    ),
    "model_batch_4x2": ((4, 2), ("model", "batch"), "batch", LAYOUTS_2D),
    "3d_batch_first": (
        (2, 2, 2),
        ("batch", "model", "extra"),
        "batch",
        LAYOUTS_3D,
    ),
    "3d_batch_middle": (
        (2, 2, 2),
        ("model", "batch", "extra"),
        "batch",
        LAYOUTS_3D,
    ),
    "3d_batch_last": (
        (2, 2, 2),
        ("model", "extra", "batch"),
        "batch",
        LAYOUTS_3D,
    ),
    "3d_two_batch_axes": (
        (2, 2, 2),
        ("data", "model", "batch"),
        ("data", "batch"),
        {**LAYOUTS_2D, "d2/output": (("data", "batch"), "model")},
    ),
}


def make_data():
    rng = np.random.RandomState(0)
    x = rng.normal(size=(NUM_SAMPLES, 16)).astype("float32")
    y = rng.normal(size=(NUM_SAMPLES, 4)).astype("float32")
    return x, y


def make_model(momentum=0.9):
    keras.utils.set_random_seed(1337)
    inputs = keras.Input((16,))
    h = layers.Dense(32, activation="relu", name="d1")(inputs)
    h = layers.Dense(32, activation="tanh", name="d2")(h)
    outputs = layers.Dense(4, name="d3")(h)
    model = keras.Model(inputs, outputs)
    model.compile(
        optimizer=keras.optimizers.SGD(learning_rate=0.05, momentum=momentum),
        loss="mse",
    )
    return model


def make_distribution(name, **kwargs):
    shape, axis_names, batch_dim_name, layouts = CONFIGS[name]
    mesh = keras.distribution.DeviceMesh(shape, axis_names)
    if layouts is None:
        return keras.distribution.DataParallel(device_mesh=mesh, **kwargs)
    layout_map = keras.distribution.LayoutMap(mesh)
    for key, axes in layouts.items():
        layout_map[key] = axes
    return keras.distribution.ModelParallel(
        layout_map=layout_map, batch_dim_name=batch_dim_name, **kwargs
    )


def expected_spec(name, variable):
    layouts = CONFIGS[name][3] or {}
    axes = layouts.get(variable.path, (None,) * len(variable.shape))
    return P(*axes)


def train(model, data):
    x, y = data
    if isinstance(x, np.ndarray):
        history = model.fit(
            x,
            y,
            batch_size=BATCH_SIZE,
            epochs=EPOCHS,
            shuffle=False,
            verbose=0,
        )
    else:
        history = model.fit(x, epochs=EPOCHS, verbose=0)
    return history.history["loss"]


@pytest.fixture(scope="module")
def reference():
    """Losses, weights, evaluate and predict results without distribution."""
    global_state.clear_session()
    keras.distribution.set_distribution(None)
    data = make_data()
    model = make_model()
    initial = {v.path: np.asarray(v.value) for v in model.weights}
    losses = train(model, data)
    result = {
        "losses": losses,
        "initial_weights": initial,
        "weights": {v.path: np.asarray(v.value) for v in model.weights},
        "evaluate": model.evaluate(*data, batch_size=BATCH_SIZE, verbose=0),
        "predict": model.predict(data[0], batch_size=BATCH_SIZE, verbose=0),
    }
    global_state.clear_session()
    return result


@pytest.mark.parity
@pytest.mark.parametrize("name", list(CONFIGS))
def test_fit_evaluate_predict_match_undistributed(name, reference):
    data = make_data()
    distribution = make_distribution(name)
    with distribution.scope():
        model = make_model()
        losses = train(model, data)
        evaluate = model.evaluate(*data, batch_size=BATCH_SIZE, verbose=0)
        predict = model.predict(data[0], batch_size=BATCH_SIZE, verbose=0)

    assert len(losses) == EPOCHS
    parity.assert_outputs_close(losses, reference["losses"])
    parity.assert_outputs_close(evaluate, reference["evaluate"])
    parity.assert_outputs_close(predict, reference["predict"])
    # SGD with momentum: the weights are linear in the gradients.
    parity.assert_sgd_weights_close(
        {v.path: np.asarray(v.value) for v in model.weights},
        reference["weights"],
        reference["initial_weights"],
        steps=EPOCHS * NUM_SAMPLES // BATCH_SIZE,
    )

    # The variables keep their layouts through training, and each momentum
    # slot is laid out like its variable.
    mesh = distribution.device_mesh.backend_mesh
    momentums = model.optimizer.momentums
    assert len(momentums) == len(model.trainable_variables)
    for variable, slot in zip(model.trainable_variables, momentums):
        spec = expected_spec(name, variable)
        assert variable.value.sharding.mesh == mesh, variable.path
        assert variable.value.sharding.spec == spec, variable.path
        assert slot.value.sharding.spec == spec, slot.path
        assert slot.value.sharding.mesh == mesh, slot.path


@pytest.mark.parity
@pytest.mark.parametrize("name", ["data_parallel_8", "3d_two_batch_axes"])
def test_tf_data_matches_numpy(name, reference):
    import tensorflow as tf

    x, y = make_data()
    dataset = tf.data.Dataset.from_tensor_slices((x, y)).batch(BATCH_SIZE)
    with make_distribution(name).scope():
        losses = train(make_model(), (dataset, None))
    parity.assert_outputs_close(losses, reference["losses"])


@pytest.mark.parity
@pytest.mark.parametrize(
    "name, batch_size",
    [("data_parallel_8", 12), ("3d_two_batch_axes", 10)],
)
def test_indivisible_batches_match_one_device(name, batch_size):
    # The batch shards (8, and 4) divide neither the batches nor the last,
    # partial batch (256 = 21 * 12 + 4 = 25 * 10 + 6): they are padded, and
    # the padded rows are left out of the losses and predictions.
    x, y = make_data()

    def run(distribution):
        with distribution.scope() if distribution else contextlib.nullcontext():
            model = make_model()
            losses = model.fit(
                x, y, batch_size=batch_size, epochs=2, shuffle=False, verbose=0
            ).history["loss"]
            loss = model.evaluate(x, y, batch_size=batch_size, verbose=0)
            predictions = model.predict(x, batch_size=batch_size, verbose=0)
        return losses, loss, predictions

    reference = run(None)
    losses, loss, predictions = run(make_distribution(name))
    parity.assert_outputs_close(losses, reference[0])
    parity.assert_outputs_close(loss, reference[1])
    assert predictions.shape == reference[2].shape
    parity.assert_outputs_close(predictions, reference[2])


def forward_output_spec(model, x):
    """Sharding spec of the model's output computed under `jax.jit`."""

    def forward(trainable, non_trainable, x):
        return model.stateless_call(trainable, non_trainable, x)[0]

    output = jax.jit(forward)(
        [v.value for v in model.trainable_variables],
        [v.value for v in model.non_trainable_variables],
        x,
    )
    return output.sharding.spec


@pytest.mark.parametrize("with_output_key", [True, False])
def test_output_layout_constrains_layer_output(with_output_key):
    mesh = keras.distribution.DeviceMesh((2, 4), ("batch", "model"))
    layout_map = keras.distribution.LayoutMap(mesh)
    if with_output_key:
        layout_map["d2/output"] = (None, "model")
    distribution = keras.distribution.ModelParallel(
        layout_map=layout_map, batch_dim_name="batch"
    )
    x = make_data()[0][:BATCH_SIZE]
    with distribution.scope():
        keras.utils.set_random_seed(1337)
        inputs = keras.Input((16,))
        h = layers.Dense(32, activation="relu", name="d1")(inputs)
        outputs = layers.Dense(32, name="d2")(h)
        model = keras.Model(inputs, outputs)
        batch = distribution.get_data_layout(x.shape).backend_layout
        traced_spec = forward_output_spec(model, jax.device_put(x, batch))
        eager = model.get_layer("d2")(np.ones((8, 32), "float32"))
    if with_output_key:
        assert traced_spec == P(None, "model")
        assert eager.sharding.spec == P(None, "model")
    else:
        # Without the key, XLA keeps the batch sharding of the input.
        assert traced_spec != P(None, "model")
