"""GPTQ/AWQ-quantized models saved by one Keras and loaded by the other.

Run as `python calibrated_models.py save DIR` (writes, for each case of
`CASES`, `<case>.weights.h5`, `<case>.keras` and the reference outputs
`<case>.ref.npy`) or `python calibrated_models.py check DIR` (loads them:
the weights file into the model built with the quantized dtype policy,
the `.keras` file with `load_model`; writes `<case>.<how>.got.npy`, or
`<case>.<how>.error.txt` when loading fails). The same file runs under
upstream Keras 3.15.1 and under this Keras, so it uses public APIs only.

Upstream Keras 3.15.1 cannot quantize this model itself (its calibration
drops the batch axis of the 4D input of `merge`), and the weights files it
writes for GPTQ/AWQ layers leave out their zero points; `python
calibrated_models.py save-dense DIR` writes such a file
(`dense_<mode>.weights.h5`) for a model of two `Dense` layers, which it
can quantize.
"""

import os
import sys
import traceback

import numpy as np

os.environ.setdefault("KERAS_BACKEND", "jax")

import keras  # noqa: E402
from keras import layers  # noqa: E402

VOCABULARY, FEATURES, STEPS, SAMPLES = 40, 16, 8, 8

# case: (config class name, its settings)
CASES = {
    "gptq_4bit_grouped": ("GPTQConfig", {"weight_bits": 4, "group_size": 8}),
    "gptq_8bit_act_order": (
        "GPTQConfig",
        {"weight_bits": 8, "group_size": -1, "activation_order": True},
    ),
    "gptq_3bit_symmetric": (
        "GPTQConfig",
        {"weight_bits": 3, "group_size": 8, "symmetric": True},
    ),
    "awq_grouped": ("AWQConfig", {"group_size": 8, "num_grid_points": 4}),
    "awq_per_channel": (
        "AWQConfig",
        {"group_size": -1, "num_grid_points": 4},
    ),
}


def build(dtype=None):
    """An embedding, then two `Dense` and two attention-style
    `EinsumDense` (3D kernels) layers, each its own calibration block,
    with the dtype policy `dtype` (e.g. `"gptq/4/8_from_float32"`) if
    given. The quantized layers sit at the model's top level: upstream
    can only rebuild a loaded GPTQ/AWQ layer symbolically there (inside a
    custom layer's `call` it needs the float kernel it no longer has)."""
    keras.utils.set_random_seed(1)
    ids = keras.Input((STEPS,), dtype="int32")
    x = layers.Embedding(VOCABULARY, FEATURES, name="embedding")(ids)
    x = layers.Dense(2 * FEATURES, activation="relu", dtype=dtype, name="up")(x)
    x = layers.Dense(FEATURES, dtype=dtype, name="down")(x)
    x = layers.EinsumDense(
        "btd,dnh->btnh", (STEPS, 2, 8), bias_axes="h", dtype=dtype, name="heads"
    )(x)
    outputs = layers.EinsumDense(
        "btnh,nhd->btd", (STEPS, FEATURES), dtype=dtype, name="merge"
    )(x)
    return keras.Model(ids, outputs)


BLOCKS = ("up", "down", "heads", "merge")


def calibration_data():
    rng = np.random.default_rng(0)
    return [rng.integers(0, VOCABULARY, (1, STEPS)) for _ in range(SAMPLES)]


def config_of(case, model):
    class_name, settings = CASES[case]
    config_class = getattr(keras.quantizers, class_name)
    return config_class(
        dataset=calibration_data(),
        tokenizer=lambda x: x,
        num_samples=SAMPLES,
        sequence_length=STEPS,
        quantization_layer_structure={
            "pre_block_layers": [model.get_layer("embedding")],
            "sequential_blocks": [model.get_layer(n) for n in BLOCKS],
        },
        **settings,
    )


def quantize(model, case):
    model.quantize(config=config_of(case, model))


def quantized_dtype(case):
    """The dtype policy of the case's quantized layers."""
    policy = config_of(case, build()).dtype_policy_string()
    return f"{policy}_from_float32"


def inputs():
    rng = np.random.default_rng(1)
    return rng.integers(0, VOCABULARY, (4, STEPS)).astype("int32")


def _write_error(path):
    with open(path, "w") as f:
        f.write(traceback.format_exc())


def save(directory):
    for case in CASES:
        model = build()
        quantize(model, case)
        np.save(os.path.join(directory, f"{case}.ref.npy"), model(inputs()))
        for how, name in (("weights", "weights.h5"), ("model", "keras")):
            path = os.path.join(directory, f"{case}.{name}")
            if how == "weights":
                model.save_weights(path)
            else:
                model.save(path)


def save_dense(directory):
    """A two-`Dense` model quantized with each mode, its weights saved."""
    for case in ("gptq_4bit_grouped", "awq_grouped"):
        keras.utils.set_random_seed(1)
        ids = keras.Input((STEPS,), dtype="int32")
        x = layers.Embedding(VOCABULARY, FEATURES, name="embedding")(ids)
        x = layers.Dense(FEATURES, name="up")(x)
        model = keras.Model(ids, layers.Dense(FEATURES, name="down")(x))
        class_name, settings = CASES[case]
        config = getattr(keras.quantizers, class_name)(
            dataset=calibration_data(),
            tokenizer=lambda x: x,
            num_samples=SAMPLES,
            sequence_length=STEPS,
            quantization_layer_structure={
                "pre_block_layers": [model.get_layer("embedding")],
                "sequential_blocks": [
                    model.get_layer("up"),
                    model.get_layer("down"),
                ],
            },
            **settings,
        )
        model.quantize(config=config)
        mode = class_name[:-6].lower()
        model.save_weights(os.path.join(directory, f"dense_{mode}.weights.h5"))


def check(directory):
    for case in CASES:
        for how in ("weights", "model"):
            name = "weights.h5" if how == "weights" else "keras"
            path = os.path.join(directory, f"{case}.{name}")
            if not os.path.exists(path):
                continue
            try:
                if how == "weights":
                    # The layers are built from their quantized policy.
                    model = build(quantized_dtype(case))
                    model.load_weights(path)
                else:
                    model = keras.saving.load_model(path)
                got = model(inputs())
                np.save(os.path.join(directory, f"{case}.{how}.got.npy"), got)
            except Exception:
                _write_error(os.path.join(directory, f"{case}.{how}.error.txt"))


if __name__ == "__main__":
    commands = {"save": save, "check": check, "save-dense": save_dense}
    commands[sys.argv[1]](sys.argv[2])
