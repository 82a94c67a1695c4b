"""`AutoLayoutMap`: layouts from logical names and shapes, the layout
report's reasons and memory forecast, and training a sharded model."""

import numpy as np
import pytest

from keras.src import backend
from keras.src import layers
from keras.src import losses
from keras.src import models
from keras.src import optimizers
from keras.src.distribution import auto_layout
from keras.src.distribution import distribution_lib as dl
from keras.src.distribution import layout_report

pytestmark = pytest.mark.multi_device


def _mesh(shape=(2, 4), axis_names=("batch", "model")):
    return dl.DeviceMesh(shape, axis_names)


def test_default_rules():
    rules = auto_layout.default_axis_rules(_mesh())
    assert rules["vocab"] == "model"
    assert rules["mlp"] == "model"
    assert rules["heads"] == "model"
    assert rules["embed"] == "batch"
    assert rules["head_dim"] is None
    assert rules["norm"] == "batch"
    mesh = dl.DeviceMesh((2, 2, 2), ("data", "fsdp", "model"))
    assert auto_layout.default_axis_rules(mesh)["embed"] == ("data", "fsdp")
    assert auto_layout.default_axis_rules(_mesh((8,), ("model",)))["embed"] is (
        None
    )
    assert auto_layout.default_axis_rules(_mesh((8,), ("batch",)))["mlp"] is (
        None
    )


def test_rule_table_mapping():
    auto = auto_layout.AutoLayoutMap(_mesh())
    assert auto.choose((32, 64), ("embed", "mlp")).axes == ("batch", "model")
    assert auto.choose((64, 32), ("vocab", "embed")).axes == ("model", "batch")
    assert auto.choose((32, 4, 8), ("embed", "heads", "head_dim")).axes == (
        "batch",
        "model",
        None,
    )
    assert auto.choose((32, 4, 4), ("heads", "head_dim", "norm")).axes == (
        "model",
        None,
        "batch",
    )
    custom = auto_layout.AutoLayoutMap(
        _mesh(), rules={"mlp": "batch", "embed": None, "mine": "model"}
    )
    assert custom.choose((32, 64), ("embed", "mlp")).axes == (None, "batch")
    assert custom.choose((8, 6), ("mine", None)).axes == ("model", None)
    assert custom.rules["vocab"] == "model"
    with pytest.raises(ValueError, match="mesh axis 'tensor'"):
        auto_layout.AutoLayoutMap(_mesh(), rules={"mlp": "tensor"})


def test_vectors_split_over_every_axis_that_divides_them():
    auto = auto_layout.AutoLayoutMap(_mesh())
    # A bias and a normalization scale take the mesh axes their rule left.
    choice = auto.choose((16,), ("mlp",))
    assert choice.axes == (("model", "batch"),)
    assert "vector: 'batch' joins" in choice.reason
    assert auto.choose((16,), ("norm",)).axes == (("batch", "model"),)
    # Only while the whole mesh divides them.
    assert auto.choose((6,), ("norm",)).axes == ("batch",)
    assert auto.choose((12,), ("mlp",)).axes == ("model",)
    # A vector whose rule keeps it whole stays whole.
    whole = auto_layout.AutoLayoutMap(_mesh(), rules={"norm": None})
    assert whole.choose((16,), ("norm",)).axes == (None,)


def test_depthwise_kernels_split_over_the_model_axis_too():
    for mesh in (_mesh(), _mesh((4, 2), ("model", "batch"))):
        dist = dl.ModelParallel(layout_map=auto_layout.AutoLayoutMap(mesh))
        with dist.scope():
            layer = layers.DepthwiseConv2D(3)
            layer.build((None, 8, 8, 32))
        # A multiplier of 1: the model axis joins the channels' split,
        # so that no device keeps more than an eighth of the kernel.
        assert layer.kernel._layout.axes == (
            None,
            None,
            ("batch", "model"),
            None,
        )
        assert layer.bias._layout.axes == (("model", "batch"),)
    auto = auto_layout.AutoLayoutMap(_mesh())
    names = ("conv_spatial", "conv_spatial", "conv_in", "conv_multiplier")
    assert auto.choose((3, 3, 6, 4), names).axes == (
        None,
        None,
        "batch",
        "model",
    )


def test_shape_fallback():
    auto = auto_layout.AutoLayoutMap(_mesh(), min_shard_size=16)
    choice = auto.choose((6, 40))
    assert choice.axes == ("batch", "model")
    assert choice.reason.startswith("shape")
    # The model axis takes the largest dimension it divides.
    assert auto.choose((64, 12, 3)).axes == ("model", "batch", None)
    # A dimension that no free one can take joins an assigned one.
    assert auto.choose((40,)).axes == (("model", "batch"),)
    small = auto.choose((3, 5))
    assert small.axes == (None, None)
    assert "replicated as small" in small.reason
    # Names that do not fit the rank are left aside.
    assert auto.choose((8, 8), ("mlp",)).reason.startswith("shape")


def test_small_unnamed_variables_split_but_seed_states_stay_whole():
    auto = auto_layout.AutoLayoutMap(_mesh())
    # A norm scale or a token of a narrow model, as named vectors are.
    assert auto.choose((16,)).axes == (("model", "batch"),)
    assert auto.choose((1, 1, 16)).axes == (None, None, ("model", "batch"))
    assert auto.choose((32, 4)).axes == ("model", "batch")
    dist = dl.ModelParallel(layout_map=auto_layout.AutoLayoutMap(_mesh()))
    with dist.scope():
        dropout = layers.Dropout(0.5, seed=1)
    state = dropout.seed_generator.state
    assert state._layout.axes == (None,)
    assert state.value.sharding.is_fully_replicated


def test_indivisible_names_fall_to_next_dimension():
    auto = auto_layout.AutoLayoutMap(_mesh())
    # 3 key/value heads on a model axis of 4: the embedding dimension,
    # already split over "batch", takes it too.
    choice = auto.choose((32, 3, 16), ("embed", "heads", "head_dim"))
    assert choice.axes == (("batch", "model"), None, None)
    assert "heads (3) not divisible by 'model' (4)" in choice.reason
    assert "'model' joins dim 0" in choice.reason
    # Where it cannot, the head dimension (kept whole by its rule) does.
    choice = auto.choose((36, 3, 16), ("embed", "heads", "head_dim"))
    assert choice.axes == ("batch", None, "model")
    assert "'model' -> dim 2" in choice.reason
    # A free dimension comes before the kept one.
    choice = auto.choose((3, 8, 16), ("heads", "mine", "head_dim"))
    assert choice.axes == (None, "model", None)
    # Nothing divisible: replicated over that axis, said so.
    choice = auto.choose((3, 5), ("heads", "head_dim"))
    assert choice.axes == (None, None)
    assert "replicated over 'model'" in choice.reason


def test_odd_shapes_build_without_error():
    mesh = _mesh()
    dist = dl.ModelParallel(layout_map=auto_layout.AutoLayoutMap(mesh))
    x = np.zeros((2, 5, 36), "float32")
    with dist.scope():
        gqa = layers.GroupedQueryAttention(12, 6, 3)
        gqa(x, x)
        dense = layers.Dense(7)
        dense.build((None, 9))
        embedding = layers.Embedding(13, 5)
        embedding.build((None, 3))
    for v in gqa.weights + dense.weights + embedding.weights:
        layout = v._layout
        for size, count in zip(v.shape, layout.shard_counts()):
            assert size % count == 0
    kernels = {
        v.path.split("/")[-2]: v for v in gqa.weights if v.name == "kernel"
    }
    assert kernels["key"]._layout.axes == ("batch", None, "model")
    assert kernels["query"]._layout.axes == ("batch", None, "model")


def test_layout_map_key_wins():
    auto = auto_layout.AutoLayoutMap(_mesh())
    auto["d1/kernel"] = (None, None)
    dist = dl.ModelParallel(layout_map=auto)
    with dist.scope():
        model = models.Sequential(
            [layers.Dense(8, name="d1"), layers.Dense(8, name="d2")]
        )
        model.build((None, 8))
    assert model.layers[0].kernel._layout.axes == (None, None)
    assert model.layers[1].kernel._layout.axes == ("batch", "model")
    choices = auto.choices
    assert choices[model.layers[0].kernel.path].reason == "LayoutMap key"


def test_report_keeps_the_reason_of_each_variable_of_a_shared_path():
    auto = auto_layout.AutoLayoutMap(_mesh())
    dist = dl.ModelParallel(layout_map=auto)
    with dist.scope():
        # Two towers whose layers have the same path, of other widths.
        wide = layers.Dense(8, name="tower")
        wide.build((None, 16))
        narrow = layers.Dense(8, name="tower")
        narrow.build((None, 3))
    assert wide.kernel.path == narrow.kernel.path
    rows = layout_report.layout_report_rows([wide.kernel, narrow.kernel])
    assert rows[0].reason == "names ('embed', 'mlp')"
    assert "embed (3) not divisible by 'batch' (2)" in rows[1].reason
    # The report reads them from the variables, also out of the scope.
    assert layout_report.layout_report_rows([wide.kernel])[0].reason == (
        rows[0].reason
    )


def test_batch_dim_defaults_to_the_other_axes():
    mesh = _mesh((4, 2), ("model", "batch"))
    dist = dl.ModelParallel(layout_map=auto_layout.AutoLayoutMap(mesh))
    assert dist.batch_dim_name == "batch"
    plain = dl.ModelParallel(layout_map=dl.LayoutMap(_mesh()))
    assert plain.batch_dim_name == "batch"


def test_replicating_model_parallel_unchanged():
    dist = dl.ModelParallel(device_mesh=_mesh())
    with dist.scope():
        layer = layers.Dense(8)
        layer.build((None, 8))
    assert layer.kernel._layout.axes == (None, None)


def _transformer(vocab=64, embed=32, heads=4, mlp=64, seq=8, blocks=2):
    tokens = layers.Input((seq,), dtype="int32")
    h = layers.Embedding(vocab, embed, name="tokens")(tokens)
    for i in range(blocks):
        a = layers.LayerNormalization(name=f"norm{i}a")(h)
        a = layers.MultiHeadAttention(heads, embed // heads, name=f"mha{i}")(
            a, a
        )
        h = layers.Add()([h, a])
        f = layers.LayerNormalization(name=f"norm{i}b")(h)
        f = layers.Dense(mlp, activation="gelu", name=f"up{i}")(f)
        f = layers.Dense(embed, name=f"down{i}")(f)
        h = layers.Add()([h, f])
    return models.Model(tokens, layers.Dense(vocab, name="logits")(h))


def _compile(model):
    model.compile(
        optimizer=optimizers.Adam(1e-2),
        loss=losses.SparseCategoricalCrossentropy(from_logits=True),
    )


def _data():
    rng = np.random.default_rng(0)
    x = rng.integers(0, 64, (32, 8)).astype("int32")
    y = rng.integers(0, 64, (32, 8)).astype("int32")
    return x, y


@pytest.mark.parametrize(
    "shape, axis_names",
    [((2, 4), ("batch", "model")), ((4, 2), ("model", "batch"))],
)
def test_sharded_training_matches_one_device(shape, axis_names):
    x, y = _data()
    reference = _transformer()
    _compile(reference)
    weights = reference.get_weights()
    expected = reference.fit(
        x, y, batch_size=8, epochs=2, shuffle=False, verbose=0
    ).history["loss"]

    mesh = _mesh(shape, axis_names)
    dist = dl.ModelParallel(layout_map=auto_layout.AutoLayoutMap(mesh))
    with dist.scope():
        model = _transformer()
        model.set_weights(weights)
        _compile(model)
        losses_seen = model.fit(
            x, y, batch_size=8, epochs=2, shuffle=False, verbose=0
        ).history["loss"]
    np.testing.assert_allclose(losses_seen, expected, rtol=1e-4, atol=1e-5)

    specs = {v.path: tuple(v.value.sharding.spec) for v in model.weights}
    assert specs["tokens/embeddings"] == ("model", "batch")
    assert specs["up0/kernel"] == ("batch", "model")
    assert specs["mha1/query/kernel"][:2] == ("batch", "model")
    assert specs["mha0/attention_output/kernel"][0] == "model"
    # Optimizer slots are sharded like their variables.
    slot = [
        v
        for v in model.optimizer.variables
        if v.path.endswith("up0_kernel_momentum")
    ][0]
    assert tuple(slot.value.sharding.spec) == ("batch", "model")


def test_report_reasons_forecast_and_balance():
    mesh = _mesh()
    dist = dl.ModelParallel(layout_map=auto_layout.AutoLayoutMap(mesh))
    with dist.scope():
        model = _transformer(vocab=128, embed=64, mlp=256)
        _compile(model)
        forecast = layout_report.memory_forecast(model)
        report = layout_report.layout_report(model)
        rows = layout_report.layout_report_rows(model)
    lines = report.splitlines()
    assert lines[0].split()[-1] == "reason"
    row = [r for r in rows if r.path == "up1/kernel"][0]
    assert row.reason == "names ('embed', 'mlp')"
    assert row.bytes_per_device == 64 * 256 * 4 // 8
    assert forecast.device_count == 8
    assert forecast.weights == sum(r.bytes_per_device for r in rows)
    trainable = sum(
        r.bytes_per_device for r, v in zip(rows, model.variables) if v.trainable
    )
    assert forecast.gradients == trainable
    # Adam keeps two slots (momentum, velocity) per variable.
    assert forecast.optimizer_slots == 2 * trainable
    assert forecast.total == forecast.weights + 3 * trainable
    full = sum(int(np.prod(v.shape)) * 4 for v in model.variables)
    assert forecast.balance == pytest.approx(forecast.weights * 8 / full)
    assert forecast.balance <= 1.15
    assert lines[-2] == (
        f"forecast per device (bytes): weights {forecast.weights}, "
        f"gradients {trainable}, optimizer slots {2 * trainable}, "
        f"total {forecast.total}"
    )
    assert lines[-1].startswith(f"balance: {forecast.balance:.3f}x")


def test_forecast_counts_built_optimizer_variables():
    mesh = _mesh()
    dist = dl.ModelParallel(layout_map=auto_layout.AutoLayoutMap(mesh))
    with dist.scope():
        model = models.Sequential([layers.Dense(64), layers.Dense(32)])
        model.build((None, 32))
        optimizer = optimizers.SGD(momentum=0.9)
        before = layout_report.memory_forecast(model, optimizer)
        optimizer.build(model.trainable_variables)
        after = layout_report.memory_forecast(model, optimizer)
    assert before.optimizer_slots == before.gradients
    slots = sum(
        layout_report._bytes_per_device(v, v.value) for v in optimizer.variables
    )
    assert after.optimizer_slots == slots
    assert after.optimizer_slots >= before.optimizer_slots
    assert backend.standardize_dtype(model.weights[0].dtype) == "float32"


def test_quantized_kernel_layout_follows_names():
    mesh = _mesh()
    dist = dl.ModelParallel(layout_map=auto_layout.AutoLayoutMap(mesh))
    with dist.scope():
        # Built quantized: no float kernel exists, the names decide (the
        # shape alone would put "model" on the larger input axis).
        dense = layers.Dense(32, dtype="int8_from_float32")
        dense.build((None, 64))
        float_dense = layers.Dense(32)
        float_dense.build((None, 64))
        float_dense.quantize("int8")
    assert dense._kernel.dtype == "int8"
    assert dense._kernel._layout.axes == ("batch", "model")
    assert dense.kernel_scale._layout.axes == ("model",)
    assert float_dense._kernel._layout.axes == ("batch", "model")
    assert float_dense.kernel_scale._layout.axes == ("model",)


def test_lora_factors_follow_the_kernel():
    mesh = _mesh()
    dist = dl.ModelParallel(layout_map=auto_layout.AutoLayoutMap(mesh))
    with dist.scope():
        dense = layers.Dense(32)
        dense.build((None, 64))
        dense.enable_lora(4)
    assert dense.lora_kernel_a._layout.axes == ("batch", None)
    assert dense.lora_kernel_b._layout.axes == (None, "model")
