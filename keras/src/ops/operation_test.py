import numpy as np

from keras.src import backend
from keras.src.backend.common.keras_tensor import KerasTensor
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
