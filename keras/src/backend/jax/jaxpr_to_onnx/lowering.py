"""The state of one ONNX lowering: names, constants, graphs, shapes.

A `Lowering` writes the nodes of jaxpr equations into ONNX graphs. The
rules that do it, one per JAX primitive, are registered with `rule` by the
modules of this package grouped by family (elementwise, shapes,
reductions, contractions, gather, control flow).
"""

import collections

import jax
import jax.extend
import numpy as np
from onnx import helper
from onnx import numpy_helper

from keras.src.backend.jax.jaxpr_to_onnx import symbolic_dims

# The lowest ONNX opset written (`Squeeze`, `Unsqueeze`, `Split` and
# `ReduceSum` take their axes as inputs from opset 13 on).
MIN_OPSET = 13
# From this opset on, every `Reduce*` takes its axes as an input.
REDUCE_AXES_INPUT_OPSET = 18
INT64_MIN = np.iinfo(np.int64).min
PROTOBUF_LIMIT = 2**31
# The type of a value that no jaxpr variable describes (a loop's counter).
Aval = collections.namedtuple("Aval", ["shape", "dtype"])
INT64_SCALAR = Aval((), np.int64)
BOOL_SCALAR = Aval((), np.bool_)


# Each rule takes `(lowering, eqn, input names)` and returns the output
# name(s) of the equation.
RULES = {}


def rule(*names):
    """Registers the decorated function as the rule of the JAX primitives
    `names`."""

    def register(function):
        for name in names:
            RULES[name] = function
        return function

    return register


def is_literal(var):
    return isinstance(var, jax.extend.core.Literal)


def is_static(dim):
    return isinstance(dim, (int, np.integer))


def onnx_dtype(dtype):
    return helper.np_dtype_to_tensor_dtype(np.dtype(dtype))


def value_info(name, aval):
    """A typed graph input or output; a symbolic dimension is named after
    its symbol when it is one, else left unknown."""
    shape = [
        int(dim) if is_static(dim) else symbolic_dims.symbol_name(dim)
        for dim in aval.shape
    ]
    return helper.make_tensor_value_info(name, onnx_dtype(aval.dtype), shape)


class Graph:
    """The nodes of one ONNX graph: the model's, or the body of a `Loop`
    or `If` (which may read the values of the graphs around it)."""

    def __init__(self):
        self.nodes = []


class Lowering:
    """Writes the ONNX nodes of jaxpr equations.

    Values are named by unique strings; `env` of `run` maps jaxpr
    variables to them. Constants are initializers of the model (visible in
    every subgraph). Symbol values and the shapes computed from them are
    written in the model's graph, so that subgraphs can read them.
    """

    def __init__(self, opset, reserved):
        self.opset = opset
        self.root = Graph()
        self.graph = self.root
        self.initializers = []
        self._taken = set(reserved)
        self._counter = 0
        self._constants = {}
        # Symbol name -> the 1-D tensor holding its value.
        self.symbols = {}
        self._dims = {}

    # ------------------------------------------------------------ naming
    def fresh(self, hint):
        while True:
            self._counter += 1
            name = f"{hint}_{self._counter}"
            if name not in self._taken:
                self._taken.add(name)
                return name

    def node(self, op_type, inputs, num_outputs=1, outputs=None, **attrs):
        """Appends a node to the current graph; returns its output name
        (or list of names when `num_outputs > 1`)."""
        if outputs is None:
            outputs = [self.fresh(op_type.lower()) for _ in range(num_outputs)]
        self.graph.nodes.append(
            helper.make_node(op_type, list(inputs), list(outputs), **attrs)
        )
        return outputs[0] if len(outputs) == 1 else list(outputs)

    def weight(self, name, value):
        if name in self._taken:
            name = self.fresh(name)
        self._taken.add(name)
        self.initializers.append(
            numpy_helper.from_array(np.asarray(value), name)
        )
        return name

    def const(self, value, dtype=None):
        """An initializer holding `value` (small ones are shared)."""
        value = np.asarray(value, dtype=dtype)
        key = None
        if value.size <= 16:
            key = (value.dtype.str, value.shape, value.tobytes())
            if key in self._constants:
                return self._constants[key]
        name = self.fresh("const")
        self.initializers.append(numpy_helper.from_array(value, name))
        if key is not None:
            self._constants[key] = name
        return name

    # ------------------------------------------------- symbolic dimensions
    def register_symbols(self, input_names, avals):
        """Reads each symbol's value from the first input that has it as a
        whole dimension."""
        for name, aval in zip(input_names, avals):
            for axis, dim in enumerate(aval.shape):
                symbol = symbolic_dims.symbol_name(dim)
                if symbol is not None and symbol not in self.symbols:
                    shape = self.node("Shape", [name])
                    self.symbols[symbol] = self.node(
                        "Gather", [shape, self.const([axis], np.int64)]
                    )

    def dim(self, dim):
        """A 1-D int64 tensor of length 1 holding the size `dim`."""
        if is_static(dim):
            return self.const([int(dim)], np.int64)
        key = str(dim)
        if key not in self._dims:
            # Written in the model's graph, where every subgraph reads it.
            current, self.graph = self.graph, self.root
            try:
                self._dims[key] = symbolic_dims.lower(self, dim)
            finally:
                self.graph = current
        return self._dims[key]

    def shape(self, dims):
        """A 1-D int64 tensor holding the shape `dims`."""
        if all(is_static(d) for d in dims):
            return self.const([int(d) for d in dims], np.int64)
        return self.node("Concat", [self.dim(d) for d in dims], axis=0)

    def scalar(self, dim):
        """A 0-D int64 tensor holding the size `dim`."""
        if is_static(dim):
            return self.const(int(dim), np.int64)
        return self.node("Squeeze", [self.dim(dim), self.const([0], np.int64)])

    # ----------------------------------------------------------- running
    def run(self, jaxpr, consts, args):
        """Lowers the equations of `jaxpr` (a `Jaxpr`) into the current
        graph, its constvars bound to `consts` (arrays or value names) and
        its invars to the value names `args`; returns its outputs' names."""
        env = {}

        def read(var):
            if is_literal(var):
                return self.const(var.val, var.aval.dtype)
            return env[var]

        for var, value in zip(jaxpr.constvars, consts):
            env[var] = value if isinstance(value, str) else self.const(value)
        for var, value in zip(jaxpr.invars, args):
            env[var] = value
        for eqn in jaxpr.eqns:
            name = eqn.primitive.name
            rule = RULES.get(name)
            if rule is None:
                raise NotImplementedError(
                    f"The ONNX export cannot lower the JAX primitive "
                    f"'{name}' (in `{eqn}`). Export a SavedModel "
                    "(`format='tf_saved_model'`) instead, or avoid the op "
                    "that uses it."
                )
            outputs = rule(self, eqn, [read(v) for v in eqn.invars])
            if isinstance(outputs, str):
                outputs = [outputs]
            for var, value in zip(eqn.outvars, outputs):
                env[var] = value
        return [read(v) for v in jaxpr.outvars]

    def run_closed(self, closed_jaxpr, args):
        return self.run(closed_jaxpr.jaxpr, closed_jaxpr.consts, args)

    def subgraph(self, name, inputs, build):
        """Builds a subgraph: `inputs` is a list of `(name, aval)` of its
        inputs, `build()` writes its nodes and returns its output names
        and avals as a list of `(name, aval)`."""
        current, self.graph = self.graph, Graph()
        try:
            outputs = build()
            # A subgraph returns values of its own.
            names = [self.node("Identity", [value]) for value, _ in outputs]
            graph = helper.make_graph(
                self.graph.nodes,
                self.fresh(name),
                [value_info(n, aval) for n, aval in inputs],
                [value_info(n, a) for n, (_, a) in zip(names, outputs)],
            )
        finally:
            self.graph = current
        return graph

    # ------------------------------------------------------- shared ops
    def cast(self, value, from_dtype, to_dtype):
        if np.dtype(from_dtype) == np.dtype(to_dtype):
            return value
        return self.node("Cast", [value], to=onnx_dtype(to_dtype))

    def transpose(self, value, perm):
        perm = [int(p) for p in perm]
        if perm == list(range(len(perm))):
            return value
        return self.node("Transpose", [value], perm=perm)

    def reshape(self, value, from_dims, to_dims):
        """Reshapes `value` to `to_dims` (unless `from_dims`, its shape
        when known, is already that)."""
        if from_dims is not None and tuple(from_dims) == tuple(to_dims):
            return value
        return self.node("Reshape", [value, self.shape(to_dims)])

    def reduce(self, op_type, value, axes, keepdims=0):
        axes = [int(a) for a in axes]
        if op_type == "ReduceSum" or self.opset >= REDUCE_AXES_INPUT_OPSET:
            return self.node(
                op_type,
                [value, self.const(axes, np.int64)],
                keepdims=keepdims,
            )
        return self.node(op_type, [value], axes=axes, keepdims=keepdims)
