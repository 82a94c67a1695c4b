"""Lowers a jaxpr to an ONNX model.

`jaxpr_to_onnx(...)` walks the equations of a closed jaxpr (as traced by
`export.to_jaxpr`) and writes, for each one, the ONNX operators that compute
the same values: elementwise arithmetic maps one to one, `dot_general`
becomes `MatMul` (with transposes and reshapes around it when its
dimensions are not in matrix order), `gather` becomes `GatherND`, `scan`
and `while` loops become an ONNX `Loop`, `cond` an `If`, and the bodies of
`jit`, custom-derivative and remat calls are inlined.

Shape polymorphism: a dimension that is a symbol in the jaxpr (such as
`batch`) stays unknown in the ONNX model. Its value is read at run time
from the shape of the first model input that has it, and every shape that
depends on symbols (a reshape to `(batch * 7, 6)`, an `iota` of length
`batch`) is computed from those values by ONNX shape arithmetic.

A primitive without a lowering here raises a `NotImplementedError` that
names it.
"""

import ast
import collections
import math

import jax
import jax.extend
import jax.numpy as jnp
import numpy as np
import onnx
from onnx import helper
from onnx import numpy_helper

# The lowest ONNX opset written (`Squeeze`, `Unsqueeze`, `Split` and
# `ReduceSum` take their axes as inputs from opset 13 on).
MIN_OPSET = 13
# From this opset on, every `Reduce*` takes its axes as an input.
_REDUCE_AXES_INPUT_OPSET = 18
_INT64_MIN = np.iinfo(np.int64).min
_PROTOBUF_LIMIT = 2**31
# The type of a value that no jaxpr variable describes (a loop's counter).
_Aval = collections.namedtuple("_Aval", ["shape", "dtype"])
_INT64_SCALAR = _Aval((), np.int64)
_BOOL_SCALAR = _Aval((), np.bool_)


def jaxpr_to_onnx(
    closed_jaxpr,
    weights,
    input_names,
    output_names,
    opset,
    graph_name="keras_model",
):
    """Builds an ONNX model computing `closed_jaxpr`.

    Args:
        closed_jaxpr: A `jax.extend.core.ClosedJaxpr` whose leading inputs
            are the weights, followed by the model inputs.
        weights: A list of `(name, array)`, the values of the leading
            inputs, stored in the model as initializers with these names.
        input_names: The names of the model inputs (the other inputs of
            the jaxpr), in order.
        output_names: The names of the jaxpr's outputs, in order.
        opset: The ONNX opset version to write (at least `MIN_OPSET`).
        graph_name: The name of the ONNX graph.

    Returns:
        An `onnx.ModelProto`, checked by `onnx.checker`.
    """
    if opset < MIN_OPSET:
        raise ValueError(
            f"The ONNX export writes opset {MIN_OPSET} or later. Received: "
            f"opset_version={opset}"
        )
    jaxpr = closed_jaxpr.jaxpr
    if len(jaxpr.invars) != len(weights) + len(input_names):
        raise ValueError(
            f"The jaxpr takes {len(jaxpr.invars)} arguments, but "
            f"{len(weights)} weights and {len(input_names)} inputs were "
            "given."
        )
    if len(jaxpr.outvars) != len(output_names):
        raise ValueError(
            f"The jaxpr has {len(jaxpr.outvars)} outputs, but "
            f"{len(output_names)} output names were given."
        )
    lowering = _Lowering(opset, reserved=list(input_names) + output_names)
    weight_names = [lowering.weight(name, value) for name, value in weights]
    input_vars = jaxpr.invars[len(weights) :]
    lowering.register_symbols(input_names, [v.aval for v in input_vars])
    outputs = lowering.run(
        jaxpr, closed_jaxpr.consts, weight_names + list(input_names)
    )
    for value, name in zip(outputs, output_names):
        lowering.node("Identity", [value], outputs=[name])
    graph = helper.make_graph(
        lowering.root.nodes,
        graph_name,
        [_value_info(n, v.aval) for n, v in zip(input_names, input_vars)],
        [_value_info(n, v.aval) for n, v in zip(output_names, jaxpr.outvars)],
        lowering.initializers,
    )
    opset_id = helper.make_opsetid("", opset)
    model = helper.make_model(
        graph, opset_imports=[opset_id], producer_name="keras"
    )
    model.ir_version = helper.find_min_ir_version_for([opset_id])
    size = model.ByteSize()
    if size >= _PROTOBUF_LIMIT:
        raise ValueError(
            f"The ONNX model takes {size} bytes, over the 2 GiB that one "
            "protobuf holds; this export does not store weights as "
            "external data. Export a SavedModel instead."
        )
    onnx.checker.check_model(model)
    return model


# ----------------------------------------------------------------- helpers
def _is_literal(var):
    return isinstance(var, jax.extend.core.Literal)


def _is_static(dim):
    return isinstance(dim, (int, np.integer))


def _onnx_dtype(dtype):
    return helper.np_dtype_to_tensor_dtype(np.dtype(dtype))


def _value_info(name, aval):
    """A typed graph input or output; a symbolic dimension is named after
    its symbol when it is one, else left unknown."""
    shape = []
    for dim in aval.shape:
        if _is_static(dim):
            shape.append(int(dim))
        else:
            text = str(dim)
            shape.append(text if text.isidentifier() else None)
    return helper.make_tensor_value_info(name, _onnx_dtype(aval.dtype), shape)


class _Graph:
    """The nodes of one ONNX graph: the model's, or the body of a `Loop`
    or `If` (which may read the values of the graphs around it)."""

    def __init__(self):
        self.nodes = []


class _Lowering:
    """Writes the ONNX nodes of jaxpr equations.

    Values are named by unique strings; `env` of `run` maps jaxpr
    variables to them. Constants are initializers of the model (visible in
    every subgraph). Symbol values and the shapes computed from them are
    written in the model's graph, so that subgraphs can read them.
    """

    def __init__(self, opset, reserved):
        self.opset = opset
        self.root = _Graph()
        self.graph = self.root
        self.initializers = []
        self._taken = set(reserved)
        self._counter = 0
        self._constants = {}
        self._symbols = {}
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
                symbol = str(dim)
                if _is_static(dim) or not symbol.isidentifier():
                    continue
                if symbol not in self._symbols:
                    shape = self.node("Shape", [name])
                    self._symbols[symbol] = self.node(
                        "Gather", [shape, self.const([axis], np.int64)]
                    )

    def dim(self, dim):
        """A 1-D int64 tensor of length 1 holding the size `dim`."""
        if _is_static(dim):
            return self.const([int(dim)], np.int64)
        text = str(dim)
        if text not in self._dims:
            current, self.graph = self.graph, self.root
            try:
                expression = ast.parse(text, mode="eval").body
                self._dims[text] = self._dim_expression(expression, text)
            finally:
                self.graph = current
        return self._dims[text]

    def _dim_expression(self, node, text):
        binary = {ast.Add: "Add", ast.Sub: "Sub", ast.Mult: "Mul"}
        if isinstance(node, ast.Constant) and isinstance(node.value, int):
            return self.const([node.value], np.int64)
        if isinstance(node, ast.Name) and node.id in self._symbols:
            return self._symbols[node.id]
        if isinstance(node, ast.BinOp) and type(node.op) in binary:
            left = self._dim_expression(node.left, text)
            right = self._dim_expression(node.right, text)
            return self.node(binary[type(node.op)], [left, right])
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return self.node("Neg", [self._dim_expression(node.operand, text)])
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            args = [self._dim_expression(a, text) for a in node.args]
            function = node.func.id
            if function == "non_negative" and len(args) == 1:
                return self.node("Max", [args[0], self.const([0], np.int64)])
            if function in ("max", "min") and len(args) == 2:
                return self.node(function.capitalize(), args)
            if function == "mod" and len(args) == 2:
                return self.node("Mod", args, fmod=0)
            if function == "floordiv" and len(args) == 2:
                # Floor division: subtract the (floored) remainder first.
                remainder = self.node("Mod", args, fmod=0)
                exact = self.node("Sub", [args[0], remainder])
                return self.node("Div", [exact, args[1]])
        raise NotImplementedError(
            f"Cannot compute the symbolic dimension '{text}' in the ONNX "
            "model: every symbol must be a whole dimension of an input "
            f"(known: {sorted(self._symbols)})."
        )

    def shape(self, dims):
        """A 1-D int64 tensor holding the shape `dims`."""
        if all(_is_static(d) for d in dims):
            return self.const([int(d) for d in dims], np.int64)
        return self.node("Concat", [self.dim(d) for d in dims], axis=0)

    def scalar(self, dim):
        """A 0-D int64 tensor holding the size `dim`."""
        if _is_static(dim):
            return self.const(int(dim), np.int64)
        return self.node("Squeeze", [self.dim(dim), self.const([0], np.int64)])

    # ----------------------------------------------------------- running
    def run(self, jaxpr, consts, args):
        """Lowers the equations of `jaxpr` (a `Jaxpr`) into the current
        graph, its constvars bound to `consts` (arrays or value names) and
        its invars to the value names `args`; returns its outputs' names."""
        env = {}

        def read(var):
            if _is_literal(var):
                return self.const(var.val, var.aval.dtype)
            return env[var]

        for var, value in zip(jaxpr.constvars, consts):
            env[var] = value if isinstance(value, str) else self.const(value)
        for var, value in zip(jaxpr.invars, args):
            env[var] = value
        for eqn in jaxpr.eqns:
            name = eqn.primitive.name
            rule = _RULES.get(name)
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
        current, self.graph = self.graph, _Graph()
        try:
            outputs = build()
            # A subgraph returns values of its own.
            names = [self.node("Identity", [value]) for value, _ in outputs]
            graph = helper.make_graph(
                self.graph.nodes,
                self.fresh(name),
                [_value_info(n, aval) for n, aval in inputs],
                [_value_info(n, a) for n, (_, a) in zip(names, outputs)],
            )
        finally:
            self.graph = current
        return graph

    # ------------------------------------------------------- shared ops
    def cast(self, value, from_dtype, to_dtype):
        if np.dtype(from_dtype) == np.dtype(to_dtype):
            return value
        return self.node("Cast", [value], to=_onnx_dtype(to_dtype))

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
        if op_type == "ReduceSum" or self.opset >= _REDUCE_AXES_INPUT_OPSET:
            return self.node(
                op_type,
                [value, self.const(axes, np.int64)],
                keepdims=keepdims,
            )
        return self.node(op_type, [value], axes=axes, keepdims=keepdims)


# ------------------------------------------------------------------ rules
# Each rule takes `(lowering, eqn, input names)` and returns the output
# name(s) of the equation.
_RULES = {}


def _rule(*names):
    def register(function):
        for name in names:
            _RULES[name] = function
        return function

    return register


_UNARY = {
    "neg": "Neg",
    "exp": "Exp",
    "log": "Log",
    "tanh": "Tanh",
    "logistic": "Sigmoid",
    "sqrt": "Sqrt",
    "abs": "Abs",
    "sign": "Sign",
    "floor": "Floor",
    "ceil": "Ceil",
    "sin": "Sin",
    "cos": "Cos",
    "tan": "Tan",
    "asin": "Asin",
    "acos": "Acos",
    "atan": "Atan",
    "sinh": "Sinh",
    "cosh": "Cosh",
    "asinh": "Asinh",
    "acosh": "Acosh",
    "atanh": "Atanh",
    "erf": "Erf",
}
_BINARY = {
    "add": "Add",
    "sub": "Sub",
    "mul": "Mul",
    "div": "Div",
    "max": "Max",
    "min": "Min",
    "pow": "Pow",
    "eq": "Equal",
    "lt": "Less",
    "gt": "Greater",
    "le": "LessOrEqual",
    "ge": "GreaterOrEqual",
}
# Logical ops on booleans, bitwise ops on integers.
_LOGICAL = {
    "and": ("And", "BitwiseAnd"),
    "or": ("Or", "BitwiseOr"),
    "xor": ("Xor", "BitwiseXor"),
}


def _unary(lowering, eqn, inputs):
    return lowering.node(_UNARY[eqn.primitive.name], inputs)


def _binary(lowering, eqn, inputs):
    return lowering.node(_BINARY[eqn.primitive.name], inputs)


for _name in _UNARY:
    _RULES[_name] = _unary
for _name in _BINARY:
    _RULES[_name] = _binary


@_rule("and", "or", "xor")
def _logical(lowering, eqn, inputs):
    logical, bitwise = _LOGICAL[eqn.primitive.name]
    is_bool = eqn.invars[0].aval.dtype == np.bool_
    return lowering.node(logical if is_bool else bitwise, inputs)


@_rule("not")
def _not(lowering, eqn, inputs):
    is_bool = eqn.invars[0].aval.dtype == np.bool_
    return lowering.node("Not" if is_bool else "BitwiseNot", inputs)


@_rule("ne")
def _ne(lowering, eqn, inputs):
    return lowering.node("Not", [lowering.node("Equal", inputs)])


@_rule("rem")
def _rem(lowering, eqn, inputs):
    # The remainder of truncated division (the sign of the dividend).
    return lowering.node("Mod", inputs, fmod=1)


@_rule("rsqrt")
def _rsqrt(lowering, eqn, inputs):
    return lowering.node("Reciprocal", [lowering.node("Sqrt", inputs)])


@_rule("square")
def _square(lowering, eqn, inputs):
    return lowering.node("Mul", [inputs[0], inputs[0]])


@_rule("integer_pow")
def _integer_pow(lowering, eqn, inputs):
    # Repeated squaring, as XLA computes it.
    (x,) = inputs
    exponent = eqn.params["y"]
    result, power, n = None, x, abs(exponent)
    while n:
        if n & 1:
            result = (
                power
                if result is None
                else lowering.node("Mul", [result, power])
            )
        n >>= 1
        if n:
            power = lowering.node("Mul", [power, power])
    if result is None:
        aval = eqn.outvars[0].aval
        one = lowering.const(1, aval.dtype)
        return lowering.node("Expand", [one, lowering.node("Shape", [x])])
    if exponent < 0:
        result = lowering.node("Reciprocal", [result])
    return result


@_rule("erfc")
def _erfc(lowering, eqn, inputs):
    one = lowering.const(1, eqn.invars[0].aval.dtype)
    return lowering.node("Sub", [one, lowering.node("Erf", inputs)])


@_rule("exp2")
def _exp2(lowering, eqn, inputs):
    two = lowering.const(2, eqn.invars[0].aval.dtype)
    return lowering.node("Pow", [two, inputs[0]])


@_rule("log1p")
def _log1p(lowering, eqn, inputs):
    one = lowering.const(1, eqn.invars[0].aval.dtype)
    return lowering.node("Log", [lowering.node("Add", [inputs[0], one])])


@_rule("expm1")
def _expm1(lowering, eqn, inputs):
    one = lowering.const(1, eqn.invars[0].aval.dtype)
    return lowering.node("Sub", [lowering.node("Exp", inputs), one])


@_rule("is_finite")
def _is_finite(lowering, eqn, inputs):
    infinite = lowering.node("IsInf", inputs)
    nan = lowering.node("IsNaN", inputs)
    return lowering.node("Not", [lowering.node("Or", [infinite, nan])])


@_rule("round")
def _round(lowering, eqn, inputs):
    (x,) = inputs
    if int(eqn.params["rounding_method"]) == 1:  # to nearest even
        return lowering.node("Round", [x])
    # Half away from zero: sign(x) * floor(|x| + 0.5).
    half = lowering.const(0.5, eqn.invars[0].aval.dtype)
    magnitude = lowering.node("Add", [lowering.node("Abs", [x]), half])
    return lowering.node(
        "Mul", [lowering.node("Sign", [x]), lowering.node("Floor", [magnitude])]
    )


@_rule("clamp")
def _clamp(lowering, eqn, inputs):
    low, x, high = inputs
    return lowering.node("Min", [lowering.node("Max", [x, low]), high])


@_rule(
    "stop_gradient",
    "copy",
    "sharding_constraint",
    "optimization_barrier",
)
def _identity(lowering, eqn, inputs):
    return inputs


@_rule("reduce_precision")
def _reduce_precision(lowering, eqn, inputs):
    formats = {(8, 7): "bfloat16", (5, 10): "float16"}
    key = (eqn.params["exponent_bits"], eqn.params["mantissa_bits"])
    if key not in formats:
        raise NotImplementedError(
            f"The ONNX export cannot round to {key[0]} exponent bits and "
            f"{key[1]} mantissa bits (only bfloat16 and float16)."
        )
    dtype = eqn.invars[0].aval.dtype
    narrow_dtype = jnp.dtype(formats[key])
    narrow = lowering.cast(inputs[0], dtype, narrow_dtype)
    return lowering.cast(narrow, narrow_dtype, dtype)


@_rule("convert_element_type")
def _convert_element_type(lowering, eqn, inputs):
    return lowering.cast(
        inputs[0], eqn.invars[0].aval.dtype, eqn.params["new_dtype"]
    )


@_rule("select_n")
def _select_n(lowering, eqn, inputs):
    which, *cases = inputs
    if len(cases) == 1:
        return cases[0]
    if eqn.invars[0].aval.dtype == np.bool_:
        return lowering.node("Where", [which, cases[1], cases[0]])
    dtype = eqn.invars[0].aval.dtype
    result = cases[0]
    for index, case in enumerate(cases[1:], start=1):
        chosen = lowering.node("Equal", [which, lowering.const(index, dtype)])
        result = lowering.node("Where", [chosen, case, result])
    return result


@_rule("dim_as_value")
def _dim_as_value(lowering, eqn, inputs):
    value = lowering.scalar(eqn.params["dim"])
    return lowering.cast(value, np.int64, eqn.outvars[0].aval.dtype)


# ----------------------------------------------------------- shape ops
@_rule("broadcast_in_dim")
def _broadcast_in_dim(lowering, eqn, inputs):
    (x,) = inputs
    operand = eqn.invars[0].aval.shape
    shape = eqn.params["shape"]
    kept = eqn.params["broadcast_dimensions"]
    missing = [a for a in range(len(shape)) if a not in kept]
    expanded = [1] * len(shape)
    for axis, dim in zip(kept, operand):
        expanded[axis] = dim
    if missing:
        x = lowering.node("Unsqueeze", [x, lowering.const(missing, np.int64)])
    if tuple(expanded) == tuple(shape):
        return x
    return lowering.node("Expand", [x, lowering.shape(shape)])


@_rule("reshape")
def _reshape(lowering, eqn, inputs):
    if eqn.params.get("dimensions") is not None:
        raise NotImplementedError(
            "The ONNX export cannot lower a `reshape` with `dimensions`."
        )
    return lowering.reshape(
        inputs[0], eqn.invars[0].aval.shape, eqn.params["new_sizes"]
    )


@_rule("squeeze")
def _squeeze(lowering, eqn, inputs):
    axes = [int(a) for a in eqn.params["dimensions"]]
    if not axes:
        return inputs[0]
    return lowering.node("Squeeze", [inputs[0], lowering.const(axes, np.int64)])


@_rule("transpose")
def _transpose(lowering, eqn, inputs):
    return lowering.transpose(inputs[0], eqn.params["permutation"])


@_rule("concatenate")
def _concatenate(lowering, eqn, inputs):
    return lowering.node("Concat", inputs, axis=int(eqn.params["dimension"]))


@_rule("split")
def _split(lowering, eqn, inputs):
    sizes = eqn.params["sizes"]
    return lowering.node(
        "Split",
        [inputs[0], lowering.shape(sizes)],
        num_outputs=len(sizes),
        axis=int(eqn.params["axis"]),
    )


@_rule("slice")
def _slice(lowering, eqn, inputs):
    starts = eqn.params["start_indices"]
    limits = eqn.params["limit_indices"]
    strides = eqn.params["strides"] or [1] * len(starts)
    axes = list(range(len(starts)))
    return lowering.node(
        "Slice",
        [
            inputs[0],
            lowering.shape(starts),
            lowering.shape(limits),
            lowering.const(axes, np.int64),
            lowering.const([int(s) for s in strides], np.int64),
        ],
    )


@_rule("rev")
def _rev(lowering, eqn, inputs):
    axes = [int(a) for a in eqn.params["dimensions"]]
    if not axes:
        return inputs[0]
    return lowering.node(
        "Slice",
        [
            inputs[0],
            lowering.const([-1] * len(axes), np.int64),
            lowering.const([_INT64_MIN] * len(axes), np.int64),
            lowering.const(axes, np.int64),
            lowering.const([-1] * len(axes), np.int64),
        ],
    )


@_rule("dynamic_slice")
def _dynamic_slice(lowering, eqn, inputs):
    x, *start_indices = inputs
    shape = eqn.invars[0].aval.shape
    sizes = eqn.params["slice_sizes"]
    starts = [
        lowering.node(
            "Reshape",
            [
                lowering.cast(i, var.aval.dtype, np.int64),
                lowering.const([1], np.int64),
            ],
        )
        for i, var in zip(start_indices, eqn.invars[1:])
    ]
    starts = lowering.node("Concat", starts, axis=0)
    # Like XLA, clamp the window into the operand.
    room = lowering.node("Sub", [lowering.shape(shape), lowering.shape(sizes)])
    starts = lowering.node("Min", [starts, room])
    starts = lowering.node("Max", [starts, lowering.const([0], np.int64)])
    ends = lowering.node("Add", [starts, lowering.shape(sizes)])
    return lowering.node("Slice", [x, starts, ends])


@_rule("pad")
def _pad(lowering, eqn, inputs):
    x, padding_value = inputs
    config = eqn.params["padding_config"]
    if any(interior for _, _, interior in config):
        raise NotImplementedError(
            "The ONNX export cannot lower a `pad` with interior padding."
        )
    if any(low < 0 or high < 0 for low, high, _ in config):
        # Negative padding crops.
        shape = eqn.invars[0].aval.shape
        starts = [max(-low, 0) for low, _, _ in config]
        ends = [
            dim - max(-high, 0) if _is_static(dim) else dim + min(high, 0)
            for dim, (_, high, _) in zip(shape, config)
        ]
        x = lowering.node(
            "Slice", [x, lowering.shape(starts), lowering.shape(ends)]
        )
    pads = [max(low, 0) for low, _, _ in config] + [
        max(high, 0) for _, high, _ in config
    ]
    if not any(pads):
        return x
    return lowering.node(
        "Pad",
        [x, lowering.const(pads, np.int64), padding_value],
        mode="constant",
    )


@_rule("iota")
def _iota(lowering, eqn, inputs):
    shape = eqn.params["shape"]
    dimension = int(eqn.params["dimension"])
    dtype = eqn.params["dtype"]
    values = lowering.node(
        "Range",
        [
            lowering.const(0, np.int64),
            lowering.scalar(shape[dimension]),
            lowering.const(1, np.int64),
        ],
    )
    values = lowering.cast(values, np.int64, dtype)
    others = [a for a in range(len(shape)) if a != dimension]
    if not others:
        return values
    values = lowering.node(
        "Unsqueeze", [values, lowering.const(others, np.int64)]
    )
    return lowering.node("Expand", [values, lowering.shape(shape)])


# ---------------------------------------------------------- reductions
_REDUCTIONS = {
    "reduce_sum": "ReduceSum",
    "reduce_max": "ReduceMax",
    "reduce_min": "ReduceMin",
    "reduce_prod": "ReduceProd",
}


@_rule(*_REDUCTIONS)
def _reduction(lowering, eqn, inputs):
    axes = eqn.params["axes"]
    if not axes:
        return inputs[0]
    return lowering.reduce(_REDUCTIONS[eqn.primitive.name], inputs[0], axes)


@_rule("reduce_and", "reduce_or")
def _reduce_logical(lowering, eqn, inputs):
    axes = eqn.params["axes"]
    if not axes:
        return inputs[0]
    op_type = "ReduceMin" if eqn.primitive.name == "reduce_and" else "ReduceMax"
    as_int = lowering.cast(inputs[0], np.bool_, np.int32)
    reduced = lowering.reduce(op_type, as_int, axes)
    return lowering.cast(reduced, np.int32, np.bool_)


@_rule("argmax", "argmin")
def _argmax(lowering, eqn, inputs):
    (axis,) = eqn.params["axes"]
    op_type = "ArgMax" if eqn.primitive.name == "argmax" else "ArgMin"
    index = lowering.node(op_type, inputs, axis=int(axis), keepdims=0)
    return lowering.cast(index, np.int64, eqn.params["index_dtype"])


@_rule("cumsum")
def _cumsum(lowering, eqn, inputs):
    axis = lowering.const(int(eqn.params["axis"]), np.int64)
    return lowering.node(
        "CumSum", [inputs[0], axis], reverse=int(eqn.params["reverse"])
    )


@_rule("top_k")
def _top_k(lowering, eqn, inputs):
    k = lowering.const([int(eqn.params["k"])], np.int64)
    values, indices = lowering.node(
        "TopK", [inputs[0], k], num_outputs=2, axis=-1, largest=1, sorted=1
    )
    return [
        values,
        lowering.cast(indices, np.int64, eqn.outvars[1].aval.dtype),
    ]


# -------------------------------------------------------- dot and conv
@_rule("dot_general")
def _dot_general(lowering, eqn, inputs):
    lhs, rhs = inputs
    lhs_aval, rhs_aval = (v.aval for v in eqn.invars)
    out_dtype = eqn.outvars[0].aval.dtype
    (lhs_contract, rhs_contract), (lhs_batch, rhs_batch) = eqn.params[
        "dimension_numbers"
    ]
    # Multiply in the output's type (e.g. int8 x int8 -> int32, exactly).
    compute = out_dtype
    lhs = lowering.cast(lhs, lhs_aval.dtype, compute)
    rhs = lowering.cast(rhs, rhs_aval.dtype, compute)
    lhs_shape, rhs_shape = lhs_aval.shape, rhs_aval.shape
    lhs_contract, rhs_contract = list(lhs_contract), list(rhs_contract)
    lhs_batch, rhs_batch = list(lhs_batch), list(rhs_batch)
    if not lhs_batch and len(rhs_shape) == 2 and len(lhs_contract) == 1:
        # `x @ w` over the last axis of `x` (a `Dense` layer).
        if lhs_contract == [len(lhs_shape) - 1]:
            if rhs_contract == [1]:
                rhs = lowering.transpose(rhs, [1, 0])
            return lowering.node("MatMul", [lhs, rhs])
    lhs_free = [
        a for a in range(len(lhs_shape)) if a not in lhs_contract + lhs_batch
    ]
    rhs_free = [
        a for a in range(len(rhs_shape)) if a not in rhs_contract + rhs_batch
    ]
    batch_dims = [lhs_shape[a] for a in lhs_batch]
    lhs_free_dims = [lhs_shape[a] for a in lhs_free]
    rhs_free_dims = [rhs_shape[a] for a in rhs_free]
    contract_dims = [lhs_shape[a] for a in lhs_contract]
    # (batch..., m, k) @ (batch..., k, n) -> (batch..., m, n).
    lhs = lowering.transpose(lhs, lhs_batch + lhs_free + lhs_contract)
    lhs = lowering.reshape(
        lhs,
        batch_dims + lhs_free_dims + contract_dims,
        batch_dims + [math.prod(lhs_free_dims), math.prod(contract_dims)],
    )
    rhs = lowering.transpose(rhs, rhs_batch + rhs_contract + rhs_free)
    rhs = lowering.reshape(
        rhs,
        batch_dims + contract_dims + rhs_free_dims,
        batch_dims + [math.prod(contract_dims), math.prod(rhs_free_dims)],
    )
    product = lowering.node("MatMul", [lhs, rhs])
    return lowering.reshape(
        product,
        batch_dims + [math.prod(lhs_free_dims), math.prod(rhs_free_dims)],
        batch_dims + lhs_free_dims + rhs_free_dims,
    )


@_rule("conv_general_dilated")
def _conv(lowering, eqn, inputs):
    params = eqn.params
    if params["batch_group_count"] != 1:
        raise NotImplementedError(
            "The ONNX export cannot lower a convolution with "
            "`batch_group_count` > 1."
        )
    lhs_spec, rhs_spec, out_spec = params["dimension_numbers"]
    out_dtype = eqn.outvars[0].aval.dtype
    lhs = lowering.cast(inputs[0], eqn.invars[0].aval.dtype, out_dtype)
    rhs = lowering.cast(inputs[1], eqn.invars[1].aval.dtype, out_dtype)
    # ONNX's layouts: (batch, feature, spatial...) and (out, in, spatial...).
    lhs = lowering.transpose(lhs, lhs_spec)
    rhs = lowering.transpose(rhs, rhs_spec)
    lhs_shape = [eqn.invars[0].aval.shape[a] for a in lhs_spec]
    # A transposed convolution dilates its input: zeros between elements.
    for i, factor in enumerate(params["lhs_dilation"]):
        if factor != 1:
            lhs, lhs_shape = _dilate(lowering, lhs, lhs_shape, 2 + i, factor)
    # Negative padding crops the input; ONNX pads only.
    padding = [(int(lo), int(hi)) for lo, hi in params["padding"]]
    if any(lo < 0 or hi < 0 for lo, hi in padding):
        spatial = lhs_shape[2:]
        starts = [0, 0] + [max(-lo, 0) for lo, _ in padding]
        ends = lhs_shape[:2] + [
            dim + min(hi, 0) for dim, (_, hi) in zip(spatial, padding)
        ]
        lhs = lowering.node(
            "Slice", [lhs, lowering.shape(starts), lowering.shape(ends)]
        )
        padding = [(max(lo, 0), max(hi, 0)) for lo, hi in padding]
    result = lowering.node(
        "Conv",
        [lhs, rhs],
        strides=[int(s) for s in params["window_strides"]],
        pads=[lo for lo, _ in padding] + [hi for _, hi in padding],
        dilations=[int(d) for d in params["rhs_dilation"]],
        group=int(params["feature_group_count"]),
    )
    return lowering.transpose(result, np.argsort(out_spec))


def _dilate(lowering, x, shape, axis, factor):
    """Puts `factor - 1` zeros between the elements of `x` along `axis`;
    returns the result and its shape."""
    size = shape[axis]
    x = lowering.node("Unsqueeze", [x, lowering.const([axis + 1], np.int64)])
    pads = [0] * (2 * (len(shape) + 1))
    pads[len(shape) + 1 + axis + 1] = factor - 1
    x = lowering.node("Pad", [x, lowering.const(pads, np.int64)])
    spread = shape[:axis] + [size * factor] + shape[axis + 1 :]
    x = lowering.reshape(x, None, spread)
    dilated = shape[:axis] + [(size - 1) * factor + 1] + shape[axis + 1 :]
    x = lowering.node(
        "Slice",
        [
            x,
            lowering.const([0], np.int64),
            lowering.dim(dilated[axis]),
            lowering.const([axis], np.int64),
        ],
    )
    return x, dilated


@_rule("reduce_window_max", "reduce_window_sum")
def _reduce_window(lowering, eqn, inputs):
    params = eqn.params
    window = list(params["window_dimensions"])
    strides = list(params["window_strides"])
    padding = list(params["padding"])
    if any(d != 1 for d in params["base_dilation"]):
        raise NotImplementedError(
            "The ONNX export cannot lower a pooling with base dilation."
        )
    rank = len(window)
    # Axis 0 is the batch; the channels are the last other axis that the
    # window does not cover.
    pooled = [
        a
        for a in range(rank)
        if window[a] != 1 or strides[a] != 1 or tuple(padding[a]) != (0, 0)
    ]
    rest = [a for a in range(1, rank) if a not in pooled]
    if 0 in pooled or not rest or not pooled:
        raise NotImplementedError(
            "The ONNX export lowers poolings over the axes between the "
            f"batch and the channels only. Received: window={window}"
        )
    channel = rest[-1]
    spatial = [a for a in range(1, rank) if a != channel]
    perm = [0, channel] + spatial
    x = lowering.transpose(inputs[0], perm)
    attrs = dict(
        kernel_shape=[int(window[a]) for a in spatial],
        strides=[int(strides[a]) for a in spatial],
        pads=[int(padding[a][0]) for a in spatial]
        + [int(padding[a][1]) for a in spatial],
    )
    if eqn.primitive.name == "reduce_window_max":
        dilations = [int(params["window_dilation"][a]) for a in spatial]
        pooled_x = lowering.node("MaxPool", [x], dilations=dilations, **attrs)
    else:
        if any(d != 1 for d in params["window_dilation"]):
            raise NotImplementedError(
                "The ONNX export cannot lower a dilated sum pooling."
            )
        mean = lowering.node("AveragePool", [x], count_include_pad=1, **attrs)
        size = lowering.const(
            math.prod(attrs["kernel_shape"]), eqn.invars[0].aval.dtype
        )
        pooled_x = lowering.node("Mul", [mean, size])
    return lowering.transpose(pooled_x, np.argsort(perm))


# ---------------------------------------------------------------- gather
@_rule("gather")
def _gather(lowering, eqn, inputs):
    operand, indices = inputs
    operand_aval, indices_aval = (v.aval for v in eqn.invars)
    operand_shape = operand_aval.shape
    numbers = eqn.params["dimension_numbers"]
    sizes = eqn.params["slice_sizes"]
    indexed = list(numbers.start_index_map)
    collapsed = set(numbers.collapsed_slice_dims)
    rank = len(sizes)
    supported = not numbers.operand_batching_dims and all(
        sizes[a] == operand_shape[a] for a in range(rank) if a not in indexed
    )
    if not supported:
        raise NotImplementedError(
            "The ONNX export lowers `gather`s whose slices are whole along "
            f"the axes they do not index. Received: {numbers}, "
            f"slice_sizes={sizes}"
        )
    # The slice starts at the index along the indexed axes; those that
    # are not collapsed are windows of `sizes[a]` elements from there.
    rest = [a for a in range(rank) if a not in indexed]
    windows = sorted(a for a in indexed if a not in collapsed)
    operand = lowering.transpose(operand, indexed + rest)
    start = lowering.cast(indices, indices_aval.dtype, np.int64)
    # The last valid start of each indexed axis.
    last = lowering.shape([operand_shape[a] - sizes[a] for a in indexed])
    zero = lowering.const(0, np.int64)
    mode = eqn.params["mode"]
    in_bounds = None
    if mode == jax.lax.GatherScatterMode.FILL_OR_DROP:
        valid = lowering.node(
            "And",
            [
                lowering.node("GreaterOrEqual", [start, zero]),
                lowering.node("LessOrEqual", [start, last]),
            ],
        )
        valid = lowering.reduce(
            "ReduceMin", lowering.cast(valid, np.bool_, np.int32), [-1]
        )
        in_bounds = lowering.cast(valid, np.int32, np.bool_)
    if mode != jax.lax.GatherScatterMode.PROMISE_IN_BOUNDS:
        # Clamped (dropped starts are masked out below).
        start = lowering.node(
            "Max", [lowering.node("Min", [start, last]), zero]
        )
    num_batch = len(indices_aval.shape) - 1
    if windows:
        start = lowering.node(
            "Add",
            [
                lowering.node(
                    "Unsqueeze",
                    [
                        start,
                        lowering.const(
                            list(range(num_batch, num_batch + len(windows))),
                            np.int64,
                        ),
                    ],
                ),
                _window_offsets(lowering, indexed, windows, sizes),
            ],
        )
    # (batch..., windows..., rest...).
    gathered = lowering.node("GatherND", [operand, start])
    kept = [a for a in range(rank) if a not in collapsed]
    slots = {a: num_batch + i for i, a in enumerate(windows + rest)}
    offset_dims = sorted(numbers.offset_dims)
    out_rank = len(eqn.outvars[0].aval.shape)
    perm, batch, offset = [], iter(range(num_batch)), iter(kept)
    for axis in range(out_rank):
        perm.append(slots[next(offset)] if axis in offset_dims else next(batch))
    result = lowering.transpose(gathered, perm)
    if in_bounds is None:
        return result
    if offset_dims:
        in_bounds = lowering.node(
            "Unsqueeze", [in_bounds, lowering.const(offset_dims, np.int64)]
        )
    fill = eqn.params["fill_value"]
    dtype = operand_aval.dtype
    if fill is None:
        fill = _default_fill(dtype)
    return lowering.node(
        "Where", [in_bounds, result, lowering.const(fill, dtype)]
    )


def _window_offsets(lowering, indexed, windows, sizes):
    """The offsets of each element of the windows from their start: a
    `(window sizes..., len(indexed))` tensor."""
    window_shape = [sizes[a] for a in windows]
    components = []
    for axis in indexed:
        if axis in windows:
            j = windows.index(axis)
            offsets = lowering.node(
                "Range",
                [
                    lowering.const(0, np.int64),
                    lowering.scalar(sizes[axis]),
                    lowering.const(1, np.int64),
                ],
            )
            shape = [1] * len(windows)
            shape[j] = sizes[axis]
            offsets = lowering.reshape(offsets, [sizes[axis]], shape)
        else:
            offsets = lowering.const(np.zeros([1] * len(windows), np.int64))
        offsets = lowering.node(
            "Expand", [offsets, lowering.shape(window_shape)]
        )
        components.append(
            lowering.node(
                "Unsqueeze", [offsets, lowering.const([-1], np.int64)]
            )
        )
    return lowering.node("Concat", components, axis=-1)


def _default_fill(dtype):
    """JAX's fill value for out-of-bounds gathers."""
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return True
    if np.issubdtype(dtype, np.inexact):
        return np.nan
    if np.issubdtype(dtype, np.signedinteger):
        return np.iinfo(dtype).min
    return np.iinfo(dtype).max


# ------------------------------------------------ calls and control flow
def _called_jaxpr(eqn):
    for key in ("jaxpr", "call_jaxpr", "fun_jaxpr"):
        if key in eqn.params:
            return eqn.params[key]
    raise NotImplementedError(
        f"The ONNX export found no body in the call `{eqn.primitive.name}`."
    )


@_rule(
    "jit",
    "closed_call",
    "remat2",
    "checkpoint",
    "custom_jvp_call",
    "custom_vjp_call",
)
def _call(lowering, eqn, inputs):
    body = _called_jaxpr(eqn)
    if isinstance(body, jax.extend.core.ClosedJaxpr):
        return lowering.run_closed(body, inputs)
    return lowering.run(body, [], inputs)


@_rule("scan")
def _scan(lowering, eqn, inputs):
    params = eqn.params
    body = params["jaxpr"]
    num_consts, num_carry = params["num_consts"], params["num_carry"]
    consts = inputs[:num_consts]
    carry = inputs[num_consts : num_consts + num_carry]
    xs = inputs[num_consts + num_carry :]
    length = params["length"]
    reverse = params["reverse"]
    carry_avals = [v.aval for v in body.jaxpr.invars][
        num_consts : num_consts + num_carry
    ]
    iteration = lowering.fresh("iteration")
    condition = lowering.fresh("condition")
    carry_names = [lowering.fresh("carry") for _ in carry]
    trip_count = lowering.scalar(length)

    def build():
        if reverse:
            last = lowering.node(
                "Sub", [trip_count, lowering.const(1, np.int64)]
            )
            step = lowering.node("Sub", [last, iteration])
        else:
            step = iteration
        x_slices = [lowering.node("Gather", [x, step], axis=0) for x in xs]
        outputs = lowering.run_closed(body, consts + carry_names + x_slices)
        out_avals = [v.aval for v in body.jaxpr.outvars]
        return [(condition, _BOOL_SCALAR)] + list(zip(outputs, out_avals))

    graph = lowering.subgraph(
        "scan_body",
        [(iteration, _INT64_SCALAR), (condition, _BOOL_SCALAR)]
        + list(zip(carry_names, carry_avals)),
        build,
    )
    results = lowering.node(
        "Loop",
        [trip_count, lowering.const(True)] + carry,
        num_outputs=len(eqn.outvars),
        body=graph,
    )
    results = results if isinstance(results, list) else [results]
    if reverse:
        # The loop stacks the outputs in iteration order.
        results = results[:num_carry] + [
            lowering.node(
                "Slice",
                [
                    y,
                    lowering.const([-1], np.int64),
                    lowering.const([_INT64_MIN], np.int64),
                    lowering.const([0], np.int64),
                    lowering.const([-1], np.int64),
                ],
            )
            for y in results[num_carry:]
        ]
    return results


@_rule("while")
def _while(lowering, eqn, inputs):
    params = eqn.params
    cond_jaxpr, body_jaxpr = params["cond_jaxpr"], params["body_jaxpr"]
    cond_nconsts, body_nconsts = params["cond_nconsts"], params["body_nconsts"]
    cond_consts = inputs[:cond_nconsts]
    body_consts = inputs[cond_nconsts : cond_nconsts + body_nconsts]
    init = inputs[cond_nconsts + body_nconsts :]
    carry_avals = [v.aval for v in eqn.outvars]
    (first,) = lowering.run_closed(cond_jaxpr, cond_consts + init)
    iteration = lowering.fresh("iteration")
    condition = lowering.fresh("condition")
    carry_names = [lowering.fresh("carry") for _ in init]

    def build():
        new = lowering.run_closed(body_jaxpr, body_consts + carry_names)
        (again,) = lowering.run_closed(cond_jaxpr, cond_consts + new)
        return [(again, _BOOL_SCALAR)] + list(zip(new, carry_avals))

    graph = lowering.subgraph(
        "while_body",
        [(iteration, _INT64_SCALAR), (condition, _BOOL_SCALAR)]
        + list(zip(carry_names, carry_avals)),
        build,
    )
    results = lowering.node(
        "Loop", ["", first] + init, num_outputs=len(init), body=graph
    )
    return results if isinstance(results, list) else [results]


@_rule("cond")
def _cond(lowering, eqn, inputs):
    index, *operands = inputs
    index_dtype = eqn.invars[0].aval.dtype
    branches = list(eqn.params["branches"])
    out_avals = [v.aval for v in eqn.outvars]

    def branch_graph(branch):
        def build():
            outputs = lowering.run_closed(branch, operands)
            return list(zip(outputs, out_avals))

        return lowering.subgraph("branch", [], build)

    def choose(first):
        # `index` is clamped to the branches, as in `lax.switch`.
        if first == len(branches) - 1:
            return branch_graph(branches[first])

        def build():
            outputs = choose_node(first)
            return list(zip(outputs, out_avals))

        return lowering.subgraph("branch", [], build)

    def choose_node(first):
        take = lowering.node(
            "LessOrEqual", [index, lowering.const(first, index_dtype)]
        )
        results = lowering.node(
            "If",
            [take],
            num_outputs=len(out_avals),
            then_branch=branch_graph(branches[first]),
            else_branch=choose(first + 1),
        )
        return results if isinstance(results, list) else [results]

    return choose_node(0)
