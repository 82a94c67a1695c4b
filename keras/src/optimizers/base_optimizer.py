"""`BaseOptimizer`: variables, clipping, weight decay and the stateless API."""

import re
import warnings

from keras.src import backend
from keras.src import initializers
from keras.src import ops
from keras.src.optimizers.schedules import learning_rate_schedule
from keras.src.utils.naming import auto_name


class BaseOptimizer:
    """Base class of the optimizers.

    An optimizer owns an `iterations` counter, a learning rate (a variable,
    unless it is a schedule or a callable) and per-variable slot variables,
    created by `build(var_list)`. `apply(grads, trainable_variables)`
    clips the gradients, applies decoupled weight decay, calls
    `update_step(gradient, variable, learning_rate)` for each variable and
    increments `iterations`. `stateless_apply()` does the same on given
    values, for use inside `jax.jit`.

    Subclasses create their slots in `build()` (calling `super().build()`
    first) and implement `update_step()`.

    Args:
        learning_rate: A float, a
            `keras.optimizers.schedules.LearningRateSchedule` (called with
            `iterations` at each step), or a callable without arguments
            returning the learning rate.
        weight_decay: Float or `None`. If set, before each update,
            `variable -= variable * weight_decay * learning_rate` (for the
            variables not excluded with `exclude_from_weight_decay()`).
        clipnorm: Float or `None`. If set, each gradient is rescaled so that
            its L2 norm is at most `clipnorm`.
        clipvalue: Float or `None`. If set, gradients are clipped
            element-wise to `[-clipvalue, clipvalue]`.
        global_clipnorm: Float or `None`. If set, all gradients are rescaled
            by one factor so that their global L2 norm is at most
            `global_clipnorm`. At most one of the three clipping arguments
            may be set.
        use_ema: Whether to keep an exponential moving average (EMA) of the
            trainable variables.
        ema_momentum: Float in `[0, 1]`:
            `average = ema_momentum * average + (1 - ema_momentum) * value`
            (the first step copies the value).
        ema_overwrite_frequency: Int or `None`. With `use_ema`, every that
            many steps the variables are replaced by their averages; with
            `None` only `finalize_variable_values()` does it.
        loss_scale_factor: Float or `None`. If set, `scale_loss()`
            multiplies the loss by it and `apply()` divides the gradients by
            it (against underflow in low precision).
        gradient_accumulation_steps: Int >= 2 or `None`. If set, gradients
            are accumulated and the variables are updated once every that
            many steps, with the mean of the accumulated gradients.
        name: Name of the optimizer, the name scope of its variables.
    """

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
        self._super_called = True
        if kwargs.pop("decay", None) is not None:
            warnings.warn(
                "Argument `decay` is no longer supported and will be ignored.",
                stacklevel=2,
            )
        if kwargs:
            raise ValueError(f"Argument(s) not recognized: {kwargs}")

        if name is None:
            name = auto_name(self.__class__.__name__)
        self.name = name
        self.weight_decay = weight_decay
        self.clipnorm = clipnorm
        self.global_clipnorm = global_clipnorm
        self.clipvalue = clipvalue
        self.use_ema = use_ema
        self.loss_scale_factor = loss_scale_factor
        self.gradient_accumulation_steps = gradient_accumulation_steps

        if gradient_accumulation_steps is not None:
            if (
                not isinstance(gradient_accumulation_steps, int)
                or gradient_accumulation_steps < 2
            ):
                raise ValueError(
                    "`gradient_accumulation_steps` must be an integer >= 2. "
                    "Received: gradient_accumulation_steps="
                    f"{gradient_accumulation_steps}"
                )
        if use_ema:
            # Verify the arguments related to EMA.
            if ema_momentum > 1 or ema_momentum < 0:
                raise ValueError(
                    "`ema_momentum` must be in the range [0, 1]. "
                    f"Received: ema_momentum={ema_momentum}"
                )
            if ema_overwrite_frequency and (
                not isinstance(ema_overwrite_frequency, int)
                or ema_overwrite_frequency < 1
            ):
                raise ValueError(
                    "`ema_overwrite_frequency` must be an integer >= 1 or "
                    "None. Received: ema_overwrite_frequency="
                    f"{ema_overwrite_frequency}"
                )
        self.ema_momentum = ema_momentum
        self.ema_overwrite_frequency = ema_overwrite_frequency

        clip_args_sum = sum(
            a is not None for a in [clipnorm, clipvalue, global_clipnorm]
        )
        if clip_args_sum > 1:
            raise ValueError(
                "Only one of `clipnorm`, `clipvalue` and `global_clipnorm` "
                f"can be set. Received: clipnorm={clipnorm}, "
                f"clipvalue={clipvalue}, global_clipnorm={global_clipnorm}"
            )
        self.built = False

        # Set up variable tracking.
        self._variables = []
        self._trainable_variables = []
        self._trainable_variables_indices = {}
        self._exclude_from_weight_decay = set()
        self._exclude_from_weight_decay_pattern = None

        # Create iteration variable
        # Note: dtype="int" resolves to int32 (JAX without x64).
        with backend.name_scope(self.name, caller=self):
            iterations = backend.Variable(
                0,
                name="iteration",
                shape=(),
                dtype="int32",
                trainable=False,
                aggregation="only_first_replica",
            )
        self._track_variable(iterations)
        self._iterations = iterations

        # Create learning rate (schedule or variable)
        if isinstance(
            learning_rate, learning_rate_schedule.LearningRateSchedule
        ):
            self._learning_rate = learning_rate
        elif callable(learning_rate):
            self._learning_rate = learning_rate
        else:
            if not isinstance(learning_rate, (float, int)) and not hasattr(
                learning_rate, "dtype"
            ):
                raise ValueError(
                    "Argument `learning_rate` should be float, or an "
                    "instance of LearningRateSchedule, or a callable (that "
                    "takes in the current iteration value and returns the "
                    "corresponding learning rate value). "
                    f"Received instead: learning_rate={learning_rate}"
                )
            with backend.name_scope(self.name, caller=self):
                learning_rate = backend.Variable(
                    float(learning_rate),
                    name="learning_rate",
                    shape=(),
                    dtype=backend.floatx(),
                    trainable=False,
                    aggregation="only_first_replica",
                )
            self._track_variable(learning_rate)
            self._learning_rate = learning_rate

    @property
    def iterations(self):
        """The number of `apply()` calls so far (a scalar `Variable`)."""
        return self._iterations

    def _track_variable(self, variable):
        self._variables.append(variable)

    def _var_key(self, variable):
        return id(variable)

    def build(self, variables):
        """Creates the optimizer's slot variables for `variables`.

        Subclasses call `super().build(variables)` first, then create their
        own slots with `add_variable_from_reference()`.

        Args:
            variables: The list of trainable variables to optimize.
        """
        if self.use_ema:
            self._model_variables_moving_average = self.add_optimizer_variables(
                variables, "average"
            )
        if self.gradient_accumulation_steps:
            self._accumulated_gradients = []
            for variable in variables:
                self._accumulated_gradients.append(
                    self.add_variable_from_reference(
                        variable, name="gradient_accumulator"
                    )
                )
        self._trainable_variables = list(variables)
        self._trainable_variables_indices = {
            self._var_key(variable): i for i, variable in enumerate(variables)
        }
        self.built = True

    @property
    def variables(self):
        """All optimizer variables: `iterations`, the learning rate variable
        (if the learning rate is a float), then the slot variables in the
        order they were created."""
        return self._variables[:]

    def _get_variable_index(self, variable):
        return self._trainable_variables_indices[self._var_key(variable)]

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

        The variable is created under the optimizer's name scope (its `path` is
        `"<optimizer name>/<name>"`) and appended to `variables`.

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
        self._check_super_called()
        initializer = initializers.get(initializer)
        with backend.name_scope(self.name, caller=self):
            variable = backend.Variable(
                initializer=initializer,
                shape=shape,
                dtype=dtype,
                trainable=False,
                aggregation=aggregation,
                layout=layout,
                name=name,
            )
        self._track_variable(variable)
        return variable

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
        name = name or "var"
        if hasattr(reference_variable, "path"):
            name = reference_variable.path.replace("/", "_") + "_" + name
        else:
            name = (
                str(reference_variable.name).replace("/", "_").replace(":", "_")
                + "_"
                + name
            )
        return self.add_variable(
            shape=reference_variable.shape,
            initializer=initializer,
            dtype=reference_variable.dtype,
            name=name,
            layout=getattr(reference_variable, "_layout", None),
        )

    def add_optimizer_variables(
        self, trainable_variables, name, initializer="zeros"
    ):
        """Add optimizer variables from the list of trainable model variables.

        Args:
            trainable_variables: `keras.Variable` list: the model variables.
            name: String or list of strings: the name suffix(es) of the
                optimizer variables to create for each model variable.
            initializer: Initializer (or list of initializers, one per
                name). Defaults to `"zeros"`.

        Returns:
            A list of optimizer variables (one per trainable variable) if
            `name` is a string, else a tuple of such lists, one per name.
            Variables are created variable by variable (all the slots of a
            variable, then those of the next one).
        """
        if isinstance(name, str):
            names = [name]
            inits = [initializer]
        else:
            names = list(name)
            if isinstance(initializer, (list, tuple)):
                inits = list(initializer)
            else:
                inits = [initializer] * len(names)
        slots = tuple([] for _ in names)
        for variable in trainable_variables:
            overwrite = getattr(variable, "overwrite_with_gradient", False)
            for i, (slot_name, init) in enumerate(zip(names, inits)):
                if overwrite:
                    slots[i].append(None)
                else:
                    slots[i].append(
                        self.add_variable_from_reference(
                            variable, name=slot_name, initializer=init
                        )
                    )
        if isinstance(name, str):
            return slots[0]
        return slots

    def _check_variables_are_known(self, variables):
        for v in variables:
            if self._var_key(v) not in self._trainable_variables_indices:
                raise ValueError(
                    f"Unknown variable: {v}. This optimizer can only "
                    "be called for the variables it was originally built "
                    "with. When working with a new set of variables, you "
                    "should recreate a new optimizer instance."
                )

    def assign(self, variable, value):
        """Assign a value to a variable."""
        variable.assign(value)

    def assign_add(self, variable, value):
        """Add a value to a variable."""
        variable.assign_add(value)

    def assign_sub(self, variable, value):
        """Subtract a value from a variable."""
        variable.assign_sub(value)

    def update_step(self, gradient, variable, learning_rate):
        """Updates `variable` (and the slots) from its `gradient`.

        Args:
            gradient: The gradient of `variable`.
            variable: The variable to update.
            learning_rate: The current learning rate (a tensor, or a
                variable).
        """
        raise NotImplementedError

    def apply_gradients(self, grads_and_vars):
        """Applies `(gradient, variable)` pairs; returns `iterations`.

        Args:
            grads_and_vars: A list of `(gradient, variable)` pairs.

        Returns:
            The `iterations` variable.
        """
        grads, trainable_variables = zip(*grads_and_vars)
        self.apply(grads, trainable_variables)
        # Return iterations for compat with tf.keras.
        return self._iterations

    def apply(self, grads, trainable_variables=None):
        """Updates the trainable variables from their gradients.

        On the first call, `trainable_variables` builds the optimizer
        (creates its slot variables). Later calls may omit it, in which
        case `grads` must match, one to one, the variables the optimizer
        was built with.

        Args:
            grads: List of gradients (`None` entries are skipped).
            trainable_variables: Optional list of the variables to update.
                Defaults to the variables the optimizer was built with.
        """
        if len(grads) == 0:
            # It is possible that the grad is empty. In this case,
            # `apply_gradients` is a no-op.
            return

        if trainable_variables is None:
            if not self.built:
                raise ValueError(
                    "When passing `grads` without `variables`, the optimizer "
                    "must already be built on a list of variables. "
                    "Call `optimizer.build(trainable_variables)` first. "
                )
            if len(grads) != len(self._trainable_variables_indices):
                raise ValueError(
                    "When passing `grads` as a list of gradient tensors, the "
                    f"gradients must match `optimizer.variables` one-to-on. "
                    f"Received a list of {len(grads)} gradients, but the "
                    f"optimizer is tracking {len(self._trainable_variables)} "
                    "trainable variables."
                )
            trainable_variables = self._trainable_variables
        else:
            trainable_variables = list(trainable_variables)
            # Optionally build optimizer.
            if not self.built:
                with backend.name_scope(self.name, caller=self):
                    self.build(trainable_variables)
                self.built = True
            self._check_variables_are_known(trainable_variables)

        with backend.name_scope(self.name, caller=self):
            # Overwrite targeted variables directly with their gradients if
            # their `overwrite_with_gradient` is set.
            grads, trainable_variables = (
                self._overwrite_variables_directly_with_gradients(
                    grads, trainable_variables
                )
            )

            # Filter empty gradients.
            grads, trainable_variables = self._filter_empty_gradients(
                grads, trainable_variables
            )
            if len(list(grads)) == 0:
                return

            # Unscale gradients.
            scale = self.loss_scale_factor
            if scale is not None:
                grads = [g if g is None else g / scale for g in grads]

            # Apply gradient updates.
            self._backend_apply_gradients(grads, trainable_variables)
            # Apply variable constraints after applying gradients.
            for variable in trainable_variables:
                constraint = getattr(variable, "constraint", None)
                if constraint is not None:
                    variable.assign(constraint(variable))

    def _backend_apply_gradients(self, grads, trainable_variables):
        """Clipping, weight decay, `update_step`s, EMA, `iterations += 1`.

        With `gradient_accumulation_steps`, the update is computed on every
        call from the averaged accumulated gradients, and only committed
        (with `ops.where`) on every `gradient_accumulation_steps`-th call,
        which keeps the function free of Python control flow on traced
        values (it runs inside `jax.jit`).
        """
        if self.gradient_accumulation_steps:
            steps = self.gradient_accumulation_steps
            is_update_step = ops.equal(ops.mod(self._iterations + 1, steps), 0)
            acc_grads = [
                self._accumulated_gradients[self._get_variable_index(v)]
                for v in trainable_variables
            ]
            averaged = [
                (ops.cast(g, acc.dtype) + acc) / steps
                for g, acc in zip(grads, acc_grads)
            ]
            # Compute the update in a nested scope and commit it only on an
            # update step.
            acc_ids = {id(acc) for acc in acc_grads}
            tracked = list(trainable_variables) + [
                v for v in self._variables if id(v) not in acc_ids
            ]
            mapping = [(v, v.value) for v in tracked]
            with backend.StatelessScope(state_mapping=mapping) as scope:
                initial = [scope.get_current_value(v) for v in tracked]
                self._clip_decay_and_update(averaged, trainable_variables)
                self._update_model_variables_moving_average(trainable_variables)
            for v, old in zip(tracked, initial):
                new_v = scope.get_current_value(v)
                if new_v is not old:
                    v.assign(ops.where(is_update_step, new_v, v.value))
            for g, acc in zip(grads, acc_grads):
                new_acc = acc.value + ops.cast(g, acc.dtype)
                acc.assign(
                    ops.where(is_update_step, ops.zeros_like(new_acc), new_acc)
                )
        else:
            self._clip_decay_and_update(grads, trainable_variables)
            self._update_model_variables_moving_average(trainable_variables)

        if self.use_ema and self.ema_overwrite_frequency:
            should_overwrite = ops.equal(
                ops.mod(self._iterations + 1, self.ema_overwrite_frequency), 0
            )
            for var in trainable_variables:
                average = self._model_variables_moving_average[
                    self._get_variable_index(var)
                ]
                var.assign(
                    ops.where(should_overwrite, average.value, var.value)
                )

        self._iterations.assign_add(1)

    def _clip_decay_and_update(self, grads, trainable_variables):
        grads = self._clip_gradients(grads)
        self._apply_weight_decay(trainable_variables)
        self._backend_update_step(
            grads, trainable_variables, self.learning_rate
        )

    def _backend_update_step(self, grads, trainable_variables, learning_rate):
        """Collective update_step that can be overridden by the backend."""
        for grad, var in zip(grads, trainable_variables):
            self.update_step(grad, var, learning_rate)

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
        self._check_super_called()

        if not self.built:
            raise ValueError(
                f"To call `stateless_apply`, {self.__class__.__name__} "
                "must be built (i.e. its variables must have been created). "
                "You can build it via `optimizer.build(trainable_variables)`."
            )
        if len(optimizer_variables) != len(self.variables):
            raise ValueError(
                "Argument `optimizer_variables` must be a list of tensors "
                f"corresponding 1:1 to {self.__class__.__name__}().variables. "
                f"Received list with length {len(optimizer_variables)}, but "
                f"expected {len(self.variables)} variables."
            )
        if len(trainable_variables) != len(self._trainable_variables):
            raise ValueError(
                "Argument `optimizer_variables` must be a list of tensors "
                "corresponding 1:1 to the trainable variables list that "
                "the optimizer was built with. Received "
                f"len(trainable_variables) == {len(trainable_variables)} "
                "whereas the optimizer was built with "
                f"{len(self._trainable_variables)} variables."
            )

        # Gather variable mapping
        mapping = list(
            zip(self._trainable_variables, trainable_variables)
        ) + list(zip(self.variables, optimizer_variables))

        # Call in stateless scope
        with backend.StatelessScope(state_mapping=mapping) as scope:
            self.apply(grads)

        # Gather updated variables
        new_trainable_variables = []
        for v, old in zip(self._trainable_variables, trainable_variables):
            new_v = scope.get_current_value(v)
            new_trainable_variables.append(new_v if new_v is not None else old)
        new_optimizer_variables = []
        for v, old in zip(self.variables, optimizer_variables):
            new_v = scope.get_current_value(v)
            new_optimizer_variables.append(new_v if new_v is not None else old)
        return new_trainable_variables, new_optimizer_variables

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
        if self.loss_scale_factor is not None:
            return loss * self.loss_scale_factor
        return loss

    @property
    def learning_rate(self):
        """The current learning rate: the variable, or the schedule's value
        at the current `iterations`."""
        return self._get_current_learning_rate()

    @learning_rate.setter
    def learning_rate(self, learning_rate):
        if isinstance(
            learning_rate, learning_rate_schedule.LearningRateSchedule
        ) or callable(learning_rate):
            self._learning_rate = learning_rate
        else:
            if isinstance(
                self._learning_rate,
                learning_rate_schedule.LearningRateSchedule,
            ) or not isinstance(self._learning_rate, backend.Variable):
                raise TypeError(
                    "This optimizer was created with a `LearningRateSchedule`"
                    " object as its `learning_rate` constructor argument, "
                    "hence its learning rate is not settable. If you need the"
                    " learning rate to be settable, you should instantiate "
                    "the optimizer with a float `learning_rate` argument."
                )
            self._learning_rate.assign(learning_rate)

    def _get_current_learning_rate(self):
        if isinstance(
            self._learning_rate, learning_rate_schedule.LearningRateSchedule
        ):
            return self._learning_rate(self._iterations)
        elif isinstance(self._learning_rate, backend.Variable):
            return self._learning_rate
        elif callable(self._learning_rate):
            return self._learning_rate()
        return self._learning_rate

    def _overwrite_variables_directly_with_gradients(self, grads, vars):
        """Variables with `overwrite_with_gradient=True` take the gradient's
        value (used e.g. for float8 scaling factors) and are removed from
        the regular update."""
        filtered_grads = list(grads)
        filtered_vars = list(vars)
        for i in range(len(filtered_grads) - 1, -1, -1):
            g, v = filtered_grads[i], filtered_vars[i]
            if getattr(v, "overwrite_with_gradient", False) and g is not None:
                v.assign(ops.cast(g, v.dtype))
                filtered_grads.pop(i)
                filtered_vars.pop(i)
        return filtered_grads, filtered_vars

    def _filter_empty_gradients(self, grads, vars):
        filtered_grads = []
        filtered_vars = []
        missing = []
        for g, v in zip(grads, vars):
            if g is None:
                missing.append(v)
            else:
                filtered_grads.append(g)
                filtered_vars.append(v)
        if missing and filtered_grads:
            warnings.warn(
                "Gradients do not exist for variables "
                f"{[v.path for v in missing]} when minimizing the loss."
                " If using `model.compile()`, did you forget to provide a "
                "`loss` argument?",
                stacklevel=3,
            )
        return filtered_grads, filtered_vars

    def _clip_gradients(self, grads):
        if self.clipnorm and self.clipnorm > 0:
            return [
                self._clip_by_norm(g) if g is not None else g for g in grads
            ]
        elif self.global_clipnorm and self.global_clipnorm > 0:
            return clip_by_global_norm(grads, self.global_clipnorm)
        elif self.clipvalue and self.clipvalue > 0:
            v = self.clipvalue
            return [ops.clip(g, -v, v) if g is not None else g for g in grads]
        else:
            return grads

    def exclude_from_weight_decay(self, var_list=None, var_names=None):
        """Excludes some variables from weight decay.

        Must be called before the optimizer is built.

        Args:
            var_list: Optional list of variables not to decay.
            var_names: Optional list of regular expressions (usually plain
                substrings such as `"bias"`): variables whose name matches
                any of them are not decayed.
        """
        if self.built:
            raise ValueError(
                "`exclude_from_weight_decay()` can only be configured before "
                "the optimizer is built."
            )
        if var_list:
            self._exclude_from_weight_decay = set(
                self._var_key(variable) for variable in var_list
            )
        else:
            self._exclude_from_weight_decay = set()
        if var_names and len(var_names) > 0:
            self._exclude_from_weight_decay_pattern = re.compile(
                "|".join(set(var_names))
            )
        else:
            self._exclude_from_weight_decay_pattern = None

    def _use_weight_decay(self, variable):
        variable_id = self._var_key(variable)
        if variable_id in self._exclude_from_weight_decay:
            return False
        if self._exclude_from_weight_decay_pattern is not None:
            if (
                re.search(
                    self._exclude_from_weight_decay_pattern, variable.name
                )
                is not None
            ):
                return False
        return True

    def _apply_weight_decay(self, variables):
        if self.weight_decay is None:
            return
        for variable in variables:
            if self._use_weight_decay(variable):
                lr = ops.cast(self.learning_rate, variable.dtype)
                wd = ops.cast(self.weight_decay, variable.dtype)
                variable.assign(variable.value - variable.value * wd * lr)

    def _check_super_called(self):
        if not self.__dict__.get("_super_called", False):
            raise RuntimeError(
                f"Optimizer '{self.__class__.__name__}' was used before "
                "`super().__init__()` was called: call it first in your "
                "`__init__()`."
            )

    def _update_model_variables_moving_average(self, trainable_variables):
        """Update the stored moving average using the latest value."""
        if not self.use_ema:
            return
        not_first_step = ops.not_equal(self._iterations, 0)
        for var in trainable_variables:
            average = self._model_variables_moving_average[
                self._get_variable_index(var)
            ]
            momentum = ops.cast(not_first_step, var.dtype) * self.ema_momentum
            average.assign(
                momentum * average.value + (1 - momentum) * var.value
            )

    def _overwrite_model_variables_with_average_value(
        self, trainable_variables
    ):
        """Overwrite model variables with its moving average."""
        if len(trainable_variables) != len(
            self._model_variables_moving_average
        ):
            raise ValueError(
                f"The length of model variables ({len(trainable_variables)}) "
                "to override does not match the length of model variables "
                "stored in the optimizer "
                f"({len(self._model_variables_moving_average)}). Please "
                "check if the optimizer was called on your model."
            )
        for var, average_var in zip(
            trainable_variables, self._model_variables_moving_average
        ):
            var.assign(average_var.value)

    def finalize_variable_values(self, var_list):
        """Gives the model variables their final values at the end of training.

        With `use_ema=True`, the variables take their moving averages.

        Args:
            var_list: The trainable variables the optimizer was built with.
        """
        if self.use_ema:
            self._overwrite_model_variables_with_average_value(var_list)

    def _clip_by_norm(self, values, axes=None):
        return clip_by_norm(values, self.clipnorm, axes=axes)

    def save_own_variables(self, store):
        """Get the state of this optimizer object."""
        for i, variable in enumerate(self.variables):
            store[str(i)] = variable.numpy()

    def load_own_variables(self, store):
        """Set the state of this optimizer object."""
        if len(store.keys()) != len(self.variables):
            msg = (
                f"Skipping variable loading for optimizer '{self.name}', "
                f"because it has {len(self.variables)} variables whereas "
                f"the saved optimizer has {len(store.keys())} variables. "
            )
            if len(self.variables) == 0:
                msg += (
                    "This is likely because the optimizer has not been "
                    "called/built yet."
                )
            warnings.warn(msg, stacklevel=2)
            return
        for i, variable in enumerate(self.variables):
            variable.assign(store[str(i)])

    def get_config(self):
        """Returns the optimizer's hyperparameters as a serializable dict.

        `from_config()` recreates an equivalent optimizer (without its
        variables' values). Subclasses add their own hyperparameters.

        Returns:
            A Python dict.
        """
        from keras.src.saving import serialization_lib

        if isinstance(
            self._learning_rate, learning_rate_schedule.LearningRateSchedule
        ):
            learning_rate = serialization_lib.serialize_keras_object(
                self._learning_rate
            )
        elif isinstance(self._learning_rate, backend.Variable):
            learning_rate = float(self._learning_rate.numpy())
        elif callable(self._learning_rate):
            learning_rate = serialization_lib.serialize_keras_object(
                self._learning_rate
            )
        else:
            learning_rate = float(self._learning_rate)

        config = {
            "name": self.name,
            "learning_rate": learning_rate,
            "weight_decay": self.weight_decay,
            "clipnorm": self.clipnorm,
            "global_clipnorm": self.global_clipnorm,
            "clipvalue": self.clipvalue,
            "use_ema": self.use_ema,
            "ema_momentum": self.ema_momentum,
            "ema_overwrite_frequency": self.ema_overwrite_frequency,
            "loss_scale_factor": self.loss_scale_factor,
            "gradient_accumulation_steps": self.gradient_accumulation_steps,
        }
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
        if "learning_rate" in config:
            if isinstance(config["learning_rate"], dict):
                from keras.src.saving import serialization_lib

                config["learning_rate"] = (
                    serialization_lib.deserialize_keras_object(
                        config["learning_rate"],
                        custom_objects=custom_objects,
                        module_objects=(
                            learning_rate_schedule.ALL_SCHEDULES_DICT
                        ),
                    )
                )
        return cls(**config)

    def __setattr__(self, name, value):
        # Attributes set before `super().__init__()` would be state the
        # optimizer doesn't know about: fail early instead.
        if name != "_super_called":
            self._check_super_called()
        return super().__setattr__(name, value)

    def _obj_type(self):
        return "Optimizer"


def clip_by_norm(values, clip_norm, axes=None):
    """Rescales `values` so that their L2 norm is at most `clip_norm`.

    `values * clip_norm / max(norm, clip_norm)`; a zero tensor stays zero
    (and has finite gradients).
    """
    squared = ops.sum(ops.square(values), axes, keepdims=True)
    positive = ops.greater(squared, 0)
    norm = ops.where(
        positive,
        ops.sqrt(ops.where(positive, squared, ops.ones_like(squared))),
        squared,
    )
    return ops.multiply(values, clip_norm) / ops.maximum(norm, clip_norm)


def global_norm(value_list):
    """The L2 norm of all the tensors of `value_list` taken together."""
    total = None
    for value in value_list:
        if value is None:
            continue
        squared = ops.sum(ops.square(ops.cast(value, "float32")))
        total = squared if total is None else total + squared
    return ops.sqrt(total)


def clip_by_global_norm(value_list, clip_norm):
    """Rescales the tensors of `value_list` by a common factor so that their
    global norm is at most `clip_norm`.

    The factor is `clip_norm / max(global_norm, clip_norm)`; a non-finite
    global norm gives NaN values.
    """
    norm = global_norm(value_list)
    scale = clip_norm / ops.maximum(norm, clip_norm)
    return [
        None if v is None else v * ops.cast(scale, v.dtype) for v in value_list
    ]
