"""JAX trainer: `fit`, `evaluate` and `predict` for `keras.Model`.

Each loop runs one pure step function, jitted once and cached:

    train_step(state, data) -> (logs, new_state)
    state = TrainState(trainable_variables, non_trainable_variables,
                       optimizer_variables, metrics_variables)

(named tuples of lists of values; `test_step` takes a `EvaluateState`,
`predict_step` a `PredictState`).

The state is read from the variables when a loop starts (lazily, at the
first batch of each epoch), and the variables then let go of those buffers
(`variable._value` is `None`: the buffers are donated to the steps). It is
written back (`variable.assign`) at the end of each epoch, at the end of the
loop and whenever a callback accesses `callback.model`
(`jax_state_sync()`); after such a sync the next step reads the variables
again, so that a callback may change them between batches.

With `steps_per_execution=n`, each execution is one call of a jitted
function that runs the step on n consecutive batches, stacked and looped
over by `jax.lax.scan` (the step is traced once; a shorter last group
compiles once more), and the callbacks' batch hooks run once per
execution.

Data path, fit() to devices: the `JAXEpochIterator` takes NumPy batches
from a data adapter (a tf.data dataset goes through
`distribution.distribute_dataset`) and passes them through
`keras.src.distribution.data_input.distribute_batches`, which (one batch
ahead, on a background thread) checks that the processes agree, pads a
partial batch and turns every leaf into a
global `jax.Array` laid out by `distribution.get_data_layout` (a plain
device array without a distribution). Each batch reaches the step
functions as `(data, valid_rows)`; the step runs under
`valid_rows.scope(valid_rows)` so that padded rows are left out of the
losses and metrics, and `predict()` drops them from its outputs. The
jitted step consumes the batch together with the state, whose arrays keep
their variables' shardings.
"""

import contextlib
import typing
import warnings

import jax
import jax.numpy as jnp
import numpy as np

from keras.src import backend
from keras.src import tree
from keras.src.callbacks.callback import DeferredLogs
from keras.src.callbacks.callback_list import CallbackList
from keras.src.distribution import data_input
from keras.src.distribution import distribution_lib
from keras.src.distribution import layout_report
from keras.src.trainers import trainer as base_trainer
from keras.src.trainers import valid_rows
from keras.src.trainers.data_adapters import data_adapter_utils
from keras.src.trainers.data_adapters.array_data_adapter import ArrayDataAdapter
from keras.src.trainers.epoch_iterator import EpochIterator
from keras.src.trainers.epoch_iterator import _config_limit
from keras.src.trainers.trainer import Trainer


class TrainState(typing.NamedTuple):
    """The state `train_step` takes and returns: lists of values, in the
    order of the model's, the optimizer's and the metrics' variables. It
    is a tuple, so an override may unpack it and return a plain tuple."""

    trainable_variables: list
    non_trainable_variables: list
    optimizer_variables: list
    metrics_variables: list


class EvaluateState(typing.NamedTuple):
    """The state of `test_step` (see `TrainState`)."""

    trainable_variables: list
    non_trainable_variables: list
    metrics_variables: list


class PredictState(typing.NamedTuple):
    """The state of `predict_step` (see `TrainState`)."""

    trainable_variables: list
    non_trainable_variables: list


class JAXTrainer(Trainer):
    def __init__(self):
        super().__init__()
        # The loop state lives in a plain object, so that the variables it
        # references are not tracked as the model's own.
        self._jax_loop = _LoopState()
        self._eval_epoch_iterator = None
        # The training data of the running `fit()`, for callbacks that
        # save and restore its shuffling (`BackupAndRestore`).
        self._train_epoch_iterator = None
        self._logs_order = None
        # The distribution whose layout map was last checked for unused
        # rules (see `_warn_unused_layout_rules`).
        self._layout_checked_for = None

    # ------------------------------------------------------------ the steps
    def compute_loss_and_updates(
        self,
        trainable_variables,
        non_trainable_variables,
        metrics_variables,
        x,
        y,
        sample_weight,
        training=False,
        optimizer_variables=None,
    ):
        """Forward pass and loss, purely (the function differentiated by
        `train_step`).

        Args:
            trainable_variables: Values of `self.trainable_variables`.
            non_trainable_variables: Values of
                `self.non_trainable_variables`.
            metrics_variables: Values of `self.metrics_variables` (the
                loss computation may update metrics, e.g. the per-output
                loss trackers).
            x, y, sample_weight: The batch.
            training: Whether the forward pass runs in training mode.
            optimizer_variables: Values of `self.optimizer.variables`,
                read when the optimizer scales the loss (mixed precision).

        Returns:
            `(loss, (unscaled_loss, y_pred, non_trainable_variables,
            metrics_variables))`; `loss` is scaled by the optimizer when
            training with loss scaling, `unscaled_loss` is the plain one.
        """
        y_pred, non_trainable_variables, losses = self.stateless_call(
            trainable_variables,
            non_trainable_variables,
            x,
            training=training,
            return_losses=True,
        )
        # Padded rows of a partial batch stay out of the losses.
        y_pred = valid_rows.mask_outputs(y_pred)
        # `self.losses` (read by `compute_loss`) are the forward pass's.
        previous = self._losses_override
        self._losses_override = losses
        try:
            loss, variables = self.stateless_compute_loss(
                trainable_variables,
                non_trainable_variables,
                metrics_variables,
                x=x,
                y=y,
                y_pred=y_pred,
                sample_weight=sample_weight,
                training=training,
            )
        finally:
            self._losses_override = previous
        _, non_trainable_variables, metrics_variables = variables
        unscaled_loss = loss
        optimizer = self.optimizer
        if training and optimizer is not None:
            scale_loss = getattr(optimizer, "scale_loss", None)
            if scale_loss is not None:
                mapping = []
                if optimizer_variables is not None:
                    mapping = list(
                        zip(optimizer.variables, optimizer_variables)
                    )
                with backend.StatelessScope(state_mapping=mapping):
                    loss = scale_loss(loss)
        return loss, (
            unscaled_loss,
            y_pred,
            non_trainable_variables,
            metrics_variables,
        )

    def _stateless_update_metrics(
        self, metrics_variables, loss, x, y, y_pred, sample_weight
    ):
        """Updates the loss tracker and the compiled metrics statelessly;
        returns `(logs, new_metrics_variables)`."""
        refs = self.metrics_variables
        mapping = list(zip(refs, metrics_variables))
        with backend.StatelessScope(state_mapping=mapping) as scope:
            if self._loss_tracker is not None:
                self._loss_tracker.update_state(
                    loss, sample_weight=valid_rows.count(_batch_size(x))
                )
            logs = self.compute_metrics(x, y, y_pred, sample_weight)
        return logs, base_trainer._current_values(
            scope, refs, metrics_variables
        )

    def train_step(self, state, data):
        """One training step, purely: `(state, data) -> (logs, state)`.

        `state` is a `TrainState`, `(trainable_variables,
        non_trainable_variables, optimizer_variables, metrics_variables)`:
        lists of values in the order of `self.trainable_variables`,
        `self.non_trainable_variables`, `self.optimizer.variables` and
        `self.metrics_variables`. `data` is the batch, `(x,)`, `(x, y)` or
        `(x, y, sample_weight)`. An override returns the logs (a dict of
        scalars) and the new state, a tuple of the same four lists.
        """
        (
            trainable_variables,
            non_trainable_variables,
            optimizer_variables,
            metrics_variables,
        ) = state
        x, y, sample_weight = data_adapter_utils.unpack_x_y_sample_weight(data)
        grad_fn = jax.value_and_grad(
            self.compute_loss_and_updates, has_aux=True
        )
        (_, aux), grads = grad_fn(
            trainable_variables,
            non_trainable_variables,
            metrics_variables,
            x,
            y,
            sample_weight,
            training=True,
            optimizer_variables=optimizer_variables,
        )
        loss, y_pred, non_trainable_variables, metrics_variables = aux
        trainable_variables, optimizer_variables = (
            self.optimizer.stateless_apply(
                optimizer_variables, grads, trainable_variables
            )
        )
        logs, metrics_variables = self._stateless_update_metrics(
            metrics_variables, loss, x, y, y_pred, sample_weight
        )
        return logs, TrainState(
            trainable_variables,
            non_trainable_variables,
            optimizer_variables,
            metrics_variables,
        )

    def test_step(self, state, data):
        """One evaluation step, purely: `(state, data) -> (logs, state)`
        with `state` a `EvaluateState`, `(trainable_variables,
        non_trainable_variables, metrics_variables)`."""
        trainable_variables, non_trainable_variables, metrics_variables = state
        x, y, sample_weight = data_adapter_utils.unpack_x_y_sample_weight(data)
        _, aux = self.compute_loss_and_updates(
            trainable_variables,
            non_trainable_variables,
            metrics_variables,
            x,
            y,
            sample_weight,
            training=False,
        )
        loss, y_pred, non_trainable_variables, metrics_variables = aux
        logs, metrics_variables = self._stateless_update_metrics(
            metrics_variables, loss, x, y, y_pred, sample_weight
        )
        return logs, EvaluateState(
            trainable_variables,
            non_trainable_variables,
            metrics_variables,
        )

    def predict_step(self, state, data):
        """One prediction step, purely: `(state, data) -> (outputs,
        non_trainable_variables)` with `state` a `PredictState`,
        `(trainable_variables, non_trainable_variables)`."""
        trainable_variables, non_trainable_variables = state
        x, _, _ = data_adapter_utils.unpack_x_y_sample_weight(data)
        outputs, non_trainable_variables = self.stateless_call(
            trainable_variables, non_trainable_variables, x, training=False
        )
        return outputs, non_trainable_variables

    # ------------------------------------------------- jitted step functions
    def _use_jit(self):
        return self.jit_compile and not self.run_eagerly

    def _get_state_sharding_spec(self, state_variables=None, values=None):
        """Shardings keeping the state laid out like its variables.

        `None` without a distribution. Under a distribution, warns when
        some state variables live on a single device (created outside the
        distribution) while the distribution spans several devices.

        Args:
            state_variables: the state's variables (a structure of them);
                defaults to the training state (model, optimizer and
                metrics variables).
            values: Optional values of `state_variables` (same structure)
                to read the shardings from; by default the variables' own
                values are read.

        Returns:
            The same structure of `jax.sharding.Sharding`s, or `None`.
        """
        distribution = distribution_lib.distribution()
        if distribution is None:
            return None
        if state_variables is None:
            kind = "train" if self.optimizer is not None else "test"
            state_variables = self._state_variables(kind)
        if values is None:
            values = tree.map_structure(lambda v: v.value, state_variables)
        shardings = tree.map_structure(
            lambda value: getattr(value, "sharding", None), values
        )
        _warn_if_local_state(
            tree.flatten(state_variables), tree.flatten(shardings), distribution
        )
        return shardings

    def _jit(self, fn, donate_argnums, out_shardings):
        if not self._use_jit():
            return fn
        if out_shardings is None:
            return jax.jit(fn, donate_argnums=donate_argnums)
        return jax.jit(
            fn,
            donate_argnums=donate_argnums,
            out_shardings=(None, out_shardings),
        )

    def make_train_function(self, force=False):
        """The function running `train_step` on a sequence of batches, one
        after the other (jitted unless `run_eagerly` or
        `jit_compile=False`): `(state, batches) -> (logs, state)`, the logs
        of the last batch and the new `TrainState`, with the state buffers
        donated."""
        if self.train_function is not None and not force:
            return self.train_function

        def train_steps(state, batches):
            def body(state, batch):
                data, rows = batch
                with valid_rows.scope(rows):
                    logs, state = self.train_step(state, data)
                return TrainState(*state), logs

            state, logs = _scan_batches(body, state, batches)
            return logs[-1], state

        self.train_function = _LazyFunction(
            self, "train", train_steps, donate_argnums=0
        )
        return self.train_function

    def make_test_function(self, force=False):
        """The function running `test_step` on a sequence of batches:
        `(trainable_values, other_values, batches) -> (logs,
        other_values)`, the logs of the last batch, where `other_values`
        is the rest of the `EvaluateState` (donated) and the trainable values
        are neither returned nor donated."""
        if self.test_function is not None and not force:
            return self.test_function

        def test_steps(trainable_values, other_values, batches):
            def body(other_values, batch):
                data, rows = batch
                with valid_rows.scope(rows):
                    logs, state = self.test_step(
                        EvaluateState(trainable_values, *other_values), data
                    )
                return tuple(state[1:]), logs

            other_values, logs = _scan_batches(body, other_values, batches)
            return logs[-1], other_values

        self.test_function = _LazyFunction(
            self, "test", test_steps, donate_argnums=1
        )
        return self.test_function

    def make_predict_function(self, force=False):
        """The function running `predict_step` on a sequence of batches:
        `(trainable_values, (non_trainable_values,), batches) -> (outputs
        of each batch, (non_trainable_values,))`."""
        if self.predict_function is not None and not force:
            return self.predict_function

        def predict_steps(trainable_values, other_values, batches):
            def body(other_values, batch):
                data, _ = batch
                outputs, non_trainable_values = self.predict_step(
                    PredictState(trainable_values, *other_values), data
                )
                return (non_trainable_values,), outputs

            other_values, outputs = _scan_batches(body, other_values, batches)
            return outputs, other_values

        self.predict_function = _LazyFunction(
            self, "predict", predict_steps, donate_argnums=1
        )
        return self.predict_function

    def _step_function(self, kind):
        if kind == "train":
            return self.make_train_function()
        if kind == "test":
            return self.make_test_function()
        return self.make_predict_function()

    # ------------------------------------------------------------ the state
    def _state_variables(self, kind):
        """The variables of the `kind` loop's state: a `TrainState`,
        `EvaluateState` or `PredictState` of lists of variables."""
        trainable, non_trainable = self._split_variables()
        if kind == "train":
            return TrainState(
                trainable,
                non_trainable,
                list(self.optimizer.variables),
                list(self.metrics_variables),
            )
        if kind == "test":
            return EvaluateState(
                trainable, non_trainable, list(self.metrics_variables)
            )
        return PredictState(trainable, non_trainable)

    def _start_state(self, kind):
        """Reads the variables into the state of the `kind` loop, and
        releases the variables' own references to those buffers (they are
        donated to the steps; `jax_state_sync()` writes the state back).

        The variable lists (a walk of the whole layer tree) are computed
        once per loop, i.e. per `fit()`/`evaluate()`/`predict()` call, and
        reused by its later epochs and state syncs."""
        loop = self._jax_loop
        if (
            loop.variables is None
            or loop.kind != kind
            or _trainability_changed(loop.variables)
        ):
            loop.set_variables(kind, self._state_variables(kind))
            self._warn_unused_layout_rules()
        _move_onto_distribution(loop.flat_variables)
        loop.load_state()

    def _warn_unused_layout_rules(self):
        """Once the model is built, warns (once per distribution) about
        `LayoutMap` rules that matched none of its variables."""
        distribution = distribution_lib.distribution()
        if distribution is None:
            return
        if self._layout_checked_for is not distribution:
            self._layout_checked_for = distribution
            layout_report.check_layout_map_usage(distribution, self.variables)

    def jax_state_sync(self):
        """Writes the running loop's state back into the variables (the
        next step reads them again, so that changes made to the variables
        in between, e.g. by a callback, are kept)."""
        loop = self._jax_loop
        if loop.state is None or loop.synced:
            return
        for variable, value in zip(
            loop.flat_variables, tree.flatten(loop.state)
        ):
            variable.assign(value)
        loop.synced = True

    def _end_state(self):
        """Writes the state back and drops it (the end of an epoch or of
        the loop); the loop's variable lists stay cached."""
        self.jax_state_sync()
        self._jax_loop.state = None

    def _enter_loop(self):
        """Starts a loop; a running outer loop (e.g. `fit()` when a
        callback calls `evaluate()`) is synced and set aside."""
        outer = self._jax_loop
        if outer.state is not None:
            self.jax_state_sync()
        self._jax_loop = _LoopState()
        return outer

    def _exit_loop(self, outer):
        """Ends the current loop and resumes `outer` from the variables
        (the inner loop may have donated the buffers they shared)."""
        self._end_state()
        self._jax_loop = outer
        if outer.state is None:
            return
        # The outer loop keeps its own metric values (an inner `evaluate()`
        # resets and reuses the metric variables), unless their buffers
        # were donated to the inner loop.
        kept = getattr(outer.state, "metrics_variables", None)
        outer.load_state()
        if kept is not None and not any(_is_deleted(a) for a in kept):
            outer.state = outer.state._replace(metrics_variables=kept)

    @contextlib.contextmanager
    def _loop(self):
        """Runs the enclosed loop with a state of its own (see
        `_enter_loop`)."""
        outer = self._enter_loop()
        try:
            yield
        finally:
            self._exit_loop(outer)

    def _run_batches(self, kind, groups, on_begin=None, on_end=None):
        """The loop of `fit()` (one epoch), `evaluate()`, `predict()` and
        the `*_on_batch` methods.

        Args:
            kind: `"train"`, `"test"` or `"predict"`.
            groups: Iterable of `(begin_step, end_step, batches)`, each
                batch a `(data, valid_rows)` pair of device arrays (see
                `keras.src.distribution.data_input`).
            on_begin: Optional `on_begin(begin_step)`, called before each
                group runs.
            on_end: Optional `on_end(end_step, outputs, batches)`, called
                after each group; returning `True` ends the loop.

        Returns:
            The outputs of the last group (the logs for `"train"` and
            `"test"`, the tuple of each batch's outputs for `"predict"`),
            or `None` if there was no batch.
        """
        function = self._step_function(kind)
        # Callbacks may run inner loops, which put this object back when
        # they end.
        loop = self._jax_loop
        outputs = None
        for begin, end, batches in groups:
            if loop.state is None and loop.variables is None:
                # Built before the batch's callbacks run, so that what
                # they set up for the batch (e.g. TensorBoard's summary
                # writer) does not see the model traced symbolically.
                self._build_for(kind, batches[0][0])
            if on_begin is not None:
                on_begin(begin)
            if loop.state is None:
                self._start_state(kind)
            elif loop.synced:
                # The variables were written back (and may have been
                # changed since): continue from them.
                loop.load_state()
            # The outputs stay on device: converting them here would wait
            # for the step, so that the next batch's host work could not
            # overlap with it.
            outputs = loop.run_step(function, tuple(batches))
            if on_end is not None and on_end(end, outputs, batches):
                break
        return outputs

    def _build_for(self, kind, data):
        """Creates the variables a `kind` step needs, from a batch."""
        if kind == "predict":
            self._build_for_predict(data)
        else:
            self._symbolic_build(data_batch=data)

    def _python_logs(self, logs):
        """Logs as Python floats, ordered like `metrics_names` (jitted
        functions return dicts with sorted keys)."""
        logs = base_trainer.pythonify_logs(logs)
        if self._logs_order is None:
            self._logs_order = self.metrics_names
        ordered = {k: logs[k] for k in self._logs_order if k in logs}
        ordered.update(logs)
        return ordered

    def _callback_list(
        self, callbacks, verbose, epochs, epoch_iterator, add_history=False
    ):
        """Wraps user callbacks in a `CallbackList` (with a progress bar
        unless `verbose == 0`, and `History` for `fit`); a `CallbackList`
        passed in (e.g. by `fit` to its validation `evaluate`) is kept."""
        from keras.src import callbacks as callbacks_module

        if isinstance(callbacks, callbacks_module.CallbackList):
            return callbacks
        verbose = 1 if verbose == "auto" else verbose
        return callbacks_module.CallbackList(
            callbacks,
            add_history=add_history,
            add_progbar=verbose != 0,
            verbose=verbose,
            epochs=epochs,
            steps=epoch_iterator.num_batches,
            model=self,
        )

    def _symbolic_build(self, iterator=None, data_batch=None):
        """Creates every variable a step needs before it is traced: the
        model's (by calling it on the batch if unbuilt), the compiled
        losses' and metrics' (by running `compute_loss` and
        `compute_metrics` on shapes only, in a `SymbolicScope`) and the
        optimizer's.

        Args:
            iterator: An `EpochIterator` to take a batch from, if
                `data_batch` is not given.
            data_batch: A batch, `(x,)`, `(x, y)` or `(x, y,
                sample_weight)`.
        """
        from keras.src.backend.common.symbolic_scope import SymbolicScope

        model_unbuilt = not self._all_layers_built()
        loss_unbuilt = self._compile_loss is not None and (
            not self._compile_loss.built
        )
        metrics_unbuilt = self._compile_metrics is not None and (
            not self._compile_metrics.built
        )
        if model_unbuilt or loss_unbuilt or metrics_unbuilt:
            if data_batch is None:
                for _, _, batches in iterator:
                    data_batch = batches[0]
                    break
            x, y, sample_weight = data_adapter_utils.unpack_x_y_sample_weight(
                data_batch
            )
            if model_unbuilt:
                with backend.StatelessScope():
                    self(x, training=False)
                self._clear_losses()
            if loss_unbuilt or metrics_unbuilt:
                x, y, sample_weight = tree.map_structure(
                    _to_symbolic, (x, y, sample_weight)
                )
                with SymbolicScope():
                    y_pred = backend.compute_output_spec(
                        lambda x: self(x, training=False), x
                    )
                    if metrics_unbuilt:
                        backend.compute_output_spec(
                            self.compute_metrics,
                            x,
                            y,
                            y_pred,
                            sample_weight=sample_weight,
                        )
                    if loss_unbuilt:
                        backend.compute_output_spec(
                            self._compute_loss,
                            x,
                            y,
                            y_pred,
                            sample_weight=sample_weight,
                            training=False,
                        )
                self._clear_losses()
        if self.optimizer is not None and not getattr(
            self.optimizer, "built", False
        ):
            self.optimizer.build(self.trainable_variables)

    def _all_layers_built(self):
        if not getattr(self, "built", False):
            return False
        return all(
            getattr(layer, "built", True) for layer in self._flatten_layers()
        )

    # ------------------------------------------------------------------ fit
    def fit(
        self,
        x=None,
        y=None,
        batch_size=None,
        epochs=1,
        verbose="auto",
        callbacks=None,
        validation_split=0.0,
        validation_data=None,
        shuffle=True,
        class_weight=None,
        sample_weight=None,
        initial_epoch=0,
        steps_per_epoch=None,
        validation_steps=None,
        validation_batch_size=None,
        validation_freq=1,
    ):
        """Trains the model for a fixed number of epochs.

        Args:
            x: Input data: a NumPy/JAX array (or a list/dict of them for
                several inputs), a `tf.data.Dataset` or Python generator
                yielding `(x, y)` or `(x, y, sample_weight)`, or a
                `keras.utils.PyDataset`.
            y: Targets, when `x` is an array (or structure of arrays).
            batch_size: Samples per batch (default 32) for array inputs.
            epochs: Index of the epoch at which to stop training.
            verbose: `"auto"` (1), 0 (silent), 1 (progress bar) or 2 (one
                line per epoch).
            callbacks: List of `keras.callbacks.Callback`.
            validation_split: Fraction of the array data (the last samples,
                before shuffling) held out for validation.
            validation_data: `(x_val, y_val)`, `(x_val, y_val, val_sw)` or
                a dataset, evaluated at the end of each epoch.
            shuffle: Whether to shuffle array data each epoch (`"batch"`
                shuffles within batch-sized chunks).
            class_weight: Optional dict mapping class indices to weights of
                the loss.
            sample_weight: Optional per-sample weights (array inputs).
            initial_epoch: Epoch at which to start (to resume training).
            steps_per_epoch: Batches per epoch (default: until the data is
                exhausted).
            validation_steps: Batches per validation run.
            validation_batch_size: Batch size of validation (defaults to
                `batch_size`).
            validation_freq: Validate every `validation_freq` epochs (int)
                or at the listed epochs (1-based).

        Returns:
            A `History` object; `history.history` maps each metric name to
            its per-epoch values.

        Example:

        ```python
        history = model.fit(x, y, epochs=3, validation_split=0.2)
        history.history["val_loss"]
        ```
        """
        self._assert_compile_called("fit")
        epochs = _limit_epochs(epochs)
        if validation_split and validation_data is None:
            (x, y, sample_weight), validation_data = (
                data_adapter_utils.train_validation_split(
                    (x, y, sample_weight), validation_split=validation_split
                )
            )
        validation = None
        if validation_data is not None:
            validation = _Validation(
                *data_adapter_utils.unpack_x_y_sample_weight(validation_data),
                batch_size=validation_batch_size or batch_size,
                steps=validation_steps,
                freq=validation_freq,
            )
        epoch_iterator = self._epoch_iterator(
            x,
            y=y,
            sample_weight=sample_weight,
            batch_size=batch_size,
            steps_per_epoch=steps_per_epoch,
            shuffle=shuffle,
            class_weight=class_weight,
        )
        callbacks = self._callback_list(
            callbacks, verbose, epochs, epoch_iterator, add_history=True
        )
        self.make_train_function()
        self._reset_for_fit(epoch_iterator)
        # Called from this frame, which runs the loop: a callback's
        # `PreemptionWatcher` belongs to the frame that calls its
        # `on_train_begin` (see `keras.src.callbacks.preemption`).
        callbacks.on_train_begin({})
        resume = self._resume_point(initial_epoch)
        training_logs = None
        with self._loop():
            for epoch in range(resume.epoch, epochs):
                skip = resume.step if epoch == resume.epoch else 0
                epoch_logs = self._train_epoch(
                    epoch, epoch_iterator, callbacks, skip
                )
                if epoch_logs is None:
                    # No batch ran: the epoch's batches were all trained
                    # before the interruption a backup was restored from,
                    # or the data ran out.
                    if skip and resume.logs is not None:
                        epoch_logs = dict(resume.logs)
                    else:
                        epoch_logs = self.get_metrics_result()
                if validation is not None and self._should_eval(
                    epoch, validation.freq
                ):
                    epoch_logs.update(self._validate(validation, callbacks))
                callbacks.on_epoch_end(epoch, epoch_logs)
                training_logs = epoch_logs
                if self.stop_training or epoch_iterator.insufficient_data:
                    break
            trainable = self._loop_trainable_weights()
        self._eval_epoch_iterator = None
        self._train_epoch_iterator = None
        finalize = getattr(self.optimizer, "finalize_variable_values", None)
        if finalize is not None and epochs > resume.epoch:
            if trainable is None:
                trainable = self.trainable_weights
            finalize(trainable)
        callbacks.on_train_end(logs=training_logs)
        return self.history

    def _reset_for_fit(self, epoch_iterator):
        """Resets what `fit()` and its callbacks share before
        `on_train_begin`. `epoch_iterator` (the training data) is kept in
        `_train_epoch_iterator` while `fit()` runs, for callbacks that save
        and restore its shuffling."""
        self.stop_training = False
        self._eval_epoch_iterator = None
        self._logs_order = None
        self._initial_epoch = None
        self._initial_step = None
        self._resume_logs = None
        self._train_epoch_iterator = epoch_iterator

    def _resume_point(self, initial_epoch):
        """Where `fit()` starts, a `_ResumePoint`, once `on_train_begin`
        ran: a callback restoring an interrupted run (`BackupAndRestore`)
        sets `_initial_epoch` (the epoch to resume from), `_initial_step`
        (the batches of that epoch already trained) and `_resume_logs`
        (the logs of the batch the backup followed)."""
        if self._initial_epoch is not None:
            initial_epoch = self._initial_epoch
        resume = _ResumePoint(
            initial_epoch, self._initial_step or 0, self._resume_logs
        )
        self._initial_step = self._resume_logs = None
        return resume

    def _train_epoch(self, epoch, epoch_iterator, callbacks, skip):
        """Runs one epoch of `fit()`, its first `skip` batches left out;
        returns its logs, or `None` if it ran no batch."""
        self.reset_metrics()
        callbacks.on_epoch_begin(epoch, {})
        on_begin, on_end = self._batch_callbacks(callbacks, "train")
        logs = self._run_batches(
            "train",
            epoch_iterator.enumerate_epoch(epoch, skip=skip),
            on_begin=on_begin,
            on_end=on_end,
        )
        self._end_state()
        if not logs:
            return None
        return self._python_logs(logs)

    def _validate(self, validation, callbacks):
        """Evaluates the validation data at the end of an epoch; returns
        the logs, named `val_<name>`."""
        # One validation iterator serves every epoch of this `fit()`;
        # `evaluate()` picks it up instead of reading its data arguments
        # (passed along all the same, for subclasses whose `evaluate`
        # inspects them).
        if self._eval_epoch_iterator is None:
            self._eval_epoch_iterator = self._epoch_iterator(
                validation.x,
                y=validation.y,
                sample_weight=validation.sample_weight,
                batch_size=validation.batch_size,
                steps_per_epoch=validation.steps,
            )
        logs = self.evaluate(
            x=validation.x,
            y=validation.y,
            sample_weight=validation.sample_weight,
            batch_size=validation.batch_size,
            steps=validation.steps,
            callbacks=callbacks,
            return_dict=True,
            _use_cached_eval_dataset=True,
        )
        return {f"val_{name}": value for name, value in logs.items()}

    def _loop_trainable_weights(self):
        """`trainable_weights`, from the running training loop's cached
        variables (without walking the layers again), or `None` outside
        a training loop."""
        loop = self._jax_loop
        if loop.kind != "train":
            return None
        return [
            v
            for v in loop.variables.trainable_variables
            if not getattr(v, "_is_seed_state", False)
        ]

    def _batch_callbacks(self, callbacks, kind):
        """`(on_begin, on_end)` for `_run_batches` of `kind` (`"train"` or
        `"test"`): the callbacks' batch hooks (left out when no callback
        overrides them) and the check of the loop's stop flag."""
        begin_hook = _overridden_hook(callbacks, f"on_{kind}_batch_begin")
        end_hook = _overridden_hook(callbacks, f"on_{kind}_batch_end")
        stop_flag = "stop_training" if kind == "train" else "stop_evaluating"
        on_begin = None
        if begin_hook is not None:

            def on_begin(begin):
                begin_hook(begin, {})

        def on_end(end, logs, batches):
            if end_hook is not None:
                end_hook(end, DeferredLogs(logs, self._python_logs))
            return getattr(self, stop_flag)

        return on_begin, on_end

    # ------------------------------------------------------------- evaluate
    def evaluate(
        self,
        x=None,
        y=None,
        batch_size=None,
        verbose="auto",
        sample_weight=None,
        steps=None,
        callbacks=None,
        return_dict=False,
        **kwargs,
    ):
        """Returns the loss and metric values of the model on data.

        Args:
            x: Input data (see `fit()`).
            y: Targets, when `x` is an array.
            batch_size: Samples per batch (default 32) for array inputs.
            verbose: `"auto"` (1), 0 or 1.
            sample_weight: Optional per-sample weights.
            steps: Number of batches to evaluate (default: all).
            callbacks: List of callbacks.
            return_dict: If `True`, return a dict `{name: value}`.

        Returns:
            The loss (a float) if the model has no metrics, else the list
            of values ordered like `model.metrics_names`, or a dict.
        """
        self._assert_compile_called("evaluate")
        use_cached = kwargs.pop("_use_cached_eval_dataset", False)
        if kwargs:
            raise ValueError(
                f"evaluate() got unexpected keyword arguments: {sorted(kwargs)}"
            )
        epoch_iterator = self._eval_epoch_iterator if use_cached else None
        if epoch_iterator is None:
            epoch_iterator = self._epoch_iterator(
                x,
                y=y,
                sample_weight=sample_weight,
                batch_size=batch_size,
                steps_per_epoch=steps,
            )
        callbacks = self._callback_list(callbacks, verbose, 1, epoch_iterator)
        self.stop_evaluating = False
        if not use_cached:
            self._logs_order = None
        callbacks.on_test_begin({})
        self.reset_metrics()
        on_begin, on_end = self._batch_callbacks(callbacks, "test")
        with self._loop():
            logs = self._run_batches(
                "test",
                epoch_iterator.enumerate_epoch(),
                on_begin=on_begin,
                on_end=on_end,
            )
        if logs:
            logs = self._python_logs(logs)
        else:
            logs = self.get_metrics_result()
        callbacks.on_test_end(logs)
        if return_dict:
            return logs
        return self._flatten_metrics_in_order(logs)

    # -------------------------------------------------------------- predict
    def predict(
        self, x, batch_size=None, verbose="auto", steps=None, callbacks=None
    ):
        """Generates output predictions for the input samples.

        Args:
            x: Input data (see `fit()`); targets in a dataset are ignored.
            batch_size: Samples per batch (default 32) for array inputs.
            verbose: `"auto"` (1), 0 or 1.
            steps: Number of batches to predict (default: all).
            callbacks: List of callbacks.

        Returns:
            NumPy array(s) of predictions (the model's output structure),
            concatenated over the batches. With a distribution, these are
            the global outputs, on every process.
        """
        epoch_iterator = self._epoch_iterator(
            x, batch_size=batch_size, steps_per_epoch=steps
        )
        callbacks = self._callback_list(callbacks, verbose, 1, epoch_iterator)
        self.stop_predicting = False
        callbacks.on_predict_begin({})
        outputs = []
        begin_hook = _overridden_hook(callbacks, "on_predict_batch_begin")
        end_hook = _overridden_hook(callbacks, "on_predict_batch_end")
        on_begin = None
        if begin_hook is not None:

            def on_begin(begin):
                begin_hook(begin, {})

        def on_end(end, batch_outputs, batches):
            execution = [
                _real_rows(tree.map_structure(_to_numpy, values), rows)
                for values, (_, rows) in zip(batch_outputs, batches)
            ]
            outputs.extend(execution)
            if end_hook is not None:
                if len(execution) > 1:
                    execution = [_concatenate(execution)]
                end_hook(end, {"outputs": execution[0]})
            return self.stop_predicting

        with self._loop():
            self._run_batches(
                "predict",
                epoch_iterator.enumerate_epoch(),
                on_begin=on_begin,
                on_end=on_end,
            )
        callbacks.on_predict_end({})
        if not outputs:
            raise ValueError(
                "predict() got no batches from its input, so there is "
                "nothing to return; check that `x` is not empty."
            )
        return _concatenate(outputs)

    def _epoch_iterator(self, x, **kwargs):
        """A `JAXEpochIterator` over `x` (and the data in `kwargs`, named
        as its arguments), with this model's `steps_per_execution`."""
        return JAXEpochIterator(
            x, steps_per_execution=self.steps_per_execution, **kwargs
        )

    def _build_for_predict(self, data):
        if not self._all_layers_built():
            x, _, _ = data_adapter_utils.unpack_x_y_sample_weight(data)
            with backend.StatelessScope():
                self(x, training=False)
            self._clear_losses()

    # ------------------------------------------------------ on-batch methods
    def _prepare_batch(self, x, y=None, sample_weight=None, class_weight=None):
        if class_weight is not None:
            if sample_weight is not None:
                raise ValueError(
                    "Pass either `sample_weight` or `class_weight`, not "
                    f"both (got class_weight={class_weight} together with "
                    "a `sample_weight`)."
                )
            sample_weight = data_adapter_utils.class_weight_to_sample_weights(
                _to_numpy(tree.flatten(y)[0]), class_weight
            )

        def convert(leaf):
            if leaf is None or isinstance(leaf, jax.Array):
                return leaf
            return data_adapter_utils.standardize_dtype_for_backend(
                data_adapter_utils.to_numpy(leaf)
            )

        data = tree.map_structure(convert, (x, y, sample_weight))
        data_adapter_utils.check_data_cardinality(data)
        return data_input.distribute_batch(
            data, distribution_lib.distribution()
        )

    def train_on_batch(
        self,
        x,
        y=None,
        sample_weight=None,
        class_weight=None,
        return_dict=False,
    ):
        """Runs a single gradient update on one batch of data.

        Args:
            x: Input data.
            y: Target data.
            sample_weight: Optional per-sample weights.
            class_weight: Optional dict mapping class indices to weights.
            return_dict: If `True`, return a dict `{name: value}`.

        Returns:
            The loss (a float) or the list of metric values (or a dict),
            for this batch (the metrics are reset first).
        """
        self._assert_compile_called("train_on_batch")
        logs = self._run_on_batch(
            "train", self._prepare_batch(x, y, sample_weight, class_weight)
        )
        if return_dict:
            return logs
        return self._flatten_metrics_in_order(logs)

    def test_on_batch(self, x, y=None, sample_weight=None, return_dict=False):
        """Evaluates the model on one batch (see `train_on_batch`)."""
        self._assert_compile_called("test_on_batch")
        logs = self._run_on_batch(
            "test", self._prepare_batch(x, y, sample_weight)
        )
        if return_dict:
            return logs
        return self._flatten_metrics_in_order(logs)

    def predict_on_batch(self, x):
        """Returns the predictions (NumPy) for one batch of inputs."""
        batch = self._prepare_batch(x)
        (outputs,) = self._run_on_batch("predict", batch)
        return _real_rows(tree.map_structure(_to_numpy, outputs), batch[1])

    def _run_on_batch(self, kind, batch):
        """Runs one `kind` step on `batch` (metrics reset first); returns
        the logs as Python values, or the predictions' tuple for
        `"predict"`."""
        if kind != "predict":
            self.reset_metrics()
            self._logs_order = None
        with self._loop():
            outputs = self._run_batches(kind, [(0, 0, [batch])])
        if kind == "predict":
            return outputs
        return self._python_logs(outputs)


class _Validation(typing.NamedTuple):
    """What `fit()` validates on, and how often."""

    x: object
    y: object
    sample_weight: object
    batch_size: object
    steps: object
    freq: object


class _ResumePoint(typing.NamedTuple):
    """Where `fit()` starts: the epoch, the batches of that epoch already
    trained, and their logs (`None` unless a backup was restored)."""

    epoch: int
    step: int
    logs: object


def _limit_epochs(epochs):
    """`epochs`, capped by `keras.config.max_epochs()` (with a warning)."""
    max_epochs = _config_limit("max_epochs")
    if max_epochs is not None and epochs > max_epochs:
        warnings.warn(
            f"Limiting epochs to {max_epochs} (the value of "
            "`keras.config.max_epochs()`).",
            stacklevel=3,
        )
        return max_epochs
    return epochs


def _overridden_hook(callbacks, hook):
    """`callbacks.<hook>`, or `None` when calling it would do nothing
    (`CallbackList.active_hook`)."""
    if isinstance(callbacks, CallbackList):
        return callbacks.active_hook(hook)
    return getattr(callbacks, hook)


def _scan_batches(body, carry, batches):
    """Runs `body(carry, batch) -> (carry, out)` over a sequence of batches;
    returns the last carry and the tuple of each batch's `out`.

    Consecutive batches of the same shapes are stacked along a new leading
    axis and run by `jax.lax.scan`, so the step is traced once per run of
    equal shapes (usually once: only a last, partial batch differs); a run
    of one batch is a plain call.
    """
    outs = []
    for run in _runs_of_equal_shapes(batches):
        if len(run) == 1:
            carry, out = body(carry, run[0])
            outs.append(out)
            continue
        stacked = jax.tree_util.tree_map(
            lambda *leaves: jnp.stack(leaves), *run
        )
        carry, stacked_outs = jax.lax.scan(body, carry, stacked)
        outs += [
            jax.tree_util.tree_map(lambda x, i=i: x[i], stacked_outs)
            for i in range(len(run))
        ]
    return carry, tuple(outs)


def _runs_of_equal_shapes(batches):
    def signature(batch):
        return jax.tree_util.tree_structure(batch), tuple(
            (np.shape(leaf), str(getattr(leaf, "dtype", type(leaf))))
            for leaf in jax.tree_util.tree_leaves(batch)
        )

    runs = []
    for batch in batches:
        if runs and signature(runs[-1][0]) == signature(batch):
            runs[-1].append(batch)
        else:
            runs.append([batch])
    return runs


class JAXEpochIterator(EpochIterator):
    """`EpochIterator` whose batches are already on devices.

    Each pass over the data goes through `data_input.distribute_batches`
    under the distribution current when the pass starts: every batch
    becomes `(arrays, valid_rows)` (see `keras.src.distribution.data_input`).
    Batches of in-memory arrays are sliced when the step asks for them
    (a background thread would cost more than the slicing); other inputs
    (datasets, generators, `PyDataset`) are read one batch ahead by a
    background thread.
    Arrays given to `fit()` are global input (every process holds them
    whole) unless the distribution has `auto_shard_dataset=False`.
    """

    def _get_iterator(self):
        """A new iterator over the distributed batches of the data."""
        distribution = distribution_lib.distribution()
        adapter = self.data_adapter
        num_samples = data_fingerprint = None
        global_input = isinstance(adapter, ArrayDataAdapter) and (
            distribution is None or distribution.auto_shard_dataset
        )
        if global_input and distribution is not None:
            if distribution.num_processes > 1:
                num_samples, data_fingerprint = adapter.fingerprint()
        return data_input.distribute_batches(
            adapter.get_numpy_iterator(),
            distribution,
            global_input=global_input,
            num_batches=self._num_batches,
            num_samples=num_samples,
            data_fingerprint=data_fingerprint,
            prefetch=0 if isinstance(adapter, ArrayDataAdapter) else 1,
        )


def _move_onto_distribution(variables):
    """Re-lays out variables that live outside the current distribution.

    A model built before `set_distribution()` (or under another
    distribution) has its values on other devices than the mesh the
    batches are sent to, which no compiled step can mix. Each such variable
    is placed as the distribution lays it out (`get_variable_layout`); its
    values are unchanged.
    """
    distribution = distribution_lib.distribution()
    if distribution is None:
        return
    mesh_devices = set(distribution.device_mesh.backend_mesh.devices.flat)
    for variable in variables:
        value = variable._value
        sharding = getattr(value, "sharding", None)
        if sharding is None or sharding.device_set == mesh_devices:
            continue
        layout = distribution.get_variable_layout(variable)
        variable._value = distribution_lib.distribute_tensor(
            np.asarray(value), layout
        )


def _warn_if_local_state(variables, shardings, distribution):
    """Warns when state variables sit on one device under a distribution
    that spans several: they were created outside the distribution."""
    if np.size(distribution.device_mesh.devices) <= 1:
        return
    local = [
        getattr(v, "path", getattr(v, "name", "?"))
        for v, s in zip(variables, shardings)
        if isinstance(s, jax.sharding.SingleDeviceSharding)
    ]
    if not local:
        return
    shown = ", ".join(repr(p) for p in local[:3])
    more = f" and {len(local) - 3} more" if len(local) > 3 else ""
    warnings.warn(
        "The model state is a mix of local (SingleDeviceSharding) "
        "variables and the distribution's devices: "
        f"{len(local)} of {len(variables)} state variables live on a "
        f"single device ({shown}{more}), although the current distribution "
        f"spans {np.size(distribution.device_mesh.devices)} devices. They "
        "were created outside the distribution, e.g. the model was built "
        "before `keras.distribution.set_distribution()` or outside "
        "`distribution.scope()`. Create and build the model after "
        "`keras.distribution.set_distribution(...)` (or inside "
        "`distribution.scope()`) so that every variable is laid out by the "
        "distribution.",
        stacklevel=3,
    )


class _LoopState:
    """The state of one running loop (see the module docstring).

    Attributes:
        kind: `"train"`, `"test"` or `"predict"`, from the loop's first
            step on.
        variables: The variables of the state (a `TrainState`,
            `EvaluateState` or `PredictState` of lists of variables), found
            at the first step and kept for the whole loop call (every
            epoch), see `JAXTrainer._start_state`.
        flat_variables: `variables`, flattened.
        state: The values of `variables` while an epoch runs (the same
            named tuple, of arrays), else `None`.
        synced: Whether the variables hold `state` (written back by
            `jax_state_sync()`).
    """

    def __init__(self):
        self.kind = None
        self.variables = None
        self.flat_variables = None
        self.state = None
        self.synced = True

    def set_variables(self, kind, variables):
        self.kind = kind
        self.variables = variables
        self.flat_variables = tree.flatten(variables)

    def load_state(self):
        """Reads the state from the variables, which then let go of their
        buffers: the steps donate them, and the state is the only
        up-to-date copy until `jax_state_sync()` writes it back."""
        self.state = self.variables._make(
            [variable.value for variable in group] for group in self.variables
        )
        for variable in self.flat_variables:
            variable._value = None
        self.synced = False

    def run_step(self, function, batches):
        """Runs a step function (see `make_*_function`) on the state and
        keeps the new state; returns the function's first output."""
        state = self.state
        if self.kind == "train":
            outputs, self.state = function(state, batches)
        else:
            trainable_values = state.trainable_variables
            outputs, other_values = function(
                trainable_values, state[1:], batches
            )
            self.state = state._make((trainable_values, *other_values))
        self.synced = False
        return outputs


class _LazyFunction:
    """A step function jitted on first use, once per state layout.

    The layout (variables and their shardings) is only known once the
    model, optimizer and metrics are built, i.e. at the first batch.
    """

    def __init__(self, model, kind, fn, donate_argnums):
        self.model = model
        self.kind = kind
        self.fn = fn
        self.donate_argnums = donate_argnums
        self._variables = None
        self._jitted = None
        self._key = None

    def __call__(self, *args):
        model = self.model
        variables = model._jax_loop.variables
        if variables is not self._variables:
            # A new loop (or epoch): check the state layout once; jit again
            # only if it changed.
            shardings = model._get_state_sharding_spec(
                self._sharded_part(variables),
                values=self._sharded_part(model._jax_loop.state),
            )
            key = (
                model._use_jit(),
                None if shardings is None else tuple(tree.flatten(shardings)),
            )
            if self._jitted is None or key != self._key:
                self._jitted = model._jit(
                    self.fn, self.donate_argnums, shardings
                )
                self._key = key
            self._variables = variables
        return self._jitted(*args)

    def _sharded_part(self, state_variables):
        if self.kind == "train":
            return state_variables
        return tuple(state_variables[1:])


def _trainability_changed(state_variables):
    """Whether a variable of the cached lists changed `trainable` (e.g. a
    callback froze a layer between epochs): a cheap check of the cached
    variables, instead of walking the layers again."""
    return not all(
        v.trainable for v in state_variables.trainable_variables
    ) or any(v.trainable for v in state_variables.non_trainable_variables)


def _batch_size(x):
    leaves = [leaf for leaf in tree.flatten(x) if hasattr(leaf, "shape")]
    if not leaves or not leaves[0].shape:
        return 1
    return leaves[0].shape[0]


def _to_symbolic(leaf):
    """A `KerasTensor` with the shape and dtype of an array leaf."""
    if leaf is None or not hasattr(leaf, "shape") or not hasattr(leaf, "dtype"):
        return leaf
    if isinstance(leaf, np.ndarray) and leaf.dtype.kind not in "biuf":
        return leaf
    return backend.KerasTensor(
        tuple(leaf.shape), dtype=backend.standardize_dtype(leaf.dtype)
    )


def _concatenate(batches):
    """Concatenates a list of (structures of) NumPy batch outputs."""
    return tree.map_structure(
        lambda *parts: np.concatenate(parts, axis=0), *batches
    )


def _real_rows(outputs, rows):
    """The outputs of a batch without its padded rows (`rows`: `None` or
    the batch's boolean vector of real rows)."""
    if rows is None:
        return outputs
    real = _to_numpy(rows).astype(bool)
    return tree.map_structure(lambda x: x[real], outputs)


def _to_numpy(x):
    """A (possibly sharded, multi-process) array as a global NumPy array."""
    if x is None:
        return None
    return distribution_lib.to_host(x)


def _is_deleted(x):
    is_deleted = getattr(x, "is_deleted", None)
    return bool(is_deleted()) if is_deleted is not None else False
