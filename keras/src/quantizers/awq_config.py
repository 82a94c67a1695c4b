"""`AWQConfig`: the settings of an AWQ weight quantization."""

from keras.src.api_export import keras_export
from keras.src.quantizers.calibration_config import CalibrationConfig
from keras.src.quantizers.calibration_config import check_positive_int


@keras_export("keras.quantizers.AWQConfig")
class AWQConfig(CalibrationConfig):
    """Settings of an AWQ (activation-aware, 4-bit) weight quantization.

    `Model.quantize("awq", config=...)` runs the calibration samples
    through the model block by block and records, for every `Dense` and
    `EinsumDense` inside a block, the mean magnitude of each input
    feature. Input features with large activations matter most, so each
    kernel row is scaled up by `activation ** ratio / weight ** (1 -
    ratio)` before rounding (and the inputs scaled down by the same factor
    at call time); `ratio` is the grid point in `[0, 1]` with the smallest
    activation-weighted rounding error. With `apply_clip`, the scaled
    weights of each group are then clipped to the bound that best
    preserves the layer's output on a few hundred calibration rows.

    Args:
        dataset: Calibration data: an iterable of texts (tokenized with
            `tokenizer.tokenize`) or of token arrays.
        tokenizer: An object whose `tokenize(text)` returns token ids.
        weight_bits: Bits per quantized weight; AWQ uses 4.
        num_samples: Number of calibration samples.
        sequence_length: Length of each calibration sequence.
        group_size: Weights sharing one scale; `-1` for one group per
            channel.
        num_grid_points: The ratios searched are `i / num_grid_points`
            for `i` in `0..num_grid_points`.
        apply_clip: Whether to search and apply the clipping bounds of
            the scaled weights (see
            `keras.src.quantizers.awq.awq_search_best_clip`).
        quantization_layer_structure: Optional dict with the keys
            `"pre_block_layers"` and `"sequential_blocks"` (see
            `GPTQConfig`). Defaults to
            `model.get_quantization_layer_structure("awq")`. It is not
            part of `get_config()`.

    Example:

    ```python
    config = keras.quantizers.AWQConfig(
        dataset=texts,
        tokenizer=tokenizer,
        quantization_layer_structure={
            "pre_block_layers": [model.get_layer("embedding")],
            "sequential_blocks": [model.get_layer("block_0")],
        },
    )
    model.quantize("awq", config=config)
    ```
    """

    _SETTINGS = (
        "weight_bits",
        "num_samples",
        "sequence_length",
        "group_size",
        "num_grid_points",
        "apply_clip",
    )

    def __init__(
        self,
        dataset,
        tokenizer,
        *,
        weight_bits=4,
        num_samples=128,
        sequence_length=512,
        group_size=128,
        num_grid_points=20,
        apply_clip=True,
        quantization_layer_structure=None,
    ):
        if weight_bits != 4:
            raise ValueError(
                "AWQ only supports 4-bit weights. Received: "
                f"weight_bits={weight_bits}"
            )
        super().__init__(
            dataset,
            tokenizer,
            weight_bits=weight_bits,
            num_samples=num_samples,
            sequence_length=sequence_length,
            group_size=group_size,
            quantization_layer_structure=quantization_layer_structure,
        )
        check_positive_int(num_grid_points, "num_grid_points")
        self.num_grid_points = num_grid_points
        self.apply_clip = apply_clip

    @property
    def mode(self):
        return "awq"
