import contextlib
import threading
import time

import jax
import numpy as np
import pytest
from jax.experimental import sparse as jax_sparse

import keras
from keras.src.backend.common import data_sharding
from keras.src.distribution import data_input
from keras.src.testing import parity


def test_pad_repeats_the_last_row_and_weighs_it_zero():
    x = np.arange(6, dtype="float32").reshape(3, 2)
    y = np.array([1.0, 2.0, 3.0])
    padded = data_input._pad((x, y), 3, 8)
    px, py, weights = padded
    assert px.shape == (8, 2) and py.shape == (8,)
    np.testing.assert_array_equal(px[3:], np.repeat(x[-1:], 5, axis=0))
    np.testing.assert_array_equal(weights, [1, 1, 1, 0, 0, 0, 0, 0])
    # Given weights keep their values; the new rows weigh zero.
    _, _, weights = data_input._pad((x, y, np.array([2.0, 3.0, 4.0])), 3, 4)
    np.testing.assert_array_equal(weights, [2, 3, 4, 0])
    # Inputs alone (predict) get no weights.
    assert len(data_input._pad((x,), 3, 4)) == 1


def test_process_rows_follow_the_batch_shards():
    info = data_sharding.DataSharding(
        num_batch_shards=4,
        process_shards={0: (0, 2), 1: (1, 3)},
        groups=((0,), (1,)),
    )
    np.testing.assert_array_equal(
        data_input._process_rows(info, 0, 8), [0, 1, 4, 5]
    )
    np.testing.assert_array_equal(
        data_input._process_rows(info, 1, 8), [2, 3, 6, 7]
    )


class _Process:
    """What `_pad_own_part` reads of a distribution: process `process_id`
    of two, each holding two of four batch shards."""

    def __init__(self, process_id):
        self.process_id = process_id

    def data_sharding(self):
        return data_sharding.DataSharding(
            num_batch_shards=4,
            process_shards={0: (0, 1), 1: (2, 3)},
            groups=((0,), (1,)),
        )


def test_parts_of_different_sizes_are_padded_alike():
    # Parts of 1 and 2 rows: both become 2 rows (1 per shard), and both
    # carry weights and a mask, so that every process hands the step the
    # same structure.
    x = np.array([[5.0]])
    (px, py, weights), rows = data_input._pad_own_part(
        (x, np.array([1.0])), _Process(0), [1, 2]
    )
    np.testing.assert_array_equal(px, [[5.0], [5.0]])
    np.testing.assert_array_equal(weights, [1, 0])
    np.testing.assert_array_equal(rows, [True, False])
    (px, py, weights), rows = data_input._pad_own_part(
        (np.array([[1.0], [2.0]]), np.array([1.0, 2.0])), _Process(1), [1, 2]
    )
    np.testing.assert_array_equal(px, [[1.0], [2.0]])
    np.testing.assert_array_equal(weights, [1, 1])
    np.testing.assert_array_equal(rows, [True, True])
    # A part without rows is padded with zeros.
    (px, py, weights), rows = data_input._pad_own_part(
        (np.zeros((0, 1)), np.zeros((0,))), _Process(1), [3, 0]
    )
    assert px.shape == (4, 1) and not rows.any() and not weights.any()
    # Parts compared and equal: padded to a multiple of the shards only.
    (px,), rows = data_input._pad_own_part((x,), _Process(0), [1, 1])
    assert px.shape == (2, 1) and rows.tolist() == [True, False]
    (px,), rows = data_input._pad_own_part((px,), _Process(0), [2, 2])
    assert px.shape == (2, 1) and rows is None


def test_without_distribution_nothing_is_padded():
    (x, y), rows = data_input.distribute_batch((np.ones((3, 2)), None), None)
    # NumPy leaves stay on the host: the jitted step transfers them.
    assert isinstance(x, np.ndarray) and x.shape == (3, 2)
    assert y is None and rows is None


@pytest.mark.parametrize("mesh", [(8,), (4, 2)])
def test_sparse_batches_are_refused_under_a_distribution(mesh):
    x = jax_sparse.BCOO.fromdense(np.eye(8, dtype="float32"))
    if len(mesh) == 1:
        distribution = keras.distribution.DataParallel()
    else:
        device_mesh = keras.distribution.DeviceMesh(mesh, ("batch", "model"))
        distribution = keras.distribution.ModelParallel(
            layout_map=keras.distribution.LayoutMap(device_mesh),
            batch_dim_name="batch",
        )
    # A batch of 7 rows would be padded: the refusal comes first.
    with pytest.raises(ValueError, match="Sparse inputs cannot be split"):
        data_input.distribute_batch((x[:7], np.ones(7)), distribution)
    # Without a distribution the batch reaches the step as it is.
    (same, _), _ = data_input.distribute_batch((x, np.ones(8)), None)
    assert same is x


def test_batches_are_prepared_one_ahead():
    drawn = []

    def host_batches():
        for i in range(3):
            drawn.append(i)
            yield (np.full((2, 1), i, "float32"),)

    iterator = data_input.distribute_batches(host_batches(), None)
    (first,), rows = next(iterator)
    assert isinstance(first, np.ndarray) and rows is None
    # While batch 0 is in use, batch 1 is drawn (and prepared on the host).
    deadline = time.monotonic() + 10
    while len(drawn) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert drawn[:2] == [0, 1]
    rest = [float(x[0, 0]) for (x,), _ in iterator]
    assert [float(first[0, 0])] + rest == [0.0, 1.0, 2.0]


@pytest.mark.multi_device
@pytest.mark.parametrize("source", ["arrays", "generator"])
def test_batches_reach_the_devices_from_the_training_thread(
    source, monkeypatch
):
    # Transfers issued from a second thread while steps with collectives
    # run can hang XLA's CPU client, so only the loop's thread may put
    # batches on the devices.
    from keras.src.backend.jax import distribution_lib as backend_dlib

    threads = []
    original = backend_dlib.distribute_data_input

    def recording(*args, **kwargs):
        threads.append(threading.current_thread())
        return original(*args, **kwargs)

    monkeypatch.setattr(backend_dlib, "distribute_data_input", recording)
    x = np.ones((64, 4), "float32")
    y = np.ones((64, 1), "float32")
    data = (x, y)
    if source == "generator":

        def generator():
            for i in range(0, 64, 8):
                yield x[i : i + 8], y[i : i + 8]

        data = (generator(),)
    with keras.distribution.DataParallel().scope():
        model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
        model.compile(optimizer="sgd", loss="mse")
        kwargs = {"batch_size": 8} if source == "arrays" else {}
        model.fit(*data, epochs=1, verbose=0, **kwargs)
    assert len(threads) == 16
    assert set(threads) == {threading.current_thread()}


def test_errors_of_the_input_reach_the_consumer_in_order():
    def host_batches():
        yield (np.ones((2, 1), "float32"),)
        raise RuntimeError("the input pipeline broke")

    iterator = data_input.distribute_batches(host_batches(), None)
    next(iterator)
    with pytest.raises(RuntimeError, match="the input pipeline broke"):
        next(iterator)


@pytest.mark.multi_device
def test_partial_batch_is_padded_with_its_real_rows_marked():
    distribution = keras.distribution.DataParallel()
    (x, y, weights), rows = data_input.distribute_batch(
        (np.arange(3.0)[:, None], np.arange(3.0)), distribution
    )
    assert x.shape == (8, 1) and weights.shape == (8,)
    assert len(x.sharding.device_set) == 8
    np.testing.assert_array_equal(np.asarray(rows), np.arange(8) < 3)
    np.testing.assert_array_equal(np.asarray(weights), np.arange(8) < 3)


def _model(distribution):
    keras.utils.set_random_seed(1)
    scope = distribution.scope() if distribution else contextlib.nullcontext()
    with scope:
        model = keras.Sequential(
            [
                keras.Input((4,)),
                keras.layers.Dense(8, activation="tanh", name="d1"),
                keras.layers.Dense(2, name="d2"),
            ]
        )
        model.compile(
            optimizer=keras.optimizers.SGD(0.1),
            loss="mse",
            metrics=["mae", keras.metrics.MeanSquaredError(name="m")],
            weighted_metrics=["mae"],
        )
    return model


def _run(distribution):
    rng = np.random.default_rng(0)
    x = rng.normal(size=(10, 4)).astype("float32")
    y = rng.normal(size=(10, 2)).astype("float32")
    weights = rng.uniform(0.5, 2.0, size=(10,)).astype("float32")
    model = _model(distribution)
    scope = distribution.scope() if distribution else contextlib.nullcontext()
    with scope:
        history = model.fit(
            x, y, batch_size=3, epochs=2, shuffle=False, verbose=0
        )
        weighted = model.fit(
            x,
            y,
            sample_weight=weights,
            batch_size=4,
            epochs=1,
            shuffle=False,
            verbose=0,
        )
        evaluated = model.evaluate(x, y, batch_size=3, verbose=0)
        predicted = model.predict(x, batch_size=3, verbose=0)
        few = model.predict(x[:5], verbose=0)
        on_batch = model.train_on_batch(x[:3], y[:3], return_dict=True)
        tested = model.test_on_batch(x[:5], y[:5], return_dict=True)
        predicted_on_batch = model.predict_on_batch(x[:1])
    return {
        "history": history.history,
        "weighted": weighted.history,
        "evaluate": evaluated,
        "predict": predicted,
        "few": few,
        "on_batch": on_batch,
        "test_on_batch": tested,
        "predict_on_batch": predicted_on_batch,
    }


def _distributions():
    mesh_2d = keras.distribution.DeviceMesh((4, 2), ("model", "batch"))
    layout_2d = keras.distribution.LayoutMap(mesh_2d)
    layout_2d["d1/kernel"] = (None, "model")
    mesh_3d = keras.distribution.DeviceMesh((2, 2, 2), ("data", "model", "x"))
    layout_3d = keras.distribution.LayoutMap(mesh_3d)
    layout_3d["d1/kernel"] = (None, "model")
    return {
        "data_parallel": keras.distribution.DataParallel(),
        "model_batch": keras.distribution.ModelParallel(
            layout_map=layout_2d, batch_dim_name="batch"
        ),
        "3d": keras.distribution.ModelParallel(
            layout_map=layout_3d, batch_dim_name=("data", "x")
        ),
    }


@pytest.mark.parity
@pytest.mark.multi_device
@pytest.mark.parametrize("name", ["data_parallel", "model_batch", "3d"])
def test_any_batch_size_matches_no_distribution(name):
    if len(jax.devices()) < 8:
        pytest.skip("needs 8 devices")
    reference = _run(None)
    result = _run(_distributions()[name])
    for key in ("history", "weighted", "on_batch", "test_on_batch"):
        assert result[key].keys() == reference[key].keys()
        for metric, values in reference[key].items():
            parity.assert_outputs_close(
                result[key][metric], values, err_msg=metric
            )
    parity.assert_outputs_close(result["evaluate"], reference["evaluate"])
    for key in ("predict", "few", "predict_on_batch"):
        assert result[key].shape == reference[key].shape
        parity.assert_outputs_close(result[key], reference[key], err_msg=key)


@pytest.mark.parity
@pytest.mark.multi_device
def test_padded_rows_stay_out_of_batch_normalization_statistics():
    if len(jax.devices()) < 8:
        pytest.skip("needs 8 devices")
    rng = np.random.default_rng(2)
    x = rng.normal(size=(10, 3)).astype("float32")
    y = rng.normal(size=(10, 1)).astype("float32")

    def run(distribution):
        scope = distribution.scope() if distribution else None
        with scope or contextlib.nullcontext():
            keras.utils.set_random_seed(4)
            model = keras.Sequential(
                [
                    keras.Input((3,)),
                    keras.layers.Dense(4),
                    keras.layers.BatchNormalization(momentum=0.5),
                    keras.layers.Dense(1),
                ]
            )
            model.compile(optimizer="sgd", loss="mse")
            initial = [np.asarray(w) for w in model.get_weights()]
            losses = model.fit(
                x, y, batch_size=3, epochs=2, shuffle=False, verbose=0
            ).history["loss"]
            final = [np.asarray(w) for w in model.get_weights()]
            return losses, initial, final

    reference_losses, initial_weights, reference_weights = run(None)
    losses, _, weights = run(keras.distribution.DataParallel())
    parity.assert_outputs_close(losses, reference_losses)
    # SGD, and batch norm's moving statistics: linear in the gradients and
    # the batch statistics. 2 epochs of 4 batches.
    parity.assert_sgd_weights_close(
        weights, reference_weights, initial_weights, steps=8
    )
