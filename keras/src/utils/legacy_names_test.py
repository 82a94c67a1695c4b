"""The interactive-logging switches under
`keras.utils` and `keras.optimizers.legacy`."""

import pytest

import keras


def test_interactive_logging_in_utils():
    assert (
        keras.utils.enable_interactive_logging
        is keras.config.enable_interactive_logging
    )
    keras.utils.disable_interactive_logging()
    try:
        assert not keras.utils.is_interactive_logging_enabled()
        assert not keras.config.is_interactive_logging_enabled()
    finally:
        keras.utils.enable_interactive_logging()
    assert keras.utils.is_interactive_logging_enabled()


@pytest.mark.parametrize(
    "name", ["Adagrad", "Adam", "Ftrl", "RMSprop", "SGD", "Optimizer"]
)
def test_legacy_optimizers_raise(name):
    cls = getattr(keras.optimizers.legacy, name)
    with pytest.raises(ImportError, match="not supported in Keras 3"):
        cls(learning_rate=0.1)
