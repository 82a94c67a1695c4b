"""`MultiOptimizer`: different optimizers for different variables."""

import re

from keras.src.api_export import keras_export
from keras.src.optimizers import optimizer


def _check_sub_optimizer(candidate):
    """Raises if `candidate` wraps other optimizers itself."""
    from keras.src.optimizers.loss_scale_optimizer import LossScaleOptimizer

    for cls in (LossScaleOptimizer, MultiOptimizer):
        if isinstance(candidate, cls):
            return cls.__name__
    return None


@keras_export("keras.optimizers.OptimizerMap")
class OptimizerMap:
    """Assigns an optimizer to each variable by matching its path.

    Keys are regular expressions, searched in the variable's `path` (e.g.
    `"dense_1/kernel"`); the optimizer of the matching key is used, and
    `default_optimizer` when no key matches. A variable matched by keys of
    different optimizers is an error.

    Args:
        default_optimizer: Optimizer of the variables no key matches.
        optimizer_map: Optional dict of regular expressions to optimizers.

    Example:

    ```python
    optimizer_map = keras.optimizers.OptimizerMap(
        default_optimizer=keras.optimizers.AdamW(1e-4)
    )
    optimizer_map["^embedding/"] = keras.optimizers.SGD(1e-2)
    ```
    """

    def __init__(self, default_optimizer=None, optimizer_map=None):
        self.default_optimizer = default_optimizer
        self._optimizer_map = {}
        for pattern, sub_optimizer in (optimizer_map or {}).items():
            self[pattern] = sub_optimizer

    def __setitem__(self, pattern, sub_optimizer):
        wrapper = _check_sub_optimizer(sub_optimizer)
        if wrapper is not None:
            raise ValueError(
                f"The optimizer of pattern {pattern!r} is invalid: a mapped "
                f"optimizer cannot be {wrapper}. Map the optimizers it "
                "wraps instead."
            )
        self._optimizer_map[pattern] = sub_optimizer

    def __getitem__(self, pattern):
        return self._optimizer_map[pattern]

    def items(self):
        return self._optimizer_map.items()

    def __call__(self, variable):
        """Returns the optimizer of `variable`."""
        path = getattr(variable, "path", None) or variable.name
        found = []
        for pattern, sub_optimizer in self._optimizer_map.items():
            if re.search(pattern, path) and not any(
                sub_optimizer is f for f in found
            ):
                found.append(sub_optimizer)
        if len(found) > 1:
            raise ValueError(
                f"Variable '{path}' matches patterns of {len(found)} "
                "different optimizers; make the patterns of the "
                "OptimizerMap exclusive."
            )
        return found[0] if found else self.default_optimizer

    def get_config(self):
        from keras.src.saving import serialization_lib

        serialize = serialization_lib.serialize_keras_object
        return {
            "default_optimizer": serialize(self.default_optimizer),
            "optimizer_map": {
                pattern: serialize(sub)
                for pattern, sub in self._optimizer_map.items()
            },
        }

    @classmethod
    def from_config(cls, config, custom_objects=None):
        from keras.src.optimizers import deserialize

        default = config.get("default_optimizer")
        if default is not None:
            default = deserialize(default, custom_objects=custom_objects)
        mapping = {
            pattern: deserialize(sub, custom_objects=custom_objects)
            for pattern, sub in (config.get("optimizer_map") or {}).items()
        }
        return cls(default_optimizer=default, optimizer_map=mapping)


@keras_export("keras.optimizers.MultiOptimizer")
class MultiOptimizer(optimizer.WrapperOptimizer):
    """Trains different variables with different optimizers.

    Each trainable variable is assigned a sub-optimizer when the
    `MultiOptimizer` is built, by an `OptimizerMap` (regular expressions on
    the variable paths, with a default) or by any callable mapping a
    variable to an optimizer. Each step hands every sub-optimizer the
    gradients of its own variables. `iterations` counts the steps of the
    `MultiOptimizer`; a sub-optimizer's counter only moves when it has
    variables. The sub-optimizers are listed in `optimizers`, in the order
    they were first assigned (the default optimizer last).

    Loss scaling is done once, with this optimizer's `loss_scale_factor`;
    the sub-optimizers' own factors are not applied on top of it.

    Args:
        optimizer_map: An `OptimizerMap`, a callable
            `fn(variable) -> optimizer`, or a single optimizer (used for
            every variable).
        loss_scale_factor: Optional factor of `scale_loss()`; gradients are
            divided by it before the sub-optimizers see them.
        name: Optional name.
        **kwargs: Not supported (set the other optimizer arguments on the
            sub-optimizers).

    Example:

    ```python
    optimizer_map = keras.optimizers.OptimizerMap(
        default_optimizer=keras.optimizers.Adam(1e-3),
        optimizer_map={"^head/": keras.optimizers.SGD(1e-2)},
    )
    model.compile(
        optimizer=keras.optimizers.MultiOptimizer(optimizer_map),
        loss="mse",
    )
    ```
    """

    def __init__(
        self, optimizer_map, loss_scale_factor=None, name=None, **kwargs
    ):
        if kwargs:
            raise ValueError(
                "MultiOptimizer received unsupported arguments: "
                f"{', '.join(f'`{k}`' for k in kwargs)}. Set them on the "
                "sub-optimizers instead."
            )
        super().__init__(
            learning_rate=0.0, loss_scale_factor=loss_scale_factor, name=name
        )
        # Only `iterations` is state of its own; the learning rates are the
        # sub-optimizers'.
        self._variables = [self._iterations]
        if isinstance(optimizer_map, optimizer.Optimizer):
            optimizer_map = OptimizerMap(default_optimizer=optimizer_map)
        if not callable(optimizer_map):
            raise ValueError(
                "`optimizer_map` must be an OptimizerMap, a callable "
                "returning the optimizer of a variable, or an optimizer. "
                f"Received: {optimizer_map!r}"
            )
        self.optimizer_map = optimizer_map
        # Until `build()` orders them by first use, the optimizers of an
        # `OptimizerMap` are known from the map (so that callbacks can
        # reach their learning rates before training).
        self.optimizers = []
        if isinstance(optimizer_map, OptimizerMap):
            for _, sub_optimizer in optimizer_map.items():
                self._index_of(sub_optimizer)
            if optimizer_map.default_optimizer is not None:
                self._index_of(optimizer_map.default_optimizer)
        self._var_to_optimizer_idx = {}

    @staticmethod
    def _var_key(variable):
        return id(variable)

    @property
    def variables(self):
        """`iterations`, then the variables of each sub-optimizer."""
        found = [self._iterations]
        for sub_optimizer in self.optimizers:
            found.extend(sub_optimizer.variables)
        return found

    @property
    def learning_rate(self):
        """The learning rate of the first sub-optimizer (each has its own;
        see `optimizers`)."""
        if self.optimizers:
            return self.optimizers[0].learning_rate
        default = getattr(self.optimizer_map, "default_optimizer", None)
        return None if default is None else default.learning_rate

    @learning_rate.setter
    def learning_rate(self, value):
        for sub_optimizer in self.optimizers:
            sub_optimizer.learning_rate = value

    def _index_of(self, sub_optimizer):
        for index, known in enumerate(self.optimizers):
            if known is sub_optimizer:
                return index
        self.optimizers.append(sub_optimizer)
        return len(self.optimizers) - 1

    def build(self, var_list):
        """Assigns each variable its sub-optimizer and builds them.

        Args:
            var_list: The trainable variables to optimize.
        """
        var_list = list(var_list)
        self.optimizers = []
        self._var_to_optimizer_idx = {}
        groups = {}
        for variable in var_list:
            sub_optimizer = self.optimizer_map(variable)
            if sub_optimizer is None:
                raise ValueError(
                    f"No optimizer for variable '{variable.path}': give the "
                    "OptimizerMap a `default_optimizer`."
                )
            wrapper = _check_sub_optimizer(sub_optimizer)
            if wrapper is not None:
                raise ValueError(
                    f"Invalid optimizer for variable '{variable.path}': a "
                    f"{wrapper} cannot be used inside an MultiOptimizer."
                )
            index = self._index_of(sub_optimizer)
            self._var_to_optimizer_idx[self._var_key(variable)] = index
            groups.setdefault(index, []).append(variable)
        default = getattr(self.optimizer_map, "default_optimizer", None)
        if default is not None:
            self._index_of(default)
        for index, sub_optimizer in enumerate(self.optimizers):
            if not sub_optimizer.built:
                sub_optimizer.build(groups.get(index, []))
        self._trainable_variables = var_list
        self._position_by_id = {id(v): i for i, v in enumerate(var_list)}
        self.built = True

    def apply(self, grads, trainable_variables=None):
        """Unscales the gradients and applies each group with its
        sub-optimizer.

        Args:
            grads: The gradients.
            trainable_variables: Optional variables they belong to
                (defaults to those the optimizer was built with).
        """
        grads = list(grads)
        if not grads:
            return
        variables = self._variables_to_update(trainable_variables)
        if all(grad is None for grad in grads):
            raise ValueError(
                "No gradients provided for any variable. Check that the "
                "loss depends on the trainable variables."
            )
        groups = {}
        for grad, variable in zip(grads, variables):
            index = self._var_to_optimizer_idx[self._var_key(variable)]
            groups.setdefault(index, ([], []))
            groups[index][0].append(grad)
            groups[index][1].append(variable)
        for index, (group_grads, group_vars) in sorted(groups.items()):
            if all(grad is None for grad in group_grads):
                continue
            sub_optimizer = self.optimizers[index]
            # Undo this optimizer's scaling; the sub-optimizer divides by
            # its own factor, which is compensated here.
            factor = sub_optimizer.loss_scale_factor or 1.0
            if self.loss_scale_factor:
                factor = factor / self.loss_scale_factor
            if factor != 1.0:
                group_grads = [
                    None if grad is None else grad * factor
                    for grad in group_grads
                ]
            sub_optimizer.apply(group_grads, group_vars)
        self._iterations.assign_add(1)

    def finalize_variable_values(self, var_list):
        groups = {}
        for variable in var_list:
            index = self._var_to_optimizer_idx.get(self._var_key(variable))
            if index is not None:
                groups.setdefault(index, []).append(variable)
        for index, variables in groups.items():
            self.optimizers[index].finalize_variable_values(variables)

    def exclude_from_weight_decay(self, var_list=None, var_names=None):
        for sub_optimizer in self.optimizers:
            sub_optimizer.exclude_from_weight_decay(var_list, var_names)

    def get_config(self):
        from keras.src.saving import serialization_lib

        return {
            "name": self.name,
            "loss_scale_factor": self.loss_scale_factor,
            "optimizer_map": serialization_lib.serialize_keras_object(
                self.optimizer_map
            ),
        }

    @classmethod
    def from_config(cls, config, custom_objects=None):
        from keras.src.saving import serialization_lib

        config = dict(config)
        config["optimizer_map"] = serialization_lib.deserialize_keras_object(
            config["optimizer_map"],
            module_objects={"OptimizerMap": OptimizerMap},
            custom_objects=custom_objects,
        )
        return cls(**config)
