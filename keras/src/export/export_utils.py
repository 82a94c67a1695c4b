"""Input signatures of exported functions, and where export files go.

An input signature is the list of the positional arguments of the exported
function, each a structure (tensor, list, tuple or dict) of
`tf.TensorSpec`s. This module infers one from a model, turns the specs a
user may pass (`keras.InputSpec`, `keras.KerasTensor`, `tf.TensorSpec`,
arrays) into `tf.TensorSpec`s, derives the `jax2tf` shape polymorphism
from them, and writes an export artifact once, from process 0, when
several processes export together.
"""

import os
import shutil

from keras.src import backend
from keras.src import tree
from keras.src.distribution import distribution_lib
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


# ------------------------------------------------------------ the signature
def get_input_signature(model):
    """Infers the input signature of a model's `call`.

    A functional or `Sequential` model gives the specs of its inputs; a
    subclassed model gives the shapes of the inputs of its first call. The
    batch dimension is left unknown (`None`).

    Args:
        model: A built `keras.Model` (or layer) that has been called.

    Returns:
        A list with one structure of `tf.TensorSpec`s per positional
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
        return tf.TensorSpec((None,) + tuple(shapes)[1:], dtype)
    if isinstance(shapes, dict):
        return {k: _specs_from_shapes(v, dtype) for k, v in shapes.items()}
    return type(shapes)(_specs_from_shapes(s, dtype) for s in shapes)


def _spec_from_keras_tensor(x):
    shape = (None,) + tuple(x.shape)[1:] if x.shape else ()
    return tf.TensorSpec(shape, x.dtype, name=x.name)


def make_tf_tensor_spec(x, dynamic_batch=False):
    """Converts one input spec to a `tf.TensorSpec`.

    Args:
        x: A `tf.TensorSpec`, `keras.InputSpec` (with a `shape`),
            `keras.KerasTensor`, or an array (whose shape and dtype are
            used).
        dynamic_batch: Whether to leave the first dimension unknown.

    Returns:
        A `tf.TensorSpec`.
    """
    from keras.src.layers.input_spec import InputSpec

    if isinstance(x, tf.TensorSpec):
        spec = x
    elif isinstance(x, InputSpec):
        if x.shape is None:
            raise ValueError(
                "An `InputSpec` in `input_signature` must have a `shape`. "
                f"Received: {x}"
            )
        spec = tf.TensorSpec(x.shape, x.dtype or "float32", name=x.name)
    elif isinstance(x, backend.KerasTensor):
        spec = tf.TensorSpec(x.shape, x.dtype, name=x.name)
    elif hasattr(x, "shape") and hasattr(x, "dtype"):
        spec = tf.TensorSpec(tuple(x.shape), backend.standardize_dtype(x.dtype))
    else:
        raise TypeError(
            f"Unsupported x={x!r} of type {type(x).__name__} in "
            "`input_signature`: expected a `tf.TensorSpec`, "
            "`keras.InputSpec`, `keras.KerasTensor` or an array."
        )
    if dynamic_batch and spec.shape.rank:
        spec = tf.TensorSpec(
            (None,) + tuple(spec.shape)[1:], spec.dtype, spec.name
        )
    return spec


def normalize_input_signature(input_signature):
    """Turns a user's `input_signature` into a list of argument specs."""
    if not isinstance(input_signature, (list, tuple)):
        input_signature = [input_signature]
    return [
        tree.map_structure(make_tf_tensor_spec, arg) for arg in input_signature
    ]


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
        for axis, size in enumerate(spec.shape.as_list()):
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
def write_from_process_0(filepath, write):
    """Writes an export artifact once, from process 0.

    `write(path)` writes the artifact (a file or a folder) at `path`.
    Process 0 calls it on a temporary path beside `filepath` and then
    moves the result into place, so `filepath` is never left half
    written. With several processes, every process calls this function;
    the others wait until process 0 is done, and if it failed they raise
    too (so that no process goes on, or waits, alone).

    Args:
        filepath: The artifact's path.
        write: A callable taking the path to write to.
    """
    filepath = os.fspath(filepath)
    count = distribution_lib.num_processes()
    index = distribution_lib.process_id()
    error = None
    if index == 0:
        try:
            _write_and_move(filepath, write)
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


def _write_and_move(filepath, write):
    parent = os.path.dirname(os.path.abspath(filepath))
    os.makedirs(parent, exist_ok=True)
    staging = os.path.join(
        parent, f".{os.path.basename(filepath)}.tmp-{os.getpid()}"
    )
    _remove(staging)
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
            os.replace(staging, filepath)
    finally:
        _remove(staging)


def _remove(path):
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path)
    elif os.path.lexists(path):
        os.remove(path)
