"""Tiny keras-hub backbones, built from a config with nothing downloaded.

Shared by the benchmarks that go over every keras-hub family
(`keras_hub_sharding.py`, `keras_hub_quantize.py`). A backbone's
constructor arguments come from `inspect.signature`, filled by name from
`TINY` and replaced or completed per family from `OVERRIDES`; arguments
named like dropout are set to 0. `row_in_subprocess` runs one family of
such a benchmark in a fresh process, so that a compiler crash (a failed
check aborts the process) becomes the text of that family's row.

This module imports no Keras: each benchmark chooses which Keras it runs
(the repository's, or another one on `PYTHONPATH`) and sets its
environment before importing `keras_hub`.
"""

import inspect
import json
import os
import subprocess
import sys

import numpy as np

VOCABULARY_SIZE = 64
SEQUENCE_LENGTH = 8
IMAGE_SIZE = 16
ROW_PREFIX = "ROW "

# Constructor arguments by name: a tiny model, heads and widths divisible
# by both axes of a (2, 4) mesh where a family lets them be.
TINY = {
    "vocabulary_size": VOCABULARY_SIZE,
    "vocab_size": VOCABULARY_SIZE,
    "num_layers": 1,
    "num_heads": 4,
    "num_query_heads": 4,
    "num_attention_heads": 4,
    "num_key_value_heads": 2,
    "hidden_dim": 16,
    "hidden_size": 16,
    "head_size": 4,
    "attention_bias": False,
    "embedding_dim": 16,
    "intermediate_dim": 32,
    "head_dim": 8,
    "key_value_dim": 4,
    "max_sequence_length": 32,
    "num_segments": 2,
    "num_groups": 1,
    "num_inner_repetitions": 1,
    "num_experts": 4,
    "top_k": 2,
    "num_experts_per_tok": 2,
    "moe_intermediate_dim": 16,
    "shared_expert_intermediate_dim": 16,
    "shared_expert_intermediate_size": 16,
    "moe_intermediate_size": 16,
    "num_shared_experts": 1,
    "layer_norm_epsilon": 1e-6,
    # Vision: 16 x 16 RGB images cut into 4 x 4 patches.
    "image_shape": (IMAGE_SIZE, IMAGE_SIZE, 3),
    "image_size": IMAGE_SIZE,
    "patch_size": 4,
    "mlp_dim": 32,
}
# Per family (backbone name without "Backbone"): arguments replacing or
# adding to those filled from `TINY`.
OVERRIDES = {
    # A quarter of each head is rotated: heads of 8 give an even 2.
    "GPTNeoX": {"hidden_dim": 32},
    "Phi3": {"num_key_value_heads": 4},
    # Their default images are hundreds of pixels wide.
    "DINOV2": {
        "image_shape": (IMAGE_SIZE, IMAGE_SIZE, 3),
        "position_embedding_shape": (IMAGE_SIZE, IMAGE_SIZE, 3),
    },
    "DINOV3": {"image_shape": (IMAGE_SIZE, IMAGE_SIZE, 3)},
    "ViTDet": {
        "image_shape": (IMAGE_SIZE, IMAGE_SIZE, 3),
        "global_attention_layer_indices": [0],
        "window_size": 2,
        "num_output_channels": 8,
    },
    # Per-stage lists where other families take one number.
    "SwinTransformer": {
        "embed_dim": 8,
        "depths": [1],
        "num_heads": [2],
        "window_size": 2,
        "drop_path": 0.0,
    },
    "MiT": {
        "layerwise_depths": [1],
        "layerwise_num_heads": [1],
        "layerwise_sr_ratios": [1],
        "max_drop_path_rate": 0.0,
        "layerwise_patch_sizes": [3],
        "layerwise_strides": [2],
        "hidden_dims": [8],
        "image_shape": (IMAGE_SIZE, IMAGE_SIZE, 3),
    },
    "PaliGemma": {
        "vit_patch_size": 4,
        "vit_num_heads": 2,
        "vit_hidden_dim": 8,
        "vit_num_layers": 1,
    },
    "VGG": {"stackwise_num_repeats": [1], "stackwise_num_filters": [8]},
}


def family_names(models, chosen=None):
    """Backbone class names of the module `models` (`keras_hub.models`),
    one per family, sorted; only those of the families in `chosen` (names
    without "Backbone") when it is given."""
    names = sorted(
        n for n in dir(models) if n.endswith("Backbone") and n != "Backbone"
    )
    if chosen:
        names = [n for n in names if n[: -len("Backbone")] in chosen]
    return names


def tiny_arguments(backbone_class):
    """Constructor arguments for a tiny model of `backbone_class`, or
    raises `TypeError` naming a required argument `TINY` does not know."""
    family = backbone_class.__name__[: -len("Backbone")]
    overrides = OVERRIDES.get(family, {})
    arguments = {}
    for name, parameter in inspect.signature(
        backbone_class.__init__
    ).parameters.items():
        if name == "self" or parameter.kind in (
            parameter.VAR_KEYWORD,
            parameter.VAR_POSITIONAL,
        ):
            continue
        if name in overrides:
            arguments[name] = overrides[name]
        elif "dropout" in name:
            arguments[name] = 0.0
        elif parameter.default is inspect.Parameter.empty:
            if name not in TINY:
                raise TypeError(f"no tiny value for required {name!r}")
            arguments[name] = TINY[name]
    arguments.update(overrides)
    return arguments


def model_inputs(backbone, rng, count, images=False):
    """Random inputs for `backbone`: token ids, masks and segment ids of
    `SEQUENCE_LENGTH` by input name and, with `images=True`, float images
    for its inputs of rank 4 (a backbone whose one input is an image gets
    an array, not a dict). Raises `TypeError` for an input it cannot
    fill."""
    inputs = backbone.input
    if images and not isinstance(inputs, dict) and len(inputs.shape) == 4:
        return random_images(inputs, rng, count)
    if not isinstance(inputs, dict):
        raise TypeError(f"inputs are {type(inputs).__name__}, not a dict")
    x = {}
    for name, tensor in inputs.items():
        shape = (count, SEQUENCE_LENGTH)
        if images and len(tensor.shape) == 4:
            x[name] = random_images(tensor, rng, count)
        elif tuple(tensor.shape)[1:] not in ((None,), (SEQUENCE_LENGTH,)):
            raise TypeError(f"input {name!r} has shape {tensor.shape}")
        elif "mask" in name:
            x[name] = np.ones(shape, "int32")
        elif "segment" in name:
            x[name] = np.zeros(shape, "int32")
        elif "token" in name or "ids" in name:
            x[name] = rng.integers(1, VOCABULARY_SIZE, shape).astype("int32")
        else:
            raise TypeError(f"input {name!r} is not tokens or a mask")
    return x


def random_images(tensor, rng, count):
    """`count` uniform float images of the shape of the symbolic `tensor`,
    `IMAGE_SIZE` where a dimension is unknown."""
    shape = [IMAGE_SIZE if d is None else d for d in tensor.shape[1:]]
    return rng.uniform(size=(count, *shape)).astype("float32")


def row_in_subprocess(script, name, timeout, env=None, arguments=()):
    """The row a benchmark `script` prints (as `ROW_PREFIX` then JSON) when
    run as `script --row name *arguments` in a fresh process, or, when the
    process prints none, a row whose "family" is the family and whose
    "error" is the last error line it wrote."""
    done = subprocess.run(
        [sys.executable, os.path.abspath(script), "--row", name, *arguments],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
    )
    for line in reversed(done.stdout.splitlines()):
        if line.startswith(ROW_PREFIX):
            return json.loads(line[len(ROW_PREFIX) :])
    errors = [
        line
        for line in done.stderr.splitlines()
        if "Check failed" in line or "Error" in line
    ]
    last = (errors or done.stderr.splitlines() or ["no output"])[-1]
    return {
        "family": name[: -len("Backbone")],
        "error": f"process ends ({done.returncode}): {last[-120:]}",
    }


def publish(table, path):
    """Prints a benchmark's markdown `table` and writes it to `path`."""
    print(table)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(table + "\n")
