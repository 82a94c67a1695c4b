"""Checks and normalization of layer arguments (kernel sizes, paddings)."""


def standardize_tuple(value, n, name, allow_zero=False):
    """Turns an int or a sequence of ints into a tuple of `n` ints.

    Args:
        value: An int (repeated `n` times) or a sequence of `n` ints.
        n: The length of the result, e.g. the number of spatial dimensions.
        name: The argument's name, used in error messages.
        allow_zero: Whether `0` is accepted (otherwise every entry must be
            strictly positive).

    Returns:
        A tuple of `n` Python ints.

    Example:

    >>> standardize_tuple(3, 2, "kernel_size")
    (3, 3)
    >>> standardize_tuple([1, 4], 2, "strides")
    (1, 4)
    """
    error_msg = (
        f"The `{name}` argument must be a tuple of {n} integers. "
        f"Received {name}={value}"
    )
    if isinstance(value, int) and not isinstance(value, bool):
        result = (value,) * n
    else:
        try:
            result = tuple(value)
        except TypeError:
            raise ValueError(error_msg)
        if len(result) != n:
            raise ValueError(error_msg)
        for v in result:
            if isinstance(v, bool) or not _is_int(v):
                raise ValueError(
                    f"{error_msg}, including element {v} of type {type(v)}"
                )
        result = tuple(int(v) for v in result)
    if allow_zero:
        bad = {v for v in result if v < 0}
        condition = "`value >= 0`"
    else:
        bad = {v for v in result if v <= 0}
        condition = "`value > 0`"
    if bad:
        raise ValueError(
            f"{error_msg}, including values {bad} that do not satisfy "
            f"{condition}"
        )
    return result


def _is_int(v):
    try:
        return int(v) == v and not isinstance(v, (str, float))
    except (TypeError, ValueError):
        return False


def standardize_padding(value, allow_causal=False):
    """Lower-cases and checks a padding mode.

    Args:
        value: `"valid"` or `"same"` (any case), or `"causal"` when
            `allow_causal` is set.
        allow_causal: Whether `"causal"` is accepted.

    Returns:
        The padding mode in lower case.
    """
    if isinstance(value, (list, tuple)):
        return value
    padding = str(value).lower()
    allowed = ("valid", "same", "causal") if allow_causal else ("valid", "same")
    if padding not in allowed:
        raise ValueError(
            f"The `padding` argument must be one of {list(allowed)}. "
            f"Received: padding={value}"
        )
    return padding


def standardize_pairs(value, n, name):
    """Turns a padding or cropping argument into `n` `(before, after)` pairs.

    Accepted forms: an int (the same amount everywhere), a tuple of `n`
    ints (symmetric amounts per axis), or a tuple of `n` pairs of ints.
    Every amount must be a non-negative int.

    Args:
        value: The argument as given to the layer.
        n: The number of spatial axes.
        name: The argument's name, used in error messages.

    Returns:
        A tuple of `n` tuples `(before, after)`.

    Example:

    >>> standardize_pairs(2, 2, "padding")
    ((2, 2), (2, 2))
    >>> standardize_pairs((1, (0, 3)), 2, "padding")
    ((1, 1), (0, 3))
    """
    error = ValueError(
        f"`{name}` should be an int, a tuple of {n} ints or a tuple of {n} "
        f"tuples of 2 non-negative ints. Received: {name}={value}"
    )

    def amount(v):
        if isinstance(v, bool) or not _is_int(v) or int(v) < 0:
            raise error
        return int(v)

    if isinstance(value, int) and not isinstance(value, bool):
        v = amount(value)
        return ((v, v),) * n
    if not isinstance(value, (list, tuple)) or len(value) != n:
        raise error
    pairs = []
    for entry in value:
        if isinstance(entry, (list, tuple)):
            if len(entry) != 2:
                raise error
            pairs.append((amount(entry[0]), amount(entry[1])))
        else:
            v = amount(entry)
            pairs.append((v, v))
    return tuple(pairs)


def standardize_positive_int(value, name):
    """Checks that `value` is a positive int and returns it.

    Raises:
        TypeError: if `value` is not an int (bools and floats included).
        ValueError: if it is not strictly positive.
    """
    if isinstance(value, bool) or not _is_int(value):
        raise TypeError(
            f"Expected an integer value for `{name}`. Received: "
            f"{name}={value} of type {type(value).__name__}."
        )
    if int(value) <= 0:
        raise ValueError(
            f"`{name}` should be a positive integer. Received: {name}={value}"
        )
    return int(value)
