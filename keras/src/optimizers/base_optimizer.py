"""The optimizer machinery shared by every `keras.optimizers.*` class.

`BaseOptimizer` owns the optimizer state (a step counter, the learning
rate and the per-variable "slot" variables) and turns gradients into
variable updates. One step runs this pipeline:

1. drop the variables whose gradient is `None`,
2. undo the loss scaling (`loss_scale_factor`),
3. clip the gradients (`clipnorm`, `clipvalue` or `global_clipnorm`),
4. decay the weights (`weight_decay`),
5. call the subclass's `update_step()` once per variable (sparse
   gradients are densified first, unless the class declares that its
   rule takes them: see `_update_step_takes_sparse`),
6. update the moving averages (`use_ema`), and copy them into the
   variables every `ema_overwrite_frequency` steps,
7. count the step and apply the variables' constraints.

With `gradient_accumulation_steps`, steps 3 to 6 only take effect once
per accumulation window. Everything is written with `ops` and without
Python branches on tensor values, so `stateless_apply()` can run the
same code on explicit values inside `jax.jit`.
"""

import re
import warnings

from keras.src import backend
from keras.src import initializers
from keras.src import ops
from keras.src.backend.jax import sparse as sparse_ops
from keras.src.optimizers.schedules import learning_rate_schedule
from keras.src.utils.naming import auto_name

# Constructor arguments of every optimizer that `get_config()` records, in
# addition to `name` and `learning_rate`.
_SHARED_CONFIG_KEYS = (
    "weight_decay",
    "clipnorm",
    "clipvalue",
    "global_clipnorm",
    "use_ema",
    "ema_momentum",
    "ema_overwrite_frequency",
    "loss_scale_factor",
    "gradient_accumulation_steps",
)


class BaseOptimizer:
    """The implementation behind `keras.optimizers.Optimizer`.

    See `keras.optimizers.Optimizer` for the constructor arguments and for
    how to write a new optimizer. In short, subclasses implement
    `update_step(gradient, variable, learning_rate)` (the update rule for
    one variable) and, when the rule needs state, override
    `build(variables)`: call `super().build(variables)`, then create the
    slots with `add_optimizer_variables()`. Clipping, weight decay, loss
    scaling, gradient accumulation, moving averages and serialization are
    handled here.

    Built-in subclasses list their own hyperparameters (which are also
    attributes) in `_config_attributes`; `get_config()` adds them. Those
    whose slots do not depend on other settings list them in `_slots`:
    `(attribute, slot name)` for a slot starting at zero, or
    `(attribute, slot name, hyperparameter)` for one starting at the value
    of that hyperparameter. `build()` creates them, variable by variable,
    and sets each attribute to its list of slots.
    """

    _config_attributes = ()
    _slots = ()
    # Whether `update_step()` receives sparse gradients as they come. Rules
    # written with `ops` and `self.assign*()` handle them (and may then
    # update only the touched rows); the others set this to `False` and get
    # dense gradients.
    _update_step_takes_sparse = True

    def __init__(
        self,
        learning_rate,
        weight_decay=None,
        clipnorm=None,
        clipvalue=None,
        global_clipnorm=None,
        use_ema=False,
        ema_momentum=0.99,
        ema_overwrite_frequency=None,
        loss_scale_factor=None,
        gradient_accumulation_steps=None,
        name=None,
        **kwargs,
    ):
        # Must come first: `__setattr__` rejects every other attribute
        # until this flag exists.
        self._super_called = True
        self._check_extra_kwargs(kwargs)
        _validate_settings(
            clipnorm=clipnorm,
            clipvalue=clipvalue,
            global_clipnorm=global_clipnorm,
            use_ema=use_ema,
            ema_momentum=ema_momentum,
            ema_overwrite_frequency=ema_overwrite_frequency,
            gradient_accumulation_steps=gradient_accumulation_steps,
        )
        self.name = name if name is not None else auto_name(type(self).__name__)
        self.weight_decay = weight_decay
        self.clipnorm = clipnorm
        self.clipvalue = clipvalue
        self.global_clipnorm = global_clipnorm
        self.use_ema = use_ema
        self.ema_momentum = ema_momentum
        self.ema_overwrite_frequency = ema_overwrite_frequency
        self.loss_scale_factor = loss_scale_factor
        self.gradient_accumulation_steps = gradient_accumulation_steps

        self.built = False
        # Every optimizer variable, in creation order: this order is the
        # one of `variables`, hence of `stateless_apply()`'s values.
        self._variables = []
        # The model variables the optimizer was built for, and the
        # position of each one (keyed by `id`: variables are unhashable).
        self._trainable_variables = []
        self._position_by_id = {}
        self._no_decay_ids = set()
        self._no_decay_pattern = None

        self._iterations = self.add_variable(
            shape=(),
            initializer="zeros",
            dtype="int32",
            aggregation="only_first_replica",
            name="iteration",
        )
        self._learning_rate = self._learning_rate_state(learning_rate)

    def _set_config_attributes(self, arguments):
        """Sets each attribute named in `_config_attributes` to the
        constructor argument of that name, where there is one (a subclass
        that adds hyperparameters sets those after `super().__init__()`).

        Args:
            arguments: The `locals()` of the subclass constructor.
        """
        for key in self._config_attributes:
            if key in arguments:
                setattr(self, key, arguments[key])

    def _check_extra_kwargs(self, kwargs):
        if kwargs.pop("decay", None) is not None:
            warnings.warn(
                "`decay` is a Keras 2 argument and has no effect here. To "
                "lower the learning rate over time, pass a "
                "`keras.optimizers.schedules.LearningRateSchedule` as "
                "`learning_rate`.",
                stacklevel=4,
            )
        if kwargs:
            raise ValueError(
                f"{type(self).__name__} got unexpected keyword argument(s): "
                f"{sorted(kwargs)}. Check their spelling against the "
                "optimizer's signature."
            )

    def _learning_rate_state(self, learning_rate):
        """Returns what `_learning_rate` holds: the schedule or callable
        itself, or a scalar variable for a fixed learning rate."""
        if callable(learning_rate):
            return learning_rate
        if not isinstance(learning_rate, (int, float)) and not hasattr(
            learning_rate, "dtype"
        ):
            raise ValueError(
                "`learning_rate` must be a number, a "
                "`keras.optimizers.schedules.LearningRateSchedule`, or a "
                "callable taking no arguments that returns the learning "
                f"rate. Received: learning_rate={learning_rate!r} of type "
                f"{type(learning_rate).__name__}."
            )
        return self.add_variable(
            shape=(),
            initializer=initializers.Constant(float(learning_rate)),
            dtype=backend.floatx(),
            aggregation="only_first_replica",
            name="learning_rate",
        )

    # ------------------------------------------------------------ the state
    @property
    def iterations(self):
        """The number of updates applied so far.

        The `iterations` `Variable` itself, which counts `apply()` calls;
        with `gradient_accumulation_steps`, the number of completed
        accumulation windows (each `apply()` call counts in
        `_iterations`, one update every `gradient_accumulation_steps`
        calls).
        """
        if self.gradient_accumulation_steps:
            return ops.floor_divide(
                self._iterations, self.gradient_accumulation_steps
            )
        return self._iterations

    @property
    def variables(self):
        """All optimizer variables: `iterations`, the learning rate variable
        (if the learning rate is a float), then the slot variables in the
        order they were created."""
        return list(self._variables)

    @property
    def learning_rate(self):
        """The current learning rate.

        The learning rate variable for a fixed learning rate, otherwise the
        value of the schedule at the current `iterations` (or of the
        callable). Assigning a number changes a fixed learning rate;
        assigning a schedule or a callable replaces the learning rate.
        """
        current = self._learning_rate
        if isinstance(current, backend.Variable):
            return current
        if isinstance(current, learning_rate_schedule.LearningRateSchedule):
            return current(self.iterations)
        return current()

    @learning_rate.setter
    def learning_rate(self, value):
        if callable(value):
            previous = self._learning_rate
            if isinstance(previous, backend.Variable):
                # The fixed learning rate is no longer part of the state.
                self._variables = [
                    v for v in self._variables if v is not previous
                ]
            self._learning_rate = value
        elif isinstance(self._learning_rate, backend.Variable):
            self._learning_rate.assign(value)
        elif isinstance(
            self._learning_rate, learning_rate_schedule.LearningRateSchedule
        ):
            raise TypeError(
                "This optimizer was created with a `LearningRateSchedule` "
                f"({type(self._learning_rate).__name__}) as its learning "
                f"rate, so it cannot be set to the number {value!r}. Assign "
                "a new schedule instead, or create the optimizer with a "
                "float `learning_rate`."
            )
        else:
            raise TypeError(
                f"Cannot set the learning rate of optimizer '{self.name}' "
                f"to {value!r}: its learning rate is computed by a "
                "callable, not stored. Assign a new callable (or schedule) "
                "instead, or create the optimizer with a float "
                "`learning_rate`."
            )

    def add_variable(
        self,
        shape,
        initializer="zeros",
        dtype=None,
        aggregation="none",
        layout=None,
        name=None,
    ):
        """Creates a (non-trainable) optimizer variable.

        The variable is created under the optimizer's name scope (its `path`
        is `"<optimizer name>/<name>"`) and appended to `variables`.

        Args:
            shape: Fully defined shape tuple.
            initializer: Initializer object or name. Defaults to `"zeros"`.
            dtype: Dtype; defaults to `keras.config.floatx()`.
            aggregation: Cross-replica aggregation of the variable: `"none"`,
                `"mean"`, `"sum"` or `"only_first_replica"`.
            layout: Optional tensor layout (sharding) of the variable.
            name: Name of the variable.

        Returns:
            The new `keras.Variable`.
        """
        self._ensure_initialized()
        init = initializers.get(initializer)
        with backend.name_scope(self.name, caller=self):
            created = backend.Variable(
                init,
                shape,
                dtype,
                name=name,
                layout=layout,
                aggregation=aggregation,
                trainable=False,
            )
        self._variables.append(created)
        return created

    def add_variable_from_reference(
        self, reference_variable, name=None, initializer="zeros"
    ):
        """Creates a slot variable shaped like a model variable.

        The slot has the shape, dtype and layout of `reference_variable`
        (so that, under a distribution, it is sharded like the variable it
        belongs to). Its name is the reference variable's path with `/`
        replaced by `_`, followed by `_{name}`, e.g.
        `dense_kernel_momentum`.

        Args:
            reference_variable: The model `keras.Variable` the slot belongs
                to.
            name: Suffix of the slot's name. Defaults to `"var"`.
            initializer: Initializer object or name. Defaults to `"zeros"`.

        Returns:
            The new `keras.Variable`.
        """
        owner = reference_variable.path.replace("/", "_")
        suffix = name if name else "var"
        return self.add_variable(
            reference_variable.shape,
            initializer,
            reference_variable.dtype,
            name=f"{owner}_{suffix}",
            layout=getattr(reference_variable, "_layout", None),
        )

    def add_optimizer_variables(
        self, trainable_variables, name, initializer="zeros"
    ):
        """Creates one or more slots for each model variable.

        Slots are created variable by variable: all the slots of the first
        variable, then all those of the second one, and so on.

        Args:
            trainable_variables: The model variables (a list of
                `keras.Variable`).
            name: A slot name suffix, or a list of them (one slot per
                suffix and per variable).
            initializer: Initializer object or name, or a list of them (one
                per suffix). Defaults to `"zeros"`.

        Returns:
            For a single `name`, the list of new slots (one per model
            variable). For a list of names, a tuple holding one such list
            per name.

        Example:

        ```python
        def build(self, variables):
            super().build(variables)
            self.momentums, self.velocities = self.add_optimizer_variables(
                variables, ["momentum", "velocity"]
            )
        ```
        """
        suffixes = [name] if isinstance(name, str) else list(name)
        if isinstance(initializer, (list, tuple)):
            initializers_list = list(initializer)
        else:
            initializers_list = [initializer] * len(suffixes)
        if len(initializers_list) != len(suffixes):
            raise ValueError(
                f"Got {len(initializers_list)} initializers for "
                f"{len(suffixes)} slot names ({suffixes}); pass a single "
                "initializer or one per name."
            )
        slots = [[] for _ in suffixes]
        for variable in trainable_variables:
            for created, suffix, init in zip(
                slots, suffixes, initializers_list
            ):
                created.append(
                    self.add_variable_from_reference(
                        variable, name=suffix, initializer=init
                    )
                )
        return slots[0] if isinstance(name, str) else tuple(slots)

    def build(self, variables):
        """Creates the optimizer's slot variables for `variables`.

        Subclasses call `super().build(variables)` first, then create their
        own slots with `add_optimizer_variables()` (or list them in
        `_slots`). Does nothing once built.

        Args:
            variables: The list of trainable variables to optimize.
        """
        if self.built:
            return
        variables = list(variables)
        self._trainable_variables = variables
        self._position_by_id = {id(v): i for i, v in enumerate(variables)}
        if self.use_ema:
            self._model_variables_moving_average = self.add_optimizer_variables(
                variables, "average"
            )
        if self.gradient_accumulation_steps:
            self._accumulated_gradients = self.add_optimizer_variables(
                variables, "gradient_accumulator"
            )
        if self._slots:
            starts = [
                initializers.Constant(getattr(self, entry[2]))
                if len(entry) == 3
                else "zeros"
                for entry in self._slots
            ]
            slots = self.add_optimizer_variables(
                variables, [entry[1] for entry in self._slots], starts
            )
            for entry, created in zip(self._slots, slots):
                setattr(self, entry[0], created)
        self.built = True

    def _get_variable_index(self, variable):
        """Position of `variable` in the list the optimizer was built with,
        which is also the index of its slots."""
        return self._position_by_id[id(variable)]

    # -------------------------------------------------------------- updates
    def update_step(self, gradient, variable, learning_rate):
        """Updates `variable` (and the slots) from its `gradient`.

        Subclasses implement their update rule here.

        Args:
            gradient: The gradient of `variable`.
            variable: The model variable that receives the update.
            learning_rate: The current learning rate (a tensor, or a
                variable).
        """
        raise NotImplementedError(
            f"{type(self).__name__} must implement "
            "`update_step(self, gradient, variable, learning_rate)`."
        )

    def _slots_of(self, variable):
        """The slot variables of `variable`: one for each entry of
        `_slots`, in that order."""
        index = self._get_variable_index(variable)
        return tuple(getattr(self, entry[0])[index] for entry in self._slots)

    @staticmethod
    def _cast_like(variable, *values):
        """`values` (an update step's gradient, learning rate, ...) cast
        to the dtype of `variable`."""
        return tuple(ops.cast(value, variable.dtype) for value in values)

    def apply_gradients(self, grads_and_vars):
        """Applies `(gradient, variable)` pairs; returns `iterations`.

        Args:
            grads_and_vars: A list of `(gradient, variable)` pairs.

        Returns:
            The `iterations` variable.
        """
        grads_and_vars = list(grads_and_vars)
        self.apply(
            [grad for grad, _ in grads_and_vars],
            [variable for _, variable in grads_and_vars],
        )
        return self._iterations

    def apply(self, grads, trainable_variables=None):
        """Updates the trainable variables from their gradients.

        On the first call, `trainable_variables` builds the optimizer
        (creates its slot variables). Later calls may omit it, in which
        case `grads` must match, one to one, the variables the optimizer
        was built with. An empty `grads` list does nothing.

        Args:
            grads: List of gradients (`None` entries are skipped).
            trainable_variables: Optional list of the variables to update.
                Defaults to the variables the optimizer was built with.
        """
        grads = list(grads)
        if not grads:
            return
        if all(grad is None for grad in grads):
            raise ValueError(
                "No gradients provided for any variable. Check that the "
                "loss depends on the trainable variables (every gradient "
                "is `None`)."
            )
        with backend.name_scope(self.name, caller=self):
            variables = self._variables_for(grads, trainable_variables)
            grads, variables = _drop_missing_gradients(grads, variables)
            grads, variables = self._overwrite_with_gradients(grads, variables)
            if not grads:
                # Only overwritten variables: still one more step.
                self._iterations.assign_add(1)
                return
            if self.loss_scale_factor is not None:
                grads = [
                    ops.divide(grad, self.loss_scale_factor) for grad in grads
                ]
            self._run_step(grads, variables)
            for variable in variables:
                constraint = getattr(variable, "constraint", None)
                if constraint is not None:
                    variable.assign(constraint(variable))

    def _variables_for(self, grads, trainable_variables):
        """The variables `grads` apply to, building the optimizer if
        needed; fails if they don't match the built ones."""
        if trainable_variables is None:
            if not self.built:
                raise ValueError(
                    f"Optimizer '{self.name}' got gradients without "
                    "`trainable_variables` before being built, so it "
                    "cannot tell which variables they belong to. Pass "
                    "`trainable_variables` to `apply()` or call "
                    "`optimizer.build(trainable_variables)` first."
                )
            if len(grads) != len(self._trainable_variables):
                raise ValueError(
                    f"Optimizer '{self.name}' got {len(grads)} gradients "
                    "without `trainable_variables`, but it was built for "
                    f"{len(self._trainable_variables)} variables. Pass one "
                    "gradient per built variable, in the same order, or "
                    "pass `trainable_variables` too."
                )
            return list(self._trainable_variables)

        variables = list(trainable_variables)
        if len(variables) != len(grads):
            raise ValueError(
                f"`apply()` got {len(grads)} gradients for "
                f"{len(variables)} variables; `grads` and "
                "`trainable_variables` must have the same length."
            )
        if not self.built:
            self.build(variables)
        unknown = [v for v in variables if id(v) not in self._position_by_id]
        if unknown:
            raise ValueError(
                f"Unknown variable(s) for optimizer '{self.name}': "
                f"{[v.path for v in unknown]}. It only holds state for the "
                f"{len(self._trainable_variables)} variables it was built "
                "with; create a new optimizer to train other variables."
            )
        return variables

    def _overwrite_with_gradients(self, grads, variables):
        """Assigns their gradient to the variables created with
        `overwrite_with_gradient=True` (their "gradient" is the new value,
        e.g. a float8 scaling factor); returns the other
        `(grads, variables)`.

        With gradient accumulation, such a variable takes the largest of
        the values received during the window, at the window's end.
        """
        kept_grads, kept_variables = [], []
        steps = self.gradient_accumulation_steps
        for grad, variable in zip(grads, variables):
            if not getattr(variable, "overwrite_with_gradient", False):
                kept_grads.append(grad)
                kept_variables.append(variable)
                continue
            if not steps:
                variable.assign(grad)
                continue
            window_position = ops.mod(self._iterations, steps)
            accumulator = self._accumulated_gradients[
                self._get_variable_index(variable)
            ]
            grad = ops.cast(grad, accumulator.dtype)
            largest = ops.where(
                ops.equal(window_position, 0),
                grad,
                ops.maximum(accumulator.value, grad),
            )
            last = ops.equal(window_position, steps - 1)
            variable.assign(ops.where(last, largest, variable.value))
            accumulator.assign(
                ops.where(last, ops.zeros_like(largest), largest)
            )
        return kept_grads, kept_variables

    def _run_step(self, grads, variables):
        """Everything one `apply()` does once the gradients are known."""
        if self.gradient_accumulation_steps:
            self._accumulate_and_step(grads, variables)
        else:
            self._step(grads, variables)
        if self.use_ema and self.ema_overwrite_frequency:
            self._periodically_load_averages(variables)
        self._iterations.assign_add(1)

    def _step(self, grads, variables):
        """Clips `grads`, decays the weights, runs `update_step()` for each
        variable and updates the moving averages."""
        learning_rate = self.learning_rate
        grads = self._clip_gradients(grads)
        self._apply_weight_decay(variables)
        for grad, variable in zip(grads, variables):
            if not self._update_step_takes_sparse:
                grad = _densify(grad)
            self.update_step(grad, variable, learning_rate)
        self._update_moving_averages(variables)

    def _accumulate_and_step(self, grads, variables):
        """Adds `grads` to the running sums; on the last call of each window
        of `gradient_accumulation_steps` calls, also steps with the mean
        gradients and resets the sums.

        The step is computed on every call and only kept on the last call
        of a window (see `_keep_changes_where`), which keeps this
        traceable by `jax.jit`.
        """
        window = self.gradient_accumulation_steps
        last_of_window = ops.equal(ops.mod(self._iterations + 1, window), 0)
        accumulators = [
            self._accumulated_gradients[self._get_variable_index(v)]
            for v in variables
        ]
        sums = [
            ops.add(acc.value, ops.cast(grad, acc.dtype))
            for grad, acc in zip(grads, accumulators)
        ]
        mean_grads = [total / window for total in sums]
        _keep_changes_where(
            last_of_window,
            lambda: self._step(mean_grads, variables),
            variables + self._variables,
        )
        for acc, total in zip(accumulators, sums):
            acc.assign(ops.where(last_of_window, ops.zeros_like(total), total))

    def _clip_gradients(self, grads):
        if self.clipnorm and self.clipnorm > 0:
            return [_clip_to_norm(grad, self.clipnorm) for grad in grads]
        if self.global_clipnorm and self.global_clipnorm > 0:
            return _clip_to_global_norm(grads, self.global_clipnorm)
        if self.clipvalue and self.clipvalue > 0:
            limit = self.clipvalue
            return [ops.clip(grad, -limit, limit) for grad in grads]
        return grads

    def _apply_weight_decay(self, variables):
        """Shrinks the decayed `variables` by `weight_decay` times the
        learning rate (decoupled weight decay)."""
        if self.weight_decay is None:
            return
        learning_rate = self.learning_rate
        for variable in variables:
            if not self._is_decayed(variable):
                continue
            rate = ops.cast(self.weight_decay, variable.dtype)
            lr = ops.cast(learning_rate, variable.dtype)
            self.assign(variable, variable.value - variable.value * rate * lr)

    def _update_moving_averages(self, variables):
        if not self.use_ema:
            return
        # Momentum 0 on the very first step: the average starts at the
        # variable's value instead of at zero.
        started = ops.not_equal(self._iterations, 0)
        for variable in variables:
            average = self._model_variables_moving_average[
                self._get_variable_index(variable)
            ]
            momentum = ops.cast(started, variable.dtype) * self.ema_momentum
            average.assign(
                momentum * average.value + (1 - momentum) * variable.value
            )

    def _periodically_load_averages(self, variables):
        due = ops.equal(
            ops.mod(self._iterations + 1, self.ema_overwrite_frequency), 0
        )
        for variable in variables:
            average = self._model_variables_moving_average[
                self._get_variable_index(variable)
            ]
            variable.assign(ops.where(due, average.value, variable.value))

    def stateless_apply(self, optimizer_variables, grads, trainable_variables):
        """Runs `apply()` on given values without touching any variable.

        This is what the JAX trainer calls inside `jax.jit`.

        Args:
            optimizer_variables: List of values, one for each variable of
                `self.variables` (same order).
            grads: List of gradients, one for each trainable variable the
                optimizer was built with.
            trainable_variables: List of values of the trainable variables
                the optimizer was built with (same order).

        Returns:
            A tuple `(trainable_variables, optimizer_variables)` of lists of
            the updated values.
        """
        self._ensure_initialized()
        if not self.built:
            raise ValueError(
                f"Optimizer '{self.name}' must be built before "
                "`stateless_apply()`: its variables, whose values it "
                "takes, do not exist yet. Call "
                "`optimizer.build(trainable_variables)` first."
            )
        return apply_on_values(
            self.apply,
            grads,
            self._trainable_variables,
            trainable_variables,
            self._variables,
            optimizer_variables,
        )

    def scale_loss(self, loss):
        """Multiplies `loss` by `loss_scale_factor` (if set).

        The trainer scales the loss before differentiating it; `apply()`
        divides the gradients by the same factor. This avoids underflow of
        small gradients in low precision.

        Args:
            loss: The loss value.

        Returns:
            The scaled loss.
        """
        if self.loss_scale_factor is None:
            return loss
        return loss * self.loss_scale_factor

    def assign(self, variable, value):
        """Sets `variable` to `value`.

        Update rules write their variables through this method (and
        `assign_add()` / `assign_sub()`) rather than through the variable's
        own methods. A sparse `value` (a `BCOO` tensor, as a sparse
        gradient yields) is densified first: its implicit entries count as
        zeros.

        Args:
            variable: The variable to modify.
            value: The new value.
        """
        variable.assign(_densify(value))

    def assign_add(self, variable, value):
        """Adds `value` to `variable`.

        Args:
            variable: The variable to modify.
            value: The value to add; a sparse one changes only the entries
                it stores.
        """
        variable.assign_add(_densify(value))

    def assign_sub(self, variable, value):
        """Subtracts `value` from `variable`.

        Args:
            variable: The variable to modify.
            value: The value to subtract; a sparse one changes only the
                entries it stores.
        """
        variable.assign_sub(_densify(value))

    def _assign_moving_average(self, average, value, decay):
        """Moves the slot `average` towards `value`: sets it to the
        exponential moving average `decay * average + (1 - decay) * value`,
        computed as `average + (value - average) * (1 - decay)` (dense).

        Args:
            average: The slot variable.
            value: The new observation (e.g. the gradient).
            decay: The weight of the old average, a tensor or float.
        """
        self.assign(
            average, average.value + (value - average.value) * (1 - decay)
        )

    # --------------------------------------------------------- weight decay
    def exclude_from_weight_decay(self, var_list=None, var_names=None):
        """Excludes some variables from weight decay.

        Must be called before the optimizer is built. Each call replaces
        the exclusions of the previous one.

        Args:
            var_list: Optional list of variables not to decay.
            var_names: Optional list of regular expressions (usually plain
                substrings such as `"bias"`): variables whose name matches
                any of them are not decayed.

        Example:

        ```python
        optimizer = keras.optimizers.AdamW(weight_decay=0.01)
        optimizer.exclude_from_weight_decay(var_names=["bias", "gamma"])
        ```
        """
        if self.built:
            raise ValueError(
                "Call `exclude_from_weight_decay()` before the optimizer is "
                f"built: optimizer '{self.name}' has already been built "
                "(by its first `apply()`, `build()` or `fit()` step)."
            )
        self._no_decay_ids = {id(v) for v in var_list or ()}
        self._no_decay_pattern = (
            re.compile("|".join(f"(?:{p})" for p in var_names))
            if var_names
            else None
        )

    def _is_decayed(self, variable):
        if id(variable) in self._no_decay_ids:
            return False
        pattern = self._no_decay_pattern
        return pattern is None or pattern.search(variable.name) is None

    # ------------------------------------------------------ end of training
    def finalize_variable_values(self, var_list):
        """Gives the model variables their final values at the end of training.

        With `use_ema=True`, the variables take their moving averages.

        Args:
            var_list: The trainable variables the optimizer was built with.
        """
        if not (self.use_ema and self.built):
            return
        var_list = list(var_list)
        averages = self._model_variables_moving_average
        if len(var_list) != len(averages):
            raise ValueError(
                f"`finalize_variable_values()` got {len(var_list)} "
                f"variables, but optimizer '{self.name}' keeps moving "
                f"averages for {len(averages)}. Pass the trainable "
                "variables the optimizer was built with."
            )
        for variable, average in zip(
            var_list, self._model_variables_moving_average
        ):
            variable.assign(average.value)

    # -------------------------------------------------------- serialization
    def set_weights(self, weights):
        """Sets the values of `variables` from a list of arrays.

        Args:
            weights: One value per entry of `variables`, in order (e.g.
                the `variables` of another optimizer built for the same
                model).
        """
        if not self.built:
            raise ValueError(
                "You are calling `set_weights()` on an optimizer that has "
                "not been built yet: its slot variables do not exist. Call "
                "`optimizer.build(trainable_variables)` first."
            )
        weights = list(weights)
        _check_value_count("weights", weights, self._variables)
        for variable, value in zip(self._variables, weights):
            variable.assign(value)

    def save_own_variables(self, store):
        """Writes the values of `variables` into `store`.

        Args:
            store: A dict-like object; the value of the `i`-th variable is
                stored under the key `str(i)`.
        """
        save_variables_to(store, self._variables)

    def load_own_variables(self, store):
        """Restores `variables` from a `store` written by
        `save_own_variables()`.

        If the number of stored values differs from the number of
        variables, nothing is loaded and a warning is issued.

        Args:
            store: A dict-like object with keys `"0"`, `"1"`, ...
        """
        if len(store.keys()) != len(self._variables):
            hint = (
                " Build the optimizer first, e.g. with "
                "`optimizer.build(model.trainable_variables)`."
                if not self.built
                else ""
            )
            warnings.warn(
                f"Not loading the state of optimizer '{self.name}': the "
                f"store holds {len(store.keys())} values but the optimizer "
                f"has {len(self._variables)} variables.{hint}",
                stacklevel=2,
            )
            return
        for index, variable in enumerate(self._variables):
            variable.assign(store[str(index)])

    def get_config(self):
        """Returns the optimizer's hyperparameters as a serializable dict.

        `from_config()` recreates an equivalent optimizer (without its
        variables' values). Subclasses add their own hyperparameters.

        Returns:
            A Python dict.
        """
        from keras.src.saving import serialization_lib

        if isinstance(self._learning_rate, backend.Variable):
            learning_rate = float(self._learning_rate.numpy())
        else:
            learning_rate = serialization_lib.serialize_keras_object(
                self._learning_rate
            )
        config = {"name": self.name, "learning_rate": learning_rate}
        for key in _SHARED_CONFIG_KEYS + tuple(self._config_attributes):
            config[key] = getattr(self, key)
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None):
        """Creates an optimizer from the output of `get_config()`.

        Args:
            config: A Python dict.
            custom_objects: Optional dict of custom objects (e.g. a custom
                learning rate schedule class) used when deserializing.

        Returns:
            An optimizer instance.
        """
        config = dict(config)
        if isinstance(config.get("learning_rate"), dict):
            from keras.src.saving import serialization_lib

            config["learning_rate"] = (
                serialization_lib.deserialize_keras_object(
                    config["learning_rate"],
                    custom_objects=custom_objects,
                    module_objects=learning_rate_schedule.ALL_SCHEDULES_DICT,
                )
            )
        return cls(**config)

    # ------------------------------------------------------------ internals
    def _ensure_initialized(self):
        if not self.__dict__.get("_super_called", False):
            raise RuntimeError(
                f"{type(self).__name__} is used before "
                "`BaseOptimizer.__init__()` ran. Call "
                "`super().__init__(...)` at the start of your `__init__()`, "
                "before setting attributes or creating variables."
            )

    def __setattr__(self, name, value):
        if name != "_super_called":
            self._ensure_initialized()
        super().__setattr__(name, value)


def _validate_settings(
    clipnorm,
    clipvalue,
    global_clipnorm,
    use_ema,
    ema_momentum,
    ema_overwrite_frequency,
    gradient_accumulation_steps,
):
    """Raises a `ValueError` for an invalid constructor argument."""
    steps = gradient_accumulation_steps
    if steps is not None and (not isinstance(steps, int) or steps < 2):
        raise ValueError(
            "`gradient_accumulation_steps` must be `None` or an integer >= 2 "
            "(the number of calls whose gradients are averaged into one "
            f"update). Received: gradient_accumulation_steps={steps!r}"
        )
    if use_ema:
        if not 0 <= ema_momentum <= 1:
            raise ValueError(
                "`ema_momentum` must be between 0 and 1 (the weight of the "
                "previous average). Received: "
                f"ema_momentum={ema_momentum!r}"
            )
        frequency = ema_overwrite_frequency
        if frequency and (not isinstance(frequency, int) or frequency < 1):
            raise ValueError(
                "`ema_overwrite_frequency` must be `None` or a positive "
                "integer (a number of steps). Received: "
                f"ema_overwrite_frequency={frequency!r}"
            )
    clipping = {
        "clipnorm": clipnorm,
        "clipvalue": clipvalue,
        "global_clipnorm": global_clipnorm,
    }
    chosen = {k: v for k, v in clipping.items() if v is not None}
    if len(chosen) > 1:
        raise ValueError(
            "Only one of `clipnorm`, `clipvalue` and `global_clipnorm` can "
            f"be used at a time. Received: {chosen}. Keep one of them."
        )


def _drop_missing_gradients(grads, variables):
    """Leaves out the variables whose gradient is `None`, with a warning
    unless every gradient is missing."""
    missing = [v.path for g, v in zip(grads, variables) if g is None]
    if not missing:
        return grads, variables
    kept = [(g, v) for g, v in zip(grads, variables) if g is not None]
    if kept:
        warnings.warn(
            f"Gradients do not exist for {missing}: these variables are "
            "left unchanged by this step. They probably do not contribute "
            "to the loss (unused weights, or a model compiled without a "
            "`loss`).",
            stacklevel=3,
        )
    return [g for g, _ in kept], [v for _, v in kept]


def _densify(value):
    """`value`, or its dense form if it is a sparse tensor."""
    if sparse_ops.is_sparse(value):
        return value.todense()
    return value


def _check_value_count(argument, values, variables):
    if len(values) != len(variables):
        raise ValueError(
            f"`{argument}` must hold one value per variable, in order: "
            f"expected {len(variables)} values, received {len(values)}."
        )


def apply_on_values(
    apply_fn, grads, model_variables, model_values, own_variables, own_values
):
    """Runs `apply_fn(grads)` with every variable standing for a given value.

    The body of `stateless_apply()`, shared by the optimizer wrappers: no
    variable is written, the new values are read back from the scope.

    Args:
        apply_fn: The `apply()` method to run.
        grads: The gradients passed to `apply_fn`.
        model_variables: The trainable variables the optimizer updates.
        model_values: One value for each of `model_variables`.
        own_variables: The optimizer's variables.
        own_values: One value for each of `own_variables`.

    Returns:
        A tuple `(model_values, own_values)` of lists of the updated values
        (the given value where a variable was not assigned).
    """
    _check_value_count("optimizer_variables", own_values, own_variables)
    _check_value_count("trainable_variables", model_values, model_variables)
    given = list(zip(model_variables, model_values))
    given += list(zip(own_variables, own_values))
    with backend.StatelessScope(state_mapping=given) as scope:
        apply_fn(grads)

    def updated(variables, old_values):
        new_values = []
        for variable, old in zip(variables, old_values):
            new = scope.get_current_value(variable)
            new_values.append(old if new is None else new)
        return new_values

    return (
        updated(model_variables, model_values),
        updated(own_variables, own_values),
    )


def save_variables_to(store, variables):
    """Writes the value of the `i`-th of `variables` under `str(i)`.

    Args:
        store: A dict-like object.
        variables: The variables to save, in order.
    """
    for index, variable in enumerate(variables):
        store[str(index)] = variable.numpy()


def load_variables_from(store, variables, owner_name):
    """Restores `variables` from a `store` written by `save_variables_to()`.

    The strict variant used by the optimizer wrappers: a store holding a
    different number of values is an error.

    Args:
        store: A dict-like object with keys `"0"`, `"1"`, ...
        variables: The variables to restore, in order.
        owner_name: The name of the optimizer, for the error message.
    """
    if len(store.keys()) != len(variables):
        raise ValueError(
            f"Cannot load the state of '{owner_name}': the store holds "
            f"{len(store.keys())} values for {len(variables)} "
            "variables. Build the optimizer first."
        )
    for index, variable in enumerate(variables):
        variable.assign(store[str(index)])


def _keep_changes_where(condition, update_fn, variables):
    """Runs `update_fn()` on a scratch copy of `variables`, then writes each
    value it changed back only where `condition` holds (elsewhere the
    variable keeps its old value). Both outcomes are computed, so this
    needs no Python branch on the (possibly traced) `condition`."""
    scratch_state = [(v, v.value) for v in variables]
    with backend.StatelessScope(state_mapping=scratch_state) as scratch:
        before = [scratch.get_current_value(v) for v in variables]
        update_fn()
    for variable, old in zip(variables, before):
        new = scratch.get_current_value(variable)
        if new is not old:
            variable.assign(ops.where(condition, new, variable.value))


def _clip_to_norm(value, limit):
    """`value` rescaled so that its L2 norm is at most `limit`."""
    norm = ops.sqrt(ops.sum(ops.square(value), keepdims=True))
    return ops.multiply(value, limit) / ops.maximum(norm, limit)


def _clip_to_global_norm(values, limit):
    """`values` all rescaled by one factor so that the L2 norm of their
    concatenation is at most `limit` (a non-finite norm gives NaNs)."""
    squared = [ops.sum(ops.square(ops.cast(v, "float32"))) for v in values]
    total = squared[0]
    for term in squared[1:]:
        total = total + term
    factor = limit / ops.maximum(ops.sqrt(total), limit)
    return [value * ops.cast(factor, value.dtype) for value in values]
