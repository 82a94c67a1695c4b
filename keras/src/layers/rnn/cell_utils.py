"""Helpers shared by the built-in recurrent cells and their layers."""

from keras.src import activations
from keras.src import constraints
from keras.src import initializers
from keras.src import regularizers

# The per-weight settings shared by the cells, weight by weight.
WEIGHT_SETTINGS = ("initializer", "regularizer", "constraint")
CELL_WEIGHTS = ("kernel", "recurrent", "bias")


def cell_weight_config(cell):
    """The initializer/regularizer/constraint entries of a cell's config
    (`kernel_initializer`, ..., `bias_constraint`)."""
    serializers = {
        "initializer": initializers.serialize,
        "regularizer": regularizers.serialize,
        "constraint": constraints.serialize,
    }
    config = {}
    for setting in WEIGHT_SETTINGS:
        for weight in CELL_WEIGHTS:
            name = f"{weight}_{setting}"
            config[name] = serializers[setting](getattr(cell, name))
    return config


def set_cell_weight_settings(cell, **settings):
    """Resolves and stores the `<weight>_<setting>` arguments of a cell."""
    getters = {
        "initializer": initializers.get,
        "regularizer": regularizers.get,
        "constraint": constraints.get,
    }
    for name, value in settings.items():
        setting = name.rsplit("_", 1)[1]
        setattr(cell, name, getters[setting](value))


def check_units(cls_name, units):
    if isinstance(units, bool) or not isinstance(units, int) or units <= 0:
        raise ValueError(
            f"`{cls_name}` needs `units` (the size of its output) to be a "
            f"positive integer. Received: units={units!r}"
        )


def clip_rate(rate):
    return min(1.0, max(0.0, rate))


def _cell_property(name):
    return property(
        lambda self: getattr(self.cell, name),
        doc=f"The cell's `{name}`.",
    )


CELL_PROPERTIES = (
    "units",
    "activation",
    "use_bias",
    "kernel_initializer",
    "recurrent_initializer",
    "bias_initializer",
    "kernel_regularizer",
    "recurrent_regularizer",
    "bias_regularizer",
    "kernel_constraint",
    "recurrent_constraint",
    "bias_constraint",
    "dropout",
    "recurrent_dropout",
)


def add_cell_properties(cls, names=CELL_PROPERTIES):
    """Adds read-only properties forwarding `names` to `self.cell`."""
    for name in names:
        setattr(cls, name, _cell_property(name))
    return cls


def layer_config(layer, base_config, extra=()):
    """The config of a layer made of one built-in cell: the RNN options
    and the cell's settings (the cell itself is not serialized)."""
    cell = layer.cell
    config = dict(base_config)
    config.pop("cell", None)
    config.update(
        {
            "units": cell.units,
            "activation": activations.serialize(cell.activation),
            "use_bias": cell.use_bias,
            **cell_weight_config(cell),
            "activity_regularizer": regularizers.serialize(
                layer.activity_regularizer
            ),
            "dropout": cell.dropout,
            "recurrent_dropout": cell.recurrent_dropout,
            "seed": cell.seed,
        }
    )
    for name in extra:
        value = getattr(cell, name)
        if callable(value) and name.endswith("activation"):
            value = activations.serialize(value)
        config[name] = value
    return config
