"""Exports a model as a LiteRT (TensorFlow Lite) flatbuffer."""

from keras.src.distribution import distribution_lib
from keras.src.export import export_utils
from keras.src.export import saved_model
from keras.src.utils import io_utils


def export_litert(
    model, filepath, verbose=None, input_signature=None, **kwargs
):
    """Exports a model's inference function as a `.tflite` file.

    The model is converted as for a SavedModel (through `jax2tf`, with an
    unknown batch dimension: resize the interpreter's inputs to serve
    another batch size than 1), then by `tf.lite.TFLiteConverter`. The
    file is run by the LiteRT interpreter (`ai-edge-litert`).

    Args:
        model: A built Keras model.
        filepath: The `.tflite` file to write.
        verbose: Whether to print a message once exported (default
            `True`).
        input_signature: Optional specs of the model's inputs (see
            `keras.Model.export`).
        **kwargs: Attributes to set on the `tf.lite.TFLiteConverter`, such
            as `optimizations=[tf.lite.Optimize.DEFAULT]`,
            `representative_dataset` or `target_spec`.
    """
    if not str(filepath).endswith(".tflite"):
        raise ValueError(
            "The LiteRT export writes a `.tflite` file. Received: "
            f"filepath={filepath}"
        )
    tf = export_utils.require("tensorflow", "tensorflow", "litert")
    converter_options = dict(kwargs)
    if input_signature is None:
        input_signature = export_utils.get_input_signature(model)
    archive = saved_model.ExportArchive()
    archive.track(model)
    endpoint = archive.add_endpoint(
        saved_model.DEFAULT_ENDPOINT_NAME,
        lambda *args: model(*args, training=False),
        input_signature,
    )
    signature = saved_model.signature_function(
        endpoint, endpoint.get_concrete_function()
    )

    def write(path):
        converter = tf.lite.TFLiteConverter.from_concrete_functions(
            [signature.get_concrete_function()], archive._tf_trackable
        )
        for name, value in converter_options.items():
            if not hasattr(converter, name):
                raise ValueError(
                    f"Unrecognized LiteRT export option {name!r}: it is not "
                    "an attribute of `tf.lite.TFLiteConverter`."
                )
            setattr(converter, name, value)
        flatbuffer = converter.convert()
        with open(path, "wb") as f:
            f.write(flatbuffer)

    export_utils.write_from_process_0(filepath, write)
    if (verbose is None or verbose) and distribution_lib.process_id() == 0:
        io_utils.print_msg(f"Saved the LiteRT model to '{filepath}'.")
