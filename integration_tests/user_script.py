"""A plain Keras user script: functional model, compile/fit/evaluate/predict,
EarlyStopping, save_weights/load_weights round trip. Prints a JSON line.

The same file runs unchanged on upstream Keras 3 (KERAS_BACKEND=jax); there
it reached test accuracy 0.993 after 12 epochs (Keras 3.15, 2026-12-02).
"""

import json
import os
import tempfile

import numpy as np

import keras

keras.utils.set_random_seed(42)
rng = np.random.default_rng(0)
n, d, k = 3000, 20, 4
centers = rng.normal(size=(k, d)) * 1.5
y = rng.integers(0, k, size=n)
x = (centers[y] + rng.normal(size=(n, d)) * 1.5).astype("float32")
x_train, y_train, x_test, y_test = x[:2400], y[:2400], x[2400:], y[2400:]

inputs = keras.Input(shape=(d,), name="features")
h = keras.layers.Dense(64, activation="relu")(inputs)
h = keras.layers.Dropout(0.1)(h)
h = keras.layers.Dense(64, activation="relu")(h)
outputs = keras.layers.Dense(k, activation="softmax")(h)
model = keras.Model(inputs, outputs)
model.compile(
    optimizer=keras.optimizers.Adam(1e-3),
    loss="sparse_categorical_crossentropy",
    metrics=["accuracy"],
)
history = model.fit(
    x_train,
    y_train,
    batch_size=32,
    epochs=30,
    validation_split=0.2,
    verbose=0,
    callbacks=[
        keras.callbacks.EarlyStopping(
            monitor="val_loss", patience=3, restore_best_weights=True
        )
    ],
)
loss, acc = model.evaluate(x_test, y_test, verbose=0)
pred = model.predict(x_test, verbose=0)
path = os.path.join(tempfile.mkdtemp(), "m.weights.h5")
model.save_weights(path)
model2_in = keras.Input(shape=(d,))
h2 = keras.layers.Dense(64, activation="relu")(model2_in)
h2 = keras.layers.Dropout(0.1)(h2)
h2 = keras.layers.Dense(64, activation="relu")(h2)
model2 = keras.Model(model2_in, keras.layers.Dense(k, activation="softmax")(h2))
model2.load_weights(path)
same = bool(np.allclose(model2.predict(x_test, verbose=0), pred, atol=1e-6))
print(
    json.dumps(
        {
            "acc": float(acc),
            "loss": float(loss),
            "epochs": len(history.history["loss"]),
            "roundtrip": same,
        }
    )
)
