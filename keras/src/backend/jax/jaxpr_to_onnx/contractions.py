"""Rules of contractions and windows: `dot_general` as `MatMul`,
convolutions as `Conv`, window reductions as pooling.
"""

import math

import numpy as np

from keras.src.backend.jax.jaxpr_to_onnx.lowering import rule


@rule("dot_general")
def _dot_general(lowering, eqn, inputs):
    lhs, rhs = inputs
    lhs_aval, rhs_aval = (v.aval for v in eqn.invars)
    out_dtype = eqn.outvars[0].aval.dtype
    (lhs_contract, rhs_contract), (lhs_batch, rhs_batch) = eqn.params[
        "dimension_numbers"
    ]
    # Multiply in the output's type (e.g. int8 x int8 -> int32, exactly).
    compute = out_dtype
    lhs = lowering.cast(lhs, lhs_aval.dtype, compute)
    rhs = lowering.cast(rhs, rhs_aval.dtype, compute)
    lhs_shape, rhs_shape = lhs_aval.shape, rhs_aval.shape
    lhs_contract, rhs_contract = list(lhs_contract), list(rhs_contract)
    lhs_batch, rhs_batch = list(lhs_batch), list(rhs_batch)
    if not lhs_batch and len(rhs_shape) == 2 and len(lhs_contract) == 1:
        # `x @ w` over the last axis of `x` (a `Dense` layer).
        if lhs_contract == [len(lhs_shape) - 1]:
            if rhs_contract == [1]:
                rhs = lowering.transpose(rhs, [1, 0])
            return lowering.node("MatMul", [lhs, rhs])
    lhs_free = [
        a for a in range(len(lhs_shape)) if a not in lhs_contract + lhs_batch
    ]
    rhs_free = [
        a for a in range(len(rhs_shape)) if a not in rhs_contract + rhs_batch
    ]
    batch_dims = [lhs_shape[a] for a in lhs_batch]
    lhs_free_dims = [lhs_shape[a] for a in lhs_free]
    rhs_free_dims = [rhs_shape[a] for a in rhs_free]
    contract_dims = [lhs_shape[a] for a in lhs_contract]
    # (batch..., m, k) @ (batch..., k, n) -> (batch..., m, n).
    lhs = lowering.transpose(lhs, lhs_batch + lhs_free + lhs_contract)
    lhs = lowering.reshape(
        lhs,
        batch_dims + lhs_free_dims + contract_dims,
        batch_dims + [math.prod(lhs_free_dims), math.prod(contract_dims)],
    )
    rhs = lowering.transpose(rhs, rhs_batch + rhs_contract + rhs_free)
    rhs = lowering.reshape(
        rhs,
        batch_dims + contract_dims + rhs_free_dims,
        batch_dims + [math.prod(contract_dims), math.prod(rhs_free_dims)],
    )
    product = lowering.node("MatMul", [lhs, rhs])
    return lowering.reshape(
        product,
        batch_dims + [math.prod(lhs_free_dims), math.prod(rhs_free_dims)],
        batch_dims + lhs_free_dims + rhs_free_dims,
    )


@rule("conv_general_dilated")
def _conv(lowering, eqn, inputs):
    params = eqn.params
    if params["batch_group_count"] != 1:
        raise NotImplementedError(
            "The ONNX export cannot lower a convolution with "
            "`batch_group_count` > 1."
        )
    lhs_spec, rhs_spec, out_spec = params["dimension_numbers"]
    out_dtype = eqn.outvars[0].aval.dtype
    lhs = lowering.cast(inputs[0], eqn.invars[0].aval.dtype, out_dtype)
    rhs = lowering.cast(inputs[1], eqn.invars[1].aval.dtype, out_dtype)
    # ONNX's layouts: (batch, feature, spatial...) and (out, in, spatial...).
    lhs = lowering.transpose(lhs, lhs_spec)
    rhs = lowering.transpose(rhs, rhs_spec)
    lhs_shape = [eqn.invars[0].aval.shape[a] for a in lhs_spec]
    # A transposed convolution dilates its input: zeros between elements.
    for i, factor in enumerate(params["lhs_dilation"]):
        if factor != 1:
            lhs, lhs_shape = _dilate(lowering, lhs, lhs_shape, 2 + i, factor)
    # Negative padding crops the input; ONNX pads only.
    padding = [(int(lo), int(hi)) for lo, hi in params["padding"]]
    if any(lo < 0 or hi < 0 for lo, hi in padding):
        spatial = lhs_shape[2:]
        starts = [0, 0] + [max(-lo, 0) for lo, _ in padding]
        ends = lhs_shape[:2] + [
            dim + min(hi, 0) for dim, (_, hi) in zip(spatial, padding)
        ]
        lhs = lowering.node(
            "Slice", [lhs, lowering.shape(starts), lowering.shape(ends)]
        )
        padding = [(max(lo, 0), max(hi, 0)) for lo, hi in padding]
    result = lowering.node(
        "Conv",
        [lhs, rhs],
        strides=[int(s) for s in params["window_strides"]],
        pads=[lo for lo, _ in padding] + [hi for _, hi in padding],
        dilations=[int(d) for d in params["rhs_dilation"]],
        group=int(params["feature_group_count"]),
    )
    return lowering.transpose(result, np.argsort(out_spec))


def _dilate(lowering, x, shape, axis, factor):
    """Puts `factor - 1` zeros between the elements of `x` along `axis`;
    returns the result and its shape."""
    size = shape[axis]
    x = lowering.node("Unsqueeze", [x, lowering.const([axis + 1], np.int64)])
    pads = [0] * (2 * (len(shape) + 1))
    pads[len(shape) + 1 + axis + 1] = factor - 1
    x = lowering.node("Pad", [x, lowering.const(pads, np.int64)])
    spread = shape[:axis] + [size * factor] + shape[axis + 1 :]
    x = lowering.reshape(x, None, spread)
    dilated = shape[:axis] + [(size - 1) * factor + 1] + shape[axis + 1 :]
    x = lowering.node(
        "Slice",
        [
            x,
            lowering.const([0], np.int64),
            lowering.dim(dilated[axis]),
            lowering.const([axis], np.int64),
        ],
    )
    return x, dilated


@rule("reduce_window_max", "reduce_window_sum")
def _reduce_window(lowering, eqn, inputs):
    params = eqn.params
    window = list(params["window_dimensions"])
    strides = list(params["window_strides"])
    padding = list(params["padding"])
    if any(d != 1 for d in params["base_dilation"]):
        raise NotImplementedError(
            "The ONNX export cannot lower a pooling with base dilation."
        )
    rank = len(window)
    # Axis 0 is the batch; the channels are the last other axis that the
    # window does not cover.
    pooled = [
        a
        for a in range(rank)
        if window[a] != 1 or strides[a] != 1 or tuple(padding[a]) != (0, 0)
    ]
    rest = [a for a in range(1, rank) if a not in pooled]
    if 0 in pooled or not rest or not pooled:
        raise NotImplementedError(
            "The ONNX export lowers poolings over the axes between the "
            f"batch and the channels only. Received: window={window}"
        )
    channel = rest[-1]
    spatial = [a for a in range(1, rank) if a != channel]
    perm = [0, channel] + spatial
    x = lowering.transpose(inputs[0], perm)
    attrs = dict(
        kernel_shape=[int(window[a]) for a in spatial],
        strides=[int(strides[a]) for a in spatial],
        pads=[int(padding[a][0]) for a in spatial]
        + [int(padding[a][1]) for a in spatial],
    )
    if eqn.primitive.name == "reduce_window_max":
        dilations = [int(params["window_dilation"][a]) for a in spatial]
        pooled_x = lowering.node("MaxPool", [x], dilations=dilations, **attrs)
    else:
        if any(d != 1 for d in params["window_dilation"]):
            raise NotImplementedError(
                "The ONNX export cannot lower a dilated sum pooling."
            )
        mean = lowering.node("AveragePool", [x], count_include_pad=1, **attrs)
        size = lowering.const(
            math.prod(attrs["kernel_shape"]), eqn.invars[0].aval.dtype
        )
        pooled_x = lowering.node("Mul", [mean, size])
    return lowering.transpose(pooled_x, np.argsort(perm))
