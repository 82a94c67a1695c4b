"""Exports a model as an ONNX file.

The model's inference function is traced to a jaxpr (with a symbolic batch
dimension) and lowered to ONNX operators by
`keras.src.backend.jax.jaxpr_to_onnx`; the weights, gathered to the host
from whatever devices and processes hold them, are stored in the file as
initializers named after the variables' paths. Only the `onnx` package is
needed (not TensorFlow). The OpenVINO export starts from the same ONNX
model.
"""

import collections

from keras.src import tree
from keras.src.backend.jax import export as jax_export
from keras.src.distribution import distribution_lib
from keras.src.export import export_utils
from keras.src.utils import io_utils

# The opset written when `opset_version` is `None`.
DEFAULT_OPSET = 23

# What the ONNX lowering needs, once the weights are on the host.
TracedModel = collections.namedtuple(
    "TracedModel", ["jaxpr", "weights", "input_names", "output_names"]
)


def export_onnx(
    model,
    filepath,
    verbose=None,
    input_signature=None,
    opset_version=None,
    **kwargs,
):
    """Exports a model's inference function as an ONNX file.

    The file computes `model(inputs, training=False)` with the model's
    weights embedded. Unknown dimensions of the inputs stay unknown in the
    file (the batch dimension, shared by all inputs, is named `"batch"`),
    so ONNX Runtime serves any batch size. Inputs are named after their
    specs (`input_<i>` for unnamed ones); outputs after the keys of a dict
    of outputs, else `output_<i>`.

    Args:
        model: A built Keras model (a subclassed model must have been
            called once).
        filepath: The file to write (conventionally ending in `.onnx`).
        verbose: Whether to print a message once exported (default
            `True`).
        input_signature: Optional specs of the model's inputs (see
            `keras.Model.export`); inferred from the model when `None`,
            with an unknown batch dimension.
        opset_version: The ONNX opset to write (default 23; at least 13).
        **kwargs: Not used: any key raises a `ValueError`.

    Example:

    ```python
    model.export("model.onnx", format="onnx")  # calls this function
    session = onnxruntime.InferenceSession("model.onnx")
    predictions = session.run(None, {"features": x})
    ```
    """
    export_utils.reject_options(
        kwargs, "onnx", ["input_signature", "opset_version"]
    )
    onnx = export_utils.require("onnx", "onnx", "onnx")
    opset = DEFAULT_OPSET if opset_version is None else int(opset_version)
    traced = trace_model(model, input_signature)
    export_utils.write_from_process_0(
        filepath, lambda path: onnx.save(to_onnx_model(traced, opset), path)
    )
    if (verbose is None or verbose) and distribution_lib.process_id() == 0:
        io_utils.print_msg(f"Saved the ONNX model to '{filepath}'.")


def trace_model(model, input_signature=None):
    """Traces a model's inference function and gathers its weights.

    With several processes, every process must call this (gathering the
    weights is a collective).

    Args:
        model: A built Keras model.
        input_signature: Optional specs of its inputs.

    Returns:
        A `TracedModel`.
    """
    if input_signature is None:
        input_signature = export_utils.get_input_signature(model)
    specs = export_utils.normalize_input_signature(
        input_signature, to_spec=export_utils.make_input_spec
    )
    poly = export_utils.polymorphic_shapes(specs)

    def fn(*args):
        return model(*args, training=False)

    read, _ = jax_export.trace_state(fn, specs, poly)
    jaxpr, outputs = jax_export.to_jaxpr(fn, read, specs, poly)
    weights = [(v.path, distribution_lib.to_host(v.value)) for v in read]
    input_names = [
        spec.name or f"input_{i}" for i, spec in enumerate(tree.flatten(specs))
    ]
    # One name per value: inputs first, then outputs.
    names = _unique(input_names + _output_names(outputs))
    return TracedModel(
        jaxpr, weights, names[: len(input_names)], names[len(input_names) :]
    )


def to_onnx_model(traced, opset=DEFAULT_OPSET):
    """The `onnx.ModelProto` of a `TracedModel`."""
    from keras.src.backend.jax import jaxpr_to_onnx

    return jaxpr_to_onnx.jaxpr_to_onnx(
        traced.jaxpr,
        traced.weights,
        traced.input_names,
        traced.output_names,
        opset,
    )


def _output_names(outputs):
    """The keys of a dict of outputs (joined by `/` when nested), else
    `output_<i>`."""
    if isinstance(outputs, dict):
        return [
            "/".join(str(key) for key in path)
            for path, _ in tree.flatten_with_path(outputs)
        ]
    return [f"output_{i}" for i in range(len(tree.flatten(outputs)))]


def _unique(names):
    taken, unique = set(), []
    for name in names:
        candidate, count = name, 0
        while candidate in taken:
            count += 1
            candidate = f"{name}_{count}"
        taken.add(candidate)
        unique.append(candidate)
    return unique
