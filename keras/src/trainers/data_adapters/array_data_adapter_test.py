import numpy as np
import pytest

from keras.src.trainers.data_adapters import get_data_adapter
from keras.src.trainers.data_adapters.array_data_adapter import ArrayDataAdapter


def _batches(adapter):
    return list(adapter.get_numpy_iterator())


def test_batches_and_ragged_last_batch():
    x = np.arange(10, dtype="float64").reshape(10, 1)
    y = np.arange(10)
    adapter = ArrayDataAdapter(x, y, batch_size=4)
    batches = _batches(adapter)
    assert adapter.num_batches == 3
    assert adapter.has_partial_batch
    assert adapter.partial_batch_size == 2
    assert [len(b[0]) for b in batches] == [4, 4, 2]
    np.testing.assert_array_equal(batches[2][1], [8, 9])
    # Floats become floatx, ints are kept.
    assert batches[0][0].dtype == np.float32
    assert batches[0][1].dtype == y.dtype


def test_structure_and_packing():
    x = {"a": np.zeros((6, 2)), "b": [np.ones((6,)), np.ones((6, 3))]}
    adapter = ArrayDataAdapter(x, batch_size=4)
    first = _batches(adapter)[0]
    assert isinstance(first, tuple) and len(first) == 1
    assert first[0]["a"].shape == (4, 2)
    assert first[0]["b"][1].shape == (4, 3)
    sw = np.ones(6)
    batch = _batches(ArrayDataAdapter(x, np.zeros(6), sw, batch_size=6))[0]
    assert len(batch) == 3


def test_shuffle_each_epoch_is_a_permutation():
    x = np.arange(20)
    adapter = ArrayDataAdapter(x, batch_size=5, shuffle=True)
    np.random.seed(0)
    epoch1 = np.concatenate([b[0] for b in _batches(adapter)])
    epoch2 = np.concatenate([b[0] for b in _batches(adapter)])
    assert sorted(epoch1) == list(range(20))
    assert sorted(epoch2) == list(range(20))
    assert not np.array_equal(epoch1, epoch2)
    # x, y and sample weights stay aligned.
    adapter = ArrayDataAdapter(x, x * 10, x * 100, batch_size=5, shuffle=True)
    for bx, by, bsw in _batches(adapter):
        np.testing.assert_array_equal(by, bx * 10)
        np.testing.assert_array_equal(bsw, bx * 100)


def test_shuffle_batch_keeps_chunks():
    x = np.arange(12)
    adapter = ArrayDataAdapter(x, batch_size=4, shuffle="batch")
    for i, (bx,) in enumerate(_batches(adapter)):
        assert sorted(bx) == list(range(4 * i, 4 * i + 4))


def test_steps_sets_batch_size():
    adapter = ArrayDataAdapter(np.zeros((10, 1)), steps=3)
    assert adapter.batch_size == 4
    assert adapter.num_batches == 3


def test_class_weight_becomes_sample_weight():
    y = np.array([0, 1, 2, 1])
    adapter = ArrayDataAdapter(
        np.zeros((4, 1)), y, batch_size=4, class_weight={0: 1.0, 1: 2.0}
    )
    _, _, sw = _batches(adapter)[0]
    np.testing.assert_allclose(sw, [1.0, 2.0, 1.0, 2.0])
    # One-hot targets use the argmax; classes without a weight weigh 1.
    y = np.eye(3)[[0, 1, 2]]
    adapter = ArrayDataAdapter(
        np.zeros((3, 1)), y, batch_size=3, class_weight={0: 3.0, 2: 0.5}
    )
    _, _, sw = _batches(adapter)[0]
    np.testing.assert_allclose(sw, [3.0, 1.0, 0.5])
    # Class weights and sample weights cannot be combined.
    with pytest.raises(ValueError, match="`class_weight` and `sample_weight`"):
        ArrayDataAdapter(
            np.zeros((3, 1)),
            y,
            sample_weight=np.ones(3),
            class_weight={0: 3.0},
        )


def test_mismatched_lengths_error_names_sizes():
    with pytest.raises(ValueError, match="x sizes: 10.*y sizes: 7"):
        get_data_adapter(np.zeros((10, 2)), np.zeros((7,)))


def test_unrecognized_type():
    with pytest.raises(ValueError, match="Unrecognized data type"):
        get_data_adapter("not data")


def test_jax_arrays_are_accepted():
    import jax.numpy as jnp

    adapter = get_data_adapter(jnp.ones((5, 2)), jnp.zeros((5,)), batch_size=2)
    assert isinstance(adapter, ArrayDataAdapter)
    batches = _batches(adapter)
    assert [b[0].shape[0] for b in batches] == [2, 2, 1]
