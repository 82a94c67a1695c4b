"""Layouts of a layer's quantized variables under a distribution.

A quantized variable replaces a float weight (or is derived from one: a
scale, a zero point, a group index). Its layout comes from the layout the
current distribution gives that float weight (`float_weight_layout`),
which a distribution finds from the weight's path and the logical axis
names the layer gives it (`keras.src.distribution.logical_axes`). Each
axis of the derived variable then takes the mesh axes of one axis of the
float weight, named by its position (`derived_layout`): positions rather
than logical names, as a weight may carry one name on several axes (an
`EinsumDense` kernel's `"head_dim"` axes).
"""


def float_weight_layout(layer, name, shape):
    """`(axes, mesh)` of the float weight `name` (of `shape`) that a
    quantized variable replaces, under the current distribution: the
    layout of the existing float variable, else the one the distribution
    would give a float variable of that path and of the logical axis
    names the layer gives it (`layer._float_weight_axis_names(name)`).
    `None` without a distribution (or when the layout does not fit
    `shape`)."""
    from keras.src.backend.common.name_scope import current_path
    from keras.src.distribution import distribution_lib
    from keras.src.layers import layer as layer_module

    distribution = distribution_lib.distribution()
    if distribution is None:
        return None
    with layer_module._variable_scope(layer):
        path = f"{current_path()}/{name}"
    existing = getattr(layer, f"_{name}", None)
    if existing is None:
        existing = getattr(layer, name, None)
    if existing is None or tuple(existing.shape) != tuple(shape):
        existing = None
    axis_names = getattr(existing, "_axis_names", None)
    if axis_names is None and hasattr(layer, "_float_weight_axis_names"):
        axis_names = layer._float_weight_axis_names(name)
    probe = _LayoutProbe(
        path, shape, getattr(existing, "_layout", None), axis_names
    )
    layout = distribution.get_variable_layout(probe)
    if layout is None or len(layout.axes) != len(shape):
        return None
    return tuple(layout.axes), layout.device_mesh


class _LayoutProbe:
    """What `Distribution.get_variable_layout` reads from a variable."""

    def __init__(self, path, shape, layout, axis_names=None):
        self.path = path
        self.shape = tuple(shape)
        self._layout = layout
        self._axis_names = axis_names


def derived_layout(base, picks, shape):
    """The layout of a quantized variable of `shape` whose axis `i` takes
    the mesh axes of the float weight's axis `picks[i]` (`None`:
    replicated), given `base = float_weight_layout(...)`. An axis whose
    size the mesh axes do not divide (e.g. a packed int4 axis) is
    replicated. `None` when `base` is."""
    from keras.src.distribution import distribution_lib

    if base is None:
        return None
    axes, mesh = base
    derived = []
    for size, pick in zip(shape, picks):
        entry = None if pick is None else axes[pick]
        if entry is not None and size % mesh.axis_size(entry):
            entry = None
        derived.append(entry)
    return distribution_lib.TensorLayout(tuple(derived), mesh)
