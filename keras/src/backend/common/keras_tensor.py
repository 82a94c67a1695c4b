"""`KerasTensor`: a symbolic tensor (shape and dtype) used to build models."""

from keras.src.api_export import keras_export
from keras.src.backend.common import dtypes


def _immutable(attribute, doc=None):
    """A read-only property of `KerasTensor` that returns the value stored
    as `_<attribute>`; setting it raises an `AttributeError`.

    Args:
        attribute: Name of the property.
        doc: Optional docstring of the property.
    """

    def get(self):
        return getattr(self, f"_{attribute}")

    def refuse(self, value):
        raise AttributeError(
            f"The `{attribute}` attribute of KerasTensor is immutable. Make "
            f"a new KerasTensor with the {attribute} you need instead."
        )

    return property(get, refuse, doc=doc)


@keras_export("keras.KerasTensor")
class KerasTensor:
    """A symbolic tensor: a shape and a dtype, and how it was computed.

    KerasTensors flow through layers and `keras.ops` while a functional
    model is defined; each one remembers the operation that produced it in
    `_keras_history`, which is how `keras.Model(inputs, outputs)` finds its
    graph.

    Args:
        shape: A tuple of ints or `None` (unknown) dimensions.
        dtype: The dtype; defaults to `keras.config.floatx()`.
        sparse: Whether the tensor stands for a sparse tensor.
        name: Optional name.

    Example:

    >>> x = keras.KerasTensor((None, 3))
    >>> keras.ops.add(x, 1).shape
    (None, 3)
    """

    def __init__(
        self,
        shape,
        dtype="float32",
        sparse=False,
        ragged=False,
        record_history=True,
        name=None,
    ):
        if sparse and ragged:
            raise ValueError(
                "A KerasTensor cannot have `sparse=True` and `ragged=True` "
                "at the same time."
            )
        from keras.src.backend.common.variables import standardize_shape

        self._shape = standardize_shape(shape)
        self._dtype = dtypes.standardize_dtype(dtype)
        self._sparse = bool(sparse)
        self._ragged = bool(ragged)
        self.name = name
        self.record_history = record_history

    shape = _immutable("shape")
    dtype = _immutable("dtype")
    sparse = _immutable(
        "sparse", "Whether the tensor stands for a sparse (`BCOO`) tensor."
    )
    ragged = _immutable(
        "ragged",
        "Whether the tensor stands for a ragged tensor (symbolic only).",
    )

    @property
    def ndim(self):
        return len(self._shape)

    def reshape(self, newshape):
        from keras.src import ops

        return ops.reshape(self, newshape)

    def squeeze(self, axis=None):
        from keras.src import ops

        return ops.squeeze(self, axis)

    def __repr__(self):
        return (
            f"<KerasTensor shape={self.shape}, dtype={self.dtype}, "
            f"sparse={self._sparse}, ragged={self._ragged}, name={self.name}>"
        )

    def __iter__(self):
        raise NotImplementedError(
            f"Cannot loop over a symbolic KerasTensor (shape {self.shape}); "
            "use `keras.ops.unstack` or index it instead."
        )

    def __bool__(self):
        raise TypeError(
            "A symbolic KerasTensor cannot be used as a boolean. It holds "
            "no values; use `keras.ops.cond` or `keras.ops.where` to branch."
        )

    def __len__(self):
        raise TypeError(
            "A symbolic KerasTensor has no length. Use `tensor.shape[0]`."
        )

    def __array__(self, *args, **kwargs):
        raise ValueError(
            f"KerasTensor of shape {self.shape} and dtype {self.dtype} is "
            "symbolic: it describes a future value but doesn't have any "
            "actual numerical value, so it has no NumPy form."
        )

    def __jax_array__(self):
        raise ValueError(
            "A KerasTensor cannot be used as input to a JAX function. Use "
            "`keras.ops` functions (or wrap the code in a Keras layer) when "
            "building a functional model."
        )

    def __tf_tensor__(self, dtype=None, name=None):
        raise ValueError(
            "A KerasTensor cannot be used as input to a TensorFlow function: "
            "it is a symbolic placeholder with no value. Use `keras.ops` "
            "functions on it (or a Keras layer) instead."
        )

    def __hash__(self):
        return id(self)

    def _binary(name, reverse=False):
        def method(self, other):
            from keras.src import ops

            fn = getattr(ops, name)
            return fn(other, self) if reverse else fn(self, other)

        method.__name__ = name
        return method

    __add__ = _binary("add")
    __radd__ = _binary("add", reverse=True)
    __sub__ = _binary("subtract")
    __rsub__ = _binary("subtract", reverse=True)
    __mul__ = _binary("multiply")
    __rmul__ = _binary("multiply", reverse=True)
    __truediv__ = _binary("true_divide")
    __rtruediv__ = _binary("true_divide", reverse=True)
    __floordiv__ = _binary("floor_divide")
    __rfloordiv__ = _binary("floor_divide", reverse=True)
    __mod__ = _binary("mod")
    __rmod__ = _binary("mod", reverse=True)
    __pow__ = _binary("power")
    __rpow__ = _binary("power", reverse=True)
    __matmul__ = _binary("matmul")
    __rmatmul__ = _binary("matmul", reverse=True)
    __lt__ = _binary("less")
    __le__ = _binary("less_equal")
    __gt__ = _binary("greater")
    __ge__ = _binary("greater_equal")
    # No `__eq__`: `==` compares identities, so KerasTensors can be
    # compared and looked up like other Python objects.
    __ne__ = _binary("not_equal")
    __and__ = _binary("logical_and")
    __rand__ = _binary("logical_and", reverse=True)
    __or__ = _binary("logical_or")
    __ror__ = _binary("logical_or", reverse=True)
    __xor__ = _binary("logical_xor")
    __rxor__ = _binary("logical_xor", reverse=True)
    __div__ = _binary("divide")
    __rdiv__ = _binary("divide", reverse=True)
    del _binary

    def __neg__(self):
        from keras.src import ops

        return ops.negative(self)

    def __pos__(self):
        return self

    def __abs__(self):
        from keras.src import ops

        return ops.absolute(self)

    def __invert__(self):
        from keras.src import ops

        return ops.logical_not(self)

    def __getitem__(self, key):
        from keras.src import ops

        return ops.get_item(self, key)


def any_symbolic_tensors(args=None, kwargs=None):
    from keras.src import tree

    for x in tree.flatten((args or (), kwargs or {})):
        if isinstance(x, KerasTensor):
            return True
    return False


@keras_export(["keras.utils.is_keras_tensor", "keras.backend.is_keras_tensor"])
def is_keras_tensor(x):
    """Returns whether `x` is a symbolic `KerasTensor`."""
    return isinstance(x, KerasTensor)
