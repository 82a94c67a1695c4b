import numpy as np
import pytest

from keras.src.trainers.data_adapters import TorchDataLoaderAdapter
from keras.src.trainers.data_adapters import get_data_adapter

torch = pytest.importorskip("torch")


def _loader(num_samples=10, **kwargs):
    x = torch.arange(num_samples * 2, dtype=torch.float32).reshape(-1, 2)
    y = torch.arange(num_samples)
    return torch.utils.data.DataLoader(
        torch.utils.data.TensorDataset(x, y), **kwargs
    )


def test_batches_become_numpy_tuples():
    adapter = get_data_adapter(_loader(batch_size=4))
    assert isinstance(adapter, TorchDataLoaderAdapter)
    batches = list(adapter.get_numpy_iterator())
    assert [type(b) for b in batches] == [tuple] * 3
    assert [b[0].shape for b in batches] == [(4, 2), (4, 2), (2, 2)]
    np.testing.assert_array_equal(batches[2][1], [8, 9])
    assert batches[0][0].dtype == np.float32
    assert batches[0][1].dtype == np.int64


@pytest.mark.parametrize(
    "kwargs, expected",
    [
        # (num_batches, batch_size, has_partial_batch, partial_batch_size)
        (dict(batch_size=4), (3, 4, True, 2)),
        (dict(batch_size=5), (2, 5, False, None)),
        (dict(batch_size=4, drop_last=True), (2, 4, False, None)),
        # The sampler decides the samples of an epoch: 7 of them.
        (
            dict(
                batch_size=4,
                sampler=torch.utils.data.SubsetRandomSampler(range(7)),
            ),
            (2, 4, True, 3),
        ),
        (dict(batch_sampler=[[0, 1, 2], [3, 4]]), (2, None, None, None)),
    ],
)
def test_sizes(kwargs, expected):
    adapter = TorchDataLoaderAdapter(_loader(**kwargs))
    sizes = (
        adapter.num_batches,
        adapter.batch_size,
        adapter.has_partial_batch,
        adapter.partial_batch_size,
    )
    assert sizes == expected
    batches = list(adapter.get_numpy_iterator())
    assert len(batches) == expected[0]
    if expected[3]:
        assert len(batches[-1][0]) == expected[3]


def test_iterable_dataset_without_length():
    class Stream(torch.utils.data.IterableDataset):
        def __iter__(self):
            for i in range(5):
                yield torch.full((3,), float(i)), i

    adapter = TorchDataLoaderAdapter(
        torch.utils.data.DataLoader(Stream(), batch_size=2)
    )
    assert adapter.num_batches is None
    assert adapter.batch_size == 2
    assert adapter.has_partial_batch is None
    assert [len(b[1]) for b in adapter.get_numpy_iterator()] == [2, 2, 1]


def test_structures_and_tensors_that_require_grad():
    class Records(torch.utils.data.Dataset):
        def __len__(self):
            return 4

        def __getitem__(self, i):
            features = {"a": torch.ones(3, requires_grad=True) * i, "b": i}
            return [features, float(i)]

    adapter = TorchDataLoaderAdapter(
        torch.utils.data.DataLoader(Records(), batch_size=4)
    )
    (batch,) = adapter.get_numpy_iterator()
    # The list at the top becomes `(x, y)`; the dict is kept.
    assert isinstance(batch, tuple) and isinstance(batch[0], dict)
    np.testing.assert_array_equal(batch[0]["a"][:, 0], [0.0, 1.0, 2.0, 3.0])
    np.testing.assert_array_equal(batch[0]["b"], [0, 1, 2, 3])
    np.testing.assert_array_equal(batch[1], [0.0, 1.0, 2.0, 3.0])


def test_class_weight_and_errors():
    adapter = get_data_adapter(_loader(4, batch_size=4), class_weight={1: 3.0})
    _, _, sample_weight = next(iter(adapter.get_numpy_iterator()))
    np.testing.assert_allclose(sample_weight, [1.0, 3.0, 1.0, 1.0])
    with pytest.raises(ValueError, match="`y` should not be passed"):
        get_data_adapter(_loader(batch_size=4), y=np.zeros(10))
    with pytest.raises(ValueError, match="torch.utils.data.DataLoader"):
        TorchDataLoaderAdapter([1, 2, 3])
    # A torch Dataset is not a DataLoader: the error names what is taken.
    dataset = torch.utils.data.TensorDataset(torch.zeros(4, 1))
    with pytest.raises(ValueError, match="torch.utils.data.DataLoader"):
        get_data_adapter(dataset)


def test_reiterates_and_reshuffles_every_epoch():
    torch.manual_seed(0)
    adapter = TorchDataLoaderAdapter(_loader(32, batch_size=32, shuffle=True))
    first = next(iter(adapter.get_numpy_iterator()))[1]
    second = next(iter(adapter.get_numpy_iterator()))[1]
    assert sorted(first) == sorted(second) == list(range(32))
    assert list(first) != list(second)


def test_torch_dataloader_of_other_adapters():
    adapter = get_data_adapter(np.arange(10.0).reshape(5, 2), batch_size=2)
    batches = list(adapter.get_torch_dataloader())
    assert [tuple(b[0].shape) for b in batches] == [(2, 2), (2, 2), (1, 2)]
    assert isinstance(batches[0][0], torch.Tensor)
