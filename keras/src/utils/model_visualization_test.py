import sys

import pytest

import keras


def _model():
    inputs = keras.Input((16,), name="in")
    x = keras.layers.Dense(8, activation="relu", name="d1")(inputs)
    y = keras.layers.Dense(8, name="d2")(inputs)
    z = keras.layers.Concatenate(name="cat")([x, y])
    inner = keras.Sequential(
        [
            keras.Input((16,)),
            keras.layers.Dense(4, name="s1"),
            keras.layers.Dense(2, name="s2"),
        ],
        name="inner",
    )
    return keras.Model(inputs, inner(z))


def _labels(graph):
    return [n.get_label() for n in graph.get_nodes() if n.get_label()]


def test_model_to_dot_nodes_and_edges():
    pytest.importorskip("pydot")
    model = _model()
    dot = keras.utils.model_to_dot(
        model, show_shapes=True, show_layer_activations=True, dpi=96
    )
    labels = _labels(dot)
    assert len(labels) == 5
    assert any("d1 (Dense)" in x and "Activation: relu" in x for x in labels)
    assert any("Output shape: (None, 16)" in x for x in labels)
    names = {str(id(layer)): layer.name for layer in model.layers}
    edges = {
        (names[e.get_source()], names[e.get_destination()])
        for e in dot.get_edges()
    }
    assert edges == {
        ("in", "d1"),
        ("in", "d2"),
        ("d1", "cat"),
        ("d2", "cat"),
        ("cat", "inner"),
    }
    assert dot.get("dpi") == "96"


def test_model_to_dot_expand_nested():
    pydot = pytest.importorskip("pydot")
    dot = keras.utils.model_to_dot(_model(), expand_nested=True)
    (cluster,) = dot.get_subgraphs()
    assert cluster.get_name() == "cluster_inner"
    assert len(_labels(cluster)) == 2
    assert len(cluster.get_edges()) == 1
    cluster = keras.utils.model_to_dot(_model(), subgraph=True)
    assert isinstance(cluster, pydot.Cluster)


def test_unbuilt_model():
    pytest.importorskip("pydot")
    with pytest.raises(ValueError, match="not yet been built"):
        keras.utils.model_to_dot(keras.Sequential([keras.layers.Dense(2)]))


def test_missing_pydot(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "pydot", None)
    with pytest.raises(ImportError, match="pip install pydot"):
        keras.utils.plot_model(_model(), str(tmp_path / "m.png"))
