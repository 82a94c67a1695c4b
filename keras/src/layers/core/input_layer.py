"""`InputLayer` and `keras.Input`: the entry points of functional models."""

import warnings

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer
from keras.src.ops.node import Node
from keras.src.utils.python_utils import read_only


def _check_input_tensor(tensor, shape, batch_shape, batch_size, dtype, sparse):
    """Raises if an argument given with `input_tensor` contradicts it."""
    if not isinstance(tensor, backend.KerasTensor):
        raise ValueError(
            "Argument `input_tensor` must be a KerasTensor. "
            f"Received: {tensor} of type {type(tensor)}"
        )
    actual = tuple(tensor.shape)

    def compatible(expected, found):
        return len(expected) == len(found) and all(
            a is None or b is None or int(a) == b
            for a, b in zip(expected, found)
        )

    def incompatible(argument, value, expected):
        return ValueError(
            "When passing `input_tensor` (shape {}), you cannot provide an "
            "incompatible `{}`: received {}={}; expected {}.".format(
                actual, argument, argument, value, expected
            )
        )

    if shape is not None and not compatible(tuple(shape), actual[1:]):
        raise incompatible("shape", shape, actual[1:])
    if batch_shape is not None and not compatible(tuple(batch_shape), actual):
        raise incompatible("batch_shape", batch_shape, actual)
    if (
        batch_size is not None
        and actual
        and actual[0]
        not in (
            None,
            batch_size,
        )
    ):
        raise incompatible("batch_size", batch_size, actual[0])
    if dtype is not None and backend.standardize_dtype(
        dtype
    ) != backend.standardize_dtype(tensor.dtype):
        raise incompatible("dtype", dtype, tensor.dtype)
    if sparse is not None and bool(sparse) != bool(
        getattr(tensor, "sparse", False)
    ):
        raise incompatible("sparse", sparse, getattr(tensor, "sparse", False))


@keras_export("keras.layers.InputLayer")
class InputLayer(Layer):
    """The layer that produces a functional model's input tensor.

    It is usually created implicitly by `keras.Input`, which returns the
    layer's symbolic output tensor. When passed first to a `Sequential`
    model, it fixes the model's input shape so the model is built at once.

    Args:
        shape: Shape tuple, not including the batch dimension.
        batch_size: Optional static batch size.
        dtype: The input's dtype; defaults to `keras.config.floatx()`.
        sparse: Whether the input is a sparse tensor (a JAX `BCOO`).
        ragged: Must be falsy: ragged inputs are not supported.
        batch_shape: Full shape tuple, including the batch dimension. Give
            either `shape` or `batch_shape`, not both.
        input_tensor: Optional existing `KerasTensor` to wrap instead of
            creating a new one.
        optional: Whether the input may be `None` when the model is called.
        name: Optional name of the layer (and of its output tensor).

    Example:

    ```python
    model = keras.Sequential(
        [keras.layers.InputLayer(shape=(3,)), keras.layers.Dense(4)]
    )
    ```
    """

    def __init__(
        self,
        shape=None,
        batch_size=None,
        dtype=None,
        sparse=None,
        ragged=None,
        batch_shape=None,
        input_tensor=None,
        optional=False,
        name=None,
        **kwargs,
    ):
        # Legacy (Keras 2) spellings of the shape arguments.
        if "input_shape" in kwargs:
            warnings.warn(
                "Argument `input_shape` is deprecated. Use `shape` instead.",
                stacklevel=2,
            )
            legacy = kwargs.pop("input_shape")
            shape = shape if shape is not None else legacy
        if "batch_input_shape" in kwargs:
            legacy = kwargs.pop("batch_input_shape")
            batch_shape = batch_shape if batch_shape is not None else legacy
        if kwargs:
            raise ValueError(
                f"Unrecognized keyword arguments passed to InputLayer: {kwargs}"
            )
        super().__init__(name=name)
        if shape is not None and batch_shape is not None:
            raise ValueError(
                "You cannot pass both `shape` and `batch_shape` at the same "
                f"time. Received: shape={shape}, batch_shape={batch_shape}"
            )
        if batch_size is not None and batch_shape is not None:
            raise ValueError(
                "You cannot pass both `batch_size` and `batch_shape` at the "
                f"same time. Received: batch_size={batch_size}, "
                f"batch_shape={batch_shape}"
            )
        if shape is not None and isinstance(shape, int):
            shape = (shape,)
        if input_tensor is not None:
            _check_input_tensor(
                input_tensor, shape, batch_shape, batch_size, dtype, sparse
            )
            if shape is None and batch_shape is None:
                batch_shape = input_tensor.shape
                batch_size = None
            if dtype is None:
                dtype = input_tensor.dtype
        if sparse and not backend.SUPPORTS_SPARSE_TENSORS:
            raise ValueError("`sparse=True` is not supported by this backend.")
        if ragged and not backend.SUPPORTS_RAGGED_TENSORS:
            raise ValueError(
                "`ragged=True` is not supported with the JAX backend of "
                "this Keras."
            )
        if shape is None and batch_shape is None:
            raise ValueError(
                "To create an input, you must pass a `shape` argument (or "
                "a `batch_shape`, or an `input_tensor`)."
            )
        if shape is not None:
            batch_shape = (batch_size,) + tuple(shape)
        self._batch_shape = tuple(
            None if d is None else int(d) for d in batch_shape
        )
        self._dtype = backend.standardize_dtype(dtype or backend.floatx())
        self.sparse = bool(sparse)
        self.ragged = bool(ragged)
        self.optional = bool(optional)
        if input_tensor is None:
            input_tensor = backend.KerasTensor(
                shape=self._batch_shape,
                dtype=self._dtype,
                sparse=self.sparse,
                name=self.name,
            )
        self._input_tensor = input_tensor
        Node(operation=self, call_args=(), call_kwargs={}, outputs=input_tensor)
        self.built = True

    def call(self):
        return

    batch_shape = read_only(
        "_batch_shape", "The full input shape, batch dimension included."
    )

    dtype = read_only("_dtype", "The dtype of the input tensor.")

    output = read_only(
        "_input_tensor", "The symbolic input tensor this layer stands for."
    )

    def get_config(self):
        return {
            "batch_shape": list(self._batch_shape),
            "dtype": self._dtype,
            "sparse": self.sparse,
            "ragged": self.ragged,
            "optional": self.optional,
            "name": self.name,
        }

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        config.pop("trainable", None)
        return cls(**config)


@keras_export(["keras.layers.Input", "keras.Input"])
def Input(
    shape=None,
    batch_size=None,
    dtype=None,
    sparse=None,
    batch_shape=None,
    name=None,
    tensor=None,
    optional=False,
):
    """Creates a symbolic tensor: the input of a functional model.

    Args:
        shape: Shape tuple, not including the batch dimension. `None`
            entries are unknown dimensions.
        batch_size: Optional static batch size.
        dtype: The input's dtype; defaults to `keras.config.floatx()`.
        sparse: Whether the input is a sparse tensor (a JAX `BCOO`).
        batch_shape: Full shape tuple, including the batch dimension. Give
            either `shape` or `batch_shape`, not both.
        name: Optional name; it also names the model input (dict inputs
            can be matched by it).
        tensor: Optional existing `KerasTensor` to wrap.
        optional: Whether the input may be `None` when the model is called.

    Returns:
        A `KerasTensor`, the output of a new `InputLayer`.

    Example:

    ```python
    pixels = keras.Input(shape=(28, 28), name="pixels")
    logits = keras.layers.Dense(10)(keras.layers.Flatten()(pixels))
    classifier = keras.Model(pixels, logits)
    ```
    """
    source = InputLayer(
        name=name,
        shape=shape,
        batch_size=batch_size,
        batch_shape=batch_shape,
        dtype=dtype,
        sparse=sparse,
        optional=optional,
        input_tensor=tensor,
    )
    return source.output
