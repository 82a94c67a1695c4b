"""FSDP layouts keep the activations split over the batch axes.

The example decoder's layout map (`examples/gemma/layout.py`) splits the
weights over the model axis and ALSO over the batch axis. Left alone, XLA's
sharding propagation may then replicate the batch over the batch axis and
split the weights' `width` dimension instead, so that every device computes
on the whole batch (and the step needs about twice the collectives). A
functional (or Sequential) model pins the batch dimension of its
intermediate tensors to the distribution's batch axes, so the compiled step
has each device work on its own rows only: no matrix product in the
optimized program has as many rows as the whole batch (tokens).
"""

import collections
import re

import jax
import numpy as np
import pytest

import keras
from examples.gemma import decoder
from examples.gemma import finetune
from keras.src.backend.common import global_state

pytestmark = pytest.mark.multi_device

CONFIG = decoder.TINY_CONFIG
BATCH_SIZE = 12  # 192 tokens: no weight dimension has that size
DOT_ROWS = re.compile(r"= f32\[(\d+),\d+\]\{[^}]*\} dot\(")


def compiled_gradient_hlo(name):
    """Optimized HLO of the gradient of a loss of the decoder's logits,
    under layout `name`, and the number of batch shards."""
    global_state.clear_session()
    distribution = finetune.make_distribution(name)
    with distribution.scope():
        model = decoder.build_decoder(CONFIG, seed=0)
        tokens = np.ones((BATCH_SIZE, CONFIG.seq_len), "int32")
        layout = distribution.get_data_layout(tokens.shape)
        tokens = jax.device_put(tokens, layout.backend_layout)

        def loss(trainable, tokens):
            logits, _ = model.stateless_call(trainable, [], tokens)
            return (logits**2).mean()

        trainable = [v.value for v in model.trainable_variables]
        compiled = jax.jit(jax.grad(loss)).lower(trainable, tokens).compile()
    return compiled.as_text(), distribution.num_model_replicas


@pytest.mark.parametrize("name", ["4x2", "2x4", "2x2x2"])
def test_no_matmul_on_the_whole_batch(name):
    text, shards = compiled_gradient_hlo(name)
    rows = collections.Counter(int(r) for r in DOT_ROWS.findall(text))
    tokens = BATCH_SIZE * CONFIG.seq_len
    assert rows[tokens] == 0, sorted(rows.items())
    # The projections and feed-forward products run on this device's rows.
    assert rows[tokens // shards] >= 4 * CONFIG.num_layers, sorted(rows.items())


def test_data_parallel_is_not_constrained():
    global_state.clear_session()
    distribution = keras.distribution.DataParallel()
    with distribution.scope():
        model = decoder.build_decoder(CONFIG, seed=0)
        trainable = [v.value for v in model.trainable_variables]
        tokens = np.ones((BATCH_SIZE, CONFIG.seq_len), "int32")
        jaxpr = jax.make_jaxpr(lambda t, x: model.stateless_call(t, [], x)[0])(
            trainable, tokens
        )
    assert "sharding_constraint" not in str(jaxpr)


def sequential_gradient_hlo(distribution, batch_size):
    """Optimized HLO of the gradient of a Sequential MLP's output."""
    with distribution.scope():
        model = keras.Sequential(
            [
                keras.Input((64,)),
                keras.layers.Dense(256, activation="relu", name="up"),
                keras.layers.Dense(64, name="down"),
            ]
        )
        x = np.ones((batch_size, 64), "float32")
        x = jax.device_put(
            x, distribution.get_data_layout(x.shape).backend_layout
        )

        def loss(trainable, x):
            y, _ = model.stateless_call(trainable, [], x)
            return (y**2).mean()

        trainable = [v.value for v in model.trainable_variables]
        return jax.jit(jax.grad(loss)).lower(trainable, x).compile().as_text()


def test_sequential_model_keeps_activations_on_the_batch_axes():
    # FSDP: both kernels split over the batch AND the model axis.
    global_state.clear_session()
    mesh = keras.distribution.DeviceMesh((4, 2), ("model", "batch"))
    layout_map = keras.distribution.LayoutMap(mesh)
    layout_map["up/kernel"] = ("batch", "model")
    layout_map["down/kernel"] = ("model", "batch")
    distribution = keras.distribution.ModelParallel(
        layout_map=layout_map, batch_dim_name="batch"
    )
    batch_size = 24  # no kernel dimension has that size
    text = sequential_gradient_hlo(distribution, batch_size)
    rows = collections.Counter(int(r) for r in DOT_ROWS.findall(text))
    assert rows[batch_size] == 0, sorted(rows.items())
    assert rows[batch_size // 2] >= 2, sorted(rows.items())
