"""keras-hub's `from_preset` under a distribution loads each weight
straight into its shards: a sharded weight is read by the slices its
devices hold, never whole, and ends equal to the saved one."""

import numpy as np
import pytest

import keras
from keras.src.saving.load_into_shards_test import _recorded_reads
from keras.src.saving.load_into_shards_test import _slice_shape

keras_hub = pytest.importorskip("keras_hub")

TINY_GEMMA = dict(
    vocabulary_size=256,
    num_layers=1,
    num_query_heads=4,
    num_key_value_heads=1,
    hidden_dim=64,
    intermediate_dim=128,
    head_dim=16,
)


def test_from_preset_reads_only_shard_slices(tmp_path, monkeypatch):
    import jax

    if len(jax.devices()) < 8:
        pytest.skip("needs 8 devices")
    keras.utils.set_random_seed(0)
    saved = keras_hub.models.GemmaBackbone(**TINY_GEMMA)
    preset = tmp_path / "tiny_gemma"
    saved.save_to_preset(str(preset))

    reads = _recorded_reads(monkeypatch)
    mesh = keras.distribution.DeviceMesh((2, 4), ("batch", "model"))
    distribution = keras.distribution.ModelParallel(
        layout_map=keras.distribution.AutoLayoutMap(mesh)
    )
    with distribution.scope():
        loaded = keras_hub.models.GemmaBackbone.from_preset(str(preset))

    sharded = 0
    for variable, expected in zip(loaded.weights, saved.weights):
        np.testing.assert_array_equal(variable.numpy(), expected.numpy())
        value = variable.value
        shard = value.sharding.shard_shape(value.shape)
        own_reads = [
            index for shape, index in reads if shape == tuple(value.shape)
        ]
        assert own_reads, variable.path
        if shard == tuple(value.shape):
            continue
        sharded += 1
        # Every read of this shape is one shard's slice, never the whole.
        for index in own_reads:
            assert _slice_shape(index, value.shape) == shard, variable.path
    # The embedding, attention and feed-forward kernels at least.
    assert sharded >= 6
