"""Small CNN and LSTM models for `models_benchmark.py` (public API only).

Imported by the fork side and by the upstream-Keras worker, so both build
the same model (same layers, variable paths, shapes and math), get the
same data, and use the same per-variable layouts.
"""

import numpy as np

import keras

# name -> config. Sized for a 2-core CPU host; every sharded dimension
# divides by 4 (the "model" axis of the (4,2) mesh).
CONFIGS = {
    "cnn": dict(
        height=28, width=28, channels=1, filters=(16, 32), units=64, classes=10
    ),
    "lstm": dict(
        vocab_size=1000,
        embed_dim=32,
        units=64,
        seq_len=40,
        min_len=5,
        classes=10,
    ),
}

# name -> mesh layouts: label, mesh shape, axis names, batch dim name,
# model-parallel (True) or DataParallel (False).
LAYOUTS = {
    "dp": ("(8,) DataParallel", (8,), ("batch",), "batch", False),
    "4x2": ("(4,2) model,batch", (4, 2), ("model", "batch"), "batch", True),
}


def build_cnn(cfg, seed=0):
    """Conv2D / BatchNorm / MaxPool x2, Dense head, MNIST-shaped input."""
    init = keras.initializers.GlorotUniform
    f1, f2 = cfg["filters"]
    inputs = keras.Input((cfg["height"], cfg["width"], cfg["channels"]))
    x = keras.layers.Conv2D(
        f1, 3, padding="same", kernel_initializer=init(seed), name="conv1"
    )(inputs)
    x = keras.layers.BatchNormalization(name="bn1")(x)
    x = keras.layers.Activation("relu")(x)
    x = keras.layers.MaxPooling2D(2)(x)
    x = keras.layers.Conv2D(
        f2, 3, padding="same", kernel_initializer=init(seed + 1), name="conv2"
    )(x)
    x = keras.layers.BatchNormalization(name="bn2")(x)
    x = keras.layers.Activation("relu")(x)
    x = keras.layers.MaxPooling2D(2)(x)
    x = keras.layers.Flatten()(x)
    x = keras.layers.Dense(
        cfg["units"],
        activation="relu",
        kernel_initializer=init(seed + 2),
        name="dense1",
    )(x)
    outputs = keras.layers.Dense(
        cfg["classes"], kernel_initializer=init(seed + 3), name="logits"
    )(x)
    return keras.Model(inputs, outputs, name="cnn")


def build_lstm(cfg, seed=0):
    """Embedding(mask_zero=True) -> LSTM -> Dense on padded int sequences."""
    inputs = keras.Input((cfg["seq_len"],), dtype="int32")
    x = keras.layers.Embedding(
        cfg["vocab_size"],
        cfg["embed_dim"],
        mask_zero=True,
        embeddings_initializer=keras.initializers.RandomUniform(seed=seed),
        name="embedding",
    )(inputs)
    x = keras.layers.LSTM(
        cfg["units"],
        kernel_initializer=keras.initializers.GlorotUniform(seed + 1),
        recurrent_initializer=keras.initializers.Orthogonal(seed=seed + 2),
        name="lstm",
    )(x)
    outputs = keras.layers.Dense(
        cfg["classes"],
        kernel_initializer=keras.initializers.GlorotUniform(seed + 3),
        name="logits",
    )(x)
    return keras.Model(inputs, outputs, name="lstm_classifier")


def build(name, seed=0):
    cfg = CONFIGS[name]
    return build_cnn(cfg, seed) if name == "cnn" else build_lstm(cfg, seed)


def compile_model(model):
    model.compile(
        optimizer=keras.optimizers.Adam(learning_rate=1e-3),
        loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
    )


def layout_map(name, device_mesh):
    """Model-parallel layouts: the conv kernels' output channels (CNN) or
    the LSTM's input and recurrent kernels' gate columns over "model";
    everything else replicated."""
    layout_map = keras.distribution.LayoutMap(device_mesh)
    if name == "cnn":
        layout_map["conv1/kernel"] = (None, None, None, "model")
        layout_map["conv2/kernel"] = (None, None, None, "model")
    else:
        layout_map["lstm/lstm_cell/kernel"] = (None, "model")
        layout_map["lstm/lstm_cell/recurrent_kernel"] = (None, "model")
    return layout_map


def make_distribution(layout, model_name):
    label, shape, axes, batch_dim, model_parallel = LAYOUTS[layout]
    mesh = keras.distribution.DeviceMesh(
        shape, axes, keras.distribution.list_devices()
    )
    if not model_parallel:
        return keras.distribution.DataParallel(device_mesh=mesh)
    return keras.distribution.ModelParallel(
        layout_map=layout_map(model_name, mesh), batch_dim_name=batch_dim
    )


def make_data(name, num, seed=0):
    """Random inputs and integer labels (x float32 images for the CNN,
    int32 token ids right-padded with 0 for the LSTM)."""
    cfg = CONFIGS[name]
    rng = np.random.default_rng(seed)
    y = rng.integers(0, cfg["classes"], size=(num,)).astype("int32")
    if name == "cnn":
        shape = (num, cfg["height"], cfg["width"], cfg["channels"])
        x = rng.random(shape, dtype=np.float32)
        return x, y
    seq_len = cfg["seq_len"]
    lengths = rng.integers(cfg["min_len"], seq_len + 1, size=(num,))
    tokens = rng.integers(1, cfg["vocab_size"], size=(num, seq_len))
    positions = np.arange(seq_len)[None, :]
    x = np.where(positions < lengths[:, None], tokens, 0).astype("int32")
    return x, y


def setup(name, layout, batch_size, steps):
    """Sets the distribution of `layout`, builds and compiles the model
    `name`; returns `(model, x, y)` with `batch_size * steps` samples."""
    keras.distribution.set_distribution(make_distribution(layout, name))
    model = build(name, seed=0)
    compile_model(model)
    x, y = make_data(name, batch_size * steps)
    return model, x, y


def shardings(model):
    return {
        v.path: str(v.value.sharding.spec) for v in model.trainable_variables
    }
