import numpy as np
import pytest

import keras
from keras.src.distribution import distribution_lib
from keras.src.testing import parity


def _data(n=64, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, 3)).astype("float32")
    y = (x @ np.array([[1.0], [2.0], [-1.0]]) + 0.5).astype("float32")
    return x, y


def _linear(kernel=None, bias=None):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    if kernel is not None:
        model.set_weights([kernel, bias])
    return model


def _sgd_model(lr=0.1, metrics=None, **compile_kwargs):
    model = _linear(np.zeros((3, 1), "float32"), np.zeros((1,), "float32"))
    model.compile(
        optimizer=keras.optimizers.SGD(lr),
        loss="mse",
        metrics=metrics,
        **compile_kwargs,
    )
    return model


def test_fit_reduces_loss_linear_regression():
    x, y = _data(256)
    model = _sgd_model(0.1)
    history = model.fit(x, y, epochs=5, batch_size=32, verbose=0)
    losses = history.history["loss"]
    assert len(losses) == 5
    assert all(isinstance(v, float) for v in losses)
    assert losses[-1] < 0.01 * losses[0]
    np.testing.assert_allclose(
        model.layers[0].kernel.numpy()[:, 0], [1.0, 2.0, -1.0], atol=0.05
    )


def test_one_batch_equals_hand_computed_sgd_step():
    x, y = _data(16)
    kernel = np.array([[0.1], [-0.2], [0.3]], "float32")
    bias = np.array([0.05], "float32")
    model = _linear(kernel, bias)
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
    history = model.fit(x, y, batch_size=16, epochs=1, verbose=0)
    error = x @ kernel + bias - y
    expected_loss = np.mean(error**2)
    grad_kernel = 2.0 * x.T @ error / len(x)
    grad_bias = 2.0 * error.sum(axis=0) / len(x)
    np.testing.assert_allclose(
        history.history["loss"][0], expected_loss, rtol=1e-5
    )
    new_kernel, new_bias = model.get_weights()
    np.testing.assert_allclose(new_kernel, kernel - 0.1 * grad_kernel, 1e-5)
    np.testing.assert_allclose(new_bias, bias - 0.1 * grad_bias, 1e-5)
    assert int(model.optimizer.iterations.numpy()) == 1


def _count_traces(model):
    counts = {"train": 0}
    original = model.train_step

    def counting_train_step(state, data):
        counts["train"] += 1
        return original(state, data)

    model.train_step = counting_train_step
    return counts


def test_train_step_is_traced_once():
    x, y = _data(64)
    model = _sgd_model()
    counts = _count_traces(model)
    model.fit(x, y, batch_size=16, epochs=3, verbose=0)
    assert counts["train"] == 1
    # A ragged last batch adds at most one trace.
    model = _sgd_model()
    counts = _count_traces(model)
    model.fit(x, y, batch_size=24, epochs=3, verbose=0)
    assert counts["train"] <= 2


def test_ragged_last_batch_and_epoch_loss_is_sample_weighted_mean():
    x, y = _data(10)
    # lr=0: the epoch loss is the MSE of the data, however it is batched.
    model = _sgd_model(0.0)
    history = model.fit(x, y, batch_size=4, epochs=1, verbose=0)
    np.testing.assert_allclose(
        history.history["loss"][0], np.mean(y**2), rtol=1e-5
    )


def test_validation_split_uses_last_fraction():
    x, y = _data(50)
    model = _sgd_model(0.0, metrics=["mae"])
    history = model.fit(
        x, y, batch_size=8, epochs=2, validation_split=0.2, verbose=0
    )
    logs = history.history
    assert set(logs) == {"loss", "mae", "val_loss", "val_mae"}
    np.testing.assert_allclose(logs["loss"][0], np.mean(y[:40] ** 2), 1e-5)
    np.testing.assert_allclose(logs["val_loss"][1], np.mean(y[40:] ** 2), 1e-5)
    np.testing.assert_allclose(
        logs["val_mae"][0], np.mean(np.abs(y[40:])), 1e-5
    )


def test_validation_data_and_freq():
    x, y = _data(32)
    vx, vy = _data(16, seed=1)
    model = _sgd_model(0.05)
    history = model.fit(
        x,
        y,
        epochs=4,
        batch_size=8,
        validation_data=(vx, vy),
        validation_freq=2,
        verbose=0,
    )
    assert len(history.history["loss"]) == 4
    assert len(history.history["val_loss"]) == 2
    np.testing.assert_allclose(
        history.history["val_loss"][-1],
        model.evaluate(vx, vy, verbose=0),
        rtol=1e-5,
    )


def test_sample_weight_and_class_weight():
    x, y = _data(8)
    weights = np.array([1, 0, 2, 1, 0, 3, 1, 1], "float32")
    model = _sgd_model(0.0)
    history = model.fit(
        x, y, sample_weight=weights, batch_size=8, epochs=1, verbose=0
    )
    # "sum_over_batch_size": sum(w * loss) / batch size.
    expected = np.sum(weights * y[:, 0] ** 2) / 8
    np.testing.assert_allclose(history.history["loss"][0], expected, 1e-5)

    labels = np.array([0, 1, 1, 0, 1, 0, 0, 1])
    model = _sgd_model(0.0)
    history = model.fit(
        x,
        labels.astype("float32")[:, None],
        class_weight={0: 1.0, 1: 4.0},
        batch_size=8,
        epochs=1,
        verbose=0,
    )
    class_w = np.where(labels == 1, 4.0, 1.0)
    np.testing.assert_allclose(
        history.history["loss"][0], np.sum(class_w * labels) / 8, 1e-5
    )


def test_evaluate_predict_and_on_batch_methods():
    x, y = _data(20)
    kernel = np.array([[1.0], [0.0], [0.0]], "float32")
    bias = np.array([0.0], "float32")
    model = _linear(kernel, bias)
    model.compile(
        optimizer=keras.optimizers.SGD(0.1), loss="mse", metrics=["mae"]
    )
    pred = x @ kernel + bias
    np.testing.assert_allclose(model.predict(x, verbose=0), pred, 1e-5)
    np.testing.assert_allclose(model.predict_on_batch(x), pred, 1e-5)
    loss, mae = model.evaluate(x, y, batch_size=6, verbose=0)
    np.testing.assert_allclose(loss, np.mean((pred - y) ** 2), 1e-5)
    np.testing.assert_allclose(mae, np.mean(np.abs(pred - y)), 1e-5)
    logs = model.evaluate(x, y, verbose=0, return_dict=True)
    assert set(logs) == {"loss", "mae"}
    test_logs = model.test_on_batch(x, y, return_dict=True)
    np.testing.assert_allclose(test_logs["loss"], logs["loss"], 1e-5)
    before = model.get_weights()[0]
    result = model.train_on_batch(x, y)
    np.testing.assert_allclose(result[0], logs["loss"], 1e-5)
    assert not np.allclose(before, model.get_weights()[0])
    assert model.metrics_names == ["loss", "mae"]


def test_errors():
    x, y = _data(10)
    model = _linear()
    # A `ValueError`, as upstream raises (keras-hub's tests expect it).
    for method in (model.fit, model.evaluate):
        with pytest.raises(ValueError, match="You must call `compile\\(\\)`"):
            method(x, y, verbose=0)
    for method in (model.train_on_batch, model.test_on_batch):
        with pytest.raises(ValueError, match="You must call `compile\\(\\)`"):
            method(x, y)
    with pytest.raises(ValueError, match="not_a_loss"):
        model.compile(optimizer="sgd", loss="not_a_loss")
    model.compile(optimizer="sgd", loss="mse")
    with pytest.raises(ValueError, match="x sizes: 10.*y sizes: 7"):
        model.fit(x, y[:7], verbose=0)


def test_input_types_give_same_results():
    import tensorflow as tf

    x, y = _data(40)
    batch_size = 8

    def train(data, **kwargs):
        model = _sgd_model(0.05)
        history = model.fit(data, epochs=2, verbose=0, **kwargs)
        return history.history["loss"], model.get_weights()

    reference = train(x, y=y, batch_size=batch_size, shuffle=False)

    def generator():
        for _ in range(2):
            for i in range(0, 40, batch_size):
                yield x[i : i + batch_size], y[i : i + batch_size]

    class Dataset(keras.utils.PyDataset):
        def __len__(self):
            return 5

        def __getitem__(self, i):
            s = slice(i * batch_size, (i + 1) * batch_size)
            return x[s], y[s]

    dataset = tf.data.Dataset.from_tensor_slices((x, y)).batch(batch_size)
    results = [
        train(dataset),
        train(generator(), steps_per_epoch=5),
        train(Dataset(), shuffle=False),
    ]
    for losses, weights in results:
        np.testing.assert_allclose(losses, reference[0], rtol=1e-5)
        for a, b in zip(weights, reference[1]):
            np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)


def test_callbacks_see_current_weights_and_stop_training():
    x, y = _data(32)
    model = _sgd_model(0.1)
    seen = []

    class Recorder(keras.callbacks.Callback):
        def on_train_batch_end(self, batch, logs=None):
            seen.append(self.model.get_weights()[1].copy())
            assert isinstance(logs["loss"], float)

        def on_epoch_end(self, epoch, logs=None):
            if epoch == 1:
                self.model.stop_training = True

    history = model.fit(
        x, y, batch_size=8, epochs=5, verbose=0, callbacks=[Recorder()]
    )
    assert len(history.history["loss"]) == 2
    assert len(seen) == 8
    assert not np.allclose(seen[0], seen[1])
    np.testing.assert_allclose(seen[-1], model.get_weights()[1])


@pytest.mark.parity
def test_run_eagerly_matches_jit():
    x, y = _data(24)
    results = []
    for run_eagerly in (False, True):
        model = _sgd_model(0.1, run_eagerly=run_eagerly)
        history = model.fit(
            x, y, batch_size=8, epochs=2, shuffle=False, verbose=0
        )
        results.append((history.history["loss"], model.get_weights()))
    parity.assert_outputs_close(results[0][0], results[1][0])
    # Plain SGD from zeros, 2 epochs of 3 steps.
    initial = [np.zeros_like(w) for w in results[1][1]]
    parity.assert_sgd_weights_close(
        results[0][1], results[1][1], initial, steps=6
    )


def test_dropout_seed_state_is_threaded_through_the_state():
    x, y = _data(32)
    model = keras.Sequential(
        [
            keras.Input((3,)),
            keras.layers.Dense(4),
            keras.layers.Dropout(0.5, seed=1),
            keras.layers.Dense(1),
        ]
    )
    model.compile(optimizer=keras.optimizers.SGD(0.01), loss="mse")
    seed_states = [v for v in model.non_trainable_variables if "seed" in v.path]
    before = [v.numpy().copy() for v in seed_states]
    model.fit(x, y, batch_size=8, epochs=1, verbose=0)
    after = [v.numpy() for v in seed_states]
    assert seed_states
    assert any(not np.array_equal(a, b) for a, b in zip(before, after))
    # Inference is deterministic.
    np.testing.assert_allclose(
        model.predict(x, verbose=0), model.predict(x, verbose=0)
    )


def test_multi_output_dict_losses_and_metrics():
    inputs = keras.Input((3,), name="inp")
    a = keras.layers.Dense(1, name="a")(inputs)
    b = keras.layers.Dense(2, activation="softmax", name="b")(inputs)
    model = keras.Model(inputs, {"a": a, "b": b})
    model.compile(
        optimizer=keras.optimizers.SGD(0.01),
        loss={"a": "mse", "b": "sparse_categorical_crossentropy"},
        loss_weights={"a": 1.0, "b": 0.5},
        metrics={"b": ["accuracy"]},
    )
    x, y = _data(16)
    labels = (y[:, 0] > 0).astype("int32")
    logs = model.evaluate(x, {"a": y, "b": labels}, verbose=0, return_dict=True)
    assert set(logs) == {"loss", "a_loss", "b_loss", "b_accuracy"}
    np.testing.assert_allclose(
        logs["loss"], logs["a_loss"] + 0.5 * logs["b_loss"], rtol=1e-5
    )
    pred = model.predict(x, verbose=0)
    np.testing.assert_allclose(
        logs["b_accuracy"], np.mean(pred["b"].argmax(-1) == labels), 1e-6
    )
    history = model.fit(x, {"a": y, "b": labels}, epochs=1, verbose=0)
    assert "b_accuracy" in history.history


def test_regularization_losses_are_added():
    x, y = _data(16)
    model = keras.Sequential(
        [
            keras.Input((3,)),
            keras.layers.Dense(
                1, kernel_regularizer=keras.regularizers.L2(0.1)
            ),
        ]
    )
    kernel = np.array([[1.0], [2.0], [3.0]], "float32")
    model.set_weights([kernel, np.zeros((1,), "float32")])
    model.compile(optimizer=keras.optimizers.SGD(0.0), loss="mse")
    loss = model.evaluate(x, y, verbose=0)
    expected = np.mean((x @ kernel - y) ** 2) + 0.1 * np.sum(kernel**2)
    np.testing.assert_allclose(loss, expected, rtol=1e-5)


@pytest.mark.parity
@pytest.mark.multi_device
@pytest.mark.parametrize("kind", ["data_parallel", "model_parallel"])
def test_distributed_fit_matches_single_device(kind, monkeypatch):
    import jax

    from keras.src.distribution import data_input

    original = data_input.distribute_batch

    if len(jax.devices()) < 8:
        pytest.skip("needs 8 devices")
    rng = np.random.default_rng(0)
    x = rng.normal(size=(64, 6)).astype("float32")
    y = rng.normal(size=(64, 2)).astype("float32")
    shapes = [(6, 8), (8,), (8, 2), (2,)]
    weights = [rng.normal(size=s).astype("float32") * 0.3 for s in shapes]

    def run():
        model = keras.Sequential(
            [
                keras.Input((6,)),
                keras.layers.Dense(8, activation="relu", name="d1"),
                keras.layers.Dense(2, name="d2"),
            ]
        )
        model.set_weights(weights)
        model.compile(
            optimizer=keras.optimizers.SGD(0.05), loss="mse", metrics=["mae"]
        )
        batch_specs = []

        def recording(data, *args):
            data, rows = original(data, *args)
            batch_specs.append(data[0].sharding)
            return data, rows

        monkeypatch.setattr(data_input, "distribute_batch", recording)
        history = model.fit(
            x, y, epochs=3, batch_size=16, shuffle=False, verbose=0
        )
        predictions = model.predict(x, batch_size=16, verbose=0)
        return model, history.history, predictions, batch_specs

    _, reference, reference_pred, _ = run()
    if kind == "data_parallel":
        distribution = keras.distribution.DataParallel()
        expected_specs = {}
        batch_axis = "batch"
    else:
        mesh = keras.distribution.DeviceMesh((4, 2), ("model", "batch"))
        layout_map = keras.distribution.LayoutMap(mesh)
        layout_map["d1/kernel"] = (None, "model")
        layout_map["d2/kernel"] = ("model", None)
        distribution = keras.distribution.ModelParallel(
            layout_map=layout_map, batch_dim_name="batch"
        )
        expected_specs = {
            "d1/kernel": (None, "model"),
            "d2/kernel": ("model", None),
        }
        batch_axis = "batch"
    distribution_lib.set_distribution(distribution)
    try:
        model, history, predictions, batch_specs = run()
    finally:
        distribution_lib.set_distribution(None)
    for key in reference:
        parity.assert_outputs_close(history[key], reference[key], err_msg=key)
    parity.assert_outputs_close(predictions, reference_pred)
    for variable in model.weights:
        spec = tuple(variable.value.sharding.spec)
        name = "/".join(variable.path.split("/")[-2:])
        expected = expected_specs.get(name, ())
        # Replicated variables may have an empty or all-None spec.
        assert tuple(a for a in spec if a is not None) == tuple(
            a for a in expected if a is not None
        ), (variable.path, spec)
        assert len(variable.value.sharding.device_set) == 8
    for sharding in batch_specs:
        assert sharding.spec[0] == batch_axis
        assert len(sharding.device_set) == 8


def test_evaluate_and_predict_inside_a_training_callback():
    x, y = _data(32)

    class EvaluateEachBatch(keras.callbacks.Callback):
        def on_train_batch_end(self, batch, logs=None):
            self.model.evaluate(x[:8], y[:8], verbose=0)
            self.model.predict(x[:8], verbose=0)

    results = []
    for callbacks in ([], [EvaluateEachBatch()]):
        model = _sgd_model(0.1)
        history = model.fit(
            x,
            y,
            batch_size=8,
            epochs=2,
            shuffle=False,
            verbose=0,
            callbacks=callbacks,
        )
        results.append((history.history["loss"], model.get_weights()))
    np.testing.assert_allclose(results[0][0], results[1][0], rtol=1e-6)
    np.testing.assert_allclose(results[0][1][0], results[1][1][0], rtol=1e-6)


@pytest.mark.multi_device
def test_unused_layout_map_rules_warn_once_the_model_is_built():
    import warnings

    devices = keras.distribution.list_devices()
    mesh = keras.distribution.DeviceMesh((4, 2), ("model", "batch"), devices)
    layout_map = keras.distribution.LayoutMap(mesh)
    layout_map["d1/kernel"] = (None, "model")
    layout_map["dense_typo/kernel"] = ("model", None)
    distribution = keras.distribution.ModelParallel(
        layout_map=layout_map, batch_dim_name="batch"
    )
    x = np.ones((8, 6), "float32")
    y = np.ones((8, 2), "float32")
    with distribution.scope():
        model = keras.Sequential(
            [
                keras.Input((6,)),
                keras.layers.Dense(8, name="d1"),
                keras.layers.Dense(2, name="d2"),
            ]
        )
        model.compile("sgd", "mse")
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            model.fit(x, y, batch_size=8, epochs=2, verbose=0)
            model.fit(x, y, batch_size=8, epochs=1, verbose=0)
    messages = [str(w.message) for w in caught if "LayoutMap" in str(w.message)]
    assert len(messages) == 1, messages
    assert "['dense_typo/kernel']" in messages[0]
    assert "d1/kernel" not in messages[0]


@pytest.mark.multi_device
def test_epoch_iterator_distributes_batches_and_keeps_none():
    from keras.src.backend.jax import trainer as jax_trainer

    def batches():
        yield (np.ones((16, 3), "float32"), None)

    mesh = keras.distribution.DeviceMesh((4, 2), ("model", "batch"))
    distribution = keras.distribution.ModelParallel(
        layout_map=keras.distribution.LayoutMap(mesh), batch_dim_name="batch"
    )
    with distribution.scope():
        iterator = jax_trainer.JAXEpochIterator(batches(), steps_per_epoch=1)
        [(step, _, [((x, y), rows)])] = list(iterator.enumerate_epoch())
    assert step == 0 and y is None and rows is None
    assert x.sharding.spec[0] == "batch"
    assert len(x.sharding.device_set) == 8


@pytest.mark.multi_device
def test_state_built_outside_the_distribution_warns():
    import warnings

    x, y = _data(8)
    outside = _linear()
    distribution = keras.distribution.DataParallel()
    with distribution.scope():
        inside = _linear()
    for model, expect_warning in ((outside, True), (inside, False)):
        with distribution.scope():
            model.compile(optimizer="adam", loss="mse")
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                model._symbolic_build(data_batch=(x, y))
                shardings = model._get_state_sharding_spec()
        mixed = [w for w in caught if "mix of local" in str(w.message)]
        assert bool(mixed) == expect_warning
        if expect_warning:
            message = str(mixed[0].message)
            assert "2 of" in message and "set_distribution" in message
        assert len(shardings) == 4  # trainable, non-trainable, opt, metrics
    assert _linear()._get_state_sharding_spec() is None


@pytest.mark.parity
@pytest.mark.multi_device
@pytest.mark.parametrize("optimizer_built_outside", [False, True])
def test_model_built_before_the_distribution_is_moved_onto_it(
    optimizer_built_outside,
):
    x, y = _data(32)
    reference = _sgd_model()
    expected = reference.fit(
        x, y, batch_size=8, epochs=2, shuffle=False, verbose=0
    ).history["loss"]
    model = _sgd_model()
    if optimizer_built_outside:
        model.optimizer.build(model.trainable_variables)
    distribution = keras.distribution.DataParallel()
    with distribution.scope():
        losses = model.fit(
            x, y, batch_size=8, epochs=2, shuffle=False, verbose=0
        ).history["loss"]
        predictions = model.predict(x, batch_size=8, verbose=0)
    parity.assert_outputs_close(losses, expected)
    parity.assert_outputs_close(predictions, reference.predict(x, verbose=0))
    for variable in model.variables + model.optimizer.variables:
        assert len(variable.value.sharding.device_set) == 8, variable.path


@pytest.mark.parity
@pytest.mark.parametrize("kind", ["bcoo", "scipy"])
def test_sparse_inputs_train_like_their_dense_values(kind):
    import scipy.sparse
    from jax.experimental import sparse as jax_sparse

    rng = np.random.default_rng(0)
    dense = rng.normal(size=(4, 8, 3)).astype("float32")
    dense[dense < 0.3] = 0.0
    targets = rng.normal(size=(4, 8, 1)).astype("float32")

    def batches(sparse):
        for x, y in zip(dense, targets):
            if sparse and kind == "bcoo":
                x = jax_sparse.BCOO.fromdense(x)
            elif sparse:
                x = scipy.sparse.csr_matrix(x)
            yield x, y

    histories = []
    for sparse in (False, True):
        model = _sgd_model()
        histories.append(model.fit(batches(sparse), verbose=0).history)
        histories.append(model.evaluate(batches(sparse), verbose=0))
    parity.assert_outputs_close(histories[0]["loss"], histories[2]["loss"])
    parity.assert_outputs_close(histories[1], histories[3])


@pytest.mark.multi_device
def test_sparse_inputs_under_a_distribution_raise():
    from jax.experimental import sparse as jax_sparse

    x = jax_sparse.BCOO.fromdense(np.eye(8, 3, dtype="float32"))
    model = _sgd_model()
    with keras.distribution.DataParallel().scope():
        with pytest.raises(ValueError, match="Sparse inputs cannot be split"):
            model.fit(iter([(x, np.zeros((8, 1), "float32"))]), verbose=0)


def test_batch_hooks_reach_the_callbacks_that_override_them():
    """The loops leave out the batch hooks that no callback overrides; a
    hook overridden directly, through its `on_batch_*` alias or as a
    `LambdaCallback` function is called after every batch, with the logs
    as Python floats."""
    x, y = _data(64)
    calls = []

    class Legacy(keras.callbacks.Callback):
        def on_batch_begin(self, batch, logs=None):
            calls.append(("train_begin", batch))

    def on_test_batch_end(batch, logs):
        calls.append(("test_end", batch, type(logs["loss"])))

    def on_predict_batch_begin(batch, logs):
        calls.append(("predict_begin", batch))

    recorder = keras.callbacks.LambdaCallback(
        on_test_batch_end=on_test_batch_end,
        on_predict_batch_begin=on_predict_batch_begin,
    )
    model = _sgd_model()
    model.fit(
        x,
        y,
        batch_size=16,
        epochs=1,
        verbose=0,
        validation_data=(x[:32], y[:32]),
        callbacks=[Legacy(), recorder],
    )
    model.predict(x[:32], batch_size=16, verbose=0, callbacks=[recorder])
    assert calls == [
        ("train_begin", 0),
        ("train_begin", 1),
        ("train_begin", 2),
        ("train_begin", 3),
        ("test_end", 0, float),
        ("test_end", 1, float),
        ("predict_begin", 0),
        ("predict_begin", 1),
    ]
