import numpy as np

import keras
from keras.src.utils import summary_utils


def _summary(model, **kwargs):
    lines = []
    summary_utils.print_summary(model, print_fn=lines.append, **kwargs)
    return "\n".join(lines)


def test_functional_columns_and_totals():
    a = keras.Input((2,), name="a")
    b = keras.Input((2,), name="b")
    x = keras.layers.Dense(3, name="d")(a)
    y = keras.layers.Concatenate(name="c")([x, b])
    model = keras.Model([a, b], y)
    text = _summary(model)
    for header in ("Layer (type)", "Output Shape", "Param #", "Connected to"):
        assert header in text
    assert "(None, 5)" in text and "d[0][0]" in text
    assert "Total params: 9" in text
    assert "Trainable params: 9" in text
    assert "Non-trainable params: 0" in text
    assert "Optimizer params" not in text


def test_total_includes_built_optimizer():
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(3)])
    model.compile(optimizer="sgd", loss="mse")
    model.optimizer.build(model.trainable_variables)
    optimizer_count = summary_utils.count_params(model.optimizer.variables)
    text = _summary(model)
    assert f"Total params: {9 + optimizer_count}" in text
    assert f"Optimizer params: {optimizer_count}" in text
    assert "Trainable params: 9" in text


def test_subclassed_model_output_shapes_are_traced():
    class Net(keras.Model):
        def __init__(self):
            super().__init__()
            self.first = keras.layers.Dense(4)
            self.second = keras.layers.Dense(2)
            self.unused = keras.layers.Dense(1)

        def call(self, x):
            return self.second(self.first(x))

    model = Net()
    model(np.zeros((3, 5)))
    nodes = [len(layer._inbound_nodes) for layer in model.layers]
    text = _summary(model)
    assert "(3, 4)" in text and "(3, 2)" in text and "?" in text
    # Tracing leaves no graph nodes behind.
    assert [len(layer._inbound_nodes) for layer in model.layers] == nodes
