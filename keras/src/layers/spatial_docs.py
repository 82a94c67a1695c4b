"""Docstring pieces that the 1D, 2D and 3D variants of a layer share.

A family such as the pooling layers writes its docstring once, as a
template, and each rank-specific class fills it with the names of its
axes, the shapes of its inputs and its own example.
"""

AXES = {1: ("steps",), 2: ("height", "width"), 3: ("dim1", "dim2", "dim3")}

DATA = {
    1: "temporal (1D) data",
    2: "2D spatial data such as images",
    3: "3D spatial data such as volumes",
}


def channels_name(rank):
    """Returns the name of the channel axis: `features` for sequences."""
    return "features" if rank == 1 else "channels"


def ints(rank):
    """Returns `"1 int"`, `"2 ints"` or `"3 ints"`."""
    return "1 int" if rank == 1 else f"{rank} ints"


def shape(
    rank, data_format, prefix="", channels=None, spatial=None, time=False
):
    """Returns a shape such as `` `(batch, height, width, channels)` ``.

    Args:
        rank: Number of spatial axes (1, 2 or 3).
        data_format: `"channels_last"` or `"channels_first"`.
        prefix: Text put before each spatial axis name, e.g. `"new_"`.
        channels: Name of the channel axis; defaults to
            `channels_name(rank)`.
        spatial: Text for each spatial axis instead of its name, e.g.
            `"1"` for the kept axes of a global pooling.
        time: Whether a `time` axis follows the batch axis (sequences of
            feature maps).

    Returns:
        The shape, between backquotes.
    """
    axes = [spatial or prefix + axis for axis in AXES[rank]]
    channels = channels or channels_name(rank)
    if data_format == "channels_last":
        axes = axes + [channels]
    else:
        axes = [channels] + axes
    if time:
        axes = ["time"] + axes
    return "`(batch, " + ", ".join(axes) + ")`"


def shapes_by_format(rank, **kwargs):
    """Returns the docstring lines giving a shape for both data formats.

    Args:
        rank: Number of spatial axes.
        **kwargs: Passed to `shape`.

    Returns:
        Four lines, indented for an `Input shape:` or `Output shape:`
        section.
    """
    lines = []
    for data_format in ("channels_last", "channels_first"):
        lines.append(f'        With `"{data_format}"`:')
        lines.append("        " + shape(rank, data_format, **kwargs) + ".")
    return "\n".join(lines)


REDUCTIONS = {"max": "maximum", "average": "mean"}


def fill(template, rank, example, pool_mode=None, **fields):
    """Fills a family's docstring template for one rank.

    Besides `fields`, the template may use `{rank}`, `{data}` (what the inputs
    are), `{ints}` (`"2 ints"`), `{channels}` (the channel axis),
    `{input_shape}` and `{output_shape}` (both data formats, the output
    with `new_` axes), `{kept_last}` and `{kept_first}` (the shapes with
    every spatial axis kept at size 1) and `{example}`; for a pooling
    layer also `{mode}`, `{Mode}` and `{reduction}` (`"max"`, `"Max"`,
    `"maximum"`).

    Args:
        template: The docstring, with `str.format` fields.
        rank: Number of spatial axes (1, 2 or 3).
        example: The docstring's example, indented by four spaces.
        pool_mode: `"max"` or `"average"` for a pooling layer.
        **fields: Values of the template's other fields; they replace
            the ones above of the same name.

    Returns:
        The docstring.
    """
    if pool_mode is not None:
        fields.update(
            mode=pool_mode,
            Mode=pool_mode.capitalize(),
            reduction=REDUCTIONS[pool_mode],
        )
    values = dict(
        rank=rank,
        data=DATA[rank],
        ints=ints(rank),
        channels=channels_name(rank),
        input_shape=shapes_by_format(rank),
        output_shape=shapes_by_format(rank, prefix="new_"),
        kept_last=shape(rank, "channels_last", spatial="1"),
        kept_first=shape(rank, "channels_first", spatial="1"),
        example=example,
    )
    values.update(fields)
    return template.format(**values)
