import jax
import numpy as np
import pytest

from keras.src import backend
from keras.src.backend.common.stateless_scope import StatelessScope


def test_variable_from_value_and_initializer():
    v = backend.Variable(np.arange(4.0).reshape(2, 2), name="v")
    assert v.shape == (2, 2)
    assert v.dtype == "float32"
    assert v.trainable
    np.testing.assert_allclose(v.numpy(), [[0, 1], [2, 3]])
    w = backend.Variable(
        lambda shape, dtype: np.ones(shape), shape=(3,), dtype="float32"
    )
    np.testing.assert_allclose(w.numpy(), [1, 1, 1])


def test_int_values_keep_integer_dtype():
    v = backend.Variable(np.array([1, 2], dtype="int32"))
    assert v.dtype == "int32"


def test_path_follows_name_scopes():
    with backend.name_scope("outer"):
        with backend.name_scope("inner"):
            v = backend.Variable(1.0, name="kernel")
    assert v.path == "outer/inner/kernel"
    assert v.name == "kernel"


def test_assign_and_assign_add():
    v = backend.Variable(np.zeros((2,)))
    v.assign(np.array([1.0, 2.0]))
    v.assign_add(np.array([1.0, 1.0]))
    v.assign_sub(np.array([0.5, 0.5]))
    np.testing.assert_allclose(v.numpy(), [1.5, 2.5])


def test_assign_wrong_shape_names_the_variable():
    v = backend.Variable(np.zeros((2,)), name="bias")
    with pytest.raises(ValueError, match="'bias' has shape \\(2,\\)"):
        v.assign(np.zeros((3,)))


def test_initializer_without_shape_is_an_error():
    with pytest.raises(ValueError, match="`shape` argument is required"):
        backend.Variable(lambda shape, dtype: np.ones(shape))


def test_invalid_name():
    with pytest.raises(ValueError, match="cannot contain character `/`"):
        backend.Variable(1.0, name="a/b")


def test_stateless_scope_reads_and_records_writes():
    v = backend.Variable(1.0)
    with StatelessScope([(v, 2.0)]) as scope:
        assert float(v.value) == 2.0
        v.assign_add(1.0)
        assert float(v.value) == 3.0
    assert float(v.numpy()) == 1.0
    assert float(scope.get_current_value(v)) == 3.0


def test_variable_inside_jit_with_stateless_scope():
    v = backend.Variable(np.ones((2,)))

    @jax.jit
    def step(value):
        with StatelessScope([(v, value)]) as scope:
            v.assign(v.value * 3.0)
        return scope.get_current_value(v)

    np.testing.assert_allclose(step(v.value), [3.0, 3.0])
    np.testing.assert_allclose(v.numpy(), [1.0, 1.0])


def test_assigning_a_tracer_outside_scope_is_an_error():
    v = backend.Variable(np.ones((2,)), name="w")

    @jax.jit
    def step(x):
        v.assign(x)
        return x

    with pytest.raises(ValueError, match="outside of a `StatelessScope`"):
        step(np.zeros((2,), "float32"))


def test_arithmetic_uses_value():
    v = backend.Variable(np.array([1.0, 2.0]))
    np.testing.assert_allclose(v + 1, [2.0, 3.0])
    np.testing.assert_allclose(2 * v, [2.0, 4.0])
    np.testing.assert_allclose(np.asarray(v), [1.0, 2.0])
    assert v[1] == 2.0


def test_autocast_scope_casts_float_variables():
    v = backend.Variable(np.ones((2,)))
    with backend.AutocastScope("bfloat16"):
        assert v.value.dtype == "bfloat16"
    assert v.value.dtype == "float32"


def test_standardize_and_compare_shapes():
    from keras.src.backend.common.variables import shape_equal
    from keras.src.backend.common.variables import standardize_shape

    assert standardize_shape([2, np.int64(3), None]) == (2, 3, None)
    with pytest.raises(ValueError, match="invalid dimension"):
        standardize_shape((2, 3.0))
    with pytest.raises(ValueError, match="Negative"):
        standardize_shape((-1,))
    assert shape_equal((None, 3), (5, 3))
    assert not shape_equal((2, 3), (2, 4))
    assert not shape_equal((2,), (2, 1))


def test_variable_created_in_stateless_scope_is_initialized_on_exit():
    with StatelessScope():
        v = backend.Variable(
            lambda shape, dtype: np.full(shape, 3.0), shape=(2,), name="v"
        )
        assert v._value is None
        np.testing.assert_allclose(v + 0.0, [3.0, 3.0])
        with pytest.raises(ValueError, match="stateless scope"):
            backend.Variable(np.zeros(2))
    np.testing.assert_allclose(v.numpy(), [3.0, 3.0])
    with pytest.raises(ValueError, match="already initialized"):
        v._deferred_initialize()


def test_initializing_inside_stateless_scope_is_an_error():
    with StatelessScope():
        v = backend.Variable(
            lambda shape, dtype: np.ones(shape), shape=(2,), name="late"
        )
        with pytest.raises(ValueError, match="'late'.*stateless scope"):
            v._deferred_initialize()
        assert v._value is None
    np.testing.assert_allclose(v.numpy(), [1.0, 1.0])


def test_variable_has_no_truth_value():
    v = backend.Variable(np.ones((2, 2)), name="flag")
    with pytest.raises(TypeError, match="cannot be used as a boolean"):
        bool(v)
    with pytest.raises(TypeError, match="'flag'"):
        if v:
            pass


class _CountingInitializer:
    """Ones times the number of calls so far, recording each call."""

    def __init__(self):
        self.calls = 0

    def __call__(self, shape, dtype=None):
        self.calls += 1
        return np.full(shape, float(self.calls))


def test_deferred_initial_values_assign_read_and_exit():
    from keras.src.backend.common.variables import deferred_initial_values

    init = _CountingInitializer()
    with deferred_initial_values():
        assigned = backend.Variable(init, shape=(2,), name="assigned")
        read = backend.Variable(init, shape=(2,), name="read")
        untouched = backend.Variable(init, shape=(2,), name="untouched")
        assert init.calls == 0
        assigned.assign(np.array([5.0, 6.0]))
        np.testing.assert_allclose(read.numpy(), [1.0, 1.0])
        assert init.calls == 1
    # Leaving the scope computes what was neither assigned nor read.
    assert init.calls == 2
    np.testing.assert_allclose(assigned.numpy(), [5.0, 6.0])
    np.testing.assert_allclose(untouched.numpy(), [2.0, 2.0])


def test_deferred_initial_values_forgotten_after_an_error():
    from keras.src.backend.common.variables import deferred_initial_values

    init = _CountingInitializer()
    with pytest.raises(RuntimeError, match="load failed"):
        with deferred_initial_values():
            backend.Variable(init, shape=(2,), name="lost")
            raise RuntimeError("load failed")
    assert init.calls == 0
    # The next scope starts with nothing pending.
    with deferred_initial_values():
        pass
    assert init.calls == 0


@pytest.mark.multi_device
def test_deferred_variable_assigned_takes_its_layout():
    from keras.src import distribution
    from keras.src.backend.common.variables import deferred_initial_values

    mesh = distribution.DeviceMesh((2, 4), ("batch", "model"))
    layout_map = distribution.LayoutMap(mesh)
    layout_map["kernel"] = (None, "model")
    dist = distribution.ModelParallel(
        layout_map=layout_map, batch_dim_name="batch"
    )
    init = _CountingInitializer()
    with dist.scope(), deferred_initial_values():
        kernel = backend.Variable(init, shape=(3, 8), name="kernel")
        kernel.assign(np.arange(24.0).reshape(3, 8))
    assert init.calls == 0
    assert kernel.value.sharding.spec == jax.sharding.PartitionSpec(
        None, "model"
    )
    np.testing.assert_allclose(kernel.numpy(), np.arange(24.0).reshape(3, 8))
