import numpy as np
import pytest

import keras
from keras.src import layers
from keras.src.distribution import distribution_lib


def names(variables):
    return [v.name for v in variables]


def randomize(variable, rng):
    variable.assign(rng.normal(size=variable.shape).astype("float32"))


# ------------------------------------------------------------------ Dense
def test_dense_lora():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(3, 8)).astype("float32")
    layer = layers.Dense(4, bias_initializer="uniform")
    layer.build((None, 8))
    base = np.asarray(layer(x))
    kernel, bias = layer.kernel.numpy(), layer.bias.numpy()

    layer.enable_lora(2, lora_alpha=6)
    assert names(layer.trainable_weights) == [
        "bias",
        "lora_kernel_a",
        "lora_kernel_b",
    ]
    assert names(layer.non_trainable_weights) == ["kernel"]
    assert layer.lora_kernel_a.shape == (8, 2)
    assert layer.lora_kernel_b.shape == (2, 4)
    assert layer.lora_kernel_a.path == f"{layer.name}/lora_kernel_a"
    # `b` starts at zero: same outputs as the base layer.
    np.testing.assert_allclose(layer(x), base, rtol=1e-6)

    randomize(layer.lora_kernel_b, rng)
    a, b = layer.lora_kernel_a.numpy(), layer.lora_kernel_b.numpy()
    effective = kernel + 3.0 * a @ b
    np.testing.assert_allclose(layer.kernel, effective, rtol=1e-5, atol=1e-5)
    lora_out = np.asarray(layer(x))
    np.testing.assert_allclose(
        lora_out, x @ effective + bias, rtol=1e-4, atol=1e-4
    )

    # The base kernel stays frozen when the layer is re-enabled.
    layer.trainable = False
    assert layer.trainable_weights == []
    layer.trainable = True
    assert "kernel" not in names(layer.trainable_weights)

    with pytest.raises(ValueError, match="already enabled"):
        layer.enable_lora(2)

    layer.merge_lora()
    assert names(layer.weights) == ["kernel", "bias"]
    assert names(layer.trainable_weights) == ["kernel", "bias"]
    assert not layer.lora_enabled and layer.lora_rank is None
    np.testing.assert_allclose(layer(x), lora_out, rtol=1e-4, atol=1e-4)
    with pytest.raises(ValueError, match="not enabled"):
        layer.merge_lora()
    # LoRA can be enabled again after merging.
    layer.enable_lora(3)
    assert layer.lora_kernel_a.shape == (8, 3)


def test_enable_lora_errors():
    layer = layers.Dense(4)
    with pytest.raises(ValueError, match="build"):
        layer.enable_lora(2)
    layer.build((None, 3))
    with pytest.raises(ValueError, match="rank"):
        layer.enable_lora(0)
    for layer in (
        layers.EinsumDense("ab,bc->ac", 4),
        layers.Embedding(5, 4),
    ):
        with pytest.raises(ValueError, match="build"):
            layer.enable_lora(2)


def test_dense_lora_config_round_trip():
    rng = np.random.default_rng(1)
    x = rng.normal(size=(2, 5)).astype("float32")
    layer = layers.Dense(3, lora_rank=2, lora_alpha=4)
    layer(x)
    assert layer.lora_enabled and layer.lora_alpha == 4
    assert names(layer.weights) == [
        "kernel",
        "bias",
        "lora_kernel_a",
        "lora_kernel_b",
    ]
    randomize(layer.lora_kernel_b, rng)
    config = layer.get_config()
    assert config["lora_rank"] == 2 and config["lora_alpha"] == 4
    clone = layers.Dense.from_config(config)
    assert clone.get_config() == config
    clone(x)
    clone.set_weights(layer.get_weights())
    np.testing.assert_allclose(clone(x), layer(x), rtol=1e-6)
    assert "lora_rank" not in layers.Dense(3).get_config()
    # `lora_alpha` defaults to the rank.
    assert layers.Dense(3, lora_rank=5).lora_alpha == 5


# ------------------------------------------------------------ EinsumDense
def test_einsum_dense_lora():
    rng = np.random.default_rng(2)
    x = rng.normal(size=(2, 3, 8)).astype("float32")
    layer = layers.EinsumDense(
        "abc,cde->abde", output_shape=(3, 4, 5), bias_axes="de"
    )
    base = np.asarray(layer(x))
    kernel, bias = layer.kernel.numpy(), layer.bias.numpy()
    layer.enable_lora(2)
    assert layer.lora_kernel_a.shape == (8, 4, 2)
    assert layer.lora_kernel_b.shape == (2, 5)
    assert names(layer.trainable_weights) == [
        "bias",
        "lora_kernel_a",
        "lora_kernel_b",
    ]
    np.testing.assert_allclose(layer(x), base, rtol=1e-6)
    randomize(layer.lora_kernel_b, rng)
    a, b = layer.lora_kernel_a.numpy(), layer.lora_kernel_b.numpy()
    effective = kernel + np.einsum("cdr,re->cde", a, b)
    expected = np.einsum("abc,cde->abde", x, effective) + bias
    lora_out = np.asarray(layer(x))
    np.testing.assert_allclose(lora_out, expected, rtol=1e-4, atol=1e-4)

    config = layer.get_config()
    assert config["lora_rank"] == 2
    clone = layers.EinsumDense.from_config(config)
    clone(x)
    clone.set_weights(layer.get_weights())
    np.testing.assert_allclose(clone(x), lora_out, rtol=1e-6)

    layer.merge_lora()
    assert names(layer.weights) == ["kernel", "bias"]
    np.testing.assert_allclose(layer(x), lora_out, rtol=1e-4, atol=1e-4)


# -------------------------------------------------------------- Embedding
def test_embedding_lora():
    rng = np.random.default_rng(3)
    ids = np.array([[1, 4, 0], [9, 9, 2]])
    vectors = rng.normal(size=(2, 6)).astype("float32")
    layer = layers.Embedding(10, 6)
    base = np.asarray(layer(ids))
    table = layer.embeddings.numpy()
    layer.enable_lora(3, lora_alpha=6)
    assert layer.lora_embeddings_a.shape == (10, 3)
    assert layer.lora_embeddings_b.shape == (3, 6)
    assert names(layer.trainable_weights) == [
        "lora_embeddings_a",
        "lora_embeddings_b",
    ]
    np.testing.assert_allclose(layer.lora_embeddings_a.numpy(), 0.0)
    np.testing.assert_allclose(layer(ids), base, rtol=1e-6)

    randomize(layer.lora_embeddings_a, rng)
    a, b = layer.lora_embeddings_a.numpy(), layer.lora_embeddings_b.numpy()
    effective = table + 2.0 * a @ b
    np.testing.assert_allclose(layer.embeddings, effective, atol=1e-5)
    lookup = np.asarray(layer(ids))
    attend = np.asarray(layer.attend(vectors))
    np.testing.assert_allclose(lookup, effective[ids], rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(
        attend, vectors @ effective.T, rtol=1e-4, atol=1e-4
    )

    config = layer.get_config()
    assert config["lora_rank"] == 3 and config["lora_alpha"] == 6
    clone = layers.Embedding.from_config(config)
    clone.build()
    assert clone.lora_enabled
    clone.set_weights(layer.get_weights())
    np.testing.assert_allclose(clone(ids), lookup, rtol=1e-6)

    layer.merge_lora()
    assert names(layer.weights) == ["embeddings"]
    np.testing.assert_allclose(layer(ids), lookup, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(
        layer.attend(vectors), attend, rtol=1e-4, atol=1e-4
    )

    # Initial `weights` are the base table, with or without LoRA.
    layer = layers.Embedding(10, 6, weights=table, lora_rank=2)
    np.testing.assert_allclose(layer(ids), base, rtol=1e-6)


# ------------------------------------------------------ model-wide helper
def attention_model():
    tokens = keras.Input((6,), dtype="int32")
    x = layers.Embedding(16, 8, name="embedding")(tokens)
    x = layers.MultiHeadAttention(
        num_heads=4, key_dim=2, name="attention", use_bias=False
    )(x, x, use_causal_mask=True)
    x = layers.Dense(8, name="ffn")(x)
    return keras.Model(tokens, x)


def test_enable_lora_helper_targets_and_trainable_weights():
    with pytest.raises(ValueError, match="built"):
        keras.utils.enable_lora(keras.Sequential([layers.Dense(2)]), 2)
    model = attention_model()
    ids = np.random.default_rng(4).integers(0, 16, size=(2, 6))
    base = np.asarray(model(ids))
    with pytest.raises(ValueError, match="No `Dense`"):
        keras.utils.enable_lora(model, 2, pattern="nothing_matches")

    enabled = keras.utils.enable_lora(model, rank=2)
    assert sorted(layer.name for layer in enabled) == ["query", "value"]
    trainable = model.trainable_weights
    assert sorted(v.path for v in trainable) == sorted(
        f"attention/{name}/lora_kernel_{ab}"
        for name in ("query", "value")
        for ab in "ab"
    )
    assert {id(v) for v in trainable} == {
        id(v) for layer in enabled for v in layer._lora_variables()
    }
    assert len(model.non_trainable_weights) == 7
    np.testing.assert_allclose(model(ids), base, rtol=1e-5, atol=1e-6)

    # Change the deltas; merging keeps the outputs.
    rng = np.random.default_rng(5)
    for layer in enabled:
        randomize(layer.lora_kernel_b, rng)
    lora_out = np.asarray(model(ids))
    assert not np.allclose(lora_out, base)
    merged = keras.utils.merge_lora(model)
    assert {layer.name for layer in merged} == {"query", "value"}
    assert not any("lora" in v.name for v in model.weights)
    np.testing.assert_allclose(model(ids), lora_out, rtol=1e-4, atol=1e-5)


def start_lora_deltas(model, rng):
    """Non-zero `b` factors: every LoRA weight gets a gradient at once."""
    for v in model.weights:
        if v.name == "lora_kernel_b":
            randomize(v, rng)


def test_fit_changes_only_lora_weights():
    model = attention_model()
    keras.utils.enable_lora(model, rank=2, pattern="query|value|ffn|embedding")
    assert len(model.trainable_weights) == 8
    rng = np.random.default_rng(6)
    start_lora_deltas(model, rng)
    ids = rng.integers(0, 16, size=(8, 6))
    y = rng.normal(size=(8, 6, 8)).astype("float32")
    before = {v.path: v.numpy() for v in model.weights}
    model.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse")
    model.fit(ids, y, epochs=3, batch_size=4, verbose=0)
    for v in model.weights:
        changed = not np.array_equal(v.numpy(), before[v.path])
        assert changed == ("lora" in v.name), v.path


def test_load_model_restores_nested_lora_scales_and_frozen_weights(tmp_path):
    model = attention_model()
    keras.utils.enable_lora(
        model, rank=2, pattern="query|value|ffn", lora_alpha=6.0
    )
    rng = np.random.default_rng(7)
    start_lora_deltas(model, rng)
    model.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse")
    ids = rng.integers(0, 16, size=(4, 6))
    y = rng.normal(size=(4, 6, 8)).astype("float32")
    model.fit(ids, y, epochs=1, batch_size=2, verbose=0)
    path = str(tmp_path / "lora.keras")
    model.save(path)

    loaded = keras.models.load_model(path)
    # The query/value projections inside MultiHeadAttention are rebuilt
    # with LoRA (rank and scale included) and the base weights frozen.
    lora_layers = {
        layer.name: (layer.lora_rank, layer.lora_alpha)
        for layer in loaded._flatten_layers()
        if getattr(layer, "lora_enabled", False)
    }
    assert lora_layers == {n: (2, 6.0) for n in ("query", "value", "ffn")}
    assert sorted(v.path for v in loaded.trainable_weights) == sorted(
        v.path for v in model.trainable_weights
    )
    np.testing.assert_allclose(loaded(ids), model(ids), rtol=1e-6)
    # Training goes on from the restored optimizer state, like the original.
    for m in (model, loaded):
        m.fit(ids, y, epochs=1, batch_size=2, shuffle=False, verbose=0)
    for a, b in zip(model.weights, loaded.weights):
        assert a.path == b.path
        np.testing.assert_allclose(a.numpy(), b.numpy(), rtol=1e-6)


def test_load_model_names_a_missing_lora_layer(tmp_path):
    from keras.src.utils import lora_utils

    model = attention_model()
    with pytest.raises(ValueError, match="'attention/nope'"):
        lora_utils.restore_lora_state(
            model,
            {"layers": [{"path": "attention/nope", "rank": 2, "alpha": 2.0}]},
        )


# ----------------------------------------------------------- distribution
def _spec(variable):
    spec = tuple(variable.value.sharding.spec)
    while spec and spec[-1] is None:
        spec = spec[:-1]
    return spec


@pytest.mark.multi_device
def test_lora_weights_follow_base_sharding():
    import jax

    if len(jax.devices()) < 8:
        pytest.skip("needs 8 devices")
    mesh = distribution_lib.DeviceMesh((4, 2), ("model", "batch"))
    layout_map = distribution_lib.LayoutMap(mesh)
    # A regex key also matching the 2D `lora_kernel_b`: the explicit LoRA
    # layouts must take precedence over it.
    layout_map["attention/query/.*kernel.*"] = (None, "model", None)
    layout_map["attention/value/kernel"] = (None, "model", None)
    layout_map["attention/attention_output/kernel"] = ("model", None, None)
    layout_map["ffn/kernel"] = (None, "model")
    layout_map["embedding/embeddings"] = ("model", None)
    distribution = distribution_lib.ModelParallel(
        layout_map=layout_map, batch_dim_name="batch"
    )
    rng = np.random.default_rng(7)
    ids = rng.integers(0, 16, size=(8, 6))
    y = rng.normal(size=(8, 6, 8)).astype("float32")
    distribution_lib.set_distribution(distribution)
    try:
        model = attention_model()
        keras.utils.enable_lora(model, 2, pattern="query|value|ffn")
        # Layers built under the distribution get LoRA after it is unset:
        # the layouts come from the base weight's mesh.
        distribution_lib.set_distribution(None)
        keras.utils.enable_lora(model, 2, pattern="embedding")
        distribution_lib.set_distribution(distribution)
        # Earlier LoRA weights stay trainable.
        assert len(model.trainable_weights) == 8
        expected = {
            "attention/query/kernel": (None, "model"),
            "attention/query/lora_kernel_a": (None, "model"),
            "attention/query/lora_kernel_b": (),
            "attention/value/lora_kernel_a": (None, "model"),
            "attention/value/lora_kernel_b": (),
            "ffn/kernel": (None, "model"),
            "ffn/lora_kernel_a": (),
            "ffn/lora_kernel_b": (None, "model"),
            "embedding/embeddings": ("model",),
            "embedding/lora_embeddings_a": ("model",),
            "embedding/lora_embeddings_b": (),
        }

        def check_specs():
            for path, spec in expected.items():
                (variable,) = [v for v in model.weights if v.path == path]
                assert _spec(variable) == spec, (path, _spec(variable))

        start_lora_deltas(model, rng)
        check_specs()
        before = {v.path: v.numpy() for v in model.weights}
        model.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse")
        model.fit(ids, y, epochs=3, batch_size=8, verbose=0)
        check_specs()
        for v in model.weights:
            changed = not np.array_equal(v.numpy(), before[v.path])
            assert changed == ("lora" in v.name), v.path
    finally:
        distribution_lib.set_distribution(None)


def lora_stack(lora):
    model = keras.Sequential(
        [
            keras.Input((4,)),
            layers.Dense(3, name="query", bias_initializer="uniform"),
            layers.EinsumDense("ab,bc->ac", 3, bias_axes="c", name="value"),
        ]
    )
    if lora:
        keras.utils.enable_lora(model, rank=2)
    return model


def test_weights_file_holds_folded_lora_weights(tmp_path):
    import h5py

    model = lora_stack(lora=True)
    start_lora_deltas(model, np.random.default_rng(3))
    x = np.random.default_rng(4).normal(size=(2, 4)).astype("float32")
    expected = np.asarray(model(x))
    path = str(tmp_path / "lora.weights.h5")
    model.save_weights(path)
    with h5py.File(path, "r") as f:
        # Upstream's layout: the kernel with the delta folded in, then the
        # bias; the unmerged weights and the LoRA factors only in the
        # `lora_state` extension group.
        query = model.get_layer("query")
        np.testing.assert_allclose(
            f["layers/dense/vars/0"][()], query.kernel, rtol=1e-6
        )
        np.testing.assert_allclose(f["layers/dense/vars/1"][()], query.bias)
        assert sorted(f["layers/dense/vars"]) == ["0", "1"]
        assert sorted(f["layers/dense/lora_state/vars"]) == list("0123")
    # A model without LoRA loads the folded weights.
    plain = lora_stack(lora=False)
    plain.load_weights(path)
    np.testing.assert_allclose(plain(x), expected, rtol=1e-5, atol=1e-6)
    # A model with LoRA gets its base weights and factors back exactly.
    again = lora_stack(lora=True)
    again.load_weights(path)
    for a, b in zip(model.weights, again.weights):
        assert a.name == b.name
        np.testing.assert_array_equal(a.numpy(), b.numpy())


def test_lora_model_loads_a_file_without_factors(tmp_path):
    plain = lora_stack(lora=False)
    x = np.random.default_rng(5).normal(size=(2, 4)).astype("float32")
    path = str(tmp_path / "plain.weights.h5")
    plain.save_weights(path)
    model = lora_stack(lora=True)
    start_lora_deltas(model, np.random.default_rng(6))
    model.load_weights(path)
    # The saved weights become the base ones and the deltas start at zero.
    np.testing.assert_allclose(model(x), plain(x), rtol=1e-6)
    for layer in (model.get_layer("query"), model.get_layer("value")):
        assert not np.any(layer.lora_kernel_b.numpy())
    # Factors of another rank are not loaded either: the merged weights
    # are.
    other = lora_stack(lora=False)
    keras.utils.enable_lora(other, rank=3)
    start_lora_deltas(other, np.random.default_rng(7))
    lora_path = str(tmp_path / "lora.weights.h5")
    model.save_weights(lora_path)
    other.load_weights(lora_path)
    np.testing.assert_allclose(other(x), plain(x), rtol=1e-6)
    assert not np.any(other.get_layer("query").lora_kernel_b.numpy())
