"""`GPTQConfig`: the settings of a GPTQ weight quantization."""

from keras.src.api_export import keras_export
from keras.src.quantizers.calibration_config import CalibrationConfig
from keras.src.quantizers.calibration_config import check_positive_int


@keras_export("keras.quantizers.GPTQConfig")
class GPTQConfig(CalibrationConfig):
    """Settings of a GPTQ (post-training, second-order) weight quantization.

    `Model.quantize("gptq", config=...)` runs the calibration samples
    through the model block by block; every `Dense` and `EinsumDense`
    inside a block gets a Hessian estimate of its inputs, and its kernel
    is rounded one input column at a time, each rounding error being
    compensated on the columns not yet rounded. The kernel is then stored
    as `weight_bits`-bit codes with a scale and zero point per output row
    and group of `group_size` input columns.

    Args:
        dataset: Calibration data: an iterable of texts (tokenized with
            `tokenizer.tokenize`) or of token arrays.
        tokenizer: An object whose `tokenize(text)` returns token ids.
        weight_bits: Bits per quantized weight: 2, 3, 4 or 8.
        num_samples: Number of calibration samples.
        calibration_batch_size: Calibration samples that go through the
            model together in one forward pass (a positive `int`; the
            last pass takes the samples left over). It changes the
            memory a pass needs, not the result: the Hessians sum over
            all the samples either way.
        per_channel: Whether scales are computed per output channel.
        sequence_length: Length of each calibration sequence.
        hessian_damping: Fraction of the Hessian's mean diagonal added to
            its diagonal for numerical stability, in `[0, 1]`.
        group_size: Weights sharing one scale; `-1` for one group per
            channel.
        symmetric: Whether quantization is symmetric around zero.
        activation_order: Whether columns are quantized in decreasing
            order of activation magnitude.
        quantization_layer_structure: Optional dict with the keys
            `"pre_block_layers"` (layers that turn the token ids into the
            first block's input, e.g. the embedding) and
            `"sequential_blocks"` (the blocks, in order). Defaults to
            `model.get_quantization_layer_structure("gptq")`. It is not
            part of `get_config()`.

    Example:

    ```python
    config = keras.quantizers.GPTQConfig(
        dataset=texts,
        tokenizer=tokenizer,
        group_size=64,
        quantization_layer_structure={
            "pre_block_layers": [model.get_layer("embedding")],
            "sequential_blocks": [model.get_layer("block_0")],
        },
    )
    model.quantize("gptq", config=config)
    ```
    """

    _SETTINGS = (
        "weight_bits",
        "num_samples",
        "calibration_batch_size",
        "per_channel",
        "sequence_length",
        "hessian_damping",
        "group_size",
        "symmetric",
        "activation_order",
    )

    def __init__(
        self,
        dataset,
        tokenizer,
        *,
        weight_bits=4,
        num_samples=128,
        calibration_batch_size=8,
        per_channel=True,
        sequence_length=512,
        hessian_damping=0.01,
        group_size=128,
        symmetric=False,
        activation_order=False,
        quantization_layer_structure=None,
    ):
        if weight_bits not in (2, 3, 4, 8):
            raise ValueError(
                f"Unsupported weight_bits {weight_bits}: GPTQ quantizes to "
                "2, 3, 4 or 8 bits."
            )
        if not 0.0 <= hessian_damping <= 1.0:
            raise ValueError(
                "hessian_damping must be between 0 and 1. Received: "
                f"hessian_damping={hessian_damping}"
            )
        check_positive_int(calibration_batch_size, "calibration_batch_size")
        super().__init__(
            dataset,
            tokenizer,
            weight_bits=weight_bits,
            num_samples=num_samples,
            sequence_length=sequence_length,
            group_size=group_size,
            quantization_layer_structure=quantization_layer_structure,
        )
        self.calibration_batch_size = calibration_batch_size
        self.per_channel = per_channel
        self.hessian_damping = hessian_damping
        self.symmetric = symmetric
        self.activation_order = activation_order

    @property
    def mode(self):
        return "gptq"
