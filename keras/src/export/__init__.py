"""Model export: TF SavedModel and LiteRT.

`Model.export(filepath, format=...)` calls `export_model`, which hands the
model to the exporter of the format. Each exporter imports the packages it
needs (TensorFlow) only when it runs, and says which to install when one
is missing.

The `"onnx"` and `"openvino"` formats are not available yet: both would
start from `jax2tf`'s TensorFlow graph, but in JAX 0.10 that graph is one
`XlaCallModule` op (serialized StableHLO), which neither `tf2onnx` nor
OpenVINO's TensorFlow frontend converts.
"""

from keras.src.export.saved_model import ExportArchive
from keras.src.export.saved_model import export_saved_model
from keras.src.export.tfsm_layer import TFSMLayer

# format -> (module of `keras.src.export`, exporter function).
_EXPORTERS = {
    "tf_saved_model": ("saved_model", "export_saved_model"),
    "litert": ("litert", "export_litert"),
}
# Formats of upstream Keras that this fork cannot write yet.
_NOT_AVAILABLE = ("onnx", "openvino")


def export_model(
    model, filepath, format="tf_saved_model", verbose=None, **kwargs
):
    """Exports `model` in `format` (see `keras.Model.export`)."""
    import importlib

    if format in _NOT_AVAILABLE:
        raise NotImplementedError(
            f"Exporting with format={format!r} is not available in this "
            "fork yet: JAX 0.10's `jax2tf` only emits serialized StableHLO "
            "(`XlaCallModule`), which the ONNX and OpenVINO converters "
            "cannot read. Export a SavedModel (`format='tf_saved_model'`) "
            "or a LiteRT file (`format='litert'`) instead."
        )
    if format not in _EXPORTERS:
        raise ValueError(
            f"Unrecognized format={format!r}: `export()` writes one of the "
            f"formats {list(_EXPORTERS) + list(_NOT_AVAILABLE)}."
        )
    module, function = _EXPORTERS[format]
    module = importlib.import_module(f"keras.src.export.{module}")
    return getattr(module, function)(model, filepath, verbose=verbose, **kwargs)
