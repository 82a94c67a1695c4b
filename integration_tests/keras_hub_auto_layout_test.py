"""keras-hub models sharded by `AutoLayoutMap`, with no hand-written rule.

Representative families, built tiny from a config (`preprocessor=None`,
token ids in, nothing downloaded):

- `LlamaCausalLM` with 2 key/value heads on a (2, 4) ("batch", "model")
  mesh: the same greedy `generate()` tokens and `fit()` losses as one
  device, the model axis moved off the 2 key/value heads.
- keras-hub's own `GemmaBackbone.get_layout_map` cannot lay out a Gemma
  with 2 key/value heads on that mesh (an indivisibility error), where
  `AutoLayoutMap` builds it balanced.
- `BertBackbone` (an encoder, no layout map of its own) on a (4, 2)
  ("model", "batch") mesh: the same `fit()` losses as one device, trained
  on zero targets for its outputs.
- `FNetBackbone` (Fourier token mixing) on the (2, 4) mesh: trains, with
  one device's losses.
- Gemma, Llama, Mixtral (experts) and Bert on both meshes: every weight's
  layout divides its shape and the fullest device holds at most
  `BALANCE_LIMIT` times an even split of the weights.

`benchmarks/keras_hub_sharding.py` runs every family; this test keeps a
few, quickly. It skips where keras-hub is not importable.
"""

import importlib.util

import numpy as np
import pytest

import keras
from keras import distribution
from keras.src.testing import parity

if importlib.util.find_spec("keras_hub") is None:
    # Only a missing keras-hub skips: one that fails to import (a Keras
    # internal it uses is missing) is an error of this repository.
    pytest.skip(
        "keras-hub is not installed: `shell/test.sh` installs it from "
        "../shared/keras-hub/keras-hub-src.tar.gz when that file exists",
        allow_module_level=True,
    )
import keras_hub  # noqa: E402

pytestmark = pytest.mark.multi_device

VOCABULARY_SIZE = 64
SEQUENCE_LENGTH = 8
BATCH_SIZE = 8
STEPS = 2
PROMPT_LENGTH = 3
BALANCE_LIMIT = 1.15
MESHES = {
    "2x4_batch_model": ((2, 4), ("batch", "model")),
    "4x2_model_batch": ((4, 2), ("model", "batch")),
}
DECODER = dict(
    vocabulary_size=VOCABULARY_SIZE,
    num_layers=1,
    num_query_heads=4,
    num_key_value_heads=2,
    hidden_dim=16,
    intermediate_dim=32,
)


def llama_causal_lm():
    backbone = keras_hub.models.LlamaBackbone(**DECODER)
    return keras_hub.models.LlamaCausalLM(backbone, preprocessor=None)


def gemma_backbone():
    return keras_hub.models.GemmaBackbone(head_dim=8, **DECODER)


def mixtral_backbone():
    return keras_hub.models.MixtralBackbone(num_experts=4, top_k=2, **DECODER)


def bert_backbone():
    return keras_hub.models.BertBackbone(
        vocabulary_size=VOCABULARY_SIZE,
        num_layers=1,
        num_heads=4,
        hidden_dim=16,
        intermediate_dim=32,
        max_sequence_length=32,
        dropout=0.0,
    )


def auto_distribution(mesh_name):
    shape, axis_names = MESHES[mesh_name]
    mesh = distribution.DeviceMesh(
        shape, axis_names, distribution.list_devices()
    )
    return distribution.ModelParallel(
        layout_map=distribution.AutoLayoutMap(mesh)
    )


def token_inputs(count, seed=0):
    rng = np.random.default_rng(seed)
    return {
        "token_ids": rng.integers(
            1, VOCABULARY_SIZE, (count, SEQUENCE_LENGTH)
        ).astype("int32"),
        "padding_mask": np.ones((count, SEQUENCE_LENGTH), "int32"),
    }


def prompts():
    """Token ids whose first `PROMPT_LENGTH` positions are the prompt."""
    x = token_inputs(BATCH_SIZE, seed=1)
    x["token_ids"][:, PROMPT_LENGTH:] = 0
    x["padding_mask"][:, PROMPT_LENGTH:] = 0
    return x


def fit_losses(model, x, y, loss):
    """The per-step losses of `STEPS` Adam steps of `fit()`."""
    model.compile(optimizer=keras.optimizers.Adam(1e-2), loss=loss)
    losses = []
    record = keras.callbacks.LambdaCallback(
        on_train_batch_end=lambda batch, logs: losses.append(logs["loss"])
    )
    model.fit(
        x,
        y,
        batch_size=BATCH_SIZE,
        shuffle=False,
        verbose=0,
        callbacks=[record],
    )
    return np.asarray(losses)


def causal_lm_run(model):
    """Greedy tokens of `model` as it is, then its `fit()` losses."""
    model.compile(sampler=keras_hub.samplers.GreedySampler())
    token_ids = model.generate(prompts(), stop_token_ids=None)["token_ids"]
    x = token_inputs(BATCH_SIZE * STEPS)
    y = np.roll(x["token_ids"], -1, axis=1)
    losses = fit_losses(
        model,
        x,
        y,
        keras.losses.SparseCategoricalCrossentropy(from_logits=True),
    )
    return np.asarray(token_ids), losses


def backbone_run(model):
    """`fit()` losses of a backbone trained towards zero outputs."""
    x = token_inputs(BATCH_SIZE * STEPS)
    x["segment_ids"] = np.zeros_like(x["token_ids"])
    x = {name: x[name] for name in model.input}
    outputs = model({k: v[:1] for k, v in x.items()})
    y = keras.tree.map_structure(
        lambda o: np.zeros((len(x["token_ids"]),) + o.shape[1:], "float32"),
        outputs,
    )
    return fit_losses(model, x, y, "mse")


@pytest.mark.parity
def test_llama_causal_lm_matches_one_device():
    keras.utils.set_random_seed(0)
    model = llama_causal_lm()
    weights = model.get_weights()
    expected_tokens, expected_losses = causal_lm_run(model)
    np.testing.assert_array_equal(
        expected_tokens[:, :PROMPT_LENGTH],
        prompts()["token_ids"][:, :PROMPT_LENGTH],
    )
    with auto_distribution("2x4_batch_model").scope():
        sharded = llama_causal_lm()
        sharded.set_weights(weights)
        token_ids, losses = causal_lm_run(sharded)
    np.testing.assert_array_equal(token_ids, expected_tokens)
    assert losses.shape == (STEPS,)
    parity.assert_outputs_close(losses, expected_losses)


def fnet_backbone():
    """FNet mixes tokens with a 2-D Fourier transform over the sequence and
    the hidden axis, which the layout splits 8 ways on the (2, 4) mesh:
    XLA's partitioner aborted the process there, and the CPU runtime
    refused the transform's input layout in the gradient, until the
    transforms gathered their axes before and after."""
    return keras_hub.models.FNetBackbone(
        vocabulary_size=VOCABULARY_SIZE,
        num_layers=1,
        hidden_dim=16,
        intermediate_dim=32,
        dropout=0.0,
    )


@pytest.mark.parity
@pytest.mark.parametrize(
    "make_model, mesh_name",
    [(bert_backbone, "4x2_model_batch"), (fnet_backbone, "2x4_batch_model")],
    ids=["bert", "fnet"],
)
def test_backbone_matches_one_device(make_model, mesh_name):
    keras.utils.set_random_seed(0)
    model = make_model()
    weights = model.get_weights()
    expected = backbone_run(model)
    with auto_distribution(mesh_name).scope():
        sharded = make_model()
        sharded.set_weights(weights)
        losses = backbone_run(sharded)
    assert losses.shape == (STEPS,)
    assert np.all(expected > 0)
    parity.assert_outputs_close(losses, expected)


@pytest.mark.parametrize("mesh_name", list(MESHES))
@pytest.mark.parametrize(
    "make_model",
    [llama_causal_lm, gemma_backbone, mixtral_backbone, bert_backbone],
    ids=["llama", "gemma", "mixtral", "bert"],
)
def test_weights_divisible_and_balanced(make_model, mesh_name):
    with auto_distribution(mesh_name).scope():
        model = make_model()
        forecast = distribution.memory_forecast(model)
    for v in model.weights:
        counts = v._layout.shard_counts()
        assert all(size % n == 0 for size, n in zip(v.shape, counts)), v.path
    assert forecast.device_count == 8
    assert forecast.balance <= BALANCE_LIMIT


def test_keras_hub_map_fails_where_auto_layout_builds():
    shape, axis_names = MESHES["2x4_batch_model"]
    mesh = distribution.DeviceMesh(
        shape, axis_names, distribution.list_devices()
    )
    layout = distribution.ModelParallel(
        layout_map=keras_hub.models.GemmaBackbone.get_layout_map(mesh),
        batch_dim_name="batch",
    )
    with pytest.raises(ValueError, match="not divisible"):
        with layout.scope():
            gemma_backbone()
