import pytest

from keras.src import backend
from keras.src.layers.core.input_layer import Input
from keras.src.layers.core.input_layer import InputLayer


def test_input_shape_dtype_and_history():
    x = Input(shape=(3, 4), batch_size=2, dtype="int32", name="ids")
    assert isinstance(x, backend.KerasTensor)
    assert x.shape == (2, 3, 4)
    assert x.dtype == "int32"
    assert x.name == "ids"
    layer, node_index, tensor_index = x._keras_history
    assert isinstance(layer, InputLayer)
    assert (node_index, tensor_index) == (0, 0)
    assert layer.name == "ids"
    assert layer.output is x
    assert layer.batch_shape == (2, 3, 4)
    assert layer.dtype == "int32"
    assert layer.built
    assert layer._inbound_nodes[0].is_input


def test_default_dtype_and_batch_shape():
    x = Input(batch_shape=(None, 5))
    assert x.shape == (None, 5)
    assert x.dtype == backend.floatx()
    assert Input(shape=(7,)).shape == (None, 7)


def test_config_round_trip():
    layer = InputLayer(shape=(3,), dtype="float16", name="inp", optional=True)
    config = layer.get_config()
    assert config == {
        "batch_shape": [None, 3],
        "dtype": "float16",
        "sparse": False,
        "ragged": False,
        "optional": True,
        "name": "inp",
    }
    clone = InputLayer.from_config(config)
    assert clone.batch_shape == (None, 3)
    assert clone.dtype == "float16"
    assert clone.optional
    assert clone.output.shape == (None, 3)


def test_input_tensor_argument():
    source = backend.KerasTensor((None, 2), dtype="int32")
    x = Input(tensor=source)
    assert x is source
    assert x.dtype == "int32"
    assert isinstance(x._keras_history.operation, InputLayer)


def test_errors():
    with pytest.raises(ValueError, match="shape"):
        InputLayer()
    with pytest.raises(ValueError, match="both"):
        InputLayer(shape=(2,), batch_shape=(None, 2))
    with pytest.raises(ValueError, match="KerasTensor"):
        Input(tensor=[1, 2])


def test_sparse_input_is_symbolic_sparse():
    x = Input(shape=(2,), sparse=True)
    assert x.sparse and not x.ragged
    assert x.shape == (None, 2)
