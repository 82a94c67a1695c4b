"""AWQ: activation-aware 4-bit rounding of a layer's kernel.

`AWQ(layer, config)` records the mean magnitude of each input feature of
the layer and keeps a few hundred input rows
(`update_activation_magnitudes`), then `quantize_layer()`:

1. searches per-feature factors `s = a ** ratio / w ** (1 - ratio)` (`a`
   the activation magnitudes, `w` the weight statistic of
   `_get_weight_scale`) that minimize the activation-weighted rounding
   error of the kernel (`awq_search_optimal_scales`);
2. with `config.apply_clip`, searches for each output channel and group
   the bound on the scaled weights that best preserves the layer's output
   on the kept rows (`awq_search_best_clip`);
3. rounds the (clipped) kernel rows multiplied by `s` and stores the codes
   and `s` in the layer (see `keras.src.quantizers.zero_point_kernel`).

`Model.quantize("awq")` drives this for every layer of a model
(`keras.src.quantizers.awq_core`).
"""

import numpy as np

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
# Statistics below this count as "never active": their feature gets the
# neutral value 1.
_MIN_MAGNITUDE = 1e-8
# Keeps `_get_weight_scale` finite on all-zero groups.
_WEIGHT_EPSILON = 1e-6
# Input rows an `AWQ` object keeps for the clipping search.
MAX_CLIP_SAMPLE_ROWS = 512


def _group_index(in_features, group_size):
    """The group of each input feature (`group_size=-1`: all in group 0)."""
    size = in_features if group_size == -1 else group_size
    return ops.floor_divide(ops.arange(in_features, dtype="int32"), size)


def _group_width(in_features, group_size):
    """The columns of one group in the statistics and the clipping search:
    `group_size` when it divides `in_features`, else the whole row."""
    if group_size > 0 and in_features % group_size == 0:
        return group_size
    return in_features


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


def _neutral_if_tiny(statistic):
    """A per-feature statistic as float32, with values below `1e-8`
    replaced by 1 (they would make the factors infinite or zero)."""
    statistic = ops.cast(ops.convert_to_tensor(statistic), "float32")
    return ops.where(statistic < _MIN_MAGNITUDE, 1.0, statistic)


def _get_weight_scale(weights, group_size):
    """The relative size of each input feature's weights.

    Every weight's magnitude is divided by the largest magnitude of its
    group (plus `1e-6`), then averaged over the output channels.

    Args:
        weights: The weight `[out_features, in_features]`.
        group_size: Columns of a group (see `_group_width`), or `-1` for
            whole rows.

    Returns:
        A float32 `[in_features]` tensor with values in `[0, 1]`.
    """
    magnitudes = ops.abs(ops.cast(ops.convert_to_tensor(weights), "float32"))
    out_features, in_features = magnitudes.shape
    width = _group_width(in_features, group_size)
    groups = ops.reshape(magnitudes, (out_features, -1, width))
    largest = ops.max(groups, axis=-1, keepdims=True)
    relative = ops.divide(groups, ops.add(largest, _WEIGHT_EPSILON))
    return ops.mean(ops.reshape(relative, (out_features, in_features)), axis=0)


def _scales_for(magnitudes, weight_scale, ratio):
    """`magnitudes ** ratio / weight_scale ** (1 - ratio)`, normalized so
    that the largest and smallest factors multiply to 1."""
    scales = ops.divide(
        ops.power(magnitudes, ratio), ops.power(weight_scale, 1.0 - ratio)
    )
    return ops.divide(
        scales, ops.sqrt(ops.multiply(ops.max(scales), ops.min(scales)))
    )


def awq_search_optimal_scales(
    weights, activation_magnitudes, *, num_grid_points=20, group_size=-1
):
    """Finds the per-input-feature AWQ factors of a weight.

    For each `ratio` in `0, 1 / num_grid_points, ..., 1`, the factors are
    `s = a ** ratio / w ** (1 - ratio)` divided by
    `sqrt(max(s) * min(s))`, with `a` the activation magnitudes and `w`
    the weight statistic of `_get_weight_scale` (values of either below
    `1e-8` taken as 1). The weight's columns are multiplied by `s`,
    rounded to 4 bits (per row and group of `group_size` columns) and
    divided by `s` again. The factors of the ratio with the smallest mean
    of `((rounded - weights) * a) ** 2` are returned (the first one on
    ties).

    Args:
        weights: The weight `[out_features, in_features]`.
        activation_magnitudes: `[in_features]` magnitude of each input.
        num_grid_points: Number of grid steps between ratios 0 and 1.
        group_size: Columns sharing a scale, or `-1` for whole rows.

    Returns:
        The `[in_features]` factors (all positive).
    """
    weights = ops.cast(ops.convert_to_tensor(weights), "float32")
    magnitudes = _neutral_if_tiny(activation_magnitudes)
    weight_scale = _neutral_if_tiny(_get_weight_scale(weights, group_size))
    best_scales, best_error = None, None
    for step in range(num_grid_points + 1):
        scales = _scales_for(magnitudes, weight_scale, step / num_grid_points)
        rounded, _ = _round_trip(ops.multiply(weights, scales), group_size)
        error = ops.subtract(ops.divide(rounded, scales), weights)
        error = float(ops.mean(ops.square(ops.multiply(error, magnitudes))))
        if best_error is None or error < best_error:
            best_scales, best_error = scales, error
    return best_scales


def awq_search_best_clip(
    weights_scaled,
    activation_sample,
    awq_scales,
    *,
    group_size=-1,
    n_grid=20,
    max_shrink=0.5,
    oc_batch_size=64,
):
    """Finds, for each output channel and group, the bound on the scaled
    weights that best preserves the layer's output.

    The inputs matching `weights_scaled` are `activation_sample /
    awq_scales`. For each group (of `_group_width` columns) the candidate
    bounds are `m * (1 - max_shrink * i / n_grid)`, `i` in
    `0..n_grid - 1`, `m` the group's largest weight magnitude; the
    group's weights are clipped to `[-bound, bound]` and rounded to 4
    bits, and the bound with the smallest mean squared error of the
    group's part of the output (over the sample rows) is kept (the larger
    one on ties; `m` itself is a candidate, so clipping never does worse
    than not clipping).

    Args:
        weights_scaled: The weight times `awq_scales`,
            `[out_features, in_features]`.
        activation_sample: Layer inputs `(..., in_features)`.
        awq_scales: The `[in_features]` AWQ factors.
        group_size: Columns sharing a scale, or `-1` for whole rows.
        n_grid: Number of candidate bounds.
        max_shrink: The smallest candidate is `m * (1 - max_shrink)`
            (not included).
        oc_batch_size: Output channels searched together (bounds memory,
            not the result).

    Returns:
        `(best_max, width, n_group)`: the float32 bounds
        `[out_features, n_group, 1]`, the columns of a group and the
        number of groups.
    """
    weights = ops.cast(ops.convert_to_tensor(weights_scaled), "float32")
    out_features, in_features = weights.shape
    width = _group_width(in_features, group_size)
    n_group = in_features // width
    inputs = ops.reshape(
        ops.cast(ops.convert_to_tensor(activation_sample), "float32"),
        (-1, in_features),
    )
    inputs = ops.reshape(
        ops.divide(inputs, ops.cast(awq_scales, "float32")),
        (-1, n_group, width),
    )
    bounds = [
        _best_clip_bounds(
            ops.reshape(
                weights[start : start + oc_batch_size], (-1, n_group, width)
            ),
            inputs,
            n_grid,
            max_shrink,
        )
        for start in range(0, out_features, oc_batch_size)
    ]
    return ops.concatenate(bounds, axis=0), width, n_group


def _best_clip_bounds(groups, inputs, n_grid, max_shrink):
    """`awq_search_best_clip` for the output channels of `groups`
    `[channels, n_group, width]`; `inputs` is `[rows, n_group, width]`."""
    channels, n_group, width = groups.shape

    def group_outputs(weights):
        return ops.einsum("rgc,ogc->org", inputs, weights)

    reference = group_outputs(groups)
    largest = ops.max(ops.abs(groups), axis=-1, keepdims=True)
    best_bound, best_error = largest, None
    for step in range(n_grid):
        bound = ops.multiply(largest, 1.0 - max_shrink * step / n_grid)
        clipped = ops.clip(groups, ops.negative(bound), bound)
        rounded, _ = _round_trip(
            ops.reshape(clipped, (channels, n_group * width)), width
        )
        error = ops.subtract(
            group_outputs(ops.reshape(rounded, groups.shape)), reference
        )
        error = ops.expand_dims(ops.mean(ops.square(error), axis=1), -1)
        if best_error is None:
            best_bound, best_error = bound, error
            continue
        better = ops.less(error, best_error)
        best_bound = ops.where(better, bound, best_bound)
        best_error = ops.where(better, error, best_error)
    return best_bound


def awq_quantize_matrix(
    weights_transpose,
    activation_magnitudes,
    *,
    num_grid_points=20,
    group_size=-1,
    apply_clip=False,
    activation_sample=None,
    clip_n_grid=20,
    clip_max_shrink=0.5,
):
    """Rounds a weight matrix with AWQ.

    Args:
        weights_transpose: The weight `[out_features, in_features]`.
        activation_magnitudes: `[in_features]` magnitude of each input.
        num_grid_points: See `awq_search_optimal_scales`.
        group_size: Columns sharing a scale, or `-1` for whole rows.
        apply_clip: Whether to clip the scaled weights with the bounds of
            `awq_search_best_clip` before rounding (only with an
            `activation_sample`).
        activation_sample: Layer inputs `(..., in_features)` for the
            clipping search.
        clip_n_grid: `n_grid` of `awq_search_best_clip`.
        clip_max_shrink: `max_shrink` of `awq_search_best_clip`.

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
    scaled = ops.multiply(weights, awq_scales)
    if apply_clip and activation_sample is not None:
        bounds, width, n_group = awq_search_best_clip(
            scaled,
            activation_sample,
            awq_scales,
            group_size=group_size,
            n_grid=clip_n_grid,
            max_shrink=clip_max_shrink,
        )
        groups = ops.reshape(scaled, (-1, n_group, width))
        scaled = ops.reshape(
            ops.clip(groups, ops.negative(bounds), bounds), scaled.shape
        )
    _, (codes, scale, zero, g_idx) = _round_trip(scaled, group_size)
    return codes, scale, zero, awq_scales, ops.cast(g_idx, "float32")


class AWQ(calibration.KernelCalibration):
    """AWQ state of one layer: its input statistics and its quantization.

    Args:
        layer: A built `Dense` or `EinsumDense` (rank 2 or 3 kernel). To
            store the result, the layer must have been quantized first
            (`layer.quantize("awq", config=config)`).
        config: A `keras.quantizers.AWQConfig`; its `group_size`,
            `num_grid_points` and `apply_clip` are used.

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
        # The first `MAX_CLIP_SAMPLE_ROWS` input rows (float32), kept for
        # the clipping search when `config.apply_clip`.
        self._clip_samples = []
        self._clip_sample_rows = 0

    def update_activation_magnitudes(self, input_batch, valid_rows=None):
        """Folds a batch of layer inputs into the per-feature means of
        their absolute values (over all the rows seen so far) and, with
        `config.apply_clip`, keeps its rows until `MAX_CLIP_SAMPLE_ROWS`
        are kept.

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
        if self.config.apply_clip:
            self._keep_clip_sample(x, valid_rows)
        if valid_rows is None:
            valid_rows = ops.ones((x.shape[0],), dtype="bool")
        self.activation_magnitudes, count = _magnitude_step(
            self.activation_magnitudes, x, valid_rows, float(self.num_samples)
        )
        self.num_samples += int(count)

    def _keep_clip_sample(self, x, valid_rows):
        room = MAX_CLIP_SAMPLE_ROWS - self._clip_sample_rows
        if room <= 0:
            return
        if valid_rows is not None:
            mask = np.asarray(zero_point_kernel.replicated(valid_rows))
            if not mask.all():
                x = ops.take(x, np.flatnonzero(mask), axis=0)
        rows = ops.reshape(ops.cast(x, "float32"), (-1, self.rows))[:room]
        self._clip_samples.append(rows)
        self._clip_sample_rows += rows.shape[0]

    def quantize_layer(self):
        """Rounds the kernel with `awq_quantize_matrix` and stores the
        result in the layer (which must have been quantized with
        `"awq"`), dropping its float kernel."""
        weights = self._float_weights()
        sample = None
        if self._clip_samples:
            sample = zero_point_kernel.replicated(
                ops.concatenate(self._clip_samples, axis=0)
            )
        codes, scale, zero, awq_scales, g_idx = awq_quantize_matrix(
            weights,
            zero_point_kernel.replicated(self.activation_magnitudes),
            num_grid_points=self.config.num_grid_points,
            group_size=self.config.group_size,
            apply_clip=self.config.apply_clip,
            activation_sample=sample,
        )
        self.layer._assign_zero_point_kernel(
            codes, scale, zero, g_idx, awq_scales
        )

    def free(self):
        """Releases the statistics, the kept rows and the layer."""
        del self.activation_magnitudes
        del self._clip_samples
        del self.layer


def _accumulate_magnitudes(magnitudes, x, valid_rows, seen):
    """`(magnitudes, count)` after folding the mean absolute value of each
    feature over the `count` real rows of `x` into `magnitudes`, the mean
    over `seen` earlier rows."""
    rows, count = calibration.masked_rows(x, valid_rows)
    batch_sum = ops.sum(ops.abs(rows), axis=0)
    total = ops.add(seen, count)
    mean = ops.divide(
        ops.add(ops.multiply(magnitudes, seen), batch_sum),
        ops.maximum(total, 1.0),
    )
    return mean, count


# One computation per update (see `backend.compile_function`).
_magnitude_step = backend.compile_function(_accumulate_magnitudes)
