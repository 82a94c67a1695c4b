"""`CompileLoss` and `CompileMetrics`: the losses and metrics given to
`compile()`, matched to the model's outputs.

Both are built lazily from the first batch (`build(y_true, y_pred)`),
because what "accuracy" means, or how a list of losses maps onto the
outputs, depends on the targets and predictions. Outputs are identified by
the flattened order of `y_pred` (dict outputs in sorted key order) and
named after the model's `output_names` when it has them.
"""

from keras.src import backend
from keras.src import losses as losses_module
from keras.src import metrics as metrics_module
from keras.src import ops
from keras.src import tree

_ACCURACY_NAMES = ("accuracy", "acc")
_CROSSENTROPY_NAMES = ("crossentropy", "ce")


def _output_names(y_pred, output_names):
    """Names of the flattened outputs of `y_pred`."""
    flat = tree.flatten(y_pred)
    if isinstance(y_pred, dict):
        return sorted(y_pred.keys())
    if output_names is not None and len(output_names) == len(flat):
        return list(output_names)
    if len(flat) == 1:
        return ["output"]
    return [f"output_{i + 1}" for i in range(len(flat))]


def _flatten_like(structure, y_pred, names, what):
    """Flattens `structure` (targets or sample weights) to match outputs.

    Args:
        structure: A single array, a list/tuple (positional) or a dict
            (keyed by output name) of arrays, or `None`.
        y_pred: The model's outputs.
        names: Names of the flattened outputs.
        what: Name of the structure, for error messages.

    Returns:
        A list with one entry (or `None`) per output.
    """
    n = len(names)
    if structure is None:
        return [None] * n
    if isinstance(structure, dict):
        unknown = [k for k in structure if k not in names]
        if unknown:
            raise ValueError(
                f"Unknown entries in {what} dictionary: {unknown}. Only "
                f"expected the following keys: {names}"
            )
        return [structure.get(name) for name in names]
    if isinstance(structure, (list, tuple)):
        if n == 1 and not isinstance(y_pred, (list, tuple, dict)):
            if len(structure) == 1:
                return [structure[0]]
            return [structure]
        if len(structure) != n:
            raise ValueError(
                f"The model has {n} outputs, but {what} has "
                f"{len(structure)} entries. Expected one entry per output "
                f"({names})."
            )
        return list(structure)
    if n == 1:
        return [structure]
    return None  # A single array shared by all outputs.


class CompileLoss:
    """The total loss of a model: the sum of the weighted per-output losses.

    Args:
        loss: A loss (string, function or `keras.losses.Loss`) applied to
            every output, or a list (one per output, in order) or dict
            (keyed by output name) of losses. Entries may be `None` (no loss
            for that output).
        loss_weights: Optional scalar, list or dict (like `loss`) of
            coefficients of the per-output losses.
        reduction: Reduction of the function losses (default
            `"sum_over_batch_size"`).
        output_names: Optional names of the model's outputs.
    """

    def __init__(
        self,
        loss,
        loss_weights=None,
        reduction="sum_over_batch_size",
        output_names=None,
    ):
        self._user_loss = loss
        self._user_loss_weights = loss_weights
        self.reduction = reduction
        self.output_names = output_names
        self.built = False
        self._losses = []
        self._weights = []
        self._names = []
        self._trackers = []
        self._last_output_losses = []
        if loss is not None:
            # Resolve early so that unknown names fail in `compile()`.
            tree.map_structure(
                lambda entry: (
                    losses_module.get(entry) if isinstance(entry, str) else None
                ),
                loss,
            )

    @property
    def metrics(self):
        """Per-output loss trackers (only for models with several
        outputs)."""
        return list(self._trackers)

    @property
    def variables(self):
        variables = []
        for tracker in self._trackers:
            variables.extend(tracker.variables)
        return variables

    def build(self, y_true, y_pred):
        names = _output_names(y_pred, self.output_names)
        n = len(names)
        loss = self._user_loss
        if isinstance(loss, dict):
            unknown = [k for k in loss if k not in names]
            if unknown:
                raise ValueError(
                    "In the dict argument `loss`, key(s) "
                    f"{unknown} do not correspond to any model output. "
                    f"Received: loss={loss}; the model's outputs are {names}"
                )
            per_output = [loss.get(name) for name in names]
        elif isinstance(loss, (list, tuple)):
            if n == 1 and len(loss) == 1:
                per_output = list(loss)
            elif len(loss) != n:
                raise ValueError(
                    f"The model has {n} outputs, but the `loss` argument "
                    f"has {len(loss)} entries. Received: loss={loss}"
                )
            else:
                per_output = list(loss)
        else:
            per_output = [loss] * n
        weights = self._user_loss_weights
        if weights is None:
            per_weight = [1.0] * n
        elif isinstance(weights, dict):
            unknown = [k for k in weights if k not in names]
            if unknown:
                raise ValueError(
                    f"In the dict argument `loss_weights`, key(s) {unknown} "
                    "do not correspond to any model output. The model's "
                    f"outputs are {names}"
                )
            per_weight = [weights.get(name, 1.0) for name in names]
        elif isinstance(weights, (list, tuple)):
            if len(weights) != n:
                raise ValueError(
                    f"The model has {n} outputs, but `loss_weights` has "
                    f"{len(weights)} entries. Received: "
                    f"loss_weights={weights}"
                )
            per_weight = list(weights)
        else:
            per_weight = [float(weights)] * n
        self._names = names
        self._losses = [self._get_loss(entry) for entry in per_output]
        self._weights = [float(w) for w in per_weight]
        self._trackers = []
        if n > 1:
            for name, fn in zip(names, self._losses):
                if fn is not None:
                    self._trackers.append(metrics_module.Mean(f"{name}_loss"))
        self.built = True

    def _get_loss(self, identifier):
        if identifier is None:
            return None
        loss = losses_module.get(identifier)
        if not isinstance(loss, losses_module.Loss):
            name = getattr(loss, "__name__", None)
            if isinstance(identifier, str):
                name = identifier
            loss = losses_module.LossFunctionWrapper(
                loss, reduction=self.reduction, name=name
            )
        return loss

    def __call__(self, y_true, y_pred, sample_weight=None):
        return self.call(y_true, y_pred, sample_weight)

    def call(self, y_true, y_pred, sample_weight=None):
        """Returns the total loss (or `None` if no output has a loss).

        The unweighted per-output losses are kept for the per-output loss
        trackers; the trainer reads them with `pop_output_losses()`.
        """
        if not self.built:
            self.build(y_true, y_pred)
        names = self._names
        flat_pred = tree.flatten(y_pred)
        flat_true = _flatten_like(y_true, y_pred, names, "`y`")
        if flat_true is None:
            raise ValueError(
                f"The model has {len(names)} outputs ({names}), so `y` "
                "must be a list or dict with one entry per output."
            )
        flat_sw = _flatten_like(sample_weight, y_pred, names, "`sample_weight`")
        if flat_sw is None:
            flat_sw = [sample_weight] * len(names)
        total = None
        output_losses = []
        for loss_fn, weight, yt, yp, sw in zip(
            self._losses, self._weights, flat_true, flat_pred, flat_sw
        ):
            if loss_fn is None:
                continue
            if yt is None:
                raise ValueError(
                    f"The output '{names[flat_pred.index(yp)]}' has a loss "
                    "but no target was given for it in `y`."
                )
            value = loss_fn(yt, yp, sample_weight=sw)
            value = ops.cast(value, backend.floatx())
            output_losses.append(value)
            term = value * weight if weight != 1.0 else value
            total = term if total is None else total + term
        self._last_output_losses = output_losses
        return total

    def pop_output_losses(self):
        """Returns (and forgets) the per-output losses of the last call."""
        values = self._last_output_losses
        self._last_output_losses = []
        if len(values) != len(self._trackers):
            return []
        return values


class CompileMetrics:
    """The metrics given to `compile()`, applied to the model's outputs.

    It behaves like a metric whose `result()` is a dict of the results of
    its metrics.

    Args:
        metrics: A metric, or a list of metrics (for a single output, or
            for every output when the model has several), or a list of
            lists (one list per output), or a dict (keyed by output name)
            of metrics or lists of metrics. A metric is a string (e.g.
            `"accuracy"`, `"mae"`), a function or a `keras.metrics.Metric`.
        weighted_metrics: Same structure; these metrics receive the sample
            weights.
        name: The name of this container.
        output_names: Optional names of the model's outputs.
        loss: The `loss` given to `compile()`, used to choose the right
            accuracy ("accuracy"/"acc") and crossentropy metrics.
    """

    def __init__(
        self,
        metrics,
        weighted_metrics,
        name="compile_metric",
        output_names=None,
        loss=None,
    ):
        for arg_name, arg in (
            ("metrics", metrics),
            ("weighted_metrics", weighted_metrics),
        ):
            if arg is not None and not isinstance(arg, (list, tuple, dict)):
                raise ValueError(
                    f"Expected `{arg_name}` argument to be a list, tuple, or "
                    f"dict. Received instead: {arg_name}={arg} of type "
                    f"{type(arg)}"
                )
        self._user_metrics = metrics
        self._user_weighted_metrics = weighted_metrics
        self.name = name
        self.output_names = output_names
        self._loss = loss
        self.built = False
        self._flat_metrics = []  # (output index, metric, weighted)
        self._names = []

    @property
    def metrics(self):
        return [m for _, m, _ in self._flat_metrics]

    @property
    def variables(self):
        variables = []
        for metric in self.metrics:
            variables.extend(metric.variables)
        return variables

    def _per_output(self, metrics, names, y_pred, arg_name):
        n = len(names)
        if metrics is None:
            return [[] for _ in range(n)]
        if isinstance(metrics, dict):
            unknown = [k for k in metrics if k not in names]
            if unknown:
                raise ValueError(
                    f"In the dict argument `{arg_name}`, key(s) {unknown} "
                    "do not correspond to any model output. The model's "
                    f"outputs are {names}"
                )
            return [_as_list(metrics.get(name)) for name in names]
        metrics = list(metrics)
        if n == 1:
            if len(metrics) == 1 and isinstance(metrics[0], (list, tuple)):
                return [list(metrics[0])]
            return [metrics]
        if any(isinstance(m, (list, tuple, dict)) for m in metrics) or (
            len(metrics) == n and any(m is None for m in metrics)
        ):
            if len(metrics) != n:
                raise ValueError(
                    f"For a model with multiple outputs, when providing the "
                    f"`{arg_name}` argument as a list of lists, it should "
                    f"have as many entries as the model has outputs ({n}). "
                    f"Received: {arg_name}={metrics}"
                )
            return [_as_list(m) for m in metrics]
        # A flat list of metrics: every output gets all of them.
        return [list(metrics) for _ in range(n)]

    def build(self, y_true, y_pred):
        names = _output_names(y_pred, self.output_names)
        self._names = names
        flat_pred = tree.flatten(y_pred)
        flat_true = _flatten_like(y_true, y_pred, names, "`y`")
        if flat_true is None:
            flat_true = [y_true] * len(names)
        losses = self._per_output_losses(names)
        multi = len(names) > 1
        unweighted = self._per_output(
            self._user_metrics, names, y_pred, "metrics"
        )
        weighted = self._per_output(
            self._user_weighted_metrics, names, y_pred, "weighted_metrics"
        )
        flat = []
        used_names = set()
        original_names = {}
        for weighted_flag, per_output in (
            (False, unweighted),
            (True, weighted),
        ):
            for i, identifiers in enumerate(per_output):
                for identifier in identifiers:
                    if identifier is None:
                        continue
                    if isinstance(identifier, metrics_module.Metric):
                        # A metric instance shared by several outputs is
                        # copied, so that each output has its own state.
                        key = id(identifier)
                        if key in original_names:
                            identifier = type(identifier).from_config(
                                identifier.get_config()
                            )
                            identifier.name = original_names[key]
                        else:
                            original_names[key] = identifier.name
                    metric = _get_metric(
                        identifier, flat_true[i], flat_pred[i], losses[i]
                    )
                    if multi:
                        metric.name = f"{names[i]}_{metric.name}"
                    if metric.name in used_names:
                        if weighted_flag:
                            metric.name = f"weighted_{metric.name}"
                        suffix = 1
                        base = metric.name
                        while metric.name in used_names:
                            metric.name = f"{base}_{suffix}"
                            suffix += 1
                    used_names.add(metric.name)
                    flat.append((i, metric, weighted_flag))
        self._flat_metrics = flat
        self.built = True

    def _per_output_losses(self, names):
        loss = self._loss
        if isinstance(loss, dict):
            return [loss.get(name) for name in names]
        if isinstance(loss, (list, tuple)) and len(loss) == len(names):
            return list(loss)
        return [loss] * len(names)

    def update_state(self, y_true, y_pred, sample_weight=None):
        if not self.built:
            self.build(y_true, y_pred)
        names = self._names
        flat_pred = tree.flatten(y_pred)
        flat_true = _flatten_like(y_true, y_pred, names, "`y`")
        if flat_true is None:
            flat_true = [y_true] * len(names)
        flat_sw = _flatten_like(sample_weight, y_pred, names, "`sample_weight`")
        if flat_sw is None:
            flat_sw = [sample_weight] * len(names)
        for i, metric, weighted in self._flat_metrics:
            if flat_true[i] is None:
                continue
            metric.update_state(
                flat_true[i],
                flat_pred[i],
                sample_weight=flat_sw[i] if weighted else None,
            )

    def reset_state(self):
        for metric in self.metrics:
            metric.reset_state()

    def result(self):
        results = {}
        for metric in self.metrics:
            value = metric.result()
            if isinstance(value, dict):
                results.update(value)
            else:
                results[metric.name] = value
        return results


def _as_list(value):
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        return list(value)
    return [value]


def _loss_name(loss):
    if loss is None:
        return ""
    if isinstance(loss, str):
        return loss.lower()
    name = getattr(loss, "__name__", None)
    if name is None:
        fn = getattr(loss, "fn", None)
        name = getattr(fn, "__name__", None) or type(loss).__name__
    return name.lower()


def _is_binary(y_true, y_pred, loss):
    name = _loss_name(loss)
    if "binary" in name or name == "bce":
        return True
    if "categorical" in name:
        return False
    return (
        y_pred is not None
        and len(y_pred.shape) >= 1
        and (y_pred.shape[-1] == 1)
    )


def _is_sparse(y_true, y_pred, loss):
    name = _loss_name(loss)
    if "sparse" in name:
        return True
    if "categorical" in name:
        return False
    if y_true is None or y_pred is None:
        return False
    true_shape = tuple(y_true.shape)
    pred_shape = tuple(y_pred.shape)
    return len(true_shape) < len(pred_shape) or (
        len(true_shape) == len(pred_shape)
        and true_shape[-1:] == (1,)
        and pred_shape[-1:] != (1,)
    )


def _get_metric(identifier, y_true, y_pred, loss):
    """Resolves a metric identifier for one output."""
    if isinstance(identifier, str):
        lowered = identifier.lower()
        if lowered in _ACCURACY_NAMES:
            if _is_binary(y_true, y_pred, loss):
                return metrics_module.BinaryAccuracy(name=identifier)
            if _is_sparse(y_true, y_pred, loss):
                return metrics_module.SparseCategoricalAccuracy(name=identifier)
            return metrics_module.CategoricalAccuracy(name=identifier)
        if lowered in _CROSSENTROPY_NAMES:
            if _is_binary(y_true, y_pred, loss):
                fn = losses_module.binary_crossentropy
            elif _is_sparse(y_true, y_pred, loss):
                fn = losses_module.sparse_categorical_crossentropy
            else:
                fn = losses_module.categorical_crossentropy
            return metrics_module.MeanMetricWrapper(fn, name=identifier)
    metric = metrics_module.get(identifier)
    if isinstance(metric, metrics_module.Metric):
        if isinstance(identifier, str):
            metric.name = identifier
        return metric
    if callable(metric):
        name = (
            identifier
            if isinstance(identifier, str)
            else getattr(metric, "__name__", "metric")
        )
        return metrics_module.MeanMetricWrapper(metric, name=name)
    raise ValueError(
        f"Unknown metric identifier {identifier!r}: expected a name, a "
        "`Metric` object or a callable."
    )
