"""Input signatures of exported functions, and where export files go.

An input signature is the list of the positional arguments of the exported
function, each a structure (tensor, list, tuple or dict) of specs. This
module infers one from a model (as `keras.InputSpec`s, so that formats
without TensorFlow need no TensorFlow), turns the specs a user may pass
(`keras.InputSpec`, `keras.KerasTensor`, `tf.TensorSpec`, arrays) into
`keras.InputSpec`s or `tf.TensorSpec`s, derives the shape polymorphism
from them, and writes an export artifact once, from process 0, when
several processes export together.
"""

import os
import shutil

from keras.src import backend
from keras.src import tree
from keras.src.distribution import distribution_lib
from keras.src.layers.input_spec import InputSpec
from keras.src.utils.module_utils import tensorflow as tf

# The name of the symbolic dimension that every `None` leading dimension of
# the inputs shares (all inputs of one call have the same batch size).
BATCH_DIM = "batch"


# ------------------------------------------------------------- packages
def require(module, pip_name, format):
    """Imports `module` for export `format`, or raises an `ImportError`
    naming the package to install."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError as e:
        raise ImportError(
            f"Exporting with format='{format}' needs the `{pip_name}` "
            f"package: `pip install {pip_name}` (or `pip install "
            "keras[export]`, which installs the packages of every export "
            "format)."
        ) from e


def reject_options(options, format, accepted):
    """Raises a `ValueError` naming `options` (the leftover keyword
    arguments of an exporter) when there are any."""
    if options:
        raise ValueError(
            f"Unrecognized arguments for format='{format}': "
            f"{sorted(options)}. It takes `verbose` and "
            f"{', '.join(f'`{name}`' for name in accepted)}."
        )


# ------------------------------------------------------------ the signature
def get_input_signature(model):
    """Infers the input signature of a model's `call`.

    A functional or `Sequential` model gives the specs of its inputs; a
    subclassed model gives the shapes of the inputs of its first call. The
    batch dimension is left unknown (`None`).

    Args:
        model: A built `keras.Model` (or layer) that has been called.

    Returns:
        A list with one structure of `keras.InputSpec`s per positional
        argument of the model's `call`.
    """
    if not getattr(model, "built", False):
        raise ValueError(
            f"The model '{model.name}' is not built, so its input signature "
            "is unknown. It must be built before export: call it on data, "
            "give it an `Input`, or pass `input_signature`."
        )
    inputs = _symbolic_inputs(model)
    if inputs is not None:
        return [tree.map_structure(_spec_from_keras_tensor, inputs)]
    if not getattr(model, "_called", False):
        raise ValueError(
            f"The model '{model.name}' has been built but never called, so "
            "the structure of its inputs is unknown. It must be called on "
            "data once before export, or be given `input_signature`."
        )
    shapes = getattr(model, "_build_call_shapes", None)
    if shapes is None:
        shapes = getattr(model, "_build_input_shape", None)
    if shapes is None:
        raise ValueError(
            f"Cannot infer the input signature of model '{model.name}' "
            "(its inputs' shapes were not recorded when it was built). Pass "
            "`input_signature`, e.g. `[keras.InputSpec(shape=(None, 10), "
            "dtype='float32')]`."
        )
    dtype = _input_dtype(model)
    if _is_build_kwargs(model, shapes):
        # `build(self, x_shape, y_shape)`: one argument per `call` input.
        order = list(model._call_signature.parameters)
        names = sorted(shapes, key=lambda k: order.index(k[: -len("_shape")]))
        return [_specs_from_shapes(shapes[name], dtype) for name in names]
    return [_specs_from_shapes(shapes, dtype)]


def _symbolic_inputs(model):
    """The structure of a functional or Sequential model's input
    KerasTensors, or `None`."""
    structure = getattr(model, "_inputs_struct", None)
    if structure is not None:
        return structure
    try:
        inputs = model.inputs
    except (AttributeError, ValueError):
        return None
    if inputs and len(inputs) == 1:
        return inputs[0]
    return None


def _input_dtype(model):
    dtype = getattr(model, "_build_dtype", None) or model.compute_dtype
    return backend.standardize_dtype(dtype)


def _is_build_kwargs(model, shapes):
    is_kwargs = getattr(model, "_is_build_kwargs", None)
    return is_kwargs is not None and is_kwargs(shapes)


def _is_shape(value):
    return isinstance(value, (tuple, list)) and all(
        d is None or isinstance(d, int) for d in value
    )


def _specs_from_shapes(shapes, dtype):
    if _is_shape(shapes):
        return InputSpec(shape=(None,) + tuple(shapes)[1:], dtype=dtype)
    if isinstance(shapes, dict):
        return {k: _specs_from_shapes(v, dtype) for k, v in shapes.items()}
    return type(shapes)(_specs_from_shapes(s, dtype) for s in shapes)


def _spec_from_keras_tensor(x):
    shape = (None,) + tuple(x.shape)[1:] if x.shape else ()
    return InputSpec(shape=shape, dtype=x.dtype, name=x.name)


def make_input_spec(x):
    """Converts one input spec to a `keras.InputSpec` with a full shape.

    Args:
        x: A `keras.InputSpec` (with a `shape`), `keras.KerasTensor`,
            `tf.TensorSpec`, or an array (whose shape and dtype are used).

    Returns:
        A `keras.InputSpec` (its `dtype` defaults to `"float32"`).
    """
    if isinstance(x, InputSpec):
        if x.shape is None:
            raise ValueError(
                "An `InputSpec` in `input_signature` must have a `shape`. "
                f"Received: {x}"
            )
        return InputSpec(shape=x.shape, dtype=x.dtype or "float32", name=x.name)
    if isinstance(x, backend.KerasTensor):
        return InputSpec(shape=x.shape, dtype=x.dtype, name=x.name)
    if hasattr(x, "shape") and hasattr(x, "dtype"):
        # `tf.TensorSpec`, NumPy/JAX/TF arrays, `jax.ShapeDtypeStruct`.
        name = x.name if _is_tf_tensor_spec(x) else None
        return InputSpec(
            shape=tuple(x.shape),
            dtype=backend.standardize_dtype(x.dtype),
            name=name,
        )
    raise TypeError(
        f"Unsupported x={x!r} of type {type(x).__name__} in "
        "`input_signature`: expected a `keras.InputSpec`, "
        "`keras.KerasTensor`, `tf.TensorSpec` or an array."
    )


def _is_tf_tensor_spec(x):
    # Checked by name so that TensorFlow is not imported for other specs.
    return type(x).__name__ == "TensorSpec" and "tensorflow" in (
        type(x).__module__
    )


def make_tf_tensor_spec(x, dynamic_batch=False):
    """Converts one input spec to a `tf.TensorSpec`.

    Args:
        x: A spec accepted by `make_input_spec`.
        dynamic_batch: Whether to leave the first dimension unknown.

    Returns:
        A `tf.TensorSpec`.
    """
    if isinstance(x, tf.TensorSpec):
        spec = x
    else:
        x = make_input_spec(x)
        spec = tf.TensorSpec(x.shape, x.dtype, name=x.name)
    if dynamic_batch and spec.shape.rank:
        spec = tf.TensorSpec(
            (None,) + tuple(spec.shape)[1:], spec.dtype, spec.name
        )
    return spec


def normalize_input_signature(input_signature, to_spec=make_tf_tensor_spec):
    """Turns a user's `input_signature` into a list of argument specs.

    Args:
        input_signature: A spec, or a list with one structure of specs per
            positional argument.
        to_spec: How to convert one spec: `make_tf_tensor_spec` (default)
            or `make_input_spec`.
    """
    if not isinstance(input_signature, (list, tuple)):
        input_signature = [input_signature]
    return [tree.map_structure(to_spec, arg) for arg in input_signature]


# ---------------------------------------------------- shape polymorphism
def polymorphic_shapes(input_signature):
    """`jax2tf` shape specs of the arguments of `input_signature`.

    Unknown leading dimensions become the shared symbol `batch`; any other
    unknown dimension gets a symbol of its own.

    Returns:
        A list (one entry per argument) of structures of strings such as
        `"(batch, 10)"`.
    """
    counter = [0]

    def spec_string(spec):
        dims = []
        for axis, size in enumerate(tuple(spec.shape)):
            if size is not None:
                dims.append(str(size))
            elif axis == 0:
                dims.append(BATCH_DIM)
            else:
                dims.append(f"d{counter[0]}")
                counter[0] += 1
        return "(" + ", ".join(dims) + ")"

    return [tree.map_structure(spec_string, arg) for arg in input_signature]


# ------------------------------------------------------------- writing
def write_from_process_0(filepath, write, companions=()):
    """Writes an export artifact once, from process 0.

    `write(path)` writes the artifact (a file or a folder) at `path`.
    Process 0 calls it on a temporary path beside `filepath` (with the
    same extension) and then moves the result into place, so `filepath` is
    never left half written. With several processes, every process calls
    this function; the others wait until process 0 is done, and if it
    failed they raise too (so that no process goes on, or waits, alone).

    Args:
        filepath: The artifact's path.
        write: A callable taking the path to write to.
        companions: Extensions of the files that `write` also writes
            beside its path, named after it (e.g. `(".bin",)` for the
            weights of an OpenVINO `.xml` file). They are moved into place
            before the artifact itself.
    """
    filepath = os.fspath(filepath)
    count = distribution_lib.num_processes()
    index = distribution_lib.process_id()
    error = None
    if index == 0:
        try:
            _write_and_move(filepath, write, companions)
        except Exception as e:
            error = e
    if count > 1:
        failed = distribution_lib.all_gather_int([int(error is not None)])
        failed = [i for i, row in enumerate(failed) if row[0]]
        if error is not None:
            raise error
        if failed:
            raise RuntimeError(
                f"Exporting to '{filepath}' failed on process(es) {failed} "
                "(see their error); nothing was written."
            )
    elif error is not None:
        raise error


def _write_and_move(filepath, write, companions):
    parent = os.path.dirname(os.path.abspath(filepath))
    os.makedirs(parent, exist_ok=True)
    stem, extension = os.path.splitext(os.path.basename(filepath))
    staging = os.path.join(parent, f".{stem}.tmp-{os.getpid()}{extension}")
    moves = [
        (
            os.path.splitext(staging)[0] + suffix,
            os.path.join(parent, stem) + suffix,
        )
        for suffix in companions
    ]
    for path in [staging] + [source for source, _ in moves]:
        _remove(path)
    try:
        write(staging)
        if os.path.isdir(staging) and os.path.isdir(filepath):
            # An existing folder is updated entry by entry (it may hold
            # other files of the user's); the SavedModel proto goes last.
            entries = sorted(
                os.listdir(staging), key=lambda n: n == "saved_model.pb"
            )
            for name in entries:
                target = os.path.join(filepath, name)
                _remove(target)
                os.replace(os.path.join(staging, name), target)
        else:
            if os.path.isdir(filepath):
                raise ValueError(
                    f"Cannot write the exported file to '{filepath}': it is "
                    "a folder. Pass a file path."
                )
            for source, target in moves:
                os.replace(source, target)
            os.replace(staging, filepath)
    finally:
        for path in [staging] + [source for source, _ in moves]:
            _remove(path)


def _remove(path):
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path)
    elif os.path.lexists(path):
        os.remove(path)
