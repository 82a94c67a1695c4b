"""Rematerialization (gradient checkpointing) settings for layers."""

from collections import namedtuple

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend.common import global_state

_MODES = ("full", "activations", "larger_than", "list_of_layers", None)


@keras_export("keras.RematScope")
class RematScope(global_state.GlobalStackScope):
    """Turns on rematerialization for the layers created inside it.

    A rematerialized layer does not keep its intermediate values for the
    backward pass: it computes them again when gradients are taken, which
    trades compute for memory.

    Args:
        mode: Which layers are rematerialized:
            - `"full"`: every layer;
            - `"activations"`: activation layers only;
            - `"larger_than"`: layers whose output is larger than
              `output_size_threshold` elements;
            - `"list_of_layers"`: the layers named in `layer_names`;
            - `None`: none (turns it off inside an enclosing scope).
        output_size_threshold: Element count used by `"larger_than"`.
        layer_names: Layer names used by `"list_of_layers"`.

    Example:

    ```python
    with keras.RematScope(mode="full"):
        layer = keras.layers.Dense(64)
    ```
    """

    _stack_name = "remat_scope_stack"

    def __init__(
        self, mode="full", output_size_threshold=None, layer_names=None
    ):
        if mode not in _MODES:
            raise ValueError(
                f"Invalid remat mode: {mode}. Expected one of {_MODES}."
            )
        self.mode = mode
        self.output_size_threshold = output_size_threshold
        self.layer_names = layer_names or []

    def __enter__(self):
        self._push()
        return self


RematMode = namedtuple(
    "RematMode", ["mode", "output_size_threshold", "layer_names"]
)


def get_current_remat_mode():
    """The settings of the innermost open `RematScope`, or `None`.

    Returns:
        A `RematMode` named tuple (`mode`, `output_size_threshold`,
        `layer_names`), or `None` when no scope is open.
    """
    stack = global_state.get_global_attribute("remat_scope_stack")
    if not stack:
        return None
    scope = stack[-1]
    return RematMode(scope.mode, scope.output_size_threshold, scope.layer_names)


@keras_export("keras.remat")
def remat(f):
    """Wraps a function (or layer) so that it is rematerialized.

    The wrapped function computes the same values; when gradients are
    taken, its intermediate values are recomputed instead of stored.

    Args:
        f: The function or callable to wrap.

    Returns:
        The wrapped function.

    Example:

    ```python
    dense = keras.layers.Dense(8)
    x = keras.remat(dense)(np.ones((2, 4)))
    ```
    """
    return backend.core.remat(f)
