"""The base class of all initializers."""

from keras.src.api_export import keras_export


@keras_export(["keras.Initializer", "keras.initializers.Initializer"])
class Initializer:
    """Base class of the initializers.

    An initializer is a callable `initializer(shape, dtype=None)` returning
    a tensor of that shape and dtype, used to create variables. Subclasses
    implement `__call__` and, when they have constructor arguments,
    `get_config()` (its dict is passed back to the constructor by
    `from_config()`).

    Example:

    ```python
    class Scaled(keras.initializers.Initializer):
        def __init__(self, factor):
            self.factor = factor

        def __call__(self, shape, dtype=None):
            return self.factor * keras.ops.ones(shape, dtype=dtype)

        def get_config(self):
            return {"factor": self.factor}
    ```
    """

    def __call__(self, shape, dtype=None):
        """Creates the initial value.

        Args:
            shape: Shape tuple of the tensor to create.
            dtype: Optional dtype; defaults to `keras.config.floatx()`.

        Returns:
            A tensor.
        """
        raise NotImplementedError(
            f"{type(self).__name__} does not define `__call__(shape, dtype)`, "
            "which an Initializer subclass must provide."
        )

    def get_config(self):
        """Returns the constructor arguments as a JSON-serializable dict.

        Returns:
            A dict (empty for initializers without arguments).
        """
        return {}

    @classmethod
    def from_config(cls, config):
        """Creates an initializer from the output of `get_config()`.

        Args:
            config: A dict.

        Returns:
            A new initializer of this class.

        Example:

        >>> init = keras.initializers.RandomUniform(-1, 1)
        >>> clone = keras.initializers.RandomUniform.from_config(
        ...     init.get_config())
        """
        return cls(**config)

    def clone(self):
        return self.__class__.from_config(self.get_config())
