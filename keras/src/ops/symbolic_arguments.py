"""`SymbolicArguments`: the arguments of a recorded symbolic call."""

from keras.src import tree
from keras.src.backend.common.keras_tensor import KerasTensor


class SymbolicArguments:
    """The positional and keyword arguments of one operation call.

    A `Node` keeps the arguments its operation was called with, symbolic
    tensors and plain values mixed in any nesting. Replaying the graph
    swaps each `KerasTensor` for a value (`fill_in`) or for the result of a
    function (`convert`), leaving every other argument as it was.

    Args:
        *args: The positional arguments of the call.
        **kwargs: The keyword arguments of the call.

    Example:

    ```python
    x = keras.KerasTensor((2, 3))
    arguments = SymbolicArguments(x, axis=1)
    arguments.keras_tensors  # [x]
    arguments.fill_in({id(x): np.ones((2, 3))})  # ((array, ...), {"axis": 1})
    ```
    """

    def __init__(self, *args, **kwargs):
        self.args = tuple(args)
        self.kwargs = dict(kwargs)
        self._flat_arguments = tree.flatten((self.args, self.kwargs))
        self.keras_tensors = [
            value
            for value in self._flat_arguments
            if isinstance(value, KerasTensor)
        ]
        # The common call `operation(x)`, replayed without walking a tree.
        self._single_positional_tensor = (
            self.args[0]
            if len(self.args) == 1
            and not self.kwargs
            and isinstance(self.args[0], KerasTensor)
            else None
        )

    def convert(self, conversion_fn):
        """Returns `(args, kwargs)` with every `KerasTensor` `x` replaced by
        `conversion_fn(x)`."""
        if self._single_positional_tensor is not None:
            return (conversion_fn(self._single_positional_tensor),), {}

        def convert_one(value):
            if isinstance(value, KerasTensor):
                return conversion_fn(value)
            return value

        return tree.map_structure(convert_one, (self.args, self.kwargs))

    def fill_in(self, tensor_dict):
        """Returns `(args, kwargs)` with every `KerasTensor` `x` replaced by
        `tensor_dict[id(x)]` (`None` where `tensor_dict` has no entry)."""
        return self.convert(lambda x: tensor_dict.get(id(x)))
