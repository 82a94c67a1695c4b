"""`Trainer`: the backend-agnostic part of the training API.

It holds what `compile()` configures (optimizer, `CompileLoss`,
`CompileMetrics`, the loss tracker) and the overridable pieces of a training
step (`compute_loss`, `compute_metrics`, `get_metrics_result`). The loops
(`fit`, `evaluate`, `predict`, ...) live in the backend trainer
(`keras.src.backend.jax.trainer.JAXTrainer`).
"""

import warnings

import jax
import numpy as np

from keras.src import backend
from keras.src import ops
from keras.src.distribution import distribution_lib
from keras.src.trainers.compile_utils import CompileLoss
from keras.src.trainers.compile_utils import CompileMetrics

_NO_OVERRIDE = object()


class Trainer:
    def __init__(self):
        # What `compile()` sets.
        self.compiled = False
        self.optimizer = None
        self.loss = None
        self._compile_config = None
        self._compile_loss = None
        self._compile_metrics = None
        self._loss_tracker = None
        self._jit_compile = None
        self._run_eagerly = False
        self.steps_per_execution = 1
        # Flags callbacks may raise to end a loop early, and the record of
        # the latest `fit()`.
        self.stop_training = self.stop_evaluating = False
        self.stop_predicting = False
        self.history = None
        self._losses_override = _NO_OVERRIDE
        self._reset_functions()

    # ---------------------------------------------------------------- compile
    def compile(
        self,
        optimizer="rmsprop",
        loss=None,
        loss_weights=None,
        metrics=None,
        weighted_metrics=None,
        run_eagerly=False,
        steps_per_execution=1,
        jit_compile="auto",
        auto_scale_loss=True,
    ):
        """Sets up the optimizer, losses and metrics used by the loops.

        Must be called before `fit()`, `evaluate()` or the `*_on_batch`
        methods; calling it again replaces the previous setup (the model
        weights are kept).

        Args:
            optimizer: An optimizer object, or the name of a built-in one
                (e.g. `"adam"`), resolved with `keras.optimizers.get`.
            loss: What to minimize: a loss name, a `keras.losses.Loss`
                object or a function `fn(y_true, y_pred)`. Multi-output
                models take a list, or a dict keyed by output name, with
                one loss per output (a single loss is used for all of
                them). The loss that is minimized is the weighted sum over
                outputs plus the model's own `losses`, e.g. regularization
                penalties.
            loss_weights: Optional scalar, list or dict of factors applied
                to the individual output losses in that sum.
            metrics: Values to track during training and evaluation:
                names (`"mae"`, `"accuracy"`), functions or
                `keras.metrics.Metric` objects. Multi-output models take
                a list of lists or a dict keyed by output name; a flat
                list is applied to every output. The names `"accuracy"`
                and `"acc"` pick the binary, sparse categorical or
                categorical variant from the shapes of targets and
                predictions and from the loss.
            weighted_metrics: Metrics weighted by `sample_weight` (or
                `class_weight`).
            run_eagerly: If `True`, the steps run without `jax.jit` (for
                debugging).
            steps_per_execution: Number of batches run per "execution":
                the callbacks' batch hooks are called once per execution
                (`on_*_batch_begin` with the index of its first batch,
                `on_*_batch_end` with `begin + steps_per_execution - 1`
                and the logs of its last batch), and `steps_per_epoch`
                counts batches.
            jit_compile: `"auto"` or `True` to compile the steps with
                `jax.jit` (unless `run_eagerly`), `False` to run them
                un-jitted.
            auto_scale_loss: Whether to scale the loss when the model's
                dtype policy is `"mixed_float16"` (if the optimizer supports
                loss scaling).

        Example:

        ```python
        model.compile(
            optimizer=keras.optimizers.SGD(learning_rate=0.1),
            loss="mse",
            metrics=["mae"],
        )
        ```
        """
        from keras.src import metrics as metrics_module
        from keras.src import optimizers

        resolved = optimizer = optimizers.get(optimizer)
        if auto_scale_loss:
            resolved = _maybe_loss_scale_optimizer(self, resolved)
        self.optimizer = resolved
        names = self._get_output_names()
        self.loss = loss
        self._compile_loss = (
            None
            if loss is None
            else CompileLoss(loss, loss_weights, output_names=names)
        )
        has_metrics = metrics is not None or weighted_metrics is not None
        self._compile_metrics = (
            CompileMetrics(
                metrics, weighted_metrics, output_names=names, loss=loss
            )
            if has_metrics
            else None
        )
        if jit_compile == "auto":
            jit_compile = not run_eagerly
        elif jit_compile and run_eagerly:
            warnings.warn(
                "`jit_compile=True` is ignored because `run_eagerly=True` "
                "runs the steps without compilation.",
                stacklevel=2,
            )
            jit_compile = False
        self._run_eagerly = bool(run_eagerly)
        self._jit_compile = bool(jit_compile)
        self.steps_per_execution = steps_per_execution
        self._loss_tracker = metrics_module.Mean(name="loss")
        self.stop_training = False
        self._reset_functions()
        # The arguments as given, for saving, with the optimizer resolved
        # (its config, name included, is what a reloaded model gets) and
        # the jit choice resolved.
        self._compile_config = {
            "optimizer": optimizer,
            "loss": loss,
            "loss_weights": loss_weights,
            "metrics": metrics,
            "weighted_metrics": weighted_metrics,
            "run_eagerly": run_eagerly,
            "steps_per_execution": steps_per_execution,
            "jit_compile": jit_compile,
        }
        self.compiled = True

    @property
    def jit_compile(self):
        if self._jit_compile is None:
            return True
        return self._jit_compile

    @jit_compile.setter
    def jit_compile(self, value):
        self._jit_compile = bool(value)
        self._reset_functions()

    @property
    def run_eagerly(self):
        return self._run_eagerly

    @run_eagerly.setter
    def run_eagerly(self, value):
        self._run_eagerly = bool(value)
        self._reset_functions()

    def _reset_functions(self):
        # The compiled step functions are rebuilt on next use.
        self.train_function = self.test_function = None
        self.predict_function = None

    def _get_output_names(self):
        names = getattr(self, "output_names", None)
        if names is None:
            return None
        try:
            return list(names)
        except TypeError:
            return None

    def _assert_compile_called(self, method_name=None):
        if not self.compiled:
            message = "You must call `compile()` before "
            if method_name:
                message += f"calling `{method_name}()`."
            else:
                message += "using the model."
            raise ValueError(message)

    def get_compile_config(self):
        """Returns the serialized arguments of `compile()`, or `None`."""
        from keras.src.saving import serialization_lib

        if self.compiled and self._compile_config is not None:
            return serialization_lib.serialize_keras_object(
                self._compile_config
            )
        return None

    def compile_from_config(self, config):
        """Compiles the model from the output of `get_compile_config()`.

        A subclass that overrides `compile()` may take other arguments than
        the ones recorded, so unless it also overrides
        `get_compile_config()` the model is left uncompiled, with a warning.
        """
        from keras.src.saving import serialization_lib

        cls = type(self)
        if (
            cls.compile is not Trainer.compile
            and cls.get_compile_config is Trainer.get_compile_config
        ):
            warnings.warn(
                f"`{cls.__name__}` overrides `compile()` but not "
                "`get_compile_config()`, so the loaded model is not "
                "compiled: the recorded arguments may not fit its "
                "`compile()`. Override `get_compile_config()` (and "
                "`compile_from_config()` if needed) to restore it, or "
                "call `compile()` after loading.",
                stacklevel=2,
            )
            return
        config = serialization_lib.deserialize_keras_object(config)
        self.compile(**config)
        built = getattr(self, "built", False)
        if (
            built
            and self.optimizer is not None
            and not getattr(self.optimizer, "built", False)
        ):
            self.optimizer.build(self.trainable_variables)

    # ---------------------------------------------------------------- metrics
    @property
    def metrics(self):
        """The model's metrics, in this order: the loss tracker, the
        per-output loss trackers, the compiled metrics (one
        `CompileMetrics` entry), then the metrics the model and its
        sublayers hold as attributes.

        Their state variables, concatenated in this order, are
        `metrics_variables` (the last entry of the state of a JAX
        `train_step`)."""
        found = []
        if self.compiled:
            if self._loss_tracker is not None:
                found.append(self._loss_tracker)
            if self._compile_loss is not None:
                found += self._compile_loss.metrics
            if self._compile_metrics is not None:
                found.append(self._compile_metrics)
        for metric in self._tracked_metrics():
            if not any(metric is known for known in found):
                found.append(metric)
        return found

    def _tracked_metrics(self):
        """Metrics held as attributes by the model and its sublayers (other
        than the ones `compile()` creates, and those of nested models,
        which belong to their own `compile()`)."""
        from keras.src import metrics as metrics_module

        # Attributes holding what `compile()` made or was given (e.g. the
        # `metrics` argument), and constructor arguments as recorded.
        own = (
            "_loss_tracker",
            "_compile_metrics",
            "_compile_loss",
            "_compile_config",
            "_init_arguments",
        )
        found = []
        seen = set()

        def visit(value, depth):
            if isinstance(value, metrics_module.Metric):
                if id(value) not in seen:
                    seen.add(id(value))
                    found.append(value)
            elif depth < 2 and isinstance(value, (list, tuple)):
                for item in value:
                    visit(item, depth + 1)
            elif depth < 2 and isinstance(value, dict):
                for item in value.values():
                    visit(item, depth + 1)

        flatten = getattr(self, "_flatten_layers", None)
        holders = flatten() if flatten is not None else [self]
        for holder in holders:
            if holder is not self and isinstance(holder, Trainer):
                continue
            for key, value in vars(holder).items():
                if key in own:
                    continue
                visit(value, 0)
        return found

    @property
    def metrics_names(self):
        """Names of the values in the logs (e.g. `["loss", "mae"]`)."""
        names = []
        for metric in self.metrics:
            group = (
                metric.metrics
                if isinstance(metric, CompileMetrics)
                else [metric]
            )
            names += [member.name for member in group]
        return names

    @property
    def metrics_variables(self):
        """The state variables of `self.metrics`, in order."""
        return [var for metric in self.metrics for var in metric.variables]

    def reset_metrics(self):
        """Resets the state of all the model's metrics."""
        for metric in self.metrics:
            metric.reset_state()

    # ----------------------------------------------------------------- losses
    @property
    def losses(self):
        """The model's added losses.

        Inside a training step these are the losses collected by the
        stateless forward pass (activity and weight regularization).
        """
        if self._losses_override is not _NO_OVERRIDE:
            return list(self._losses_override)
        return super().losses

    def compute_loss(
        self, x=None, y=None, y_pred=None, sample_weight=None, training=True
    ):
        """Computes the total loss of a batch.

        The default is the compiled loss (see `compile()`) plus the sum of
        `self.losses` (the losses the layers added in the forward pass, and
        weight penalties). Override it to customize the loss. It runs in
        the training step, inside a scope that maps the model's and the
        metrics' variables to the step's values, so metrics may be updated
        here (statefully) as well.

        Args:
            x: Input data.
            y: Target data.
            y_pred: Predictions of the model (`model(x)`).
            sample_weight: Sample weights.
            training: Whether the model is being trained (`False` in
                `evaluate()`).

        Returns:
            A scalar: the total loss.

        Example:

        ```python
        class MyModel(keras.Model):
            def compute_loss(self, x, y, y_pred, sample_weight=None,
                             training=True):
                loss = keras.ops.mean((y_pred - y) ** 2)
                return loss + keras.ops.sum(self.losses)
        ```
        """
        del x, training
        terms = []
        compiled = self._compile_loss
        if compiled is not None:
            value = compiled(y, y_pred, sample_weight)
            if value is not None:
                terms.append(value)
        for extra in self.losses:
            terms.append(ops.sum(ops.cast(extra, backend.floatx())))
        if not terms:
            if compiled is None and self.compiled:
                raise ValueError(
                    "No loss to compute: `compile()` got no `loss` and the "
                    "model added no losses of its own. Pass `loss=` to "
                    "`compile()`, or override `compute_loss()` or "
                    "`train_step()`."
                )
            return ops.zeros((), dtype=backend.floatx())
        total = terms[0]
        for term in terms[1:]:
            total = total + term
        return total

    def _compute_loss(
        self, x=None, y=None, y_pred=None, sample_weight=None, training=True
    ):
        """Calls `compute_loss`, passing `training` only to overrides that
        accept it (older ones do not)."""
        if _accepts_training(self.compute_loss):
            return self.compute_loss(
                x, y, y_pred, sample_weight, training=training
            )
        return self.compute_loss(x, y, y_pred, sample_weight)

    def stateless_compute_loss(
        self,
        trainable_variables,
        non_trainable_variables,
        metrics_variables,
        x=None,
        y=None,
        y_pred=None,
        sample_weight=None,
        training=True,
    ):
        """`compute_loss` on given variable values, without side effects.

        The model's and the metrics' variables read as the given values
        (e.g. for weight penalties); metric updates made by `compute_loss`
        (the per-output loss trackers, or a custom override's own metrics)
        come back as new values.

        Args:
            trainable_variables: Values of `self.trainable_variables`.
            non_trainable_variables: Values of
                `self.non_trainable_variables`.
            metrics_variables: Values of `self.metrics_variables`.
            x, y, y_pred, sample_weight, training: As in `compute_loss`.

        Returns:
            `(loss, (trainable_variables, non_trainable_variables,
            metrics_variables))`, the last two updated.
        """
        trainable_refs = self.trainable_variables
        non_trainable_refs = self.non_trainable_variables
        metrics_refs = self.metrics_variables
        mapping = list(zip(trainable_refs, trainable_variables))
        mapping += list(zip(non_trainable_refs, non_trainable_variables))
        mapping += list(zip(metrics_refs, metrics_variables))
        with backend.StatelessScope(state_mapping=mapping) as scope:
            loss = self._compute_loss(
                x, y, y_pred, sample_weight=sample_weight, training=training
            )
        non_trainable_variables = _current_values(
            scope, non_trainable_refs, non_trainable_variables
        )
        metrics_variables = _current_values(
            scope, metrics_refs, metrics_variables
        )
        return loss, (
            trainable_variables,
            non_trainable_variables,
            metrics_variables,
        )

    def compute_metrics(self, x, y, y_pred, sample_weight=None):
        """Updates the compiled metrics and returns the metrics' results.

        Args:
            x: Input data.
            y: Target data.
            y_pred: Predictions of the model.
            sample_weight: Sample weights (used by `weighted_metrics`).

        Returns:
            A dict `{name: value}` (see `get_metrics_result()`).
        """
        del x
        compiled = self._compile_metrics
        if compiled is not None:
            compiled.update_state(y, y_pred, sample_weight)
        return self.get_metrics_result()

    def get_metrics_result(self):
        """Returns the current results of the model's metrics as a dict.

        Concrete values are converted to Python floats; inside a traced
        step the values are returned as they are.
        """
        results = {}
        for metric in self.metrics:
            value = metric.result()
            # A metric may report several named values at once.
            results.update(
                value if isinstance(value, dict) else {metric.name: value}
            )
        return pythonify_logs(results)

    def _flatten_metrics_in_order(self, logs):
        """Turns logs into a list ordered like `metrics_names` (or a scalar
        if there is only one value)."""
        keys = [k for k in self.metrics_names if k in logs]
        keys += [k for k in logs if k not in keys]
        results = [logs[k] for k in keys]
        if len(results) == 1:
            return results[0]
        return results

    # ------------------------------------------------------------- utilities
    def _should_eval(self, epoch, validation_freq):
        # `validation_freq` counts epochs from 1.
        finished = epoch + 1
        if isinstance(validation_freq, (list, tuple, set)):
            return finished in validation_freq
        if isinstance(validation_freq, int):
            return finished % validation_freq == 0
        raise ValueError(
            "`validation_freq` must be an int (validate every that many "
            "epochs) or a collection of epoch numbers; got "
            f"validation_freq={validation_freq!r}."
        )

    def _backend_loop(self, name):
        return NotImplementedError(
            f"`{name}()` is provided by the backend trainer "
            f"({type(self).__name__} does not inherit one)."
        )

    def fit(self, *args, **kwargs):
        raise self._backend_loop("fit")

    def evaluate(self, *args, **kwargs):
        raise self._backend_loop("evaluate")

    def predict(self, *args, **kwargs):
        raise self._backend_loop("predict")

    def train_on_batch(self, *args, **kwargs):
        raise self._backend_loop("train_on_batch")

    def test_on_batch(self, *args, **kwargs):
        raise self._backend_loop("test_on_batch")

    def predict_on_batch(self, *args, **kwargs):
        raise self._backend_loop("predict_on_batch")


def _accepts_training(fn):
    """Whether `fn` takes a `training` argument (or `**kwargs`)."""
    import inspect

    try:
        parameters = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return True
    return any(
        p.name == "training" or p.kind == inspect.Parameter.VAR_KEYWORD
        for p in parameters
    )


def _current_values(scope, variables, fallback):
    """The values `scope` holds for `variables` (else `fallback`'s)."""
    values = []
    for variable, old in zip(variables, fallback):
        value = scope.get_current_value(variable)
        values.append(old if value is None else value)
    return values


def _maybe_loss_scale_optimizer(model, optimizer):
    policy = getattr(model, "dtype_policy", None)
    if getattr(policy, "name", None) != "mixed_float16":
        return optimizer
    try:
        from keras.src.optimizers import loss_scale_optimizer
    except ImportError:
        return optimizer
    cls = getattr(loss_scale_optimizer, "LossScaleOptimizer", None)
    if cls is None or isinstance(optimizer, cls):
        return optimizer
    return cls(optimizer)


def to_python_scalar(value):
    """A concrete scalar array as a Python float (or int/bool); other
    values unchanged. Works for replicated multi-process arrays."""
    if value is None or isinstance(value, (int, float, bool, str)):
        return value
    if isinstance(value, backend.KerasVariable):
        value = value.value
    if isinstance(value, jax.core.Tracer):
        return value
    if isinstance(value, jax.Array):
        value = distribution_lib.to_host(value)
    if hasattr(value, "shape") and hasattr(value, "dtype"):
        if tuple(value.shape) in ((), (1,)):
            array = np.asarray(value).reshape(())
            if array.dtype.kind in "biuf":
                return float(array)
            return array.item()
        return np.asarray(value)
    return value


def pythonify_logs(logs):
    """Converts the concrete scalar values of a logs dict to floats."""
    if not isinstance(logs, dict):
        return logs
    result = {}
    for key, value in logs.items():
        if isinstance(value, dict):
            result.update(pythonify_logs(value))
        else:
            result[key] = to_python_scalar(value)
    return result
