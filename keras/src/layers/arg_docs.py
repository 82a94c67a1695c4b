"""The `Args:` section of a layer's docstring, written from its signature.

Many layers take the same arguments (`activation`, `use_bias`, the
initializer, regularizer and constraint of each weight). `ARGS` says once
what each of them means, and `args_section` lists a constructor's
arguments in signature order with those descriptions, so that a family of
layers (the convolutions, the pooling layers, ...) keeps one wording.
"""

import inspect
import textwrap

# What the `{weight}` part of `{weight}_initializer` etc. names.
WEIGHTS = {
    "kernel": "kernel",
    "bias": "bias",
    "depthwise": "depthwise kernel",
    "pointwise": "pointwise kernel",
    "recurrent": "recurrent kernel",
}

# What every convolution says about its `strides`, after their meaning.
STRIDES_NOTE = (
    "Defaults to `1`. Strides above 1 cannot be combined with "
    "`dilation_rate` above 1."
)

ARGS = {
    "filters": "Positive int, the number of output channels.",
    "kernel_size": "Int or tuple of {ints}, the size of the window.",
    "strides": (
        "Int or tuple of {ints}, how far the window moves between "
        "outputs along each axis. " + STRIDES_NOTE
    ),
    "padding": (
        '`"valid"` (no padding) or `"same"` (zero padding so that each '
        "spatial size becomes `ceil(size / strides)`). Case-insensitive."
    ),
    "data_format": (
        '`"channels_last"` or `"channels_first"`, the order of the input '
        "axes (see below). Defaults to `keras.config.image_data_format()`."
    ),
    "dilation_rate": (
        "Int or tuple of {ints}, the gap between kernel taps (a dilated, "
        '"atrous" convolution when above 1).'
    ),
    "groups": (
        "Positive int. Input channels are split into `groups` groups, "
        "each convolved with its own `filters // groups` filters; both "
        "the input channels and `filters` must be divisible by it. "
        "Defaults to `1`."
    ),
    "depth_multiplier": (
        "Positive int, the number of depthwise filters per input channel. "
        "Defaults to `1`."
    ),
    "output_padding": (
        "`None` (the default) or an int or tuple of {ints}: extra output "
        "positions kept at the end of each spatial axis. Each must be "
        "strictly less than its stride."
    ),
    "activation": (
        "Activation function applied to the output; `None` means none."
    ),
    "use_bias": "Whether to add a bias vector. Defaults to `True`.",
    "activity_regularizer": "Optional regularizer of the output.",
    "lora_rank": (
        "Optional int; when set, LoRA is enabled with this rank as soon "
        "as the layer is built (see `enable_lora`)."
    ),
    "lora_alpha": "Optional LoRA scale numerator; defaults to `lora_rank`.",
    "kwargs": "Base layer arguments such as `name` and `dtype`.",
}

# The arguments of the recurrent layers and cells, for `descriptions`.
RNN_ARGS = {
    "units": "Positive integer, the size of the output (and of each state).",
    "recurrent_activation": (
        'Activation of the gates. Defaults to `"sigmoid"`.'
    ),
    "unit_forget_bias": (
        "Whether the forget gate's part of the bias starts at one "
        "(whatever `bias_initializer` says), so that the cell remembers "
        "by default. Defaults to `True`."
    ),
    "dropout": (
        "Float in `[0, 1]`, the fraction of the input features dropped in "
        "training."
    ),
    "recurrent_dropout": (
        "Float in `[0, 1]`, the fraction of the state's entries dropped "
        "before the recurrent product, in training."
    ),
    "seed": "Optional integer, the seed of the dropout masks.",
    "return_sequences": (
        "Whether to return every step's output. Defaults to `False`."
    ),
    "return_state": (
        "Whether to also return the final states. Defaults to `False`."
    ),
    "go_backwards": (
        "Whether to read the sequence backwards (and return the reversed "
        "sequence). Defaults to `False`."
    ),
    "stateful": (
        "Whether each batch continues from the states of the previous "
        "one. Defaults to `False`."
    ),
    "unroll": "Whether to unroll the time loop. Defaults to `False`.",
    "use_cudnn": (
        '`"auto"`, `True` or `False`, accepted for compatibility; no fused '
        "cuDNN kernel is used by this backend."
    ),
}


# The arguments shared by the image preprocessing layers, for
# `with_shared_args`.
IMAGE_ARGS = {
    "value_range": (
        "Range `(low, high)` of the pixel values. Defaults to `(0, 255)`."
    ),
    "data_format": (
        '`"channels_last"` or `"channels_first"`. Defaults to '
        "`keras.config.image_data_format()`."
    ),
    "seed": "Optional integer seed.",
    "fill_mode": (
        '`"reflect"` (default), `"wrap"`, `"constant"` or `"nearest"`.'
    ),
    "interpolation": '`"bilinear"` (default) or `"nearest"`.',
    "fill_value": 'Value for `fill_mode="constant"`. Defaults to `0.0`.',
    "kwargs": "Standard `Layer` options.",
}


def describe(parameter, descriptions):
    """Returns the description of one constructor argument.

    Looks in `descriptions`, then in `ARGS`, then reads names of the form
    `{weight}_initializer`, `{weight}_regularizer` and
    `{weight}_constraint` for a weight of `WEIGHTS`.

    Args:
        parameter: An `inspect.Parameter`.
        descriptions: The family's own descriptions, by argument name.

    Returns:
        The description, one paragraph without line breaks.
    """
    name = parameter.name
    if name in descriptions:
        return descriptions[name]
    if name in ARGS:
        return ARGS[name]
    weight, _, role = name.rpartition("_")
    what = WEIGHTS[weight]
    if role == "initializer":
        return (
            f'Initializer of the {what}. Defaults to `"{parameter.default}"`.'
        )
    return f"Optional {role} of the {what}."


def args_section(init, rank=None, skip=(), **descriptions):
    """Returns the lines of an `Args:` section for a constructor.

    Args:
        init: The constructor; its arguments are listed in order,
            `self` left out and `**kwargs` written `**kwargs`.
        rank: Number of spatial axes, for the `{ints}` field of the
            descriptions (`"2 ints"`).
        skip: Names of arguments to leave out, such as one that the
            documented class fixes.
        **descriptions: Descriptions that replace those of `ARGS`; they
            may use the `{ints}` field too.

    Returns:
        The section's entries, indented for a class docstring.
    """
    ints = "1 int" if rank == 1 else f"{rank} ints"
    entries = []
    for parameter in list(inspect.signature(init).parameters.values())[1:]:
        if parameter.name in skip:
            continue
        text = describe(parameter, descriptions).replace("{ints}", ints)
        entries.append(_entry(parameter, text))
    return "\n".join(entries)


def _entry(parameter, text):
    """The `Args:` entry of one constructor argument, wrapped and indented
    for a class docstring."""
    stars = "**" if parameter.kind is parameter.VAR_KEYWORD else ""
    return textwrap.fill(
        text,
        width=76,
        initial_indent=f"        {stars}{parameter.name}: ",
        subsequent_indent="            ",
        break_on_hyphens=False,
        break_long_words=False,
    )


def with_args_section(**descriptions):
    """Returns a class decorator that writes the class's `Args:` section.

    The class docstring holds a line `{args}` (indented like the entries
    of a section) where `args_section(cls.__init__, **descriptions)`
    goes, so the arguments are listed in signature order with the shared
    descriptions of `ARGS` and `RNN_ARGS`.

    Args:
        **descriptions: Descriptions that replace those of `ARGS`.

    Returns:
        The decorator, which returns the class it was given.
    """

    def decorate(cls):
        section = args_section(cls.__init__, **descriptions)
        cls.__doc__ = cls.__doc__.replace("        {args}", section)
        return cls

    return decorate


def with_shared_args(table):
    """Returns a class decorator that completes the class's `Args:` section.

    The docstring's `Args:` section describes the class's own arguments;
    every other constructor argument that `table` (such as `IMAGE_ARGS`)
    describes is added with that description, and the entries are put in
    signature order. Arguments described in neither place are left out.

    Args:
        table: Shared descriptions by argument name.

    Returns:
        The decorator, which returns the class it was given.
    """

    def decorate(cls):
        lines = cls.__doc__.split("\n")
        start = lines.index("    Args:") + 1
        end = start
        own = {}
        while end < len(lines) and lines[end].strip():
            line = lines[end]
            if not line.startswith("         "):
                name = line.strip().split(":")[0].lstrip("*")
                own[name] = []
            own[name].append(line)
            end += 1
        entries = []
        init = inspect.signature(cls.__init__)
        for parameter in list(init.parameters.values())[1:]:
            if parameter.name in own:
                entries.extend(own.pop(parameter.name))
            elif parameter.name in table:
                entries.append(_entry(parameter, table[parameter.name]))
        if own:
            raise ValueError(
                f"The `Args:` section of `{cls.__name__}` describes "
                f"arguments it does not take: {sorted(own)}."
            )
        cls.__doc__ = "\n".join(lines[:start] + entries + lines[end:])
        return cls

    return decorate
