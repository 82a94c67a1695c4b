"""Core ops (`keras.ops.*`): casting, control flow,
dynamic slicing and scatter.
"""

import numpy as np

from keras.src import backend
from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.backend.common import dtypes as _dtypes
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.ops.operation import Operation
from keras.src.ops.operation import symbolic_op


def _export(name):
    return keras_export(f"keras.ops.{name}")


def _cast_spec(x, dtype):
    # The requested dtype as is: tracing would turn 64-bit dtypes into
    # 32-bit ones when JAX runs without x64.
    return KerasTensor(
        x.shape if hasattr(x, "shape") else np.shape(x),
        dtype=_dtypes.standardize_dtype(dtype),
        sparse=getattr(x, "sparse", False),
    )


@_export("cast")
@symbolic_op(static=("dtype",), spec=_cast_spec)
def cast(x, dtype):
    """Changes the element type of a tensor.

    Float-to-integer casts truncate toward zero; out-of-range values are not
    clipped (see `saturate_cast` for that).

    Args:
        x: Tensor, variable or array-like value.
        dtype: Name or dtype object of the result type.

    Returns:
        `x` converted to `dtype`.

    Example:

    >>> keras.ops.cast(np.array([1.7, 2.2]), "int32")
    array([1, 2], dtype=int32)
    """
    return backend.cast(x, _dtypes.standardize_dtype(dtype))


@_export("saturate_cast")
@symbolic_op(static=("dtype",))
def saturate_cast(x, dtype):
    """Casts to `dtype` after clamping to the range that `dtype` can hold.

    Where a plain cast might wrap around or overflow, every value is first
    clipped to the smallest and largest representable values of `dtype`:
    `-7.0` cast to `uint8` gives `0` and `1000.0` gives `255`.

    Args:
        x: Tensor, variable or array-like value.
        dtype: Name or dtype object of the result type.

    Returns:
        A tensor of type `dtype` holding the clamped values.
    """
    return backend.core.saturate_cast(x, dtype)


class ConvertToTensor(Operation):
    """The operation of `keras.ops.convert_to_tensor` on symbolic inputs.

    Args:
        dtype: Optional target dtype.
        sparse: `False` densifies a sparse input.
        ragged: Must be `None` or `False`.
        name: Optional name.
    """

    def __init__(self, dtype=None, sparse=None, ragged=None, *, name=None):
        super().__init__(name=name)
        self.dtype = None if dtype is None else _dtypes.standardize_dtype(dtype)
        self.sparse = sparse
        self.ragged = ragged

    def call(self, x):
        return backend.convert_to_tensor(
            x, dtype=self.dtype, sparse=self.sparse, ragged=self.ragged
        )

    def compute_output_spec(self, x):
        return KerasTensor(
            x.shape,
            dtype=self.dtype or x.dtype,
            sparse=x.sparse and self.sparse is not False,
        )


@_export("convert_to_tensor")
def convert_to_tensor(x, dtype=None, sparse=None, ragged=None):
    """Turns a NumPy array, Python value or Variable into a backend tensor.

    A `KerasTensor` is returned as is (cast when `dtype` differs).

    Args:
        x: Backend tensor, variable, NumPy array, Python scalar, or (nested)
            Python list of numbers.
        dtype: The target type. If `None`, the type of `x` is used (Python
            ints give `int32` and floats `floatx`).
        sparse: Must be `None` or `False`.
        ragged: Must be `None` or `False`.

    Returns:
        A backend tensor of the specified `dtype`.

    Example:

    >>> keras.ops.convert_to_tensor([1, 2])
    Array([1, 2], dtype=int32)
    """
    if isinstance(x, KerasTensor):
        if dtype is not None and _dtypes.standardize_dtype(dtype) != x.dtype:
            x = cast(x, dtype)
        if x.sparse and sparse is False:
            x = ConvertToTensor(sparse=False)(x)
        return x
    return backend.convert_to_tensor(
        x, dtype=dtype, sparse=sparse, ragged=ragged
    )


@_export("convert_to_numpy")
def convert_to_numpy(x):
    """Copies the values of a concrete tensor into a NumPy array.

    Args:
        x: A tensor or variable.

    Returns:
        A NumPy array.
    """
    if isinstance(x, KerasTensor):
        raise ValueError(
            "A symbolic KerasTensor cannot be converted to NumPy. "
            f"Received: {x}"
        )
    return backend.convert_to_numpy(x)


@_export("is_tensor")
def is_tensor(x):
    """Check whether the given object is a backend tensor.

    A Keras `Variable` or a NumPy array is not a tensor.

    Args:
        x: A variable.

    Returns:
        `True` if `x` is a (JAX) tensor, otherwise `False`.
    """
    return backend.is_tensor(x)


@_export("shape")
def shape(x):
    """Reads the (static) shape of a tensor-like value.

    Args:
        x: A tensor (or KerasTensor, Variable, NumPy array).

    Returns:
        A tuple of integers or `None` values (unknown dimensions of
        symbolic tensors).

    Example:

    >>> keras.ops.shape(np.zeros((2, 3)))
    (2, 3)
    """
    if isinstance(x, KerasTensor):
        return x.shape
    if hasattr(x, "shape"):
        return tuple(x.shape)
    return backend.shape(backend.convert_to_tensor(x))


@_export("dtype")
def dtype(x):
    """Reads the element type of a tensor-like value, as a string name.

    Args:
        x: A tensor (or KerasTensor, Variable).

    Returns:
        The dtype string, e.g. `"float32"`.
    """
    if hasattr(x, "dtype"):
        return _dtypes.standardize_dtype(x.dtype)
    return _dtypes.standardize_dtype(backend.convert_to_tensor(x).dtype)


@_export("stop_gradient")
@symbolic_op
def stop_gradient(variable):
    """Blocks gradients from flowing back through a value.

    In the forward pass this is the identity; during differentiation the
    result is treated as a constant.

    Args:
        variable: Tensor or variable to treat as a constant.

    Returns:
        A tensor equal to `variable` whose gradient is zero.
    """
    return backend.stop_gradient(backend.convert_to_tensor(variable))


class Cond(Operation):
    """The operation of `keras.ops.cond`: symbolically, both branches must
    produce the same structure of shapes and dtypes."""

    def __init__(self, *, name=None):
        super().__init__(name=name)
        # The branches are Python callables, which `remat` cannot trace.
        self._remat_mode = None

    def call(self, pred, true_fn, false_fn):
        return backend.cond(pred, true_fn, false_fn)

    def compute_output_spec(self, pred, true_fn, false_fn):
        true_spec = backend.compute_output_spec(true_fn)
        false_spec = backend.compute_output_spec(false_fn)
        if not self._check_output_spec(true_spec, false_spec):
            raise ValueError(
                "`true_fn` and `false_fn` must return the same structure of "
                "tensors, with the same shapes and dtypes. Received: "
                f"true_fn outputs {true_spec}, false_fn outputs {false_spec}"
            )
        return true_spec

    def _check_output_spec(self, true_spec, false_spec):
        """Whether two (nested) output specs agree in structure, shapes and
        dtypes."""
        if true_spec is None or false_spec is None:
            return true_spec is None and false_spec is None
        if isinstance(true_spec, (list, tuple)):
            return (
                isinstance(false_spec, (list, tuple))
                and len(true_spec) == len(false_spec)
                and all(
                    self._check_output_spec(t, f)
                    for t, f in zip(true_spec, false_spec)
                )
            )
        if isinstance(true_spec, dict):
            return (
                isinstance(false_spec, dict)
                and true_spec.keys() == false_spec.keys()
                and all(
                    self._check_output_spec(true_spec[k], false_spec[k])
                    for k in true_spec
                )
            )
        return (
            true_spec.dtype == false_spec.dtype
            and true_spec.shape == false_spec.shape
        )


@_export("cond")
def cond(pred, true_fn, false_fn):
    """Runs `true_fn()` when `pred` holds and `false_fn()` otherwise.

    Both branches must return the same structure of tensors of the same
    shapes and dtypes.

    Args:
        pred: Boolean scalar.
        true_fn: Zero-argument callable used when `pred` is true.
        false_fn: Zero-argument callable used when `pred` is false.

    Returns:
        Whatever the selected branch returned.
    """
    return Cond()(pred, true_fn, false_fn)


@_export("switch")
@symbolic_op
def switch(index, branches, *operands):
    """Calls the branch chosen by an integer index on `operands`.

    `index` is clamped to `[0, len(branches) - 1]`.

    Args:
        index: Integer scalar.
        branches: A sequence of callables taking `*operands`.
        *operands: Inputs to the chosen branch.

    Returns:
        The outputs of `branches[index](*operands)`.
    """
    return backend.core.switch(index, branches, *operands)


@_export("fori_loop")
@symbolic_op(static=("lower", "upper", "body_fun"))
def fori_loop(lower, upper, body_fun, init_val):
    """Counted loop: applies `body_fun` for `i` in `range(lower, upper)`.

    Args:
        lower: First value of the counter `i`.
        upper: The counter stops before reaching this value.
        body_fun: A callable `body_fun(i, val)` returning the new `val`.
        init_val: State passed to the first iteration.

    Returns:
        The state returned by the last iteration (`init_val` when the range
        is empty).

    Example:

    >>> keras.ops.fori_loop(0, 10, lambda i, s: s + i, 0)
    Array(45, dtype=int32, weak_type=True)
    """
    return backend.fori_loop(lower, upper, body_fun, init_val)


def _while_loop_spec(cond, body, loop_vars, maximum_iterations=None):
    return tree.map_structure(
        lambda v: KerasTensor(v.shape, dtype=v.dtype), loop_vars
    )


@_export("while_loop")
@symbolic_op(
    static=("cond", "body", "maximum_iterations"), spec=_while_loop_spec
)
def while_loop(cond, body, loop_vars, maximum_iterations=None):
    """Repeats `body` as long as `cond` holds for the loop variables.

    Args:
        cond: A callable returning a boolean scalar from the loop variables
            (unpacked when `loop_vars` is a tuple or list).
        body: A callable returning the new loop variables.
        loop_vars: A tensor or a tuple/list of tensors.
        maximum_iterations: Optional maximum number of iterations.

    Returns:
        The final loop variables, in the structure of `loop_vars`.
    """
    return backend.while_loop(
        cond, body, loop_vars, maximum_iterations=maximum_iterations
    )


@_export("scan")
@symbolic_op(static=("length", "reverse", "unroll"))
def scan(f, init, xs=None, length=None, reverse=False, unroll=1):
    """Loops `f` over the leading axis of `xs`, threading a carry through.

    Args:
        f: Callable `f(carry, x) -> (carry, y)`.
        init: The initial carry value.
        xs: Optional values to scan along the leading axis.
        length: Number of iterations, required when `xs` is `None`.
        reverse: Whether to scan from the end.
        unroll: Number of iterations to unroll in the loop body.

    Returns:
        A pair `(final_carry, stacked_ys)`.
    """
    if not callable(f):
        raise TypeError(f"`f` should be a callable. Received: f={f}")
    if not isinstance(unroll, bool) and not (
        isinstance(unroll, int) and unroll >= 1
    ):
        raise ValueError(
            "`unroll` must be an positive integer or boolean. Received: "
            f"unroll={unroll}"
        )
    if xs is None and length is None:
        raise ValueError(
            "Got neither `xs` to scan over and nor `length`: pass at least "
            "one of them."
        )
    return backend.scan(
        f, init, xs=xs, length=length, reverse=reverse, unroll=unroll
    )


@_export("associative_scan")
@symbolic_op
def associative_scan(f, elems, reverse=False, axis=0):
    """Prefix reduction with an associative `f`, computed as a parallel tree.

    Args:
        f: An associative binary callable, e.g. `keras.ops.add`.
        elems: A (structure of) tensors to scan along `axis`.
        reverse: Whether to scan from the end.
        axis: The axis along which to scan.

    Returns:
        The cumulative results, of the structure of `elems`.
    """
    return backend.core.associative_scan(f, elems, reverse=reverse, axis=axis)


@_export("map")
@symbolic_op
def map(f, xs):
    """Applies `f` to each slice of `xs` along its first axis.

    Args:
        f: Callable applied to each element of `xs` along its first axis.
        xs: Tensor (or structure of tensors) to map over.

    Returns:
        The stacked outputs of `f`.
    """
    return backend.core.map(f, xs)


@_export("vectorized_map")
@symbolic_op
def vectorized_map(function, elements):
    """Batched (vectorized) application of `function` over axis 0.

    Args:
        function: Callable applied to a slice of `elements`.
        elements: Tensor (or structure of tensors) with a leading batch
            axis.

    Returns:
        The batched outputs of `function`.
    """
    return backend.vectorized_map(function, elements)


def _slice_spec(inputs, start_indices, shape):
    rank = len(inputs.shape)
    if len(shape) != rank:
        raise ValueError(
            "The number of dimensions in `inputs` must match the number of "
            f"dimensions in `shape`. Received: inputs.shape={inputs.shape}, "
            f"shape={shape}"
        )
    concrete_starts = isinstance(start_indices, (list, tuple))
    if concrete_starts and len(start_indices) != rank:
        raise ValueError(
            "The number of dimensions in `start_indices` must match the "
            f"number of dimensions in `inputs`. Received: "
            f"start_indices={start_indices}, inputs.shape={inputs.shape}"
        )
    out = []
    for i, d in enumerate(shape):
        if d != -1:
            out.append(d)
        elif concrete_starts and inputs.shape[i] is not None:
            out.append(inputs.shape[i] - int(start_indices[i]))
        else:
            out.append(None)
    return KerasTensor(tuple(out), dtype=inputs.dtype)


@_export("slice")
@symbolic_op(static=("shape",), spec=_slice_spec)
def slice(inputs, start_indices, shape):
    """Extracts a block of fixed size starting at (possibly dynamic) indices.

    Args:
        inputs: A tensor, the tensor to be sliced.
        start_indices: The starting index of the slice along each axis (may
            be traced values).
        shape: The static full shape of the slice; `-1` takes the rest of
            an axis (its start index must then be concrete).

    Returns:
        A tensor of shape `shape`.

    Example:

    >>> keras.ops.slice(np.arange(6).reshape(2, 3), (0, 1), (2, 2))
    Array([[1, 2],
           [4, 5]], dtype=int32)
    """
    return backend.core.slice(inputs, start_indices, shape)


def _like_inputs_spec(inputs, *args, **kwargs):
    return KerasTensor(inputs.shape, dtype=inputs.dtype)


@_export("slice_update")
@symbolic_op(spec=_like_inputs_spec)
def slice_update(inputs, start_indices, updates):
    """Overwrites a contiguous block of `inputs` with `updates`.

    Args:
        inputs: Tensor receiving the new values.
        start_indices: Where to place `updates`, one index per axis.
        updates: A tensor, the new values; same rank as `inputs`.

    Returns:
        A tensor, of the same shape and dtype as `inputs`.
    """
    return backend.core.slice_update(inputs, start_indices, updates)


def _scatter_spec(indices, values, shape):
    return KerasTensor(tuple(shape), dtype=values.dtype)


@_export("scatter")
@symbolic_op(static=("shape",), spec=_scatter_spec)
def scatter(indices, values, shape):
    """Returns a tensor of shape `shape` with `values` scattered at `indices`.

    Values at repeated indices are summed; all other entries are zero.

    Args:
        indices: Integer tensor of shape `(N, k)` (or `(..., k)`): each row
            is the index of one value.
        values: Tensor of values, shape `(N,) + shape[k:]`.
        shape: Tuple of ints, the shape of the result.

    Returns:
        A tensor of shape `shape`.

    Example:

    >>> keras.ops.scatter(np.array([[0, 1], [1, 1]]), np.array([1., 1.]),
    ...                   (2, 2))
    Array([[0., 1.],
           [0., 1.]], dtype=float32)
    """
    return backend.core.scatter(indices, values, shape)


@_export("scatter_update")
@symbolic_op(spec=_like_inputs_spec)
def scatter_update(inputs, indices, updates, reduction=None):
    """Writes `updates` into a copy of `inputs` at the listed indices.

    Args:
        inputs: Tensor receiving the new values.
        indices: Integer tensor of shape `(N, k)`: the indices to update.
        updates: A tensor, the new values, shape `(N,) + inputs.shape[k:]`.
        reduction: How an update combines with the current value: `None`
            overwrites it, `"add"`, `"mul"`, `"max"` or `"min"` combine
            them (repeated indices then all contribute).

    Returns:
        A tensor of the same shape and dtype as `inputs`.

    Example:

    >>> keras.ops.scatter_update(np.zeros(3), [[0], [0]], np.ones(2),
    ...                          reduction="add")
    Array([2., 0., 0.], dtype=float32)
    """
    return backend.core.scatter_update(
        inputs, indices, updates, reduction=reduction
    )


def _unstack_spec(x, num=None, axis=0):
    rank = len(x.shape)
    if not -rank <= axis < rank:
        raise ValueError(
            f"Argument `axis` {axis} is out of bounds for a tensor of rank "
            f"{rank} (shape {x.shape}): axis {axis} is out of bounds."
        )
    dim = x.shape[axis]
    if num is None:
        if dim is None:
            raise ValueError(
                "Cannot infer argument `num` from shape "
                f"{x.shape} (axis {axis} is unknown): pass `num`."
            )
        num = dim
    elif dim is not None and num != dim:
        raise ValueError(
            f"Argument `num` ({num}) does not match the size of axis {axis} "
            f"({dim}) of shape {x.shape}."
        )
    axis = axis % rank
    shape = x.shape[:axis] + x.shape[axis + 1 :]
    return [KerasTensor(shape, dtype=x.dtype) for _ in range(num)]


@_export("unstack")
@symbolic_op(spec=_unstack_spec)
def unstack(x, num=None, axis=0):
    """Splits a tensor along `axis` into a list of slices, one rank lower.

    Args:
        x: The input tensor.
        num: The length of the dimension `axis` (checked if given).
        axis: Dimension to remove; each slice drops it.

    Returns:
        A Python list of `x.shape[axis]` tensors.
    """
    return backend.core.unstack(x, num=num, axis=axis)


@_export("custom_gradient")
def custom_gradient(f):
    """Decorator that attaches a hand-written gradient to a function.

    `f(*args)` must return `(outputs, grad_fn)`, where
    `grad_fn(*upstream, **kwargs)` returns the gradients of `args` (one per
    positional argument).

    Args:
        f: The function.

    Returns:
        A function `h(*args)` returning `f(*args)[0]` whose gradient is
        given by `grad_fn`.
    """
    return backend.math.custom_gradient(f)
