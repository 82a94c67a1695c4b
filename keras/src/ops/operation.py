"""`Operation`: anything callable on tensors and symbolic tensors alike.

Called on concrete tensors an operation computes; called on `KerasTensor`s it
returns KerasTensors of the right shape and records a `Node`, which is how
functional models are built.
"""

import functools

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend.common.keras_tensor import any_symbolic_tensors
from keras.src.ops.node import Node
from keras.src.utils import naming


@keras_export("keras.Operation")
class Operation:
    """Base class of layers and ops.

    Args:
        name: Optional name; a unique one is derived from the class name.
    """

    def __init__(self, name=None):
        if name is None:
            name = naming.auto_name(self.__class__.__name__)
        if not isinstance(name, str) or "/" in name:
            raise ValueError(
                "Argument `name` must be a string and cannot contain "
                f"character `/`. Received: name={name} (of type {type(name)})"
            )
        self.name = name
        self._inbound_nodes = []
        self._outbound_nodes = []

    def __call__(self, *args, **kwargs):
        if any_symbolic_tensors(args, kwargs):
            return self.symbolic_call(*args, **kwargs)
        return self.call(*args, **kwargs)

    def symbolic_call(self, *args, **kwargs):
        outputs = self.compute_output_spec(*args, **kwargs)
        Node(self, call_args=args, call_kwargs=kwargs, outputs=outputs)
        return outputs

    def call(self, *args, **kwargs):
        raise NotImplementedError(
            f"Operation {self.__class__.__name__} does not implement `call()`."
        )

    def compute_output_spec(self, *args, **kwargs):
        return backend.compute_output_spec(self.call, *args, **kwargs)

    def get_config(self):
        return {"name": self.name}

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    @property
    def input(self):
        return self._inbound_nodes[0].arguments[0][0]

    @property
    def output(self):
        outputs = self._inbound_nodes[0].outputs
        return outputs[0] if len(outputs) == 1 else outputs


class FunctionOperation(Operation):
    """The operation recorded when a `keras.ops` function sees KerasTensors.

    Args:
        fn: The op function, e.g. `keras.ops.add`'s implementation.
    """

    def __init__(self, fn):
        super().__init__(name=naming.auto_name(fn.__name__))
        self.fn = fn

    def call(self, *args, **kwargs):
        return self.fn(*args, **kwargs)

    def get_config(self):
        return {"name": self.name, "function": self.fn.__name__}


def symbolic_op(fn):
    """Makes an op function accept KerasTensors.

    On concrete inputs `fn` runs as is. If any argument is a KerasTensor, the
    call is recorded as a `FunctionOperation` and symbolic outputs (shape and
    dtype inferred by tracing `fn`) are returned.
    """

    @functools.wraps(fn)
    def op(*args, **kwargs):
        if any_symbolic_tensors(args, kwargs):
            return FunctionOperation(fn).symbolic_call(*args, **kwargs)
        return fn(*args, **kwargs)

    op.__wrapped_op__ = fn
    return op
