"""`Function`: a graph of operation calls between symbolic inputs and
outputs, callable like an operation.

The graph helpers here (finding the nodes between some tensors, replaying
them on values) also serve functional models, which are `Function`s with
layers and a training loop.
"""

import collections

import numpy as np

from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.ops.operation import Operation


@keras_export("keras.Function")
class Function(Operation):
    """A graph of operations, from symbolic inputs to symbolic outputs.

    Calling ops (`keras.ops.*`) and layers on `KerasTensor`s records each
    call. A `Function` keeps the calls that lead from `inputs` to
    `outputs` and replays them: on concrete tensors it computes the
    outputs, on `KerasTensor`s it returns symbolic outputs (and is itself
    recorded, so functions nest). The inputs may be any tensors of a
    graph, not only `keras.Input`s: the operations that produced them are
    left out.

    A call must pass its inputs in the structure of `inputs` (the same
    nesting of lists, tuples and dicts), each with a shape compatible
    with its symbolic input (`None` dimensions match any size).

    Args:
        inputs: A `KerasTensor`, or a list, tuple or dict (possibly
            nested) of them.
        outputs: A `KerasTensor`, or a list, tuple or dict of them,
            computed from `inputs`.
        name: Optional name of the function.

    Example:

    ```python
    a = keras.KerasTensor((None, 4))
    b = keras.KerasTensor((None, 4))
    total = keras.ops.add(a, b)
    scaled = keras.Function(
        inputs={"a": a, "b": b},
        outputs=[total, keras.ops.sqrt(total)],
        name="scaled",
    )
    sums, roots = scaled({"a": np.full((2, 4), 5.0), "b": np.ones((2, 4))})
    # sums is filled with 6.0, roots with sqrt(6.0)
    ```
    """

    def __init__(self, inputs, outputs, name=None):
        super().__init__(name=name)
        check_graph_arguments(inputs, outputs)
        self._init_graph(inputs, outputs)

    def _init_graph(self, inputs, outputs):
        """Finds the graph between `inputs` and `outputs` (checked by
        `check_graph_arguments`)."""
        self._inputs_struct = tree.map_structure(lambda x: x, inputs)
        self._outputs_struct = tree.map_structure(lambda x: x, outputs)
        self._inputs = tree.flatten(inputs)
        self._outputs = tree.flatten(outputs)
        self._nodes, self._operations = connected_graph(
            self._inputs, self._outputs_struct
        )

    @property
    def operations(self):
        """All operations of the graph (layers and ops), in call order."""
        return list(self._operations)

    @property
    def inputs(self):
        """The flat list of the input tensors."""
        return list(self._inputs)

    @property
    def outputs(self):
        """The flat list of the output tensors."""
        return list(self._outputs)

    def call(self, inputs):
        """Computes the outputs (structured as `outputs`) of `inputs`."""
        return self._run_graph(
            self._check_call_inputs(inputs),
            lambda node, args, kwargs: node.operation(*args, **kwargs),
        )

    def compute_output_spec(self, inputs):
        """The symbolic outputs of symbolic `inputs`, from each operation's
        `compute_output_spec` (nothing is recorded)."""
        return self._run_graph(
            self._check_call_inputs(inputs),
            lambda node, args, kwargs: node.operation.compute_output_spec(
                *args, **kwargs
            ),
        )

    def compute_output_shape(self, input_shape):
        """The output shapes for inputs of shapes `input_shape` (structured
        as `inputs`)."""
        specs = tree.map_structure_up_to(
            self._inputs_struct,
            lambda ref, shape: KerasTensor(shape, dtype=ref.dtype),
            self._inputs_struct,
            input_shape,
        )
        return tree.map_structure(
            lambda x: x.shape, self.compute_output_spec(specs)
        )

    def _run_graph(self, flat_inputs, call_node):
        """Replays the graph on `flat_inputs` (ordered as `self.inputs`);
        `call_node(node, args, kwargs)` computes one node's outputs."""
        values = run_nodes(self._nodes, self._inputs, flat_inputs, call_node)
        return tree.pack_sequence_as(
            self._outputs_struct, [values[id(x)] for x in self._outputs]
        )

    def _check_call_inputs(self, inputs):
        """The flat inputs of a call, after checking their structure and
        shapes against the symbolic inputs."""
        try:
            tree.assert_same_structure(self._inputs_struct, inputs)
        except (ValueError, TypeError):
            raise ValueError(
                f"Function '{self.name}' was called with an invalid input "
                "structure. Expected input structure: "
                f"{self._inputs_struct}\nReceived input structure: {inputs}"
            ) from None
        flat = tree.flatten(inputs)
        for ref, x in zip(self._inputs, flat):
            shape = getattr(x, "shape", None)
            if shape is None:
                shape = np.shape(x)
            if not _compatible_shapes(ref.shape, shape):
                raise ValueError(
                    f"Function '{self.name}' was passed incompatible inputs. "
                    f"For input '{ref.name}', expected shape {ref.shape}, "
                    f"but received instead a tensor with shape "
                    f"{tuple(shape)}."
                )
        return flat


def _compatible_shapes(expected, shape):
    if len(expected) != len(shape):
        return False
    return all(
        e is None or s is None or e == s for e, s in zip(expected, shape)
    )


# ------------------------------------------------------------------ graph
def check_graph_arguments(inputs, outputs):
    """Raises a `ValueError` unless `inputs` and `outputs` are non-empty
    structures of KerasTensors."""
    for kind, given in (("inputs", inputs), ("outputs", outputs)):
        flat = tree.flatten(given)
        if not flat:
            raise ValueError(
                f"`{kind}` argument cannot be empty. Received:\n"
                f"inputs={inputs}\noutputs={outputs}"
            )
        for x in flat:
            if not isinstance(x, KerasTensor):
                raise ValueError(
                    f"All `{kind}` values must be KerasTensors (created "
                    f"by `keras.Input`, layer and op calls). Received: "
                    f"{kind}={given} including invalid value {x} of "
                    f"type {type(x)}"
                )


def producer_node(x):
    """The `Node` whose call produced the tensor `x`, or `None`."""
    history = getattr(x, "_keras_history", None)
    if history is None:
        return None
    return history.operation._inbound_nodes[history.node_index]


def graph_nodes(inputs, outputs):
    """Finds the nodes that compute `outputs` from `inputs`.

    The producers of `inputs` are left out, except the nodes of input
    layers (nodes without input tensors), which stay in the graph as its
    entry points.

    Args:
        inputs: A flat list of KerasTensors.
        outputs: A flat list of KerasTensors.

    Returns:
        `(nodes, operations)`: the nodes in execution order (by decreasing
        depth, depth being the longest distance to an output) and the
        distinct operations in the same order.

    Raises:
        ValueError: if an output depends on a tensor that is neither among
            `inputs` nor computed from them ("Graph disconnected"), or if
            two operations of the graph have the same name.
    """
    input_ids = {id(x) for x in inputs}

    def node_of(x):
        node = producer_node(x)
        if id(x) in input_ids:
            if node is not None and node.is_input:
                return node
            return None  # An intermediate tensor used as an input.
        if node is None:
            raise ValueError(
                f"Graph disconnected: tensor {x} was not produced by a "
                "Keras layer or op, and it is not one of the `inputs`."
            )
        if node.is_input:
            raise ValueError(
                "Graph disconnected: cannot obtain the value of tensor "
                f"{x} from Input '{node.operation.name}', which is not "
                "among the `inputs`. Add it to `inputs` (or remove the "
                "computations depending on it). The inputs are: "
                f"{[t.name for t in inputs]}"
            )
        return node

    parents_cache = {}

    def parents(node):
        if id(node) not in parents_cache:
            found = []
            if not node.is_input:
                for x in node.input_tensors:
                    parent = node_of(x)
                    if parent is not None and all(
                        parent is not p for p in found
                    ):
                        found.append(parent)
            parents_cache[id(node)] = found
        return parents_cache[id(node)]

    visited = set()
    order = []
    for output in outputs:
        root = node_of(output)
        if root is None or id(root) in visited:
            continue
        visited.add(id(root))
        stack = [(root, iter(parents(root)))]
        while stack:
            node, pending = stack[-1]
            for parent in pending:
                if id(parent) not in visited:
                    visited.add(id(parent))
                    stack.append((parent, iter(parents(parent))))
                    break
            else:
                stack.pop()
                order.append(node)

    # Inputs that no output depends on are still part of the graph.
    unused = []
    for x in inputs:
        node = node_of(x)
        if node is not None and id(node) not in visited:
            visited.add(id(node))
            unused.append(node)

    depth = {}
    for node in reversed(order):
        node_depth = depth.setdefault(id(node), 0)
        for parent in parents(node):
            depth[id(parent)] = max(depth.get(id(parent), 0), node_depth + 1)
    max_depth = max(depth.values(), default=0)
    for node in unused:
        depth[id(node)] = max_depth
    order = order + unused
    position = {id(node): i for i, node in enumerate(order)}
    nodes = sorted(order, key=lambda n: (-depth[id(n)], position[id(n)]))

    operations = []
    operation_ids = set()
    for node in nodes:
        if id(node.operation) not in operation_ids:
            operation_ids.add(id(node.operation))
            operations.append(node.operation)
    counts = collections.Counter(op.name for op in operations)
    for name, count in counts.items():
        if count > 1:
            raise ValueError(
                f'The name "{name}" is used {count} times in the model. '
                "All operation names should be unique."
            )
    return nodes, operations


def connected_graph(inputs, outputs):
    """`graph_nodes(inputs, tree.flatten(outputs))`, whose "Graph
    disconnected" error names the first output (by its path in the
    structure `outputs`) that cannot be computed from `inputs`."""
    try:
        return graph_nodes(inputs, tree.flatten(outputs))
    except ValueError as error:
        if "Graph disconnected" not in str(error):
            raise
        failure = error
    for path, x in tree.flatten_with_path(outputs):
        try:
            graph_nodes(inputs, [x])
        except ValueError as error:
            name = ".".join(map(str, path)) if path else "<root>"
            raise ValueError(
                f"Output with path `{name}` is not connected to `inputs`: "
                f"{error}"
            ) from None
    raise failure


def run_nodes(nodes, input_tensors, input_values, call_node):
    """Replays `nodes` (in order) with `input_values` in place of
    `input_tensors`.

    Args:
        nodes: The nodes of a graph, as ordered by `graph_nodes`.
        input_tensors: Flat list of the graph's input KerasTensors.
        input_values: The values to give them, in the same order.
        call_node: `call_node(node, args, kwargs)` returns the outputs of
            `node` for its call arguments filled in with values.

    Returns:
        A dict from `id(tensor)` to value for every tensor of the graph.
    """
    values = {id(x): value for x, value in zip(input_tensors, input_values)}
    for node in nodes:
        if node.is_input:
            continue
        args, kwargs = node.arguments.fill_in(values)
        outputs = call_node(node, args, kwargs)
        for x, value in zip(node.outputs, tree.flatten(outputs)):
            values[id(x)] = value
    return values
