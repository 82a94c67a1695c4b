"""Rules of reductions along axes: sums, extrema, products, logical
reductions, arg-extrema, cumulative sums and `top_k`.
"""

import numpy as np

from keras.src.backend.jax.jaxpr_to_onnx.lowering import rule

_REDUCTIONS = {
    "reduce_sum": "ReduceSum",
    "reduce_max": "ReduceMax",
    "reduce_min": "ReduceMin",
    "reduce_prod": "ReduceProd",
}


@rule(*_REDUCTIONS)
def _reduction(lowering, eqn, inputs):
    axes = eqn.params["axes"]
    if not axes:
        return inputs[0]
    return lowering.reduce(_REDUCTIONS[eqn.primitive.name], inputs[0], axes)


@rule("reduce_and", "reduce_or")
def _reduce_logical(lowering, eqn, inputs):
    axes = eqn.params["axes"]
    if not axes:
        return inputs[0]
    op_type = "ReduceMin" if eqn.primitive.name == "reduce_and" else "ReduceMax"
    as_int = lowering.cast(inputs[0], np.bool_, np.int32)
    reduced = lowering.reduce(op_type, as_int, axes)
    return lowering.cast(reduced, np.int32, np.bool_)


@rule("argmax", "argmin")
def _argmax(lowering, eqn, inputs):
    (axis,) = eqn.params["axes"]
    op_type = "ArgMax" if eqn.primitive.name == "argmax" else "ArgMin"
    index = lowering.node(op_type, inputs, axis=int(axis), keepdims=0)
    return lowering.cast(index, np.int64, eqn.params["index_dtype"])


@rule("cumsum")
def _cumsum(lowering, eqn, inputs):
    axis = lowering.const(int(eqn.params["axis"]), np.int64)
    return lowering.node(
        "CumSum", [inputs[0], axis], reverse=int(eqn.params["reverse"])
    )


@rule("top_k")
def _top_k(lowering, eqn, inputs):
    k = lowering.const([int(eqn.params["k"])], np.int64)
    values, indices = lowering.node(
        "TopK", [inputs[0], k], num_outputs=2, axis=-1, largest=1, sorted=1
    )
    return [
        values,
        lowering.cast(indices, np.int64, eqn.outvars[1].aval.dtype),
    ]
