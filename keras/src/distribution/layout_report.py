"""Reports on how a model's variables are laid out over a distribution:
a per-variable table (with the reason of each automatic choice), a
forecast of the memory each device needs to train, and warnings for
`LayoutMap` rules that match nothing."""

import collections

import numpy as np

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.distribution import distribution_lib
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
        ["path", "shape", "dtype", "layout", "bytes_per_device", "reason"],
        defaults=(None,),
    )
):
    """One variable of a layout report.

    Fields: `path`, `shape` (a tuple), `dtype` (a string), `layout` (the
    mesh axes of each dimension, `None` when the variable has no layout),
    `bytes_per_device` (what the device holding the largest shard holds
    of it) and `reason` (why an `AutoLayoutMap` chose the layout, `None`
    for layouts it did not choose).
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
        path = str(getattr(v, "path", getattr(v, "name", "?")))
        rows.append(
            LayoutReportRow(
                path=path,
                shape=tuple(v.shape),
                dtype=backend.standardize_dtype(getattr(v, "dtype", "float32")),
                layout=axes,
                bytes_per_device=_bytes_per_device(v, array),
                reason=getattr(v, "_layout_reason", None),
            )
        )
    return rows


class MemoryForecast(
    collections.namedtuple(
        "MemoryForecast",
        [
            "weights",
            "gradients",
            "optimizer_slots",
            "total",
            "device_count",
            "balance",
        ],
    )
):
    """What one device holds to train a model, in bytes.

    Fields: `weights` (all variables of the model), `gradients` (one per
    trainable variable, laid out like it), `optimizer_slots`, `total`
    (their sum), `device_count` (the devices of the variables' mesh) and
    `balance`: the weights a device holds over an even split of all the
    weights' bytes across `device_count` devices (1.0 when everything is
    split over every device; replicated variables raise it).
    """


def _device_count(variables):
    for v in variables:
        layout = getattr(v, "_layout", None)
        if isinstance(layout, TensorLayout) and layout.device_mesh is not None:
            return int(np.size(layout.device_mesh.devices))
    current = distribution_lib.distribution()
    if current is not None:
        return int(np.size(current.device_mesh.devices))
    return 1


def _full_bytes(variable):
    dtype = np.dtype(
        backend.standardize_dtype(getattr(variable, "dtype", "float32"))
    )
    return int(np.prod(tuple(variable.shape))) * dtype.itemsize


def _slots_per_variable(optimizer):
    """How many variables shaped like a model variable `optimizer` keeps
    for each one, counted on a fresh copy built for a probe variable
    (outside any distribution)."""
    original = distribution_lib.distribution()
    distribution_lib.set_distribution(None)
    try:
        probe_shape = (3, 7)
        probe = backend.Variable(
            np.zeros(probe_shape, "float32"), name="slot_count_probe"
        )
        copy = optimizer.__class__.from_config(optimizer.get_config())
        copy.build([probe])
        return sum(tuple(v.shape) == probe_shape for v in copy.variables)
    finally:
        distribution_lib.set_distribution(original)


@keras_export("keras.distribution.memory_forecast")
def memory_forecast(model_or_variables, optimizer=None):
    """Forecasts the memory per device of training, before the first step.

    The weights are counted as laid out (the largest shard of each); each
    trainable variable adds a gradient and the optimizer's slots laid out
    like it. A built optimizer's own variables are counted as they are;
    for one not built yet, the number of slots per variable is counted on
    a copy of it.

    Args:
        model_or_variables: A model (anything with `variables`) or a list
            of variables.
        optimizer: Optional optimizer; defaults to the model's `optimizer`
            (none: no slots).

    Returns:
        A `MemoryForecast`.

    Example:

    ```python
    forecast = keras.distribution.memory_forecast(model)
    print(forecast.total / 2**30, "GiB per device")
    ```
    """
    if optimizer is None:
        optimizer = getattr(model_or_variables, "optimizer", None)
    variables = list(
        getattr(model_or_variables, "variables", model_or_variables)
    )
    held = [_bytes_per_device(v, _variable_array(v)) for v in variables]
    weights = sum(held)
    gradients = sum(
        h for v, h in zip(variables, held) if getattr(v, "trainable", True)
    )
    slots = 0
    if optimizer is not None and getattr(optimizer, "built", False):
        slots = sum(
            _bytes_per_device(v, _variable_array(v))
            for v in optimizer.variables
        )
    elif optimizer is not None:
        slots = _slots_per_variable(optimizer) * gradients
    device_count = _device_count(variables)
    full = sum(_full_bytes(v) for v in variables)
    balance = weights * device_count / full if full else 1.0
    return MemoryForecast(
        weights=weights,
        gradients=gradients,
        optimizer_slots=slots,
        total=weights + gradients + slots,
        device_count=device_count,
        balance=balance,
    )


@keras_export("keras.distribution.layout_report")
def layout_report(model_or_variables, optimizer=None):
    """Returns a table of the variables' layouts and a memory forecast.

    One row per variable: path, shape, dtype, layout axes and bytes per
    device (the largest addressable shard when the value is a sharded
    array), and, when an `AutoLayoutMap` chose some layouts, the reason of
    each choice; then the total bytes per device. Below the table, the
    `memory_forecast` of training: weights, gradients and optimizer slots
    per device, and the balance of the weights over the devices. The same
    data, as values: `layout_report_rows` and `memory_forecast`.

    Args:
        model_or_variables: A model (anything with `variables`) or a list of
            variables.
        optimizer: Optional optimizer for the forecast; defaults to the
            model's `optimizer`.

    Returns:
        The report as a string.

    Example:

    ```python
    print(keras.distribution.layout_report(model))
    ```
    """
    rows = layout_report_rows(model_or_variables)
    with_reasons = any(r.reason is not None for r in rows)
    header = ("path", "shape", "dtype", "layout", "bytes/device")
    cells = [header + (("reason",) if with_reasons else ())]
    for r in rows:
        row = (
            r.path,
            str(r.shape),
            r.dtype,
            str(r.layout),
            str(r.bytes_per_device),
        )
        cells.append(row + ((r.reason or "",) if with_reasons else ()))
    total = sum(r.bytes_per_device for r in rows)
    cells.append(("total", "", "", "", str(total)) + ("",) * with_reasons)
    columns = len(cells[0])
    widths = [max(len(row[i]) for row in cells) for i in range(columns)]
    lines = [
        "  ".join(
            cell.rjust(w) if i == 4 else cell.ljust(w)
            for i, (cell, w) in enumerate(zip(row, widths))
        ).rstrip()
        for row in cells
    ]
    forecast = memory_forecast(model_or_variables, optimizer)
    lines.append(
        f"forecast per device (bytes): weights {forecast.weights}, "
        f"gradients {forecast.gradients}, optimizer slots "
        f"{forecast.optimizer_slots}, total {forecast.total}"
    )
    lines.append(
        f"balance: {forecast.balance:.3f}x an even split of the weights "
        f"over {forecast.device_count} devices"
    )
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
