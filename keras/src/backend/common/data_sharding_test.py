import collections

import jax
import numpy as np
import pytest

from keras.src.backend.common import data_sharding

FakeDevice = collections.namedtuple("FakeDevice", ["id", "process_index"])
FakeDevice.platform = "cpu"


class FakeMesh:
    def __init__(self, shape, axis_names, num_processes, order=None):
        total = int(np.prod(shape))
        per_process = total // num_processes
        order = list(range(total)) if order is None else order
        devices = np.empty(total, dtype=object)
        devices[:] = [FakeDevice(i, i // per_process) for i in order]
        self.devices = devices.reshape(shape)
        self.axis_names = axis_names


def test_normalize_batch_axes():
    assert data_sharding.normalize_batch_axes("batch") == ("batch",)
    assert data_sharding.normalize_batch_axes(["a", "b"]) == ("a", "b")
    assert data_sharding.batch_partition_entry(("a",)) == "a"
    assert data_sharding.batch_partition_entry(("a", "b")) == ("a", "b")
    with pytest.raises(ValueError, match="batch_dim_name=3"):
        data_sharding.normalize_batch_axes(3)
    with pytest.raises(ValueError, match=r"batch_dim_name=\(\)"):
        data_sharding.normalize_batch_axes(())


def test_shard_grid_major_axis_first():
    mesh = FakeMesh((2, 2, 2), ("a", "b", "c"), 1)
    grid = data_sharding.batch_shard_index_grid(mesh, ("a", "c"))
    a, b, c = np.indices((2, 2, 2))
    np.testing.assert_array_equal(grid, a * 2 + c)
    grid = data_sharding.batch_shard_index_grid(mesh, ("c", "a"))
    np.testing.assert_array_equal(grid, c * 2 + a)
    with pytest.raises(ValueError, match="Received: batch_dim_name='x'"):
        data_sharding.batch_shard_index_grid(mesh, "x")


def test_single_process_real_mesh():
    devices = np.array(jax.devices()[:8]).reshape(2, 4)
    mesh = jax.sharding.Mesh(devices, ("batch", "model"))
    info = data_sharding.compute_data_sharding(mesh, "batch")
    assert info.num_batch_shards == 2
    assert info.process_shards == {0: (0, 1)}
    assert info.groups == ((0,),)
    assert info.num_data_shards == 1
    assert info.per_process_batch_size(16, 0) == 16


def test_two_processes_distinct_shards_1d():
    mesh = FakeMesh((8,), ("batch",), 2)
    info = data_sharding.compute_data_sharding(mesh, "batch")
    assert info.num_batch_shards == 8
    assert info.process_shards == {0: (0, 1, 2, 3), 1: (4, 5, 6, 7)}
    assert info.groups == ((0,), (1,))
    assert info.data_shard_id(1) == 1
    assert info.per_process_batch_size(32, 1) == 16
    assert info.global_batch_size(16, 0) == 32


def test_four_processes_batch_first():
    # (2, 4) ("batch", "model"): row 0 = processes 0, 1; row 1 = 2, 3.
    mesh = FakeMesh((2, 4), ("batch", "model"), 4)
    info = data_sharding.compute_data_sharding(mesh, "batch")
    assert info.num_batch_shards == 2
    assert info.process_shards == {0: (0,), 1: (0,), 2: (1,), 3: (1,)}
    assert info.groups == ((0, 1), (2, 3))
    assert info.num_data_shards == 2
    assert [info.data_shard_id(p) for p in range(4)] == [0, 0, 1, 1]
    assert info.group_of(3) == (2, 3)
    assert info.per_process_batch_size(8, 2) == 4


def test_processes_share_all_shards_batch_last():
    # (4, 2) ("model", "batch") over list order, 2 processes x 4 devices:
    # each process holds two full rows, i.e. both batch shards.
    mesh = FakeMesh((4, 2), ("model", "batch"), 2)
    info = data_sharding.compute_data_sharding(mesh, "batch")
    assert info.process_shards == {0: (0, 1), 1: (0, 1)}
    assert info.groups == ((0, 1),)
    assert info.num_data_shards == 1
    assert info.per_process_batch_size(8, 0) == 8
    mesh = FakeMesh((4, 2), ("model", "batch"), 4)
    info = data_sharding.compute_data_sharding(mesh, "batch")
    assert info.groups == ((0, 1, 2, 3),)


@pytest.mark.parametrize(
    "axis_names, batch, expected_groups",
    [
        # batch axis first: process p holds devices 2p, 2p+1 -> shard p // 2
        (("batch", "x", "y"), "batch", ((0, 1), (2, 3))),
        # batch axis in the middle: process p holds shard p % 2
        (("x", "batch", "y"), "batch", ((0, 2), (1, 3))),
        # batch axis last: every process holds both shards
        (("x", "y", "batch"), "batch", ((0, 1, 2, 3),)),
        # batch over two axes: shards 2x+y, two devices of a process differ
        # only along "z"
        (("x", "y", "z"), ("x", "y"), ((0,), (1,), (2,), (3,))),
        # batch over ("y", "x"): process p=(x, y) holds shard 2y+x
        (("x", "y", "z"), ("y", "x"), ((0,), (2,), (1,), (3,))),
    ],
)
def test_three_axis_meshes(axis_names, batch, expected_groups):
    mesh = FakeMesh((2, 2, 2), axis_names, 4)
    info = data_sharding.compute_data_sharding(mesh, batch)
    assert info.groups == expected_groups
    for group in info.groups:
        sets = {info.shards_of(p) for p in group}
        assert len(sets) == 1


def test_batch_over_two_axes_two_processes():
    mesh = FakeMesh((2, 2, 2), ("a", "b", "c"), 2)
    info = data_sharding.compute_data_sharding(mesh, ("a", "c"))
    assert info.num_batch_shards == 4
    assert info.process_shards == {0: (0, 1), 1: (2, 3)}
    info = data_sharding.compute_data_sharding(mesh, ("c", "a"))
    # Non-contiguous but disjoint shard sets are fine.
    assert info.process_shards == {0: (0, 2), 1: (1, 3)}
    assert info.per_process_batch_size(8, 1) == 4


def test_unequal_overlap_error_with_suggestion():
    # (4, 2) ("batch", "model") with 4 processes x 2 devices, devices
    # permuted so that process 0 holds shards {0, 1} and process 1 {0, 2}.
    order = [0, 2, 1, 4, 3, 6, 5, 7]
    mesh = FakeMesh((4, 2), ("batch", "model"), 4, order=order)
    with pytest.raises(ValueError) as e:
        data_sharding.compute_data_sharding(mesh, "batch")
    message = str(e.value)
    assert "Processes 0 and 1 hold overlapping but different" in message
    assert "process 0 holds shards [0, 1]" in message
    assert "process 1 holds shards [0, 2]" in message
    suggested = [f"cpu:{i}" for i in range(8)]
    assert f"devices={suggested}" in message
    assert "reshaped to (4, 2)" in message
    # The suggestion indeed works.
    info = data_sharding.compute_data_sharding(
        FakeMesh((4, 2), ("batch", "model"), 4), "batch"
    )
    assert info.groups == ((0,), (1,), (2,), (3,))


def test_batch_size_errors():
    mesh = FakeMesh((2, 4), ("batch", "model"), 4)
    info = data_sharding.compute_data_sharding(mesh, "batch")
    with pytest.raises(
        ValueError,
        match=r"Global batch size must be divisible by the number of batch "
        r"shards. Received: global batch size \(7\), number of "
        r"batch shards \(2",
    ):
        info.per_process_batch_size(7, 0)
    with pytest.raises(
        ValueError,
        match=r"Process 1 received a per-process batch of size 3, expected "
        r"4: it holds 1 of the 2 batch shards of the global batch of size 8",
    ):
        info.check_per_process_batch_size(3, 8, 1)
    mesh = FakeMesh((8,), ("batch",), 2)
    info = data_sharding.compute_data_sharding(mesh, "batch")
    with pytest.raises(
        ValueError, match=r"size 6, but it holds 4 of the 8 batch shards"
    ):
        info.global_batch_size(6, 0)
    with pytest.raises(ValueError, match="Process 5 holds no device"):
        info.shards_of(5)
