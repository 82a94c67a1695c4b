"""`Model.quantize("gptq")`: GPTQ calibration of a model, block by block.

See `keras.src.quantizers.calibration` for the procedure and
`keras.src.quantizers.gptq` for the per-layer algorithm.
"""

from keras.src.quantizers import calibration
from keras.src.quantizers.calibration import find_layers_in_block  # noqa: F401
from keras.src.quantizers.calibration import get_dataloader  # noqa: F401
from keras.src.quantizers.calibration import (  # noqa: F401
    stack_calibration_batch as _stack_calibration_batch,
)
from keras.src.quantizers.gptq import GPTQ


class _HessianObserver:
    """Feeds a layer's inputs to its `GPTQ` object."""

    def __init__(self, layer, config):
        self.gptq = GPTQ(layer, config)
        self.in_features = self.gptq.rows

    def observe(self, inputs, valid_rows):
        self.gptq.update_hessian_with_batch(inputs, valid_rows)

    def finish(self):
        self.gptq.quantize_and_correct_layer()

    def free(self):
        self.gptq.free()


def stream_hessians(layers_map, gptq_objects):
    """A context in which calling the layers of `layers_map` adds their
    inputs to the Hessians of their `GPTQ` objects.

    Args:
        layers_map: `{name: layer}`, e.g. from `find_layers_in_block`.
        gptq_objects: `{name: GPTQ}` for (some of) the same names.

    Example:

    ```python
    layers_map = find_layers_in_block(block)
    gptq_objects = {name: GPTQ(layer) for name, layer in layers_map.items()}
    with stream_hessians(layers_map, gptq_objects):
        for batch in batches:
            block(batch)
    ```
    """
    return calibration.observing_inputs(
        layers_map, gptq_objects, GPTQ.update_hessian_with_batch
    )


def gptq_quantize(config, quantization_layer_structure, filters=None):
    """Quantizes the `Dense` and `EinsumDense` layers of a model's blocks
    with GPTQ.

    Args:
        config: A `keras.quantizers.GPTQConfig` with a dataset and a
            tokenizer.
        quantization_layer_structure: A dict with the keys
            `"pre_block_layers"` and `"sequential_blocks"` (see
            `GPTQConfig`).
        filters: Optional selection of the layers (see `Model.quantize`).
    """
    calibration.quantize_layerwise(
        config,
        quantization_layer_structure,
        filters,
        lambda layer: _HessianObserver(layer, config),
    )
