import sys

import numpy as np
import pytest

from keras.src.trainers.data_adapters import GeneratorDataAdapter
from keras.src.trainers.data_adapters import PyDataset
from keras.src.trainers.data_adapters import PyDatasetAdapter
from keras.src.trainers.data_adapters import get_data_adapter
from keras.src.trainers.epoch_iterator import EpochIterator


class ArrayPyDataset(PyDataset):
    def __init__(self, x, y, batch_size, **kwargs):
        super().__init__(**kwargs)
        self.x, self.y, self.batch_size = x, y, batch_size
        self.epochs_ended = 0

    def __len__(self):
        return int(np.ceil(len(self.x) / self.batch_size))

    def __getitem__(self, idx):
        s = slice(idx * self.batch_size, (idx + 1) * self.batch_size)
        return self.x[s], self.y[s]

    def on_epoch_end(self):
        self.epochs_ended += 1


def test_optional_input_packages_are_imported_only_when_used():
    # `import keras`, and training on arrays, import none of the packages
    # whose objects the data adapters also take.
    import subprocess

    code = """
import sys
import numpy as np
import keras

optional = ("tensorflow", "torch", "grain", "pandas")
assert not [m for m in optional if m in sys.modules], sys.modules.keys()
model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
model.compile("sgd", "mse")
model.fit(np.zeros((4, 2)), np.zeros((4, 1)), verbose=0)
imported = [m for m in optional if m in sys.modules]
assert not imported, imported
"""
    subprocess.run([sys.executable, "-c", code], check=True)


def test_py_dataset_adapter():
    x, y = np.arange(10.0), np.arange(10)
    dataset = ArrayPyDataset(x, y, 4, workers=2)
    assert dataset.workers == 2
    adapter = get_data_adapter(dataset)
    assert isinstance(adapter, PyDatasetAdapter)
    assert adapter.num_batches == 3
    batches = list(adapter.get_numpy_iterator())
    np.testing.assert_array_equal(batches[2][0], [8.0, 9.0])
    iterator = EpochIterator(dataset)
    for _ in range(2):
        list(iterator.enumerate_epoch())
    assert dataset.epochs_ended == 2
    # Shuffling visits every batch once.
    adapter = PyDatasetAdapter(dataset, shuffle=True)
    seen = np.concatenate([b[0] for b in adapter.get_numpy_iterator()])
    assert sorted(seen) == list(x)


def test_py_dataset_class_weight():
    x, y = np.zeros((4, 1)), np.array([0, 1, 1, 0])
    adapter = PyDatasetAdapter(ArrayPyDataset(x, y, 4), class_weight={1: 2.0})
    _, _, sw = next(iter(adapter.get_numpy_iterator()))
    np.testing.assert_allclose(sw, [1.0, 2.0, 2.0, 1.0])


def test_generator_adapter_and_exhaustion():
    def gen():
        for i in range(3):
            yield np.full((2, 1), i, "float32"), np.full((2,), i)

    adapter = get_data_adapter(gen())
    assert isinstance(adapter, GeneratorDataAdapter)
    iterator = EpochIterator(gen())
    steps = [step for step, _, _ in iterator.enumerate_epoch()]
    assert steps == [0, 1, 2]
    with pytest.warns(UserWarning, match="ran out of data"):
        assert list(iterator.enumerate_epoch()) == []
    assert iterator.insufficient_data


def test_generator_rejects_y():
    def gen():
        yield np.zeros((1, 1))

    with pytest.raises(ValueError, match="`y` should not be passed"):
        get_data_adapter(gen(), y=np.zeros((1,)))


def test_steps_per_epoch_continues_across_epochs():
    x = np.arange(6)
    iterator = EpochIterator(x, batch_size=2, steps_per_epoch=2)
    seen = []
    with pytest.warns(UserWarning, match="ran out of data"):
        for _ in range(3):
            seen.append(
                [int(b[0][0][0]) for _, _, b in iterator.enumerate_epoch()]
            )
    # 3 batches of data, 2 steps per epoch: the second epoch continues the
    # data and ends early when it runs out; the third starts it over.
    assert seen == [[0, 2], [4], [0, 2]]
    assert not iterator.insufficient_data


def test_steps_per_execution_groups_batches():
    x = np.arange(14)
    iterator = EpochIterator(x, batch_size=2, steps_per_execution=3)
    executions = [
        (begin, end, [int(b[0][0]) for b in batches])
        for begin, end, batches in iterator
    ]
    # `end` is `begin + steps_per_execution - 1`, even for the last,
    # shorter, execution.
    assert executions == [(0, 2, [0, 2, 4]), (3, 5, [6, 8, 10]), (6, 8, [12])]


def test_tf_dataset_adapter():
    import tensorflow as tf

    from keras.src.trainers.data_adapters import TFDatasetAdapter

    x = np.arange(10, dtype="float32").reshape(10, 1)
    y = np.array([0, 1] * 5)
    dataset = tf.data.Dataset.from_tensor_slices((x, y)).batch(4)
    adapter = get_data_adapter(dataset)
    assert isinstance(adapter, TFDatasetAdapter)
    assert adapter.num_batches == 3
    assert adapter.batch_size is None or adapter.batch_size == 4
    batches = list(adapter.get_numpy_iterator())
    assert isinstance(batches[0][0], np.ndarray)
    np.testing.assert_array_equal(batches[2][0][:, 0], [8.0, 9.0])
    weighted = get_data_adapter(dataset, class_weight={1: 3.0})
    _, _, sw = next(iter(weighted.get_numpy_iterator()))
    np.testing.assert_allclose(sw, [1.0, 3.0, 1.0, 3.0])
    # An empty dict weighs nothing: the batches stay `(x, y)`.
    unweighted = TFDatasetAdapter(dataset, class_weight={})
    assert len(next(iter(unweighted.get_numpy_iterator()))) == 2
    with pytest.raises(ValueError, match="`y` should not be passed"):
        get_data_adapter(dataset, y=y)


def test_tf_dataset_is_sharded_by_the_distribution_keeping_partial_batches():
    import tensorflow as tf

    from keras.src.distribution import distribution_lib
    from keras.src.trainers.data_adapters import TFDatasetAdapter

    calls = []

    class RecordingDistribution(distribution_lib.DataParallel):
        def _distribute_dataset(self, dataset, keep_partial_batches):
            calls.append((dataset, keep_partial_batches))
            return dataset.take(1)

    dataset = tf.data.Dataset.from_tensor_slices(np.arange(8)).batch(2)
    adapter = TFDatasetAdapter(dataset, distribution=RecordingDistribution())
    assert calls == [(dataset, True)]
    assert len(list(adapter.get_numpy_iterator())) == 1

    # Another object standing for a distribution: its public
    # `distribute_dataset` is used.
    class OtherDistribution:
        def distribute_dataset(self, dataset):
            return dataset.take(2)

    adapter = TFDatasetAdapter(dataset, distribution=OtherDistribution())
    assert len(list(adapter.get_numpy_iterator())) == 2


class RecordingPyDataset(PyDataset):
    """Batch `i` is `[[i]]`; remembers the threads that read batches and
    fails at index `fail_at`."""

    def __init__(self, num_batches=6, fail_at=None, **kwargs):
        super().__init__(**kwargs)
        self.size, self.fail_at = num_batches, fail_at
        self.threads = set()

    def __len__(self):
        return self.size

    def __getitem__(self, index):
        import threading

        self.threads.add(threading.current_thread().name)
        if index == self.fail_at:
            raise KeyError(f"batch {index} is broken")
        return np.array([[float(index)]])


@pytest.mark.parametrize(
    "workers, use_multiprocessing", [(0, False), (3, False), (2, True)]
)
def test_py_dataset_workers_keep_the_order(workers, use_multiprocessing):
    dataset = RecordingPyDataset(
        workers=workers,
        use_multiprocessing=use_multiprocessing,
        max_queue_size=2,
    )
    adapter = PyDatasetAdapter(dataset)
    seen = [b[0, 0] for b in adapter.get_numpy_iterator()]
    assert seen == [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]
    # Threads read in a pool of their own; processes leave no trace here.
    pool_threads = {t for t in dataset.threads if "keras-py-dataset" in t}
    assert bool(pool_threads) == (workers > 1 and not use_multiprocessing)
    assert not dataset.threads if use_multiprocessing else dataset.threads
    # An error of `__getitem__` reaches the consumer at its batch.
    failing = RecordingPyDataset(
        fail_at=2, workers=workers, use_multiprocessing=use_multiprocessing
    )
    batches = PyDatasetAdapter(failing).get_numpy_iterator()
    assert [next(batches)[0, 0] for _ in range(2)] == [0.0, 1.0]
    with pytest.raises(KeyError, match="batch 2 is broken"):
        next(batches)


def test_py_dataset_iterates_in_order_until_index_error():
    assert [b[0, 0] for b in RecordingPyDataset(3)] == [0.0, 1.0, 2.0]

    class Endless(PyDataset):
        # No length: batches until `__getitem__` raises IndexError.
        def __getitem__(self, index):
            if index == 4:
                raise IndexError(index)
            return np.full((1, 1), index)

    assert [int(b[0, 0]) for b in Endless()] == [0, 1, 2, 3]
    adapter = PyDatasetAdapter(Endless(workers=2))
    assert adapter.num_batches is None
    assert len(list(adapter.get_numpy_iterator())) == 4
