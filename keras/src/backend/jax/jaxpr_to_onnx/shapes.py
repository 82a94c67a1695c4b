"""Rules of primitives that move or build elements: broadcasts,
reshapes, transposes, slices, padding, concatenation and `iota`.
"""

import numpy as np

from keras.src.backend.jax.jaxpr_to_onnx.lowering import INT64_MIN
from keras.src.backend.jax.jaxpr_to_onnx.lowering import is_static
from keras.src.backend.jax.jaxpr_to_onnx.lowering import rule


@rule("broadcast_in_dim")
def _broadcast_in_dim(lowering, eqn, inputs):
    (x,) = inputs
    operand = eqn.invars[0].aval.shape
    shape = eqn.params["shape"]
    kept = eqn.params["broadcast_dimensions"]
    missing = [a for a in range(len(shape)) if a not in kept]
    expanded = [1] * len(shape)
    for axis, dim in zip(kept, operand):
        expanded[axis] = dim
    if missing:
        x = lowering.node("Unsqueeze", [x, lowering.const(missing, np.int64)])
    if tuple(expanded) == tuple(shape):
        return x
    return lowering.node("Expand", [x, lowering.shape(shape)])


@rule("reshape")
def _reshape(lowering, eqn, inputs):
    if eqn.params.get("dimensions") is not None:
        raise NotImplementedError(
            "The ONNX export cannot lower a `reshape` with `dimensions`."
        )
    return lowering.reshape(
        inputs[0], eqn.invars[0].aval.shape, eqn.params["new_sizes"]
    )


@rule("squeeze")
def _squeeze(lowering, eqn, inputs):
    axes = [int(a) for a in eqn.params["dimensions"]]
    if not axes:
        return inputs[0]
    return lowering.node("Squeeze", [inputs[0], lowering.const(axes, np.int64)])


@rule("transpose")
def _transpose(lowering, eqn, inputs):
    return lowering.transpose(inputs[0], eqn.params["permutation"])


@rule("concatenate")
def _concatenate(lowering, eqn, inputs):
    return lowering.node("Concat", inputs, axis=int(eqn.params["dimension"]))


@rule("split")
def _split(lowering, eqn, inputs):
    sizes = eqn.params["sizes"]
    return lowering.node(
        "Split",
        [inputs[0], lowering.shape(sizes)],
        num_outputs=len(sizes),
        axis=int(eqn.params["axis"]),
    )


@rule("slice")
def _slice(lowering, eqn, inputs):
    starts = eqn.params["start_indices"]
    limits = eqn.params["limit_indices"]
    strides = eqn.params["strides"] or [1] * len(starts)
    axes = list(range(len(starts)))
    return lowering.node(
        "Slice",
        [
            inputs[0],
            lowering.shape(starts),
            lowering.shape(limits),
            lowering.const(axes, np.int64),
            lowering.const([int(s) for s in strides], np.int64),
        ],
    )


@rule("rev")
def _rev(lowering, eqn, inputs):
    axes = [int(a) for a in eqn.params["dimensions"]]
    if not axes:
        return inputs[0]
    return lowering.node(
        "Slice",
        [
            inputs[0],
            lowering.const([-1] * len(axes), np.int64),
            lowering.const([INT64_MIN] * len(axes), np.int64),
            lowering.const(axes, np.int64),
            lowering.const([-1] * len(axes), np.int64),
        ],
    )


@rule("dynamic_slice")
def _dynamic_slice(lowering, eqn, inputs):
    x, *start_indices = inputs
    shape = eqn.invars[0].aval.shape
    sizes = eqn.params["slice_sizes"]
    starts = [
        lowering.node(
            "Reshape",
            [
                lowering.cast(i, var.aval.dtype, np.int64),
                lowering.const([1], np.int64),
            ],
        )
        for i, var in zip(start_indices, eqn.invars[1:])
    ]
    starts = lowering.node("Concat", starts, axis=0)
    # Like XLA, clamp the window into the operand.
    room = lowering.node("Sub", [lowering.shape(shape), lowering.shape(sizes)])
    starts = lowering.node("Min", [starts, room])
    starts = lowering.node("Max", [starts, lowering.const([0], np.int64)])
    ends = lowering.node("Add", [starts, lowering.shape(sizes)])
    return lowering.node("Slice", [x, starts, ends])


@rule("pad")
def _pad(lowering, eqn, inputs):
    x, padding_value = inputs
    config = eqn.params["padding_config"]
    if any(interior for _, _, interior in config):
        raise NotImplementedError(
            "The ONNX export cannot lower a `pad` with interior padding."
        )
    if any(low < 0 or high < 0 for low, high, _ in config):
        # Negative padding crops.
        shape = eqn.invars[0].aval.shape
        starts = [max(-low, 0) for low, _, _ in config]
        ends = [
            dim - max(-high, 0) if is_static(dim) else dim + min(high, 0)
            for dim, (_, high, _) in zip(shape, config)
        ]
        x = lowering.node(
            "Slice", [x, lowering.shape(starts), lowering.shape(ends)]
        )
    pads = [max(low, 0) for low, _, _ in config] + [
        max(high, 0) for _, high, _ in config
    ]
    if not any(pads):
        return x
    return lowering.node(
        "Pad",
        [x, lowering.const(pads, np.int64), padding_value],
        mode="constant",
    )


@rule("iota")
def _iota(lowering, eqn, inputs):
    shape = eqn.params["shape"]
    dimension = int(eqn.params["dimension"])
    dtype = eqn.params["dtype"]
    values = lowering.node(
        "Range",
        [
            lowering.const(0, np.int64),
            lowering.scalar(shape[dimension]),
            lowering.const(1, np.int64),
        ],
    )
    values = lowering.cast(values, np.int64, dtype)
    others = [a for a in range(len(shape)) if a != dimension]
    if not others:
        return values
    values = lowering.node(
        "Unsqueeze", [values, lowering.const(others, np.int64)]
    )
    return lowering.node("Expand", [values, lowering.shape(shape)])
