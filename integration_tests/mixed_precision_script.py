"""Trains a small model under the `mixed_float16` policy; prints JSON.

Runs under this Keras and under upstream Keras (see
`mixed_precision_test.py`): the same seeded data and initial weights
(set from NumPy, not from either package's random streams), SGD, and the
loss scaling `compile()` adds for the policy. Prints one JSON line with the
loss of every batch, the optimizer's class name and whether every weight
ended finite.
"""

import json

import numpy as np

import keras

EPOCHS = 3
BATCH_SIZE = 16


def main():
    keras.config.set_dtype_policy("mixed_float16")
    rng = np.random.default_rng(4)
    x = rng.normal(size=(128, 12)).astype("float32")
    y = (x[:, :3] @ rng.normal(size=(3, 1))).astype("float32")
    model = keras.Sequential(
        [
            keras.Input((12,)),
            keras.layers.Dense(16, activation="relu"),
            keras.layers.Dense(1, dtype="float32"),
        ]
    )
    model.set_weights(
        [
            (0.3 * rng.normal(size=w.shape)).astype(w.dtype)
            for w in model.get_weights()
        ]
    )
    model.compile(
        optimizer=keras.optimizers.SGD(learning_rate=0.02), loss="mse"
    )

    losses = []

    class BatchLosses(keras.callbacks.Callback):
        def on_train_batch_end(self, batch, logs=None):
            losses.append(float(logs["loss"]))

    model.fit(
        x,
        y,
        batch_size=BATCH_SIZE,
        epochs=EPOCHS,
        shuffle=False,
        verbose=0,
        callbacks=[BatchLosses()],
    )
    print(
        json.dumps(
            {
                "losses": losses,
                "optimizer": type(model.optimizer).__name__,
                "finite": all(
                    bool(np.all(np.isfinite(w))) for w in model.get_weights()
                ),
            }
        )
    )


if __name__ == "__main__":
    main()
