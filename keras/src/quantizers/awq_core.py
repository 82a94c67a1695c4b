"""`Model.quantize("awq")`: AWQ calibration of a model, block by block.

See `keras.src.quantizers.calibration` for the procedure and
`keras.src.quantizers.awq` for the per-layer algorithm.
"""

from keras.src.quantizers import calibration
from keras.src.quantizers.awq import AWQ


class _MagnitudeObserver:
    """Feeds a layer's inputs to its `AWQ` object."""

    def __init__(self, layer, config):
        self.awq = AWQ(layer, config)
        self.in_features = self.awq.rows

    def observe(self, inputs, valid_rows):
        self.awq.update_activation_magnitudes(inputs, valid_rows)

    def finish(self):
        self.awq.quantize_layer()

    def free(self):
        self.awq.free()


def stream_activations(layers_map, awq_objects):
    """A context in which calling the layers of `layers_map` adds their
    inputs to the statistics of their `AWQ` objects (see
    `gptq_core.stream_hessians`).

    Args:
        layers_map: `{name: layer}`, e.g. from
            `calibration.find_layers_in_block`.
        awq_objects: `{name: AWQ}` for (some of) the same names.
    """
    return calibration.observing_inputs(
        layers_map, awq_objects, AWQ.update_activation_magnitudes
    )


def awq_quantize(config, quantization_layer_structure, filters=None):
    """Quantizes the `Dense` and `EinsumDense` layers of a model's blocks
    with AWQ.

    Args:
        config: A `keras.quantizers.AWQConfig` with a dataset and a
            tokenizer.
        quantization_layer_structure: A dict with the keys
            `"pre_block_layers"` and `"sequential_blocks"` (see
            `AWQConfig`).
        filters: Optional selection of the layers (see `Model.quantize`).
    """
    calibration.quantize_layerwise(
        config,
        quantization_layer_structure,
        filters,
        lambda layer: _MagnitudeObserver(layer, config),
    )
