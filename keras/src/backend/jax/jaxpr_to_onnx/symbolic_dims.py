"""Symbolic dimensions as ONNX shape arithmetic.

A dimension of a shape-polymorphic jaxpr is a JAX symbolic expression: a
sum of terms, each an integer coefficient times a product of factors
raised to powers, a factor being a symbol (`batch`) or an operation
(`floordiv`, `mod`, `max`, `min`, `non_negative`) of other expressions.
`lower` walks that structure and writes the ONNX nodes computing it from
the symbols' values, which the lowering reads from the model inputs'
shapes.

This module is the one place that reads the structure of JAX's symbolic
expressions (`_sorted_terms` of an expression, `_factors` of a term, and
`var`, `operation` and `operands` of a factor).
"""

import numpy as np


def symbol_name(dim):
    """The symbol's name when `dim` is one symbol alone, else `None`."""
    if isinstance(dim, (int, np.integer)):
        return None
    terms = dim._sorted_terms
    if len(terms) != 1 or terms[0][1] != 1:
        return None
    factors = terms[0][0]._factors
    if len(factors) != 1 or factors[0][1] != 1:
        return None
    return factors[0][0].var


def lower(lowering, dim):
    """A 1-D int64 tensor of length 1 computing the symbolic `dim`.

    Args:
        lowering: The `Lowering` that writes the nodes (its `symbols`
            map each symbol to the tensor holding its value).
        dim: A JAX symbolic dimension expression, or an int.

    Returns:
        The name of the tensor.
    """
    if isinstance(dim, (int, np.integer)):
        return lowering.const([int(dim)], np.int64)
    total = None
    for term, coefficient in dim._sorted_terms:
        value = _term(lowering, term, dim)
        if value is None:
            value = lowering.const([int(coefficient)], np.int64)
        elif coefficient != 1:
            scale = lowering.const([int(coefficient)], np.int64)
            value = lowering.node("Mul", [value, scale])
        total = value if total is None else lowering.node("Add", [total, value])
    return total if total is not None else lowering.const([0], np.int64)


def _term(lowering, term, whole):
    """The product of a term's factors (`None` for the constant term)."""
    product = None
    for factor, exponent in term._factors:
        value = _factor(lowering, factor, whole)
        for _ in range(int(exponent)):
            product = (
                value
                if product is None
                else lowering.node("Mul", [product, value])
            )
    return product


def _factor(lowering, factor, whole):
    if factor.var is not None:
        if factor.var not in lowering.symbols:
            raise NotImplementedError(
                f"Cannot compute the symbolic dimension '{whole}' in the "
                "ONNX model: every symbol must be a whole dimension of an "
                f"input (known: {sorted(lowering.symbols)})."
            )
        return lowering.symbols[factor.var]
    operands = [lower(lowering, operand) for operand in factor.operands]
    operation = factor.operation
    if operation == "non_negative":
        return lowering.node(
            "Max", [operands[0], lowering.const([0], np.int64)]
        )
    if operation in ("max", "min"):
        return lowering.node(operation.capitalize(), operands)
    if operation == "mod":
        return lowering.node("Mod", operands, fmod=0)
    if operation == "floordiv":
        # Floor division: subtract the (floored) remainder first.
        remainder = lowering.node("Mod", operands, fmod=0)
        exact = lowering.node("Sub", [operands[0], remainder])
        return lowering.node("Div", [exact, operands[1]])
    raise NotImplementedError(
        f"Cannot compute the symbolic dimension '{whole}' in the ONNX "
        f"model: the operation '{operation}' has no lowering."
    )
