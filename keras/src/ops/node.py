"""`Node`: one call of an operation on symbolic tensors (a graph edge)."""

import collections

from keras.src import tree
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.ops.symbolic_arguments import SymbolicArguments

KerasHistory = collections.namedtuple(
    "KerasHistory", ["operation", "node_index", "tensor_index"]
)


class Node:
    """Records `operation(*call_args, **call_kwargs) -> outputs`.

    Every output KerasTensor gets a `_keras_history` pointing back here, so
    the graph can be walked from outputs to inputs.

    Args:
        operation: The `Operation` that was called.
        call_args: The positional arguments of the call.
        call_kwargs: The keyword arguments of the call.
        outputs: The output KerasTensor(s).
    """

    def __init__(self, operation, call_args=(), call_kwargs=None, outputs=None):
        self.operation = operation
        self.arguments = SymbolicArguments(*call_args, **(call_kwargs or {}))
        self.input_tensors = self.arguments.keras_tensors
        self.outputs = [] if outputs is None else tree.flatten(outputs)
        for x in self.outputs:
            if not isinstance(x, KerasTensor):
                raise ValueError(
                    "A Node records symbolic calls only: all operation "
                    "outputs must be tensors. Received an output of type "
                    f"{type(x).__name__} from operation '{operation.name}'."
                )
        self.is_input = not self.input_tensors
        operation._inbound_nodes.append(self)
        for x in self.input_tensors:
            history = getattr(x, "_keras_history", None)
            if history is not None:
                history.operation._outbound_nodes.append(self)
        node_index = len(operation._inbound_nodes) - 1
        for i, x in enumerate(self.outputs):
            x._keras_history = KerasHistory(operation, node_index, i)

    @property
    def output_tensors(self):
        return self.outputs

    @property
    def parent_nodes(self):
        parents = []
        for x in self.input_tensors:
            history = getattr(x, "_keras_history", None)
            if history is not None:
                node = history.operation._inbound_nodes[history.node_index]
                if all(node is not p for p in parents):
                    parents.append(node)
        return parents
