"""Ternary-quantized models saved by one Keras and loaded by the other.

Run as `python ternary_models.py save DIR` or `python ternary_models.py
check DIR`, under upstream Keras' main branch or under this Keras (public
APIs only). For each case of `CASES`, `save` writes the float weights
(`<case>.float.npz`), then quantizes the model to ternary and writes
`<case>.weights.h5`, `<case>.keras`, the quantized variables
(`<case>.quantized.npz`) and the outputs (`<case>.ref.npy`). `check`
loads both files (the weights into a model built and quantized the same
way) and writes the outputs `<case>.<how>.got.npy`; it also quantizes the
saved float weights itself and writes its variables
(`<case>.requantized.npz`), to compare with the saving side's. A failure
is written to `<case>.<how>.error.txt`. Both sides also write the
outputs of the float model (`<case>.float_ref.npy`,
`<case>.float_got.npy`), where `TernaryDense` computes with its ternary
view of the float kernel.
"""

import os
import sys
import traceback

import numpy as np

os.environ.setdefault("KERAS_BACKEND", "jax")

import keras  # noqa: E402
from keras import layers  # noqa: E402

VOCABULARY, FEATURES, STEPS = 32, 16, 6

# case: the float dtype policy of the layers
CASES = {"ternary": "float32", "ternary_mixed_bfloat16": "mixed_bfloat16"}


def build(policy):
    """A model whose `Dense` layers (input sizes 16 and 11: a full and a
    padded last byte) and `TernaryDense` layers (with the mean and with a
    fixed threshold) are quantized; the `Embedding` and `EinsumDense`
    are not (upstream quantizes neither in this mode)."""
    keras.utils.set_random_seed(1)
    ids = keras.Input((STEPS,), dtype="int32")
    x = layers.Embedding(VOCABULARY, FEATURES, name="embed", dtype=policy)(ids)
    x = layers.EinsumDense(
        "btd,dh->bth", (STEPS, FEATURES), name="proj", dtype=policy
    )(x)
    x = layers.Dense(13, activation="tanh", name="up", dtype=policy)(x)
    x = layers.TernaryDense(9, name="tern", dtype=policy)(x)
    x = layers.TernaryDense(
        11, threshold=0.05, activation="relu", name="tern_fixed", dtype=policy
    )(x)
    x = layers.Dense(VOCABULARY, name="logits", dtype=policy)(x)
    return keras.Model(ids, x)


def variables(model):
    return {
        v.path: np.asarray(keras.ops.convert_to_numpy(v.value)).astype(
            "float32"
        )
        if "bfloat16" in str(v.dtype)
        else np.asarray(keras.ops.convert_to_numpy(v.value))
        for v in model.weights
    }


def inputs():
    rng = np.random.default_rng(0)
    return rng.integers(0, VOCABULARY, (4, STEPS)).astype("int32")


def float_from(float_values, policy):
    model = build(policy)
    for v in model.weights:
        v.assign(float_values[v.path])
    return model


def quantized_from(float_values, policy):
    model = float_from(float_values, policy)
    model.quantize("ternary", verbose=False)
    return model


def float_outputs(model):
    return np.asarray(model.predict(inputs(), verbose=0), "float32")


def save(directory):
    for case, policy in CASES.items():
        model = build(policy)
        float_values = variables(model)
        np.savez(os.path.join(directory, f"{case}.float.npz"), **float_values)
        np.save(
            os.path.join(directory, f"{case}.float_ref.npy"),
            float_outputs(model),
        )
        model = quantized_from(float_values, policy)
        np.savez(
            os.path.join(directory, f"{case}.quantized.npz"), **variables(model)
        )
        model.save_weights(os.path.join(directory, f"{case}.weights.h5"))
        model.save(os.path.join(directory, f"{case}.keras"))
        np.save(
            os.path.join(directory, f"{case}.ref.npy"),
            np.asarray(model.predict(inputs(), verbose=0), "float32"),
        )


def check(directory):
    for case, policy in CASES.items():
        float_values = dict(
            np.load(os.path.join(directory, f"{case}.float.npz"))
        )
        np.save(
            os.path.join(directory, f"{case}.float_got.npy"),
            float_outputs(float_from(float_values, policy)),
        )
        model = quantized_from(float_values, policy)
        np.savez(
            os.path.join(directory, f"{case}.requantized.npz"),
            **variables(model),
        )
        for how in ("weights", "model"):
            try:
                if how == "weights":
                    model = build(policy)
                    model.quantize("ternary", verbose=False)
                    model.load_weights(
                        os.path.join(directory, f"{case}.weights.h5")
                    )
                else:
                    model = keras.saving.load_model(
                        os.path.join(directory, f"{case}.keras")
                    )
                got = np.asarray(model.predict(inputs(), verbose=0), "float32")
                np.save(os.path.join(directory, f"{case}.{how}.got.npy"), got)
            except Exception:
                path = os.path.join(directory, f"{case}.{how}.error.txt")
                with open(path, "w") as f:
                    f.write(traceback.format_exc())


if __name__ == "__main__":
    {"save": save, "check": check}[sys.argv[1]](sys.argv[2])
