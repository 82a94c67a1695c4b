"""keras-hub's Gemma and Llama causal LMs trained and sampled on meshes.

keras-hub is the largest client of Keras. Its backbones publish their own
layout maps (`GemmaBackbone.get_layout_map(mesh)`,
`LlamaBackbone.get_layout_map(mesh)`); a user passes them to
`ModelParallel` unchanged. For a tiny `GemmaCausalLM` and `LlamaCausalLM`
(one decoder block, width 16, vocabulary 64, sequence 8, built from a
config with `preprocessor=None`, so token ids go in and nothing is
downloaded), each layout:

- `DataParallel` over the 8 devices;
- `ModelParallel` with the backbone's layout map on a `(2, 4)` mesh
  `("batch", "model")` and on a `(4, 2)` mesh `("model", "batch")`, the
  batch on the axis named `"batch"` wherever it sits;

starts from the weights of the run on one device and must give:

- every weight the layout its layout map asks for, before and after
  training;
- the same greedy `generate()` tokens as one device (before training, so
  that the logits differ by forward round-off only; the baseline checks
  that each greedy choice wins by a margin above that round-off);
- the same per-step losses of a few Adam steps of `fit()`, to float32
  round-off (`keras.src.testing.parity`; Adam's weights are not compared,
  see there).

The runs on one device are made once per module (`baselines`). The test
skips where keras-hub is not importable; `shell/test.sh` installs it from
`../shared/keras-hub` when that folder is present.
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
STEPS = 3
LEARNING_RATE = 1e-2
PROMPT_LENGTH = 3
# Each logit computed on a mesh may differ from one device's by
# `OUTPUT_RTOL` of the largest logit (`keras.src.testing.parity`), so a
# greedy choice can only flip if it leads the runner-up by less than twice
# that; the baselines check that every choice leads by more.
DECISIVE_MARGIN = 2 * parity.OUTPUT_RTOL


def gemma_causal_lm():
    backbone = keras_hub.models.GemmaBackbone(
        vocabulary_size=VOCABULARY_SIZE,
        num_layers=1,
        num_query_heads=4,
        num_key_value_heads=4,
        hidden_dim=16,
        intermediate_dim=32,
        head_dim=8,
    )
    return keras_hub.models.GemmaCausalLM(backbone, preprocessor=None)


def llama_causal_lm():
    backbone = keras_hub.models.LlamaBackbone(
        vocabulary_size=VOCABULARY_SIZE,
        num_layers=1,
        num_query_heads=4,
        num_key_value_heads=2,
        hidden_dim=16,
        intermediate_dim=32,
    )
    return keras_hub.models.LlamaCausalLM(backbone, preprocessor=None)


MODELS = {
    "gemma": (gemma_causal_lm, keras_hub.models.GemmaBackbone),
    "llama": (llama_causal_lm, keras_hub.models.LlamaBackbone),
}
# Layout name -> (mesh shape, mesh axis names); `None` for `DataParallel`.
MESHES = {
    "data_parallel": None,
    "2x4_batch_model": ((2, 4), ("batch", "model")),
    "4x2_model_batch": ((4, 2), ("model", "batch")),
}


def make_distribution(model_name, layout_name):
    """Returns the distribution of a layout, and its layout map (or `None`)."""
    devices = distribution.list_devices()
    if MESHES[layout_name] is None:
        return distribution.DataParallel(devices=devices), None
    shape, axis_names = MESHES[layout_name]
    mesh = distribution.DeviceMesh(shape, axis_names, devices)
    layout_map = MODELS[model_name][1].get_layout_map(mesh)
    return (
        distribution.ModelParallel(
            layout_map=layout_map, batch_dim_name="batch"
        ),
        layout_map,
    )


def training_data():
    rng = np.random.default_rng(0)
    tokens = rng.integers(
        1, VOCABULARY_SIZE, size=(BATCH_SIZE * STEPS, SEQUENCE_LENGTH + 1)
    ).astype("int32")
    x = {
        "token_ids": tokens[:, :-1],
        "padding_mask": np.ones((len(tokens), SEQUENCE_LENGTH), "int32"),
    }
    return x, tokens[:, 1:]


def prompts():
    """Token ids whose first `PROMPT_LENGTH` positions are the prompt."""
    rng = np.random.default_rng(1)
    token_ids = np.zeros((BATCH_SIZE, SEQUENCE_LENGTH), "int32")
    token_ids[:, :PROMPT_LENGTH] = rng.integers(
        1, VOCABULARY_SIZE, size=(BATCH_SIZE, PROMPT_LENGTH)
    )
    padding_mask = np.zeros((BATCH_SIZE, SEQUENCE_LENGTH), bool)
    padding_mask[:, :PROMPT_LENGTH] = True
    return {"token_ids": token_ids, "padding_mask": padding_mask}


def generate_then_fit(model):
    """Greedy tokens of `model` as it is, then the losses of `fit()`.

    Returns:
        `(token_ids, losses)`: the generated token ids, `(BATCH_SIZE,
        SEQUENCE_LENGTH)`, and the mean loss after each of the `STEPS`
        training steps (`fit()`'s running mean over the epoch).
    """
    model.compile(
        optimizer=keras.optimizers.Adam(LEARNING_RATE),
        loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        sampler=keras_hub.samplers.GreedySampler(),
    )
    token_ids = model.generate(prompts(), stop_token_ids=None)["token_ids"]
    losses = []
    record = keras.callbacks.LambdaCallback(
        on_train_batch_end=lambda batch, logs: losses.append(logs["loss"])
    )
    x, y = training_data()
    model.fit(
        x,
        y,
        batch_size=BATCH_SIZE,
        shuffle=False,
        verbose=0,
        callbacks=[record],
    )
    return np.asarray(token_ids), np.asarray(losses)


def next_token_logits(model, token_ids):
    """The logits that chose each generated token, from one forward pass.

    Returns:
        `(BATCH_SIZE, SEQUENCE_LENGTH - PROMPT_LENGTH, VOCABULARY_SIZE)`
        logits: those at position `i` predict the token at `i + 1`.
    """
    logits = model(
        {
            "token_ids": token_ids,
            "padding_mask": np.ones_like(token_ids, bool),
        }
    )
    return np.asarray(logits)[:, PROMPT_LENGTH - 1 : -1]


@pytest.fixture(scope="module")
def baselines():
    """Per model: initial weights, generated tokens and losses, one device."""
    results = {}
    for model_name, (make_model, _) in MODELS.items():
        keras.utils.set_random_seed(0)
        model = make_model()
        initial_weights = model.get_weights()
        token_ids, losses = generate_then_fit(model)
        model.set_weights(initial_weights)
        # The prompt is kept, and each generated token is the best one.
        np.testing.assert_array_equal(
            token_ids[:, :PROMPT_LENGTH],
            prompts()["token_ids"][:, :PROMPT_LENGTH],
        )
        logits = next_token_logits(model, token_ids)
        np.testing.assert_array_equal(
            np.argmax(logits, axis=-1), token_ids[:, PROMPT_LENGTH:]
        )
        top_two = np.sort(logits, axis=-1)[..., -2:]
        margin = np.min(top_two[..., 1] - top_two[..., 0])
        assert margin > DECISIVE_MARGIN * np.max(np.abs(logits)), (
            f"{model_name}: a greedy choice leads by only {margin:.2e}, "
            "so round-off could change it; pick other seeds"
        )
        results[model_name] = (initial_weights, token_ids, losses)
    return results


def assert_layouts(model, layout_map, when):
    """Asserts that every weight has the layout its layout map asks for."""
    if layout_map is None:
        # `DataParallel` replicates every weight.
        for variable in model.weights:
            assert variable.value.sharding.is_fully_replicated, (
                f"{when}: {variable.path} is not replicated"
            )
        return
    sharded = 0
    for variable in model.weights:
        layout = layout_map[variable.path]
        expected = (None,) * len(variable.shape)
        if layout is not None:
            expected = tuple(layout.axes)
            sharded += 1
        spec = tuple(variable.value.sharding.spec)
        spec += (None,) * (len(variable.shape) - len(spec))
        assert spec == expected, (
            f"{when}: {variable.path} is laid out as {spec}, its layout map "
            f"asks for {expected}"
        )
    # The embedding, the attention projections and the feed-forward
    # kernels of the decoder block.
    assert sharded >= 7


@pytest.mark.parity
@pytest.mark.parametrize("layout_name", list(MESHES))
@pytest.mark.parametrize("model_name", list(MODELS))
def test_mesh_matches_one_device(baselines, model_name, layout_name):
    initial_weights, expected_token_ids, expected_losses = baselines[model_name]
    layout, layout_map = make_distribution(model_name, layout_name)
    with layout.scope():
        model = MODELS[model_name][0]()
        model.set_weights(initial_weights)
        assert_layouts(model, layout_map, "before training")
        token_ids, losses = generate_then_fit(model)
        assert_layouts(model, layout_map, "after training")
    np.testing.assert_array_equal(
        token_ids,
        expected_token_ids,
        err_msg=f"{model_name} on {layout_name}: generate()",
    )
    assert losses.shape == (STEPS,)
    parity.assert_outputs_close(
        losses,
        expected_losses,
        err_msg=f"{model_name} on {layout_name}: losses",
    )
