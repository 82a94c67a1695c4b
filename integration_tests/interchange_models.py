"""Models and a save/check driver shared by this Keras and upstream Keras.

This file imports `keras` and runs under either package; it is used by
`upstream_interchange_test.py`:

    python interchange_models.py save DIR    writes, for each model of
        `MODELS`: `<name>.weights.h5`, `<name>.keras` and the Orbax
        checkpoint folder `<name>.orbax` (`OrbaxCheckpoint`; only when
        `orbax-checkpoint` is installed), after one training step, so the
        optimizer has state; and `<name>.ref.npz`: the outputs on fixed
        inputs, then the loss of one more training step and the loss
        after it.
    python interchange_models.py check DIR   loads those files into fresh
        models (`load_weights` and `load_model`; both on the Orbax
        folder too), and writes `<name>.<how>.got.npz` with the same
        quantities (or `<name>.<how>.error.txt` with the error), `how`
        being one of `HOWS`.
"""

import importlib.util
import os
import sys
import traceback

import numpy as np

os.environ.setdefault("KERAS_BACKEND", "jax")

import keras  # noqa: E402

L = keras.layers


@keras.saving.register_keras_serializable(package="interchange")
class Block(L.Layer):
    """A layer with sublayers in attributes, a list and its own weight."""

    def __init__(self, units=4, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.proj = L.Dense(units)
        self.stack = [L.Dense(units, activation="tanh"), L.Dense(units)]

    def build(self, input_shape):
        self.scale = self.add_weight(
            shape=(self.units,), initializer="ones", name="scale"
        )

    def call(self, x):
        y = self.proj(x)
        for layer in self.stack:
            y = layer(y)
        return y * self.scale

    def get_config(self):
        return {**super().get_config(), "units": self.units}


@keras.saving.register_keras_serializable(package="interchange")
class Subclassed(keras.Model):
    """A subclassed model holding a custom block and a Sequential."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.block = Block(4)
        self.head = keras.Sequential(
            [L.Dense(3, activation="relu"), L.Dense(2)]
        )

    def call(self, x):
        return self.head(self.block(x))


def _dense():
    return keras.Sequential(
        [keras.Input((6,)), L.Dense(8, activation="relu"), L.Dense(2)]
    )


def _einsum_dense():
    inputs = keras.Input((3, 6))
    x = L.EinsumDense("abc,cd->abd", output_shape=(3, 4), bias_axes="d")(inputs)
    x = L.Flatten()(x)
    return keras.Model(inputs, L.Dense(2)(x))


def _embedding():
    inputs = keras.Input((5,), dtype="int32")
    x = L.Embedding(20, 4)(inputs)
    x = L.Flatten()(x)
    return keras.Model(inputs, L.Dense(2)(x))


def _attention():
    inputs = keras.Input((5, 8))
    x = L.MultiHeadAttention(num_heads=2, key_dim=4)(inputs, inputs)
    x = L.LayerNormalization()(x + inputs)
    x = L.Flatten()(x)
    return keras.Model(inputs, L.Dense(2)(x))


def _batch_norm():
    inputs = keras.Input((6,))
    # No bias before batch normalization: its gradient is rounding noise,
    # which Adam would turn into full-size steps of either sign.
    x = L.Dense(8, use_bias=False)(inputs)
    x = L.BatchNormalization()(x)
    x = L.LayerNormalization()(x)
    return keras.Model(inputs, L.Dense(2)(x))


def _conv():
    inputs = keras.Input((6, 6, 3))
    x = L.Conv2D(4, 3, use_bias=False)(inputs)
    x = L.BatchNormalization()(x)
    x = L.Flatten()(x)
    return keras.Model(inputs, L.Dense(2)(x))


def _nested_functional():
    inner_in = keras.Input((6,))
    inner = keras.Model(inner_in, L.Dense(5, activation="relu")(inner_in))
    inputs = keras.Input((6,))
    x = inner(inputs)
    x = keras.Sequential([L.Dense(4), L.Dense(3)])(x)
    return keras.Model(inputs, L.Dense(2)(x))


def _subclassed():
    model = Subclassed()
    model(np.zeros((1, 6), "float32"))
    return model


MODELS = {
    "dense": _dense,
    "einsum_dense": _einsum_dense,
    "embedding": _embedding,
    "attention": _attention,
    "batch_norm": _batch_norm,
    "conv": _conv,
    "nested_functional": _nested_functional,
    "subclassed": _subclassed,
}
_INPUT_SHAPES = {
    "einsum_dense": (3, 6),
    "attention": (5, 8),
    "conv": (6, 6, 3),
}


HAS_ORBAX = importlib.util.find_spec("orbax") is not None
HOWS = ("weights", "model") + (
    ("orbax_weights", "orbax_model") if HAS_ORBAX else ()
)


def data(name):
    """Fixed `(x, y)` for the model `name`."""
    rng = np.random.RandomState(0)
    if name == "embedding":
        x = rng.randint(0, 20, size=(8, 5)).astype("int32")
    else:
        x = rng.normal(size=(8,) + _INPUT_SHAPES.get(name, (6,)))
        x = x.astype("float32")
    y = rng.normal(size=(8, 2)).astype("float32")
    return x, y


def _compile(model):
    model.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse")


def _outputs(model, x):
    return np.asarray(model.predict(x, batch_size=8, verbose=0))


def _loss(result):
    return np.asarray(result[0] if isinstance(result, list) else result)


def _after_step(model, x, y):
    # The loss after the Adam step, not the outputs: where a gradient is
    # near zero, Adam's normalized update turns its round-off into a step
    # of up to the learning rate, which moves outputs but not the loss.
    loss = _loss(model.train_on_batch(x, y))
    return {
        "loss": loss,
        "loss_after": _loss(model.test_on_batch(x, y)),
        "iterations": np.asarray(model.optimizer.iterations),
    }


def save(directory):
    for name, build in MODELS.items():
        keras.utils.set_random_seed(1)
        model = build()
        _compile(model)
        x, y = data(name)
        model.train_on_batch(x, y)
        model.save_weights(os.path.join(directory, f"{name}.weights.h5"))
        model.save(os.path.join(directory, f"{name}.keras"))
        if HAS_ORBAX:
            checkpoint = keras.callbacks.OrbaxCheckpoint(
                os.path.join(directory, f"{name}.orbax")
            )
            checkpoint.set_model(model)
            checkpoint.on_epoch_end(0, {})
            checkpoint.on_train_end()
        ref = {"before": _outputs(model, x)}
        ref.update(_after_step(model, x, y))
        np.savez(os.path.join(directory, f"{name}.ref.npz"), **ref)


def check(directory):
    """Loads each file; a failure is written to `<name>.<how>.error.txt`
    (so that one model failing does not hide the others)."""
    for name, build in MODELS.items():
        for how in HOWS:
            try:
                got = _check_one(directory, name, build, how)
            except Exception:
                with open(
                    os.path.join(directory, f"{name}.{how}.error.txt"), "w"
                ) as f:
                    f.write(traceback.format_exc())
                continue
            np.savez(os.path.join(directory, f"{name}.{how}.got.npz"), **got)


def _check_one(directory, name, build, how):
    x, y = data(name)
    keras.utils.set_random_seed(2)
    suffix = {
        "weights": "weights.h5",
        "model": "keras",
        "orbax_weights": "orbax",
        "orbax_model": "orbax",
    }[how]
    path = os.path.join(directory, f"{name}.{suffix}")
    if how in ("weights", "orbax_weights"):
        model = build()
        _compile(model)
        model.optimizer.build(model.trainable_variables)
        model.load_weights(path)
    else:
        model = keras.saving.load_model(path)
    got = {"before": _outputs(model, x)}
    got.update(_after_step(model, x, y))
    return got


if __name__ == "__main__":
    {"save": save, "check": check}[sys.argv[1]](sys.argv[2])
