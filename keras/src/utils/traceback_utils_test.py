import numpy as np
import pytest

import keras
from keras.src.utils import traceback_utils


class Failing(keras.layers.Layer):
    def __init__(self, error=None, **kwargs):
        super().__init__(**kwargs)
        self.error = error

    def call(self, x, scale=2.0):
        raise self.error


class Wrapper(keras.layers.Layer):
    def __init__(self, inner, **kwargs):
        super().__init__(**kwargs)
        self.inner = inner

    def call(self, x):
        return self.inner(x)


class TwoArgumentError(Exception):
    def __init__(self, message, code):
        super().__init__(message)
        self.code = code


@pytest.fixture
def filtering():
    was_enabled = traceback_utils.is_traceback_filtering_enabled()
    traceback_utils.enable_traceback_filtering()
    yield
    if not was_enabled:
        traceback_utils.disable_traceback_filtering()


def _raised(layer, *args, **kwargs):
    with pytest.raises(BaseException) as info:
        layer(*args, **kwargs)
    return info.value


def test_layer_error_names_the_call_and_its_arguments(filtering):
    x = np.ones((2, 3), "float32")
    error = _raised(Failing(ValueError("bad input")), x, scale=5.0)
    assert type(error) is ValueError
    message = str(error)
    assert message.startswith(
        "Exception encountered when calling Failing.call()."
    )
    assert "bad input" in message
    assert "x=jnp.ndarray(shape=(2, 3), dtype=float32)" in message
    assert "scale=5.0" in message
    assert getattr(error, traceback_utils.CALL_INFO_FLAG)
    # Symbolic calls report the KerasTensor and the defaults.
    error = _raised(Failing(ValueError("bad")), keras.Input((3,)))
    assert "x=<KerasTensor shape=(None, 3)" in str(error)
    assert "scale=2.0" in str(error)


def test_error_types_kept_or_replaced(filtering):
    x = np.ones((2,), "float32")
    error = _raised(Failing(TwoArgumentError("oops", 3)), x)
    assert type(error) is RuntimeError and "oops" in str(error)
    error = _raised(Failing(StopIteration("done")), x)
    assert type(error) is StopIteration and "Failing.call()" in str(error)


def test_nested_calls_report_the_innermost_once(filtering):
    error = _raised(
        Wrapper(Failing(ValueError("deep"))), np.ones((2,), "float32")
    )
    assert str(error).count("Exception encountered") == 1
    assert "Failing.call()" in str(error)


def test_unchanged_without_filtering():
    was_enabled = traceback_utils.is_traceback_filtering_enabled()
    traceback_utils.disable_traceback_filtering()
    try:
        error = _raised(Failing(ValueError("plain")), np.ones((2,)))
    finally:
        if was_enabled:
            traceback_utils.enable_traceback_filtering()
    assert str(error) == "plain"


def test_cond_error_reports_cond_arguments(filtering):
    def fails():
        raise ValueError("boom")

    with pytest.raises(ValueError, match="Cond.call") as info:
        keras.ops.cond(True, fails, lambda: 0)
    assert "pred=True" in str(info.value)


def test_inject_lists_raw_arguments_that_do_not_fit():
    def no_arguments():
        pass

    error = traceback_utils.inject_argument_info_in_error(
        ValueError("boom"), no_arguments, ([1, 2], 3), {"nested": {"a": 4}}
    )
    assert "args=([1, 2], 3)" in str(error)
    assert "kwargs={nested={a=4}}" in str(error)
    original = ValueError("boom")
    assert (
        traceback_utils.inject_argument_info_in_error(
            original, lambda x: x, (), {}
        )
        is original
    )
