"""Rules of elementwise primitives: arithmetic, comparisons, logic,
rounding, casts and selection.
"""

import jax.numpy as jnp
import numpy as np

from keras.src.backend.jax.jaxpr_to_onnx.lowering import rule

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


@rule(*_UNARY)
def _unary(lowering, eqn, inputs):
    return lowering.node(_UNARY[eqn.primitive.name], inputs)


@rule(*_BINARY)
def _binary(lowering, eqn, inputs):
    return lowering.node(_BINARY[eqn.primitive.name], inputs)


@rule("and", "or", "xor")
def _logical(lowering, eqn, inputs):
    logical, bitwise = _LOGICAL[eqn.primitive.name]
    is_bool = eqn.invars[0].aval.dtype == np.bool_
    return lowering.node(logical if is_bool else bitwise, inputs)


@rule("not")
def _not(lowering, eqn, inputs):
    is_bool = eqn.invars[0].aval.dtype == np.bool_
    return lowering.node("Not" if is_bool else "BitwiseNot", inputs)


@rule("ne")
def _ne(lowering, eqn, inputs):
    return lowering.node("Not", [lowering.node("Equal", inputs)])


@rule("rem")
def _rem(lowering, eqn, inputs):
    # The remainder of truncated division (the sign of the dividend).
    return lowering.node("Mod", inputs, fmod=1)


@rule("rsqrt")
def _rsqrt(lowering, eqn, inputs):
    return lowering.node("Reciprocal", [lowering.node("Sqrt", inputs)])


@rule("square")
def _square(lowering, eqn, inputs):
    return lowering.node("Mul", [inputs[0], inputs[0]])


@rule("integer_pow")
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


@rule("erfc")
def _erfc(lowering, eqn, inputs):
    one = lowering.const(1, eqn.invars[0].aval.dtype)
    return lowering.node("Sub", [one, lowering.node("Erf", inputs)])


@rule("exp2")
def _exp2(lowering, eqn, inputs):
    two = lowering.const(2, eqn.invars[0].aval.dtype)
    return lowering.node("Pow", [two, inputs[0]])


@rule("log1p")
def _log1p(lowering, eqn, inputs):
    one = lowering.const(1, eqn.invars[0].aval.dtype)
    return lowering.node("Log", [lowering.node("Add", [inputs[0], one])])


@rule("expm1")
def _expm1(lowering, eqn, inputs):
    one = lowering.const(1, eqn.invars[0].aval.dtype)
    return lowering.node("Sub", [lowering.node("Exp", inputs), one])


@rule("is_finite")
def _is_finite(lowering, eqn, inputs):
    infinite = lowering.node("IsInf", inputs)
    nan = lowering.node("IsNaN", inputs)
    return lowering.node("Not", [lowering.node("Or", [infinite, nan])])


@rule("round")
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


@rule("clamp")
def _clamp(lowering, eqn, inputs):
    low, x, high = inputs
    return lowering.node("Min", [lowering.node("Max", [x, low]), high])


@rule(
    "stop_gradient",
    "copy",
    "sharding_constraint",
    "optimization_barrier",
)
def _identity(lowering, eqn, inputs):
    return inputs


@rule("reduce_precision")
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


@rule("convert_element_type")
def _convert_element_type(lowering, eqn, inputs):
    return lowering.cast(
        inputs[0], eqn.invars[0].aval.dtype, eqn.params["new_dtype"]
    )


@rule("select_n")
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


@rule("dim_as_value")
def _dim_as_value(lowering, eqn, inputs):
    value = lowering.scalar(eqn.params["dim"])
    return lowering.cast(value, np.int64, eqn.outvars[0].aval.dtype)
