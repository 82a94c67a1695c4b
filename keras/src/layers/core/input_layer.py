"""`InputLayer` and `keras.Input`: the entry points of functional models."""

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer
from keras.src.ops.node import Node


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
        sparse: Must be falsy: sparse inputs are not supported.
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
        batch_shape=None,
        input_tensor=None,
        optional=False,
        name=None,
        **kwargs,
    ):
        # Legacy (Keras 2) spellings of the shape arguments.
        if "input_shape" in kwargs:
            legacy = kwargs.pop("input_shape")
            shape = shape if shape is not None else legacy
        if "batch_input_shape" in kwargs:
            legacy = kwargs.pop("batch_input_shape")
            batch_shape = batch_shape if batch_shape is not None else legacy
        kwargs.pop("ragged", None)
        if kwargs:
            raise ValueError(
                f"Unrecognized keyword arguments passed to InputLayer: {kwargs}"
            )
        super().__init__(name=name)
        if sparse:
            raise ValueError(
                "Sparse inputs are not supported by the JAX backend. "
                f"Received: sparse={sparse}"
            )
        if shape is not None and batch_shape is not None:
            raise ValueError(
                "You cannot pass both `shape` and `batch_shape` at the same "
                f"time. Received: shape={shape}, batch_shape={batch_shape}"
            )
        if input_tensor is not None:
            if not isinstance(input_tensor, backend.KerasTensor):
                raise ValueError(
                    "Argument `input_tensor` must be a KerasTensor. "
                    f"Received: {input_tensor} of type {type(input_tensor)}"
                )
            if shape is None and batch_shape is None:
                batch_shape = input_tensor.shape
            if dtype is None:
                dtype = input_tensor.dtype
        if shape is None and batch_shape is None:
            raise ValueError(
                "You must pass a `shape` argument (or a `batch_shape`) to "
                "`Input`/`InputLayer`."
            )
        if shape is not None:
            if isinstance(shape, int):
                shape = (shape,)
            batch_shape = (batch_size,) + tuple(shape)
        self._batch_shape = tuple(
            None if d is None else int(d) for d in batch_shape
        )
        self._dtype = backend.standardize_dtype(dtype or backend.floatx())
        self.sparse = False
        self.optional = bool(optional)
        if input_tensor is None:
            input_tensor = backend.KerasTensor(
                shape=self._batch_shape, dtype=self._dtype, name=self.name
            )
        elif tuple(input_tensor.shape) != self._batch_shape:
            raise ValueError(
                f"Argument `input_tensor` has shape {input_tensor.shape}, "
                f"which does not match the given shape {self._batch_shape}."
            )
        self._input_tensor = input_tensor
        Node(operation=self, call_args=(), call_kwargs={}, outputs=input_tensor)
        self.built = True

    def call(self):
        return

    @property
    def batch_shape(self):
        """The full input shape, batch dimension included."""
        return self._batch_shape

    @property
    def dtype(self):
        """The dtype of the input tensor."""
        return self._dtype

    @property
    def output(self):
        return self._input_tensor

    def get_config(self):
        return {
            "batch_shape": list(self._batch_shape),
            "dtype": self._dtype,
            "sparse": self.sparse,
            "optional": self.optional,
            "name": self.name,
        }

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        for key in ("trainable", "ragged"):
            config.pop(key, None)
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
        sparse: Must be falsy: sparse inputs are not supported.
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
