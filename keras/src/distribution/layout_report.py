"""Reports on how a model's variables are laid out over a distribution:
a per-variable table, and warnings for `LayoutMap` rules that match
nothing."""

import numpy as np

from keras.src.api_export import keras_export
from keras.src.distribution.distribution_lib import TensorLayout


@keras_export("keras.distribution.check_layout_map_usage")
def check_layout_map_usage(distribution, variables):
    """Warns about `LayoutMap` keys that matched none of `variables`.

    Call once the model is built. A no-op for distributions without a
    `LayoutMap`.

    Args:
        distribution: A `Distribution` (or `None`).
        variables: The model's variables (objects with a `path`).

    Returns:
        The list of unmatched keys.
    """
    layout_map = getattr(distribution, "layout_map", None)
    if layout_map is None:
        return []
    return layout_map.warn_unmatched(variables)


def _variable_array(variable):
    for attr in ("value", "_value"):
        try:
            value = getattr(variable, attr)
        except Exception:
            continue
        if value is not None and hasattr(value, "addressable_shards"):
            return value
    if hasattr(variable, "addressable_shards"):
        return variable
    return None


def _variable_axes(variable, array):
    layout = getattr(variable, "_layout", None)
    if isinstance(layout, TensorLayout):
        return layout.axes
    spec = getattr(getattr(array, "sharding", None), "spec", None)
    if spec is not None:
        entries = tuple(spec) + (None,) * (len(array.shape) - len(spec))
        return entries
    return None


@keras_export("keras.distribution.layout_report")
def layout_report(model_or_variables):
    """Returns a table of the variables' layouts.

    One row per variable: path, shape, layout axes and bytes per device
    (the largest addressable shard when the value is a sharded array).

    Args:
        model_or_variables: A model (anything with `variables`) or a list of
            variables.

    Returns:
        The table as a string.

    Example:

    ```python
    print(keras.distribution.layout_report(model))
    ```
    """
    variables = getattr(model_or_variables, "variables", model_or_variables)
    rows = [("path", "shape", "layout", "bytes/device")]
    for v in variables:
        array = _variable_array(v)
        axes = _variable_axes(v, array)
        if array is not None:
            per_device = max(
                (s.data.nbytes for s in array.addressable_shards), default=0
            )
        else:
            dtype = np.dtype(str(getattr(v, "dtype", "float32")))
            size = int(np.prod(tuple(v.shape))) * dtype.itemsize
            layout = getattr(v, "_layout", None)
            counts = (
                layout.shard_counts()
                if isinstance(layout, TensorLayout)
                and layout.device_mesh is not None
                else (1,)
            )
            per_device = size // int(np.prod(counts))
        path = getattr(v, "path", getattr(v, "name", "?"))
        rows.append(
            (str(path), str(tuple(v.shape)), str(axes), str(per_device))
        )
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    lines = [
        "  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip()
        for row in rows
    ]
    return "\n".join(lines)


@keras_export("keras.distribution.print_layout_report")
def print_layout_report(model_or_variables):
    """Prints `layout_report(model_or_variables)` and returns it.

    Args:
        model_or_variables: A model or a list of variables.

    Returns:
        The report string.

    Example:

    ```python
    keras.distribution.print_layout_report(model)
    ```
    """
    report = layout_report(model_or_variables)
    print(report)
    return report
