"""`Concatenate`: concatenates a list of inputs along an axis."""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.merging.base_merge import Merge


@keras_export("keras.layers.Concatenate")
class Concatenate(Merge):
    """Concatenates a list of inputs.

    It takes as input a list of tensors, all of the same shape except for
    the concatenation axis, and returns a single tensor that is the
    concatenation of all inputs.

    Args:
        axis: Axis along which to concatenate.
        **kwargs: Standard layer keyword arguments.

    Examples:

    >>> x = np.arange(20).reshape(2, 2, 5)
    >>> y = np.arange(20, 30).reshape(2, 1, 5)
    >>> keras.layers.Concatenate(axis=1)([x, y]).shape
    (2, 3, 5)

    Usage in a Keras model:

    >>> x1 = keras.layers.Dense(8)(np.arange(10).reshape(5, 2))
    >>> x2 = keras.layers.Dense(8)(np.arange(10, 20).reshape(5, 2))
    >>> y = keras.layers.Concatenate()([x1, x2])
    >>> y.shape
    (5, 16)
    """

    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        self.axis = axis
        self.supports_masking = True

    def build(self, input_shape):
        if not isinstance(input_shape, (list, tuple)) or not all(
            isinstance(s, (list, tuple)) for s in input_shape
        ):
            raise ValueError(
                "A `Concatenate` layer should be called on a list of "
                f"inputs. Received: input_shape={input_shape}"
            )
        self.compute_output_shape(input_shape)

    def _check_shapes(self, input_shape):
        shapes = [tuple(s) for s in input_shape]
        if len(shapes) < 1:
            raise ValueError(
                "A `Concatenate` layer should be called on a list of at "
                f"least 1 input. Received: input_shape={input_shape}"
            )
        ranks = {len(s) for s in shapes}
        if len(ranks) != 1:
            raise ValueError(
                "A `Concatenate` layer requires inputs with matching shapes "
                "except for the concatenation axis. Received: input_shape="
                f"{shapes} (inputs of different ranks)"
            )
        rank = ranks.pop()
        if not -rank <= self.axis < rank:
            raise ValueError(
                f"Invalid axis {self.axis} for `Concatenate` layer "
                f"'{self.name}': the inputs have rank {rank}. Received: "
                f"input_shape={shapes}"
            )
        axis = self.axis % rank
        for i in range(rank):
            if i == axis:
                continue
            sizes = {s[i] for s in shapes if s[i] is not None}
            if len(sizes) > 1:
                raise ValueError(
                    "A `Concatenate` layer requires inputs with matching "
                    "shapes except for the concatenation axis. Received: "
                    f"input_shape={shapes} (mismatch at axis {i}; "
                    f"concatenation axis {self.axis})"
                )
        return shapes, axis

    def call(self, inputs):
        self._check_inputs(inputs)
        inputs = [ops.convert_to_tensor(x) for x in inputs]
        self._check_shapes([x.shape for x in inputs])
        return ops.concatenate(inputs, axis=self.axis)

    def compute_output_shape(self, input_shape):
        shapes, axis = self._check_shapes(input_shape)
        output_shape = []
        for i in range(len(shapes[0])):
            dims = [s[i] for s in shapes]
            if i == axis:
                output_shape.append(
                    None if any(d is None for d in dims) else sum(dims)
                )
            else:
                known = [d for d in dims if d is not None]
                output_shape.append(known[0] if known else None)
        return tuple(output_shape)

    def compute_output_spec(self, inputs):
        self._check_inputs(inputs)
        output_shape = self.compute_output_shape([x.shape for x in inputs])
        dtype = backend.result_type(*[x.dtype for x in inputs])
        return backend.KerasTensor(output_shape, dtype=dtype)

    def get_config(self):
        config = {"axis": self.axis}
        base_config = super().get_config()
        return {**base_config, **config}


@keras_export("keras.layers.concatenate")
def concatenate(inputs, axis=-1, **kwargs):
    """Functional interface to the `Concatenate` layer.

    Args:
        inputs: A list of input tensors.
        axis: Concatenation axis.
        **kwargs: Standard layer keyword arguments.

    Returns:
        A tensor, the concatenation of the inputs alongside axis `axis`.

    Example:

    >>> keras.layers.concatenate([np.ones((2, 3)), np.ones((2, 1))]).shape
    (2, 4)
    """
    return Concatenate(axis=axis, **kwargs)(inputs)
