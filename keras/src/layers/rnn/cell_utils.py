"""Helpers shared by the built-in recurrent cells and their layers."""

from keras.src import activations
from keras.src import backend
from keras.src import ops
from keras.src import regularizers
from keras.src.layers.weight_settings import set_weight_settings
from keras.src.layers.weight_settings import settings_config

CELL_WEIGHTS = ("kernel", "recurrent", "bias")


def cell_options(arguments):
    """The `CELL_OPTIONS` entries of `arguments`, the `locals()` of a
    cell's or a layer's constructor: what a layer hands on to its cell,
    and what `set_cell_options` stores."""
    return {name: arguments[name] for name in CELL_OPTIONS}


def set_cell_options(cell, arguments):
    """Stores the options every built-in cell takes, read from its
    constructor's `arguments` (its `locals()`): its `activation`,
    `use_bias`, the `<weight>_<setting>` arguments and the (clipped)
    dropout rates, and its `seed` with the `seed_generator` of its dropout
    masks."""
    cell.seed = arguments["seed"]
    cell.seed_generator = backend.random.SeedGenerator(seed=cell.seed)
    options = cell_options(arguments)
    cell.activation = activations.get(options.pop("activation"))
    cell.use_bias = options.pop("use_bias")
    cell.dropout = clip_rate(options.pop("dropout"))
    cell.recurrent_dropout = clip_rate(options.pop("recurrent_dropout"))
    set_weight_settings(cell, CELL_WEIGHTS, options)


def zero_states(cell, batch_size):
    """The initial states of a cell whose states are vectors: zeros of
    shape `(batch_size, size)`, one per entry of `cell.state_size`."""
    sizes = cell.state_size
    if not isinstance(sizes, (list, tuple)):
        sizes = [sizes]
    return [
        ops.zeros((batch_size, size), dtype=cell.compute_dtype)
        for size in sizes
    ]


def add_cell_weights(
    cell, kernel_shape, recurrent_shape, bias_shape, bias_initializer=None
):
    """Creates `cell.kernel`, `cell.recurrent_kernel` and, when
    `cell.use_bias`, `cell.bias` (else `None`) from the cell's settings;
    `bias_initializer` replaces the cell's own when given."""
    cell.kernel = _add_weight(cell, "kernel", "kernel", kernel_shape)
    cell.recurrent_kernel = _add_weight(
        cell, "recurrent_kernel", "recurrent", recurrent_shape
    )
    cell.bias = None
    if cell.use_bias:
        cell.bias = _add_weight(
            cell, "bias", "bias", bias_shape, bias_initializer
        )
    cell.built = True


def _add_weight(cell, name, weight, shape, initializer=None):
    """Adds the weight `name` with the cell's `<weight>_*` settings."""
    return cell.add_weight(
        shape=shape,
        name=name,
        initializer=initializer or getattr(cell, f"{weight}_initializer"),
        regularizer=getattr(cell, f"{weight}_regularizer"),
        constraint=getattr(cell, f"{weight}_constraint"),
    )


def forget_bias_initializer(cell, size):
    """Returns the bias initializer of an LSTM cell with `size` units (or
    filters) per gate: with `unit_forget_bias`, the forget gate's part of
    the bias starts at one, the rest as `bias_initializer` says."""
    base = cell.bias_initializer
    if not cell.unit_forget_bias:
        return base

    def initializer(shape, dtype=None, **kwargs):
        # Gates i, f, c, o.
        return ops.concatenate(
            [
                base((size,), dtype=dtype),
                ops.ones((size,), dtype=dtype),
                base((2 * size,), dtype=dtype),
            ]
        )

    return initializer


def lstm_gates(cell, z, c_previous, axis):
    """One step of an LSTM cell (dense or convolutional) after its
    products: `z` is the sum of the input and recurrent products and the
    bias, holding the input, forget, candidate and output gates (in that
    order) in four equal parts along `axis`. Returns the new `(h, c)`."""
    z_i, z_f, z_c, z_o = ops.split(z, 4, axis=axis)
    gate = cell.recurrent_activation
    c = gate(z_f) * c_previous + gate(z_i) * cell.activation(z_c)
    h = gate(z_o) * cell.activation(c)
    return h, c


def check_use_cudnn(use_cudnn):
    """Raises a `ValueError` unless `use_cudnn` is `"auto"`, `True` or
    `False` (accepted for compatibility; no cuDNN kernel is used)."""
    if use_cudnn not in ("auto", True, False):
        raise ValueError(
            "Invalid value for argument `use_cudnn`. Expected one of "
            f"{{'auto', True, False}}. Received: use_cudnn={use_cudnn}"
        )


def check_cell(cell, owner):
    """Raises a `ValueError` unless `cell` has what every cell given to
    `owner` (`"RNN"` or `"StackedRNNCells"`) needs: a `call` method
    computing one timestep and a `state_size`."""
    if not callable(getattr(cell, "call", None)):
        raise ValueError(
            f"A cell given to `{owner}` should have a `call` method "
            f"computing one timestep. Received: cell={cell}"
        )
    if getattr(cell, "state_size", None) is None:
        raise ValueError(
            f"A cell given to `{owner}` should declare the size of its "
            "states as the attribute `state_size` (an int, or a list with "
            f"one entry per state). Received: cell={cell}"
        )


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


# The settings every built-in cell has besides its size (`units`, or
# `filters` for a convolutional cell).
CELL_OPTIONS = (
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

CELL_PROPERTIES = ("units",) + CELL_OPTIONS


# The `RNN` arguments of the layers made of one built-in cell (`unroll`
# where the layer takes it).
RNN_OPTIONS = (
    "return_sequences",
    "return_state",
    "go_backwards",
    "stateful",
    "unroll",
    "activity_regularizer",
)


def rnn_options(arguments):
    """The `RNN_OPTIONS` entries among `arguments`, the `locals()` of a
    layer's constructor: what the layer hands on to `RNN.__init__`."""
    return {name: arguments[name] for name in RNN_OPTIONS if name in arguments}


def add_cell_properties(cls, names=CELL_PROPERTIES):
    """Adds read-only properties forwarding `names` to `self.cell`."""
    for name in names:
        setattr(cls, name, _cell_property(name))
    return cls


def cell_config(cell, *extra):
    """The config entries of the settings every built-in cell has
    besides its size: `activation`, `use_bias`, the weights' settings,
    the dropout rates and `seed`, then the `extra` attributes of this kind
    of cell (activations serialized)."""
    config = {
        "activation": activations.serialize(cell.activation),
        "use_bias": cell.use_bias,
        **settings_config(cell, CELL_WEIGHTS),
        "dropout": cell.dropout,
        "recurrent_dropout": cell.recurrent_dropout,
        "seed": cell.seed,
    }
    for name in extra:
        value = getattr(cell, name)
        if name.endswith("activation"):
            value = activations.serialize(value)
        config[name] = value
    return config


def layer_config(layer, base_config):
    """The config of a layer made of one built-in cell: the RNN options
    of `base_config` and the settings of the cell's config (the cell
    itself is not serialized), with the layer's activity regularizer."""
    config = dict(base_config)
    config.pop("cell", None)
    cell_settings = layer.cell.get_config()
    for key in ("name", "trainable", "dtype"):
        cell_settings.pop(key, None)
    config.update(cell_settings)
    config["activity_regularizer"] = regularizers.serialize(
        layer.activity_regularizer
    )
    return config
