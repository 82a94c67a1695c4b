import base64
import inspect
import json
import marshal

import pytest

from keras.src.utils import python_utils


def _scaler(factor):
    def scale(x, offset=(0.5,)):
        return x * factor + offset[0]

    return scale


def test_func_dump_parts():
    code, defaults, closure = python_utils.func_dump(_scaler(3))
    assert isinstance(code, str)
    assert defaults == ((0.5,),)
    assert closure == (3,)
    assert python_utils.func_dump(lambda: 1)[1:] == (None, None)


def test_func_load_round_trip_through_json():
    dumped = json.loads(json.dumps(python_utils.func_dump(_scaler(3))))
    rebuilt = python_utils.func_load(dumped)
    assert rebuilt.__name__ == "scale"
    assert rebuilt.__defaults__ == ([0.5],)
    assert rebuilt(2) == 6.5
    assert rebuilt(2, offset=[1]) == 7


def test_func_load_separate_arguments_and_globals():
    code, defaults, closure = python_utils.func_dump(lambda x: x + shift)  # noqa: F821
    rebuilt = python_utils.func_load(code, globs={"shift": 10})
    assert rebuilt(1) == 11
    code, defaults, closure = python_utils.func_dump(_scaler(2))
    rebuilt = python_utils.func_load(code, [1.0], closure)
    assert rebuilt.__defaults__ == (1.0,)
    assert rebuilt(4, offset=[0]) == 8


def test_func_load_base64_without_line_breaks():
    text = base64.b64encode(marshal.dumps((lambda x: x - 1).__code__))
    assert python_utils.func_load(text.decode("ascii"))(5) == 4


def test_func_load_rejects_text_that_is_not_bytecode():
    with pytest.raises(AttributeError, match="bytecode"):
        python_utils.func_load("no base64 here!")


def test_affixes():
    assert python_utils.removeprefix("val_loss", "val_") == "loss"
    assert python_utils.removeprefix("loss", "val_") == "loss"
    assert python_utils.removeprefix("loss", "") == "loss"
    assert python_utils.removesuffix("dense_1", "_1") == "dense"
    assert python_utils.removesuffix("dense", "_1") == "dense"
    assert python_utils.removesuffix("dense", "") == "dense"


def test_remove_long_seq():
    seqs, labels = python_utils.remove_long_seq(
        3, [[1, 2, 3], [4], [], [5, 6]], ("a", "b", "c", "d")
    )
    assert seqs == [[4], [], [5, 6]]
    assert labels == ["b", "c", "d"]


@pytest.mark.parametrize(
    "axis, expected",
    [(0, True), ((2,), True), ([], True), ([0, 1, 2], True), ((4, 3), True)]
    + [([1, 1], False), ([0, 2], False), ([1, 2, 4], False)]
    + [([1, 2, 1], False), ([-3, -2, -1], True)],
)
def test_is_continuous_axis(axis, expected):
    assert python_utils.is_continuous_axis(axis) is expected


@pytest.mark.parametrize(
    "numerator, denominator, expected",
    [
        (0, 4, 0),
        (1, 4, 1),
        (8, 4, 2),
        (9, 4, 3),
        (7, 1, 7),
        (10**20 + 1, 10**20, 2),
    ],
)
def test_ceil_div(numerator, denominator, expected):
    assert python_utils.ceil_div(numerator, denominator) == expected


def test_with_defaults_changes_only_the_named_defaults():
    class Base:
        def __init__(self, a, b=1, c=2, **kwargs):
            self.values = (a, b, c, kwargs)

    class Child(Base):
        __init__ = python_utils.with_defaults(Base.__init__, c=(3, 3))

    assert str(inspect.signature(Child)) == "(a, b=1, c=(3, 3), **kwargs)"
    assert Child(0).values == (0, 1, (3, 3), {})
    assert Child(0, 5, 6, d=7).values == (0, 5, 6, {"d": 7})
    assert Base(0).values == (0, 1, 2, {})


def test_with_defaults_rejects_an_argument_without_default():
    def f(a, b=1):
        return a, b

    with pytest.raises(TypeError, match=r"\['a'\]"):
        python_utils.with_defaults(f, a=0)
