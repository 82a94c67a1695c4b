import numpy as np
import pytest

from keras.src.trainers.data_adapters import data_adapter_utils as utils


def test_unpack_and_pack():
    assert utils.unpack_x_y_sample_weight(1) == (1, None, None)
    assert utils.unpack_x_y_sample_weight((1,)) == (1, None, None)
    assert utils.unpack_x_y_sample_weight([1, 2]) == (1, 2, None)
    assert utils.unpack_x_y_sample_weight((1, 2, 3)) == (1, 2, 3)
    with pytest.raises(ValueError, match="Data is expected"):
        utils.unpack_x_y_sample_weight((1, 2, 3, 4))
    assert utils.pack_x_y_sample_weight(1) == 1
    assert utils.pack_x_y_sample_weight([1, 2]) == ([1, 2],)
    assert utils.pack_x_y_sample_weight(1, 2) == (1, 2)
    assert utils.pack_x_y_sample_weight(1, 2, 3) == (1, 2, 3)


def test_train_validation_split_takes_the_last_fraction():
    x = np.arange(10)
    y = np.arange(10) * 2
    (tx, ty, tsw), (vx, vy, vsw) = utils.train_validation_split(
        (x, y, None), validation_split=0.3
    )
    np.testing.assert_array_equal(tx, np.arange(7))
    np.testing.assert_array_equal(vx, [7, 8, 9])
    np.testing.assert_array_equal(vy, [14, 16, 18])
    assert tsw is None and vsw is None


def test_train_validation_split_errors():
    with pytest.raises(ValueError, match="not sufficient"):
        utils.train_validation_split(np.arange(2), 0.6)
    with pytest.raises(ValueError, match="only supported"):
        utils.train_validation_split([object()], 0.5)


def test_class_weight_to_sample_weights():
    np.testing.assert_allclose(
        utils.class_weight_to_sample_weights(
            np.array([[0], [1], [3]]), {1: 5.0}
        ),
        [1.0, 5.0, 1.0],
    )


@pytest.mark.parametrize(
    "num_batches, drop_last, expected",
    [
        (10, False, [[0, 2, 4, 6, 8], [1, 3, 5, 7, 9]]),
        (11, False, [[0, 3, 6, 9], [1, 4, 7, 10], [2, 5, 8]]),
        (11, True, [[0, 3, 6], [1, 4, 7], [2, 5, 8]]),
        (2, True, [[], [], []]),
    ],
)
def test_distributed_batch_sampler_deals_batches_round_robin(
    num_batches, drop_last, expected
):
    for shard_id, batches in enumerate(expected):
        sampler = utils.DistributedBatchSampler(
            list(range(num_batches)),
            num_data_shards=len(expected),
            data_shard_id=shard_id,
            drop_last=drop_last,
        )
        assert list(sampler) == batches
        assert len(sampler) == len(batches)


def test_distributed_batch_sampler_with_a_torch_data_loader():
    torch = pytest.importorskip("torch")
    data = torch.utils.data
    batches = data.BatchSampler(data.SequentialSampler(range(10)), 3, False)
    sampler = utils.DistributedBatchSampler(batches, 2, 1)
    loader = data.DataLoader(range(10), batch_sampler=sampler)
    assert [b.tolist() for b in loader] == [[3, 4, 5], [9]]


@pytest.mark.parametrize(
    "num_shards, shard_id, match",
    [(0, 0, "num_data_shards must be >= 1"), (2, 2, r"in \[0, 1\]")],
)
def test_distributed_batch_sampler_rejects_bad_shards(
    num_shards, shard_id, match
):
    with pytest.raises(ValueError, match=match):
        utils.DistributedBatchSampler([0], num_shards, shard_id)


@pytest.mark.parametrize(
    "class_weight, expected",
    [
        ({"1": 2.0}, [1.0, 2.0, 1.0, 1.0]),
        ({1.0: 2.0, 2: 3.0}, [1.0, 2.0, 1.0, 3.0]),
        ({-1: 2.0, 5: 4.0}, [1.0, 1.0, 1.0, 1.0]),  # no label is -1 or 5
        ({}, [1.0, 1.0, 1.0, 1.0]),
    ],
)
def test_class_weight_keys_are_class_indices(class_weight, expected):
    y = np.array([0, 1, 0, 2])
    weights = utils.class_weight_to_sample_weights(y, class_weight)
    np.testing.assert_array_equal(weights, expected)


@pytest.mark.parametrize(
    "class_weight, match",
    [
        ({"invalid": 0.5}, "integer keys"),
        ({None: 0.5}, "integer keys"),
        ("not_a_dict", "dict-like mapping"),
        ([1.0, 2.0], "dict-like mapping"),
    ],
)
def test_class_weight_rejects_what_is_not_a_class_table(class_weight, match):
    with pytest.raises(ValueError, match=match):
        utils.class_weight_to_sample_weights(np.array([0, 1]), class_weight)
