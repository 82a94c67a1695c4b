"""Tests of `keras.utils.split_dataset`."""

import numpy as np
import pytest

import keras
from keras.src.utils.dataset_utils import get_training_or_validation_split


def _rows(dataset):
    return [
        tuple(np.asarray(v).tolist() for v in s)
        if isinstance(s, tuple)
        else np.asarray(s).tolist()
        for s in dataset.as_numpy_iterator()
    ]


def test_split_arrays_by_fraction_and_count():
    x = np.arange(10)
    y = np.arange(10) * 10
    left, right = keras.utils.split_dataset((x, y), left_size=0.7)
    assert _rows(left) == [(i, 10 * i) for i in range(7)]
    assert _rows(right) == [(i, 10 * i) for i in range(7, 10)]
    left, right = keras.utils.split_dataset(x, left_size=2, right_size=3)
    assert (_rows(left), _rows(right)) == ([0, 1], [2, 3, 4])


def test_split_tf_dataset_shuffled_is_seeded_and_disjoint():
    import tensorflow as tf

    data = tf.data.Dataset.range(20)
    a = keras.utils.split_dataset(data, right_size=5, shuffle=True, seed=3)
    b = keras.utils.split_dataset(data, right_size=5, shuffle=True, seed=3)
    assert _rows(a[0]) == _rows(b[0])
    assert sorted(_rows(a[0]) + _rows(a[1])) == list(range(20))
    assert _rows(a[0]) != list(range(15))


def test_split_rejects_bad_sizes():
    x = np.arange(10)
    with pytest.raises(ValueError, match="neither"):
        keras.utils.split_dataset(x)
    with pytest.raises(ValueError, match="left_size=1.5"):
        keras.utils.split_dataset(x, left_size=1.5)
    with pytest.raises(ValueError, match="ask for 12 samples"):
        keras.utils.split_dataset(x, left_size=6, right_size=6)
    with pytest.raises(ValueError, match="same number of rows"):
        keras.utils.split_dataset((x, np.arange(3)), left_size=0.5)


def test_split_into_torch_subsets():
    torch = pytest.importorskip("torch")

    class Squares(torch.utils.data.Dataset):
        reads = 0

        def __len__(self):
            return 10

        def __getitem__(self, index):
            Squares.reads += 1
            return torch.tensor([float(index)]), index * index

    # A PyTorch dataset gives Subsets of itself, read only when indexed.
    left, right = keras.utils.split_dataset(Squares(), left_size=0.3)
    assert isinstance(left, torch.utils.data.Subset)
    assert (len(left), len(right), Squares.reads) == (3, 7, 0)
    assert [right[i][1] for i in range(2)] == [9, 16]
    # Arrays become Subsets of tensors when asked for.
    x = np.arange(6.0).reshape(3, 2)
    left, right = keras.utils.split_dataset(
        (x, x[:, :1]), left_size=1, preferred_backend="torch"
    )
    features, label = right[0]
    assert isinstance(features, torch.Tensor)
    np.testing.assert_array_equal(features.numpy(), [2.0, 3.0])
    assert label.shape == (1,)
    # A PyTorch dataset can become tf.data datasets too.
    left, right = keras.utils.split_dataset(
        Squares(), left_size=2, preferred_backend="tensorflow"
    )
    assert [int(s[1]) for s in left.as_numpy_iterator()] == [0, 1]
    with pytest.raises(ValueError, match="preferred_backend"):
        keras.utils.split_dataset(x, left_size=1, preferred_backend="jax")


def test_split_list_of_arrays_gives_tuples():
    x, y = np.arange(8.0).reshape(4, 2), np.arange(4)
    left, _ = keras.utils.split_dataset([x, y], left_size=2)
    assert _rows(left) == [([0.0, 1.0], 0), ([2.0, 3.0], 1)]


@pytest.mark.parametrize(
    "split, training, validation",
    [
        (0.2, list(range(8)), [8, 9]),
        (0.25, list(range(8)), [8, 9]),  # int(2.5): two files
        (0.05, list(range(10)), []),  # rounds down to no file
        (None, list(range(10)), list(range(10))),
    ],
)
def test_training_or_validation_split_cuts_the_last_files(
    split, training, validation
):
    samples = list(range(10))
    labels = [10 + s for s in samples]
    for subset, expected in (
        ("training", training),
        ("validation", validation),
    ):
        got, got_labels = get_training_or_validation_split(
            samples, labels, split, subset, verbose=False
        )
        assert got == expected
        assert got_labels == [10 + s for s in expected]
    assert (
        get_training_or_validation_split(samples, None, 0.2, "training")[1]
        is None
    )
    with pytest.raises(ValueError, match="received: both"):
        get_training_or_validation_split(samples, labels, 0.2, "both")
