import numpy as np
import pytest

import keras
from keras.src import ops
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.ops.function import Function
from keras.src.ops.symbolic_arguments import SymbolicArguments


def _graph():
    a = KerasTensor((None, 4))
    b = KerasTensor((None, 4))
    total = ops.add(a, b)
    return a, b, total, ops.sqrt(total)


def test_call_follows_the_structures_of_inputs_and_outputs():
    a, b, total, root = _graph()
    fn = Function({"a": a, "b": b}, [total, root], name="scaled")
    sums, roots = fn({"a": np.full((2, 4), 5.0), "b": np.ones((2, 4))})
    np.testing.assert_allclose(sums, np.full((2, 4), 6.0))
    np.testing.assert_allclose(roots, np.full((2, 4), np.sqrt(6.0)), 1e-6)
    assert fn.name == "scaled"
    assert [op.name for op in fn.operations] == ["add", "sqrt"]
    assert fn.inputs == [a, b] and fn.outputs == [total, root]


def test_symbolic_call_records_the_function_and_nests():
    a, b, total, _ = _graph()
    inner = Function([a, b], total)
    x = KerasTensor((3, 4))
    y = KerasTensor((3, 4))
    z = inner([x, y])
    assert isinstance(z, KerasTensor) and z.shape == (3, 4)
    assert z._keras_history.operation is inner
    outer = Function([x, y], ops.multiply(z, 2.0))
    np.testing.assert_allclose(
        outer([np.ones((3, 4)), np.ones((3, 4))]), np.full((3, 4), 4.0)
    )


def test_intermediate_tensors_as_inputs_leave_their_producers_out():
    x = keras.Input((2,))
    hidden = ops.exp(x)
    out = ops.add(hidden, 1.0)
    fn = Function(hidden, out)
    assert [op.name for op in fn.operations] == ["add"]
    np.testing.assert_allclose(fn(np.zeros((1, 2))), np.ones((1, 2)))


def test_output_shapes_resolve_unknown_dimensions():
    x = KerasTensor((None, 3))
    fn = Function(x, {"squared": ops.square(x)})
    assert fn.compute_output_shape((5, 3)) == {"squared": (5, 3)}
    spec = fn.compute_output_spec(KerasTensor((7, 3)))
    assert spec["squared"].shape == (7, 3)


def test_call_errors_name_the_problem():
    a, b, total, _ = _graph()
    fn = Function([a, b], total)
    with pytest.raises(ValueError, match="invalid input structure"):
        fn(np.ones((2, 4)))
    with pytest.raises(ValueError, match=r"expected shape \(None, 4\)"):
        fn([np.ones((2, 5)), np.ones((2, 4))])
    with pytest.raises(ValueError, match="`outputs` argument cannot be"):
        Function(a, [])
    with pytest.raises(ValueError, match="must be KerasTensors"):
        Function([a, 3], total)
    with pytest.raises(ValueError, match="`<root>` is not connected"):
        Function(a, total)


def test_functional_models_are_functions():
    inputs = keras.Input((3,))
    model = keras.Model(inputs, keras.layers.Dense(2)(inputs))
    assert isinstance(model, keras.Function)
    assert model.operations == model.layers


def test_symbolic_arguments_fill_in_and_convert():
    a = KerasTensor((2,))
    b = KerasTensor((2,))
    arguments = SymbolicArguments([a, 1.0], b, axis=0)
    assert arguments.keras_tensors == [a, b]
    args, kwargs = arguments.fill_in({id(a): "A"})
    assert args == (["A", 1.0], None) and kwargs == {"axis": 0}
    args, _ = arguments.convert(lambda x: x.shape)
    assert args == ([(2,), 1.0], (2,))
