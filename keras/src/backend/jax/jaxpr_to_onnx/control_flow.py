"""Rules of calls and control flow: inlined calls, `scan` and `while`
as ONNX `Loop`, `cond` as nested `If`.
"""

import jax
import jax.extend
import numpy as np

from keras.src.backend.jax.jaxpr_to_onnx.lowering import BOOL_SCALAR
from keras.src.backend.jax.jaxpr_to_onnx.lowering import INT64_MIN
from keras.src.backend.jax.jaxpr_to_onnx.lowering import INT64_SCALAR
from keras.src.backend.jax.jaxpr_to_onnx.lowering import rule


def _called_jaxpr(eqn):
    for key in ("jaxpr", "call_jaxpr", "fun_jaxpr"):
        if key in eqn.params:
            return eqn.params[key]
    raise NotImplementedError(
        f"The ONNX export found no body in the call `{eqn.primitive.name}`."
    )


@rule(
    "jit",
    "closed_call",
    "remat2",
    "checkpoint",
    "custom_jvp_call",
    "custom_vjp_call",
)
def _call(lowering, eqn, inputs):
    body = _called_jaxpr(eqn)
    if isinstance(body, jax.extend.core.ClosedJaxpr):
        return lowering.run_closed(body, inputs)
    return lowering.run(body, [], inputs)


def _loop(lowering, name, limits, initial, carry_avals, num_outputs, body):
    """Lowers a loop over the carried values `initial` to an ONNX `Loop`.

    Args:
        lowering: The `Lowering` in progress.
        name: Name of the body graph.
        limits: The `Loop` node's first two inputs: the name of the int64
            iteration count (`""` for none) and of the boolean that lets
            the first iteration run.
        initial: Names of the carried values before the first iteration.
        carry_avals: Abstract values of the carried values.
        num_outputs: Number of outputs of the `Loop` node.
        body: Builds the nodes of the body graph: called with the names of
            the iteration number, of the incoming condition and of the
            carried values, it returns the `(name, aval)` pairs of the
            body's outputs (the condition of the next iteration, then the
            carried values and any stacked outputs).

    Returns:
        The names of the outputs of the `Loop` node, as a list.
    """
    iteration = lowering.fresh("iteration")
    condition = lowering.fresh("condition")
    carry_names = [lowering.fresh("carry") for _ in initial]
    graph = lowering.subgraph(
        name,
        [(iteration, INT64_SCALAR), (condition, BOOL_SCALAR)]
        + list(zip(carry_names, carry_avals)),
        lambda: body(iteration, condition, carry_names),
    )
    results = lowering.node(
        "Loop", list(limits) + initial, num_outputs=num_outputs, body=graph
    )
    return results if isinstance(results, list) else [results]


@rule("scan")
def _scan(lowering, eqn, inputs):
    params = eqn.params
    body = params["jaxpr"]
    num_consts, num_carry = params["num_consts"], params["num_carry"]
    consts = inputs[:num_consts]
    carry = inputs[num_consts : num_consts + num_carry]
    xs = inputs[num_consts + num_carry :]
    length = params["length"]
    reverse = params["reverse"]
    carry_avals = [v.aval for v in body.jaxpr.invars][
        num_consts : num_consts + num_carry
    ]
    trip_count = lowering.scalar(length)

    def build(iteration, condition, carry_names):
        if reverse:
            last = lowering.node(
                "Sub", [trip_count, lowering.const(1, np.int64)]
            )
            step = lowering.node("Sub", [last, iteration])
        else:
            step = iteration
        x_slices = [lowering.node("Gather", [x, step], axis=0) for x in xs]
        outputs = lowering.run_closed(body, consts + carry_names + x_slices)
        out_avals = [v.aval for v in body.jaxpr.outvars]
        return [(condition, BOOL_SCALAR)] + list(zip(outputs, out_avals))

    results = _loop(
        lowering,
        "scan_body",
        (trip_count, lowering.const(True)),
        carry,
        carry_avals,
        len(eqn.outvars),
        build,
    )
    if reverse:
        # The loop stacks the outputs in iteration order.
        results = results[:num_carry] + [
            lowering.node(
                "Slice",
                [
                    y,
                    lowering.const([-1], np.int64),
                    lowering.const([INT64_MIN], np.int64),
                    lowering.const([0], np.int64),
                    lowering.const([-1], np.int64),
                ],
            )
            for y in results[num_carry:]
        ]
    return results


@rule("while")
def _while(lowering, eqn, inputs):
    params = eqn.params
    cond_jaxpr, body_jaxpr = params["cond_jaxpr"], params["body_jaxpr"]
    cond_nconsts, body_nconsts = params["cond_nconsts"], params["body_nconsts"]
    cond_consts = inputs[:cond_nconsts]
    body_consts = inputs[cond_nconsts : cond_nconsts + body_nconsts]
    init = inputs[cond_nconsts + body_nconsts :]
    carry_avals = [v.aval for v in eqn.outvars]
    (first,) = lowering.run_closed(cond_jaxpr, cond_consts + init)

    def build(iteration, condition, carry_names):
        new = lowering.run_closed(body_jaxpr, body_consts + carry_names)
        (again,) = lowering.run_closed(cond_jaxpr, cond_consts + new)
        return [(again, BOOL_SCALAR)] + list(zip(new, carry_avals))

    return _loop(
        lowering, "while_body", ("", first), init, carry_avals, len(init), build
    )


@rule("cond")
def _cond(lowering, eqn, inputs):
    index, *operands = inputs
    index_dtype = eqn.invars[0].aval.dtype
    branches = list(eqn.params["branches"])
    out_avals = [v.aval for v in eqn.outvars]

    def branch_graph(branch):
        def build():
            outputs = lowering.run_closed(branch, operands)
            return list(zip(outputs, out_avals))

        return lowering.subgraph("branch", [], build)

    def choose(first):
        # `index` is clamped to the branches, as in `lax.switch`.
        if first == len(branches) - 1:
            return branch_graph(branches[first])

        def build():
            outputs = choose_node(first)
            return list(zip(outputs, out_avals))

        return lowering.subgraph("branch", [], build)

    def choose_node(first):
        take = lowering.node(
            "LessOrEqual", [index, lowering.const(first, index_dtype)]
        )
        results = lowering.node(
            "If",
            [take],
            num_outputs=len(out_avals),
            then_branch=branch_graph(branches[first]),
            else_branch=choose(first + 1),
        )
        return results if isinstance(results, list) else [results]

    return choose_node(0)
