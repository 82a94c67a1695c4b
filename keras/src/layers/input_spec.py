"""`InputSpec`: what a layer accepts (rank, dims), checked on every call."""

from keras.src import backend
from keras.src import tree
from keras.src.api_export import keras_export


@keras_export(["keras.InputSpec", "keras.layers.InputSpec"])
class InputSpec:
    """Declares what a layer accepts as input; checked on every call.

    A layer sets `self.input_spec` (one `InputSpec`, or a list with one
    per input) and each call then verifies the inputs against it, raising
    a `ValueError` that names the layer when something does not fit.
    Every constraint is optional; those left at `None` are not checked.

    Args:
        dtype: Optional dtype the input must have.
        shape: Optional full shape (batch axis included); `None` entries
            match any size. Implies `ndim`.
        ndim: Optional exact rank.
        max_ndim: Optional largest accepted rank.
        min_ndim: Optional smallest accepted rank.
        axes: Optional dict `{axis: size}` fixing the size of particular
            axes (negative axes count from the end).
        allow_last_axis_squeeze: Accepted for API compatibility.
        name: Optional name of the input, used to match dict inputs.
        optional: Boolean; whether `None` is an acceptable input.

    Example:

    >>> spec = keras.InputSpec(ndim=4, axes={1: 16})  # channels-first, 16
    >>> spec.ndim, spec.axes
    (4, {1: 16})
    """

    def __init__(
        self,
        dtype=None,
        shape=None,
        ndim=None,
        max_ndim=None,
        min_ndim=None,
        axes=None,
        allow_last_axis_squeeze=False,
        name=None,
        optional=False,
    ):
        self.name = name
        self.optional = optional
        self.dtype = None if not dtype else backend.standardize_dtype(dtype)
        self.shape = None if shape is None else tuple(shape)
        # A full shape fixes the rank too.
        self.ndim = ndim if self.shape is None else len(self.shape)
        self.min_ndim = min_ndim
        self.max_ndim = max_ndim
        self.axes = {int(axis): size for axis, size in dict(axes or {}).items()}
        self.allow_last_axis_squeeze = allow_last_axis_squeeze

    def get_config(self):
        keys = ("dtype", "shape", "ndim", "max_ndim", "min_ndim", "axes")
        return {key: getattr(self, key) for key in keys}

    def __repr__(self):
        # The constraints that are set, e.g. `InputSpec(ndim=3)`.
        fields = [f"{k}={v}" for k, v in self.get_config().items() if v]
        return f"InputSpec({', '.join(fields)})"

    @classmethod
    def from_config(cls, config):
        return cls(**config)


def assert_input_compatibility(input_spec, inputs, layer_name):
    """Raises a `ValueError` naming the layer if `inputs` break `input_spec`."""
    if not input_spec:
        return
    specs = tree.flatten(input_spec)
    flat_inputs = tree.flatten(inputs)
    if len(specs) != len(flat_inputs) and len(specs) > 1:
        raise ValueError(
            f'Layer "{layer_name}" expects {len(specs)} input(s), but it '
            f"received {len(flat_inputs)} input tensors."
        )
    for index, (x, spec) in enumerate(zip(flat_inputs, specs)):
        if spec is None or (x is None and spec.optional):
            continue
        if not hasattr(x, "shape"):
            continue
        shape = tuple(x.shape)
        ndim = len(shape)
        where = f'Input {index} of layer "{layer_name}"'
        if spec.ndim is not None and ndim != spec.ndim:
            raise ValueError(
                f"{where} is incompatible with the layer: expected "
                f"ndim={spec.ndim}, found ndim={ndim}. Full shape received: "
                f"{shape}"
            )
        if spec.max_ndim is not None and ndim > spec.max_ndim:
            raise ValueError(
                f"{where} is incompatible with the layer: expected "
                f"max_ndim={spec.max_ndim}, found ndim={ndim}. Full shape "
                f"received: {shape}"
            )
        if spec.min_ndim is not None and ndim < spec.min_ndim:
            raise ValueError(
                f"{where} is incompatible with the layer: expected "
                f"min_ndim={spec.min_ndim}, found ndim={ndim}. Full shape "
                f"received: {shape}"
            )
        for axis, size in spec.axes.items():
            if size is None or -ndim > axis or axis >= ndim:
                continue
            if shape[axis] not in (size, None):
                raise ValueError(
                    f"{where} is incompatible with the layer: expected axis "
                    f"{axis} of input shape to have value {size}, but "
                    f"received input with shape {shape}"
                )
        if spec.shape is not None:
            for expected, actual in zip(spec.shape, shape):
                if expected is not None and actual not in (expected, None):
                    raise ValueError(
                        f"{where} is incompatible with the layer: expected "
                        f"shape={spec.shape}, found shape={shape}"
                    )
