"""Quantized models saved by one Keras and loaded by the other.

Run as `python quantized_models.py save DIR` (writes, for each case of
`CASES`, `<case>.weights.h5`, `<case>.keras` and the reference outputs
`<case>.ref.npy`) or `python quantized_models.py check DIR` (loads them:
the weights file into a model built and quantized the same way, the
`.keras` file with `load_model`; writes `<case>.<how>.got.npy`, or
`<case>.<how>.error.txt` when loading fails). The same file runs under
upstream Keras 3.15.1 and under this Keras, so it uses public APIs only.
"""

import os
import sys
import traceback

import numpy as np

os.environ.setdefault("KERAS_BACKEND", "jax")

import keras  # noqa: E402
from keras import layers  # noqa: E402

VOCABULARY, FEATURES, STEPS = 32, 16, 6

# case: (mode, Int4QuantizationConfig block size or None, LoRA rank)
CASES = {
    "int8": ("int8", None, None),
    "int4_channel": ("int4", -1, None),
    "int4_grouped": ("int4", 8, None),
    "float8": ("float8", None, None),
    "int8_lora": ("int8", None, 2),
    "int4_lora": ("int4", 8, 2),
}


def build():
    """Every quantizable layer: an untied and a tied
    `ReversibleEmbedding`, an `Embedding`, an `EinsumDense`, a `Dense`."""
    keras.utils.set_random_seed(1)
    ids = keras.Input((STEPS,), dtype="int32")
    untied = layers.ReversibleEmbedding(
        VOCABULARY, FEATURES, tie_weights=False, name="untied"
    )
    tied = layers.ReversibleEmbedding(VOCABULARY, FEATURES, name="tied")
    plain = layers.Embedding(VOCABULARY, FEATURES, name="plain")
    x = layers.Add()([untied(ids), tied(ids), plain(ids)])
    x = layers.EinsumDense(
        "btd,dnh->btnh", (STEPS, 2, 8), bias_axes="h", name="heads"
    )(x)
    x = layers.Reshape((STEPS, FEATURES))(x)
    x = layers.Dense(FEATURES, activation="tanh", name="dense")(x)
    logits = layers.Add()([untied(x, reverse=True), tied(x, reverse=True)])
    return keras.Model(ids, logits)


def quantize(model, case):
    mode, block_size, _ = CASES[case]
    config = None
    if block_size is not None:
        config = keras.quantizers.Int4QuantizationConfig(block_size=block_size)
    model.quantize(mode, config=config)


def data():
    rng = np.random.default_rng(0)
    ids = rng.integers(0, VOCABULARY, (4, STEPS)).astype("int32")
    target = rng.normal(size=(4, STEPS, VOCABULARY)).astype("float32")
    return ids, target


def save(directory):
    ids, target = data()
    for case, (_, _, lora_rank) in CASES.items():
        model = build()
        quantize(model, case)
        if lora_rank:
            dense = model.get_layer("dense")
            dense.enable_lora(lora_rank)
            dense.lora_kernel_b.assign(
                np.full(dense.lora_kernel_b.shape, 0.05, "float32")
            )
        model.compile(optimizer="sgd", loss="mse")
        # One step moves the float8 scaling state off its initial values.
        model.fit(ids, target, epochs=1, batch_size=4, verbose=0)
        weights = os.path.join(directory, f"{case}.weights.h5")
        model.save_weights(weights)
        model.save(os.path.join(directory, f"{case}.keras"))
        if lora_rank:
            # The files hold the merged kernel quantized again (as the
            # weights of a layer without LoRA): the reference is that
            # kernel, loaded on this side.
            model = build()
            quantize(model, case)
            model.load_weights(weights)
        np.save(
            os.path.join(directory, f"{case}.ref.npy"),
            model.predict(ids, verbose=0),
        )


def check(directory):
    ids, _ = data()
    for case in CASES:
        for how in ("weights", "model"):
            try:
                if how == "weights":
                    model = build()
                    quantize(model, case)
                    model.load_weights(
                        os.path.join(directory, f"{case}.weights.h5")
                    )
                else:
                    model = keras.saving.load_model(
                        os.path.join(directory, f"{case}.keras")
                    )
                got = model.predict(ids, verbose=0)
                np.save(os.path.join(directory, f"{case}.{how}.got.npy"), got)
            except Exception:
                path = os.path.join(directory, f"{case}.{how}.error.txt")
                with open(path, "w") as f:
                    f.write(traceback.format_exc())


if __name__ == "__main__":
    {"save": save, "check": check}[sys.argv[1]](sys.argv[2])
