"""Model export: TF SavedModel, ONNX, LiteRT and OpenVINO.

`Model.export(filepath, format=...)` calls `export_model`, which hands the
model to the exporter of the format. Each exporter imports the packages it
needs (TensorFlow, `tf2onnx`, `ai-edge-litert`, `openvino`) only when it
runs, and says which to install when one is missing.
"""

from keras.src.export.saved_model import ExportArchive
from keras.src.export.saved_model import export_saved_model
from keras.src.export.tfsm_layer import TFSMLayer

# format -> (module of `keras.src.export`, exporter function).
_EXPORTERS = {
    "tf_saved_model": ("saved_model", "export_saved_model"),
    "onnx": ("onnx", "export_onnx"),
    "litert": ("litert", "export_litert"),
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
