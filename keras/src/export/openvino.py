"""Exports a model as an OpenVINO IR (`.xml` graph and `.bin` weights)."""

from keras.src.distribution import distribution_lib
from keras.src.export import export_utils
from keras.src.export import onnx as onnx_export
from keras.src.utils import io_utils


def export_openvino(
    model, filepath, verbose=None, input_signature=None, **kwargs
):
    """Exports a model's inference function as an OpenVINO IR.

    The model is first lowered to ONNX as by `format="onnx"`, then read by
    OpenVINO's ONNX frontend and saved with its weights in float32:
    `filepath` (the graph) and the `.bin` file beside it (the weights). The
    batch dimension stays dynamic, so OpenVINO's runtime serves any batch
    size; inputs and outputs are named as in the ONNX export.

    On CPUs with bfloat16 units, OpenVINO's CPU plugin runs float32 models
    in bfloat16 unless the model is compiled with
    `{"INFERENCE_PRECISION_HINT": "f32"}` (a setting of the runtime, not
    of the file): pass it to get `predict`'s float32 outputs.

    Args:
        model: A built Keras model (a subclassed model must have been
            called once).
        filepath: The `.xml` file to write.
        verbose: Whether to print a message once exported (default
            `True`).
        input_signature: Optional specs of the model's inputs (see
            `keras.Model.export`).
        **kwargs: Not used: any key raises a `ValueError`.

    Example:

    ```python
    model.export("model.xml", format="openvino")  # calls this function
    compiled = openvino.Core().compile_model(
        "model.xml", "CPU", {"INFERENCE_PRECISION_HINT": "f32"}
    )
    predictions = compiled({"features": x})[compiled.output(0)]
    ```
    """
    if not str(filepath).endswith(".xml"):
        raise ValueError(
            "The OpenVINO export writes an `.xml` file (and its `.bin` "
            f"weights beside it). Received: filepath={filepath}"
        )
    export_utils.reject_options(kwargs, "openvino", ["input_signature"])
    export_utils.require("onnx", "onnx", "openvino")
    openvino = export_utils.require("openvino", "openvino", "openvino")
    traced = onnx_export.trace_model(model, input_signature)

    def write(path):
        proto = onnx_export.to_onnx_model(traced)
        # The runtime's ONNX reader (`openvino.convert_model` would import
        # TensorFlow to rule out a TensorFlow model first).
        converted = openvino.Core().read_model(proto.SerializeToString())
        # Fused nodes leave their own names on the outputs: keep only ours.
        for output, name in zip(converted.outputs, traced.output_names):
            output.get_tensor().set_names({name})
        openvino.save_model(converted, path, compress_to_fp16=False)

    export_utils.write_from_process_0(filepath, write, companions=(".bin",))
    if (verbose is None or verbose) and distribution_lib.process_id() == 0:
        io_utils.print_msg(f"Saved the OpenVINO IR to '{filepath}'.")
