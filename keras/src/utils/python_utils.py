"""Plain Python helpers: turning functions into data and back, string
affixes, sequence filtering, axis checks and integer arithmetic."""

import base64
import binascii
import marshal
import types


def func_dump(func):
    """Turns a Python function into plain data that `func_load` rebuilds.

    The bytecode is marshalled and base64 encoded, so the result only
    loads in the Python version that wrote it.

    Args:
        func: A Python function (typically a `lambda`).

    Returns:
        A tuple `(code, defaults, closure)`: the base64 text of the
        bytecode, the tuple of default argument values (or `None`), and
        the tuple of values the function closes over (or `None`).
    """
    code = base64.encodebytes(marshal.dumps(func.__code__)).decode("ascii")
    closure = None
    if func.__closure__:
        closure = tuple(cell.cell_contents for cell in func.__closure__)
    return code, func.__defaults__, closure


def func_load(code, defaults=None, closure=None, globs=None):
    """Rebuilds a function from what `func_dump` produced.

    Args:
        code: The base64 bytecode text, or the whole `(code, defaults,
            closure)` sequence returned by `func_dump` (also as a list, the
            way it comes back from JSON).
        defaults: Default argument values (any sequence), or `None`.
        closure: Values of the variables the function closes over, or
            `None`.
        globs: Globals the function sees; this module's when `None`.

    Returns:
        The rebuilt function.

    Raises:
        AttributeError: If `code` does not decode to Python bytecode.

    Example:

    >>> data = func_dump(lambda x, k=3: x * k)
    >>> func_load(data)(2)
    6
    """
    if isinstance(code, (tuple, list)):
        code, defaults, closure = code
    try:
        raw = base64.decodebytes(code.encode("ascii"))
    except (UnicodeEncodeError, binascii.Error):
        # Not base64: the text itself holds the marshalled bytes.
        raw = code.encode("raw_unicode_escape")
    try:
        code = marshal.loads(raw)
    except (EOFError, ValueError, TypeError):
        code = None
    if not isinstance(code, types.CodeType):
        raise AttributeError(
            "`func_load` expected base64-encoded Python bytecode, but the "
            f"given text does not decode to a code object: {raw[:40]!r}"
        )
    if defaults is not None:
        defaults = tuple(defaults)
    if closure is not None:
        closure = tuple(types.CellType(value) for value in closure)
    if globs is None:
        globs = globals()
    return types.FunctionType(code, globs, code.co_name, defaults, closure)


def removeprefix(x, prefix):
    """`x` without `prefix` at its start (`x` itself when absent).

    Example:

    >>> removeprefix("layer_norm", "layer_")
    'norm'
    """
    if prefix and x.startswith(prefix):
        return x[len(prefix) :]
    return x


def removesuffix(x, suffix):
    """`x` without `suffix` at its end (`x` itself when absent).

    Example:

    >>> removesuffix("weights.h5", ".h5")
    'weights'
    """
    if suffix and x.endswith(suffix):
        return x[: -len(suffix)]
    return x


def remove_long_seq(maxlen, seq, label):
    """Keeps the sequences shorter than `maxlen`, with their labels.

    Args:
        maxlen: Sequences of this length or longer are dropped.
        seq: List of sequences.
        label: Labels, one per sequence.

    Returns:
        A pair `(new_seq, new_label)` of lists.

    Example:

    >>> remove_long_seq(2, [[7], [8, 9], [5]], ["a", "b", "c"])
    ([[7], [5]], ['a', 'c'])
    """
    new_seq, new_label = [], []
    for sequence, target in zip(seq, label):
        if len(sequence) < maxlen:
            new_seq.append(sequence)
            new_label.append(target)
    return new_seq, new_label


def ceil_div(numerator, denominator):
    """The integer quotient `numerator / denominator` rounded up.

    Exact for Python integers of any size (no float division): the
    number of chunks of `denominator` items needed to hold `numerator`
    items, e.g. of groups, bytes, batches or strided windows.

    Args:
        numerator: A non-negative integer.
        denominator: A positive integer.

    Returns:
        An integer.

    Example:

    >>> ceil_div(10, 4), ceil_div(8, 4), ceil_div(0, 4)
    (3, 2, 0)
    """
    return -(-numerator // denominator)


def is_continuous_axis(axis):
    """Whether the axes in `axis` are consecutive integers.

    Counting up (`[1, 2, 3]`) and counting down (`[-1, -2]`) both qualify;
    a single axis (an int or a one-element list) always does.

    Example:

    >>> is_continuous_axis([2, 3]), is_continuous_axis([0, 2])
    (True, False)
    """
    if isinstance(axis, int):
        return True
    axis = list(axis)
    steps = {b - a for a, b in zip(axis, axis[1:])}
    return steps <= {1} or steps <= {-1}


def nest_by_path(flat):
    """Nested dicts from a dict keyed by `/`-separated paths.

    Example: `{"dense/kernel": k, "dense/bias": b}` becomes
    `{"dense": {"kernel": k, "bias": b}}`.
    """
    nested = {}
    for path, value in flat.items():
        parts = path.split("/")
        node = nested
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        node[parts[-1]] = value
    return nested


def flatten_by_path(nested, prefix=""):
    """The inverse of `nest_by_path`: `{"a/b": leaf}` from nested dicts."""
    flat = {}
    for key, value in nested.items():
        path = f"{prefix}/{key}" if prefix else str(key)
        if isinstance(value, dict):
            flat.update(flatten_by_path(value, path))
        else:
            flat[path] = value
    return flat


def with_defaults(function, **defaults):
    """Returns a copy of `function` with other default argument values.

    The 1D, 2D and 3D variants of a layer take the same arguments as the
    rank-generic base they extend; some differ only in the defaults their
    signature shows (`strides=(1, 1)` for `Conv2D`, `(1, 1, 1)` for
    `Conv3D`). Such a class declares
    `__init__ = with_defaults(Base.__init__, strides=(1, 1))` instead of
    restating the whole argument list. The copy runs the same code, so
    positional calls and `inspect.signature` see the new defaults.

    Args:
        function: A Python function whose arguments named in `defaults`
            already have a positional default.
        **defaults: The new default values, by argument name.

    Returns:
        A new function; `function` itself is left unchanged.

    Example:

    >>> def f(a, b=1, c=2):
    ...     return (a, b, c)
    >>> with_defaults(f, c=3)(0)
    (0, 1, 3)
    """
    code = function.__code__
    names = code.co_varnames[: code.co_argcount]
    old = function.__defaults__ or ()
    unknown = set(defaults) - set(names[len(names) - len(old) :])
    if unknown:
        raise TypeError(
            f"{function.__qualname__} has no positional argument with a "
            f"default named {sorted(unknown)}."
        )
    new = tuple(
        defaults.get(name, value)
        for name, value in zip(names[len(names) - len(old) :], old)
    )
    copy = types.FunctionType(
        code, function.__globals__, code.co_name, new, function.__closure__
    )
    copy.__kwdefaults__ = function.__kwdefaults__
    copy.__doc__ = function.__doc__
    copy.__qualname__ = function.__qualname__
    return copy


def read_only(attr, doc):
    """A property returning `self.<attr>`."""
    return property(lambda self: getattr(self, attr), doc=doc)
