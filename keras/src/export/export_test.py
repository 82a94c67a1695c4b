"""`Model.export` in every format, served by its own runtime elsewhere.

Each model below is exported in each format; one fresh Python process per
format loads every artifact with the format's runtime only (no Keras, no
JAX: `keras.src.testing.export_serving`) and runs it on a batch of 5 rows,
a batch size the export never saw (its batch dimension is symbolic). The
outputs must equal `model.predict` at float32 round-off: the served
computation is the same float32 arithmetic, only fused and ordered
differently (the SavedModel runs the same StableHLO through TensorFlow's
XLA; LiteRT, ONNX Runtime and OpenVINO use their own kernels), which moves
each output by a few ulps of the values summed: `rtol=1e-5, atol=1e-5`
for outputs of order 1 from sums of at most ~100 terms.
"""

import numpy as np
import pytest

import keras
from keras.src import layers
from keras.src import models
from keras.src import ops
from keras.src.testing import export_serving

BATCH = 5
# The key of an input without a name, replaced by the format's name for it.
UNNAMED_INPUT = "unnamed"
UNNAMED_INPUT_NAMES = {
    "tf_saved_model": "args_0",
    "litert": "args_0",
    "onnx": "input_0",
    "openvino": "input_0",
}
EXTENSIONS = {
    "tf_saved_model": "",
    "litert": ".tflite",
    "onnx": ".onnx",
    "openvino": ".xml",
}


class Subclassed(models.Model):
    def __init__(self):
        super().__init__()
        self.hidden = layers.Dense(8, activation="tanh")
        self.out = layers.Dense(3)

    def call(self, x):
        return self.out(self.hidden(x))


def _rng():
    return np.random.default_rng(0)


def sequential():
    model = models.Sequential(
        [
            layers.Input((6,), name="features"),
            layers.Dense(8, activation="relu"),
            layers.BatchNormalization(),
            layers.Dense(2, activation="sigmoid"),
        ]
    )
    x = _rng().normal(size=(BATCH, 6)).astype("float32")
    return model, {"features": x}, x


def dict_io():
    a = layers.Input((4,), name="a")
    b = layers.Input((3,), name="b")
    joined = layers.Concatenate()([layers.Dense(5)(a), b])
    model = models.Model(
        {"a": a, "b": b},
        {"sum": layers.Dense(2)(joined), "scaled": ops.multiply(a, 2.0)},
    )
    rng = _rng()
    inputs = {
        "a": rng.normal(size=(BATCH, 4)).astype("float32"),
        "b": rng.normal(size=(BATCH, 3)).astype("float32"),
    }
    return model, inputs, inputs


def list_io():
    a = layers.Input((4,), name="left")
    b = layers.Input((4,), name="right")
    model = models.Model([a, b], [layers.Dense(3)(a), layers.Add()([a, b])])
    rng = _rng()
    x = [rng.normal(size=(BATCH, 4)).astype("float32") for _ in range(2)]
    return model, {"left": x[0], "right": x[1]}, x


def subclassed():
    model = Subclassed()
    x = _rng().normal(size=(BATCH, 4)).astype("float32")
    model(x[:2])
    return model, {UNNAMED_INPUT: x}, x


def masked_lstm():
    tokens = layers.Input((7,), dtype="int32", name="tokens")
    x = layers.Embedding(20, 6, mask_zero=True)(tokens)
    x = layers.LSTM(5, return_sequences=True)(x)
    model = models.Model(tokens, layers.GRU(4)(x))
    ids = _rng().integers(1, 20, size=(BATCH, 7)).astype("int32")
    ids[:, 4:] = 0  # padding, masked out
    return model, {"tokens": ids}, ids


def int8_quantized():
    model = models.Sequential(
        [layers.Input((16,), name="x"), layers.Dense(8), layers.Dense(2)]
    )
    model.quantize("int8")
    x = _rng().normal(size=(BATCH, 16)).astype("float32")
    return model, {"x": x}, x


MODELS = {
    "sequential": sequential,
    "dict_io": dict_io,
    "list_io": list_io,
    "subclassed": subclassed,
    "masked_lstm": masked_lstm,
    "int8_quantized": int8_quantized,
}


# Models a format cannot carry, and why.
UNSUPPORTED = {
    "litert": {
        # The LiteRT converter lowers the int8 x int8 matmul to its
        # `FULLY_CONNECTED` op, which takes only its own quantized types
        # (quantize for LiteRT with its `optimizations` option instead).
        "int8_quantized",
    },
}


def _flat_outputs(outputs):
    """Outputs keyed as in the artifacts' signatures."""
    if isinstance(outputs, dict):
        return {k: np.asarray(v) for k, v in outputs.items()}
    if isinstance(outputs, (list, tuple)):
        return {f"output_{i}": np.asarray(v) for i, v in enumerate(outputs)}
    return {"output_0": np.asarray(outputs)}


# The packages that write each format (its runtime is checked too).
EXPORT_PACKAGES = {
    "tf_saved_model": ["tensorflow"],
    "litert": ["tensorflow"],
    "onnx": ["onnx"],
    "openvino": ["onnx"],
}


def _export_and_serve(format, tmp_path):
    for package in EXPORT_PACKAGES[format]:
        pytest.importorskip(package)
    pytest.importorskip(export_serving.RUNTIME_PACKAGES[format])
    requests, expected = [], []
    names = [n for n in MODELS if n not in UNSUPPORTED.get(format, ())]
    for name in names:
        keras.utils.set_random_seed(1)
        make = MODELS[name]
        model, named_inputs, predict_inputs = make()
        path = str(tmp_path / f"{name}{EXTENSIONS[format]}")
        model.export(path, format=format, verbose=False)
        if UNNAMED_INPUT in named_inputs:
            named_inputs = {
                UNNAMED_INPUT_NAMES[format]: named_inputs[UNNAMED_INPUT]
            }
        requests.append((format, path, named_inputs))
        expected.append(_flat_outputs(model.predict(predict_inputs)))
    served = export_serving.serve_in_fresh_process(requests)
    return format, dict(zip(names, zip(served, expected)))


@pytest.fixture(scope="module", params=list(EXTENSIONS))
def served(request, tmp_path_factory):
    format = request.param
    return _export_and_serve(format, tmp_path_factory.mktemp(format))


@pytest.mark.parity
@pytest.mark.parametrize("name", list(MODELS))
def test_served_outputs_equal_predict(served, name):
    format, results = served
    if name in UNSUPPORTED.get(format, ()):
        pytest.skip(f"{format} cannot carry the {name} model (see UNSUPPORTED)")
    outputs, expected = results[name]
    if len(outputs) == 1 and len(expected) == 1:
        # A single output: the runtimes name it differently.
        outputs = {"output_0": next(iter(outputs.values()))}
    assert sorted(outputs) == sorted(expected)
    for key, value in expected.items():
        assert outputs[key].shape == value.shape
        np.testing.assert_allclose(outputs[key], value, rtol=1e-5, atol=1e-5)
