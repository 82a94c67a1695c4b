"""keras-hub families sharded by `AutoLayoutMap`, with no hand-written rule.

For every keras-hub backbone (and its `CausalLM` where one exists) that
builds tiny from a config, on the 8 CPU devices
(`--xla_force_host_platform_device_count=8`, set before JAX is imported):

- one device, then `ModelParallel(layout_map=AutoLayoutMap(mesh))` on a
  (2, 4) ("batch", "model") and a (4, 2) ("model", "batch") mesh, each
  starting from the one-device model's initial weights (`set_weights`);
- the per-step losses of a few Adam steps of `fit()` on random tokens,
  images or audio features (`keras_hub_tiny.model_inputs`), compared
  to one device's (rtol `LOSS_RTOL`); a `CausalLM` trains on next-token
  targets, a bare backbone on zero targets for its outputs (mean squared
  error); the families of `FLOAT64_FAMILIES` train in float64 on both
  sides;
- for a `CausalLM`, greedy `generate()` tokens (`preprocessor=None`, token
  ids in) compared to one device's;
- the balance: the weight bytes the fullest device holds over an even
  split of all weight bytes (`keras.distribution.memory_forecast`), the
  worst of the two meshes;
- where the backbone has `get_layout_map`, the same balance under
  keras-hub's own map (batch on the mesh axis named "batch"), or the error
  it raises.

Constructor arguments come from `keras_hub_tiny.tiny_arguments` (the
backbone's signature filled by name, with per-family overrides, and
tiny sub-models for the image or text encoders a family wraps). A
family that does not build or whose inputs it cannot fill is listed
with the reason.

Usage, from the repository root (so that its `keras` is imported):
`PYTHONPATH=. python benchmarks/keras_hub_sharding.py [--families Gemma]`.
It prints a markdown table and writes it to
`benchmarks/results/keras_hub_sharding.md`. `--balance-only` builds the
models and fills only the balance columns (seconds a family, no
training).
"""

import os

XLA_FLAGS_BEFORE = os.environ.get("XLA_FLAGS", "")
os.environ["XLA_FLAGS"] = (
    os.environ.get("XLA_FLAGS", "")
    + " --xla_force_host_platform_device_count=8"
)
os.environ.setdefault("JAX_PLATFORMS", "cpu")
os.environ["KERAS_BACKEND"] = "jax"

import argparse  # noqa: E402
import json  # noqa: E402
import time  # noqa: E402

import keras_hub  # noqa: E402
import keras_hub_tiny  # noqa: E402
import numpy as np  # noqa: E402

import keras  # noqa: E402
from keras import distribution  # noqa: E402

BATCH_SIZE = 8
STEPS = 3
PROMPT_LENGTH = 3
LOSS_RTOL = 1e-4
# StableDiffusion3 compiles for about 6 CPU minutes (16 on shared cores).
FAMILY_TIMEOUT = 1800
# Seconds for the families that cannot be made small: BASNet's decoder
# has 512 filters (fixed by keras-hub) over images of at least 32 x 32.
FAMILY_TIMEOUTS = {"BASNet": 3600}
# Families whose losses are compared in float64 (both sides; the family
# cell says so). In float32 BASNet's gradients are not reproducible to more than
# a few percent: on one device they differ from its float64 gradients by
# 2 % (median over weights; 7 % at worst), as much as the sharded ones
# differ from one device's, so float32 losses cannot tell a sharding bug
# from rounding. In float64 the sharded gradients equal one device's to
# 1e-11.
FLOAT64_FAMILIES = {"BASNet"}
BALANCE_LIMIT = 1.15
MESHES = {
    "2x4": ((2, 4), ("batch", "model")),
    "4x2": ((4, 2), ("model", "batch")),
}
RESULTS = os.path.join(
    os.path.dirname(os.path.abspath(__file__)),
    "results",
    "keras_hub_sharding.md",
)


def tiny_arguments(name):
    """Tiny constructor arguments of the backbone class called `name`."""
    return keras_hub_tiny.tiny_arguments(getattr(keras_hub.models, name))


def causal_lm_class(name):
    """The `CausalLM` of the backbone called `name`, or `None`."""
    causal_name = name[: -len("Backbone")] + "CausalLM"
    return getattr(keras_hub.models, causal_name, None)


def make_model(name, arguments, causal):
    backbone = keras_hub_tiny.build(getattr(keras_hub.models, name), arguments)
    if causal:
        # By keyword: some families take the preprocessor first.
        family = name[: -len("Backbone")]
        arguments = {
            "preprocessor": None,
            **keras_hub_tiny.CAUSAL_LM_ARGUMENTS.get(family, {}),
        }
        model = causal_lm_class(name)(backbone=backbone, **arguments)
        # A stand-in preprocessor is only for building: token ids go in.
        model.preprocessor = None
        return model
    return backbone


def training_data(model, causal):
    rng = np.random.default_rng(0)
    backbone = model.backbone if causal else model
    x = keras_hub_tiny.model_inputs(
        backbone, rng, BATCH_SIZE * STEPS, images=True
    )
    if causal:
        token_ids = x["token_ids"]
        y = np.concatenate([token_ids[:, 1:], token_ids[:, :1]], axis=1)
        # Weights of 1 for every target, as keras-hub's preprocessors give
        # (some families' losses require them).
        return x, y, np.ones(y.shape, "float32")
    # One sample gives the shapes of the targets.
    outputs = backbone(keras.tree.map_structure(lambda v: v[:1], x))
    zeros = keras.tree.map_structure(
        lambda o: np.zeros((BATCH_SIZE * STEPS,) + tuple(o.shape[1:]), "f4"),
        outputs,
    )
    return x, zeros, None


def prompts(backbone):
    """Greedy-generation inputs: a few prompt tokens, and random floats for
    the backbone's float inputs (the images of a vision-language model)."""
    rng = np.random.default_rng(1)
    token_ids = np.zeros((BATCH_SIZE, keras_hub_tiny.SEQUENCE_LENGTH), "int32")
    token_ids[:, :PROMPT_LENGTH] = rng.integers(
        1, keras_hub_tiny.VOCABULARY_SIZE, (BATCH_SIZE, PROMPT_LENGTH)
    )
    padding_mask = np.zeros((BATCH_SIZE, keras_hub_tiny.SEQUENCE_LENGTH), bool)
    padding_mask[:, :PROMPT_LENGTH] = True
    x = {"token_ids": token_ids, "padding_mask": padding_mask}
    if isinstance(backbone.input, dict):
        for name, tensor in backbone.input.items():
            if keras_hub_tiny.is_float(tensor):
                x[name] = keras_hub_tiny.random_floats(tensor, rng, BATCH_SIZE)
    return x


def generate_and_fit(model, causal):
    """Greedy tokens (a `CausalLM` only, else `None`), then `fit()` losses."""
    if causal:
        model.compile(
            optimizer=keras.optimizers.Adam(1e-2),
            loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
            sampler=keras_hub.samplers.GreedySampler(),
        )
        try:
            tokens = np.asarray(
                model.generate(prompts(model.backbone), stop_token_ids=None)[
                    "token_ids"
                ]
            )
        except Exception as error:  # reported, the losses still compared
            tokens = f"{type(error).__name__}: {str(error)[:80]}"
    else:
        model.compile(optimizer=keras.optimizers.Adam(1e-2), loss="mse")
        tokens = None
    losses = []
    record = keras.callbacks.LambdaCallback(
        on_train_batch_end=lambda batch, logs: losses.append(logs["loss"])
    )
    x, y, sample_weight = training_data(model, causal)
    model.fit(
        x,
        y,
        sample_weight=sample_weight,
        batch_size=BATCH_SIZE,
        shuffle=False,
        verbose=0,
        callbacks=[record],
    )
    return tokens, np.asarray(losses, "float64")


def mesh_of(name):
    shape, axis_names = MESHES[name]
    return distribution.DeviceMesh(
        shape, axis_names, distribution.list_devices()
    )


def hub_map_balance(name, arguments, causal):
    """The worst balance over the meshes under keras-hub's own layout map,
    or the error it raises."""
    worst = 0.0
    for mesh_name in MESHES:
        try:
            backbone_class = getattr(keras_hub.models, name)
            layout_map = backbone_class.get_layout_map(mesh_of(mesh_name))
            layout = distribution.ModelParallel(
                layout_map=layout_map, batch_dim_name="batch"
            )
            with layout.scope():
                model = make_model(name, arguments, causal)
                worst = max(worst, distribution.memory_forecast(model).balance)
        except Exception as error:
            return (
                f"raises on {mesh_name}: {type(error).__name__}: "
                f"{str(error)[:110]}"
            )
    return f"{worst:.3f}"


def run_family(name, balance_only=False):
    """One row of the table, as a dict of column to text; with
    `balance_only`, only the balances (no training nor generation)."""
    family = name[: -len("Backbone")]
    backbone_class = getattr(keras_hub.models, name)
    causal = causal_lm_class(name) is not None
    row = {"family": family + (" (CausalLM)" if causal else " (backbone)")}
    if family in FLOAT64_FAMILIES:
        keras.config.set_floatx("float64")
        row["family"] += ", float64"
    try:
        arguments = tiny_arguments(name)
        keras.utils.set_random_seed(0)
        model = make_model(name, arguments, causal)
        weights = model.get_weights()
        if not balance_only:
            expected_tokens, expected_losses = generate_and_fit(model, causal)
    except Exception as error:
        row["builds"] = f"no: {type(error).__name__}: {str(error)[:90]}"
        return row
    row["builds"] = "yes"
    balances = []
    for mesh_name in MESHES:
        layout = distribution.ModelParallel(
            layout_map=distribution.AutoLayoutMap(mesh_of(mesh_name))
        )
        if balance_only:
            with layout.scope():
                sharded = make_model(name, arguments, causal)
                balances.append(distribution.memory_forecast(sharded).balance)
            continue
        try:
            # The seed of one device's model: layers that draw random
            # numbers in training (a dropout rate a family fixes, which
            # the tiny arguments cannot set to 0) then draw the same ones.
            keras.utils.set_random_seed(0)
            with layout.scope():
                sharded = make_model(name, arguments, causal)
                sharded.set_weights(weights)
                balances.append(distribution.memory_forecast(sharded).balance)
                tokens, losses = generate_and_fit(sharded, causal)
        except Exception as error:
            row[f"losses {mesh_name}"] = (
                f"raises {type(error).__name__}: {str(error)[:80]}"
            )
            continue
        equal = losses.shape == expected_losses.shape and np.allclose(
            losses, expected_losses, rtol=LOSS_RTOL, atol=1e-6
        )
        gap = np.max(np.abs(losses - expected_losses) / np.abs(expected_losses))
        row[f"losses {mesh_name}"] = f"{'yes' if equal else 'NO'} ({gap:.1e})"
        if causal:
            if isinstance(expected_tokens, str):
                same = f"one device: {expected_tokens}"
            elif isinstance(tokens, str):
                same = tokens
            else:
                same = (
                    "yes" if np.array_equal(tokens, expected_tokens) else "NO"
                )
            row["generate"] = (
                same
                if row.get("generate", same) == same
                else f"{row['generate']} / {same}"
            )
    if balances:
        row["balance auto"] = f"{max(balances):.3f}"
    if hasattr(backbone_class, "get_layout_map"):
        row["balance keras-hub map"] = hub_map_balance(name, arguments, causal)
    return row


COLUMNS = [
    "family",
    "builds",
    "losses 2x4",
    "losses 4x2",
    "generate",
    "balance auto",
    "balance keras-hub map",
]


def markdown(rows):
    lines = [
        "| " + " | ".join(COLUMNS) + " |",
        "|" + "---|" * len(COLUMNS),
    ]
    for row in rows:
        cells = [row.get(c, "-").replace("|", "/") for c in COLUMNS]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def row_in_subprocess(name, balance_only=False):
    """`run_family(name)` in a fresh process (without the 8 devices of
    this one, which that process adds itself)."""
    family = name[: -len("Backbone")]
    env = dict(os.environ, XLA_FLAGS=XLA_FLAGS_BEFORE)
    if family in FLOAT64_FAMILIES:
        env["JAX_ENABLE_X64"] = "1"
    timeout = FAMILY_TIMEOUTS.get(family, FAMILY_TIMEOUT)
    row = keras_hub_tiny.row_in_subprocess(
        __file__,
        name,
        timeout,
        env,
        ("--balance-only",) if balance_only else (),
    )
    if "error" in row:
        row["builds"] = row.pop("error")
    return row


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--families", nargs="*", help="e.g. Gemma Llama")
    parser.add_argument("--row", help="internal: one backbone, in-process")
    parser.add_argument("--output", default=RESULTS)
    parser.add_argument(
        "--balance-only",
        action="store_true",
        help="build and forecast only: the balance columns, no training",
    )
    args = parser.parse_args()
    if args.row:
        row = run_family(args.row, args.balance_only)
        print(keras_hub_tiny.ROW_PREFIX + json.dumps(row), flush=True)
        return
    rows = []
    for name in keras_hub_tiny.family_names(keras_hub.models, args.families):
        start = time.time()
        row = row_in_subprocess(name, args.balance_only)
        rows.append(row)
        print(f"{name}: {row} ({time.time() - start:.0f} s)", flush=True)
    keras_hub_tiny.publish(markdown(rows), args.output)


if __name__ == "__main__":
    main()
