"""An `Embedding + LSTM + Dense` model (padded, masked sequences) trained
under `DataParallel` on 8 CPU devices gives the same losses and weights as
without a distribution; so does a bidirectional GRU under `ModelParallel`
with its kernels sharded over the units, also when the masked embedding
output has a layout of its own (the mask survives the constraint)."""

import numpy as np
import pytest
from jax.sharding import PartitionSpec as P

import keras
from keras import layers
from keras.src.backend.common import global_state
from keras.src.testing import parity

pytestmark = pytest.mark.multi_device

VOCAB = 20
MAX_LEN = 9
EPOCHS = 2
BATCH_SIZE = 16
NUM_SAMPLES = 64


def make_data():
    rng = np.random.RandomState(0)
    lengths = rng.randint(1, MAX_LEN + 1, size=(NUM_SAMPLES,))
    x = np.zeros((NUM_SAMPLES, MAX_LEN), dtype="int32")
    for i, n in enumerate(lengths):
        x[i, :n] = rng.randint(1, VOCAB, size=(n,))
    y = rng.normal(size=(NUM_SAMPLES, 1)).astype("float32")
    return x, y


def lstm_model():
    keras.utils.set_random_seed(1337)
    tokens = keras.Input((MAX_LEN,), dtype="int32")
    h = layers.Embedding(VOCAB, 8, mask_zero=True, name="embedding")(tokens)
    h = layers.LSTM(16, name="lstm")(h)
    outputs = layers.Dense(1, name="head")(h)
    return keras.Model(tokens, outputs)


def bidirectional_gru_model():
    keras.utils.set_random_seed(1337)
    tokens = keras.Input((MAX_LEN,), dtype="int32")
    h = layers.Embedding(VOCAB, 8, mask_zero=True, name="embedding")(tokens)
    h = layers.Bidirectional(
        layers.GRU(8, return_sequences=True, dropout=0.1), name="bi"
    )(h)
    h = layers.GlobalAveragePooling1D()(h)
    outputs = layers.Dense(1, name="head")(h)
    return keras.Model(tokens, outputs)


def train(make_model, data):
    """Returns the trained model, its initial weights and its losses."""
    model = make_model()
    initial = {v.path: np.asarray(v.value) for v in model.weights}
    model.compile(
        optimizer=keras.optimizers.SGD(learning_rate=0.1, momentum=0.9),
        loss="mse",
    )
    x, y = data
    history = model.fit(
        x, y, batch_size=BATCH_SIZE, epochs=EPOCHS, shuffle=False, verbose=0
    )
    return model, initial, history.history["loss"]


def run_both(make_model, distribution):
    global_state.clear_session()
    keras.distribution.set_distribution(None)
    data = make_data()
    reference_model, initial_weights, reference = train(make_model, data)
    reference_weights = {
        v.path: np.asarray(v.value) for v in reference_model.weights
    }
    global_state.clear_session()
    with distribution.scope():
        model, _, losses = train(make_model, data)
    assert len(losses) == EPOCHS
    parity.assert_outputs_close(losses, reference)
    # SGD with momentum: the weights are linear in the gradients.
    parity.assert_sgd_weights_close(
        {v.path: np.asarray(v.value) for v in model.weights},
        reference_weights,
        initial_weights,
        steps=EPOCHS * NUM_SAMPLES // BATCH_SIZE,
    )
    return model


@pytest.mark.parity
def test_lstm_under_data_parallel_matches_undistributed():
    distribution = keras.distribution.DataParallel()
    assert distribution.device_mesh.shape == (8,)
    model = run_both(lstm_model, distribution)
    paths = [v.path for v in model.weights]
    assert paths == [
        "embedding/embeddings",
        "lstm/lstm_cell/kernel",
        "lstm/lstm_cell/recurrent_kernel",
        "lstm/lstm_cell/bias",
        "head/kernel",
        "head/bias",
    ]


@pytest.mark.parity
@pytest.mark.parametrize("embedding_output_layout", [False, True])
def test_bidirectional_gru_under_model_parallel_matches_undistributed(
    embedding_output_layout,
):
    mesh = keras.distribution.DeviceMesh((4, 2), ("model", "batch"))
    layout_map = keras.distribution.LayoutMap(mesh)
    # Kernels hold the three gates side by side on their last axis.
    layout_map["bi/.*/kernel"] = (None, "model")
    layout_map["bi/.*/recurrent_kernel"] = (None, "model")
    if embedding_output_layout:
        # The constrained embedding output keeps its padding mask.
        layout_map["embedding/output"] = ("batch", None, None)
    distribution = keras.distribution.ModelParallel(
        layout_map=layout_map, batch_dim_name="batch"
    )
    model = run_both(bidirectional_gru_model, distribution)
    sharded = [
        v.path
        for v in model.weights
        if v.value.sharding.spec == P(None, "model")
    ]
    assert len(sharded) == 4, sharded
