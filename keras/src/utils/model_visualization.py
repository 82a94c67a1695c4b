"""`plot_model` and `model_to_dot`: a model's layer graph as a picture.

The graph is built with `pydot`; rendering it to an image also needs the
Graphviz `dot` program. Both are optional: they are looked up when these
functions are called.
"""

import os

from keras.src.api_export import keras_export

_PYDOT_MISSING = (
    "You must install pydot (`pip install pydot`) for `plot_model` and "
    "`model_to_dot` to work."
)
_GRAPHVIZ_MISSING = (
    "You must install graphviz (the `dot` program, see "
    "https://graphviz.gitlab.io/download/) for `plot_model` to work."
)


def _import_pydot():
    try:
        import pydot
    except ImportError:
        raise ImportError(_PYDOT_MISSING)
    return pydot


def _tensor_attribute(layer, getter):
    """`getter` applied to the layer's input/output tensors, or `None` when
    the layer was never called on symbolic tensors."""
    try:
        return getter(layer)
    except (AttributeError, ValueError, IndexError):
        return None


def _layer_label(
    layer,
    show_shapes,
    show_dtype,
    show_layer_names,
    show_layer_activations,
    show_trainable,
):
    class_name = type(layer).__name__
    lines = [f"{layer.name} ({class_name})" if show_layer_names else class_name]
    if show_layer_activations and hasattr(layer, "activation"):
        activation = layer.activation
        name = (
            getattr(activation, "__name__", None) or type(activation).__name__
        )
        lines.append(f"Activation: {name}")
    if show_shapes:
        inputs = _tensor_attribute(
            layer, lambda x: _shapes(getattr(x, "input", None))
        )
        outputs = _tensor_attribute(
            layer, lambda x: _shapes(getattr(x, "output", None))
        )
        lines.append(f"Input shape: {inputs if inputs else '?'}")
        lines.append(f"Output shape: {outputs if outputs else '?'}")
    if show_dtype:
        dtype = _tensor_attribute(
            layer, lambda x: _dtypes(getattr(x, "output", None))
        )
        lines.append(f"Output dtype: {dtype or getattr(layer, 'dtype', '?')}")
    if show_trainable and layer.weights:
        lines.append(f"Trainable: {'Yes' if layer.trainable else 'No'}")
    return "\n".join(lines)


def _flat(tensors):
    if tensors is None:
        return []
    if isinstance(tensors, dict):
        return list(tensors.values())
    if isinstance(tensors, (list, tuple)):
        return list(tensors)
    return [tensors]


def _shapes(tensors):
    tensors = _flat(tensors)
    return ", ".join(str(tuple(t.shape)) for t in tensors) or None


def _dtypes(tensors):
    tensors = _flat(tensors)
    return ", ".join(str(t.dtype) for t in tensors) or None


def _graph_edges(model):
    """`(parent layer, child layer)` pairs of the model's own graph."""
    from keras.src.models.sequential import Sequential

    layers = model.layers
    if isinstance(model, Sequential):
        return list(zip(layers[:-1], layers[1:]))
    members = {id(layer) for layer in layers}
    nodes = getattr(model, "_nodes", None)
    edges = []
    for layer in layers:
        for node in layer._inbound_nodes:
            if nodes is not None and node not in nodes:
                continue
            for tensor in node.input_tensors:
                history = getattr(tensor, "_keras_history", None)
                if history is None:
                    continue
                parent = history.operation
                if id(parent) in members and (parent, layer) not in edges:
                    edges.append((parent, layer))
    return edges


@keras_export("keras.utils.model_to_dot")
def model_to_dot(
    model,
    show_shapes=False,
    show_dtype=False,
    show_layer_names=True,
    rankdir="TB",
    expand_nested=False,
    dpi=200,
    subgraph=False,
    show_layer_activations=False,
    show_trainable=False,
    **kwargs,
):
    """Converts a model to a `pydot` graph: one box per layer, one arrow
    per connection.

    Args:
        model: A built Keras model.
        show_shapes: Whether to show the input and output shapes of each
            layer.
        show_dtype: Whether to show each layer's output dtype.
        show_layer_names: Whether to show the layer names (otherwise only
            their classes).
        rankdir: The Graphviz layout direction: `"TB"` (top to bottom) or
            `"LR"` (left to right).
        expand_nested: Whether to draw the layers of nested models inside
            a dashed box, instead of one box per nested model.
        dpi: The resolution of the image, in dots per inch.
        subgraph: Whether to return a `pydot.Cluster` (to be drawn inside
            another graph) instead of a `pydot.Dot`.
        show_layer_activations: Whether to show the activation of the
            layers that have one.
        show_trainable: Whether to show if each layer with weights is
            trainable.

    Returns:
        A `pydot.Dot`, or a `pydot.Cluster` if `subgraph=True`.

    Raises:
        ImportError: When `pydot` is not installed.
        ValueError: When the model is not built.
    """
    if kwargs:
        raise ValueError(f"Unrecognized keyword arguments: {sorted(kwargs)}")
    if not model.built:
        raise ValueError(
            "This model has not yet been built. Build the model first by "
            "calling `build()` or by calling the model on a batch of data."
        )
    pydot = _import_pydot()
    options = dict(
        show_shapes=show_shapes,
        show_dtype=show_dtype,
        show_layer_names=show_layer_names,
        show_layer_activations=show_layer_activations,
        show_trainable=show_trainable,
    )
    if subgraph:
        graph = pydot.Cluster(
            graph_name=model.name, style="dashed", label=model.name
        )
    else:
        graph = pydot.Dot(graph_type="digraph")
        graph.set("rankdir", rankdir)
        graph.set("concentrate", "true")
        graph.set("dpi", str(dpi))
        graph.set_node_defaults(shape="record")

    # The node (or the nested graph's first and last nodes) of each layer.
    entry, exit = {}, {}
    for layer in model.layers:
        nested = expand_nested and hasattr(layer, "layers") and layer.layers
        if nested:
            cluster = model_to_dot(
                layer,
                rankdir=rankdir,
                expand_nested=True,
                subgraph=True,
                **options,
            )
            graph.add_subgraph(cluster)
            entry[id(layer)] = str(id(layer.layers[0]))
            exit[id(layer)] = str(id(layer.layers[-1]))
            continue
        node_id = str(id(layer))
        label = _layer_label(layer, **options)
        graph.add_node(pydot.Node(node_id, label=_quote(label)))
        entry[id(layer)] = exit[id(layer)] = node_id
    for parent, child in _graph_edges(model):
        graph.add_edge(pydot.Edge(exit[id(parent)], entry[id(child)]))
    return graph


def _quote(label):
    # Record labels treat these characters as field syntax.
    for char in "{}|<>":
        label = label.replace(char, "\\" + char)
    return '"' + label.replace('"', '\\"').replace("\n", "\\n") + '"'


@keras_export("keras.utils.plot_model")
def plot_model(
    model,
    to_file="model.png",
    show_shapes=False,
    show_dtype=False,
    show_layer_names=False,
    rankdir="TB",
    expand_nested=False,
    dpi=200,
    show_layer_activations=False,
    show_trainable=False,
    **kwargs,
):
    """Draws a model's layer graph into an image file.

    Example:

    ```python
    inputs = keras.Input((16,))
    x = keras.layers.Dense(8, activation="relu")(inputs)
    model = keras.Model(inputs, keras.layers.Dense(1)(x))
    keras.utils.plot_model(model, "model.png", show_shapes=True)
    ```

    Args:
        model: A built Keras model.
        to_file: The image file to write; its extension is the format
            (`.png`, `.svg`, `.pdf`...; `png` when there is none).
        show_shapes: Whether to show the input and output shapes of each
            layer.
        show_dtype: Whether to show each layer's output dtype.
        show_layer_names: Whether to show the layer names.
        rankdir: `"TB"` (top to bottom) or `"LR"` (left to right).
        expand_nested: Whether to draw the layers of nested models.
        dpi: The resolution of the image, in dots per inch.
        show_layer_activations: Whether to show the layers' activations.
        show_trainable: Whether to show if each layer is trainable.

    Returns:
        An `IPython.display.Image` of the file when IPython is installed
        (so that notebooks show it) and the format is not PDF, else `None`.

    Raises:
        ImportError: When `pydot` or Graphviz is missing.
    """
    dot = model_to_dot(
        model,
        show_shapes=show_shapes,
        show_dtype=show_dtype,
        show_layer_names=show_layer_names,
        rankdir=rankdir,
        expand_nested=expand_nested,
        dpi=dpi,
        show_layer_activations=show_layer_activations,
        show_trainable=show_trainable,
        **kwargs,
    )
    to_file = str(to_file)
    extension = os.path.splitext(to_file)[1][1:].lower() or "png"
    try:
        dot.write(to_file, format=extension)
    except FileNotFoundError as error:
        # pydot runs the Graphviz `dot` program, which is not installed.
        raise ImportError(_GRAPHVIZ_MISSING) from error
    if extension == "pdf":
        return None
    try:
        from IPython import display
    except ImportError:
        return None
    return display.Image(filename=to_file)
