"""FSDP layouts keep the activations split over the batch axes.

The example decoder's layout map (`examples/gemma/layout.py`) splits the
weights over the model axis and ALSO over the batch axis. Left alone, XLA's
sharding propagation may then replicate the batch over the batch axis and
split the weights' `width` dimension instead, so that every device computes
on the whole batch (and the step needs about twice the collectives). A
functional model pins the batch dimension of its intermediate tensors to the
distribution's batch axes, so the compiled step has each device work on its
own rows only: no matrix product in the optimized program has as many rows
as the whole batch (tokens).
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
