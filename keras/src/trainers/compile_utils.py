"""`CompileLoss` and `CompileMetrics`: the losses and metrics given to
`compile()`, matched to the model's outputs.

Both are built lazily from the first batch (`build(y_true, y_pred)`),
because what "accuracy" means, or how a structure of losses maps onto the
outputs, depends on the targets and predictions.

The predictions are seen as a structure whose leaves are the outputs
(`tree.flatten(y_pred)` order, dicts by sorted key). A leaf is named after
its dict key when `y_pred` is a flat dict, else after the model's
`output_names` when there is one name per leaf.

`CompileMetrics` is a `keras.metrics.Metric` (its state is the state of the
metrics it holds, in order), so a custom JAX `train_step` can update it with
`stateless_update_state()` like any other entry of `model.metrics`.
`CompileLoss` keeps one `Mean` tracker per output that has a loss (when
there are several such outputs); calling it updates them.
"""

from keras.src import backend
from keras.src import losses as losses_module
from keras.src import metrics as metrics_module
from keras.src import ops
from keras.src import tree
from keras.src.trainers import valid_rows

_ACCURACY_NAMES = ("accuracy", "acc")
_CROSSENTROPY_NAMES = ("crossentropy", "ce")


# ------------------------------------------------------------ the outputs
class _Layout:
    """Where the leaves (outputs) of a prediction structure sit.

    Attributes:
        structure: The structure the layout was made from.
        paths: Path of each leaf (tuple of dict keys and sequence indices).
        count: Number of leaves.
        is_dict: Whether the structure is a dict.
        flat_dict: Whether it is a dict of leaves.
        given_names: The model's `output_names` when there is one per leaf,
            else `None`.
        names: Names of the leaves used to look up dict arguments keyed by
            output (dict keys of a flat dict, else `given_names`).
        order: Leaf indices in display order (a flat dict follows
            `output_names` when they name the same keys).
    """

    def __init__(self, y_pred, output_names):
        flat = tree.flatten_with_path(y_pred)
        self.structure = y_pred
        self.paths = [tuple(path) for path, _ in flat]
        self.count = len(self.paths)
        self.is_dict = isinstance(y_pred, dict)
        self.flat_dict = self.is_dict and all(len(p) == 1 for p in self.paths)
        given = None if output_names is None else list(output_names)
        if given is not None and len(given) != self.count:
            given = None
        self.given_names = given
        if self.flat_dict:
            self.names = [p[0] for p in self.paths]
        else:
            self.names = given
        self.order = list(range(self.count))
        if (
            self.flat_dict
            and output_names is not None
            and sorted(map(str, output_names)) == sorted(map(str, self.names))
            and len(output_names) == self.count
        ):
            self.order = [self.names.index(name) for name in output_names]

    def leaves_under(self, path):
        """Indices of the leaves at or below `path`."""
        size = len(path)
        return [i for i, p in enumerate(self.paths) if p[:size] == path]

    def node_at(self, path):
        node = self.structure
        for key in path:
            node = node[key]
        return node

    def pred_leaves(self, y_pred):
        """The leaves of `y_pred` (a structure like the one of the build, or
        a dict keyed by output name when the build saw a sequence)."""
        if (
            isinstance(y_pred, dict)
            and not self.is_dict
            and self.given_names is not None
            and set(y_pred) == set(self.given_names)
        ):
            return [y_pred[name] for name in self.given_names]
        flat = tree.flatten(y_pred)
        if len(flat) != self.count:
            raise ValueError(
                "The predictions do not match the structure seen when the "
                f"loss or metrics were built: y_true and y_pred have "
                f"different structures. Expected {self.count} outputs, got "
                f"{len(flat)}."
            )
        return flat


def _walk(value, paths):
    """Looks up each path in `value`; `None` if the structures disagree.

    A dict without the key gives `None` for that leaf (targets may be
    given only for the outputs that need them)."""
    found = []
    for path in paths:
        node = value
        for key in path:
            if isinstance(node, dict) and not isinstance(key, int):
                node = node.get(key)
                if node is None:
                    break
            elif (
                isinstance(node, (list, tuple))
                and isinstance(key, int)
                and key < len(node)
            ):
                node = node[key]
            else:
                return None
        if node is not None and tree.is_nested(node):
            return None
        found.append(node)
    return found


def _per_leaf(value, layout, what, covered=None):
    """Matches `value` (targets, sample weights) to the output leaves.

    Args:
        value: A single array, or a structure of arrays.
        layout: The `_Layout` of the predictions.
        what: Name of the argument, for error messages.
        covered: Indices of the leaves that need a value (the others may be
            left out of `value`).

    Returns:
        A list with one entry (or `None`) per leaf, or `None` when `value`
        is a single array and there are several leaves to share it.
    """
    n = layout.count
    if value is None:
        return [None] * n
    if not tree.is_nested(value):
        if n == 1:
            return [value]
        if covered is not None and len(covered) == 1:
            found = [None] * n
            found[covered[0]] = value
            return found
        return None
    found = _walk(value, layout.paths)
    if found is not None and any(v is not None for v in found):
        return found
    if (
        isinstance(value, dict)
        and not layout.is_dict
        and layout.given_names is not None
        and all(key in layout.given_names for key in value)
    ):
        return [value.get(name) for name in layout.given_names]
    flat = tree.flatten(value)
    if len(flat) == n:
        return flat
    if covered is not None and len(flat) == len(covered):
        found = [None] * n
        for index, item in zip(covered, flat):
            found[index] = item
        return found
    raise ValueError(
        f"Cannot match `{what}` to the model's outputs: y_true and y_pred "
        f"have different structures. The predictions have {n} outputs "
        f"(paths {layout.paths}) and `{what}` has {len(flat)} entries."
    )


def _pack(layout, path, leaves, values):
    """The sub-structure of the outputs at `path`, filled with `values`."""
    if not path and layout.count == 1 and not tree.is_nested(layout.structure):
        return values[leaves[0]]
    template = layout.node_at(path)
    if not tree.is_nested(template):
        return values[leaves[0]]
    return tree.pack_sequence_as(template, [values[i] for i in leaves])


def _batch_size(leaves):
    for leaf in leaves:
        shape = getattr(leaf, "shape", None)
        if shape:
            return shape[0]
    return 1


# ------------------------------------------------------------------ losses
class _LossLeaf:
    """One entry of the `loss` structure, with its position in
    `tree.flatten(loss)` (which is also the position of its weight)."""

    __slots__ = ("index", "identifier")

    def __init__(self, index, identifier):
        self.index = index
        self.identifier = identifier


def _plain(spec):
    """Whether a sequence of loss entries holds no nested structure."""
    return all(isinstance(item, _LossLeaf) for item in spec)


class CompileLoss(losses_module.Loss):
    """The total loss of a model: the sum of the weighted losses.

    `loss` is a single loss (applied to every output and summed) or a
    structure following the structure of the predictions: a dict (keyed by
    dict output key, or by output name), a list/tuple with one entry per
    output, `None` for outputs without a loss. Where an entry of the
    structure meets a sub-structure of the predictions (not a single
    output), the loss function receives that whole sub-structure. A list of
    several losses for one output, or a list whose type differs from the
    sequence it meets, applies each of its losses to that output or
    sub-structure.

    When more than one output (or sub-structure) has a loss, a `Mean`
    tracker per output (`metrics`, named `"<output>_loss"`) records its
    unweighted loss; calling the object updates them.

    Args:
        loss: A loss (name, function or `keras.losses.Loss`) or a structure
            of them, as above.
        loss_weights: Optional scalar, or structure like `loss` (same
            number of entries), of coefficients of the losses.
        reduction: Reduction of the losses given as functions.
        output_names: Optional names of the model's outputs.
    """

    def __init__(
        self,
        loss,
        loss_weights=None,
        reduction="sum_over_batch_size",
        output_names=None,
    ):
        super().__init__(name="compile_loss", reduction=reduction)
        self._user_loss = loss
        self._user_loss_weights = loss_weights
        self.output_names = output_names
        self.built = False
        self._layout = None
        self._entries = []
        self._node_paths = []
        self._node_leaves = []
        self._covered = []
        self._trackers = []
        # Resolve names early, so that unknown ones fail in `compile()`.
        for entry in tree.flatten(loss):
            if isinstance(entry, str) and (
                entry.lower() not in _CROSSENTROPY_NAMES
            ):
                losses_module.get(entry)

    @property
    def metrics(self):
        """The per-output loss trackers (only with several losses)."""
        return list(self._trackers)

    @property
    def variables(self):
        return [v for tracker in self._trackers for v in tracker.variables]

    def reset_state(self):
        for tracker in self._trackers:
            tracker.reset_state()

    # ----------------------------------------------------------- build
    def build(self, y_true, y_pred):
        if self.built:
            return
        layout = _Layout(y_pred, self.output_names)
        loss = self._user_loss
        flat_loss = tree.flatten(loss)
        marked = tree.pack_sequence_as(
            loss, [_LossLeaf(i, item) for i, item in enumerate(flat_loss)]
        )
        placed = []  # (marker, path)
        if not tree.is_nested(loss):
            if marked.identifier is not None:
                for path in layout.paths:
                    placed.append((marked, path))
        else:
            self._place(marked, (), y_pred, layout, placed, top=True)
        weights = self._entry_weights(placed, len(flat_loss), layout)

        node_paths = []
        for _, path in placed:
            if path not in node_paths:
                node_paths.append(path)
        node_leaves = [layout.leaves_under(path) for path in node_paths]
        true_leaves = self._try_per_leaf(y_true, layout)
        entries = []
        for (marker, path), weight in zip(placed, weights):
            node = node_paths.index(path)
            first = node_leaves[node][0]
            fn = _resolve_loss(
                marker.identifier,
                true_leaves[first],
                layout.node_at(layout.paths[first]),
                self.reduction,
            )
            entries.append((fn, weight, node))
        covered = sorted({i for leaves in node_leaves for i in leaves})

        trackers = []
        if len(node_paths) > 1:
            used = set()
            for node, path in enumerate(node_paths):
                label = _node_label(path, layout)
                if label is None:
                    label = next(fn.name for fn, _, k in entries if k == node)
                name = f"{label}_loss"
                base, suffix = name, 1
                while name in used:
                    name = f"{base}_{suffix}"
                    suffix += 1
                used.add(name)
                trackers.append(metrics_module.Mean(name=name))
        self._layout = layout
        self._entries = entries
        self._node_paths = node_paths
        self._node_leaves = node_leaves
        self._covered = covered
        self._trackers = trackers
        self.built = True

    def _try_per_leaf(self, y_true, layout):
        try:
            found = _per_leaf(y_true, layout, "y_true")
        except ValueError:
            found = None
        return found if found is not None else [None] * layout.count

    def _place(self, spec, path, node, layout, placed, top=False):
        """Records `(marker, path)` for each loss of `spec` placed at the
        prediction sub-structure `node` (found at `path`)."""
        if isinstance(spec, _LossLeaf):
            if spec.identifier is not None:
                placed.append((spec, path))
            return
        if isinstance(spec, dict):
            self._place_dict(spec, path, node, layout, placed, top)
            return
        if not isinstance(spec, (list, tuple)):
            raise TypeError(f"Unsupported entry in `loss`: {spec!r}")
        if not tree.is_nested(node):
            # Several losses for one output.
            for item in spec:
                self._place(item, path, node, layout, placed)
            return
        if isinstance(node, (list, tuple)) and (
            (type(spec) is type(node) and len(spec) == len(node))
            or (_plain(spec) and len(spec) == len(node))
        ):
            for index, item in enumerate(spec):
                self._place(item, path + (index,), node[index], layout, placed)
            return
        if isinstance(node, dict) and _plain(spec) and len(spec) == len(node):
            keys = sorted(node)
            if top and layout.flat_dict:
                keys = [layout.names[i] for i in layout.order]
            for key, item in zip(keys, spec):
                self._place(item, path + (key,), node[key], layout, placed)
            return
        if _plain(spec) and isinstance(node, (list, tuple, dict)):
            raise ValueError(
                f"The `loss` list has {len(spec)} entries but the model "
                f"outputs {'at ' + str(path) if path else ''}have "
                f"{len(node)}: give one loss per output (or `None`), or a "
                "single loss for all of them."
            )
        # Each loss of the sequence applies to the whole sub-structure.
        for item in spec:
            self._place(item, path, node, layout, placed)

    def _place_dict(self, spec, path, node, layout, placed, top):
        keys = _sorted_keys(spec)

        def place_at_named_output(key):
            # `spec[key]` goes to the model output named `key`.
            output_path = layout.paths[layout.given_names.index(key)]
            self._place(
                spec[key],
                output_path,
                layout.node_at(output_path),
                layout,
                placed,
            )

        if isinstance(node, dict):
            for key in keys:
                if key in node:
                    self._place(
                        spec[key], path + (key,), node[key], layout, placed
                    )
                elif top and layout.given_names and key in layout.given_names:
                    place_at_named_output(key)
                elif top:
                    raise KeyError(
                        f"The key '{key}' in the `loss` argument, can't be "
                        "found in either the model's output (its keys are "
                        f"{sorted(node)}) or in the model's `output_names` "
                        f"({layout.given_names})."
                    )
                else:
                    raise KeyError(
                        f"The entry '{'/'.join(map(str, path + (key,)))}' "
                        "of `loss` can't be found in the model's output "
                        "structure."
                    )
            return
        if top:
            names = layout.given_names
            unknown = [k for k in keys if names is None or k not in names]
            if unknown:
                raise ValueError(
                    f"The `loss` dict has keys {unknown} that name no "
                    f"output of the model. Expected keys among the "
                    f"model's output names: {names}."
                )
            for key in keys:
                place_at_named_output(key)
            return
        raise KeyError(
            f"The `loss` entry at '{'/'.join(map(str, path))}' is a dict "
            f"(keys {keys}), which can't be found in the model's output "
            "structure: the output there is not a dict."
        )

    def _entry_weights(self, placed, num_losses, layout):
        weights = self._user_loss_weights
        if weights is None:
            return [1.0] * len(placed)
        if not tree.is_nested(weights):
            return [weights] * len(placed)
        flat = tree.flatten(weights)
        if len(flat) == num_losses:
            return [flat[marker.index] for marker, _ in placed]
        if not tree.is_nested(self._user_loss):
            # One loss for every output, one weight per output.
            per_leaf = _per_leaf(weights, layout, "loss_weights")
            if per_leaf is not None and all(w is not None for w in per_leaf):
                return [per_leaf[layout.paths.index(p)] for _, p in placed]
        raise ValueError(
            f"`loss_weights` has {len(flat)} entries, but it must match the "
            f"number of losses ({num_losses}) given in `loss`: use the same "
            f"structure. Received: loss_weights={weights}"
        )

    # ------------------------------------------------------------ call
    def __call__(self, y_true, y_pred, sample_weight=None):
        return self.call(y_true, y_pred, sample_weight)

    def call(self, y_true, y_pred, sample_weight=None):
        """Returns the total loss (`None` if no output has a loss) and
        updates the per-output trackers."""
        if not self.built:
            self.build(y_true, y_pred)
        layout = self._layout
        if not self._entries:
            return None
        pred = layout.pred_leaves(y_pred)
        true = _per_leaf(y_true, layout, "y_true", self._covered)
        if true is None:
            raise ValueError(
                f"The model has {layout.count} outputs with a loss: y_true "
                "and y_pred have different structures. Pass one target per "
                "output (a list, or a dict keyed by output name)."
            )
        weights = _per_leaf(
            sample_weight, layout, "sample_weight", self._covered
        )
        if weights is None:
            weights = [sample_weight] * layout.count
        totals = [None] * len(self._node_paths)
        total = None
        for fn, weight, node in self._entries:
            path = self._node_paths[node]
            leaves = self._node_leaves[node]
            missing = [layout.paths[i] for i in leaves if true[i] is None]
            if missing:
                raise ValueError(
                    f"The output(s) at {missing} have a loss, but `y` holds "
                    "no target for them."
                )
            value = fn(
                _pack(layout, path, leaves, true),
                _pack(layout, path, leaves, pred),
                sample_weight=weights[leaves[0]],
            )
            value = ops.cast(value, backend.floatx())
            totals[node] = (
                value if totals[node] is None else totals[node] + value
            )
            if not (isinstance(weight, (int, float)) and weight == 1):
                value = value * ops.cast(weight, backend.floatx())
            total = value if total is None else total + value
        if self._trackers:
            batch_size = valid_rows.count(_batch_size(pred))
            for tracker, value in zip(self._trackers, totals):
                if value is not None:
                    tracker.update_state(value, sample_weight=batch_size)
        return total

    def get_config(self):
        raise NotImplementedError(
            "`CompileLoss` is built by `compile()`; serialize the arguments "
            "given to `compile()` instead."
        )


def _sorted_keys(mapping):
    try:
        return sorted(mapping)
    except TypeError:
        return list(mapping)


def _node_label(path, layout):
    """A readable name for the outputs at `path` (`None` if unknown)."""
    if not path:
        if layout.count == 1:
            if layout.paths[0]:
                return _node_label(layout.paths[0], layout)
            return layout.given_names[0] if layout.given_names else None
        parts = [_node_label(p, layout) for p in layout.paths]
        if any(part is None for part in parts):
            return None
        return "_".join(parts)
    parts = []
    node = layout.structure
    for depth, key in enumerate(path):
        if isinstance(node, dict):
            parts.append(str(key))
        else:
            child = node[key]
            if tree.is_nested(child):
                parts.append(str(key))
            else:
                index = layout.paths.index(path[: depth + 1])
                if layout.given_names is None:
                    return None if depth == 0 else "/".join(parts + [str(key)])
                parts.append(str(layout.given_names[index]))
        node = node[key]
    return "/".join(parts)


def _resolve_loss(identifier, y_true, y_pred, reduction):
    """A `Loss` object for a loss identifier (for one output)."""
    name = None
    if isinstance(identifier, str):
        name = identifier
        if identifier.lower() in _CROSSENTROPY_NAMES:
            identifier = _crossentropy_for(y_true, y_pred, None)
    loss = losses_module.get(identifier)
    if isinstance(loss, losses_module.Loss):
        return loss
    if name is None:
        name = getattr(loss, "__name__", None)
    return losses_module.LossFunctionWrapper(
        loss, reduction=reduction, name=name
    )


# ----------------------------------------------------------------- metrics
class CompileMetrics(metrics_module.Metric):
    """The metrics given to `compile()`, applied to the model's outputs.

    A `keras.metrics.Metric` whose state is the state of its metrics (in
    the order of `metrics`) and whose `result()` is a dict of their
    results; the stateless API (`stateless_update_state`,
    `stateless_result`, `stateless_reset_state`) works on that state.

    Args:
        metrics: A list of metrics (for a single output, or for every
            output when the model has several), a list of lists (one list
            per output), or a dict (keyed by output name, or mirroring a
            nested output structure) of metrics or lists of metrics. A
            metric is a string (e.g. `"accuracy"`, `"mae"`), a function or
            a `keras.metrics.Metric`.
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
        super().__init__(name=name)
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
        self.output_names = output_names
        self._loss = loss
        self.built = False
        self._layout = None
        self._flat_metrics = []  # (leaf index, metric, weighted)
        self._covered = []

    @property
    def metrics(self):
        return [metric for _, metric, _ in self._flat_metrics]

    @property
    def variables(self):
        found = []
        seen = set()
        for metric in self.metrics:
            for variable in metric.variables:
                if id(variable) not in seen:
                    seen.add(id(variable))
                    found.append(variable)
        return found

    # ----------------------------------------------------------- build
    def build(self, y_true, y_pred):
        if self.built:
            # The metric objects are already named after their outputs.
            return
        layout = _Layout(y_pred, self.output_names)
        n = layout.count
        try:
            true = _per_leaf(y_true, layout, "y_true")
        except ValueError:
            true = None
        if true is None:
            true = [y_true if not tree.is_nested(y_true) else None] * n
        pred = tree.flatten(y_pred)
        losses = self._losses_per_leaf(layout)
        unweighted = self._per_leaf_spec(self._user_metrics, layout, "metrics")
        weighted = self._per_leaf_spec(
            self._user_weighted_metrics, layout, "weighted_metrics"
        )
        prefixes = layout.names if n > 1 else None
        flat = []
        used = set()
        copied_names = {}
        resolved_unweighted = {}
        for is_weighted, per_leaf in ((False, unweighted), (True, weighted)):
            for i in layout.order:
                for identifier in per_leaf[i]:
                    if identifier is None:
                        continue
                    if isinstance(identifier, metrics_module.Metric):
                        # A metric object given for several outputs is
                        # copied, so that each output has its own state.
                        if id(identifier) in copied_names:
                            original = copied_names[id(identifier)]
                            identifier = type(identifier).from_config(
                                identifier.get_config()
                            )
                            identifier.name = original
                        else:
                            copied_names[id(identifier)] = identifier.name
                    metric = _get_metric(
                        identifier, true[i], pred[i], losses[i]
                    )
                    base = metric.name
                    if is_weighted:
                        if base in resolved_unweighted.get(i, ()):
                            base = f"weighted_{base}"
                    else:
                        resolved_unweighted.setdefault(i, set()).add(base)
                    name = f"{prefixes[i]}_{base}" if prefixes else base
                    unique, suffix = name, 1
                    while unique in used:
                        unique = f"{name}_{suffix}"
                        suffix += 1
                    used.add(unique)
                    metric.name = unique
                    flat.append((i, metric, is_weighted))
        self._layout = layout
        self._flat_metrics = flat
        self._covered = sorted({i for i, _, _ in flat})
        self.built = True

    def _per_leaf_spec(self, spec, layout, arg_name):
        """The list of metric identifiers of each output leaf."""
        n = layout.count
        if spec is None:
            return [[] for _ in range(n)]
        if isinstance(spec, dict):
            names = layout.names
            if names is not None and all(key in names for key in spec):
                return [_as_list(spec.get(name)) for name in names]
            if layout.is_dict and not layout.flat_dict:
                return self._walk_spec(spec, layout, arg_name)
            unknown = [k for k in spec if names is None or k not in names]
            raise ValueError(
                f"Invalid `{arg_name}` argument: the keys {unknown} match "
                f"none of the model's outputs ({names}). Key the dict by "
                "output name."
            )
        spec = list(spec)
        if n == 1:
            if len(spec) == 1 and isinstance(spec[0], (list, tuple)):
                return [list(spec[0])]
            return [spec]
        if len(spec) == n or any(
            isinstance(m, (list, tuple, dict)) for m in spec
        ):
            # One entry (a metric, a list of metrics or `None`) per output.
            if len(spec) != n:
                raise ValueError(
                    f"For a model with multiple outputs, when providing the "
                    f"`{arg_name}` argument as a list of lists, it should "
                    f"have as many entries as the model has outputs ({n}). "
                    f"Received: {arg_name}={spec}"
                )
            return [_as_list(m) for m in spec]
        # A flat list of metrics (of another length than the number of
        # outputs): every output gets all of them.
        return [list(spec) for _ in range(n)]

    def _walk_spec(self, spec, layout, arg_name):
        """Metric identifiers per leaf from a spec mirroring a nested
        output structure."""
        per_leaf = [[] for _ in range(layout.count)]

        def visit(item, path, node):
            if item is None:
                return
            if isinstance(item, dict):
                if not isinstance(node, dict) or any(
                    key not in node for key in item
                ):
                    raise ValueError(
                        f"Invalid `{arg_name}` argument: the entry at "
                        f"'{'/'.join(map(str, path))}' has keys "
                        f"{list(item)} that do not match the model's "
                        "output structure there."
                    )
                for key, value in item.items():
                    visit(value, path + (key,), node[key])
            elif isinstance(item, (list, tuple)):
                if (
                    isinstance(node, (list, tuple))
                    and len(node) == len(item)
                    and tree.is_nested(node)
                ):
                    for index, value in enumerate(item):
                        visit(value, path + (index,), node[index])
                else:
                    for value in item:
                        visit(value, path, node)
            else:
                for index in layout.leaves_under(path):
                    per_leaf[index].append(item)

        visit(spec, (), layout.structure)
        return per_leaf

    def _losses_per_leaf(self, layout):
        loss = self._loss
        n = layout.count
        if loss is None or not tree.is_nested(loss):
            return [loss] * n
        if isinstance(loss, dict) and layout.names is not None:
            return [
                None if tree.is_nested(loss.get(name)) else loss.get(name)
                for name in layout.names
            ]
        if isinstance(loss, (list, tuple)) and len(loss) == n:
            return [None if tree.is_nested(item) else item for item in loss]
        return [None] * n

    # ----------------------------------------------------------- state
    def update_state(self, y_true, y_pred, sample_weight=None):
        if not self.built:
            self.build(y_true, y_pred)
        layout = self._layout
        pred = layout.pred_leaves(y_pred)
        true = _per_leaf(y_true, layout, "y_true", self._covered)
        if true is None:
            true = [y_true] * layout.count
        weights = _per_leaf(
            sample_weight, layout, "sample_weight", self._covered
        )
        if weights is None:
            weights = [sample_weight] * layout.count
        # Padded rows of a partial batch (zero weight for weighted metrics)
        # weigh zero for the unweighted metrics as well.
        rows = valid_rows.current()
        unweighted = None if rows is None else ops.cast(rows, "float32")
        for i, metric, is_weighted in self._flat_metrics:
            if true[i] is None:
                continue
            metric.update_state(
                true[i],
                pred[i],
                sample_weight=weights[i] if is_weighted else unweighted,
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

    def get_config(self):
        raise NotImplementedError(
            "`CompileMetrics` is built by `compile()`; serialize the "
            "arguments given to `compile()` instead."
        )


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
    shape = getattr(y_pred, "shape", None)
    return shape is not None and len(shape) >= 1 and shape[-1] == 1


def _is_sparse(y_true, y_pred, loss):
    name = _loss_name(loss)
    if "sparse" in name:
        return True
    if "categorical" in name:
        return False
    true_shape = getattr(y_true, "shape", None)
    pred_shape = getattr(y_pred, "shape", None)
    if true_shape is None or pred_shape is None:
        return False
    true_shape = tuple(true_shape)
    pred_shape = tuple(pred_shape)
    return len(true_shape) < len(pred_shape) or (
        len(true_shape) == len(pred_shape)
        and true_shape[-1:] == (1,)
        and pred_shape[-1:] != (1,)
    )


def _crossentropy_for(y_true, y_pred, loss):
    """The crossentropy function that a plain `"crossentropy"` stands for
    with these targets and predictions (and compiled `loss`): binary,
    sparse categorical or categorical."""
    if _is_binary(y_true, y_pred, loss):
        return losses_module.binary_crossentropy
    if _is_sparse(y_true, y_pred, loss):
        return losses_module.sparse_categorical_crossentropy
    return losses_module.categorical_crossentropy


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
            return metrics_module.MeanMetricWrapper(
                _crossentropy_for(y_true, y_pred, loss), name=identifier
            )
    try:
        metric = metrics_module.get(identifier)
    except ValueError:
        # Any loss (e.g. "bce") can be tracked as a metric: its mean.
        if not isinstance(identifier, str):
            raise
        try:
            metric = losses_module.get(identifier)
        except ValueError:
            metric = None
        if metric is None:
            raise
    if isinstance(metric, losses_module.Loss):
        return metrics_module.MeanMetricWrapper(metric, name=identifier)
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
