"""Configs as Keras 2 wrote them (no module anywhere), for the tests of
the legacy formats."""

from keras.src import layers


def keras2_dense(name, units, activation="linear"):
    """A `Dense` config as Keras 2 wrote it (no module anywhere)."""
    return {
        "class_name": "Dense",
        "config": {
            "name": name,
            "trainable": True,
            "dtype": "float32",
            "units": units,
            "activation": activation,
            "use_bias": True,
            "kernel_initializer": {
                "class_name": "GlorotUniform",
                "config": {"seed": None},
            },
            "bias_initializer": {"class_name": "Zeros", "config": {}},
            "kernel_regularizer": {"class_name": "L2", "config": {"l2": 0.01}},
            "bias_regularizer": None,
            "activity_regularizer": None,
            "kernel_constraint": None,
            "bias_constraint": None,
        },
    }


def keras2_input(name, batch_input_shape):
    return {
        "class_name": "InputLayer",
        "config": {
            "batch_input_shape": batch_input_shape,
            "dtype": "float32",
            "sparse": False,
            "ragged": False,
            "name": name,
        },
    }


def keras2_sequential():
    return {
        "class_name": "Sequential",
        "config": {
            "name": "sequential",
            "layers": [
                keras2_input("dense_input", [None, 3]),
                keras2_dense("dense", 4, "relu"),
                keras2_dense("dense_1", 2),
            ],
        },
        "keras_version": "2.15.0",
        "backend": "tensorflow",
    }


def keras2_functional():
    first = keras2_dense("dense", 4, "relu")
    second = keras2_dense("dense_1", 2)
    layers = [
        {**keras2_input("input_1", [None, 3]), "inbound_nodes": []},
        {**first, "inbound_nodes": [[["input_1", 0, 0, {}]]]},
        {**second, "inbound_nodes": [[["dense", 0, 0, {}]]]},
    ]
    for layer in layers:
        layer["name"] = layer["config"]["name"]
    return {
        "class_name": "Functional",
        "config": {
            "name": "model",
            "trainable": True,
            "layers": layers,
            "input_layers": [["input_1", 0, 0]],
            "output_layers": [["dense_1", 0, 0]],
        },
    }


def keras2_training_config():
    return {
        "loss": {
            "class_name": "MeanSquaredError",
            "config": {"name": "mean_squared_error", "reduction": "auto"},
        },
        "metrics": [["mae"]],
        "weighted_metrics": None,
        "loss_weights": None,
        "optimizer_config": {
            "class_name": "Adam",
            "config": {
                "name": "Adam",
                "weight_decay": None,
                "clipnorm": None,
                "global_clipnorm": None,
                "clipvalue": None,
                "use_ema": False,
                "ema_momentum": 0.99,
                "ema_overwrite_frequency": None,
                "jit_compile": True,
                "is_legacy_optimizer": False,
                "learning_rate": 0.125,
                "beta_1": 0.9,
                "beta_2": 0.999,
                "epsilon": 1e-07,
                "amsgrad": False,
            },
        },
    }


def offset_layer_class():
    """A custom layer class `Offset` adding `offset` to its inputs. It is
    made anew on each call, so only `custom_objects` can name it."""

    class Offset(layers.Layer):
        def __init__(self, offset=0.0, **kwargs):
            super().__init__(**kwargs)
            self.offset = offset

        def call(self, x):
            return x + self.offset

        def get_config(self):
            return {**super().get_config(), "offset": self.offset}

    return Offset
