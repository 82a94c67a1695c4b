"""Keras functions as pure JAX functions, for export.

Exporting a function such as `model.__call__` takes two traces:

- `trace_state(fn, ...)` runs `fn` abstractly (`jax.eval_shape`, nothing is
  computed) to learn which Keras variables it reads and which it assigns,
  and the structure of its outputs;
- then the pure JAX function `(variable_values, *args) -> (outputs,
  new_values)` is either converted with `jax2tf.convert`
  (`to_tf_function`, for TensorFlow formats) or traced to a jaxpr
  (`to_jaxpr`, which `jaxpr_to_onnx` lowers to ONNX), with the shape
  polymorphism asked for.

Both run with no distribution set: the exported computation is the
single-device one, whatever mesh the model's variables live on (their
values are gathered to the host by the caller), so it runs anywhere.
"""

import contextlib

import jax
import jax.numpy as jnp
import numpy as np

from keras.src import tree
from keras.src.backend.common import current_distribution
from keras.src.backend.common import standardize_dtype
from keras.src.backend.common.stateless_scope import StatelessScope


@contextlib.contextmanager
def no_distribution():
    """Unsets the current distribution for the duration of the block."""
    previous = current_distribution.get()
    current_distribution.set(None)
    try:
        yield
    finally:
        current_distribution.set(previous)


class _RecordingScope(StatelessScope):
    """A stateless scope that records the variables read and assigned.

    A variable read for the first time reads as zeros (the trace is
    abstract, so the value does not matter).
    """

    def __init__(self):
        super().__init__(initialize_variables=False)
        self.read = {}
        self.written = {}

    def get_current_value(self, variable):
        value = self.state_mapping.get(id(variable))
        if value is None:
            self.read.setdefault(id(variable), variable)
            value = jnp.zeros(variable.shape, variable.dtype)
            self.state_mapping[id(variable)] = value
        return value

    def add_update(self, update):
        variable, _ = update
        self.written.setdefault(id(variable), variable)
        super().add_update(update)


def _symbolic_args(input_signature, polymorphic_shapes):
    """`jax.ShapeDtypeStruct`s of the arguments, with symbolic dimensions
    shared across arguments."""
    scope = jax.export.SymbolicScope()
    specs = tree.flatten(input_signature)
    shapes = tree.flatten(polymorphic_shapes)
    if len(shapes) != len(specs):
        raise ValueError(
            f"`polymorphic_shapes` has {len(shapes)} entries, but the input "
            f"signature has {len(specs)} tensors. Received: "
            f"polymorphic_shapes={polymorphic_shapes}"
        )
    flat = [
        jax.ShapeDtypeStruct(
            jax.export.symbolic_shape(shape, scope=scope)
            if shape is not None
            else tuple(spec.shape),
            jnp.dtype(standardize_dtype(spec.dtype)),
        )
        for spec, shape in zip(specs, shapes)
    ]
    return tree.pack_sequence_as(input_signature, flat)


def trace_state(fn, input_signature, polymorphic_shapes):
    """Finds the Keras variables that `fn` reads and assigns.

    Args:
        fn: The function to export, taking the arguments of
            `input_signature` positionally.
        input_signature: List of structures of `tf.TensorSpec`s.
        polymorphic_shapes: Their `jax2tf` shape specs (same structure).

    Returns:
        `(read, written)`: lists of Keras variables, in first-use order.
    """
    args = _symbolic_args(input_signature, polymorphic_shapes)
    scope = _RecordingScope()

    def run(*args):
        with no_distribution(), scope:
            return fn(*args)

    jax.eval_shape(run, *args)
    return list(scope.read.values()), list(scope.written.values())


def _stateless_call(fn, read, written, values, args):
    """`fn(*args)` with `read` holding `values`, and no distribution:
    returns `(outputs, new values of written)`."""
    with no_distribution(), StatelessScope(zip(read, values)) as scope:
        outputs = fn(*args)
        updates = [scope.get_current_value(v) for v in written]
    return outputs, updates


def to_tf_function(
    fn,
    read,
    written,
    polymorphic_shapes,
    static_values=None,
    jax2tf_kwargs=None,
):
    """Converts `fn` to a TensorFlow function with `jax2tf`.

    Args:
        fn: The function to export.
        read: The Keras variables `fn` reads (from `trace_state`).
        written: The Keras variables `fn` assigns.
        polymorphic_shapes: `jax2tf` shape specs of `fn`'s arguments.
        static_values: `None`, or host arrays of `read` to embed in the
            exported computation as constants (then the TF function takes
            no variable values).
        jax2tf_kwargs: Other arguments of `jax2tf.convert`.

    Returns:
        A TF-callable `f(variable_values, *args) -> (outputs, new_values)`
        (`variable_values` is absent when `static_values` is given), where
        `new_values` holds the values of `written` after the call.
    """
    import tensorflow as tf
    from jax.experimental import jax2tf

    def call(values, *args):
        # `jax2tf` traces this inside a `tf.function`; Keras code must not
        # take the JAX trace for a TensorFlow graph (where preprocessing
        # layers would switch to TensorFlow ops).
        with tf.init_scope():
            return _stateless_call(fn, read, written, values, args)

    kwargs = dict(jax2tf_kwargs or {})
    if static_values is not None:
        constants = [np.asarray(v) for v in static_values]
        return jax2tf.convert(
            lambda *args: call(constants, *args),
            polymorphic_shapes=list(polymorphic_shapes),
            **kwargs,
        )
    return jax2tf.convert(
        call, polymorphic_shapes=[None] + list(polymorphic_shapes), **kwargs
    )


def to_jaxpr(fn, read, input_signature, polymorphic_shapes):
    """Traces `fn` to a jaxpr whose inputs are the variables' values.

    Assignments to variables are dropped (the traced function is
    stateless). Dimensions named in `polymorphic_shapes` stay symbolic in
    the jaxpr's shapes.

    Args:
        fn: The function to export.
        read: The Keras variables `fn` reads (from `trace_state`).
        input_signature: List of structures of specs of `fn`'s arguments.
        polymorphic_shapes: Their shape specs (same structure).

    Returns:
        `(closed_jaxpr, outputs)`: the jaxpr takes the values of `read`,
        then the flattened arguments, and returns the flattened outputs;
        `outputs` is the structure of `fn`'s outputs (as
        `jax.ShapeDtypeStruct`s).
    """
    args = _symbolic_args(input_signature, polymorphic_shapes)
    values = [jax.ShapeDtypeStruct(v.shape, v.dtype) for v in read]
    structure = []

    def flat_call(values, *flat_args):
        call_args = tree.pack_sequence_as(args, list(flat_args))
        outputs, _ = _stateless_call(fn, read, [], values, call_args)
        structure.append(
            tree.map_structure(
                lambda x: jax.ShapeDtypeStruct(x.shape, x.dtype), outputs
            )
        )
        return tree.flatten(outputs)

    closed = jax.make_jaxpr(flat_call)(values, *tree.flatten(args))
    return closed, structure[0]


def call_tf_function(tf_fn, inputs, output_spec):
    """Calls a TensorFlow function on JAX values (`jax2tf.call_tf`).

    The call can be traced (jit) and differentiated with respect to
    `inputs` (through TensorFlow's gradient of `tf_fn`).

    Args:
        tf_fn: A TF-callable taking the structure `inputs`.
        inputs: A structure of JAX (or NumPy) arrays.
        output_spec: The structure of the outputs, as objects with `shape`
            and `dtype` (NumPy dtypes).

    Returns:
        The outputs, as JAX arrays.
    """
    from jax.experimental import jax2tf

    shapes = tree.map_structure(
        lambda s: jax.ShapeDtypeStruct(tuple(s.shape), s.dtype), output_spec
    )
    return jax2tf.call_tf(tf_fn, output_shape_dtype=shapes)(inputs)
