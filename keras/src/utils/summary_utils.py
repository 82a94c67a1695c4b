"""`model.summary()`: a table of layers, output shapes and parameter counts."""

import re

from keras.src import tree

# Box drawing, heavy header (like rich's HEAVY_HEAD).
_HEAD_TOP = ("┏", "━", "┳", "┓")
_HEAD_ROW = ("┃", "┃", "┃")
_HEAD_BOTTOM = ("┡", "━", "╇", "┩")
_BODY_ROW = ("│", "│", "│")
_BODY_SEP = ("├", "─", "┼", "┤")
_BODY_BOTTOM = ("└", "─", "┴", "┘")


def _distinct(weights):
    """`weights` without repeats (the same variable listed twice counts
    once), in their first order."""
    return list({id(w): w for w in weights}.values())


def count_params(weights):
    """Returns the number of scalars in `weights` (deduplicated)."""
    return sum(_size(w.shape) for w in _distinct(weights))


def _size(shape):
    size = 1
    for d in shape:
        size *= int(d)
    return size


def _dtype_bytes(dtype):
    dtype = str(dtype)
    if dtype == "bool":
        return 1
    match = re.search(r"(\d+)", dtype)
    if match is None:
        return 4
    return max(1, int(match.group(1)) // 8)


def weight_memory_size(weights):
    """Returns the memory size of `weights` in bytes (deduplicated)."""
    return sum(
        _size(w.shape) * _dtype_bytes(w.dtype) for w in _distinct(weights)
    )


def readable_memory_size(size):
    """Formats a byte count, e.g. `readable_memory_size(2048) == "2.00 KB"`."""
    units = ["B", "KB", "MB", "GB", "TB", "PB"]
    scale = 1024
    for unit in units:
        if size < scale or unit == units[-1]:
            return f"{size:.2f} {unit}"
        size /= scale


def format_shape(shape):
    return (
        "("
        + ", ".join(str(d) for d in shape)
        + (",)" if len(shape) == 1 else ")")
    )


def _format_output_shape(outputs):
    flat = tree.flatten(outputs)
    shapes = [format_shape(x.shape) for x in flat]
    if len(shapes) == 1 and not isinstance(outputs, (list, tuple, dict)):
        return shapes[0]
    if isinstance(outputs, dict):
        keys = sorted(outputs)
        return (
            "{"
            + ", ".join(
                f"{k}: {format_shape(outputs[k].shape)}"
                if hasattr(outputs[k], "shape")
                else f"{k}: ?"
                for k in keys
            )
            + "}"
        )
    return "[" + ", ".join(shapes) + "]"


def _operation_class_name(operation):
    from keras.src.ops.operation import FunctionOperation

    if isinstance(operation, FunctionOperation):
        return "".join(
            part.capitalize() for part in operation.fn.__name__.split("_")
        )
    return operation.__class__.__name__


def _param_count(operation):
    from keras.src.layers.layer import Layer

    if not isinstance(operation, Layer):
        return "0"
    if not operation.built:
        return "0 (unbuilt)"
    return f"{count_params(operation.weights):,}"


def _trainable_flag(operation):
    from keras.src.layers.layer import Layer

    if not isinstance(operation, Layer) or not operation.weights:
        return "-"
    return "Y" if operation.trainable else "N"


def _is_functional(model):
    from keras.src.models.functional import Functional

    return isinstance(model, Functional)


def _is_sequential(model):
    from keras.src.models.sequential import Sequential

    return isinstance(model, Sequential)


def _is_sequential_like(model):
    """Whether the model's graph is a plain chain (no connections column)."""
    if not _is_functional(model):
        return True
    if len(model.inputs) != 1 or len(model.outputs) != 1:
        return False
    previous = None
    for operation in model._operations:
        nodes = model._model_nodes(operation)
        if len(nodes) != 1:
            return False
        node = nodes[0]
        if len(node.outputs) != 1:
            return False
        if previous is None:
            if node.input_tensors:
                return False
        else:
            if len(node.input_tensors) != 1:
                return False
            history = node.input_tensors[0]._keras_history
            if history.operation is not previous:
                return False
        previous = operation
    return True


def _model_rows(model):
    """Yields `(operation, output_shape, connected_to)` for the model."""
    if _is_functional(model):
        for operation in model._operations:
            nodes = model._model_nodes(operation)
            shapes = []
            connections = []
            for node in nodes:
                outputs = node.outputs
                if len(outputs) == 1:
                    outputs = outputs[0]
                shapes.append(_format_output_shape(outputs))
                for x in node.input_tensors:
                    history = x._keras_history
                    parent = history.operation._inbound_nodes[
                        history.node_index
                    ]
                    node_index = model._node_index_map.get(id(parent), 0)
                    connections.append(
                        f"{history.operation.name}[{node_index}]"
                        f"[{history.tensor_index}]"
                    )
            if not shapes:
                shape = "?"
            elif all(s == shapes[0] for s in shapes):
                shape = shapes[0]
            else:
                shape = "multiple"
            yield operation, shape, connections or ["-"]
        return
    if _is_sequential(model):
        for layer in model.layers:
            output = model._layer_output(layer)
            shape = "?" if output is None else _format_output_shape(output)
            yield layer, shape, ["-"]
        return
    traced = _traced_output_shapes(model)
    for layer in model.layers:
        nodes = getattr(layer, "_inbound_nodes", [])
        shape = traced.get(id(layer), "?")
        if shape == "?" and nodes:
            outputs = nodes[-1].outputs
            shape = _format_output_shape(
                outputs[0] if len(outputs) == 1 else outputs
            )
        yield layer, shape, ["-"]


def _is_shape(value):
    return isinstance(value, (list, tuple)) and all(
        d is None or isinstance(d, int) for d in value
    )


def _symbolic_inputs(shapes):
    from keras.src import backend

    if _is_shape(shapes):
        return backend.KerasTensor(tuple(shapes), dtype=backend.floatx())
    if isinstance(shapes, dict):
        return {k: _symbolic_inputs(v) for k, v in shapes.items()}
    if isinstance(shapes, (list, tuple)):
        return [_symbolic_inputs(s) for s in shapes]
    raise ValueError(f"Not a shape structure: {shapes}")


def _traced_output_shapes(model):
    """`{id(layer): shape text}` for the direct sublayers of a subclassed
    model, found by running its `call` on symbolic inputs of the shape it
    was built with. The graph nodes this records are removed afterwards,
    so the layers are left as they were. Empty when the model's input
    shape is unknown or its `call` cannot run symbolically."""
    input_shape = getattr(model, "_build_input_shape", None)
    flatten = getattr(model, "_flatten_layers", None)
    if input_shape is None or flatten is None or not model.built:
        return {}
    layers = flatten(include_self=False)
    counts = {
        id(layer): (
            len(layer._inbound_nodes),
            len(layer._outbound_nodes),
        )
        for layer in layers
    }
    shapes = {}
    try:
        model.call(_symbolic_inputs(input_shape))
    except Exception:
        pass
    finally:
        for layer in layers:
            inbound, outbound = counts[id(layer)]
            new_nodes = layer._inbound_nodes[inbound:]
            if new_nodes:
                texts = []
                for node in new_nodes:
                    outputs = node.outputs
                    if not isinstance(node.outputs, (list, tuple)):
                        outputs = [outputs]
                    texts.append(
                        _format_output_shape(
                            outputs[0] if len(outputs) == 1 else outputs
                        )
                    )
                shapes[id(layer)] = (
                    texts[0]
                    if all(t == texts[0] for t in texts)
                    else "multiple"
                )
            del layer._inbound_nodes[inbound:]
            del layer._outbound_nodes[outbound:]
    return shapes


def _is_model(operation):
    from keras.src.models.model import Model

    return isinstance(operation, Model)


def _collect_rows(
    model, expand_nested, show_trainable, sequential_like, depth=0
):
    rows = []
    indent = "   " * depth
    for operation, shape, connections in _model_rows(model):
        name = f"{indent}{operation.name} ({_operation_class_name(operation)})"
        row = [name, shape, _param_count(operation)]
        if not sequential_like:
            row.append(connections)
        if show_trainable:
            row.append(_trainable_flag(operation))
        rows.append((operation.name, row))
        if expand_nested and _is_model(operation):
            rows.extend(
                _collect_rows(
                    operation,
                    expand_nested,
                    show_trainable,
                    sequential_like,
                    depth + 1,
                )
            )
    return rows


def _wrap(text, width):
    """Word-wraps `text` (a string or a list of lines) to `width`."""
    pieces = text if isinstance(text, list) else [text]
    lines = []
    for piece in pieces:
        piece = str(piece)
        if len(piece) <= width:
            lines.append(piece)
            continue
        current = ""
        for word in re.split(r"(?<=[ ,])", piece):
            while len(word) > width:
                if current:
                    lines.append(current.rstrip())
                    current = ""
                lines.append(word[:width])
                word = word[width:]
            if len(current) + len(word) > width:
                lines.append(current.rstrip())
                current = word
            else:
                current += word
        if current:
            lines.append(current.rstrip())
    return lines or [""]


def _column_widths(line_length, positions):
    if all(p <= 1 for p in positions):
        # Fractions of the line, borders (one per column, plus one) aside.
        inner = line_length - len(positions) - 1
        positions = [int(inner * p) for p in positions]
    widths = []
    start = 0
    for position in positions:
        widths.append(max(position - start, 4))
        start = position
    return widths


def _border(chars, widths):
    left, fill, middle, right = chars
    return left + middle.join(fill * w for w in widths) + right


def _render_row(cells, widths, aligns, chars):
    left, middle, right = chars
    wrapped = [_wrap(cell, width - 2) for cell, width in zip(cells, widths)]
    height = max(len(lines) for lines in wrapped)
    lines = []
    for i in range(height):
        parts = []
        for cell_lines, width, align in zip(wrapped, widths, aligns):
            text = cell_lines[i] if i < len(cell_lines) else ""
            text = (
                text.rjust(width - 2)
                if align == "right"
                else text.ljust(width - 2)
            )
            parts.append(f" {text} ")
        lines.append(left + middle.join(parts) + right)
    return lines


def _select_range(rows, layer_range):
    if layer_range is None:
        return rows
    if len(layer_range) != 2:
        raise ValueError(
            "layer_range must be a list or tuple of length 2. Received: "
            f"layer_range = {layer_range} of length {len(layer_range)}"
        )
    start_pattern, end_pattern = layer_range
    names = [name for name, _ in rows]
    start = next(
        (i for i, n in enumerate(names) if re.match(start_pattern, n)), None
    )
    if start is None:
        raise ValueError(
            f"Passed layer_range[0]={start_pattern} does not match any layer "
            f"name. Layers: {names}"
        )
    end = None
    for i in range(len(names) - 1, start - 1, -1):
        if re.match(end_pattern, names[i]):
            end = i
            break
    if end is None:
        raise ValueError(
            f"Passed layer_range[1]={end_pattern} does not match any layer "
            f"name after layer_range[0]. Layers: {names}"
        )
    return rows[start : end + 1]


def summary_lines(
    model,
    line_length=None,
    positions=None,
    expand_nested=False,
    show_trainable=False,
    layer_range=None,
):
    """Returns the lines of `model`'s summary (see `Model.summary`)."""
    sequential_like = _is_sequential_like(model)
    if sequential_like:
        line_length = line_length or 88
        positions = positions or [0.45, 0.80, 1.0]
        headers = ["Layer (type)", "Output Shape", "Param #"]
        aligns = ["left", "left", "right"]
    else:
        line_length = line_length or 108
        positions = positions or [0.3, 0.6, 0.70, 1.0]
        headers = ["Layer (type)", "Output Shape", "Param #", "Connected to"]
        aligns = ["left", "left", "right", "left"]
    if show_trainable:
        positions = list(positions)
        if all(p <= 1 for p in positions):
            inner = line_length - len(positions) - 1
            positions = [int(p * inner) for p in positions]
        positions.append(positions[-1] + 11)
        line_length += 12
        headers.append("Trainable")
        aligns.append("left")
    widths = _column_widths(line_length, list(positions))
    rows = _select_range(
        _collect_rows(model, expand_nested, show_trainable, sequential_like),
        layer_range,
    )

    lines = [f'Model: "{model.name}"']
    lines.append(_border(_HEAD_TOP, widths))
    lines.extend(_render_row(headers, widths, aligns, _HEAD_ROW))
    lines.append(_border(_HEAD_BOTTOM, widths))
    for i, (_, row) in enumerate(rows):
        if i:
            lines.append(_border(_BODY_SEP, widths))
        lines.extend(_render_row(row, widths, aligns, _BODY_ROW))
    lines.append(_border(_BODY_BOTTOM, widths))

    weights = model.weights if model.built else []
    trainable = model.trainable_weights if model.built else []
    non_trainable = model.non_trainable_weights if model.built else []
    optimizer = getattr(model, "optimizer", None)
    optimizer_variables = []
    if optimizer is not None and getattr(optimizer, "built", False):
        optimizer_variables = list(getattr(optimizer, "variables", []))
    # The total counts the optimizer's variables too.
    total = list(weights) + optimizer_variables
    lines.append(
        f" Total params: {count_params(total):,} "
        f"({readable_memory_size(weight_memory_size(total))})"
    )
    lines.append(
        f" Trainable params: {count_params(trainable):,} "
        f"({readable_memory_size(weight_memory_size(trainable))})"
    )
    lines.append(
        f" Non-trainable params: {count_params(non_trainable):,} "
        f"({readable_memory_size(weight_memory_size(non_trainable))})"
    )
    if optimizer_variables:
        lines.append(
            f" Optimizer params: {count_params(optimizer_variables):,} "
            f"({readable_memory_size(weight_memory_size(optimizer_variables))})"
        )
    return lines


def print_summary(
    model,
    line_length=None,
    positions=None,
    print_fn=None,
    expand_nested=False,
    show_trainable=False,
    layer_range=None,
):
    """Prints a summary of `model`.

    Args:
        model: A Keras model.
        line_length: Total width of the table.
        positions: Right edges of the columns (fractions of `line_length`,
            or absolute widths).
        print_fn: Function called with each line; defaults to `print`.
        expand_nested: Whether to list the layers of nested models.
        show_trainable: Whether to add a "Trainable" column.
        layer_range: Optional `[first, last]` layer name patterns
            restricting the rows shown.
    """
    lines = summary_lines(
        model,
        line_length=line_length,
        positions=positions,
        expand_nested=expand_nested,
        show_trainable=show_trainable,
        layer_range=layer_range,
    )
    print_fn = print_fn or print
    for line in lines:
        print_fn(line)
