"""Layers wrapping plain JAX functions (`JaxLayer`) and Flax modules
(`FlaxLayer`)."""

import inspect

import jax
import numpy as np

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer
from keras.src.random import seed_generator as seed_generator_lib
from keras.src.saving import serialization_lib
from keras.src.utils import module_utils
from keras.src.utils import naming

flax = module_utils.LazyModule("flax")

_CALL_FN_ARGUMENTS = ("params", "state", "rng", "inputs", "training")
_INIT_FN_ARGUMENTS = ("rng", "inputs", "training")
# Folded into the key given to `init_fn` (the bytes of "init").
_INIT_KEY_SALT = 0x696E6974


def _is_variable(x):
    return isinstance(x, backend.KerasVariable)


def _is_array_like(x):
    """Whether a leaf of `params`/`state` becomes a Keras variable (numbers
    and arrays do; strings and other Python objects are kept as they
    are)."""
    if isinstance(x, (str, bytes)):
        return False
    return isinstance(x, (int, float, np.ndarray, np.generic, jax.Array))


def _is_shape(value):
    return isinstance(value, (tuple, list)) and all(
        d is None or (isinstance(d, int) and not isinstance(d, bool))
        for d in value
    )


def _values_of(structure):
    """`structure` with its Keras variables replaced by their values."""
    return jax.tree_util.tree_map(
        lambda x: x.value if _is_variable(x) else x,
        structure,
        is_leaf=_is_variable,
    )


@keras_export("keras.layers.JaxLayer")
class JaxLayer(Layer):
    """A layer running a pure JAX function, its parameters held as Keras
    variables.

    `call_fn` computes the layer's outputs. It may take the following
    arguments, by these names and in any order (only `inputs` is required):

    - `params`: the trainable parameters, a JAX pytree of arrays. They
      become trainable Keras variables, updated by the optimizer in `fit()`.
    - `state`: non-trainable state, a JAX pytree of arrays (e.g. running
      statistics). It becomes non-trainable variables. When `call_fn` takes
      `state`, it returns a tuple `(outputs, new_state)`, and `new_state`
      (of the same structure) is written back into the variables.
    - `rng`: a JAX random key, a fresh one on each call (drawn from the
      layer's `keras.random.SeedGenerator`, so the randomness is
      reproducible and threads through `jax.jit`).
    - `inputs`: the layer's inputs (any structure of tensors).
    - `training`: a Python boolean, `True` in training mode.

    `init_fn` creates the initial `params` (and `state`) when the layer is
    built. It may take `rng`, `inputs` (zero arrays of the input's shape,
    unknown dimensions set to 1) and `training`, and returns `params`,
    `state`, or the tuple `(params, state)`, after what `call_fn` takes.
    Instead of `init_fn`, ready values may be passed as `params`/`state`.

    To save and reload a model holding this layer, `call_fn` and `init_fn`
    must be serializable: for instance functions registered with
    `keras.saving.register_keras_serializable()`.

    Args:
        call_fn: The function computing the outputs (see above).
        init_fn: Optional function creating the initial `params` and
            `state` (see above). Needed when `call_fn` takes `params` and
            neither `params` nor `state` is given.
        params: Optional initial parameters (a pytree of arrays), used
            instead of calling `init_fn`.
        state: Optional initial state (a pytree of arrays), used instead of
            calling `init_fn`.
        seed: Optional integer seed of the random keys given to `init_fn`
            and `call_fn`.
        native_serialization_platforms: Optional platforms (e.g.
            `("cpu", "cuda")`) for exporting through `jax2tf`; kept in the
            config.
        **kwargs: Base layer arguments (`name`, `dtype`, `trainable`, ...).

    Example:

    ```python
    def init_fn(rng, inputs):
        w = jax.random.normal(rng, (inputs.shape[-1], 4)) * 0.1
        return {"w": w, "b": jax.numpy.zeros((4,))}

    def call_fn(params, inputs):
        return jax.nn.relu(inputs @ params["w"] + params["b"])

    layer = keras.layers.JaxLayer(call_fn, init_fn)
    y = layer(np.ones((2, 3)))  # shape (2, 4)
    ```
    """

    def __init__(
        self,
        call_fn,
        init_fn=None,
        params=None,
        state=None,
        seed=None,
        native_serialization_platforms=None,
        **kwargs,
    ):
        super().__init__(**kwargs)
        self.call_fn = call_fn
        self.init_fn = init_fn
        self.seed = seed
        self.native_serialization_platforms = native_serialization_platforms
        self.call_fn_arguments = self._validate_signature(
            call_fn, "call_fn", _CALL_FN_ARGUMENTS
        )
        self.call_fn_has_params = "params" in self.call_fn_arguments
        if (
            self.call_fn_has_params
            and init_fn is None
            and params is None
            and state is None
        ):
            raise ValueError(
                "JaxLayer: `call_fn` takes `params`, so `init_fn` (to "
                "create them) or initial `params` must be given; both are "
                "None."
            )
        self.call_fn_has_state = "state" in self.call_fn_arguments
        self.init_fn_arguments = (
            None
            if init_fn is None
            else self._validate_signature(
                init_fn, "init_fn", _INIT_FN_ARGUMENTS
            )
        )
        self.seed_generator = (
            seed_generator_lib.SeedGenerator(seed)
            if "rng" in self.call_fn_arguments
            else None
        )
        self.params = None
        self.state = None
        if params is not None or state is not None:
            self._create_variables(params, state)

    # ------------------------------------------------------------ signature
    def _validate_signature(self, fn, fn_name, allowed):
        """The argument names of `fn`, checked against `allowed` (and
        `inputs` required)."""
        parameters = inspect.signature(fn).parameters
        names = []
        for name, parameter in parameters.items():
            if parameter.kind in (
                parameter.VAR_POSITIONAL,
                parameter.VAR_KEYWORD,
            ):
                continue
            if name not in allowed:
                raise ValueError(
                    f"`{fn_name}` has an unsupported argument `{name}`: "
                    f"its arguments must be named among {list(allowed)}."
                )
            names.append(name)
        if "inputs" not in names:
            raise ValueError(
                f"`{fn_name}` must take an argument named `inputs`; its "
                f"arguments are {names}."
            )
        return names

    # ------------------------------------------------------------ variables
    def _create_variables(self, params, state):
        """Turns the array leaves of `params` (trainable) and `state`
        (non-trainable) into Keras variables; `self.params` and
        `self.state` keep the structures, variables in place of arrays."""

        def to_variable(value, trainable):
            if not _is_array_like(value):
                return value
            if isinstance(value, bool):
                value = np.asarray(value)
            elif isinstance(value, int):
                value = np.asarray(value, "int32")
            elif not hasattr(value, "dtype"):
                value = np.asarray(value)
            dtype = backend.standardize_dtype(value.dtype)
            if backend.is_float_dtype(dtype):
                # Floating parameters follow the layer's dtype policy.
                dtype = self.variable_dtype
            return self.add_weight(
                shape=tuple(value.shape),
                initializer=lambda shape, dtype: value,
                dtype=dtype,
                trainable=trainable,
                name=naming.auto_name("variable"),
            )

        # Parameters first, then state: the order of the weights files.
        self.params = jax.tree_util.tree_map(
            lambda v: to_variable(v, True), params
        )
        self.state = jax.tree_util.tree_map(
            lambda v: to_variable(v, False), state
        )

    def _get_init_rng(self):
        # Not drawn from a `SeedGenerator`: a model's first (symbolic)
        # build runs in a stateless scope, which would drop the generator's
        # advance (two layers would get the same key, or the first call
        # would reuse it). Folding in a constant keeps this key apart from
        # the call keys `[seed, i]` of `seed_generator`.
        seed = self.seed
        if seed is None:
            seed = seed_generator_lib.make_default_seed()
        key = seed_generator_lib.draw_seed(int(seed))
        return jax.random.fold_in(key, _INIT_KEY_SALT)

    def _get_call_rng(self):
        return self.seed_generator.next()

    # ---------------------------------------------------------------- build
    def build(self, input_shape):
        if (
            self.init_fn is None
            or self.params is not None
            or self.state is not None
        ):
            return

        def zeros(shape):
            shape = tuple(1 if d is None else d for d in shape)
            return jax.numpy.zeros(shape, self.compute_dtype)

        inputs = jax.tree_util.tree_map(zeros, input_shape, is_leaf=_is_shape)
        arguments = {"inputs": inputs, "training": False}
        if "rng" in self.init_fn_arguments:
            arguments["rng"] = self._get_init_rng()
        result = self.init_fn(
            **{name: arguments[name] for name in self.init_fn_arguments}
        )
        params = state = None
        if self.call_fn_has_params and self.call_fn_has_state:
            params, state = result
        elif self.call_fn_has_params:
            params = result
        elif self.call_fn_has_state:
            state = result
        self._create_variables(params, state)

    # ----------------------------------------------------------------- call
    def call(self, inputs, training=False):
        training = bool(training)
        arguments = {"inputs": inputs, "training": training}
        if self.call_fn_has_params:
            arguments["params"] = _values_of(self.params)
        if self.call_fn_has_state:
            arguments["state"] = _values_of(self.state)
        if self.seed_generator is not None:
            arguments["rng"] = self._get_call_rng()
        result = self.call_fn(
            **{name: arguments[name] for name in self.call_fn_arguments}
        )
        if not self.call_fn_has_state:
            return result
        outputs, new_state = result
        self._update_state(new_state)
        return outputs

    def _update_state(self, new_state):
        old_leaves, old_def = jax.tree_util.tree_flatten(
            self.state, is_leaf=_is_variable
        )
        try:
            new_leaves, new_def = jax.tree_util.tree_flatten(new_state)
        except Exception as e:
            raise ValueError(
                f"JaxLayer '{self.name}': the state returned by `call_fn` "
                f"cannot be flattened: {e}"
            ) from e
        if old_def != new_def:
            raise ValueError(
                f"JaxLayer '{self.name}': the state returned by `call_fn` "
                f"has structure {new_def}, but the layer's state has "
                f"structure {old_def}."
            )
        for variable, value in zip(old_leaves, new_leaves):
            if _is_variable(variable):
                variable.assign(value)

    # --------------------------------------------------------------- config
    def get_config(self):
        config = super().get_config()
        config.update(
            {
                "call_fn": serialization_lib.serialize_keras_object(
                    self.call_fn
                ),
                "init_fn": serialization_lib.serialize_keras_object(
                    self.init_fn
                ),
                "native_serialization_platforms": (
                    self.native_serialization_platforms
                ),
            }
        )
        return config

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        for key in ("call_fn", "init_fn"):
            if isinstance(config.get(key), dict):
                config[key] = serialization_lib.deserialize_keras_object(
                    config[key]
                )
        return super().from_config(config)


@keras_export("keras.layers.FlaxLayer")
class FlaxLayer(JaxLayer):
    """A layer running a Flax (`flax.linen`) module, its variables held as
    Keras variables.

    The module's `"params"` collection becomes trainable Keras variables;
    its other collections (e.g. `"batch_stats"`) become non-trainable
    variables, updated after each call. `layer.params` and `layer.state`
    keep Flax's collection level: `{"params": {...}}` and, for instance,
    `{"batch_stats": {...}}`. A fresh random key is given to the
    module on each call under the names `"params"` and `"dropout"`. The
    module (or `method`) may take a `training` argument, which receives the
    layer's training flag.

    Flax must be installed; it is imported when the first `FlaxLayer` is
    created.

    Args:
        module: A `flax.linen.Module` instance. To save and reload the
            layer, its class must be serializable (registered, with
            `get_config()` and `from_config()`).
        method: Optional method to run instead of `__call__`: a method of
            `module`, its name, or a function taking the module first (e.g.
            `lambda module, x: module.encode(x)`).
        variables: Optional initial Flax variables (a dict of collections,
            e.g. `{"params": ..., "batch_stats": ...}`); by default they are
            created by `module.init` when the layer is built.
        **kwargs: Base layer arguments (`name`, `dtype`, `seed`, ...).

    Example:

    ```python
    class Mlp(flax.linen.Module):
        @flax.linen.compact
        def __call__(self, x):
            return flax.linen.Dense(4)(flax.linen.relu(flax.linen.Dense(8)(x)))

    layer = keras.layers.FlaxLayer(Mlp())
    y = layer(np.ones((2, 3)))  # shape (2, 4)
    ```
    """

    def __init__(self, module, method=None, variables=None, **kwargs):
        flax.initialize()
        self.module = module
        self.method = method
        self._apply_method = method
        if inspect.ismethod(method) and isinstance(
            method.__self__, flax.linen.Module
        ):
            # Flax applies a method to a fresh copy of the module: it is
            # passed by name.
            self._apply_method = method.__name__
        target = self._method_function()
        parameters = inspect.signature(target).parameters
        self._method_has_training = "training" in parameters

        def call_fn(params, state, rng, inputs, training):
            return self._flax_call(params, state, rng, inputs, training)

        def init_fn(rng, inputs, training):
            return self._flax_init(rng, inputs, training)

        params, state = self._variables_to_params_and_state(variables)
        super().__init__(
            call_fn=call_fn,
            init_fn=init_fn,
            params=params,
            state=state,
            **kwargs,
        )

    def _method_function(self):
        method = self._apply_method
        if method is None:
            return self.module.__call__
        if isinstance(method, str):
            return getattr(self.module, method)
        return method

    def _variables_to_params_and_state(self, variables):
        if variables is None:
            return None, None
        # Both keep Flax's collection level: `params` is
        # `{"params": ...}`, `state` e.g. `{"batch_stats": ...}`.
        params = {k: v for k, v in variables.items() if k == "params"}
        state = {k: v for k, v in variables.items() if k != "params"}
        return params, state

    def _params_and_state_to_variables(self, params, state):
        return {**(params or {}), **(state or {})}

    def _module_arguments(self, inputs, training):
        if self._method_has_training:
            return (inputs,), {"training": training}
        return (inputs,), {}

    def _flax_init(self, rng, inputs, training):
        params_rng, dropout_rng = jax.random.split(rng)
        args, kwargs = self._module_arguments(inputs, training)
        variables = self.module.init(
            {"params": params_rng, "dropout": dropout_rng},
            *args,
            method=self._apply_method,
            **kwargs,
        )
        variables = flax.core.unfreeze(variables)
        params, state = self._variables_to_params_and_state(variables)
        return params, state

    def _flax_call(self, params, state, rng, inputs, training):
        params_rng, dropout_rng = jax.random.split(rng)
        args, kwargs = self._module_arguments(inputs, training)
        mutable = list(state.keys()) if state else False
        result = self.module.apply(
            self._params_and_state_to_variables(params, state),
            *args,
            rngs={"params": params_rng, "dropout": dropout_rng},
            method=self._apply_method,
            mutable=mutable,
            **kwargs,
        )
        if not mutable:
            return result, state
        outputs, new_state = result
        return outputs, flax.core.unfreeze(new_state)

    def get_config(self):
        config = Layer.get_config(self)
        config["native_serialization_platforms"] = (
            self.native_serialization_platforms
        )
        method = self.method
        if inspect.ismethod(method):
            method = method.__name__
        elif callable(method):
            method = serialization_lib.serialize_keras_object(method)
        config["module"] = serialization_lib.serialize_keras_object(self.module)
        config["method"] = method
        return config

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        config["module"] = serialization_lib.deserialize_keras_object(
            config["module"]
        )
        if isinstance(config.get("method"), dict):
            config["method"] = serialization_lib.deserialize_keras_object(
                config["method"]
            )
        return Layer.from_config.__func__(cls, config)
