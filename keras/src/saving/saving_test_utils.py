"""Small stand-in layers, models and optimizers for the saving tests.

They use only `Layer`, so the saving code can be tested without the real
models, layers and optimizers.
"""

import numpy as np

from keras.src import backend
from keras.src.layers.layer import Layer
from keras.src.saving import object_registration
from keras.src.saving import serialization_lib


@object_registration.register_keras_serializable(package="saving_test")
class TinyDense(Layer):
    def __init__(self, units, **kwargs):
        super().__init__(**kwargs)
        self.units = units

    def build(self, input_shape):
        self.kernel = self.add_weight(
            shape=(input_shape[-1], self.units), name="kernel"
        )
        self.bias = self.add_weight(
            shape=(self.units,), name="bias", initializer="zeros"
        )

    def call(self, x):
        return x @ self.kernel.value + self.bias.value

    def get_config(self):
        return {**super().get_config(), "units": self.units}


class FakeOptimizer:
    """Creates an `iteration` counter and one slot per trainable variable."""

    def __init__(self, name="fake_adam", slots=1):
        self.name = name
        self.slots = slots
        self.built = False
        self.variables = []

    def build(self, variables):
        with backend.name_scope(self.name):
            self.iterations = backend.Variable(
                0, dtype="int32", name="iteration", trainable=False
            )
            self.variables = [self.iterations]
            for v in variables:
                for i in range(self.slots):
                    self.variables.append(
                        backend.Variable(
                            np.zeros(v.shape, "float32"),
                            name=v.path.replace("/", "_") + f"_slot{i}",
                            trainable=False,
                        )
                    )
        self.built = True


@object_registration.register_keras_serializable(package="saving_test")
class Stack(Layer):
    """A minimal sequential container with a fake `compile`."""

    def __init__(self, layers, **kwargs):
        super().__init__(**kwargs)
        self.stack = list(layers)
        self.optimizer = None
        self.loss = None
        self._build_shape = None

    def build(self, input_shape):
        self._build_shape = tuple(input_shape)
        shape = input_shape
        for layer in self.stack:
            layer.build(shape)
            layer.built = True
            shape = layer.compute_output_shape(shape)

    def call(self, x):
        for layer in self.stack:
            x = layer(x)
        return x

    def compile(self, optimizer="fake_adam", loss=None, slots=1):
        self.optimizer = FakeOptimizer(optimizer, slots=slots)
        self.loss = loss
        self._compile_config = {
            "optimizer": optimizer,
            "loss": loss,
            "slots": slots,
        }

    def get_compile_config(self):
        return getattr(self, "_compile_config", None)

    def compile_from_config(self, config):
        self.compile(**config)

    def get_build_config(self):
        if self._build_shape is None:
            return None
        return {"input_shape": list(self._build_shape)}

    def build_from_config(self, config):
        self.build(tuple(config["input_shape"]))
        self.built = True

    def get_config(self):
        return {
            "name": self.name,
            "layers": [
                serialization_lib.serialize_keras_object(layer)
                for layer in self.stack
            ],
        }

    @classmethod
    def from_config(cls, config):
        layers = [
            serialization_lib.deserialize_keras_object(c)
            for c in config.pop("layers")
        ]
        return cls(layers, **config)


def make_stack(name=None, units=(3, 2), input_dim=4, dtype=None):
    model = Stack(
        [TinyDense(u, name=f"d{i}", dtype=dtype) for i, u in enumerate(units)],
        name=name,
    )
    model.build((None, input_dim))
    model.built = True
    return model


def train_step(model):
    """Builds the optimizer if needed and changes all its variables."""
    if not model.optimizer.built:
        model.optimizer.build(model.trainable_variables)
    for i, v in enumerate(model.optimizer.variables):
        v.assign(np.full(v.shape, i + 1, v.dtype))
    for v in model.trainable_variables:
        v.assign(v.numpy() + 0.5)


def weight_values(model):
    """Copies of the values of `model.weights`, in order."""
    return [v.numpy().copy() for v in model.weights]


def assert_same_values(a, b):
    """Asserts that two lists of arrays hold equal arrays."""
    assert len(a) == len(b)
    for x, y in zip(a, b):
        np.testing.assert_array_equal(x, y)
