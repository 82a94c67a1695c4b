"""The base class of all initializers."""

from keras.src.api_export import keras_export


@keras_export(["keras.Initializer", "keras.initializers.Initializer"])
class Initializer:
    """Initializer base class: all Keras initializers inherit from this class.

    Subclasses implement `__call__(self, shape, dtype=None)` returning a
    tensor of the given shape and dtype. If the initializer takes
    constructor arguments, it should also implement `get_config()` so that
    it can be serialized and recreated with `from_config()`.

    Example:

    ```python
    class ExampleRandomNormal(keras.initializers.Initializer):
        def __init__(self, mean, stddev):
            self.mean = mean
            self.stddev = stddev

        def __call__(self, shape, dtype=None):
            return keras.random.normal(
                shape, mean=self.mean, stddev=self.stddev, dtype=dtype
            )

        def get_config(self):
            return {"mean": self.mean, "stddev": self.stddev}
    ```
    """

    def __call__(self, shape, dtype=None):
        """Returns a tensor object initialized as specified by the initializer.

        Args:
            shape: Shape of the tensor.
            dtype: Optional dtype of the tensor.
        """
        raise NotImplementedError(
            "Initializer subclasses must implement the `__call__()` method."
        )

    def get_config(self):
        """Returns the initializer's configuration as a JSON-serializable dict.

        Returns:
            A JSON-serializable Python dict.
        """
        return {}

    @classmethod
    def from_config(cls, config):
        """Instantiates an initializer from a configuration dictionary.

        Args:
            config: A Python dictionary, the output of `get_config()`.

        Returns:
            An `Initializer` instance.

        Example:

        >>> initializer = keras.initializers.RandomUniform(-1, 1)
        >>> config = initializer.get_config()
        >>> initializer = keras.initializers.RandomUniform.from_config(config)
        """
        return cls(**config)

    def clone(self):
        return self.__class__.from_config(self.get_config())
