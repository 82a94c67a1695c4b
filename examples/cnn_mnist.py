"""Trains a small CNN on MNIST-shaped random data and prints its accuracy.

Uses only public Keras 3 API, so the same script runs on this package and
on upstream Keras (`integration_tests/cnn_accuracy_test.py` runs it on
both and compares). Everything that decides the result comes from NumPy
generators seeded by `--seed`:

- data: 28x28x1 images, each a noisy copy of one of 10 random class
  templates (the label), split into training and test sets;
- initial weights: kernels Glorot-uniform from the generator, biases and
  BatchNormalization's beta / moving mean zero, gamma / moving variance
  one, set with `model.set_weights` (the framework's own initializers and
  random streams play no part);
- no shuffling and no dropout, so no framework RNG is used in training;
- SGD with momentum (Adam would scale rounding noise in near-zero
  gradients up to full-size steps), no conv bias before BatchNormalization.

    python examples/cnn_mnist.py --seed 0
    python examples/cnn_mnist.py --seed 0 --epochs 3 --json

Prints the per-epoch training loss and the final test accuracy (with
`--json`, one JSON line).
"""

import argparse
import json
import os

os.environ.setdefault("KERAS_BACKEND", "jax")

import numpy as np  # noqa: E402

import keras  # noqa: E402

IMAGE_SHAPE = (28, 28, 1)
CLASSES = 10


def make_data(seed, train_size, test_size, noise=1.0):
    """Noisy copies of 10 random templates, labels = template index."""
    rng = np.random.default_rng(seed)
    templates = rng.random((CLASSES, *IMAGE_SHAPE), dtype=np.float32)
    n = train_size + test_size
    labels = rng.integers(0, CLASSES, size=(n,))
    images = templates[labels] + noise * rng.standard_normal(
        (n, *IMAGE_SHAPE), dtype=np.float32
    ).astype(np.float32)
    images = images.astype("float32")
    labels = labels.astype("int32")
    return (
        (images[:train_size], labels[:train_size]),
        (images[train_size:], labels[train_size:]),
    )


def build_model():
    inputs = keras.Input(IMAGE_SHAPE)
    # No conv bias before BatchNormalization: BN cancels it, so its gradient
    # is rounding noise that Adam would scale up to full-size steps.
    x = keras.layers.Conv2D(
        16, 3, padding="same", use_bias=False, name="conv1"
    )(inputs)
    x = keras.layers.BatchNormalization(name="bn1")(x)
    x = keras.layers.Activation("relu")(x)
    x = keras.layers.MaxPooling2D(2)(x)
    x = keras.layers.Conv2D(
        32, 3, padding="same", use_bias=False, name="conv2"
    )(x)
    x = keras.layers.BatchNormalization(name="bn2")(x)
    x = keras.layers.Activation("relu")(x)
    x = keras.layers.MaxPooling2D(2)(x)
    x = keras.layers.Flatten()(x)
    x = keras.layers.Dense(64, activation="relu", name="dense1")(x)
    outputs = keras.layers.Dense(CLASSES, name="logits")(x)
    return keras.Model(inputs, outputs, name="cnn_mnist")


def initial_weights(model, seed):
    """Initial values for `model.weights` (in that order) from a NumPy
    generator: Glorot-uniform kernels, zero biases / beta / moving mean,
    unit gamma / moving variance."""
    rng = np.random.default_rng(seed + 1)
    values = []
    for w in model.weights:
        shape = tuple(w.shape)
        name = w.path.split("/")[-1]
        if name == "kernel":
            receptive = int(np.prod(shape[:-2])) if len(shape) > 2 else 1
            fan_in, fan_out = shape[-2] * receptive, shape[-1] * receptive
            limit = np.sqrt(6.0 / (fan_in + fan_out))
            values.append(rng.uniform(-limit, limit, shape).astype("float32"))
        elif name in ("gamma", "moving_variance"):
            values.append(np.ones(shape, "float32"))
        else:  # bias, beta, moving_mean
            values.append(np.zeros(shape, "float32"))
    return values


def run(
    seed=0,
    epochs=3,
    batch_size=64,
    train_size=2048,
    test_size=512,
    learning_rate=0.005,
    noise=1.0,
):
    (x, y), (x_test, y_test) = make_data(seed, train_size, test_size, noise)
    model = build_model()
    model.set_weights(initial_weights(model, seed))
    model.compile(
        optimizer=keras.optimizers.SGD(
            learning_rate=learning_rate, momentum=0.9
        ),
        loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=["accuracy"],
    )
    history = model.fit(
        x,
        y,
        batch_size=batch_size,
        epochs=epochs,
        shuffle=False,
        verbose=0,
    )
    test_loss, test_accuracy = model.evaluate(
        x_test, y_test, batch_size=batch_size, verbose=0
    )
    return {
        "keras": keras.__version__,
        "seed": seed,
        "epochs": epochs,
        "train_loss": [float(v) for v in history.history["loss"]],
        "train_accuracy": [float(v) for v in history.history["accuracy"]],
        "test_loss": float(test_loss),
        "test_accuracy": float(test_accuracy),
    }


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--epochs", type=int, default=3)
    p.add_argument("--batch-size", type=int, default=64)
    p.add_argument("--train-size", type=int, default=2048)
    p.add_argument("--test-size", type=int, default=512)
    p.add_argument("--learning-rate", type=float, default=0.005)
    p.add_argument("--noise", type=float, default=1.0)
    p.add_argument("--json", action="store_true", help="one JSON line")
    args = p.parse_args()
    result = run(
        seed=args.seed,
        epochs=args.epochs,
        batch_size=args.batch_size,
        train_size=args.train_size,
        test_size=args.test_size,
        learning_rate=args.learning_rate,
        noise=args.noise,
    )
    if args.json:
        print(json.dumps(result))
        return
    print(f"keras {result['keras']}, seed {args.seed}")
    for epoch, (loss, acc) in enumerate(
        zip(result["train_loss"], result["train_accuracy"]), 1
    ):
        print(f"epoch {epoch}: loss {loss:.4f}, accuracy {acc:.4f}")
    print(f"test loss: {result['test_loss']:.4f}")
    print(f"final accuracy: {result['test_accuracy']:.4f}")


if __name__ == "__main__":
    main()
