"""Which layers `Model.quantize(..., filters=...)` quantizes."""

import re


def should_quantize_layer(layer, filters):
    """Whether `Model.quantize(..., filters=filters)` quantizes `layer`.

    Args:
        layer: The layer.
        filters: `None` (every layer), a regular expression or a list or
            tuple of them (searched in the layer's name; any may match),
            or a callable taking the layer and returning a boolean.

    Returns:
        A boolean.

    Example:

    >>> layer = keras.layers.Dense(2, name="ffn_up")
    >>> should_quantize_layer(layer, ["attn", "ffn"])
    True
    """
    if filters is None:
        return True
    if callable(filters):
        return bool(filters(layer))
    if isinstance(filters, str):
        filters = [filters]
    if not isinstance(filters, (list, tuple)):
        raise ValueError(
            "The `filters` argument must be a regex string, a list of "
            "regex strings, or a callable taking a layer. Received: "
            f"filters={filters!r} (of type {type(filters).__name__})"
        )
    return any(re.search(pattern, layer.name) for pattern in filters)
