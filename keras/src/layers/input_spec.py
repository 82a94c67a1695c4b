"""`InputSpec`: what a layer accepts (rank, dims), checked on every call."""

from keras.src import backend
from keras.src import tree
from keras.src.api_export import keras_export


@keras_export(["keras.InputSpec", "keras.layers.InputSpec"])
class InputSpec:
    """Specifies the rank, dtype and shape of a layer's input.

    Args:
        dtype: Expected dtype of the input.
        shape: Expected shape; `None` entries match any size.
        ndim: Expected rank.
        max_ndim: Maximum rank.
        min_ndim: Minimum rank.
        axes: Dict mapping axis indices to their expected size.
        allow_last_axis_squeeze: Accepted for API compatibility.
        name: Expected input name.
        optional: Whether the input may be `None`.

    Example:

    >>> spec = keras.InputSpec(min_ndim=2, axes={-1: 3})
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
        self.dtype = backend.standardize_dtype(dtype) if dtype else None
        self.shape = None if shape is None else tuple(shape)
        self.ndim = len(self.shape) if self.shape is not None else ndim
        self.max_ndim = max_ndim
        self.min_ndim = min_ndim
        self.axes = {int(k): v for k, v in (axes or {}).items()}
        self.allow_last_axis_squeeze = allow_last_axis_squeeze
        self.name = name
        self.optional = optional

    def get_config(self):
        return {
            "dtype": self.dtype,
            "shape": self.shape,
            "ndim": self.ndim,
            "max_ndim": self.max_ndim,
            "min_ndim": self.min_ndim,
            "axes": self.axes,
        }

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
