import numpy as np
import pytest

from keras.src.trainers.data_adapters import GrainDatasetAdapter
from keras.src.trainers.data_adapters import get_data_adapter

grain = pytest.importorskip("grain")

X = np.arange(20, dtype="float32").reshape(10, 2)
Y = np.arange(10)


class Records(grain.sources.RandomAccessDataSource):
    def __len__(self):
        return len(X)

    def __getitem__(self, index):
        return X[index], Y[index]


def _datasets():
    loader = grain.DataLoader(
        data_source=Records(),
        sampler=grain.samplers.IndexSampler(len(X), num_epochs=1),
        operations=[grain.transforms.Batch(batch_size=4)],
    )
    return {
        "map": grain.MapDataset.source(Records()).batch(4),
        "iter": grain.MapDataset.source(Records()).to_iter_dataset().batch(4),
        "loader": loader,
    }


@pytest.mark.parametrize("kind", ["map", "iter", "loader"])
def test_batches_of_every_kind(kind):
    adapter = get_data_adapter(_datasets()[kind])
    assert isinstance(adapter, GrainDatasetAdapter)
    assert adapter.num_batches is None
    assert adapter.batch_size == 4
    for _ in range(2):  # every pass starts the data over
        batches = list(adapter.get_numpy_iterator())
        assert [type(b) for b in batches] == [tuple] * 3
        np.testing.assert_array_equal(
            np.concatenate([b[1] for b in batches]), Y
        )
        assert batches[2][0].shape == (2, 2)


def test_filtered_and_structured_elements():
    dataset = (
        grain.MapDataset.source(Records())
        .filter(lambda record: record[1] % 2 == 0)
        .map(lambda record: {"features": record[0], "label": record[1]})
        .to_iter_dataset()
        .batch(2)
    )
    batches = list(GrainDatasetAdapter(dataset).get_numpy_iterator())
    assert [sorted(b) for b in batches] == [["features", "label"]] * 3
    labels = np.concatenate([b["label"] for b in batches])
    np.testing.assert_array_equal(labels, [0, 2, 4, 6, 8])


def test_class_weight_and_errors():
    adapter = get_data_adapter(_datasets()["map"], class_weight={2: 0.5})
    _, _, sample_weight = next(iter(adapter.get_numpy_iterator()))
    np.testing.assert_allclose(sample_weight, [1.0, 1.0, 0.5, 1.0])
    with pytest.raises(ValueError, match="`y` should not be passed"):
        get_data_adapter(_datasets()["map"], y=Y)
    with pytest.raises(ValueError, match="grain.MapDataset"):
        GrainDatasetAdapter(iter(_datasets()["map"]))


def test_unbatched_scalars_have_no_batch_size():
    adapter = GrainDatasetAdapter(grain.MapDataset.source([1, 2, 3]))
    assert adapter.batch_size is None
    empty = GrainDatasetAdapter(grain.MapDataset.source([]))
    assert empty.batch_size is None
