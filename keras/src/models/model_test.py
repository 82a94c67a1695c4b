import numpy as np
import pytest

from keras.src import layers
from keras.src import ops
from keras.src import testing
from keras.src.layers.core.input_layer import Input
from keras.src.models import cloning
from keras.src.models.functional import Functional
from keras.src.models.model import Model
from keras.src.models.sequential import Sequential
from keras.src.utils import summary_utils


class TwoDense(Model):
    def __init__(self, units=4, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.hidden = layers.Dense(units, name="hidden")
        self.out = layers.Dense(1, name="out")

    def call(self, inputs):
        return self.out(self.hidden(inputs))


def _summary(model, **kwargs):
    lines = []
    model.summary(print_fn=lines.append, **kwargs)
    return "\n".join(lines)


# ----------------------------------------------------------------- subclass
def test_subclassed_model_tracking_and_call():
    model = TwoDense(units=3, name="two")
    assert type(model) is TwoDense
    assert model.name == "two"
    assert [layer.name for layer in model.layers] == ["hidden", "out"]
    assert not model.built
    data = np.ones((2, 5), "float32")
    out = model(data)
    assert out.shape == (2, 1)
    assert model.built
    assert [v.path for v in model.weights] == [
        "two/hidden/kernel",
        "two/hidden/bias",
        "two/out/kernel",
        "two/out/bias",
    ]
    assert model.count_params() == 5 * 3 + 3 + 3 + 1
    expected = (
        data @ model.hidden.kernel.numpy() + model.hidden.bias.numpy()
    ) @ model.out.kernel.numpy() + model.out.bias.numpy()
    np.testing.assert_allclose(out, expected, rtol=1e-5)
    out2, _ = model.stateless_call(
        [v.value for v in model.trainable_variables], [], data
    )
    np.testing.assert_allclose(out2, out, rtol=1e-6)


def test_subclassed_build_and_build_config():
    model = TwoDense()
    model.build((None, 6))
    assert model.built
    assert model.hidden.kernel.shape == (6, 4)
    assert model.weights[0].path == "two_dense/hidden/kernel"
    assert model.get_build_config() == {"input_shape": [None, 6]}
    other = TwoDense()
    other.build_from_config(model.get_build_config())
    assert other.hidden.kernel.shape == (6, 4)


def test_subclassed_custom_build():
    class WithBuild(Model):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.dense = layers.Dense(2)

        def build(self, input_shape):
            self.scale = self.add_weight(shape=(), initializer="ones")
            self.dense.build(input_shape)

        def call(self, x):
            return self.dense(x) * self.scale

    model = WithBuild()
    model.build((None, 3))
    assert model.built
    assert len(model.weights) == 3
    assert model(np.ones((1, 3), "float32")).shape == (1, 2)


def test_subclassed_called_on_keras_tensor():
    model = TwoDense(units=2)
    x = Input((3,))
    y = model(x)
    assert y.shape == (None, 1)
    assert model.hidden.kernel.shape == (3, 2)
    wrapper = Model(x, y)
    data = np.ones((2, 3), "float32")
    np.testing.assert_allclose(wrapper(data), model(data), rtol=1e-6)


def test_subclassed_get_config_from_config():
    model = TwoDense(units=7, name="cfg")
    config = model.get_config()
    assert config == {"name": "cfg", "trainable": True, "units": 7}
    clone = TwoDense.from_config(config)
    assert clone.units == 7 and clone.name == "cfg"

    class NoKwargs(Model):
        def __init__(self, units):
            super().__init__()
            self.units = units

        def get_config(self):
            return {"size": self.units}

    with pytest.raises(TypeError, match="Unable to revive"):
        NoKwargs.from_config(NoKwargs(2).get_config())


def test_nested_models_in_subclass():
    class Outer(Model):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.block = Sequential([layers.Dense(3, name="b1")])
            self.head = layers.Dense(1, name="head")

        def call(self, x):
            return self.head(self.block(x))

    model = Outer(name="outer")
    model(np.ones((2, 4), "float32"))
    assert [v.path for v in model.weights] == [
        "outer/sequential/b1/kernel",
        "outer/sequential/b1/bias",
        "outer/head/kernel",
        "outer/head/bias",
    ]
    assert len(model.layers) == 2


def test_layers_attribute_is_reserved():
    model = TwoDense()
    with pytest.raises(AttributeError):
        model.layers = []


def test_model_dispatch():
    x = Input((2,))
    y = layers.Dense(1)(x)
    assert isinstance(Model(x, y), Functional)
    assert isinstance(Model(x, outputs=y), Functional)
    assert isinstance(Model(inputs=x, outputs=y), Functional)
    assert type(Model()) is Model


# ------------------------------------------------------------------ summary
def test_summary_functional_sequential_like():
    x = Input((3,))
    y = layers.Dense(4, name="dense")(x)
    model = Model(x, y, name="tiny")
    text = _summary(model)
    assert 'Model: "tiny"' in text
    assert "Layer (type)" in text
    assert "Output Shape" in text
    assert "Param #" in text
    assert "Connected to" not in text
    assert "dense (Dense)" in text
    assert "(None, 4)" in text
    assert "input_layer (InputLayer)" in text
    dense_row = next(line for line in text.splitlines() if "dense (" in line)
    assert dense_row.rstrip("│ ").endswith("16")
    assert "Total params: 16 (64.00 B)" in text
    assert "Trainable params: 16 (64.00 B)" in text
    assert "Non-trainable params: 0 (0.00 B)" in text
    assert max(len(line) for line in text.splitlines()) <= 90


def test_summary_multi_branch_connected_to():
    a = Input((3,), name="a")
    b = Input((2,), name="b")
    h = layers.Concatenate(name="cat")(
        [layers.Dense(4, name="da")(a), layers.Dense(4, name="db")(b)]
    )
    out = ops.add(layers.Dense(2, name="head")(h), 1.0)
    model = Model([a, b], out)
    text = _summary(model)
    assert "Connected to" in text
    assert "da[0][0]" in text and "db[0][0]" in text
    assert "cat[0][0]" in text
    assert "(None, 8)" in text
    total = 3 * 4 + 4 + 2 * 4 + 4 + 8 * 2 + 2
    assert f"Total params: {total} ({total * 4:.2f} B)" in text
    # The keras.ops call appears as a row.
    assert "Add)" in text


def test_summary_non_trainable_and_sizes():
    x = Input((10,))
    h = layers.Dense(100, name="big")(x)
    y = layers.BatchNormalization(name="bn")(h)
    model = Model(x, y)
    text = _summary(model, show_trainable=True)
    # 1100 + 200 trainable (gamma, beta), 200 non-trainable moving stats.
    assert "Total params: 1,500 (5.86 KB)" in text
    assert "Trainable params: 1,300 (5.08 KB)" in text
    assert "Non-trainable params: 200 (800.00 B)" in text
    assert "1,100" in text
    assert "Trainable" in text.splitlines()[2]
    model.get_layer("big").trainable = False
    text = _summary(model, show_trainable=True)
    assert "Trainable params: 200 (800.00 B)" in text
    big_row = next(line for line in text.splitlines() if "big (" in line)
    assert big_row.rstrip("│ ").endswith("N")


def test_summary_sequential_and_unbuilt():
    model = Sequential([layers.Dense(4, name="d1"), layers.Dense(2)])
    text = _summary(model)
    assert "0 (unbuilt)" in text
    assert "Total params: 0" in text
    model.build((None, 3))
    text = _summary(model)
    assert 'Model: "sequential"' in text
    assert "d1 (Dense)" in text
    assert "(None, 4)" in text and "(None, 2)" in text
    assert "InputLayer" not in text
    assert "Total params: 26 (104.00 B)" in text


def test_summary_subclassed_nested_and_range():
    inner = Sequential([Input((3,)), layers.Dense(2, name="inner_dense")])
    x = Input((3,))
    y = layers.Dense(1, name="final")(inner(x))
    model = Model(x, y)
    text = _summary(model)
    assert "inner_dense" not in text
    text = _summary(model, expand_nested=True)
    assert "inner_dense (Dense)" in text
    text = _summary(model, layer_range=["sequential", "final"])
    assert "input_layer" not in text
    assert "final (Dense)" in text

    sub = TwoDense()
    sub(np.ones((1, 3), "float32"))
    text = _summary(sub)
    assert "hidden (Dense)" in text
    assert "Total params: 21 (84.00 B)" in text


def test_readable_memory_size():
    assert summary_utils.readable_memory_size(0) == "0.00 B"
    assert summary_utils.readable_memory_size(2048) == "2.00 KB"
    assert summary_utils.readable_memory_size(3 * 1024**2) == "3.00 MB"


def test_summary_default_print(capsys):
    x = Input((3,))
    Model(x, layers.Dense(2)(x)).summary()
    assert "Total params: 8" in capsys.readouterr().out


# ------------------------------------------------------------------ saving
def test_save_methods_delegate(monkeypatch):
    from keras.src.saving import saving_api

    calls = []
    monkeypatch.setattr(
        saving_api,
        "save_model",
        lambda model, path, overwrite=True, zipped=None, **kw: calls.append(
            ("save", path, overwrite, zipped)
        ),
    )
    monkeypatch.setattr(
        saving_api,
        "save_weights",
        lambda model, path, overwrite=True, **kw: calls.append(
            ("save_weights", path, overwrite)
        ),
    )
    monkeypatch.setattr(
        saving_api,
        "load_weights",
        lambda model, path, skip_mismatch=False, **kw: calls.append(
            ("load_weights", path, skip_mismatch)
        ),
    )
    model = TwoDense()
    model.save("m.keras")
    model.save_weights("m.weights.h5", overwrite=False)
    model.load_weights("m.weights.h5", skip_mismatch=True)
    assert calls == [
        ("save", "m.keras", True, None),
        ("save_weights", "m.weights.h5", False),
        ("load_weights", "m.weights.h5", True),
    ]


# ----------------------------------------------------------------- cloning
def test_clone_functional_and_sequential():
    x = Input((3,), name="x")
    y = ops.multiply(layers.Dense(2, name="d")(x), 2.0)
    model = Model(x, y)
    clone = cloning.clone_model(model)
    assert isinstance(clone, Functional)
    assert clone.get_layer("d") is not model.get_layer("d")
    clone.set_weights(model.get_weights())
    data = np.ones((2, 3), "float32")
    np.testing.assert_allclose(clone(data), model(data), rtol=1e-6)

    seq = Sequential([Input((3,)), layers.Dense(2, name="s")])
    seq_clone = cloning.clone_model(seq)
    assert isinstance(seq_clone, Sequential) and seq_clone.built
    seq_clone.set_weights(seq.get_weights())
    np.testing.assert_allclose(seq_clone(data), seq(data), rtol=1e-6)

    renamed = cloning.clone_model(
        model,
        clone_function=lambda layer: layers.Dense(layer.units, name="renamed"),
    )
    assert renamed.get_layer("renamed").units == 2


def test_clone_subclassed():
    model = TwoDense(units=3)
    model(np.ones((1, 2), "float32"))
    clone = cloning.clone_model(model)
    assert type(clone) is TwoDense
    assert clone.units == 3
    assert clone.built
    with pytest.raises(ValueError):
        cloning.clone_model(model, input_tensors=Input((2,)))


def test_variable_map_covers_model_optimizer_and_metrics():
    inputs = Input((3,))
    hidden = layers.Dense(4, name="d1")(inputs)
    outputs = layers.BatchNormalization(name="bn")(hidden)
    model = Model(inputs, outputs)
    model.compile(optimizer="adam", loss="mse")
    model.optimizer.build(model.trainable_variables)
    variable_map = model._get_variable_map()
    assert list(variable_map)[:8] == [
        "d1/kernel",
        "d1/bias",
        "bn/gamma",
        "bn/beta",
        "bn/moving_mean",
        "bn/moving_variance",
        "adam/iteration",
        "adam/learning_rate",
    ]
    assert "adam/bn_beta_velocity" in variable_map
    assert list(variable_map)[-2:] == ["loss/total", "loss/count"]
    assert variable_map["d1/kernel"] is model.layers[1].kernel


class QuantizeReportTest(testing.TestCase):
    def _model(self):
        inputs = Input((4,), name="in")
        x = layers.Dense(5, name="d1")(inputs)
        x = layers.Activation("relu", name="act")(x)
        return Model(inputs, layers.Dense(3, name="d2")(x))

    def test_report_lists_each_layer(self):
        model = self._model()
        with self.assertWarnsRegex(UserWarning, "'act'"):
            report = model.quantize("ternary", verbose=False)
        self.assertIs(model._quantization_report, report)
        self.assertEqual(
            report.quantized,
            [
                ("d1", "ternary", "ternary_from_float32"),
                ("d2", "ternary", "ternary_from_float32"),
            ],
        )
        self.assertEqual(report.skipped, [("act", "no quantize support")])
        again = model.quantize("int8", filters="d1", verbose=False)
        self.assertEqual(
            again.skipped,
            [
                ("d1", "already quantized"),
                ("act", "filtered out"),
                ("d2", "filtered out"),
            ],
        )

    def test_failure_restores_every_layer(self):
        class Broken(layers.Dense):
            def quantize(self, mode=None, type_check=True, config=None):
                raise RuntimeError("boom")

        model = Sequential(
            [
                Input((4,)),
                layers.Dense(3, name="a"),
                Broken(3, name="b"),
                layers.Dense(2, name="c"),
            ]
        )
        x = np.random.default_rng(0).normal(size=(2, 4)).astype("float32")
        before = model.predict(x, verbose=0)
        with self.assertRaisesRegex(RuntimeError, "boom"):
            model.quantize("ternary", verbose=False)
        first = model.layers[0]
        self.assertIsNone(first.quantization_mode)
        self.assertEqual(first.dtype_policy.name, "float32")
        self.assertEqual(
            [(v.name, v.dtype) for v in first.weights],
            [("kernel", "float32"), ("bias", "float32")],
        )
        self.assertFalse(hasattr(model, "_quantization_report"))
        self.assertAllClose(model.predict(x, verbose=0), before)
        # The restored layer can be quantized afterwards.
        first.quantize("ternary")
        self.assertEqual(first.quantization_mode, "ternary")
