"""Symbolic dimensions lowered to ONNX shape arithmetic, evaluated by
ONNX Runtime for sizes the expressions never saw."""

import jax
import numpy as np
import pytest

onnx = pytest.importorskip("onnx")
onnxruntime = pytest.importorskip("onnxruntime")

from onnx import helper  # noqa: E402

from keras.src.backend.jax.jaxpr_to_onnx import lowering as lowering_lib  # noqa: E402
from keras.src.backend.jax.jaxpr_to_onnx import symbolic_dims  # noqa: E402


def _evaluate(expressions, sizes):
    """The values of `expressions` (strings over the symbols `b`, `n`)
    when the input of shape `(b, n)` has shape `sizes`."""
    scope = jax.export.SymbolicScope()
    b, n = jax.export.symbolic_shape("b, n", scope=scope)
    dims = [jax.export.symbolic_shape(e, scope=scope)[0] for e in expressions]
    lowering = lowering_lib.Lowering(lowering_lib.MIN_OPSET, reserved=["x"])
    lowering.register_symbols(["x"], [lowering_lib.Aval((b, n), np.float32)])
    outputs = [lowering.dim(d) for d in dims]
    names = [f"y{i}" for i in range(len(outputs))]
    for value, name in zip(outputs, names):
        lowering.node("Identity", [value], outputs=[name])
    graph = helper.make_graph(
        lowering.root.nodes,
        "dims",
        [lowering_lib.value_info("x", lowering_lib.Aval((b, n), np.float32))],
        [
            helper.make_tensor_value_info(name, onnx.TensorProto.INT64, [1])
            for name in names
        ],
        lowering.initializers,
    )
    opset = helper.make_opsetid("", lowering_lib.MIN_OPSET)
    model = helper.make_model(graph, opset_imports=[opset])
    model.ir_version = helper.find_min_ir_version_for([opset])
    session = onnxruntime.InferenceSession(model.SerializeToString())
    results = session.run(None, {"x": np.zeros(sizes, np.float32)})
    return [int(r[0]) for r in results]


def test_expressions_of_two_symbols():
    expressions = [
        "b",
        "7*b - 3",
        "floordiv(7*b - 3, 2)",
        "mod(b, 3)",
        "max(b, 4)",
        "min(b, n)",
        "b*b*n",
        "2*n - b + 1",
        "floordiv(b + n, 4) * 3",
    ]
    for b, n in ((5, 2), (2, 9), (11, 11)):
        expected = [
            b,
            7 * b - 3,
            (7 * b - 3) // 2,
            b % 3,
            max(b, 4),
            min(b, n),
            b * b * n,
            2 * n - b + 1,
            (b + n) // 4 * 3,
        ]
        assert _evaluate(expressions, (b, n)) == expected


def test_symbol_name_only_for_a_lone_symbol():
    b, n = jax.export.symbolic_shape("b, n")
    assert symbolic_dims.symbol_name(b) == "b"
    assert symbolic_dims.symbol_name(n) == "n"
    assert symbolic_dims.symbol_name(2 * b) is None
    assert symbolic_dims.symbol_name(b + 1) is None
    assert symbolic_dims.symbol_name(b * n) is None
    assert symbolic_dims.symbol_name(7) is None


def test_unknown_symbol_names_the_expression():
    scope = jax.export.SymbolicScope()
    b, n = jax.export.symbolic_shape("b, n", scope=scope)
    lowering = lowering_lib.Lowering(lowering_lib.MIN_OPSET, reserved=["x"])
    lowering.register_symbols(["x"], [lowering_lib.Aval((b, 3), np.float32)])
    with pytest.raises(NotImplementedError, match=r"'n \+ b'.*known: \['b'\]"):
        lowering.dim(b + n)
