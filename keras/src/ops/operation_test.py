import inspect

import numpy as np
import pytest

from keras.src import backend
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.ops import core
from keras.src.ops import image
from keras.src.ops import linalg
from keras.src.ops import math
from keras.src.ops import nn
from keras.src.ops import numpy
from keras.src.ops.operation import Operation
from keras.src.ops.operation import dispatch_to


class Scale(Operation):
    def __init__(self, factor=2.0, *, name=None):
        super().__init__(name=name)
        self.factor = factor

    def compute_output_spec(self, x, offset=0.0):
        return KerasTensor(x.shape, dtype="float32")


@dispatch_to(Scale)
def scale(x, factor=2.0, offset=0.0):
    return backend.numpy.add(backend.numpy.multiply(x, factor), offset)


class Join(Operation):
    def __init__(self, axis=0, *, name=None):
        super().__init__(name=name)
        self.axis = axis

    def compute_output_spec(self, *xs, **kwargs):
        return KerasTensor((None,), dtype="float32")


@dispatch_to(Join)
def join(axis, *xs, **kwargs):
    return backend.numpy.concatenate(xs, axis=axis)


class Twice(Operation):
    def call(self, x):
        return backend.numpy.multiply(x, 10.0)


@dispatch_to(Twice)
def twice(x):
    return backend.numpy.multiply(x, 2.0)


class Base(Operation):
    pass


class Derived(Base):
    pass


@dispatch_to(Base)
def base_op(x):
    return backend.numpy.add(x, 1.0)


@dispatch_to(Derived)
def derived_op(x):
    return backend.numpy.add(x, 2.0)


def test_concrete_arguments_run_the_function():
    np.testing.assert_allclose(scale(np.ones(2), 3.0, offset=1.0), [4, 4])


def test_symbolic_call_builds_the_op_from_the_constructor_arguments():
    x = KerasTensor((2, 3))
    y = scale(x, 3.0, offset=1.0)
    assert isinstance(y, KerasTensor) and y.shape == (2, 3)
    node = y._keras_history.operation
    assert isinstance(node, Scale) and node.factor == 3.0


def test_derived_call_takes_the_constructor_arguments_from_the_op():
    op = Scale(factor=5.0)
    np.testing.assert_allclose(op(np.ones(2), 1.0), [6, 6])
    np.testing.assert_allclose(op.call(np.ones(2), offset=2.0), [7, 7])


def test_variadic_arguments_follow_the_static_ones():
    a, b = np.ones(2), np.zeros(3)
    assert join(0, a, b).shape == (5,)
    y = join(0, KerasTensor((2,)), b)
    assert isinstance(y._keras_history.operation, Join)
    assert Join(axis=0)(a, b).shape == (5,)


def test_a_hand_written_call_is_kept():
    np.testing.assert_allclose(twice(np.ones(1)), [2])
    np.testing.assert_allclose(Twice()(np.ones(1)), [10])


def test_a_subclass_replaces_the_call_derived_for_its_base():
    np.testing.assert_allclose(Base()(np.zeros(1)), [1])
    np.testing.assert_allclose(Derived()(np.zeros(1)), [2])


def test_derived_call_signature_lists_the_call_time_arguments():
    parameters = list(inspect.signature(Scale.call).parameters)
    assert parameters == ["self", "x", "offset"]


def test_every_op_class_takes_name_last_as_a_keyword():
    # Upstream's tests read these signatures: an op class's own
    # constructor ends with a keyword-only `name=None`, and a `call`
    # derived from the op function names its call-time arguments.
    checked = 0
    for module in (core, image, linalg, math, nn, numpy):
        for class_name, value in vars(module).items():
            if not (
                not class_name.startswith("_")
                and isinstance(value, type)
                and issubclass(value, Operation)
                and value.__init__ is not Operation.__init__
                and value.__module__ != Operation.__module__
            ):
                continue
            signature = inspect.signature(value.__init__)
            # (A trailing `**kwargs` may follow, for renamed arguments.)
            last = [
                p
                for p in signature.parameters.values()
                if p.kind is not p.VAR_KEYWORD
            ][-1]
            assert last.name == "name", (value, signature)
            assert last.kind is last.KEYWORD_ONLY, (value, signature)
            assert last.default is None, (value, signature)
            if hasattr(value.call, "op_function"):
                call = inspect.signature(value.call)
                assert list(call.parameters) != ["self", "args", "kwargs"]
            checked += 1
    assert checked > 200


def test_backend_reconstruct_patches_takes_the_op_arguments():
    from keras.src.backend.jax import image as backend_image

    assert inspect.signature(
        backend_image.reconstruct_patches
    ) == inspect.signature(image.reconstruct_patches)
    patches = np.arange(16.0).reshape(1, 2, 2, 4)
    with pytest.raises(NotImplementedError, match="non-overlapping"):
        image.reconstruct_patches(patches, (2, 2), (4, 4), strides=(1, 1))
