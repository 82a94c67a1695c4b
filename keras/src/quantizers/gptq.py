"""GPTQ: rounds a layer's kernel column by column, compensating each
column's rounding error on the columns not yet rounded.

`GPTQ(layer, config)` accumulates the Hessian `H = 2 / n * X^T X` of the
layer's inputs `X` (`update_hessian_with_batch`), then
`quantize_and_correct_layer()` rounds the kernel with
`gptq_quantize_matrix` (which inverts the damped Hessian through its
Cholesky factor) and stores the codes in the layer (see
`keras.src.quantizers.zero_point_kernel`). `Model.quantize("gptq")` drives
this for every layer of a model (`keras.src.quantizers.gptq_core`).
"""

import numpy as np

from keras.src import backend
from keras.src import ops
from keras.src.quantizers import calibration
from keras.src.quantizers import zero_point_kernel
from keras.src.quantizers.gptq_config import GPTQConfig
from keras.src.quantizers.quantizers import GPTQQuantizer
from keras.src.quantizers.quantizers import compute_quantization_parameters
from keras.src.quantizers.quantizers import dequantize_with_zero_point
from keras.src.quantizers.quantizers import quantize_with_zero_point
from keras.src.utils.python_utils import ceil_div


def _stable_permutation(metric):
    """The indices of `metric` from largest to smallest value; equal
    values keep their order."""
    metric = ops.convert_to_tensor(metric)
    # The sort is stable: an ascending sort of the negated values.
    return ops.argsort(ops.negative(metric))


def gptq_quantize_matrix(
    weights_transpose,
    hessian,
    *,
    blocksize=128,
    group_size=-1,
    activation_order=False,
    order_metric=None,
    compute_scale_zero=compute_quantization_parameters,
):
    """Rounds a weight matrix with GPTQ's error compensation.

    Columns (input features) are rounded in order (or, with
    `activation_order`, from the largest `order_metric` down). The
    compensation uses `U`, the upper triangular Cholesky factor of the
    inverse Hessian (`U^T U = inverse(hessian)`, in rounding order): its
    row `j` describes the inverse Hessian of the columns from `j` on, that
    is of those still free once the earlier ones are rounded. The error
    `e = (w - dequantized) / U[j, j]` of column `j` is subtracted from
    each later column `k` in proportion to `U[j, k]`: within a block of
    `blocksize` columns at once, and from the following columns once the
    block is done. The scale and zero point of a group are computed when
    its first column is reached, from the group's columns as they were at
    the start of the block.

    Args:
        weights_transpose: The weight `[out_features, in_features]`.
        hessian: The damped input Hessian `[in_features, in_features]`; it
            must be positive definite.
        blocksize: Columns whose errors are propagated to later blocks
            together.
        group_size: Columns sharing a scale, or `-1` for one scale per
            row over all columns.
        activation_order: Whether to round the columns in decreasing order
            of `order_metric`.
        order_metric: `[in_features]` importance of each column; defaults
            to `diag(hessian)`.
        compute_scale_zero: Called as `compute_scale_zero(columns)` on a
            `[out_features, width]` slice; returns `(scale, zero, maxq)`
            with one scale and zero point per row. Defaults to
            `compute_quantization_parameters`, which then needs its
            keyword arguments bound (e.g. `functools.partial`).

    Raises:
        ValueError: when `hessian` is not positive definite.

    Returns:
        `(codes, scale, zero, g_idx)`: `int32` codes
        `[out_features, in_features]` in the original column order,
        the scales and zero points `[out_features, num_groups]` (as
        `compute_scale_zero` returns them; groups in rounding order), and
        the `float32` group index of each column (its integer part;
        `position / group_size` in rounding order).
    """
    weights = ops.cast(ops.convert_to_tensor(weights_transpose), "float32")
    hessian = ops.cast(ops.convert_to_tensor(hessian), "float32")
    rows, columns = weights.shape
    permutation = None
    if activation_order:
        if order_metric is None:
            order_metric = ops.diagonal(hessian)
        permutation = _stable_permutation(order_metric)
        weights = ops.take(weights, permutation, axis=1)
        hessian = ops.take(
            ops.take(hessian, permutation, axis=0), permutation, axis=1
        )
    inverse_factor = _inverse_cholesky_factor(hessian)
    scales, zeros = [], []
    maxq = None
    if group_size == -1:
        scale, zero, maxq = compute_scale_zero(weights)
        scales.append(scale)
        zeros.append(zero)
    codes = []
    for start in range(0, columns, blocksize):
        end = min(start + blocksize, columns)
        if group_size == -1:
            groups = np.zeros(end - start, "int32")
        else:
            # The groups starting in this block, from the columns as they
            # are at the block's start.
            first = ceil_div(start, group_size) * group_size
            for group_start in range(first, end, group_size):
                window = ops.arange(
                    group_start, min(group_start + group_size, columns)
                )
                scale, zero, maxq = compute_scale_zero(
                    ops.take(weights, window, axis=1)
                )
                scales.append(scale)
                zeros.append(zero)
            groups = np.arange(start, end, dtype="int32") // group_size
        columns_of_block = ops.arange(start, end)
        block_codes, block_errors = _quantize_block(
            ops.take(weights, columns_of_block, axis=1),
            ops.take(
                ops.take(inverse_factor, columns_of_block, axis=0),
                columns_of_block,
                axis=1,
            ),
            ops.take(_per_row(scales, rows), groups, axis=1),
            ops.take(_per_row(zeros, rows), groups, axis=1),
            maxq,
        )
        codes.append(block_codes)
        if end < columns:
            later = ops.arange(end, columns)
            correction = ops.matmul(
                block_errors,
                ops.take(
                    ops.take(inverse_factor, columns_of_block, axis=0),
                    later,
                    axis=1,
                ),
            )
            weights = ops.concatenate(
                [
                    ops.take(weights, ops.arange(0, end), axis=1),
                    ops.subtract(ops.take(weights, later, axis=1), correction),
                ],
                axis=1,
            )
    codes = ops.cast(ops.concatenate(codes, axis=1), "int32")
    size = columns if group_size == -1 else group_size
    g_idx = ops.divide(ops.arange(columns, dtype="float32"), float(size))
    if permutation is not None:
        inverse = ops.argsort(permutation)
        codes = ops.take(codes, inverse, axis=1)
        g_idx = ops.take(g_idx, inverse, axis=0)
    scale = ops.concatenate(scales, axis=1)
    zero = ops.concatenate(zeros, axis=1)
    return codes, scale, zero, g_idx


def _inverse_cholesky_factor(hessian):
    """The upper triangular `U` with `U^T U = inverse(hessian)`.

    The inverse comes from the Cholesky factor of `hessian` (cheaper and
    steadier than a general inverse of a symmetric positive definite
    matrix), then is factored in turn.
    """
    try:
        inverse = ops.cholesky_inverse(ops.cholesky(hessian))
        return ops.cholesky(inverse, upper=True)
    except ValueError as error:
        raise ValueError(
            "Cholesky decomposition failed for the GPTQ Hessian: it is not "
            "positive definite. Raise `hessian_damping` or calibrate on "
            f"more samples. Details: {error}"
        ) from None


def _per_row(values, rows):
    """Per-group `(rows, 1)` (or broadcastable) values as one float32
    `(rows, groups)` table."""
    return ops.concatenate(
        [ops.broadcast_to(ops.cast(v, "float32"), (rows, 1)) for v in values],
        axis=1,
    )


def _quantize_block(block, inverse_factor, scales, zeros, maxq):
    """Rounds the columns of a block in order, each column's error
    compensated on the block's later columns.

    Args:
        block: `[rows, width]` weights.
        inverse_factor: The `[width, width]` part of the inverse Hessian's
            upper Cholesky factor.
        scales: `[rows, width]` scale of each weight's group.
        zeros: `[rows, width]` zero point of each weight's group.
        maxq: The largest code.

    Returns:
        `(codes, errors)`, both `[rows, width]`: the float codes and the
        scaled rounding errors `(w - dequantized) / inverse_factor[j, j]`.
    """
    state = (
        block,
        ops.zeros_like(block),
        ops.zeros_like(block),
        inverse_factor,
        scales,
        zeros,
        ops.cast(maxq, "float32"),
    )
    state = ops.fori_loop(0, block.shape[1], _round_column, state)
    return state[1], state[2]


def _round_column(j, state):
    """One step of `_quantize_block`: rounds column `j`. The whole row `j`
    of the factor is applied: it is zero before `j`."""
    block, codes, errors, factor, scales, zeros, maxq = state
    rows, width = block.shape
    w = ops.slice(block, (0, j), (rows, 1))
    scale = ops.slice(scales, (0, j), (rows, 1))
    zero = ops.slice(zeros, (0, j), (rows, 1))
    q = quantize_with_zero_point(w, scale, zero, maxq)
    error = ops.divide(
        ops.subtract(w, dequantize_with_zero_point(q, scale, zero)),
        ops.slice(factor, (j, j), (1, 1)),
    )
    block = ops.subtract(
        block, ops.multiply(error, ops.slice(factor, (j, 0), (1, width)))
    )
    codes = ops.slice_update(codes, (0, j), q)
    errors = ops.slice_update(errors, (0, j), error)
    return block, codes, errors, factor, scales, zeros, maxq


class GPTQ(calibration.KernelCalibration):
    """GPTQ state of one layer: its input Hessian and its quantization.

    Args:
        layer: A built `Dense` or `EinsumDense` (rank 2 or 3 kernel). To
            store the result, the layer must have been quantized first
            (`layer.quantize("gptq", config=config)`).
        config: A `keras.quantizers.GPTQConfig`; its `weight_bits`,
            `per_channel`, `symmetric`, `group_size`, `hessian_damping`
            and `activation_order` are used.

    Example:

    ```python
    layer.quantize("gptq", config=config)
    gptq = GPTQ(layer, config)
    gptq.update_hessian_with_batch(layer_inputs)
    gptq.quantize_and_correct_layer()
    gptq.free()
    ```
    """

    MODE = "gptq"
    CONFIG_CLASS = GPTQConfig

    def __init__(self, layer, config=None):
        super().__init__(layer, config)
        self.quantizer = GPTQQuantizer(
            self.config, compute_dtype=layer.variable_dtype
        )
        self.hessian = ops.zeros((self.rows, self.rows), dtype="float32")

    def update_hessian_with_batch(self, input_batch, valid_rows=None):
        """Adds a batch of layer inputs to the Hessian estimate.

        The Hessian is the running mean `2 / n * sum(x x^T)` over the `n`
        input rows seen so far (inputs of rank above 2 are flattened to
        rows of `in_features` values).

        Args:
            input_batch: Inputs `(..., in_features)`.
            valid_rows: Optional boolean mask over the batch's first axis:
                rows where it is `False` (padding) are left out.
        """
        if input_batch is None:
            raise ValueError("Input tensor 'input_batch' cannot be None.")
        x = ops.convert_to_tensor(input_batch)
        if len(x.shape) < 2:
            raise ValueError(
                "The input batch must have a rank of at least 2. Received "
                f"shape {tuple(x.shape)}."
            )
        if x.shape[0] == 0:
            raise ValueError("Input tensor 'input_batch' cannot be empty.")
        if x.shape[-1] != self.rows:
            raise ValueError(
                f"Hessian dimensions ({self.rows}) do not match input "
                f"features ({x.shape[-1]}) of layer "
                f"'{self.layer.name}'."
            )
        if valid_rows is None:
            valid_rows = ops.ones((x.shape[0],), dtype="bool")
        self.hessian, count = _hessian_step(
            self.hessian, x, valid_rows, float(self.num_samples)
        )
        self.num_samples += int(count)

    def quantize_and_correct_layer(self, blocksize=128):
        """Rounds the kernel with `gptq_quantize_matrix` and stores the
        result in the layer (which must have been quantized with
        `"gptq"`), dropping its float kernel.

        Columns whose inputs were always zero get a unit Hessian diagonal;
        `hessian_damping` times the mean diagonal is added to the
        diagonal before `gptq_quantize_matrix` inverts it.

        Args:
            blocksize: Columns whose errors are propagated together.
        """
        weights = self._float_weights()
        hessian = zero_point_kernel.replicated(self.hessian)
        diagonal = ops.diagonal(hessian)
        dead = ops.equal(diagonal, 0.0)
        hessian = ops.add(hessian, ops.diag(ops.cast(dead, "float32")))
        damping = self.config.hessian_damping * ops.mean(ops.diagonal(hessian))
        hessian = ops.add(
            hessian, ops.multiply(damping, ops.eye(self.rows, dtype="float32"))
        )
        codes, scale, zero, g_idx = gptq_quantize_matrix(
            weights,
            hessian,
            blocksize=blocksize,
            group_size=self.config.group_size,
            activation_order=self.config.activation_order,
            order_metric=ops.diagonal(hessian),
            compute_scale_zero=self.quantizer.find_params,
        )
        self.layer._assign_zero_point_kernel(codes, scale, zero, g_idx, None)

    def free(self):
        """Releases the Hessian and the layer."""
        del self.hessian
        del self.layer


def _accumulate_hessian(hessian, x, valid_rows, seen):
    """`(hessian, count)` after adding the `count` real rows of `x` to the
    running mean `2 / n * sum(x x^T)` over `seen` rows."""
    flat, count = calibration.masked_rows(x, valid_rows)
    total = ops.maximum(ops.add(seen, count), 1.0)
    gram = ops.matmul(ops.transpose(flat), flat)
    # A blocked matmul may round the two triangles differently; averaging
    # them keeps the estimate exactly symmetric.
    gram = ops.multiply(ops.add(gram, ops.transpose(gram)), 0.5)
    hessian = ops.add(
        ops.multiply(hessian, ops.divide(seen, total)),
        ops.multiply(gram, 2.0 / total),
    )
    return hessian, count


# One computation per update (see `backend.compile_function`).
_hessian_step = backend.compile_function(_accumulate_hessian)
