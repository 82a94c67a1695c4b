"""Model export: TF SavedModel, LiteRT, ONNX and OpenVINO.

`Model.export(filepath, format=...)` calls `export_model`, which hands the
model to the exporter of the format. Each exporter imports the packages it
needs only when it runs (TensorFlow for the SavedModel and LiteRT, `onnx`
for ONNX, `onnx` and `openvino` for OpenVINO), and says which to install
when one is missing.

The SavedModel and LiteRT exports go through `jax2tf`. ONNX and OpenVINO
cannot start from `jax2tf`'s graph (in JAX 0.10 it is one `XlaCallModule`
op of serialized StableHLO, which neither `tf2onnx` nor OpenVINO's
TensorFlow frontend converts): the model's jaxpr is lowered to ONNX
directly, and OpenVINO converts that ONNX model.
"""

from keras.src.export.saved_model import ExportArchive
from keras.src.export.saved_model import export_saved_model
from keras.src.export.tfsm_layer import TFSMLayer

# format -> (module of `keras.src.export`, exporter function).
_EXPORTERS = {
    "tf_saved_model": ("saved_model", "export_saved_model"),
    "litert": ("litert", "export_litert"),
    "onnx": ("onnx", "export_onnx"),
    "openvino": ("openvino", "export_openvino"),
}


def export_model(
    model, filepath, format="tf_saved_model", verbose=None, **kwargs
):
    """Exports `model` in `format` (see `keras.Model.export`)."""
    import importlib

    if format not in _EXPORTERS:
        raise ValueError(
            f"Unrecognized format={format!r}: `export()` writes one of the "
            f"formats {list(_EXPORTERS)}."
        )
    module, function = _EXPORTERS[format]
    module = importlib.import_module(f"keras.src.export.{module}")
    return getattr(module, function)(model, filepath, verbose=verbose, **kwargs)
