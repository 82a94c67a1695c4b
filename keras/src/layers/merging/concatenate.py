"""`Concatenate`: concatenates a list of inputs along an axis."""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.merging.base_merge import Merge
from keras.src.layers.merging.base_merge import _check_mask_arguments


@keras_export("keras.layers.Concatenate")
class Concatenate(Merge):
    """Joins a list of tensors end to end along one axis.

    The inputs must have the same rank and agree on every dimension other
    than `axis`; the output's size along `axis` is the sum of the inputs'
    sizes there.

    Args:
        axis: Integer, the axis to join along (negative values count from
            the end). Defaults to `-1`.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Example:

    >>> a = np.zeros((4, 3, 2))
    >>> b = np.ones((4, 5, 2))
    >>> keras.layers.Concatenate(axis=1)([a, b]).shape
    (4, 8, 2)

    Stacking the features of two branches of a functional model:

    >>> img_in = keras.Input(shape=(9,))
    >>> meta_in = keras.Input(shape=(2,))
    >>> img = keras.layers.Dense(6)(img_in)
    >>> both = keras.layers.Concatenate()([img, meta_in])
    >>> both.shape
    (None, 8)
    """

    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        self.axis = axis
        self.supports_masking = True

    def build(self, input_shape):
        self._check_shape_list(input_shape)
        self.compute_output_shape(input_shape)

    def _check_shapes(self, input_shape):
        shapes = [tuple(s) for s in input_shape]
        if len(shapes) < 1:
            raise ValueError(
                f"`Concatenate` layer '{self.name}' needs at least one "
                f"input to join; got an empty list: {input_shape}"
            )
        ranks = {len(s) for s in shapes}
        if len(ranks) != 1:
            raise ValueError(
                f"`Concatenate` layer '{self.name}' requires inputs with "
                "matching shapes except for the concatenation axis, but "
                f"they are of different ranks: {shapes}"
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
                    f"`Concatenate` layer '{self.name}' requires inputs "
                    "with matching shapes except for the concatenation "
                    f"axis ({self.axis}), but they differ at axis {i}: "
                    f"{shapes}"
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
        # Sparse only when every input is (a dense input densifies).
        sparse = all(x.sparse for x in inputs)
        return backend.KerasTensor(output_shape, dtype=dtype, sparse=sparse)

    def compute_mask(self, inputs, mask=None):
        """The output mask: the input masks (all-true for inputs without
        one) joined along `axis`; `None` when no input has a mask."""
        if mask is None:
            return None
        _check_mask_arguments(inputs, mask)
        if all(m is None for m in mask):
            return None
        joined = []
        for x, m in zip(inputs, mask):
            full = ops.ones_like(x, dtype="bool")
            if m is None:
                joined.append(full)
                continue
            m = ops.cast(m, "bool")
            if len(m.shape) < len(x.shape):
                while len(m.shape) < len(x.shape):
                    m = ops.expand_dims(m, axis=-1)
                m = ops.logical_and(m, full)
            joined.append(m)
        return ops.any(ops.concatenate(joined, axis=self.axis), axis=-1)

    def get_config(self):
        return {**super().get_config(), "axis": self.axis}


@keras_export("keras.layers.concatenate")
def concatenate(inputs, axis=-1, **kwargs):
    """Joins tensors along `axis` (functional form of `Concatenate`).

    Args:
        inputs: List of tensors of equal rank that agree on every
            dimension except `axis`.
        axis: Integer, the axis to join along. Defaults to `-1`.
        **kwargs: Passed on to the `Concatenate` layer (e.g. `name`).

    Returns:
        One tensor whose size along `axis` is the sum of the inputs' sizes.

    Example:

    >>> keras.layers.concatenate([np.ones((3, 2)), np.ones((3, 4))]).shape
    (3, 6)
    """
    layer = Concatenate(axis=axis, **kwargs)
    return layer(inputs)
