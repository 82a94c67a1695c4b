"""Reports on how a model's variables are laid out over a distribution:
a per-variable table, and warnings for `LayoutMap` rules that match
nothing."""

import collections

import numpy as np

from keras.src import backend
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


class LayoutReportRow(
    collections.namedtuple(
        "LayoutReportRow",
        ["path", "shape", "dtype", "layout", "bytes_per_device"],
    )
):
    """One variable of a layout report.

    Fields: `path`, `shape` (a tuple), `dtype` (a string), `layout` (the
    mesh axes of each dimension, `None` when the variable has no layout)
    and `bytes_per_device` (what the device holding the largest shard
    holds of it).
    """


def _bytes_per_device(variable, array):
    if array is not None:
        return max((s.data.nbytes for s in array.addressable_shards), default=0)
    dtype = np.dtype(
        backend.standardize_dtype(getattr(variable, "dtype", "float32"))
    )
    size = int(np.prod(tuple(variable.shape))) * dtype.itemsize
    layout = getattr(variable, "_layout", None)
    counts = (
        layout.shard_counts()
        if isinstance(layout, TensorLayout) and layout.device_mesh is not None
        else (1,)
    )
    return size // int(np.prod(counts))


@keras_export("keras.distribution.layout_report_rows")
def layout_report_rows(model_or_variables):
    """Returns the rows of `layout_report`: one `LayoutReportRow` per
    variable.

    A quantized model lists its quantized variables (e.g. an `int8`
    kernel and its `kernel_scale`) with their own dtype and layout, so
    the sum of `bytes_per_device` is what the model's weights take on a
    device.

    Args:
        model_or_variables: A model (anything with `variables`) or a list of
            variables.

    Returns:
        A list of `LayoutReportRow`s, in the order of the variables.

    Example:

    ```python
    rows = keras.distribution.layout_report_rows(model)
    total = sum(row.bytes_per_device for row in rows)
    ```
    """
    variables = getattr(model_or_variables, "variables", model_or_variables)
    rows = []
    for v in variables:
        array = _variable_array(v)
        axes = _variable_axes(v, array)
        rows.append(
            LayoutReportRow(
                path=str(getattr(v, "path", getattr(v, "name", "?"))),
                shape=tuple(v.shape),
                dtype=backend.standardize_dtype(getattr(v, "dtype", "float32")),
                layout=axes,
                bytes_per_device=_bytes_per_device(v, array),
            )
        )
    return rows


@keras_export("keras.distribution.layout_report")
def layout_report(model_or_variables):
    """Returns a table of the variables' layouts.

    One row per variable: path, shape, dtype, layout axes and bytes per
    device (the largest addressable shard when the value is a sharded
    array), then the total bytes per device. The same data, as values:
    `layout_report_rows`.

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
    rows = layout_report_rows(model_or_variables)
    cells = [("path", "shape", "dtype", "layout", "bytes/device")]
    cells += [
        (r.path, str(r.shape), r.dtype, str(r.layout), str(r.bytes_per_device))
        for r in rows
    ]
    total = sum(r.bytes_per_device for r in rows)
    cells.append(("total", "", "", "", str(total)))
    widths = [max(len(row[i]) for row in cells) for i in range(5)]
    lines = [
        "  ".join(
            cell.rjust(w) if i == 4 else cell.ljust(w)
            for i, (cell, w) in enumerate(zip(row, widths))
        ).rstrip()
        for row in cells
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
