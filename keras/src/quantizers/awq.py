"""AWQ: activation-aware 4-bit rounding of a layer's kernel.

`AWQ(layer, config)` records the largest magnitude of each input feature
of the layer (`update_activation_magnitudes`), then `quantize_layer()`
searches per-feature factors `s = a ** ratio` (`a` the magnitudes) that
minimize the activation-weighted rounding error of the kernel, rounds the
kernel rows multiplied by `s` and stores the codes and `s` in the layer
(see `keras.src.quantizers.zero_point_kernel`). `Model.quantize("awq")`
drives this for every layer of a model (`keras.src.quantizers.awq_core`).
"""

from keras.src import backend
from keras.src import ops
from keras.src.quantizers import calibration
from keras.src.quantizers import zero_point_kernel
from keras.src.quantizers.awq_config import AWQConfig
from keras.src.quantizers.quantizers import compute_quantization_parameters
from keras.src.quantizers.quantizers import dequantize_with_sz_map
from keras.src.quantizers.quantizers import quantize_with_sz_map

# AWQ codes have 4 bits.
_BITS = 4
# Activation magnitudes below this count as "never active": their feature
# gets the neutral magnitude 1.
_MIN_MAGNITUDE = 1e-8


def _group_index(in_features, group_size):
    """The group of each input feature (`group_size=-1`: all in group 0)."""
    size = in_features if group_size == -1 else group_size
    return ops.floor_divide(ops.arange(in_features, dtype="int32"), size)


def _round_trip(weights, group_size):
    """`weights` rounded to 4-bit codes and back, with its
    `(codes, scale, zero, g_idx)`."""
    in_features = weights.shape[1]
    scale, zero, maxq = compute_quantization_parameters(
        weights, bits=_BITS, per_channel=True, group_size=group_size
    )
    g_idx = _group_index(in_features, group_size)
    codes = quantize_with_sz_map(weights, scale, zero, g_idx, maxq)
    rounded = dequantize_with_sz_map(codes, scale, zero, g_idx)
    return rounded, (codes, scale, zero, g_idx)


def _magnitudes(activation_magnitudes):
    magnitudes = ops.cast(
        ops.convert_to_tensor(activation_magnitudes), "float32"
    )
    return ops.where(magnitudes < _MIN_MAGNITUDE, 1.0, magnitudes)


def _scales_for(magnitudes, ratio):
    """`magnitudes ** ratio`, normalized so that the largest and smallest
    factors multiply to 1."""
    scales = ops.power(magnitudes, ratio)
    return ops.divide(
        scales, ops.sqrt(ops.multiply(ops.max(scales), ops.min(scales)))
    )


def awq_search_optimal_scales(
    weights, activation_magnitudes, *, num_grid_points=20, group_size=-1
):
    """Finds the per-input-feature AWQ factors of a weight.

    For each `ratio` in `0, 1 / num_grid_points, ..., 1`, the factors are
    `s = a ** ratio / sqrt(max(a ** ratio) * min(a ** ratio))` (`a` the
    activation magnitudes, with magnitudes below `1e-8` taken as 1); the
    weight's columns are multiplied by `s`, rounded to 4 bits (per row and
    group of `group_size` columns) and divided by `s` again. The factors
    of the ratio with the smallest mean of `((rounded - weights) * a) ** 2`
    are returned (the first one on ties).

    Args:
        weights: The weight `[out_features, in_features]`.
        activation_magnitudes: `[in_features]` magnitude of each input.
        num_grid_points: Number of grid steps between ratios 0 and 1.
        group_size: Columns sharing a scale, or `-1` for whole rows.

    Returns:
        The `[in_features]` factors (all positive).
    """
    weights = ops.cast(ops.convert_to_tensor(weights), "float32")
    magnitudes = _magnitudes(activation_magnitudes)
    best_scales, best_error = None, None
    for step in range(num_grid_points + 1):
        scales = _scales_for(magnitudes, step / num_grid_points)
        rounded, _ = _round_trip(ops.multiply(weights, scales), group_size)
        error = ops.subtract(ops.divide(rounded, scales), weights)
        error = float(ops.mean(ops.square(ops.multiply(error, magnitudes))))
        if best_error is None or error < best_error:
            best_scales, best_error = scales, error
    return best_scales


def awq_quantize_matrix(
    weights_transpose,
    activation_magnitudes,
    *,
    num_grid_points=20,
    group_size=-1,
):
    """Rounds a weight matrix with AWQ.

    Args:
        weights_transpose: The weight `[out_features, in_features]`.
        activation_magnitudes: `[in_features]` magnitude of each input.
        num_grid_points: See `awq_search_optimal_scales`.
        group_size: Columns sharing a scale, or `-1` for whole rows.

    Returns:
        `(codes, scale, zero, awq_scales, g_idx)`: the float codes of
        `weights_transpose * awq_scales` `[out_features, in_features]`,
        `float32` scales and `uint8` zero points `[out_features,
        num_groups]`, the `[in_features]` factors and the `float32` group
        of each column.
    """
    weights = ops.cast(ops.convert_to_tensor(weights_transpose), "float32")
    awq_scales = awq_search_optimal_scales(
        weights,
        activation_magnitudes,
        num_grid_points=num_grid_points,
        group_size=group_size,
    )
    _, (codes, scale, zero, g_idx) = _round_trip(
        ops.multiply(weights, awq_scales), group_size
    )
    return codes, scale, zero, awq_scales, ops.cast(g_idx, "float32")


class AWQ(calibration.KernelCalibration):
    """AWQ state of one layer: its input magnitudes and its quantization.

    Args:
        layer: A built `Dense` or `EinsumDense` (rank 2 or 3 kernel). To
            store the result, the layer must have been quantized first
            (`layer.quantize("awq", config=config)`).
        config: A `keras.quantizers.AWQConfig`; its `group_size` and
            `num_grid_points` are used.

    Example:

    ```python
    layer.quantize("awq", config=config)
    awq = AWQ(layer, config)
    awq.update_activation_magnitudes(layer_inputs)
    awq.quantize_layer()
    awq.free()
    ```
    """

    MODE = "awq"
    CONFIG_CLASS = AWQConfig

    def __init__(self, layer, config=None):
        super().__init__(layer, config)
        self.activation_magnitudes = ops.zeros((self.rows,), dtype="float32")

    def update_activation_magnitudes(self, input_batch, valid_rows=None):
        """Folds a batch of layer inputs into the per-feature maxima of
        their absolute values.

        Args:
            input_batch: Inputs `(..., in_features)`.
            valid_rows: Optional boolean mask over the batch's first axis:
                rows where it is `False` (padding) are left out.
        """
        if input_batch is None:
            raise ValueError("Input tensor 'input_batch' cannot be None.")
        x = ops.convert_to_tensor(input_batch)
        if len(x.shape) < 2 or x.shape[0] == 0:
            raise ValueError(
                "The input batch must have a rank of at least 2 and at "
                f"least one row. Received shape {tuple(x.shape)}."
            )
        if x.shape[-1] != self.rows:
            raise ValueError(
                f"Activation dimensions ({self.rows}) do not match input "
                f"features ({x.shape[-1]}) of layer '{self.layer.name}'."
            )
        if valid_rows is None:
            valid_rows = ops.ones((x.shape[0],), dtype="bool")
        self.activation_magnitudes, count = _magnitude_step(
            self.activation_magnitudes, x, valid_rows
        )
        self.num_samples += int(count)

    def quantize_layer(self):
        """Rounds the kernel with `awq_quantize_matrix` and stores the
        result in the layer (which must have been quantized with
        `"awq"`), dropping its float kernel."""
        weights = self._float_weights()
        codes, scale, zero, awq_scales, g_idx = awq_quantize_matrix(
            weights,
            zero_point_kernel.replicated(self.activation_magnitudes),
            num_grid_points=self.config.num_grid_points,
            group_size=self.config.group_size,
        )
        self.layer._assign_zero_point_kernel(
            codes, scale, zero, g_idx, awq_scales
        )

    def free(self):
        """Releases the magnitudes and the layer."""
        del self.activation_magnitudes
        del self.layer


def _accumulate_magnitudes(magnitudes, x, valid_rows):
    """`(magnitudes, count)` after folding the largest absolute value of
    each feature over the `count` real rows of `x` into `magnitudes`."""
    count = 1
    for size in x.shape[1:-1]:
        count *= size
    mask = ops.cast(valid_rows, "float32")
    x = ops.multiply(
        ops.abs(ops.cast(x, "float32")),
        ops.reshape(mask, (-1,) + (1,) * (len(x.shape) - 1)),
    )
    batch_max = ops.max(ops.reshape(x, (-1, x.shape[-1])), axis=0)
    return (
        ops.maximum(magnitudes, batch_max),
        ops.multiply(ops.sum(mask), float(count)),
    )


# One computation per update (see `backend.compile_function`).
_magnitude_step = backend.compile_function(_accumulate_magnitudes)
