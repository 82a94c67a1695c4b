"""`Layer`: the base class of every Keras layer and model."""

import functools
import inspect
import weakref

from keras.src import backend
from keras.src import dtype_policies
from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.backend.common import global_state
from keras.src.backend.common import masking
from keras.src.backend.common import remat as remat_lib
from keras.src.dtype_policies.dtype_policy import QUANTIZATION_MODES
from keras.src.layers import input_spec as input_spec_lib
from keras.src.ops.node import Node
from keras.src.ops.operation import Operation
from keras.src.utils import backend_utils
from keras.src.utils import traceback_utils
from keras.src.utils import tracking

# Call arguments whose value flows from an outer layer call to the calls of
# the layers nested in it (unless passed explicitly to the inner call).
_DEFAULT_CONTEXT_ARGS = ("training",)


@keras_export(["keras.Layer", "keras.layers.Layer"])
class Layer(Operation):
    """The base class of all layers.

    A layer's life has three steps: `__init__` stores configuration,
    `build(input_shape)` creates weights with `add_weight` (called
    automatically on the first call), and `call(inputs)` computes.

    Layers track the layers, variables, seed generators and metrics
    assigned to their attributes (also inside lists, tuples and dicts), so
    `weights`/`trainable_weights` include those of nested layers. Variables
    get paths such as `"sequential/dense/kernel"` from the layers enclosing
    them. Once `build()` has run, no new variables may be added.

    Masks: a tensor can carry a Keras mask (set and read with
    `backend.set_keras_mask` / `backend.get_keras_mask`). When a layer is
    called, the masks of its inputs are passed to `call()` through its
    `mask` argument (or `<name>_mask` for an argument `<name>`), if it has
    one; a layer with `supports_masking = True` attaches
    `compute_mask(inputs, mask)` to its outputs.

    Args:
        trainable: Whether the layer's variables are trainable.
        name: The layer's name; a unique one is derived from the class name.
        dtype: A dtype policy or its name (`"float32"`, `"mixed_bfloat16"`);
            defaults to `keras.config.dtype_policy()`.
        autocast: Whether float inputs are cast to the compute dtype.
        activity_regularizer: Optional regularizer applied to the outputs;
            its penalty, divided by the batch size, is added to `losses`.

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
        # State that subclasses may touch before calling `super().__init__`.
        layer._own_variables = []
        # `id(variable) -> weakref` of the variables `_untrack_variable`
        # removed (see `_is_untracked`).
        layer._untracked_ids = {}
        layer._regularized_variables = []
        layer._losses = []
        layer._path = None
        layer._tracker = tracking.Tracker({})
        layer._call_context_args = set(_DEFAULT_CONTEXT_ARGS)
        layer._called = False
        layer.built = False
        layer.input_spec = None
        layer.supports_masking = False
        # How `__call__` treats its arguments (subclasses such as
        # preprocessing layers that take strings or Python lists set these):
        # whether arrays are converted to tensors and float tensors cast to
        # the compute dtype, and whether positional arguments after the
        # first may be non-tensors.
        layer._convert_input_args = True
        layer._allow_non_tensor_positional_args = False
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
        batch_input_shape = kwargs.pop("batch_input_shape", None)
        kwargs.pop("batch_size", None)
        kwargs.pop("input_dtype", None)
        if kwargs:
            raise ValueError(
                "Unrecognized keyword arguments passed to "
                f"{self.__class__.__name__}: {kwargs}"
            )
        if not isinstance(trainable, bool):
            raise ValueError(
                f"Layer {self.__class__.__name__} expects `trainable` to be "
                f"a boolean, but received: trainable={trainable!r} of type "
                f"{type(trainable).__name__}."
            )
        if input_shape is None and input_dim is not None:
            input_shape = (input_dim,)
        if input_shape is None and batch_input_shape is not None:
            input_shape = tuple(batch_input_shape)[1:]
        self._input_shape_arg = (
            None if input_shape is None else tuple(input_shape)
        )
        self.autocast = autocast
        Operation.__init__(self, name=name)
        self._dtype_policy = _policy_from_arg(dtype)
        self._trainable = trainable
        self._remat_mode = remat_lib.get_current_remat_mode()
        from keras.src import regularizers

        self.activity_regularizer = regularizers.get(activity_regularizer)
        self._call_signature = inspect.signature(self.call)
        self._call_has_training_arg = (
            "training" in self._call_signature.parameters
        )
        self._call_has_mask_arg = "mask" in self._call_signature.parameters

    # ----------------------------------------------------------------- build
    def build(self, input_shape=None):
        """Creates the layer's weights. Override; called on first use.

        Args:
            input_shape: The shape (or structure of shapes) of the input.
        """
        self.built = True

    def _build_at_init(self):
        """Marks a layer whose variables were all created in `__init__` as
        built (its `build()` will not be called)."""
        self.built = True
        self._lock_state()

    def _lock_state(self):
        self._tracker.lock(
            f"Layer '{self.name}' is built: it cannot add new elements of "
            "state now."
        )

    def _maybe_build(self, args, kwargs):
        if self.built:
            return
        shapes = self._build_shapes(args, kwargs)
        if self._is_build_kwargs(shapes):
            self.build(**shapes)
        elif shapes is not None or (
            (args or kwargs) and _takes_an_argument(self.build)
        ):
            # `None` for inputs that have no shape (e.g. strings given to
            # a preprocessing layer).
            self.build(shapes)
        else:
            self.build()
        self.built = True
        self._lock_state()

    def _is_build_kwargs(self, shapes):
        return self._is_shape_kwargs(self.build, shapes)

    def _is_shape_kwargs(self, method, shapes):
        """Whether `_shape_arguments` returned keyword arguments of
        `method` (rather than one structure of shapes that happens to be a
        dict)."""
        if not isinstance(shapes, dict) or not shapes:
            return False
        params = inspect.signature(method).parameters
        return all(
            isinstance(k, str) and k.endswith("_shape") and k in params
            for k in shapes
        )

    def _build_shapes(self, args, kwargs):
        """Maps call arguments to `build` arguments (shapes)."""
        try:
            return self._shape_arguments(self.build, args, kwargs)
        except _UnmatchedShapeArgument as e:
            raise ValueError(
                f"Layer {self.__class__.__name__}: {e} (when `build()` "
                "takes more than one argument, each must be named after a "
                "`call()` argument with the suffix `_shape`)."
            ) from None

    def _shape_arguments(self, method, args, kwargs):
        """The shapes of the call's inputs, arranged for `method` (`build`
        or `compute_output_shape`).

        A method with one argument gets the shape (structure) of the first
        input; one with several gets keyword arguments `<name>_shape`, one
        per `call()` argument `<name>` passed (its first argument takes the
        first input whatever its name). Returns `None` when the call has no
        inputs, and raises `_UnmatchedShapeArgument` for an argument of
        `method` that names no `call()` argument.
        """
        params = [
            p
            for p in inspect.signature(method).parameters.values()
            if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
        ]
        if not args and not kwargs:
            return None
        if len(params) <= 1:
            first = self._first_input(args, kwargs)
            if first is None and not args:
                first = next(iter(kwargs.values()))
            return _shape_of(first)
        call_args = self._call_signature.bind_partial(*args, **kwargs).arguments
        call_params = self._call_signature.parameters
        shapes = {}
        for index, param in enumerate(params):
            if not param.name.endswith("_shape"):
                raise _UnmatchedShapeArgument(
                    f"`{method.__name__}()` has argument `{param.name}`, "
                    "which does not end in `_shape`"
                )
            arg_name = param.name[: -len("_shape")]
            if arg_name in call_args:
                shapes[param.name] = _shape_of(call_args[arg_name])
            elif arg_name in call_params:
                continue  # an optional call argument that was not passed
            elif index == 0 and args:
                # The first argument takes the first input, whatever its
                # name (e.g. `build(self, inputs_shape)`).
                shapes[param.name] = _shape_of(args[0])
            else:
                raise _UnmatchedShapeArgument(
                    f"`{method.__name__}()` has argument `{param.name}`, "
                    f"but `call()` does not have argument `{arg_name}`"
                )
        return shapes

    # ------------------------------------------------------------------ call
    def call(self, *args, **kwargs):
        raise NotImplementedError(
            f"Layer {self.__class__.__name__} does not have a `call` method "
            "implemented."
        )

    def __call__(self, *args, **kwargs):
        if self._convert_input_args:
            args = tree.map_structure(self._convert_input, args)
            kwargs = tree.map_structure(self._convert_input, kwargs)
        if not self._allow_non_tensor_positional_args:
            self._check_positional_args(args)
        if args:
            input_spec_lib.assert_input_compatibility(
                self.input_spec, args[0], self.name
            )
        outer_context = _CallContext.current()
        if outer_context is None:
            # An outermost call: losses are those of this call only.
            self._clear_losses()
        user_kwargs = dict(kwargs)
        context_values = self._resolve_context_args(kwargs, outer_context)
        input_mask = self._fill_masks(args, kwargs)
        self._called = True
        with backend.name_scope(self.name, caller=self):
            # The path is known while building: a `DTypePolicyMap` gives
            # the layer its policy (and so its variables) by path.
            self._path = self._path or backend.current_path()
            self._maybe_build(args, kwargs)
            with (
                _CallContext(context_values),
                traceback_utils.argument_info_on_error(self, args, kwargs),
            ):
                if backend.any_symbolic_tensors(args, kwargs):
                    outputs = self._symbolic_call(args, kwargs, user_kwargs)
                else:
                    call_fn = self.call
                    if self._remat_mode is not None:
                        call_fn = self.rematerialized_call(
                            call_fn, *args, **kwargs
                        )
                    outputs = self._call_with_policy(call_fn, args, kwargs)
        self._set_output_masks(args, kwargs, input_mask, outputs)
        if self.activity_regularizer is not None:
            for output in tree.flatten(outputs):
                if backend.is_tensor(output):
                    self.add_loss(self._activity_penalty(output))
        return self._constrain_output_layout(outputs)

    def _symbolic_call(self, args, kwargs, node_kwargs):
        outputs = self._output_spec_of_call(args, kwargs)
        # The graph records what the caller passed (masks it did not pass
        # are recomputed when the graph runs).
        Node(self, call_args=args, call_kwargs=node_kwargs, outputs=outputs)
        return outputs

    def _call_with_policy(self, call_fn, args, kwargs):
        policy = self._path_dtype_policy
        if (
            backend.is_float_dtype(policy.compute_dtype)
            and policy.compute_dtype != policy.variable_dtype
        ):
            scope = backend.AutocastScope(policy.compute_dtype)
        else:
            # An enclosing mixed precision layer's casting stops here.
            scope = backend.AutocastScope(None)
        with scope:
            return call_fn(*args, **kwargs)

    def _check_positional_args(self, args):
        for arg in args[1:]:
            for leaf in tree.flatten(arg):
                if leaf is None or isinstance(leaf, (bool, str, int, float)):
                    if leaf is None:
                        continue
                    raise ValueError(
                        f"Layer '{self.name}' received a positional argument "
                        f"{leaf!r} that is not a tensor. Only input tensors "
                        "may be passed as positional arguments; pass other "
                        "values as keyword arguments."
                    )

    def _activity_penalty(self, output):
        from keras.src import ops

        penalty = self.activity_regularizer(output)
        if len(output.shape) and output.shape[0] is not None:
            batch = max(int(output.shape[0]), 1)
            penalty = ops.divide(penalty, ops.cast(batch, penalty.dtype))
        return penalty

    def compute_output_spec(self, *args, **kwargs):
        # A layer that overrides `compute_output_shape` is trusted with its
        # output shapes (given the shapes of the inputs, arranged as for
        # `build`; its outputs have the compute dtype) unless the call sets
        # an option that method cannot see or an input is sparse (tracing
        # `call` tells whether the outputs are), or tracing `call` is what
        # builds its sublayers. Otherwise `call` is traced.
        if (
            self._output_shape_describes_call(args, kwargs)
            and not self._builds_sublayers_in_call()
        ):
            output_shape = self._output_shape_of_call(args, kwargs)
            if output_shape is not None:
                return _shapes_to_tensors(output_shape, self.compute_dtype)
        return backend.compute_output_spec(
            lambda *a, **k: self._call_with_policy(self.call, a, k),
            *args,
            **kwargs,
        )

    def _builds_sublayers_in_call(self):
        """Whether this layer keeps the default `build()` while one of its
        direct sublayers is not built: their variables are then created
        by running `call` (as in a functional model's first symbolic
        call), so that a model revived from its config has them too."""
        return not _overrides(self, "build") and any(
            not layer.built for layer in self._layers
        )

    def _output_shape_of_call(self, args, kwargs):
        """`compute_output_shape` applied to the shapes of the call's
        inputs (nothing, when it takes no argument); `None` when they
        cannot be matched to its arguments."""
        method = self.compute_output_shape
        if not _takes_an_argument(method):
            return method()
        try:
            shapes = self._shape_arguments(method, args, kwargs)
        except _UnmatchedShapeArgument:
            return None
        if shapes is None:
            return None
        if self._is_shape_kwargs(method, shapes):
            return method(**shapes)
        return method(shapes)

    def _output_shape_describes_call(self, args, kwargs):
        """Whether `compute_output_shape` (which sees input shapes only)
        describes a call with these arguments: it is overridden, no input
        is sparse, and every keyword argument is a tensor input,
        `training`, `None`, or the default value of that `call()`
        argument."""
        if not _overrides(self, "compute_output_shape"):
            return False
        if any(
            isinstance(x, backend.KerasTensor) and x.sparse
            for x in tree.flatten((args, kwargs))
        ):
            return False
        params = self._call_signature.parameters
        for name, value in kwargs.items():
            if value is None or name == "training":
                continue
            if any(hasattr(t, "shape") for t in tree.flatten(value)):
                continue
            param = params.get(name)
            if param is None or not _is_same_value(value, param.default):
                return False
        return True

    def compute_output_shape(self, *args, **kwargs):
        """Returns the output shape for the given input shape(s)."""
        if not _overrides(self, "call"):
            raise NotImplementedError(
                f"Layer {self.__class__.__name__} does not have a "
                "`compute_output_shape` method implemented."
            )
        inputs = [
            _shapes_to_tensors(shape, self.compute_dtype) for shape in args
        ]
        outputs = backend.compute_output_spec(
            lambda *a: self._call_with_policy(self.call, a, kwargs), *inputs
        )
        return tree.map_structure(lambda t: t.shape, outputs)

    def _convert_input(self, x):
        if isinstance(x, backend.KerasVariable):
            x = x.value
        if (
            hasattr(x, "__array__")
            and not backend.is_tensor(x)
            and not (isinstance(x, backend.KerasTensor))
        ):
            if backend_utils.is_tf_symbolic_tensor(x):
                raise NotImplementedError(
                    f"Layer '{self.name}' received a symbolic TensorFlow "
                    f"tensor: {x}. It comes from a TensorFlow graph (a "
                    "`tf.data.Dataset.map` function or a `tf.function`), "
                    "and this layer computes with JAX, so it cannot take "
                    "it. Call the layer on the batches the dataset yields "
                    "(e.g. inside the model), or use a Keras preprocessing "
                    "layer, which runs with TensorFlow inside `tf.data`."
                )
            x = backend.convert_to_tensor(x)
        compute_dtype = self.compute_dtype
        if (
            self.autocast
            and backend.is_tensor(x)
            and backend.is_float_dtype(x.dtype)
            and backend.is_float_dtype(compute_dtype)
            and x.dtype != compute_dtype
        ):
            mask = backend.get_keras_mask(x)
            x = backend.cast(x, compute_dtype)
            if mask is not None:
                backend.set_keras_mask(x, mask)
        return x

    def _output_spec_of_call(self, args, kwargs):
        """The outputs of a call on symbolic inputs (no graph recorded)."""
        # Float inputs are seen in the compute dtype, as when called on
        # tensors (the graph keeps the inputs themselves).
        args, kwargs = tree.map_structure(
            self._autocast_symbolic_input, (args, kwargs)
        )
        return self.compute_output_spec(*args, **kwargs)

    def _autocast_symbolic_input(self, x):
        compute_dtype = self.compute_dtype
        if (
            self._convert_input_args
            and self.autocast
            and isinstance(x, backend.KerasTensor)
            and backend.is_float_dtype(x.dtype)
            and backend.is_float_dtype(compute_dtype)
            and x.dtype != compute_dtype
        ):
            return backend.KerasTensor(
                x.shape,
                dtype=compute_dtype,
                sparse=x.sparse,
                ragged=x.ragged,
                record_history=False,
            )
        return x

    # ----------------------------------------------------- context arguments
    def _register_call_context_args(self, *names):
        """Declares call arguments (besides `training`) whose value, when
        passed to this layer, reaches the layers called inside it."""
        if self._called:
            raise RuntimeError(
                "Cannot add call-context args after the layer has been "
                f"called (layer '{self.name}')."
            )
        self._call_context_args = self._call_context_args | set(names)

    def _resolve_context_args(self, kwargs, outer_context):
        """Fills context arguments of `call` from the enclosing call, drops
        those `call` does not take, and returns the values for the calls
        nested in this one."""
        outer_values = {} if outer_context is None else outer_context.values
        values = dict(outer_values)
        params = self._call_signature.parameters
        for name in self._call_context_args:
            explicit = kwargs.get(name)
            if explicit is not None:
                values[name] = explicit
            if name in params:
                if explicit is None and outer_values.get(name) is not None:
                    kwargs[name] = outer_values[name]
            else:
                kwargs.pop(name, None)
        return values

    # --------------------------------------------------------------- masking
    def compute_mask(self, inputs, previous_mask):
        """The mask of the outputs, given the inputs and their mask.

        By default, a layer that supports masking passes the mask through
        and other layers output no mask.
        """
        if not self.supports_masking:
            return None
        return previous_mask

    def _fill_masks(self, args, kwargs):
        """Passes the inputs' Keras masks to `call` (`mask=` or
        `<argument>_mask=`) unless given; returns the first input's mask."""
        params = self._call_signature.parameters
        first = self._first_input(args, kwargs)
        if "mask" in kwargs and kwargs["mask"] is not None:
            input_mask = kwargs["mask"]
        elif first is not None:
            input_mask = _masks_of(first)
            if input_mask is not None and "mask" in params:
                kwargs["mask"] = input_mask
        else:
            input_mask = None
        mask_params = [
            name
            for name in params
            if name.endswith("_mask") and name[: -len("_mask")] in params
        ]
        if mask_params:
            bound = self._call_signature.bind_partial(*args, **kwargs)
            for name in mask_params:
                source = name[: -len("_mask")]
                if (
                    kwargs.get(name) is not None
                    or source not in bound.arguments
                ):
                    continue
                mask = _masks_of(bound.arguments[source])
                if mask is not None:
                    kwargs[name] = mask
        return input_mask

    def _first_input(self, args, kwargs):
        """The first input of the call, passed positionally or by name."""
        if args:
            return args[0]
        for name, param in self._call_signature.parameters.items():
            if param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
                break
            return kwargs.get(name)
        return None

    def _set_output_masks(self, args, kwargs, input_mask, outputs):
        if not (self.supports_masking or _overrides(self, "compute_mask")):
            return
        inputs = self._first_input(args, kwargs)
        output_mask = self.compute_mask(inputs, input_mask)
        if output_mask is None:
            return
        flat_outputs = tree.flatten(outputs)
        flat_masks = (
            tree.flatten(output_mask)
            if isinstance(output_mask, (list, tuple, dict))
            else [output_mask] * len(flat_outputs)
        )
        if len(flat_masks) != len(flat_outputs):
            flat_masks = [flat_masks[0]] * len(flat_outputs)
        for output, mask in zip(flat_outputs, flat_masks):
            if output is not None and mask is not None:
                backend.set_keras_mask(output, mask)

    # ------------------------------------------------------- rematerializing
    def rematerialized_call(self, layer_call, *args, **kwargs):
        """Returns `layer_call`, wrapped for rematerialization if the
        `RematScope` the layer was created in asks for it.

        Args:
            layer_call: The function computing the layer (`self.call`).
            *args: The positional arguments the call will get.
            **kwargs: The keyword arguments the call will get.

        Returns:
            A function taking the same arguments as `layer_call`.
        """
        remat_mode = self._remat_mode
        if remat_mode is None or remat_mode.mode is None:
            return layer_call
        mode = remat_mode.mode
        if mode == "activations":
            activation = getattr(self, "activation", None)
            if not callable(activation):
                return layer_call
            return self._with_rematerialized_activation(layer_call, activation)
        if mode == "list_of_layers":
            if self.name not in (remat_mode.layer_names or ()):
                return layer_call
        elif mode == "larger_than":
            size = self._output_size(args, kwargs)
            threshold = remat_mode.output_size_threshold or 0
            if size is None or size <= threshold:
                return layer_call
        elif mode != "full":
            return layer_call
        return self._remat_wrapper(layer_call)

    def _with_rematerialized_activation(self, layer_call, activation):
        rematted = remat_lib.remat(activation)

        def call_with_remat_activation(*args, **kwargs):
            self.activation = rematted
            try:
                return layer_call(*args, **kwargs)
            finally:
                self.activation = activation

        return call_with_remat_activation

    def _remat_wrapper(self, layer_call):
        """Rematerializes `layer_call`: only its tensor arguments go through
        the checkpointed function; the others are held aside."""
        rematted = remat_lib.remat(self._remat_body)

        def call_rematerialized(*args, **kwargs):
            flat = tree.flatten((args, kwargs))
            tensor_positions = [
                i for i, v in enumerate(flat) if backend.is_tensor(v)
            ]
            self._remat_pending = (layer_call, args, kwargs, tensor_positions)
            try:
                return rematted(*[flat[i] for i in tensor_positions])
            finally:
                self._remat_pending = None

        return call_rematerialized

    def _remat_body(self, *tensors):
        layer_call, args, kwargs, positions = self._remat_pending
        flat = tree.flatten((args, kwargs))
        for position, tensor in zip(positions, tensors):
            flat[position] = tensor
        args, kwargs = tree.pack_sequence_as((args, kwargs), flat)
        return layer_call(*args, **kwargs)

    def _output_size(self, args, kwargs):
        try:
            shapes = self.compute_output_shape(*[_shapes_of(a) for a in args])
        except Exception:
            return None
        total = 0
        for shape in _flatten_shapes(shapes):
            if any(d is None for d in shape):
                return None
            size = 1
            for d in shape:
                size *= d
            total += size
        return total

    # --------------------------------------------------- distribution layout
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
                masking.with_mask_of(
                    x, distribution_lib.distribute_tensor(x, layout)
                )
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
        *args,
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
            shape: The variable's shape (defaults to a scalar). May be given
                positionally, followed by `initializer` and `dtype`.
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
                Keyword only.
            layout: Optional `keras.distribution.TensorLayout` for the
                variable. Under a distribution it takes precedence over the
                `LayoutMap` (a tuple of mesh axis names is accepted there
                too); without one, the layout needs a `device_mesh`.

        Returns:
            The created `keras.Variable`.
        """
        if args:
            if isinstance(args[0], str):
                raise ValueError(
                    f"add_weight() got the string {args[0]!r} as its first "
                    "positional argument, which is `shape`. Pass the "
                    "variable's name as the `name=` keyword argument."
                )
            if len(args) > 3:
                raise TypeError(
                    "add_weight() takes at most 3 positional arguments "
                    f"(shape, initializer, dtype), but {len(args)} were "
                    "given. Pass the other arguments by keyword."
                )
            positional = dict(zip(("shape", "initializer", "dtype"), args))
            given = {"shape": shape, "initializer": initializer, "dtype": dtype}
            for key, value in positional.items():
                if given[key] is not None:
                    raise ValueError(
                        f"add_weight(): `{key}` was passed both positionally "
                        "and as a keyword argument."
                    )
            shape = positional.get("shape", shape)
            initializer = positional.get("initializer", initializer)
            dtype = positional.get("dtype", dtype)
        if self._tracker.locked:
            raise ValueError(
                f"You tried to add a variable to layer '{self.name}' after "
                "it was built: a built layer cannot add new elements of "
                "state. Create all variables in `build()` (or `__init__`)."
            )
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
        with _variable_scope(self):
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
        # Only variables created trainable follow `layer.trainable`
        # (LoRA changes this); `variables` lists them first (never changes).
        variable._trainable_requested = trainable
        variable._created_trainable = trainable
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

    def _track_variable(self, variable):
        """Adds an existing variable to the layer's own variables."""
        self._untracked_ids.pop(id(variable), None)
        if not any(v is variable for v in self._own_variables):
            self._own_variables.append(variable)

    def _untrack_variable(self, variable):
        """Removes `variable` from the layer's variables (even if an
        attribute still holds it). Returns `None`, so that
        `self.w = self._untrack_variable(self.w)` also drops the
        attribute."""
        self._own_variables = [
            v for v in self._own_variables if v is not variable
        ]
        self._regularized_variables = [
            (v, r) for v, r in self._regularized_variables if v is not variable
        ]
        self._untracked_ids[id(variable)] = weakref.ref(variable)
        return None

    def _is_untracked(self, variable):
        """Whether `_untrack_variable` removed this very variable. The
        weak reference tells it from a newer object that reuses the `id`
        of a removed variable freed since (e.g. a LoRA factor created
        after `quantize` dropped the float kernel)."""
        ref = self._untracked_ids.get(id(variable))
        return ref is not None and ref() is variable

    def _tracked_children(self):
        """Layers, variables, seed generators and metrics held in
        attributes."""
        from keras.src.metrics.metric import Metric
        from keras.src.random.seed_generator import SeedGenerator

        found = []
        seen = set()
        kinds = (Layer, backend.KerasVariable, SeedGenerator, Metric)

        def visit(value, depth=0):
            if id(value) in seen or depth > 3:
                return
            if isinstance(value, kinds):
                seen.add(id(value))
                found.append(value)
            elif isinstance(value, (list, tuple)):
                for item in value:
                    visit(item, depth + 1)
            elif isinstance(value, dict):
                for item in value.values():
                    visit(item, depth + 1)

        excluded = self._tracking_excluded_attributes()
        for key, value in vars(self).items():
            if key.startswith("_inbound") or key.startswith("_outbound"):
                continue
            if key in excluded or key in _NOT_TRACKED:
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
        seen = set()
        unique = []
        for v in variables:
            if id(v) not in seen and not self._is_untracked(v):
                seen.add(id(v))
                unique.append(v)
        # As upstream Keras lists them: those created trainable, then the
        # others, then seed states, each group in creation order.
        return sorted(unique, key=self._variable_group)

    @staticmethod
    def _variable_group(variable):
        if _is_seed_state(variable):
            return 2
        created = getattr(variable, "_created_trainable", None)
        trainable = variable.trainable if created is None else created
        return 0 if trainable else 1

    @property
    def _trainable_variables(self):
        """The layer's own variables created trainable (whatever
        `layer.trainable` is now)."""
        return [
            v
            for v in self._direct_variables()
            if getattr(v, "_trainable_requested", v.trainable)
            and not _is_seed_state(v)
        ]

    @property
    def _non_trainable_variables(self):
        """The layer's own variables created non-trainable."""
        return [
            v
            for v in self._direct_variables()
            if not getattr(v, "_trainable_requested", v.trainable)
            or _is_seed_state(v)
        ]

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
    def metrics(self):
        """The metrics held by the layer and its sublayers."""
        from keras.src.metrics.metric import Metric

        found = []
        for _, children in self._walk_layers():
            for child in children:
                if isinstance(child, Metric) and not any(
                    child is m for m in found
                ):
                    found.append(child)
        return found

    @property
    def metrics_variables(self):
        """The state variables of `self.metrics`."""
        return [v for metric in self.metrics for v in metric.variables]

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
        _assign_if_shapes_match(
            layer_weights,
            weights,
            lambda variable, value: (
                f"Layer {self.name} weight shape mismatch for variable "
                f"'{variable.path}': expected {variable.shape}, received "
                f"{tuple(value.shape)}."
            ),
        )

    def _own_weights(self):
        """The layer's own weights (not those of sublayers, nor seed
        states): those created trainable, then the others, each in
        creation order (the order of upstream Keras' weights files)."""
        return self._trainable_variables + [
            v for v in self._non_trainable_variables if not _is_seed_state(v)
        ]

    def save_own_variables(self, store):
        """Writes the layer's own weights to `store` (a dict-like), under
        the keys `"0"`, `"1"`, ...: trainable ones first, then the others,
        each in creation order.

        Args:
            store: Dict-like object receiving NumPy arrays.
        """
        for i, variable in enumerate(self._own_weights()):
            store[str(i)] = variable.numpy()

    def load_own_variables(self, store):
        """Assigns the layer's own weights from `store`, as written by
        `save_own_variables`.

        Args:
            store: Dict-like object with one array per own weight, under
                the keys `"0"`, `"1"`, ...

        Raises:
            ValueError: if the number of arrays or a shape does not match.
        """
        variables = self._own_weights()
        if len(store) != len(variables):
            raise ValueError(
                f"Layer '{self.name}' has {len(variables)} own variables "
                f"({[v.path for v in variables]}), but the store holds "
                f"{len(store)} arrays."
            )
        _assign_if_shapes_match(
            variables,
            [store[str(i)] for i in range(len(variables))],
            lambda variable, value: (
                f"Layer '{self.name}': variable '{variable.path}' has "
                f"shape {variable.shape}, but the stored value has "
                f"shape {tuple(value.shape)}."
            ),
        )

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
        """Adds a scalar loss (e.g. an activity penalty) to the layer.

        Losses added during a call are those of that call: they are reset
        at the start of each outermost layer call. Inside a
        `StatelessScope` (e.g. `stateless_call`), they go to the scope
        when it collects losses and are dropped otherwise.
        """
        scope = backend.get_stateless_scope()
        if scope is not None:
            if scope.collect_losses:
                scope.add_loss(loss)
            return
        self._losses.append(loss)

    def _regularization_losses(self):
        """Weight penalties of the trainable variables (a frozen weight is
        not penalized)."""
        penalties = []
        if not self.trainable:
            return penalties
        seen = set()
        for layer in self._flatten_layers():
            for variable, regularizer in layer._regularized_variables:
                key = (id(variable), id(regularizer))
                if variable.trainable and key not in seen:
                    seen.add(key)
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
        """The layer's dtype policy, as given (a `DTypePolicyMap` stays one).

        Sublayers created with `dtype=self.dtype_policy` so receive the
        whole map and find their own entry by path.
        """
        return self._dtype_policy

    @property
    def _path_dtype_policy(self):
        """The policy that applies to this layer: a map's entry for its path."""
        policy = self._dtype_policy
        if _is_policy_map(policy):
            return policy[self.path]
        return policy

    @dtype_policy.setter
    def dtype_policy(self, value):
        if _is_gptq(value):
            raise ValueError(
                "Implicitly enabling GPTQ quantization by setting "
                f"`dtype_policy` (to {value!r}) is not supported; GPTQ "
                "needs calibration data, use `quantize('gptq', ...)`."
            )
        policy = _policy_from_arg(value)
        mode = getattr(policy, "quantization_mode", None)
        if mode is not None and self.built and self.quantization_mode is None:
            # Setting a quantized policy on a built float layer quantizes
            # its weights.
            self.quantize(mode, type_check=False)
        self._set_dtype_policy(policy)

    def _set_dtype_policy(self, policy):
        """Sets the policy (a policy object) without quantizing."""
        if _is_policy_map(self._dtype_policy):
            if _is_policy_map(policy):
                self._dtype_policy = policy
            else:
                self._dtype_policy[self.path] = policy
        else:
            self._dtype_policy = policy

    @property
    def dtype(self):
        """The variable dtype of the layer."""
        return self._path_dtype_policy.variable_dtype

    @property
    def compute_dtype(self):
        return self._path_dtype_policy.compute_dtype

    @property
    def variable_dtype(self):
        return self._path_dtype_policy.variable_dtype

    @property
    def quantization_mode(self):
        """The quantization mode of the dtype policy (`None` if none)."""
        return getattr(self._path_dtype_policy, "quantization_mode", None)

    @property
    def _is_quantized(self):
        return self.quantization_mode is not None

    # ---------------------------------------------------------- quantization
    def quantize(self, mode, type_check=True, config=None):
        """Quantizes the layer's weights (in place) for `mode`.

        Layers that support quantization override this method.
        """
        raise self._not_implemented("quantize")

    def quantized_build(self, input_shape, mode):
        """Creates the variables of quantization `mode`. Override."""
        raise self._not_implemented("quantized_build")

    def quantized_call(self, *args, **kwargs):
        """Runs the computation of the policy's quantization mode, i.e.
        `_<mode>_call` (e.g. `_int8_call`)."""
        mode = self.quantization_mode
        if mode not in QUANTIZATION_MODES:
            raise NotImplementedError(
                "Invalid quantization mode. Expected one of "
                f"{QUANTIZATION_MODES}. Received: quantization_mode={mode}"
            )
        method = getattr(self, f"_{mode}_call", None)
        if method is None:
            raise self._not_implemented(f"_{mode}_call")
        return method(*args, **kwargs)

    def _int8_call(self, *args, **kwargs):
        raise self._not_implemented("_int8_call")

    def _float8_call(self, *args, **kwargs):
        raise self._not_implemented("_float8_call")

    def _resolve_quantize_args(self, mode, config, type_check, layer_class):
        """Checks a `quantize()` call and returns its `QuantizationConfig`.

        `type_check` rejects subclasses of `layer_class`: they may compute
        something the quantized computation of `layer_class` does not.
        """
        from keras.src.quantizers import quantization_config

        if type_check and type(self) is not layer_class:
            raise self._not_implemented("quantize")
        if not self.built:
            raise ValueError(
                "Cannot quantize a layer that isn't yet built. Layer "
                f"'{self.name}' (of type '{self.__class__.__name__}') is "
                "not built yet: call it on data or call `build()` first."
            )
        if self.quantization_mode is not None:
            raise ValueError(
                f"Layer '{self.name}' is already quantized with "
                f"dtype_policy='{self._path_dtype_policy.name}'. A layer "
                "can be quantized only once."
            )
        return quantization_config.validate_and_resolve_config(mode, config)

    def _replace_variable(self, old, new_variables):
        """Puts `new_variables` (created last) where `old` was in the order
        of the layer's variables, and drops `old`."""
        new_ids = {id(v) for v in new_variables}
        remaining = [v for v in self._own_variables if id(v) not in new_ids]
        index = next(i for i, v in enumerate(remaining) if v is old)
        remaining[index : index + 1] = list(new_variables)
        self._untrack_variable(old)
        self._own_variables = remaining

    def _not_implemented(self, method):
        return NotImplementedError(
            f"Layer {self.__class__.__name__} does not have a `{method}` "
            "method implemented."
        )

    # ---------------------------------------------------------------- config
    def get_config(self):
        """Returns the layer's constructor arguments as a dict."""
        config = {
            "name": self.name,
            "trainable": self.trainable,
            "dtype": _serialize_policy(self._dtype_policy),
        }
        if self._input_shape_arg is not None:
            config["input_shape"] = self._input_shape_arg
        if self.activity_regularizer is not None:
            from keras.src import regularizers

            config["activity_regularizer"] = regularizers.serialize(
                self.activity_regularizer
            )
        if type(self).get_config is Layer.get_config:
            # Subclasses that don't override get_config: their simple
            # constructor arguments are enough to rebuild them.
            for key, value in self._init_arguments.items():
                if key not in config and _is_plain_value(value):
                    config[key] = value
        return config

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        if isinstance(config.get("dtype"), dict):
            policy = _policy_from_arg(config["dtype"])
            # Plain float policies travel by name; others as objects.
            if getattr(policy, "quantization_mode", None) is None and not (
                _is_policy_map(policy)
            ):
                policy = policy.name
            config["dtype"] = policy
        try:
            return cls(**config)
        except Exception as e:
            raise TypeError(
                f"Could not rebuild a `{cls.__name__}` layer from its "
                f"config {config}: {type(e).__name__}: {e}"
            ) from e

    def __reduce__(self):
        from keras.src.saving import serialization_lib

        config = serialization_lib.serialize_keras_object(self)
        weights = self.get_weights() if self.built else None
        return (_layer_from_pickle, (config, weights))

    def __repr__(self):
        return (
            f"<{self.__class__.__name__} name={self.name}, built={self.built}>"
        )


# Attributes of every layer that never hold tracked state.
_NOT_TRACKED = frozenset(
    (
        "_tracker",
        "_init_arguments",
        "_own_variables",
        "_regularized_variables",
        "_losses",
        "_remat_pending",
    )
)


def _layer_from_pickle(config, weights):
    from keras.src.saving import serialization_lib

    layer = serialization_lib.deserialize_keras_object(config)
    if weights is not None and layer.built:
        layer.set_weights(weights)
    return layer


def _policy_from_arg(dtype):
    if _is_policy_map(dtype):
        return dtype
    return dtype_policies.get(dtype)


def _is_policy_map(policy):
    policy_map = getattr(dtype_policies, "DTypePolicyMap", None)
    return policy_map is not None and isinstance(policy, policy_map)


def _is_gptq(value):
    if isinstance(value, str):
        return value.startswith("gptq")
    return getattr(value, "quantization_mode", None) == "gptq"


def _serialize_policy(policy):
    serialize = getattr(dtype_policies, "serialize", None)
    if serialize is not None:
        return serialize(policy)
    return policy.get_config()["name"]


class _UnmatchedShapeArgument(Exception):
    """An argument of `build`/`compute_output_shape` that no call argument
    provides."""


def _shape_of(x):
    """The shape (structure) of `x`; `None` when nothing in it has one."""
    if not any(hasattr(t, "shape") for t in tree.flatten(x)):
        return None
    return tree.map_structure(
        lambda t: tuple(t.shape) if hasattr(t, "shape") else None, x
    )


def _is_same_value(value, default):
    if value is default:
        return True
    try:
        return bool(value == default)
    except Exception:
        return False


def _takes_an_argument(method):
    return any(
        p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.VAR_POSITIONAL)
        for p in inspect.signature(method).parameters.values()
    )


def _overrides(layer, method):
    return getattr(type(layer), method) is not getattr(Layer, method)


def _masks_of(x):
    """The Keras mask of `x`, or the structure of masks of a structure
    (`None` if nothing in it has a mask)."""
    if x is None:
        return None
    if isinstance(x, (list, tuple, dict)):
        masks = tree.map_structure(backend.get_keras_mask, x)
        if all(m is None for m in tree.flatten(masks)):
            return None
        return masks
    return backend.get_keras_mask(x)


def _is_shape(value):
    return isinstance(value, (tuple, list)) and all(
        d is None or isinstance(d, int) for d in value
    )


def _shapes_of(x):
    if hasattr(x, "shape"):
        return tuple(x.shape)
    if isinstance(x, (list, tuple)):
        return type(x)(_shapes_of(v) for v in x)
    if isinstance(x, dict):
        return {k: _shapes_of(v) for k, v in x.items()}
    return x


def _shapes_to_tensors(shapes, dtype):
    """`KerasTensor`s of `dtype` in place of the shapes of `shapes`, a
    shape or a list, tuple or dict of them (nested)."""
    if _is_shape(shapes):
        return backend.KerasTensor(tuple(shapes), dtype=dtype)
    if isinstance(shapes, (list, tuple)):
        return type(shapes)(_shapes_to_tensors(s, dtype) for s in shapes)
    if isinstance(shapes, dict):
        return {k: _shapes_to_tensors(s, dtype) for k, s in shapes.items()}
    return shapes


def _flatten_shapes(shapes):
    if _is_shape(shapes):
        return [tuple(shapes)]
    if isinstance(shapes, (list, tuple)):
        return [s for item in shapes for s in _flatten_shapes(item)]
    if isinstance(shapes, dict):
        return [s for item in shapes.values() for s in _flatten_shapes(item)]
    return []


def _is_plain_value(value):
    if isinstance(value, (list, tuple)):
        return all(_is_plain_value(v) for v in value)
    return value is None or isinstance(value, (bool, int, float, str))


def _assign_if_shapes_match(variables, values, mismatch_message):
    """Assigns each of `values` to its variable once all their shapes
    match; else raises a `ValueError` with `mismatch_message(variable,
    value)` for the first pair that does not, changing no variable."""
    for variable, value in zip(variables, values):
        if tuple(variable.shape) != tuple(value.shape):
            raise ValueError(mismatch_message(variable, value))
    for variable, value in zip(variables, values):
        variable.assign(value)


def _is_seed_state(variable):
    """Whether `variable` is state but not a weight: a seed generator's
    state, or the states a stateful recurrent layer carries between calls
    (non-trainable variables, so that they flow through `jit` like other
    state, but neither saved nor listed in `weights`)."""
    return getattr(variable, "_is_seed_state", False) or getattr(
        variable, "_is_carried_state", False
    )


class _variable_scope:
    """The name scope of a layer's new variable: the layer's own scope
    inside its calls (or when it is not placed yet); its recorded path when
    a variable is added later, from outside any call."""

    def __init__(self, layer):
        stack = global_state.get_global_attribute("name_scope_stack") or []
        if stack and stack[-1].caller is layer:
            names = []
        elif layer._path and not stack:
            names = layer._path.split("/")
        else:
            names = [layer.name]
        self.scopes = [
            backend.name_scope(
                name, caller=layer if i == len(names) - 1 else None
            )
            for i, name in enumerate(names)
        ]

    def __enter__(self):
        for scope in self.scopes:
            scope.__enter__()

    def __exit__(self, *args):
        for scope in reversed(self.scopes):
            scope.__exit__(*args)


def _is_flat_shape(value):
    return isinstance(value, (tuple, list)) and all(
        d is None or (isinstance(d, int) and not isinstance(d, bool))
        for d in value
    )


def _build_wrapper(build):
    @functools.wraps(build)
    def wrapped(self, *args, **kwargs):
        with backend.name_scope(self.name, caller=self):
            # A layer built by its parent's `build` (and maybe never called)
            # gets its path here, where its variables get theirs: variables
            # added later (e.g. by `quantize`) then share that path.
            self._path = self._path or backend.current_path()
            build(self, *args, **kwargs)
        # Models keep the shape a custom `build` got (for their summary and
        # build config).
        shape = args[0] if args else kwargs.get("input_shape")
        if shape is not None and getattr(self, "_build_input_shape", 0) is None:
            self._build_input_shape = shape
        if len(args) == 1 and not kwargs and _is_flat_shape(args[0]):
            # Kept so that a `Sequential` of built layers can be rebuilt
            # (e.g. when loaded) without an `Input`.
            self._built_input_shape = tuple(args[0])
        self.built = True
        self._lock_state()

    return wrapped


class _CallContext:
    """Carries context arguments (`training`, ...) from an outer layer call
    to the calls nested in it."""

    def __init__(self, values):
        self.values = values

    def __enter__(self):
        self.outer = global_state.get_global_attribute("call_context")
        global_state.set_global_attribute("call_context", self)

    def __exit__(self, *args):
        global_state.set_global_attribute("call_context", self.outer)

    @property
    def training(self):
        return self.values.get("training")

    @staticmethod
    def current():
        return global_state.get_global_attribute("call_context")

    @staticmethod
    def current_training():
        context = _CallContext.current()
        return None if context is None else context.training
