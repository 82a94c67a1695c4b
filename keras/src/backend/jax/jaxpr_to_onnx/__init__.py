"""Lowers a jaxpr to an ONNX model.

`jaxpr_to_onnx(...)` walks the equations of a closed jaxpr (as traced by
`export.to_jaxpr`) and writes, for each one, the ONNX operators that compute
the same values: elementwise arithmetic maps one to one, `dot_general`
becomes `MatMul` (with transposes and reshapes around it when its
dimensions are not in matrix order), `gather` becomes `GatherND`, `scan`
and `while` loops become an ONNX `Loop`, `cond` an `If`, and the bodies of
`jit`, custom-derivative and remat calls are inlined.

Shape polymorphism: a dimension that is a symbol in the jaxpr (such as
`batch`) stays unknown in the ONNX model. Its value is read at run time
from the shape of the first model input that has it, and every shape that
depends on symbols (a reshape to `(batch * 7, 6)`, an `iota` of length
`batch`) is computed from those values by ONNX shape arithmetic.

A primitive without a lowering here raises a `NotImplementedError` that
names it.
"""

import onnx
from onnx import helper

# Each module registers the rules of its family of primitives.
from keras.src.backend.jax.jaxpr_to_onnx import contractions  # noqa: F401
from keras.src.backend.jax.jaxpr_to_onnx import control_flow  # noqa: F401
from keras.src.backend.jax.jaxpr_to_onnx import elementwise  # noqa: F401
from keras.src.backend.jax.jaxpr_to_onnx import gather  # noqa: F401
from keras.src.backend.jax.jaxpr_to_onnx import reductions  # noqa: F401
from keras.src.backend.jax.jaxpr_to_onnx import shapes  # noqa: F401
from keras.src.backend.jax.jaxpr_to_onnx.lowering import MIN_OPSET
from keras.src.backend.jax.jaxpr_to_onnx.lowering import PROTOBUF_LIMIT
from keras.src.backend.jax.jaxpr_to_onnx.lowering import Lowering
from keras.src.backend.jax.jaxpr_to_onnx.lowering import value_info


def jaxpr_to_onnx(
    closed_jaxpr,
    weights,
    input_names,
    output_names,
    opset,
    graph_name="keras_model",
):
    """Builds an ONNX model computing `closed_jaxpr`.

    Args:
        closed_jaxpr: A `jax.extend.core.ClosedJaxpr` whose leading inputs
            are the weights, followed by the model inputs.
        weights: A list of `(name, array)`, the values of the leading
            inputs, stored in the model as initializers with these names.
        input_names: The names of the model inputs (the other inputs of
            the jaxpr), in order.
        output_names: The names of the jaxpr's outputs, in order.
        opset: The ONNX opset version to write (at least `MIN_OPSET`).
        graph_name: The name of the ONNX graph.

    Returns:
        An `onnx.ModelProto`, checked by `onnx.checker`.
    """
    if opset < MIN_OPSET:
        raise ValueError(
            f"The ONNX export writes opset {MIN_OPSET} or later. Received: "
            f"opset_version={opset}"
        )
    jaxpr = closed_jaxpr.jaxpr
    if len(jaxpr.invars) != len(weights) + len(input_names):
        raise ValueError(
            f"The jaxpr takes {len(jaxpr.invars)} arguments, but "
            f"{len(weights)} weights and {len(input_names)} inputs were "
            "given."
        )
    if len(jaxpr.outvars) != len(output_names):
        raise ValueError(
            f"The jaxpr has {len(jaxpr.outvars)} outputs, but "
            f"{len(output_names)} output names were given."
        )
    lowering = Lowering(opset, reserved=list(input_names) + output_names)
    weight_names = [lowering.weight(name, value) for name, value in weights]
    input_vars = jaxpr.invars[len(weights) :]
    lowering.register_symbols(input_names, [v.aval for v in input_vars])
    outputs = lowering.run(
        jaxpr, closed_jaxpr.consts, weight_names + list(input_names)
    )
    for value, name in zip(outputs, output_names):
        lowering.node("Identity", [value], outputs=[name])
    graph = helper.make_graph(
        lowering.root.nodes,
        graph_name,
        [value_info(n, v.aval) for n, v in zip(input_names, input_vars)],
        [value_info(n, v.aval) for n, v in zip(output_names, jaxpr.outvars)],
        lowering.initializers,
    )
    opset_id = helper.make_opsetid("", opset)
    model = helper.make_model(
        graph, opset_imports=[opset_id], producer_name="keras"
    )
    model.ir_version = helper.find_min_ir_version_for([opset_id])
    size = model.ByteSize()
    if size >= PROTOBUF_LIMIT:
        raise ValueError(
            f"The ONNX model takes {size} bytes, over the 2 GiB that one "
            "protobuf holds; this export does not store weights as "
            "external data. Export a SavedModel instead."
        )
    onnx.checker.check_model(model)
    return model
