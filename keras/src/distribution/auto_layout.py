"""Layouts chosen for every variable of a model, with no per-model rule.

An `AutoLayoutMap` lays a variable out by the logical names of its axes
(see `logical_axes`) through a rule table from names to mesh axes, and a
variable without names by its shape. A mesh axis that does not divide the
dimension its rule names moves to another dimension, or the variable is
replicated over it: the choice never makes an indivisible layout. Each
choice is kept with its reason, for the layout report.
"""

import collections

import numpy as np

from keras.src.api_export import keras_export
from keras.src.distribution import logical_axes
from keras.src.distribution.distribution_lib import LayoutMap
from keras.src.distribution.distribution_lib import TensorLayout

DEFAULT_MODEL_AXIS = "model"
# Unnamed variables are split whatever their size, as named ones are: a
# small model's norms, tokens and position tables, kept whole on every
# device, would be a large share of its weights. (A gather of a small
# variable costs little either way.)
DEFAULT_MIN_SHARD_SIZE = 0


class LayoutChoice(collections.namedtuple("LayoutChoice", ["axes", "reason"])):
    """The layout an `AutoLayoutMap` chose for a variable: `axes` (one
    entry per dimension, as in `TensorLayout`) and `reason`, a sentence
    saying what it was chosen from."""


def _as_tuple(target):
    if target is None:
        return ()
    return (target,) if isinstance(target, str) else tuple(target)


def _as_entry(names):
    """A `TensorLayout` axis entry for a tuple of mesh axis names."""
    if not names:
        return None
    return names[0] if len(names) == 1 else tuple(names)


@keras_export("keras.distribution.default_axis_rules")
def default_axis_rules(device_mesh, model_axis=DEFAULT_MODEL_AXIS):
    """The default rule table of `AutoLayoutMap` for a mesh.

    Tensor parallelism over `model_axis`: vocabulary, MLP, head, expert
    and convolution output axes are split over it, and so is the
    multiplier axis of a depthwise kernel (its output axis; the usual
    multiplier of 1 cannot be split, so the model axis joins the channel
    axis instead of leaving the kernel whole over it). Fully sharded data
    parallelism over the other mesh axes (the batch axes): embedding,
    convolution input and normalization axes are split over them (a
    normalization's scale is as wide as the model, so a tiny model keeps
    a large share of its weights there). Head dimensions and window axes
    are not split.

    Args:
        device_mesh: The `DeviceMesh`.
        model_axis: The mesh axis for tensor parallelism. When the mesh
            has no such axis, no rule names it.

    Returns:
        A dict from logical axis name to a mesh axis name, a tuple of
        them, or `None`.

    Example:

    >>> mesh = keras.distribution.DeviceMesh((2, 4), ("batch", "model"))
    >>> keras.distribution.default_axis_rules(mesh)["mlp"]
    'model'
    """
    names = device_mesh.axis_names
    model = model_axis if model_axis in names else None
    fsdp = _as_entry(tuple(n for n in names if n != model_axis))
    return {
        logical_axes.VOCAB: model,
        logical_axes.EMBED: fsdp,
        logical_axes.MLP: model,
        logical_axes.HEADS: model,
        logical_axes.HEAD_DIM: None,
        logical_axes.EXPERTS: model,
        logical_axes.CONV_SPATIAL: None,
        logical_axes.CONV_IN: fsdp,
        logical_axes.CONV_OUT: model,
        logical_axes.CONV_MULTIPLIER: model,
        logical_axes.NORM: fsdp,
    }


@keras_export("keras.distribution.AutoLayoutMap")
class AutoLayoutMap(LayoutMap):
    """A `LayoutMap` that lays out every variable, with no per-model rule.

    Give it to `ModelParallel` to shard any model on any mesh:

    - A key set on the map (as on a `LayoutMap`) that matches a variable's
      path wins.
    - A variable whose axes have logical names (every variable of the
      built-in layers, see `keras.distribution.logical_axes`) is split as
      the rule table maps those names to mesh axes. A vector (a bias, a
      normalization scale) that its rule splits is also split over the
      mesh axes left over, when the whole mesh divides it.
    - A variable without names is split from its shape: the model axis
      over its largest dimension it divides, the other mesh axes over the
      largest remaining one, whatever its size (`min_shard_size` keeps
      smaller ones whole).

    When a mesh axis does not divide the dimension a rule gives it (e.g. 3
    key/value heads on a model axis of 4), it goes to the largest other
    dimension it divides (a free one first, then one already split, whose
    split it refines, and a dimension whose rule keeps it whole, such as
    `head_dim`, last), else the variable is replicated over it; no choice
    raises an indivisibility error. Every choice and its reason is
    kept in `choices` and shown by `keras.distribution.layout_report`.

    Args:
        device_mesh: The `DeviceMesh`.
        rules: Optional dict from logical axis name to a mesh axis name, a
            tuple of mesh axis names, or `None` (not split). It updates
            `default_axis_rules(device_mesh, model_axis)`.
        model_axis: The mesh axis for tensor parallelism; the other mesh
            axes are used for fully sharded data parallelism and, by
            default, for the batch.
        min_shard_size: Unnamed variables with fewer elements are
            replicated. Defaults to 0: every unnamed variable is split
            where the mesh divides it.

    Example:

    ```python
    mesh = keras.distribution.DeviceMesh((2, 4), ("batch", "model"))
    keras.distribution.set_distribution(
        keras.distribution.ModelParallel(
            layout_map=keras.distribution.AutoLayoutMap(mesh)
        )
    )
    ```
    """

    def __init__(
        self,
        device_mesh,
        rules=None,
        model_axis=DEFAULT_MODEL_AXIS,
        min_shard_size=DEFAULT_MIN_SHARD_SIZE,
    ):
        super().__init__(device_mesh)
        self._rules = default_axis_rules(device_mesh, model_axis)
        for name, target in (rules or {}).items():
            for axis in _as_tuple(target):
                if axis not in device_mesh.axis_names:
                    raise ValueError(
                        f"The rule for logical axis {name!r} names mesh axis "
                        f"{axis!r}, which the mesh does not have. Expected "
                        f"axes among {tuple(device_mesh.axis_names)}."
                    )
            self._rules[name] = target
        names = device_mesh.axis_names
        self._model_axis = model_axis if model_axis in names else None
        self._other_axes = tuple(n for n in names if n != model_axis)
        self._min_shard_size = int(min_shard_size)
        self._choices = {}

    @property
    def rules(self):
        """The rule table (a copy): logical axis name to mesh axes."""
        return dict(self._rules)

    @property
    def choices(self):
        """Dict from variable path to the `LayoutChoice` made for it."""
        return dict(self._choices)

    def default_batch_dim_name(self):
        """The mesh axes other than the model axis (the batch axes of
        `ModelParallel` when it is given no `batch_dim_name`), or `None`
        when the model axis is the only one."""
        return _as_entry(self._other_axes)

    def layout_for_variable(self, variable):
        """The layout of `variable`: a matching key, else the automatic
        choice (see the class docstring), recorded in `choices` (the last
        variable of a path, when several share it) and on the variable."""
        path = variable.path
        layout = self.variable_layout(path)
        if layout is not None:
            choice = LayoutChoice(layout.axes, "LayoutMap key")
        else:
            choice = self.choose(
                tuple(variable.shape), getattr(variable, "_axis_names", None)
            )
            layout = TensorLayout(choice.axes, self.device_mesh)
        self._choices[path] = choice
        # Kept on the variable too, for the layout report: two variables
        # may share a path (e.g. the towers of a two-encoder model).
        variable._layout_reason = choice.reason
        return layout

    def choose(self, shape, axis_names=None):
        """The `LayoutChoice` for a variable of `shape` and axis names.

        Args:
            shape: The variable's shape.
            axis_names: Its logical axis names (see `logical_axes`), or
                `None`.

        Returns:
            A `LayoutChoice` whose axes divide `shape`.
        """
        shape = tuple(int(d) for d in shape)
        placed = [()] * len(shape)
        notes = []
        if axis_names is not None and len(axis_names) == len(shape):
            self._place_by_names(shape, tuple(axis_names), placed, notes)
            basis = f"names {tuple(axis_names)}"
        else:
            if axis_names is not None:
                notes.append(
                    f"names {tuple(axis_names)} do not fit rank {len(shape)}"
                )
            size = int(np.prod(shape)) if shape else 1
            if not shape or size < self._min_shard_size:
                basis = f"shape, {size} elements: replicated as small"
            else:
                basis = "shape"
                for target in (_as_tuple(self._model_axis), self._other_axes):
                    if target:
                        self._place_anywhere(target, shape, placed, notes)
        axes = tuple(_as_entry(p) for p in placed)
        return LayoutChoice(axes, "; ".join([basis] + notes))

    def _place_by_names(self, shape, axis_names, placed, notes):
        used = set()
        leftover = []
        for dim, name in enumerate(axis_names):
            target = _as_tuple(self._rules.get(name)) if name else ()
            free = tuple(a for a in target if a not in used)
            if len(free) < len(target):
                taken = tuple(a for a in target if a in used)
                notes.append(f"{name}: {taken} already used")
            if not free:
                continue
            count = self.device_mesh.axis_size(free)
            if shape[dim] % count:
                notes.append(
                    f"{name} ({shape[dim]}) not divisible by "
                    f"{_as_entry(free)!r} ({count})"
                )
                leftover.append(free)
                used.update(free)
                continue
            placed[dim] = free
            used.update(free)
        # Dimensions whose rule keeps them whole (e.g. `head_dim`, which
        # attention reads whole) take a leftover axis only as a last resort.
        kept = {
            dim
            for dim, name in enumerate(axis_names)
            if name in self._rules and self._rules[name] is None
        }
        for target in leftover:
            self._place_anywhere(target, shape, placed, notes, kept)
        if len(shape) == 1 and placed[0]:
            self._widen_vector(shape[0], placed, notes)

    def _widen_vector(self, size, placed, notes):
        """Splits a vector (a bias, a normalization scale) that its rule
        split over the mesh axes no dimension took as well, when they
        divide it: gathering it costs little, and a model of small width
        would otherwise keep a large share of its weights whole."""
        rest = tuple(
            a for a in self.device_mesh.axis_names if a not in placed[0]
        )
        if rest and size % self.device_mesh.axis_size(placed[0] + rest) == 0:
            placed[0] = placed[0] + rest
            notes.append(f"vector: {_as_entry(rest)!r} joins")

    def _place_anywhere(self, target, shape, placed, notes, kept=()):
        """Puts mesh axes `target` on the largest free dimension they
        divide, else beside the axes of a dimension that still divides,
        else on the largest dimension of `kept` they divide, else notes
        that the variable is replicated over them."""
        count = self.device_mesh.axis_size(target)
        by_size = sorted(range(len(shape)), key=lambda d: -shape[d])
        for dim in by_size:
            free = not placed[dim] and dim not in kept
            if free and shape[dim] % count == 0:
                placed[dim] = target
                notes.append(f"{_as_entry(target)!r} -> dim {dim}")
                return
        for dim in by_size:
            total = count * self.device_mesh.axis_size(placed[dim] or ())
            if placed[dim] and shape[dim] % total == 0:
                placed[dim] = placed[dim] + target
                notes.append(f"{_as_entry(target)!r} joins dim {dim}")
                return
        for dim in by_size:
            if dim in kept and shape[dim] % count == 0:
                placed[dim] = target
                notes.append(f"{_as_entry(target)!r} -> dim {dim}")
                return
        notes.append(f"replicated over {_as_entry(target)!r}")
