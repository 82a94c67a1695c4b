"""The rule of `gather` (as `GatherND`, with JAX's clamping and
filling of out-of-bounds starts).
"""

import jax
import numpy as np

from keras.src.backend.jax.jaxpr_to_onnx.lowering import rule


@rule("gather")
def _gather(lowering, eqn, inputs):
    operand, indices = inputs
    operand_aval, indices_aval = (v.aval for v in eqn.invars)
    operand_shape = operand_aval.shape
    numbers = eqn.params["dimension_numbers"]
    sizes = eqn.params["slice_sizes"]
    indexed = list(numbers.start_index_map)
    collapsed = set(numbers.collapsed_slice_dims)
    rank = len(sizes)
    supported = not numbers.operand_batching_dims and all(
        sizes[a] == operand_shape[a] for a in range(rank) if a not in indexed
    )
    if not supported:
        raise NotImplementedError(
            "The ONNX export lowers `gather`s whose slices are whole along "
            f"the axes they do not index. Received: {numbers}, "
            f"slice_sizes={sizes}"
        )
    # The slice starts at the index along the indexed axes; those that
    # are not collapsed are windows of `sizes[a]` elements from there.
    rest = [a for a in range(rank) if a not in indexed]
    windows = sorted(a for a in indexed if a not in collapsed)
    operand = lowering.transpose(operand, indexed + rest)
    start = lowering.cast(indices, indices_aval.dtype, np.int64)
    # The last valid start of each indexed axis.
    last = lowering.shape([operand_shape[a] - sizes[a] for a in indexed])
    zero = lowering.const(0, np.int64)
    mode = eqn.params["mode"]
    in_bounds = None
    if mode == jax.lax.GatherScatterMode.FILL_OR_DROP:
        valid = lowering.node(
            "And",
            [
                lowering.node("GreaterOrEqual", [start, zero]),
                lowering.node("LessOrEqual", [start, last]),
            ],
        )
        valid = lowering.reduce(
            "ReduceMin", lowering.cast(valid, np.bool_, np.int32), [-1]
        )
        in_bounds = lowering.cast(valid, np.int32, np.bool_)
    if mode != jax.lax.GatherScatterMode.PROMISE_IN_BOUNDS:
        # Clamped (dropped starts are masked out below).
        start = lowering.node(
            "Max", [lowering.node("Min", [start, last]), zero]
        )
    num_batch = len(indices_aval.shape) - 1
    if windows:
        start = lowering.node(
            "Add",
            [
                lowering.node(
                    "Unsqueeze",
                    [
                        start,
                        lowering.const(
                            list(range(num_batch, num_batch + len(windows))),
                            np.int64,
                        ),
                    ],
                ),
                _window_offsets(lowering, indexed, windows, sizes),
            ],
        )
    # (batch..., windows..., rest...).
    gathered = lowering.node("GatherND", [operand, start])
    kept = [a for a in range(rank) if a not in collapsed]
    slots = {a: num_batch + i for i, a in enumerate(windows + rest)}
    offset_dims = sorted(numbers.offset_dims)
    out_rank = len(eqn.outvars[0].aval.shape)
    perm, batch, offset = [], iter(range(num_batch)), iter(kept)
    for axis in range(out_rank):
        perm.append(slots[next(offset)] if axis in offset_dims else next(batch))
    result = lowering.transpose(gathered, perm)
    if in_bounds is None:
        return result
    if offset_dims:
        in_bounds = lowering.node(
            "Unsqueeze", [in_bounds, lowering.const(offset_dims, np.int64)]
        )
    fill = eqn.params["fill_value"]
    dtype = operand_aval.dtype
    if fill is None:
        fill = _default_fill(dtype)
    return lowering.node(
        "Where", [in_bounds, result, lowering.const(fill, dtype)]
    )


def _window_offsets(lowering, indexed, windows, sizes):
    """The offsets of each element of the windows from their start: a
    `(window sizes..., len(indexed))` tensor."""
    window_shape = [sizes[a] for a in windows]
    components = []
    for axis in indexed:
        if axis in windows:
            j = windows.index(axis)
            offsets = lowering.node(
                "Range",
                [
                    lowering.const(0, np.int64),
                    lowering.scalar(sizes[axis]),
                    lowering.const(1, np.int64),
                ],
            )
            shape = [1] * len(windows)
            shape[j] = sizes[axis]
            offsets = lowering.reshape(offsets, [sizes[axis]], shape)
        else:
            offsets = lowering.const(np.zeros([1] * len(windows), np.int64))
        offsets = lowering.node(
            "Expand", [offsets, lowering.shape(window_shape)]
        )
        components.append(
            lowering.node(
                "Unsqueeze", [offsets, lowering.const([-1], np.int64)]
            )
        )
    return lowering.node("Concat", components, axis=-1)


def _default_fill(dtype):
    """JAX's fill value for out-of-bounds gathers."""
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return True
    if np.issubdtype(dtype, np.inexact):
        return np.nan
    if np.issubdtype(dtype, np.signedinteger):
        return np.iinfo(dtype).min
    return np.iinfo(dtype).max
