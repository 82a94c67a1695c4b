import numpy as np
import pytest
import scipy.sparse
from jax.experimental import sparse as jax_sparse

import keras
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


def _sparse_data(rows=10, cols=3, seed=0):
    rng = np.random.default_rng(seed)
    dense = rng.random((rows, cols)) * (rng.random((rows, cols)) > 0.5)
    return dense.astype("float32")


@pytest.mark.parametrize("shuffle", [False, True, "batch"])
def test_sparse_batches_hold_the_rows_of_the_dense_batches(shuffle):

    dense = _sparse_data()
    x = jax_sparse.BCOO.fromdense(dense, n_batch=1)
    y = np.arange(10)
    adapter = ArrayDataAdapter(x, y, batch_size=4, shuffle=shuffle)
    batches = _batches(adapter)
    assert [b[0].shape for b in batches] == [(4, 3), (4, 3), (2, 3)]
    for sparse_x, rows in batches:
        assert isinstance(sparse_x, jax_sparse.BCOO)
        # A power of two of entries, whatever the batch holds.
        assert sparse_x.nse & (sparse_x.nse - 1) == 0
        np.testing.assert_array_equal(sparse_x.todense(), dense[rows])
    seen = np.concatenate([rows for _, rows in batches])
    np.testing.assert_array_equal(np.sort(seen), y)


def test_scipy_sparse_batches_are_bcoo_of_floatx():

    dense = _sparse_data().astype("float64")
    adapter = ArrayDataAdapter(scipy.sparse.csr_matrix(dense), batch_size=6)
    (first,), (second,) = _batches(adapter)
    assert isinstance(first, jax_sparse.BCOO)
    assert first.dtype == np.float32
    np.testing.assert_allclose(second.todense(), dense[6:])


@pytest.mark.parametrize("sparse_input", [True, False])
def test_fit_evaluate_predict_on_sparse_x_match_dense_x(sparse_input):

    dense = _sparse_data(rows=12)
    y = np.ones((12, 2), "float32")

    def run(x):
        keras.utils.set_random_seed(1)
        inputs = keras.Input((3,), sparse=sparse_input)
        model = keras.Model(inputs, keras.layers.Dense(2)(inputs))
        model.compile("sgd", "mse")
        kwargs = dict(batch_size=4, verbose=0)
        history = model.fit(
            x, y, epochs=2, shuffle=True, validation_split=0.25, **kwargs
        ).history
        losses = history["loss"] + history["val_loss"]
        return (
            losses,
            model.evaluate(x, y, **kwargs),
            model.predict(x, **kwargs),
        )

    sparse_run = run(jax_sparse.BCOO.fromdense(dense))
    dense_run = run(dense)
    np.testing.assert_allclose(sparse_run[0], dense_run[0], rtol=1e-5)
    np.testing.assert_allclose(sparse_run[1], dense_run[1], rtol=1e-5)
    assert isinstance(sparse_run[2], np.ndarray)
    np.testing.assert_allclose(sparse_run[2], dense_run[2], rtol=1e-5)


def test_sparse_x_under_a_distribution_is_refused():

    x = jax_sparse.BCOO.fromdense(_sparse_data(rows=8))
    with pytest.raises(ValueError, match="Sparse inputs cannot be split"):
        ArrayDataAdapter(x, distribution=keras.distribution.DataParallel())


def test_torch_dataloader_is_map_style_over_samples():
    torch = pytest.importorskip("torch")
    x = {"a": np.arange(10.0).reshape(10, 1), "b": np.ones((10, 2))}
    adapter = ArrayDataAdapter(x, np.ones((10, 3)), batch_size=4, shuffle=True)
    loader = adapter.get_torch_dataloader()
    # The dataset holds the samples, the loader the batches.
    assert len(loader.dataset) == 10
    assert len(loader) == 3
    batches = list(loader)
    assert [tuple(b[0]["b"].shape) for b in batches] == [(4, 2), (4, 2), (2, 2)]
    assert isinstance(batches[0][1], torch.Tensor)
    seen = np.concatenate([b[0]["a"].numpy().ravel() for b in batches])
    np.testing.assert_array_equal(np.sort(seen), np.arange(10.0))
