"""`clone_model`: a new model with the same architecture, fresh weights."""

from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.layers.core.input_layer import Input
from keras.src.layers.core.input_layer import InputLayer
from keras.src.layers.layer import Layer
from keras.src.models.functional import Functional
from keras.src.models.sequential import Sequential
from keras.src.ops.operation import FunctionOperation


def _clone_layer(layer):
    """A fresh copy of `layer` (same config, new weights)."""
    return type(layer).from_config(layer.get_config())


@keras_export("keras.models.clone_model")
def clone_model(
    model,
    input_tensors=None,
    clone_function=None,
    call_function=None,
    recursive=False,
    **kwargs,
):
    """Clones a model: same architecture, newly initialized weights.

    Functional and Sequential models are rebuilt layer by layer (each layer
    is re-created from its config, or by `clone_function`); subclassed
    models are re-created from their config.

    Args:
        model: The model to clone.
        input_tensors: Optional input tensor(s) (from `keras.Input`) to
            build the clone on, instead of new `Input`s like the original
            ones. Functional and Sequential models only.
        clone_function: Optional `fn(layer) -> layer` used to clone each
            layer (input layers excepted). Defaults to
            `layer.__class__.from_config(layer.get_config())`.
        call_function: Optional `fn(layer, *args, **kwargs) -> outputs`
            used (functional models) to call each cloned layer; defaults to
            `layer(*args, **kwargs)`.
        recursive: Whether nested Functional/Sequential models are cloned
            layer by layer (with `clone_function`) rather than passed to
            `clone_function` whole.
        **kwargs: Unsupported; raise a `ValueError`.

    Returns:
        The new model, with newly initialized weights (they are not
        copied), compiled like the original if that one was compiled.

    Example:

    ```python
    clone = keras.models.clone_model(model)
    clone.set_weights(model.get_weights())
    ```
    """
    if kwargs:
        raise ValueError(
            f"Unexpected keyword argument(s) for `clone_model`: {kwargs}"
        )
    clone_function = clone_function or _clone_layer
    if isinstance(model, Sequential):
        clone = _clone_sequential(
            model, input_tensors, clone_function, recursive
        )
    elif isinstance(model, Functional):
        clone = _clone_functional(
            model, input_tensors, clone_function, call_function, recursive
        )
    else:
        clone = _clone_subclassed(model, input_tensors, call_function)
    if getattr(model, "compiled", False):
        # The clone is compiled like the original (with a new optimizer
        # and new metrics).
        config = model.get_compile_config()
        if config is not None:
            clone.compile_from_config(config)
    return clone


def _clone_subclassed(model, input_tensors, call_function):
    if input_tensors is not None or call_function is not None:
        raise ValueError(
            "Arguments `input_tensors` and `call_function` are only "
            "supported for Functional and Sequential models. Received "
            f"model of type {type(model).__name__}."
        )
    clone = model.__class__.from_config(model.get_config())
    build_config = model.get_build_config()
    if build_config:
        clone.build_from_config(build_config)
    return clone


def _clone_nested(layer, clone_function, call_function, recursive):
    if recursive and isinstance(layer, (Functional, Sequential)):
        return clone_model(
            layer,
            clone_function=clone_function,
            call_function=call_function,
            recursive=True,
        )
    return clone_function(layer)


def _to_input(x):
    if isinstance(x, InputLayer):
        return x.output
    if not isinstance(x, KerasTensor):
        raise ValueError(
            "`input_tensors` must contain KerasTensors (from "
            f"`keras.Input`). Received: {x} of type {type(x)}"
        )
    history = getattr(x, "_keras_history", None)
    if history is None:
        return Input(tensor=x)
    return x


def _clone_sequential(model, input_tensors, clone_function, recursive):
    layers = [
        _clone_nested(layer, clone_function, None, recursive)
        for layer in model.layers
    ]
    if input_tensors is not None:
        flat = tree.flatten(input_tensors)
        if len(flat) != 1:
            raise ValueError(
                "A Sequential model takes a single input tensor. Received "
                f"input_tensors={input_tensors}"
            )
        x = _to_input(flat[0])
        history = x._keras_history
        if isinstance(history.operation, InputLayer):
            return Sequential([history.operation] + layers, name=model.name)
        # An intermediate tensor: build a functional model on top of it.
        inputs = x
        for layer in layers:
            x = layer(x)
        return Functional(inputs, x, name=model.name)
    if model._has_input_layer():
        source = model._layers_list[0]
        input_layer = InputLayer(
            batch_shape=source.batch_shape, dtype=source.dtype
        )
        return Sequential([input_layer] + layers, name=model.name)
    return Sequential(layers, name=model.name)


def _clone_functional(
    model, input_tensors, clone_function, call_function, recursive
):
    if input_tensors is not None:
        expected = model._inputs_struct
        if isinstance(expected, dict) and (
            not isinstance(input_tensors, dict)
            or set(input_tensors) != set(expected)
        ):
            raise ValueError(
                "`input_tensors` must have the same structure as model.input "
                f"(a dict with keys {sorted(expected)}). Received: "
                f"input_tensors={input_tensors}"
            )
        flat = [_to_input(x) for x in tree.flatten(input_tensors)]
        if len(flat) != len(model.inputs):
            raise ValueError(
                f"Model '{model.name}' has {len(model.inputs)} input(s) but "
                f"`input_tensors` has {len(flat)}."
            )
    else:
        flat = []
        for x in model.inputs:
            source = x._keras_history.operation
            flat.append(
                Input(
                    batch_shape=x.shape,
                    dtype=x.dtype,
                    name=source.name,
                    optional=getattr(source, "optional", False),
                )
            )
    clones = {}

    def clone_node(node, args, kwargs):
        operation = node.operation
        if id(operation) not in clones:
            if isinstance(operation, FunctionOperation):
                clone = FunctionOperation(operation.fn)
            elif not isinstance(operation, Layer):
                # Ops (`keras.ops.numpy.Add`, ...) have no weights: a copy
                # from their config; `clone_function` is for layers.
                clone = _clone_layer(operation)
            else:
                clone = _clone_nested(
                    operation, clone_function, call_function, recursive
                )
            clones[id(operation)] = clone
        clone = clones[id(operation)]
        if call_function is not None and isinstance(clone, Layer):
            return call_function(clone, *args, **kwargs)
        return clone(*args, **kwargs)

    new_inputs = tree.pack_sequence_as(model._inputs_struct, flat)
    new_outputs = model._run_graph(flat, clone_node)
    return Functional(new_inputs, new_outputs, name=model.name)
