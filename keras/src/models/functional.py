"""`Functional`: a model defined by a graph of layer (and op) calls."""

import collections
import importlib
import inspect
import warnings

from keras.src import backend
from keras.src import tree
from keras.src.backend.common import masking
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.layers.core.input_layer import InputLayer
from keras.src.layers.layer import Layer
from keras.src.models.model import Model
from keras.src.ops.function import Function
from keras.src.ops.function import check_graph_arguments
from keras.src.ops.function import connected_graph
from keras.src.ops.function import producer_node
from keras.src.ops.function import run_nodes
from keras.src.ops.operation import FunctionOperation
from keras.src.saving import serialization_lib
from keras.src.utils.python_utils import read_only


class Functional(Function, Model):
    """A model made of the graph of layer calls between inputs and outputs.

    Usually created as `keras.Model(inputs, outputs)`. Calling the model
    replays the recorded layer and op calls on the given values.

    Args:
        inputs: A `KerasTensor` from `keras.Input`, or a list or dict of
            them.
        outputs: The output `KerasTensor`(s): a tensor, a list or a dict.
        name: The model's name.
        **kwargs: `trainable` and `dtype`, as for `keras.Model`.

    Example:

    ```python
    inputs = {
        "a": keras.Input((3,), name="a"),
        "b": keras.Input((2,), name="b"),
    }
    x = keras.layers.Concatenate()([inputs["a"], inputs["b"]])
    outputs = [keras.layers.Dense(1)(x), keras.layers.Dense(4)(x)]
    model = keras.Model(inputs, outputs)
    ```
    """

    def __init__(self, inputs, outputs, name=None, **kwargs):
        trainable = kwargs.pop("trainable", True)
        Model.__init__(self, name=name, **kwargs)
        check_graph_arguments(inputs, outputs)
        seen = set()
        for x in tree.flatten(inputs):
            if id(x) in seen:
                raise ValueError(
                    f"The same tensor is given twice in `inputs`: {x}"
                )
            seen.add(id(x))
        inputs, outputs = _rebase_on_input_layers(inputs, outputs)
        self._init_graph(inputs, outputs)
        node_ids = {id(node) for node in self._nodes}
        self._node_index_map = {}
        for operation in self._operations:
            index = 0
            for node in operation._inbound_nodes:
                if id(node) in node_ids:
                    self._node_index_map[id(node)] = index
                    index += 1
        self.built = True
        if not trainable:
            self.trainable = False

    # --------------------------------------------------------------- graph
    # Keeps `Model`'s setter, which refuses assignments.
    @Model.layers.getter
    def layers(self):
        """The model's layers (`InputLayer`s included), in graph order."""
        return [op for op in self._operations if isinstance(op, Layer)]

    @property
    def output_names(self):
        """Names of the outputs (in `outputs` order): the name of the layer
        (or operation) that produced each of them."""
        names = []
        for x in self._outputs:
            history = getattr(x, "_keras_history", None)
            operation = None if history is None else history.operation
            names.append(getattr(operation, "name", None) or x.name)
        return names

    input = read_only(
        "_inputs_struct", "The model's input tensor(s), in the structure given."
    )

    output = read_only(
        "_outputs_struct",
        "The model's output tensor(s), in the structure given.",
    )

    @property
    def input_shape(self):
        return _unpack_singleton(
            tree.map_structure(lambda x: x.shape, self._inputs_struct)
        )

    @property
    def output_shape(self):
        return _unpack_singleton(
            tree.map_structure(lambda x: x.shape, self._outputs_struct)
        )

    @property
    def input_dtype(self):
        return _unpack_singleton(
            tree.map_structure(lambda x: x.dtype, self._inputs_struct)
        )

    def _model_nodes(self, operation):
        """The nodes of `operation` that belong to this model's graph."""
        return [
            node
            for node in operation._inbound_nodes
            if id(node) in self._node_index_map
        ]

    def build(self, input_shape=None):
        # Functional models are built when created.
        pass

    def get_build_config(self):
        return None

    def build_from_config(self, config):
        pass

    # ---------------------------------------------------------------- call
    def call(self, inputs, training=None, mask=None):
        """Runs the graph on `inputs` (structured like the model inputs)."""
        keep_batch = _batch_dim_constraint()

        def call_node(node, args, kwargs):
            operation = node.operation
            _set_training_mode(operation, kwargs, training)
            outputs = operation(*args, **kwargs)
            if keep_batch is None:
                return outputs
            return keep_batch(operation, node.outputs, tree.flatten(outputs))

        outputs = self._run_graph(self._standardize_inputs(inputs), call_node)
        return _unpack_singleton(outputs)

    def compute_output_spec(self, inputs, training=None, mask=None):
        # Each operation infers its outputs from the specs of its inputs
        # (layers that define `compute_output_shape` are not traced), so
        # that unknown dimensions stay unknown rather than taking a
        # stand-in size in the shape arithmetic of a traced `call`.
        def spec_node(node, args, kwargs):
            _set_training_mode(node.operation, kwargs, training)
            return _operation_output_spec(node.operation, args, kwargs)

        outputs = self._run_graph(self._standardize_inputs(inputs), spec_node)
        return _unpack_singleton(outputs)

    # Output shapes come from `compute_output_spec`, as for layers.
    compute_output_shape = Layer.compute_output_shape

    def _standardize_inputs(self, inputs):
        refs = self._inputs
        expected = self._inputs_struct
        if isinstance(expected, dict) and isinstance(inputs, dict):
            missing = [k for k in expected if k not in inputs]
            if missing:
                raise ValueError(
                    f'Model "{self.name}" expects inputs with keys '
                    f"{sorted(expected)}, but the keys {missing} "
                    f"are missing. Received keys: {sorted(inputs)}"
                )
            extra = [k for k in inputs if k not in expected]
            if extra:
                self._warn_inputs_structure(
                    inputs, f"the keys {sorted(extra)} are ignored"
                )
            flat = tree.flatten({k: inputs[k] for k in expected})
        elif isinstance(inputs, dict):
            names = [ref.name for ref in refs]
            if not all(name in inputs for name in names):
                raise ValueError(
                    f'Model "{self.name}" was called with a dict with keys '
                    f"{sorted(inputs)}, which do not match the names of its "
                    f"inputs: {names}"
                )
            flat = [inputs[name] for name in names]
        elif isinstance(expected, dict) and len(refs) > 1:
            flat = self._dict_inputs_from_sequence(inputs)
        else:
            flat = tree.flatten(inputs)
            if len(refs) == 1 and len(flat) != 1 and _is_number_list(inputs):
                # A (nested) list of Python numbers is one input.
                flat = [inputs]
        if len(flat) != len(refs):
            raise ValueError(
                f'Model "{self.name}" expects {len(refs)} input(s), but it '
                f"received {len(flat)} input tensors. Inputs received: "
                f"{inputs}"
            )
        paths = [
            ".".join(map(str, path))
            for path, _ in tree.flatten_with_path(expected)
        ]
        return [
            self._standardize_input(i, x, ref, path)
            for i, (x, ref, path) in enumerate(zip(flat, refs, paths))
        ]

    def _dict_inputs_from_sequence(self, inputs):
        """Maps a list/tuple of inputs onto the dict the model was built
        with, by position, when that order is unambiguous."""
        expected = self._inputs_struct
        keys = sorted(expected)
        if not isinstance(inputs, (list, tuple)):
            raise ValueError(
                f'Model "{self.name}" expects named input(s) with keys '
                f"{keys}, but it received a single input of type "
                f"{type(inputs).__name__}. Pass a dict."
            )
        flat = tree.flatten(inputs)
        if len(flat) != len(keys):
            raise ValueError(
                f'Model "{self.name}" expects named input(s) with keys '
                f"{keys}, but it received {len(flat)} input tensors."
            )
        if list(expected) != keys:
            # The dict was built in another order than its sorted keys: a
            # positional list could mean either order.
            raise ValueError(
                "The structure of `inputs` doesn't match the expected "
                f'structure of model "{self.name}": it takes a dict '
                f"with keys {list(expected)}, and a list of inputs cannot "
                "be matched to them unambiguously. Pass a dict."
            )
        self._warn_inputs_structure(
            inputs, f"the inputs are taken in the order of the keys {keys}"
        )
        return flat

    def _warn_inputs_structure(self, inputs, consequence):
        """Warns (once per model) that inputs are structured differently
        from the model's inputs."""
        if getattr(self, "_warned_inputs_structure", False):
            return
        self._warned_inputs_structure = True
        expected = tree.map_structure(lambda x: x.name, self._inputs_struct)
        received = tree.map_structure(
            lambda x: f"Tensor(shape={getattr(x, 'shape', None)})", inputs
        )
        warnings.warn(
            "The structure of `inputs` doesn't match the expected structure "
            f'of model "{self.name}" ({consequence}). Expected: '
            f"{expected}; received: {received}.",
            stacklevel=2,
        )

    def _standardize_input(self, index, x, ref, path=""):
        if x is None:
            history = getattr(ref, "_keras_history", None)
            if history is not None and getattr(
                history.operation, "optional", False
            ):
                return None
            raise ValueError(
                f'Input {index} ("{ref.name}") of model "{self.name}" is '
                "None, but the input is not optional."
            )
        if isinstance(x, KerasTensor):
            return x
        if not backend.is_tensor(x) or x.dtype != ref.dtype:
            x = backend.convert_to_tensor(x, dtype=ref.dtype)
        if backend.sparse.is_sparse(x) and not ref.sparse:
            # A sparse array fed to an `Input` that is not `sparse=True`.
            x = backend.convert_to_tensor(x, sparse=False)
        expected = ref.shape
        x = adjust_input_rank(x, expected)
        shape = tuple(x.shape)
        if len(shape) != len(expected):
            raise ValueError(
                f"Invalid input shape for the input with name '{ref.name}' "
                f"and path '{path}' of model \"{self.name}\": expected "
                f"shape {expected}, but the input has rank {len(shape)} "
                f"(shape {shape})."
            )
        shape = tuple(x.shape)
        compatible = len(shape) == len(expected) and all(
            e is None or s == e
            for i, (s, e) in enumerate(zip(shape, expected))
            if i > 0
        )
        if not compatible:
            raise ValueError(
                f'Input {index} ("{ref.name}") of model "{self.name}" is '
                f"incompatible with the model: expected shape={expected}, "
                f"found shape={tuple(x.shape)}"
            )
        return x

    # -------------------------------------------------------------- config
    def get_config(self):
        """Returns the graph as a config: layers with their inbound nodes,
        and the input and output tensor references.

        A subclass whose constructor builds the graph itself (it does not
        take `inputs` and `outputs`) and that defines `get_config` gets
        the base model config here instead (name, trainable), to which it
        adds its constructor arguments: it is rebuilt by calling the
        constructor again.
        """
        if type(self).get_config is not Functional.get_config and (
            not _functional_like_constructor(type(self))
        ):
            return Model.get_config(self)
        for x in self._inputs:
            history = getattr(x, "_keras_history", None)
            if history is None or not isinstance(history.operation, InputLayer):
                raise NotImplementedError(
                    f'Model "{self.name}" has an input that is not created '
                    f"by `keras.Input` ({x}); it cannot be serialized."
                )
        layer_configs = []
        for operation in self._operations:
            layer_config = serialization_lib.serialize_keras_object(operation)
            layer_config["name"] = operation.name
            layer_config["inbound_nodes"] = [
                self._serialize_node(node)
                for node in self._model_nodes(operation)
                if not node.is_input
            ]
            layer_configs.append(layer_config)
        return {
            "name": self.name,
            "trainable": self.trainable,
            "layers": layer_configs,
            "input_layers": self._tensor_refs(self._inputs_struct),
            "output_layers": self._tensor_refs(self._outputs_struct),
        }

    def _tensor_ref(self, x):
        history = x._keras_history
        node = history.operation._inbound_nodes[history.node_index]
        return [
            history.operation.name,
            self._node_index_map[id(node)],
            history.tensor_index,
        ]

    def _tensor_refs(self, structure):
        if isinstance(structure, KerasTensor):
            return self._tensor_ref(structure)
        if isinstance(structure, dict):
            return {k: self._tensor_refs(v) for k, v in structure.items()}
        refs = [self._tensor_refs(v) for v in structure]
        if isinstance(structure, tuple) and len(structure) > 1:
            # Kept a tuple through JSON (a single-element sequence is the
            # usual way to write one input, and stays a list).
            return {"class_name": "__tuple__", "config": {"value": refs}}
        return refs

    def _serialize_node(self, node):
        args, kwargs = node.arguments.args, node.arguments.kwargs
        return {
            "args": self._serialize_argument(list(args)),
            "kwargs": self._serialize_argument(kwargs),
        }

    def _serialize_argument(self, value):
        if isinstance(value, KerasTensor):
            return {
                "class_name": "__keras_tensor__",
                "config": {
                    "shape": list(value.shape),
                    "dtype": value.dtype,
                    "keras_history": self._tensor_ref(value),
                },
            }
        if isinstance(value, slice):
            return {
                "class_name": "__slice__",
                "config": {
                    "start": self._serialize_argument(value.start),
                    "stop": self._serialize_argument(value.stop),
                    "step": self._serialize_argument(value.step),
                },
            }
        if value is Ellipsis:
            return {"class_name": "__ellipsis__", "config": {}}
        if isinstance(value, tuple):
            return {
                "class_name": "__tuple__",
                "config": {
                    "value": [self._serialize_argument(v) for v in value]
                },
            }
        if isinstance(value, list):
            return [self._serialize_argument(v) for v in value]
        if isinstance(value, dict):
            return {k: self._serialize_argument(v) for k, v in value.items()}
        return serialization_lib.serialize_keras_object(value)


# ------------------------------------------------------------------ graph
def adjust_input_rank(x, expected_shape):
    """Fixes an off-by-one rank where a trailing axis of size 1 explains it.

    An input of shape `(batch,)` for an expected `(batch, 1)` gains the
    axis; one of shape `(batch, n, 1)` for an expected `(batch, n)` loses
    it. Any other `x` is returned unchanged.
    """
    shape = tuple(x.shape)
    if len(shape) == len(expected_shape) + 1 and shape[-1] == 1:
        return backend.numpy.squeeze(x, axis=-1)
    if (
        len(shape) == len(expected_shape) - 1
        and expected_shape
        and expected_shape[-1] == 1
    ):
        return backend.numpy.expand_dims(x, axis=-1)
    return x


def _is_input_layer_output(x):
    node = producer_node(x)
    return node is not None and isinstance(node.operation, InputLayer)


def _rebase_on_input_layers(inputs, outputs):
    """Gives the intermediate tensors used as model inputs `InputLayer`s.

    A model built from inputs that are outputs of other layers (to slice a
    bigger graph) gets a new `keras.Input` for each of them; the operations
    between those inputs and the outputs are called again on the new
    inputs (the layers are shared, not copied).
    """
    from keras.src.layers.core.input_layer import Input

    flat_inputs = tree.flatten(inputs)
    if all(_is_input_layer_output(x) for x in flat_inputs):
        return inputs, outputs
    new_inputs = [
        x
        if _is_input_layer_output(x)
        else Input(batch_shape=x.shape, dtype=x.dtype)
        for x in flat_inputs
    ]
    nodes, _ = connected_graph(flat_inputs, outputs)
    values = run_nodes(
        nodes,
        flat_inputs,
        new_inputs,
        lambda node, args, kwargs: node.operation(*args, **kwargs),
    )
    return (
        tree.pack_sequence_as(inputs, new_inputs),
        tree.map_structure(lambda x: values[id(x)], outputs),
    )


def _is_number_list(value):
    if isinstance(value, (list, tuple)):
        return all(_is_number_list(v) for v in value)
    return isinstance(value, (int, float, bool))


def _batch_dim_constraint():
    """How `Functional.call` pins batch dimensions, or `None`.

    Under a distribution with a `_constrain_batch_dim` method
    (`ModelParallel`), returns `keep_batch(operation, refs, values)`,
    which applies it to the values of a node whose symbolic output has a
    `None` (batch) first dimension, unless the layer's output has a layout
    of its own (a `"<layer path>/output"` key of the layout map).
    """
    from keras.src.distribution import distribution_lib

    distribution = distribution_lib.distribution()
    constrain = getattr(distribution, "_constrain_batch_dim", None)
    if constrain is None:
        return None

    def keep_batch(operation, refs, values):
        if not any(backend.is_tensor(v) for v in values):
            return values
        path = getattr(operation, "_path", None)
        if path is not None and (
            distribution.get_tensor_layout(f"{path}/output") is not None
        ):
            return values
        return [
            masking.with_mask_of(value, constrain(value))
            if isinstance(ref, KerasTensor)
            and ref.shape
            and ref.shape[0] is None
            and backend.is_tensor(value)
            else value
            for ref, value in zip(refs, values)
        ]

    return keep_batch


def _set_training_mode(operation, kwargs, training):
    """Passes the mode of the model call (e.g. `training=False` in
    `predict`) to a node, unless the graph's author fixed the node's mode
    when building it (`Dropout(0.5)(x, training=True)` stays on in
    `predict`)."""
    if kwargs.get("training") is not None:
        return
    if training is not None and getattr(
        operation, "_call_has_training_arg", False
    ):
        kwargs["training"] = training


def _operation_output_spec(operation, args, kwargs):
    """The output specs of one node of the graph, given input specs."""
    if isinstance(operation, Layer):
        return operation._output_spec_of_call(args, kwargs)
    return operation.compute_output_spec(*args, **kwargs)


def _unpack_singleton(x):
    if isinstance(x, (list, tuple)) and len(x) == 1:
        return x[0]
    return x


# ------------------------------------------------------------ from_config
def _find_op_function(name):
    for module_name in (
        "keras.src.ops",
        "keras.src.ops.nn",
        "keras.src.ops.math",
        "keras.src.ops.linalg",
        "keras.src.ops.core",
        "keras.src.activations",
    ):
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        fn = getattr(module, name, None)
        if fn is not None and callable(fn):
            return getattr(fn, "__wrapped_op__", fn)
    raise ValueError(
        f"Could not find the op function '{name}' in `keras.ops` while "
        "rebuilding a functional model."
    )


def _deserialize_operation(layer_data, custom_objects):
    if layer_data.get("class_name") == "FunctionOperation":
        config = layer_data["config"]
        operation = FunctionOperation(_find_op_function(config["function"]))
        operation.name = config.get("name", operation.name)
        return operation
    if "module" not in layer_data and layer_data.get("class_name"):
        # Configs written without a module (e.g. by hand, or by older
        # versions) name built-in layers by class name only.
        layer_data = dict(layer_data)
        config = dict(layer_data.get("config") or {})
        if layer_data["class_name"] == "InputLayer":
            if "batch_input_shape" in config:
                config["batch_shape"] = config.pop("batch_input_shape")
        layer_data["config"] = config
        from keras.src import layers

        return serialization_lib.deserialize_keras_object(
            layer_data,
            custom_objects=custom_objects,
            module_objects=layers.builtin_layers(),
        )
    return serialization_lib.deserialize_keras_object(
        layer_data, custom_objects=custom_objects
    )


def _standard_node(node_data):
    """A node of a functional config in the `{"args", "kwargs"}` form.

    The older form lists the node's input tensors as `[layer_name,
    node_index, tensor_index, kwargs]` entries (one input tensor: the
    layer's input; several: a list of them)."""
    if isinstance(node_data, dict):
        return node_data
    refs = list(node_data)
    tensors = [
        {
            "class_name": "__keras_tensor__",
            "config": {"keras_history": list(ref[:3])},
        }
        for ref in refs
    ]
    kwargs = {}
    for ref in refs:
        if len(ref) > 3 and isinstance(ref[3], dict):
            kwargs.update(ref[3])
    args = [tensors[0]] if len(tensors) == 1 else [tensors]
    return {"args": args, "kwargs": kwargs}


def _tensor_refs_in(value, found):
    if isinstance(value, dict):
        if value.get("class_name") == "__keras_tensor__" and "config" in value:
            found.append(value["config"]["keras_history"])
            return found
        for v in value.values():
            _tensor_refs_in(v, found)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _tensor_refs_in(v, found)
    return found


def _deserialize_argument(value, get_tensor, custom_objects):
    def rec(v):
        return _deserialize_argument(v, get_tensor, custom_objects)

    if isinstance(value, dict):
        class_name = value.get("class_name")
        if class_name is not None and "config" in value:
            config = value["config"]
            if class_name == "__keras_tensor__":
                return get_tensor(*config["keras_history"])
            if class_name == "__slice__":
                return slice(
                    rec(config["start"]),
                    rec(config["stop"]),
                    rec(config["step"]),
                )
            if class_name == "__ellipsis__":
                return Ellipsis
            if class_name == "__tuple__":
                return tuple(rec(v) for v in config["value"])
            return serialization_lib.deserialize_keras_object(
                value, custom_objects=custom_objects
            )
        return {k: rec(v) for k, v in value.items()}
    if isinstance(value, list):
        return [rec(v) for v in value]
    if isinstance(value, tuple):
        return tuple(rec(v) for v in value)
    return value


def _is_tensor_ref(value):
    return (
        isinstance(value, (list, tuple))
        and len(value) == 3
        and isinstance(value[0], str)
        and isinstance(value[1], int)
        and isinstance(value[2], int)
    )


def _functional_like_constructor(cls):
    """Whether `cls(inputs=..., outputs=..., **rest)` can be called: its
    constructor takes `inputs` and `outputs` first, or forwards `*args`
    (and keywords) to the functional constructor."""
    all_parameters = inspect.signature(cls.__init__).parameters.values()
    if any(p.kind == p.VAR_POSITIONAL for p in all_parameters):
        return True
    parameters = [
        p
        for p in all_parameters
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]
    names = [p.name for p in parameters[1:3]]
    return names == ["inputs", "outputs"]


# The keys of `Functional.get_config()`; a subclass may add its own, which
# go to its constructor.
_FUNCTIONAL_CONFIG_KEYS = (
    "name",
    "trainable",
    "layers",
    "input_layers",
    "output_layers",
)


def functional_from_config(cls, config, custom_objects=None):
    """Rebuilds the graph described by a functional config and returns
    `cls(inputs=..., outputs=..., name=...)`."""
    created = {}
    queues = {}
    order = []
    for layer_data in config["layers"]:
        name = layer_data["name"]
        created[name] = _deserialize_operation(layer_data, custom_objects)
        queues[name] = collections.deque(
            _standard_node(node) for node in layer_data.get("inbound_nodes", [])
        )
        order.append(name)

    def get_tensor(name, node_index, tensor_index):
        if name not in created:
            raise ValueError(
                f"Missing node: {name}. The functional config refers to a "
                "layer that it does not define."
            )
        return created[name]._inbound_nodes[node_index].outputs[tensor_index]

    def available(ref):
        name, node_index, _ = ref
        if name not in created:
            raise ValueError(
                f"Missing node: {name}. The functional config refers to a "
                "layer that it does not define."
            )
        return node_index < len(created[name]._inbound_nodes)

    while any(queues.values()):
        progressed = False
        for name in order:
            queue = queues[name]
            while queue:
                node_data = queue[0]
                if not all(
                    available(ref) for ref in _tensor_refs_in(node_data, [])
                ):
                    break
                args = _deserialize_argument(
                    node_data.get("args", []), get_tensor, custom_objects
                )
                kwargs = _deserialize_argument(
                    node_data.get("kwargs", {}), get_tensor, custom_objects
                )
                created[name](*args, **kwargs)
                queue.popleft()
                progressed = True
        if not progressed:
            raise ValueError(
                "Could not rebuild the functional model from its config: "
                "the nodes of layers "
                f"{[n for n in order if queues[n]]} depend on tensors that "
                "are never created (a loop in the graph, or a node that is "
                "missing from the config)."
            )

    def resolve(refs):
        if _is_tensor_ref(refs):
            return get_tensor(*refs)
        if isinstance(refs, dict):
            if refs.get("class_name") == "__tuple__" and set(refs) == {
                "class_name",
                "config",
            }:
                return tuple(resolve(v) for v in refs["config"]["value"])
            return {k: resolve(v) for k, v in refs.items()}
        return [resolve(v) for v in refs]

    inputs = resolve(config["input_layers"])
    outputs = resolve(config["output_layers"])
    extra = {}
    if cls is not Model and not _functional_like_constructor(cls):
        # A subclass whose constructor builds its own graph: return a plain
        # functional model with the same graph.
        cls = Functional
    elif cls not in (Model, Functional):
        # Constructor arguments a subclass added to its config.
        extra = {
            k: v for k, v in config.items() if k not in _FUNCTIONAL_CONFIG_KEYS
        }
    return cls(
        inputs=inputs,
        outputs=outputs,
        name=config.get("name"),
        trainable=config.get("trainable", True),
        **extra,
    )
