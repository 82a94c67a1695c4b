"""JAX implementation of Keras' core backend: Variable, tensors, tracing."""

import contextlib
import json

import jax
import jax.experimental.sparse as jax_sparse
import jax.numpy as jnp
import numpy as np

from keras.src.api_export import keras_export
from keras.src.backend.common import current_distribution
from keras.src.backend.common import dtypes
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.backend.common.stateless_scope import StatelessScope
from keras.src.backend.common.symbolic_scope import SymbolicScope
from keras.src.backend.common.variables import KerasVariable

SUPPORTS_SPARSE_TENSORS = True
SUPPORTS_RAGGED_TENSORS = False
SUPPORTS_COMPLEX_DTYPES = True
IS_THREAD_SAFE = True


@keras_export("keras.Variable")
class Variable(KerasVariable):
    __doc__ = KerasVariable.__doc__

    def _resolve_layout(self):
        from keras.src.distribution import distribution_lib

        distribution = current_distribution.get()
        if distribution is not None:
            layout = distribution.get_variable_layout(self)
            distribution_lib.validate_variable_layout(self, layout)
            self._layout = layout
        return self._layout

    # Initial values are computed eagerly, even when a layer is first built
    # while a function is being traced, e.g. a nested layer built inside a
    # symbolic call (see `_eager_while_tracing`).
    def _initialize(self, value):
        layout = self._resolve_layout()
        with _eager_while_tracing():
            value = self._convert_to_tensor(value, dtype=self._dtype)
            if layout is not None:
                from keras.src.backend.jax import distribution_lib

                value = distribution_lib.distribute_variable(value, layout)
        self._value = value

    def _initialize_with_initializer(self, initializer):
        shape, dtype = self._shape, self._dtype

        def initial_value():
            return jnp.asarray(initializer(shape, dtype=dtype), dtype=dtype)

        layout = self._resolve_layout()
        with _eager_while_tracing():
            if layout is None:
                self._value = initial_value()
                return
            from keras.src.backend.jax import distribution_lib

            # `program_key` is None (no reuse, `args` empty) for initializers
            # whose compiled program cannot be shared.
            program_key, args = _reusable_initializer(initializer, shape, dtype)

            def initial_value_from(*args):
                with _seed_replaced(initializer, args):
                    return initial_value()

            self._value = distribution_lib.initialize_variable_with_layout(
                initial_value_from, layout, program_key, args
            )

    def _direct_assign(self, value):
        if isinstance(value, jax.core.Tracer):
            raise ValueError(
                f"Cannot assign a traced value to variable '{self.path}' "
                "outside of a `StatelessScope`. Inside `jax.jit`, use "
                "`stateless_call` or run the code in a `keras.StatelessScope`."
            )
        current = self._value
        if current is None and self._initializer is not None:
            # The initial value was deferred (`deferred_initial_values`):
            # the assigned value takes its place, placed by the layout.
            self._initialize(value)
            self._initializer = None
            return
        sharding = getattr(current, "sharding", None)
        if (
            sharding is not None
            and getattr(value, "sharding", None) != sharding
        ):
            value = jax.device_put(value, sharding)
        self._value = value

    def _convert_to_tensor(self, value, dtype=None):
        return convert_to_tensor(value, dtype=dtype)

    def __jax_array__(self):
        return self.value


def _eager_while_tracing():
    """`jax.ensure_compile_time_eval()` while a function is being traced,
    else no scope at all.

    The scope stays active while JAX lowers the programs called in it, and
    lowering a random draw under it evaluates the draw's counters (an
    array of the variable's full shape) into a constant of the program:
    compiling the initializers of a 166M-parameter model took twice as
    long, and a sharded variable's program would hold its whole shape.
    Outside a trace, eager is the default and the scope is not needed.
    """
    if under_jax_trace():
        return jax.ensure_compile_time_eval()
    return contextlib.nullcontext()


def under_jax_trace():
    """Whether JAX is tracing a function (`jit`, `grad`, ...) right now."""
    from jax._src import core as jax_core

    return not jax_core.trace_state_clean()


def _reusable_initializer(initializer, shape, dtype):
    """`(program_key, args)` under which a sharded initial value can reuse
    a compiled program, or `(None, ())`.

    Only Keras' own initializers qualify, when their config (without the
    seed) is plain JSON: they compute the same function of their random
    key for the same config, shape and dtype. A random initializer with an
    int seed passes its key (the one `initializer(shape)` would draw) as
    the program's argument; a seeded-by-`SeedGenerator` one does not
    qualify (its key advances at every call).
    """
    from keras.src.initializers.initializer import Initializer
    from keras.src.initializers.random_initializers import RandomInitializer
    from keras.src.random.seed_generator import draw_seed

    if not isinstance(initializer, Initializer) or not type(
        initializer
    ).__module__.startswith("keras.src.initializers."):
        return None, ()
    args = ()
    if isinstance(initializer, RandomInitializer):
        seed = initializer.seed
        if not isinstance(seed, int) or isinstance(seed, bool):
            return None, ()
        args = (draw_seed(seed),)
    config = dict(initializer.get_config())
    config.pop("seed", None)
    try:
        config = json.dumps(config, sort_keys=True)
    except (TypeError, ValueError):
        return None, ()
    key = (type(initializer), config, tuple(shape), str(dtype))
    return key, args


@contextlib.contextmanager
def _seed_replaced(initializer, args):
    """Makes a random initializer draw from the key in `args` (a traced
    program argument) instead of its int seed."""
    if not args:
        yield
        return
    seed = initializer.seed
    initializer.seed = args[0]
    try:
        yield
    finally:
        initializer.seed = seed


def _is_tracer_or_array(x):
    return isinstance(x, (jax.Array, jax.core.Tracer))


def _value_of(x):
    """The array of a Keras variable; anything else as it is."""
    return x.value if isinstance(x, KerasVariable) else x


def convert_to_tensor(x, dtype=None, sparse=None, ragged=None):
    """Converts `x` to a JAX array, casting to `dtype` when given.

    Sparse `BCOO` tensors stay sparse unless `sparse=False`, which
    densifies them.
    """
    if ragged:
        raise ValueError("Ragged tensors are not supported by this backend.")
    if dtype is not None:
        dtype = dtypes.standardize_dtype(dtype)
    if isinstance(x, jax_sparse.JAXSparse):
        if sparse is False:
            x = x.todense()
        elif dtype is not None and x.dtype != dtype:
            return x.astype(dtype)
        else:
            return x
    if isinstance(x, KerasVariable):
        x = x.value
    if isinstance(x, KerasTensor):
        raise ValueError(
            "A symbolic KerasTensor cannot be converted to a concrete "
            f"tensor. Received: {x}. KerasTensors are only valid inside "
            "functional model construction; call `keras.ops` functions on "
            "them instead."
        )
    if _is_tracer_or_array(x):
        if dtype is not None and x.dtype != dtype:
            return x.astype(dtype)
        return x
    if dtype is None:
        if isinstance(x, (bool, np.bool_)):
            dtype = "bool"
        elif isinstance(x, int):
            dtype = "int32"
        elif isinstance(x, float):
            from keras.src.backend import config

            dtype = config.floatx()
        elif isinstance(x, (list, tuple)):
            leaves = jax.tree_util.tree_leaves(x)
            if any(
                _is_tracer_or_array(v) or isinstance(v, KerasVariable)
                for v in leaves
            ):
                # Arrays (traced ones included) are stacked by JAX, which
                # keeps their dtype; NumPy cannot read a tracer.
                return jnp.asarray(jax.tree_util.tree_map(_value_of, x))
            x = np.asarray(x)
            if x.dtype == np.float64:
                from keras.src.backend import config

                dtype = config.floatx()
            elif x.dtype == np.int64:
                dtype = "int32"
    return jnp.asarray(x, dtype=dtype)


def convert_to_numpy(x):
    """Returns `x` as a NumPy array (gathering it if sharded)."""
    if isinstance(x, KerasVariable):
        x = x.value
    if isinstance(x, jax_sparse.JAXSparse):
        x = x.todense()
    # A copy: views of JAX buffers are read-only.
    return np.array(x)


def is_tensor(x):
    return _is_tracer_or_array(x) or isinstance(x, jax_sparse.JAXSparse)


def shape(x):
    return tuple(x.shape)


def cast(x, dtype):
    return convert_to_tensor(x, dtype=dtype)


def stop_gradient(variable):
    return jax.lax.stop_gradient(variable)


def cond(pred, true_fn, false_fn):
    return jax.lax.cond(pred, true_fun=true_fn, false_fun=false_fn)


def fori_loop(lower, upper, body_fun, init_val):
    return jax.lax.fori_loop(lower, upper, body_fun, init_val)


def compile_function(fn):
    """`fn` (a pure function of tensors and structures of them) compiled
    into one XLA computation per input signature (`jax.jit`).

    Library code that would otherwise run many eager operations on sharded
    arrays (e.g. GPTQ/AWQ calibration) runs them as one computation: on
    XLA's CPU client, many small computations with collectives in flight
    at once can leave a collective waiting for devices busy in another.
    """
    return jax.jit(fn)


def while_loop(cond, body, loop_vars, maximum_iterations=None):
    # `jax.lax.while_loop` carries a single pytree: keep the loop variables
    # as a tuple, and unwrap a lone tensor at the end.
    packed = isinstance(loop_vars, (tuple, list))
    state = tuple(loop_vars) if packed else (loop_vars,)

    def as_tuple(out):
        return tuple(out) if isinstance(out, (tuple, list)) else (out,)

    if maximum_iterations is None:
        final = jax.lax.while_loop(
            lambda s: cond(*s), lambda s: as_tuple(body(*s)), state
        )
    else:
        # An iteration counter travels next to the user's state.
        def keep_going(carry):
            current, count = carry
            return jnp.logical_and(cond(*current), count < maximum_iterations)

        def step(carry):
            current, count = carry
            return as_tuple(body(*current)), count + 1

        final, _ = jax.lax.while_loop(keep_going, step, (state, 0))
    return final if packed else final[0]


def scan(f, init, xs=None, length=None, reverse=False, unroll=1):
    return jax.lax.scan(
        f, init=init, xs=xs, length=length, reverse=reverse, unroll=unroll
    )


def vectorized_map(function, elements):
    return jax.vmap(function)(elements)


def _dense(x, dtype=None):
    """`x` as a dense JAX array (sparse tensors are densified)."""
    return convert_to_tensor(x, dtype=dtype, sparse=False)


def _index(i):
    """A start index: plain Python ints stay as they are."""
    return i if isinstance(i, int) else _dense(i)


# ----------------------------------------------- slicing, scatter, control
def slice(inputs, start_indices, shape):
    inputs = _dense(inputs)
    if isinstance(start_indices, (list, tuple)):
        start_indices = [_index(i) for i in start_indices]
    else:
        start_indices = list(_dense(start_indices))
    shape = tuple(shape)
    if any(d == -1 for d in shape):
        # `-1` takes the rest of the axis: the start must be concrete.
        shape = [
            inputs.shape[i] - int(start_indices[i]) if d == -1 else d
            for i, d in enumerate(shape)
        ]
    return jax.lax.dynamic_slice(inputs, start_indices, tuple(shape))


def slice_update(inputs, start_indices, updates):
    inputs = _dense(inputs)
    updates = _dense(updates, dtype=inputs.dtype)
    if isinstance(start_indices, (list, tuple)):
        start_indices = [_index(i) for i in start_indices]
    else:
        start_indices = list(_dense(start_indices))
    return jax.lax.dynamic_update_slice(inputs, updates, start_indices)


def scatter(indices, values, shape):
    indices = _dense(indices)
    values = _dense(values)
    zeros = jnp.zeros(tuple(shape), dtype=values.dtype)
    key = tuple(jnp.moveaxis(indices, -1, 0))
    return zeros.at[key].add(values)


def scatter_update(inputs, indices, updates, reduction=None):
    inputs = _dense(inputs)
    indices = _dense(indices)
    updates = _dense(updates, dtype=inputs.dtype)
    key = tuple(jnp.moveaxis(indices, -1, 0))
    methods = {
        None: "set",
        "add": "add",
        "max": "max",
        "min": "min",
        "mul": "multiply",
    }
    if reduction not in methods:
        raise ValueError(
            "Argument `reduction` must be one of None, 'add', 'max', 'min' "
            f"or 'mul'. Received: reduction={reduction}"
        )
    return getattr(inputs.at[key], methods[reduction])(updates)


def unstack(x, num=None, axis=0):
    x = _dense(x)
    dim = x.shape[axis]
    if num is not None and num != dim:
        raise ValueError(
            f"Argument `num` ({num}) does not match the size of axis "
            f"{axis} ({dim})."
        )
    return [
        jax.lax.index_in_dim(x, i, axis, keepdims=False) for i in range(dim)
    ]


def saturate_cast(x, dtype):
    x = _dense(x)
    dtype = dtypes.standardize_dtype(dtype)
    if jnp.issubdtype(dtype, jnp.integer) or jnp.issubdtype(
        dtype, jnp.floating
    ):
        info = (
            jnp.iinfo(dtype)
            if jnp.issubdtype(dtype, jnp.integer)
            else jnp.finfo(dtype)
        )
        in_info = (
            jnp.iinfo(x.dtype)
            if jnp.issubdtype(x.dtype, jnp.integer)
            else (jnp.finfo(x.dtype) if x.dtype != jnp.bool_ else None)
        )
        if in_info is not None:
            lo = max(float(info.min), float(in_info.min))
            hi = min(float(info.max), float(in_info.max))
            if float(in_info.min) < lo:
                x = jnp.maximum(x, np.asarray(lo).astype(x.dtype))
            if float(in_info.max) > hi:
                # The bound may round up when represented in `x.dtype`.
                # NumPy keeps this a constant while `x` is traced.
                bound = np.asarray(hi).astype(x.dtype)
                if float(bound) > hi:
                    bound = np.nextafter(bound, np.zeros_like(bound))
                x = jnp.minimum(x, bound)
    return x.astype(dtype)


def map(f, xs):
    return jax.lax.map(f, xs)


def switch(index, branches, *operands):
    index = _dense(index, "int32")
    index = jnp.clip(index, 0, len(branches) - 1)
    return jax.lax.switch(index, branches, *operands)


def associative_scan(f, elems, reverse=False, axis=0):
    return jax.lax.associative_scan(f, elems, reverse=reverse, axis=axis)


def remat(f):
    """Wraps `f` so that its intermediate values are recomputed during the
    backward pass instead of being kept in memory (`jax.checkpoint`)."""
    return jax.checkpoint(f)


def random_seed_dtype():
    return "uint32"


# Symbolic execution: the output spec of a function on KerasTensors.
_PROBE_SIZES = (83, 89)


def _sparse_shape_dtype_struct(shape, dtype):
    """A `BCOO` whose data and indices are `ShapeDtypeStruct`s (one stored
    value), to trace functions on a sparse `KerasTensor`."""
    template = jax_sparse.BCOO(
        (np.zeros((1,), dtype), np.zeros((1, len(shape)), "int32")),
        shape=shape,
    )
    leaves, treedef = jax.tree_util.tree_flatten(template)
    return jax.tree_util.tree_unflatten(
        treedef, [jax.ShapeDtypeStruct(x.shape, x.dtype) for x in leaves]
    )


def _to_shape_dtype_structs(structure, probe):
    def convert(x):
        if isinstance(x, KerasTensor):
            shape = tuple(probe if d is None else d for d in x.shape)
            if x.sparse:
                return _sparse_shape_dtype_struct(shape, x.dtype)
            return jax.ShapeDtypeStruct(shape, x.dtype)
        if isinstance(x, KerasVariable):
            return jax.ShapeDtypeStruct(x.shape, x.dtype)
        return x

    return jax.tree_util.tree_map(
        convert, structure, is_leaf=lambda x: isinstance(x, KerasTensor)
    )


def compute_output_spec(fn, *args, **kwargs):
    """Returns KerasTensors describing `fn(*args, **kwargs)`'s outputs.

    Unknown (`None`) dimensions of the inputs are probed with two sizes; an
    output dimension that changes with them is reported as `None`.
    """

    def has_none_dim(x):
        return isinstance(x, KerasTensor) and any(d is None for d in x.shape)

    leaves = jax.tree_util.tree_leaves(
        (args, kwargs), is_leaf=lambda x: isinstance(x, KerasTensor)
    )
    probes = _PROBE_SIZES if any(has_none_dim(x) for x in leaves) else (1,)

    def traced(args, kwargs):
        # Variable updates made while tracing (e.g. by stateful layers) are
        # recorded in the scope and dropped.
        with StatelessScope(), SymbolicScope():
            return fn(*args, **kwargs)

    results = []
    for probe in probes:
        struct_args, struct_kwargs = _to_shape_dtype_structs(
            (args, kwargs), probe
        )
        # Non-array Python values are closed over, not traced.
        results.append(_eval_shape(traced, struct_args, struct_kwargs))

    def merge(*specs):
        if specs[0] is None:
            return None
        shape = tuple(
            dims[0] if all(d == dims[0] for d in dims) else None
            for dims in zip(*(s.shape for s in specs))
        )
        sparse = isinstance(specs[0], jax_sparse.JAXSparse)
        return KerasTensor(shape, dtype=specs[0].dtype, sparse=sparse)

    return jax.tree_util.tree_map(
        merge,
        *results,
        is_leaf=lambda x: isinstance(x, jax_sparse.JAXSparse),
    )


def _eval_shape(fn, args, kwargs):
    flat, treedef = jax.tree_util.tree_flatten((args, kwargs))
    array_positions = [
        i for i, x in enumerate(flat) if isinstance(x, jax.ShapeDtypeStruct)
    ]

    def wrapped(*arrays):
        rebuilt = list(flat)
        for i, a in zip(array_positions, arrays):
            rebuilt[i] = a
        a, k = jax.tree_util.tree_unflatten(treedef, rebuilt)
        return fn(a, k)

    return jax.eval_shape(wrapped, *[flat[i] for i in array_positions])


def device_scope(device_name):
    """Context manager placing new arrays on one device.

    Args:
        device_name: A `jax.Device`, or a string `"<platform>[:<index>]"`
            such as `"cpu"`, `"cpu:1"` or `"GPU:0"` (case-insensitive).

    Returns:
        A context manager (`jax.default_device`).

    Example:

    >>> with keras.device("cpu:0"):
    ...     x = keras.ops.ones((2,))
    """
    return jax.default_device(_parse_device(device_name))


def _parse_device(device_name):
    if isinstance(device_name, jax.Device):
        return device_name
    if not isinstance(device_name, str):
        raise ValueError(
            "Invalid value for argument `device_name`: expected a string "
            "such as 'cpu:0' or a `jax.Device`. Received: "
            f"device_name='{device_name}'"
        )
    device_type, _, index = device_name.lower().partition(":")
    try:
        devices = jax.devices(device_type)
    except RuntimeError as e:
        raise ValueError(
            f"Unknown platform in device_name='{device_name}': {e}"
        ) from None
    position = int(index or 0)
    if not 0 <= position < len(devices):
        raise ValueError(
            f"device_name='{device_name}' asks for device {position}, but "
            f"there are {len(devices)} {device_type} devices."
        )
    return devices[position]
