"""Exports a model as an OpenVINO IR (`.xml` graph and `.bin` weights)."""

import io

from keras.src.distribution import distribution_lib
from keras.src.export import export_utils
from keras.src.export import onnx as onnx_export
from keras.src.utils import io_utils


def export_openvino(
    model, filepath, verbose=None, input_signature=None, **kwargs
):
    """Exports a model's inference function as an OpenVINO IR.

    The model is first lowered to ONNX as by `format="onnx"`, then
    converted by OpenVINO's ONNX frontend (`openvino.convert_model`) and
    saved with its weights in float32: `filepath` (the graph) and the
    `.bin` file beside it (the weights). The batch dimension stays dynamic,
    so OpenVINO's runtime serves any batch size; inputs and outputs are
    named as in the ONNX export.

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
    compiled = openvino.Core().compile_model("model.xml", "CPU")
    predictions = compiled({"features": x})[compiled.output(0)]
    ```
    """
    if not str(filepath).endswith(".xml"):
        raise ValueError(
            "The OpenVINO export writes an `.xml` file (and its `.bin` "
            f"weights beside it). Received: filepath={filepath}"
        )
    onnx_export._check_no_options(kwargs, "openvino")
    export_utils.require("onnx", "onnx", "openvino")
    openvino = export_utils.require("openvino", "openvino", "openvino")
    traced = onnx_export.trace_model(model, input_signature)

    def write(path):
        proto = onnx_export.to_onnx_model(traced)
        converted = openvino.convert_model(
            io.BytesIO(proto.SerializeToString())
        )
        openvino.save_model(converted, path, compress_to_fp16=False)

    export_utils.write_from_process_0(filepath, write, companions=(".bin",))
    if (verbose is None or verbose) and distribution_lib.process_id() == 0:
        io_utils.print_msg(f"Saved the OpenVINO IR to '{filepath}'.")
