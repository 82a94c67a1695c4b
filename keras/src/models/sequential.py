"""`Sequential`: a plain stack of layers, each with one input and output."""

from keras.src import backend
from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.layers.core.input_layer import InputLayer
from keras.src.layers.layer import Layer
from keras.src.models import functional
from keras.src.models.functional import adjust_input_rank
from keras.src.models.model import Model
from keras.src.saving import serialization_lib


@keras_export(["keras.Sequential", "keras.models.Sequential"])
class Sequential(Model):
    """A model that is a linear stack of layers.

    When the input shape is known (an `InputLayer`/`keras.Input` first, or
    a first layer created with `input_shape=`), the model is built at
    once; otherwise it is built the first time it is called (or fit).
    Layers are built inside the model's name scope, so variables get paths
    such as `"sequential/dense/kernel"`.

    Args:
        layers: Optional list of layers to add.
        trainable: Whether the model's variables are trainable.
        name: The model's name.

    Example:

    ```python
    stack = keras.Sequential(name="mlp")
    stack.add(keras.Input(shape=(30,)))
    stack.add(keras.layers.Dense(12, activation="relu"))
    # The input shape is known, so the weights exist already.
    len(stack.weights)  # 2: kernel (30, 12) and bias (12,)

    lazy = keras.Sequential([keras.layers.Dense(6), keras.layers.Dense(1)])
    lazy.build((None, 30))  # or call it / fit it
    ```
    """

    def __init__(self, layers=None, trainable=True, name=None, **kwargs):
        super().__init__(trainable=trainable, name=name, **kwargs)
        self._layers_list = []
        self._graph_inputs = None
        self._graph_outputs = None
        self._layer_outputs = {}
        self._build_dtype = None
        # The functional model of the built graph (`None` until built, or
        # when the layers cannot be traced symbolically).
        self._functional = None
        if layers:
            for layer in layers:
                self.add(layer, rebuild=False)
            self._maybe_rebuild()

    # ---------------------------------------------------------- add / pop
    def add(self, layer, rebuild=True):
        """Adds a layer on top of the stack.

        Args:
            layer: A layer instance, or a `keras.Input` tensor (which adds
                its `InputLayer`).
            rebuild: Whether to rebuild the model right away when its input
                shape is known.
        """
        if isinstance(layer, KerasTensor):
            history = getattr(layer, "_keras_history", None)
            if history is None or not isinstance(history.operation, InputLayer):
                raise ValueError(
                    "Only `keras.Input` tensors can be added to a Sequential "
                    f"model. Received: {layer}"
                )
            layer = history.operation
        if not isinstance(layer, Layer):
            raise ValueError(
                "Only instances of `keras.Layer` can be added to a "
                f"Sequential model. Received: {layer} (of type "
                f"{type(layer)})"
            )
        if isinstance(layer, InputLayer):
            if self._layers_list and isinstance(
                self._layers_list[0], InputLayer
            ):
                raise ValueError(
                    f"The input of Sequential model '{self.name}' has "
                    "already been configured by its first layer (batch shape "
                    f"{self._layers_list[0].batch_shape}); a model has only "
                    "one input layer, so this second one cannot be added."
                )
            if self._layers_list:
                raise ValueError(
                    "An `InputLayer` (or `keras.Input`) can only be the "
                    f"first layer of Sequential model '{self.name}'."
                )
        if any(existing.name == layer.name for existing in self._layers_list):
            raise ValueError(
                "All layers added to a Sequential model should have unique "
                f"names. Name '{layer.name}' is already the name of a layer "
                "in this model. Update the `name` argument to pass a unique "
                "name."
            )
        input_shape = getattr(layer, "_input_shape_arg", None)
        if not self._layers_list and input_shape is not None:
            self._layers_list.append(InputLayer(shape=input_shape))
        self._layers_list.append(layer)
        if rebuild:
            self._maybe_rebuild()
        else:
            self._unbuild()

    def pop(self, rebuild=True):
        """Removes the last layer of the stack and returns it.

        Args:
            rebuild: Whether to rebuild the model right away when its input
                shape is known.
        """
        if not self.layers:
            raise TypeError("There are no layers in the model.")
        layer = self._layers_list.pop()
        if rebuild:
            self._maybe_rebuild()
        else:
            self._unbuild()
        return layer

    def _unbuild(self):
        self.built = False
        self._graph_inputs = None
        self._graph_outputs = None
        self._layer_outputs = {}
        self._functional = None

    def _tracking_excluded_attributes(self):
        # `_functional` holds the same layers as the model itself, and the
        # recorded constructor arguments the layers it was created with
        # (`pop()` may have removed some since).
        return super()._tracking_excluded_attributes() + (
            "_functional",
            "_init_arguments",
        )

    def _maybe_rebuild(self):
        self._unbuild()
        if len(self._layers_list) < 2:
            return
        first = self._layers_list[0]
        if isinstance(first, InputLayer):
            self.build(first.batch_shape)
            return
        # A first layer that knows its input shape (e.g. a built functional
        # or Sequential model) lets the model build at once.
        try:
            input_shape = first.input_shape
        except (AttributeError, ValueError):
            return
        if isinstance(input_shape, tuple) and all(
            d is None or isinstance(d, int) for d in input_shape
        ):
            self.build(input_shape)

    # --------------------------------------------------------------- build
    def _maybe_build(self, args, kwargs):
        if self.built:
            return
        if self._has_input_layer():
            self.build()
            return
        if not self.layers:
            raise ValueError(
                f"Sequential model '{self.name}' has no layers: add some "
                "with `add()` before calling it."
            )
        if args and hasattr(args[0], "shape") and hasattr(args[0], "dtype"):
            # Built from the first call's data: keep the batch size open.
            self._build_dtype = backend.standardize_dtype(args[0].dtype)
            self.build((None,) + tuple(args[0].shape)[1:])
            return
        # Structured inputs (dicts, lists): no single input tensor to build
        # a graph from; the layers run one after the other and build
        # themselves.
        self.built = True

    def _has_input_layer(self):
        return bool(self._layers_list) and isinstance(
            self._layers_list[0], InputLayer
        )

    def build(self, input_shape=None):
        """Builds the model by running its layers on a symbolic input.

        Args:
            input_shape: The input shape, batch dimension included. Not
                needed when the model starts with an `InputLayer`.
        """
        if self._has_input_layer():
            input_layer = self._layers_list[0]
            if input_shape is not None and not _same_shape(
                input_shape, input_layer.batch_shape
            ):
                raise ValueError(
                    f"Cannot build Sequential model '{self.name}' for input "
                    f"shape {tuple(input_shape)}: its input has already been "
                    f"configured with batch shape {input_layer.batch_shape}."
                )
        else:
            if input_shape is None:
                raise ValueError(
                    f"Sequential model '{self.name}' cannot be built because "
                    "it has no input shape. Add an `keras.Input(shape)` "
                    "first, or call `build(input_shape)`."
                )
            input_layer = InputLayer(
                batch_shape=tuple(input_shape),
                dtype=self._build_dtype or backend.floatx(),
            )
            self._layers_list.insert(0, input_layer)
        inputs = input_layer.output
        x = inputs
        layer_outputs = {}
        self._build_input_shape = tuple(input_layer.batch_shape)
        for layer in self._layers_list[1:]:
            try:
                x = layer(x)
            except NotImplementedError:
                # The layer cannot infer its output symbolically: run the
                # layers one after the other, without a graph.
                self.built = True
                return
            except TypeError as error:
                _check_single_positional_argument(layer)
                raise error
            layer_outputs[id(layer)] = x
        self._graph_inputs = inputs
        self._graph_outputs = x
        self._layer_outputs = layer_outputs
        from keras.src.models.functional import Functional

        self._functional = Functional(
            inputs=inputs, outputs=x, name=f"{self.name}_functional"
        )
        self.built = True

    def get_build_config(self):
        if self.built and self._has_input_layer():
            return {"input_shape": list(self._layers_list[0].batch_shape)}
        # Not built, but its first layer was built directly (e.g.
        # `layer.build(shape)`): the model is rebuilt for that shape.
        first = self._layers_list[0] if self._layers_list else None
        shape = getattr(first, "_built_input_shape", None)
        if not self.built and shape is not None:
            return {"input_shape": list(shape)}
        return None

    # ---------------------------------------------------------------- call
    def call(self, inputs, training=None, mask=None):
        """Runs the layers in order on `inputs`."""
        if self._has_input_layer():
            first = self._layers_list[0]
            if backend.is_tensor(inputs) and inputs.dtype != first.dtype:
                inputs = backend.cast(inputs, first.dtype)
            if backend.is_tensor(inputs):
                inputs = adjust_input_rank(inputs, first.batch_shape)
        x = inputs
        # Under `ModelParallel`, the batch dimension of each layer's output
        # stays on the batch axes, as in a functional model (see
        # `ModelParallel._constrain_batch_dim`); the symbolic outputs of
        # the built graph tell which dimension is the batch.
        keep_batch = None
        if self._layer_outputs:
            keep_batch = functional._batch_dim_constraint()
        for layer in self.layers:
            kwargs = {}
            if training is not None and getattr(
                layer, "_call_has_training_arg", False
            ):
                kwargs["training"] = training
            x = layer(x, **kwargs)
            ref = self._layer_outputs.get(id(layer))
            if keep_batch is not None and ref is not None:
                refs, values = tree.flatten(ref), tree.flatten(x)
                if len(refs) == len(values):
                    values = keep_batch(layer, refs, values)
                    x = tree.pack_sequence_as(x, values)
        return x

    def compute_output_spec(self, inputs, training=None, mask=None):
        # Layer by layer, as `Functional.compute_output_spec` does (unknown
        # dimensions stay unknown); a model whose layers are not all built
        # yet traces `call`, which builds them.
        if not all(layer.built for layer in self.layers):
            return super().compute_output_spec(
                inputs, training=training, mask=mask
            )
        x = inputs
        for layer in self.layers:
            kwargs = {}
            if training is not None and getattr(
                layer, "_call_has_training_arg", False
            ):
                kwargs["training"] = training
            x = layer._output_spec_of_call((x,), kwargs)
        return x

    # -------------------------------------------------------------- layers
    @property
    def layers(self):
        """The model's layers (without the `InputLayer`)."""
        return [
            layer
            for layer in self._layers_list
            if not isinstance(layer, InputLayer)
        ]

    @layers.setter
    def layers(self, _):
        raise AttributeError(
            "The `layers` of a Sequential model cannot be set directly. "
            "Use `add()` and `pop()` to change the stack of layers."
        )

    @property
    def inputs(self):
        if self._graph_inputs is None:
            raise AttributeError(
                f"Sequential model '{self.name}' is not built, so it has no "
                "`inputs` yet: give it an input shape, or call it once."
            )
        return [self._graph_inputs]

    @property
    def outputs(self):
        if self._graph_outputs is None:
            raise AttributeError(
                f"Sequential model '{self.name}' is not built, so it has no "
                "`outputs` yet: give it an input shape, or call it once."
            )
        return tree.flatten(self._graph_outputs)

    @property
    def input(self):
        return self.inputs[0]

    @property
    def output(self):
        outputs = self.outputs
        return outputs[0] if len(outputs) == 1 else outputs

    @property
    def input_shape(self):
        return self.input.shape

    @property
    def output_shape(self):
        return tree.map_structure(lambda x: x.shape, self._graph_outputs)

    @property
    def input_dtype(self):
        if self._has_input_layer():
            return self._layers_list[0].dtype
        return None

    def _layer_output(self, layer):
        """The symbolic output of `layer` in the built model, if any."""
        return self._layer_outputs.get(id(layer))

    # -------------------------------------------------------------- config
    def get_config(self):
        """Returns `{"name", "trainable", "layers"}`; the layers start with
        the `InputLayer` when the input shape is known."""
        return {
            "name": self.name,
            "trainable": self.trainable,
            "layers": [
                serialization_lib.serialize_keras_object(layer)
                for layer in self._layers_list
            ],
        }

    @classmethod
    def from_config(cls, config, custom_objects=None):
        """Creates a Sequential model from the output of `get_config`.

        Args:
            config: The config dict.
            custom_objects: Optional dict of names to custom classes and
                functions.
        """
        if isinstance(config, list):  # Legacy: a plain list of layers.
            config = {"name": None, "layers": config}
        if not (
            isinstance(config, dict) and "name" in config and "layers" in config
        ):
            raise ValueError(
                "A Sequential model configuration must be a dictionary "
                "containing the 'name' and 'layers' keys. Received: "
                f"config={config}"
            )
        for layer_config in config["layers"]:
            if not (
                isinstance(layer_config, dict) and "config" in layer_config
            ):
                raise ValueError(
                    "Each entry of a Sequential configuration's 'layers' "
                    "describes a layer. Expected a dictionary containing a "
                    f"'config' key. Received: {layer_config}"
                )
        model = cls(
            name=config.get("name"), trainable=config.get("trainable", True)
        )
        # Layers are rebuilt outside the model's name scope, as they were
        # first created: variables made in a layer's `__init__` keep the
        # path they were saved under.
        for layer_config in config["layers"]:
            # Configs without a module (Keras 2 ones) name built-in
            # layers by class name; functional models read them the same.
            layer = functional._deserialize_operation(
                layer_config, custom_objects
            )
            model.add(layer, rebuild=False)
        with backend.name_scope(model.name, caller=model):
            model._maybe_rebuild()
            build_input_shape = config.get("build_input_shape")
            if not model.built and build_input_shape:
                model.build(tuple(build_input_shape))
        return model


def _same_shape(a, b):
    a, b = tuple(a), tuple(b)
    return len(a) == len(b) and all(
        x is None or y is None or x == y for x, y in zip(a, b)
    )


def _check_single_positional_argument(layer):
    """Raises a clear error for layers whose `call` needs more than the one
    input tensor a Sequential model gives it."""
    import inspect

    parameters = inspect.signature(layer.call).parameters.values()
    positional = [
        p.name
        for p in parameters
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
        and p.default is inspect.Parameter.empty
    ]
    if len(positional) != 1:
        raise ValueError(
            "Layers added to a Sequential model can only have a single "
            f"positional argument, the input tensor. Layer "
            f"{type(layer).__name__} has positional arguments {positional}."
        )
