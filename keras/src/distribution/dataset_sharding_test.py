"""`Distribution.distribute_dataset`: each process keeps the batch shards
its devices hold (`keras/src/distribution/dataset_sharding.py`)."""

import numpy as np
import pytest

from keras.src.backend.common import data_sharding
from keras.src.backend.jax import distribution_lib as backend_dlib
from keras.src.distribution import distribution_lib as dl

pytestmark = pytest.mark.multi_device


def test_distribute_dataset_single_process_unchanged():
    dataset = object()
    assert dl.DataParallel().distribute_dataset(dataset) is dataset


def test_shard_dataset_with_fake_processes(monkeypatch):
    tf = pytest.importorskip("tensorflow")
    # 4 processes: groups (0, 1) and (2, 3) hold one batch shard each.
    info = data_sharding.DataSharding(
        num_batch_shards=2,
        process_shards={0: (0,), 1: (0,), 2: (1,), 3: (1,)},
        groups=((0, 1), (2, 3)),
    )
    monkeypatch.setattr(backend_dlib, "num_processes", lambda: 4)
    monkeypatch.setattr(backend_dlib, "process_id", lambda: 2)
    dist = dl.DataParallel()
    assert (dist.num_processes, dist.process_id) == (4, 2)
    monkeypatch.setattr(dist, "data_sharding", lambda: info)
    assert dist.data_shard_id == 1
    x = np.arange(18)
    dataset = tf.data.Dataset.from_tensor_slices((x, -x)).batch(4)
    batches = [
        (a.numpy().tolist(), b.numpy().tolist())
        for a, b in dist.distribute_dataset(dataset)
    ]
    # The second half of each complete global batch (shard 1); the
    # partial batch [16, 17] is dropped, unless kept for `fit()` (shard 1
    # holds its second row).
    full = [
        ([2, 3], [-2, -3]),
        ([6, 7], [-6, -7]),
        ([10, 11], [-10, -11]),
        ([14, 15], [-14, -15]),
    ]
    assert batches == full
    kept = [
        (a.numpy().tolist(), b.numpy().tolist())
        for a, b in dist._distribute_dataset(dataset, True)
    ]
    assert kept == full + [([17], [-17])]
    with pytest.raises(ValueError, match=r"global batch size \(3\)"):
        dist.distribute_dataset(
            tf.data.Dataset.from_tensor_slices(x).batch(3, drop_remainder=True)
        )
    with pytest.raises(ValueError, match="not supported for auto-sharding"):
        dist.distribute_dataset([1, 2])
    with pytest.raises(
        ValueError, match="batch size of the dataset is unknown"
    ):
        dist.distribute_dataset(tf.data.Dataset.from_tensor_slices(x))
    dist.auto_shard_dataset = False
    assert dist.distribute_dataset(dataset) is dataset
