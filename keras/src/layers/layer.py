"""`Layer`: the base class of every Keras layer and model."""

import functools
import inspect

from keras.src import backend
from keras.src import dtype_policies
from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.backend.common import global_state
from keras.src.layers import input_spec as input_spec_lib
from keras.src.ops.operation import Operation


@keras_export(["keras.Layer", "keras.layers.Layer"])
class Layer(Operation):
    """The base class of all layers.

    A layer's life has three steps: `__init__` stores configuration,
    `build(input_shape)` creates weights with `add_weight` (called
    automatically on the first call), and `call(inputs)` computes.

    Layers track the layers, variables and seed generators assigned to
    their attributes (also inside lists, tuples and dicts), so
    `weights`/`trainable_weights` include those of nested layers. Variables
    get paths such as `"sequential/dense/kernel"` from the layers enclosing
    them.

    Args:
        trainable: Whether the layer's variables are trainable.
        name: The layer's name; a unique one is derived from the class name.
        dtype: A dtype policy or its name (`"float32"`, `"mixed_bfloat16"`);
            defaults to `keras.config.dtype_policy()`.
        autocast: Whether float inputs are cast to the compute dtype.
        activity_regularizer: Optional regularizer applied to the output.

    Example:

    ```python
    class Linear(keras.layers.Layer):
        def __init__(self, units, **kwargs):
            super().__init__(**kwargs)
            self.units = units

        def build(self, input_shape):
            self.w = self.add_weight(shape=(input_shape[-1], self.units))

        def call(self, x):
            return keras.ops.matmul(x, self.w)
    ```
    """

    def __new__(cls, *args, **kwargs):
        layer = super().__new__(cls)
        # Record the constructor arguments for the default `get_config`.
        signature = inspect.signature(cls.__init__)
        try:
            bound = signature.bind(layer, *args, **kwargs)
            layer._init_arguments = {
                k: v for k, v in bound.arguments.items() if k != "self"
            }
        except TypeError:
            layer._init_arguments = {}
        return layer

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "build" in cls.__dict__:
            cls.build = _build_wrapper(cls.__dict__["build"])

    def __init__(
        self,
        *,
        activity_regularizer=None,
        trainable=True,
        dtype=None,
        autocast=True,
        name=None,
        **kwargs,
    ):
        input_shape = kwargs.pop("input_shape", None)
        input_dim = kwargs.pop("input_dim", None)
        kwargs.pop("input_dtype", None)
        if kwargs:
            raise ValueError(
                "Unrecognized keyword arguments passed to "
                f"{self.__class__.__name__}: {kwargs}"
            )
        if input_shape is None and input_dim is not None:
            input_shape = (input_dim,)
        self._input_shape_arg = (
            None if input_shape is None else tuple(input_shape)
        )
        self._own_variables = []
        self._regularized_variables = []
        self._losses = []
        self._path = None
        self.built = False
        self.input_spec = None
        self.supports_masking = False
        self.autocast = autocast
        Operation.__init__(self, name=name)
        self._dtype_policy = dtype_policies.get(dtype)
        self._trainable = trainable
        from keras.src import regularizers

        self.activity_regularizer = regularizers.get(activity_regularizer)
        self._call_signature = inspect.signature(self.call)
        self._call_has_training_arg = (
            "training" in self._call_signature.parameters
        )

    # ----------------------------------------------------------------- build
    def build(self, input_shape=None):
        """Creates the layer's weights. Override; called on first use.

        Args:
            input_shape: The shape (or structure of shapes) of the input.
        """
        self.built = True

    def _maybe_build(self, args, kwargs):
        if self.built:
            return
        shapes = self._build_shapes(args, kwargs)
        if shapes is not None:
            self.build(**shapes) if isinstance(shapes, dict) else self.build(
                shapes
            )
        else:
            self.build()
        self.built = True

    def _build_shapes(self, args, kwargs):
        """Maps call arguments to `build` arguments (shapes)."""

        def shape_of(x):
            return tree.map_structure(
                lambda t: tuple(t.shape) if hasattr(t, "shape") else None, x
            )

        build_params = [
            p
            for p in inspect.signature(self.build).parameters.values()
            if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
        ]
        if not args and not kwargs:
            return None
        if len(build_params) <= 1:
            first = args[0] if args else next(iter(kwargs.values()))
            return shape_of(first)
        call_args = self._call_signature.bind_partial(*args, **kwargs).arguments
        shapes = {}
        for param in build_params:
            arg_name = param.name[: -len("_shape")]
            if param.name.endswith("_shape") and arg_name in call_args:
                shapes[param.name] = shape_of(call_args[arg_name])
        if not shapes:
            first = args[0] if args else next(iter(kwargs.values()))
            return shape_of(first)
        return shapes

    # ------------------------------------------------------------------ call
    def call(self, *args, **kwargs):
        raise NotImplementedError(
            f"Layer {self.__class__.__name__} does not have a `call()` "
            "method implemented."
        )

    def __call__(self, *args, **kwargs):
        args = tuple(tree.map_structure(self._convert_input, x) for x in args)
        if args:
            input_spec_lib.assert_input_compatibility(
                self.input_spec, args[0], self.name
            )
        # `training` reaches nested layers even if this `call` lacks it.
        explicit_training = kwargs.get("training")
        kwargs = self._resolve_training_arg(kwargs)
        with backend.name_scope(self.name, caller=self):
            self._maybe_build(args, kwargs)
            self._path = self._path or backend.current_path()
            with _CallContext(
                explicit_training
                if explicit_training is not None
                else kwargs.get("training")
            ):
                if backend.any_symbolic_tensors(args, kwargs):
                    outputs = self.symbolic_call(*args, **kwargs)
                else:
                    outputs = self._call_with_policy(*args, **kwargs)
        if self.activity_regularizer is not None:
            for output in tree.flatten(outputs):
                if backend.is_tensor(output):
                    self.add_loss(self.activity_regularizer(output))
        return self._constrain_output_layout(outputs)

    def _call_with_policy(self, *args, **kwargs):
        if (
            self._dtype_policy.compute_dtype
            != self._dtype_policy.variable_dtype
        ):
            with backend.AutocastScope(self.compute_dtype):
                return self.call(*args, **kwargs)
        return self.call(*args, **kwargs)

    def compute_output_spec(self, *args, **kwargs):
        return backend.compute_output_spec(
            self._call_with_policy, *args, **kwargs
        )

    def compute_output_shape(self, *args, **kwargs):
        """Returns the output shape for the given input shape(s)."""
        inputs = [
            backend.KerasTensor(shape, dtype=self.compute_dtype)
            for shape in args
        ]
        outputs = self.compute_output_spec(*inputs, **kwargs)
        return tree.map_structure(lambda t: t.shape, outputs)

    def _convert_input(self, x):
        if isinstance(x, backend.KerasVariable):
            x = x.value
        if (
            hasattr(x, "__array__")
            and not backend.is_tensor(x)
            and not (isinstance(x, backend.KerasTensor))
        ):
            x = backend.convert_to_tensor(x)
        if (
            self.autocast
            and (backend.is_tensor(x) or isinstance(x, backend.KerasTensor))
            and backend.is_float_dtype(x.dtype)
            and x.dtype != self.compute_dtype
        ):
            if isinstance(x, backend.KerasTensor):
                return x
            return backend.cast(x, self.compute_dtype)
        return x

    def _resolve_training_arg(self, kwargs):
        if not self._call_has_training_arg:
            kwargs.pop("training", None)
            return kwargs
        if kwargs.get("training") is None:
            outer = _CallContext.current_training()
            if outer is not None:
                kwargs["training"] = outer
        return kwargs

    def _constrain_output_layout(self, outputs):
        from keras.src.distribution import distribution_lib

        distribution = distribution_lib.distribution()
        if distribution is None or self._path is None:
            return outputs
        layout = distribution.get_tensor_layout(f"{self._path}/output")
        if layout is None:
            return outputs
        return tree.map_structure(
            lambda x: (
                distribution_lib.distribute_tensor(x, layout)
                if backend.is_tensor(x)
                else x
            ),
            outputs,
        )

    @property
    def path(self):
        """The layer's name scope path, e.g. `"sequential/dense"`."""
        return self._path or self.name

    # --------------------------------------------------------------- weights
    def add_weight(
        self,
        shape=None,
        initializer=None,
        dtype=None,
        trainable=True,
        autocast=True,
        regularizer=None,
        constraint=None,
        aggregation="none",
        overwrite_with_gradient=False,
        name=None,
        layout=None,
    ):
        """Adds a weight variable to the layer.

        Args:
            shape: The variable's shape (defaults to a scalar).
            initializer: Initializer instance, name or callable; defaults to
                `"glorot_uniform"` for floats and `"zeros"` otherwise.
            dtype: The variable's dtype; defaults to the layer's
                `variable_dtype`.
            trainable: Whether the variable is trained.
            autocast: Whether the variable is cast to the compute dtype when
                read inside the layer (mixed precision).
            regularizer: Optional regularizer adding a penalty to `losses`.
            constraint: Optional callable applied to the variable after each
                optimizer update.
            aggregation: Accepted for API compatibility.
            overwrite_with_gradient: If `True`, optimizers replace the
                variable's value with its gradient instead of updating it
                (for values computed in the backward pass, such as float8
                scaling factors).
            name: The variable's name (its path gets the layer's prefix).
            layout: Optional `keras.distribution.TensorLayout` for the
                variable. Under a distribution it takes precedence over the
                `LayoutMap` (a tuple of mesh axis names is accepted there
                too); without one, the layout needs a `device_mesh`.

        Returns:
            The created `keras.Variable`.
        """
        from keras.src import constraints as constraints_lib
        from keras.src import initializers
        from keras.src import regularizers

        shape = () if shape is None else shape
        dtype = backend.standardize_dtype(dtype or self.variable_dtype)
        if initializer is None:
            initializer = (
                "glorot_uniform" if backend.is_float_dtype(dtype) else "zeros"
            )
        initializer = initializers.get(initializer)
        with backend.name_scope(self.name, caller=self):
            variable = backend.Variable(
                initializer=initializer,
                shape=shape,
                dtype=dtype,
                trainable=trainable and self.trainable,
                autocast=autocast,
                aggregation=aggregation,
                name=name,
                layout=layout,
            )
        variable.constraint = constraints_lib.get(constraint)
        variable.overwrite_with_gradient = overwrite_with_gradient
        # Only variables created trainable follow `layer.trainable`.
        variable._trainable_requested = trainable
        regularizer = regularizers.get(regularizer)
        if regularizer is not None:
            self._regularized_variables.append((variable, regularizer))
        self._own_variables.append(variable)
        return variable

    def add_variable(
        self,
        shape,
        initializer,
        dtype=None,
        trainable=True,
        autocast=True,
        regularizer=None,
        constraint=None,
        name=None,
    ):
        """Alias of `add_weight` with the arguments in upstream's order."""
        return self.add_weight(
            shape=shape,
            initializer=initializer,
            dtype=dtype,
            trainable=trainable,
            autocast=autocast,
            regularizer=regularizer,
            constraint=constraint,
            name=name,
        )

    def _tracked_children(self):
        """Layers, variables and seed generators held in attributes."""
        from keras.src.random.seed_generator import SeedGenerator

        found = []
        seen = set()

        def visit(value, depth=0):
            if id(value) in seen or depth > 3:
                return
            if isinstance(value, (Layer, backend.KerasVariable, SeedGenerator)):
                seen.add(id(value))
                found.append(value)
            elif isinstance(value, (list, tuple)):
                for item in value:
                    visit(item, depth + 1)
            elif isinstance(value, dict):
                for item in value.values():
                    visit(item, depth + 1)

        for key, value in vars(self).items():
            if key.startswith("_inbound") or key.startswith("_outbound"):
                continue
            if key in self._tracking_excluded_attributes():
                continue
            visit(value)
        return found

    def _tracking_excluded_attributes(self):
        return ()

    @property
    def _layers(self):
        return [c for c in self._tracked_children() if isinstance(c, Layer)]

    def _walk_layers(self, include_self=True, recursive=True):
        """`(layer, tracked children)` of this layer and its sublayers,
        depth first, each layer once: one attribute scan per layer."""
        children = self._tracked_children()
        found = [(self, children)] if include_self else []
        seen = {id(self)}
        queue = [c for c in children if isinstance(c, Layer)]
        while queue:
            layer = queue.pop(0)
            if id(layer) in seen:
                continue
            seen.add(id(layer))
            children = layer._tracked_children()
            found.append((layer, children))
            if recursive:
                queue = [c for c in children if isinstance(c, Layer)] + queue
        return found

    def _flatten_layers(self, include_self=True, recursive=True):
        return [
            layer for layer, _ in self._walk_layers(include_self, recursive)
        ]

    def _direct_variables(self, children=None):
        """The layer's own variables (seed generators' states included);
        `children`: its `_tracked_children()`, if already computed."""
        from keras.src.random.seed_generator import SeedGenerator

        if children is None:
            children = self._tracked_children()
        variables = list(self._own_variables)
        for child in children:
            if isinstance(child, backend.KerasVariable):
                variables.append(child)
            elif isinstance(child, SeedGenerator):
                child.state._is_seed_state = True
                variables.append(child.state)
        return variables

    @property
    def variables(self):
        """All variables of the layer and its sublayers, deduplicated."""
        result = []
        seen = set()
        for layer, children in self._walk_layers():
            for v in layer._direct_variables(children):
                if id(v) not in seen:
                    seen.add(id(v))
                    result.append(v)
        return result

    @property
    def weights(self):
        """Trainable and non-trainable weights (seed states excluded)."""
        return [v for v in self.variables if not _is_seed_state(v)]

    def _split_variables(self):
        """`(trainable_variables, non_trainable_variables)` from one walk
        of the layer tree."""
        variables = self.variables
        if not self.trainable:
            return [], variables
        trainable = [v for v in variables if v.trainable]
        non_trainable = [v for v in variables if not v.trainable]
        return trainable, non_trainable

    @property
    def trainable_variables(self):
        return self._split_variables()[0]

    @property
    def non_trainable_variables(self):
        return self._split_variables()[1]

    @property
    def trainable_weights(self):
        return [v for v in self.trainable_variables if not _is_seed_state(v)]

    @property
    def non_trainable_weights(self):
        return [
            v for v in self.non_trainable_variables if not _is_seed_state(v)
        ]

    @property
    def trainable(self):
        return self._trainable

    @trainable.setter
    def trainable(self, value):
        value = bool(value)
        self._trainable = value
        for v in self._own_variables:
            if getattr(v, "_trainable_requested", True):
                v.trainable = value
        for layer in self._layers:
            layer.trainable = value

    def get_weights(self):
        """Returns the weights' values as a list of NumPy arrays."""
        return [v.numpy() for v in self.weights]

    def set_weights(self, weights):
        """Sets the weights from a list of arrays (as `get_weights` gives).

        Shapes are all checked before any weight changes.
        """
        layer_weights = self.weights
        if len(weights) != len(layer_weights):
            raise ValueError(
                f"Layer {self.name} expects {len(layer_weights)} weight "
                f"arrays, but received {len(weights)}."
            )
        for variable, value in zip(layer_weights, weights):
            if tuple(variable.shape) != tuple(value.shape):
                raise ValueError(
                    f"Layer {self.name} weight shape mismatch for variable "
                    f"'{variable.path}': expected {variable.shape}, received "
                    f"{tuple(value.shape)}."
                )
        for variable, value in zip(layer_weights, weights):
            variable.assign(value)

    def count_params(self):
        """Returns the number of scalars in the layer's weights."""
        if not self.built:
            raise ValueError(
                f"You tried to call `count_params` on layer '{self.name}', "
                "but the layer isn't built. Build it first by calling it on "
                "data or calling `build()`."
            )
        total = 0
        for v in self.weights:
            size = 1
            for d in v.shape:
                size *= d
            total += size
        return total

    # ---------------------------------------------------------------- losses
    def add_loss(self, loss):
        """Adds a scalar loss (e.g. an activity penalty) to the layer."""
        scope = backend.get_stateless_scope()
        if scope is not None and scope.collect_losses:
            scope.add_loss(loss)
            return
        self._losses.append(loss)

    def _regularization_losses(self):
        penalties = []
        for layer in self._flatten_layers():
            for variable, regularizer in layer._regularized_variables:
                penalties.append(regularizer(variable.value))
        return penalties

    @property
    def losses(self):
        """Losses from `add_loss` in the last call, plus weight penalties."""
        collected = []
        for layer in self._flatten_layers():
            collected.extend(layer._losses)
        return collected + self._regularization_losses()

    def _clear_losses(self):
        for layer in self._flatten_layers():
            layer._losses = []

    # ------------------------------------------------------------- stateless
    def stateless_call(
        self,
        trainable_variables,
        non_trainable_variables,
        *args,
        return_losses=False,
        **kwargs,
    ):
        """Calls the layer with the given variable values, purely.

        Args:
            trainable_variables: Values for `self.trainable_variables`.
            non_trainable_variables: Values for
                `self.non_trainable_variables`.
            *args: Positional arguments of `call`.
            return_losses: Whether to also return the losses added during
                the call (activity and weight penalties).
            **kwargs: Keyword arguments of `call`.

        Returns:
            `(outputs, non_trainable_variables)`, plus `losses` if
            `return_losses`. The layer's variables are not modified.

        Example:

        ```python
        outputs, non_trainable = model.stateless_call(
            trainable_values, non_trainable_values, x
        )
        ```
        """
        trainable = self.trainable_variables
        non_trainable = self.non_trainable_variables
        if len(trainable_variables) != len(trainable):
            raise ValueError(
                "Argument `trainable_variables` must be a list of tensors "
                f"corresponding 1:1 to {self.__class__.__name__}()."
                f"trainable_variables. Received list with length "
                f"{len(trainable_variables)}, but expected "
                f"{len(trainable)} variables."
            )
        if len(non_trainable_variables) != len(non_trainable):
            raise ValueError(
                "Argument `non_trainable_variables` must be a list of "
                f"tensors corresponding 1:1 to {self.__class__.__name__}()."
                "non_trainable_variables. Received list with length "
                f"{len(non_trainable_variables)}, but expected "
                f"{len(non_trainable)} variables."
            )
        mapping = list(zip(trainable, trainable_variables)) + list(
            zip(non_trainable, non_trainable_variables)
        )
        with backend.StatelessScope(
            state_mapping=mapping, collect_losses=return_losses
        ) as scope:
            outputs = self(*args, **kwargs)
            losses = list(scope.losses)
            if return_losses:
                losses.extend(self._regularization_losses())
        new_non_trainable = []
        for v, old in zip(non_trainable, non_trainable_variables):
            value = scope.get_current_value(v)
            new_non_trainable.append(old if value is None else value)
        if return_losses:
            return outputs, new_non_trainable, losses
        return outputs, new_non_trainable

    # ----------------------------------------------------------------- dtype
    @property
    def dtype_policy(self):
        return self._dtype_policy

    @dtype_policy.setter
    def dtype_policy(self, value):
        self._dtype_policy = dtype_policies.get(value)

    @property
    def dtype(self):
        """The variable dtype of the layer."""
        return self._dtype_policy.variable_dtype

    @property
    def compute_dtype(self):
        return self._dtype_policy.compute_dtype

    @property
    def variable_dtype(self):
        return self._dtype_policy.variable_dtype

    # ---------------------------------------------------------------- config
    def get_config(self):
        """Returns the layer's constructor arguments as a dict."""
        config = {
            "name": self.name,
            "trainable": self.trainable,
            "dtype": self._dtype_policy.get_config()["name"],
        }
        if self._input_shape_arg is not None:
            config["input_shape"] = self._input_shape_arg
        if type(self).get_config is Layer.get_config:
            # Subclasses that don't override get_config: their simple
            # constructor arguments are enough to rebuild them.
            for key, value in self._init_arguments.items():
                if key not in config and _is_plain_value(value):
                    config[key] = value
        return config

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def __repr__(self):
        return (
            f"<{self.__class__.__name__} name={self.name}, built={self.built}>"
        )


def _is_plain_value(value):
    if isinstance(value, (list, tuple)):
        return all(_is_plain_value(v) for v in value)
    return value is None or isinstance(value, (bool, int, float, str))


def _is_seed_state(variable):
    return getattr(variable, "_is_seed_state", False)


def _build_wrapper(build):
    @functools.wraps(build)
    def wrapped(self, *args, **kwargs):
        with backend.name_scope(self.name, caller=self):
            build(self, *args, **kwargs)
        self.built = True

    return wrapped


class _CallContext:
    """Carries the `training` flag from an outer layer call to inner ones."""

    def __init__(self, training):
        self.training = training

    def __enter__(self):
        self.outer = global_state.get_global_attribute("call_context")
        if self.training is None and self.outer is not None:
            self.training = self.outer.training
        global_state.set_global_attribute("call_context", self)

    def __exit__(self, *args):
        global_state.set_global_attribute("call_context", self.outer)

    @staticmethod
    def current_training():
        context = global_state.get_global_attribute("call_context")
        return None if context is None else context.training
