import json
import os
import subprocess
import sys
from unittest import mock

import numpy as np
import pytest

import keras
from keras.src.callbacks import backup_and_restore_test as resume_test
from keras.src.utils import module_utils

needs_orbax = pytest.mark.skipif(
    not module_utils.ocp.available,
    reason="needs the `orbax-checkpoint` package",
)


def mlp(units=6, names=True, dropout=False):
    """A small compiled model; `names=False` leaves the layer names to the
    automatic numbering (they then differ from one instance to the next).
    """
    inputs = keras.Input((5,))
    x = keras.layers.Dense(units, name="hidden" if names else None)(inputs)
    if dropout:
        x = keras.layers.Dropout(0.25)(x)
    outputs = keras.layers.Dense(3, name="head" if names else None)(x)
    model = keras.Model(inputs, outputs, name="mlp")
    model.compile(optimizer="adam", loss="mse", metrics=["mae"])
    return model


def data(n=40, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, 5)).astype("float32")
    y = rng.normal(size=(n, 3)).astype("float32")
    return x, y


def steps_in(directory):
    return sorted(int(name) for name in os.listdir(directory))


def assert_same_values(expected, actual):
    assert len(expected) == len(actual)
    for a, b in zip(expected, actual):
        np.testing.assert_array_equal(np.asarray(a), np.asarray(b))


def saved_kernel(step_dir, layer):
    """The kernel of `layer` as stored in one checkpoint, read with Orbax."""
    ocp = module_utils.ocp
    state = ocp.v1.load_checkpointables(step_dir, {"pytree": None})["pytree"]
    return np.asarray(state["trainable_variables"][layer]["kernel"])


def test_invalid_arguments_are_refused(tmp_path):
    for save_freq in ["batch", 0, -3, 1.5, None, True]:
        with pytest.raises(ValueError, match="save_freq"):
            keras.callbacks.OrbaxCheckpoint(tmp_path, save_freq=save_freq)
    for max_to_keep in [0, -1, 2.0]:
        with pytest.raises(ValueError, match="max_to_keep"):
            keras.callbacks.OrbaxCheckpoint(tmp_path, max_to_keep=max_to_keep)


def test_without_orbax_the_error_names_the_package(tmp_path):
    lazy = module_utils.ocp
    blocked = {"orbax": None, "orbax.checkpoint": None}
    with (
        mock.patch.dict(sys.modules, blocked),
        mock.patch.object(lazy, "module", None),
    ):
        with pytest.raises(ImportError, match="pip install orbax-checkpoint"):
            keras.callbacks.OrbaxCheckpoint(tmp_path / "ckpt")
    assert not os.path.exists(tmp_path / "ckpt")


def test_keras_imports_and_loads_keras_files_without_orbax(tmp_path):
    script = (
        "import sys, numpy as np, keras\n"
        "m = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])\n"
        f"path = {str(tmp_path / 'm.keras')!r}\n"
        "m.save(path)\n"
        "keras.saving.load_model(path)\n"
        "keras.callbacks.OrbaxCheckpoint\n"
        "print(sorted(n for n in sys.modules if n.startswith('orbax')))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": os.getcwd()},
        check=True,
    )
    assert result.stdout.strip().splitlines()[-1] == "[]"


@needs_orbax
def test_epoch_checkpoints_keep_the_latest_and_load_as_a_model(tmp_path):
    model = mlp()
    x, y = data()
    directory = tmp_path / "ckpt"
    callback = keras.callbacks.OrbaxCheckpoint(
        directory, max_to_keep=2, save_on_background=False
    )
    model.fit(x, y, epochs=3, batch_size=10, callbacks=[callback], verbose=0)
    assert steps_in(directory) == [1, 2]
    loaded = keras.saving.load_model(directory)
    assert loaded.name == "mlp"
    assert loaded.compiled
    assert_same_values(model.get_weights(), loaded.get_weights())
    assert_same_values(
        [v.numpy() for v in model.optimizer.variables],
        [v.numpy() for v in loaded.optimizer.variables],
    )
    assert int(loaded.optimizer.iterations.numpy()) == 12
    np.testing.assert_array_equal(loaded.predict(x), model.predict(x))
    # The epoch logs are recorded as the checkpoint's metrics.
    latest = callback.checkpointer.latest
    assert latest.step == 2
    assert set(latest.metrics) == {"loss", "mae"}


@needs_orbax
def test_batch_steps_follow_the_optimizer_and_training_resumes(tmp_path):
    model = mlp()
    x, y = data()
    directory = tmp_path / "ckpt"
    model.fit(
        x,
        y,
        epochs=2,
        batch_size=10,
        verbose=0,
        callbacks=[
            keras.callbacks.OrbaxCheckpoint(
                directory, save_freq=3, max_to_keep=None
            )
        ],
    )
    # 4 batches per epoch: saved after batches 3 and 6 (counted across
    # epochs), numbered by the count of batches trained.
    assert steps_in(directory) == [3, 6]
    resumed = keras.saving.load_model(directory)
    assert int(resumed.optimizer.iterations.numpy()) == 6
    resumed.fit(
        x,
        y,
        epochs=1,
        batch_size=10,
        verbose=0,
        callbacks=[
            keras.callbacks.OrbaxCheckpoint(
                directory, save_freq=2, max_to_keep=None
            )
        ],
    )
    assert steps_in(directory) == [3, 6, 8, 10]
    again = keras.saving.load_model(directory)
    assert_same_values(resumed.get_weights(), again.get_weights())


@needs_orbax
def test_batch_steps_count_batches_with_gradient_accumulation(tmp_path):
    # With accumulation, `iterations` counts updates (one per 2 batches):
    # the checkpoints are numbered by batches, so each save has its own.
    model = mlp()
    model.compile(
        optimizer=keras.optimizers.Adam(gradient_accumulation_steps=2),
        loss="mse",
    )
    x, y = data()

    def fit_saving_every(save_freq):
        checkpoint = keras.callbacks.OrbaxCheckpoint(
            tmp_path,
            save_freq=save_freq,
            max_to_keep=None,
            save_on_background=False,
        )
        model.fit(x, y, batch_size=10, verbose=0, callbacks=[checkpoint])

    fit_saving_every(1)
    assert steps_in(tmp_path) == [1, 2, 3, 4]
    assert int(model.optimizer.iterations) == 2
    # A later `fit()` numbers on from the 4 batches trained.
    fit_saving_every(2)
    assert steps_in(tmp_path) == [1, 2, 3, 4, 6, 8]
    loaded = keras.saving.load_model(tmp_path)
    assert_same_values(model.get_weights(), loaded.get_weights())
    assert int(loaded.optimizer.iterations) == 4


@needs_orbax
def test_background_saves_hold_the_values_of_their_step(tmp_path):
    model = mlp()
    x, y = data()
    directory = tmp_path / "ckpt"
    kernels = []
    record = keras.callbacks.LambdaCallback(
        on_epoch_end=lambda epoch, logs: kernels.append(
            model.get_layer("hidden").kernel.numpy().copy()
        )
    )
    checkpoint = keras.callbacks.OrbaxCheckpoint(
        directory, max_to_keep=None, save_on_background=True
    )
    model.fit(
        x, y, epochs=3, batch_size=8, verbose=0, callbacks=[checkpoint, record]
    )
    assert steps_in(directory) == [0, 1, 2]
    for step, kernel in enumerate(kernels):
        saved = saved_kernel(os.path.join(directory, str(step)), "hidden")
        np.testing.assert_array_equal(saved, kernel)
    assert not np.array_equal(kernels[0], kernels[2])


@needs_orbax
def test_save_best_only_writes_improvements(tmp_path):
    model = mlp()
    model.build((None, 5))
    callback = keras.callbacks.OrbaxCheckpoint(
        tmp_path,
        monitor="val_loss",
        save_best_only=True,
        max_to_keep=None,
        save_on_background=False,
        initial_value_threshold=5.0,
    )
    callback.set_model(model)
    for epoch, val_loss in enumerate([6.0, 4.0, 4.5, 3.0, 3.5]):
        callback.on_epoch_end(epoch, {"val_loss": val_loss})
    assert steps_in(tmp_path) == [1, 3]
    assert callback.best == 3.0


@needs_orbax
def test_weights_only_checkpoints(tmp_path):
    model = mlp(dropout=True)
    x, y = data()
    model.fit(
        x,
        y,
        epochs=1,
        batch_size=10,
        verbose=0,
        callbacks=[
            keras.callbacks.OrbaxCheckpoint(tmp_path, save_weights_only=True)
        ],
    )
    saved = os.listdir(tmp_path / "0")
    assert "pytree" in saved
    assert "model_config" not in saved
    with pytest.raises(ValueError, match="save_weights_only=True"):
        keras.saving.load_model(tmp_path)
    other = mlp(dropout=True)
    other.load_weights(tmp_path)
    # Weights, and the dropout's seed generator state (its path is
    # numbered differently in the second model: matched by position).
    assert_same_values(
        [v.numpy() for v in model.variables],
        [v.numpy() for v in other.variables],
    )
    assert not other.optimizer.built


@needs_orbax
def test_load_weights_into_a_model_with_other_layer_names(tmp_path):
    model = mlp(names=False)
    x, y = data()
    model.fit(
        x,
        y,
        epochs=1,
        batch_size=10,
        verbose=0,
        callbacks=[keras.callbacks.OrbaxCheckpoint(tmp_path)],
    )
    other = mlp(names=False)
    assert [w.path for w in other.weights] != [w.path for w in model.weights]
    other.load_weights(tmp_path)
    assert_same_values(model.get_weights(), other.get_weights())
    # The optimizer is built and its state loaded (matched by position).
    assert other.optimizer.built
    assert_same_values(
        [v.numpy() for v in model.optimizer.variables],
        [v.numpy() for v in other.optimizer.variables],
    )


@needs_orbax
def test_checkpoints_without_variable_order_match_by_structure(tmp_path):
    """Upstream Keras does not store the variable order: paths that differ
    by automatic numbers only still match, and so do the optimizer slots
    named after them."""
    model = mlp(names=False, dropout=True)
    x, y = data()
    model.fit(
        x,
        y,
        epochs=1,
        batch_size=10,
        verbose=0,
        callbacks=[keras.callbacks.OrbaxCheckpoint(tmp_path)],
    )
    metadata_path = tmp_path / "0" / "_CHECKPOINT_METADATA"
    metadata = json.loads(metadata_path.read_text())
    del metadata["custom_metadata"]["variable_order"]
    metadata_path.write_text(json.dumps(metadata))
    for _ in range(11):
        # Moves the automatic numbering past `dense_10`.
        keras.layers.Dense(1)
    other = mlp(names=False, dropout=True)
    other.load_weights(tmp_path)
    assert_same_values(
        [v.numpy() for v in model.variables],
        [v.numpy() for v in other.variables],
    )
    assert_same_values(
        [v.numpy() for v in model.optimizer.variables],
        [v.numpy() for v in other.optimizer.variables],
    )


@needs_orbax
def test_optimizer_counters_saved_as_python_scalars_load(tmp_path):
    """A checkpoint written elsewhere may hold scalar optimizer variables
    as Python numbers: Orbax then describes them by a number, which has
    no shape, and they load like arrays of shape `()`."""
    model = mlp()
    x, y = data()
    model.fit(x, y, epochs=1, batch_size=10, verbose=0)
    tree = model.get_state_tree()
    slots = tree["optimizer_variables"]["adam"]
    slots["iteration"] = int(model.optimizer.iterations.numpy())
    slots["learning_rate"] = float(model.optimizer.learning_rate.numpy())
    module_utils.ocp.v1.save_checkpointables(
        str(tmp_path / "0"), {"pytree": tree}
    )
    other = mlp()
    other.load_weights(tmp_path)
    assert int(other.optimizer.iterations.numpy()) == 4
    assert_same_values(
        [v.numpy() for v in model.optimizer.variables],
        [v.numpy() for v in other.optimizer.variables],
    )


@needs_orbax
def test_mismatched_shapes_raise_or_are_skipped(tmp_path):
    model = mlp(units=6)
    x, y = data()
    model.fit(
        x,
        y,
        epochs=1,
        batch_size=10,
        verbose=0,
        callbacks=[keras.callbacks.OrbaxCheckpoint(tmp_path)],
    )
    other = mlp(units=4)
    before = other.get_weights()
    with pytest.raises(ValueError, match="'hidden/kernel' has shape"):
        other.load_weights(tmp_path)
    assert_same_values(before, other.get_weights())
    with pytest.warns(UserWarning, match="Skipping mismatched variables"):
        # The optimizer state does not match either: it is left out.
        with pytest.warns(UserWarning, match="Not loading the optimizer"):
            other.load_weights(tmp_path, skip_mismatch=True)
    # Only the output bias has the same shape in both models.
    np.testing.assert_array_equal(
        other.get_layer("head").bias.numpy(),
        model.get_layer("head").bias.numpy(),
    )
    np.testing.assert_array_equal(
        other.get_layer("hidden").kernel.numpy(), before[0]
    )
    with pytest.raises(ValueError, match="only supports"):
        other.load_weights(tmp_path, by_name=True)


@keras.saving.register_keras_serializable(package="orbax_checkpoint_test")
class Tagger(keras.layers.Layer):
    """Adds a constant read from its assets folder."""

    def __init__(self, tag="", **kwargs):
        super().__init__(**kwargs)
        self.tag = tag

    def call(self, inputs):
        return inputs + float(len(self.tag))

    def save_assets(self, dir_path):
        with open(os.path.join(dir_path, "tag.txt"), "w") as f:
            f.write(self.tag)
        os.makedirs(os.path.join(dir_path, "more"))
        open(os.path.join(dir_path, "more", "empty.bin"), "wb").close()

    def load_assets(self, dir_path):
        with open(os.path.join(dir_path, "tag.txt")) as f:
            self.tag = f.read()
        self.empty_found = os.path.getsize(
            os.path.join(dir_path, "more", "empty.bin")
        )


@needs_orbax
def test_assets_round_trip(tmp_path):
    inputs = keras.Input((2,))
    outputs = Tagger(tag="seven", name="tagger")(inputs)
    model = keras.Model(inputs, outputs)
    model.compile(optimizer="sgd", loss="mse")
    callback = keras.callbacks.OrbaxCheckpoint(tmp_path)
    callback.set_model(model)
    callback._save_checkpoint(step=0)
    callback.wait_until_finished()
    assert "assets" in os.listdir(tmp_path / "0")
    loaded = keras.saving.load_model(tmp_path)
    layer = loaded.get_layer("tagger")
    # `get_config` does not hold the tag: it comes back from the assets.
    assert layer.tag == "seven"
    assert layer.empty_found == 0
    np.testing.assert_allclose(loaded.predict(np.zeros((1, 2))), [[5.0, 5.0]])


def _distributed_round_trip(tmp_path, distribution):
    x, y = data(n=32)
    with distribution.scope():
        model = mlp(units=8)
        model.fit(
            x,
            y,
            epochs=2,
            batch_size=8,
            verbose=0,
            callbacks=[keras.callbacks.OrbaxCheckpoint(tmp_path)],
        )
        loaded = keras.saving.load_model(tmp_path)
        fresh = mlp(units=8)
        fresh.load_weights(tmp_path)
    for restored in (loaded, fresh):
        for original, variable in zip(model.weights, restored.weights):
            assert variable.path == original.path
            assert variable.value.sharding == original.value.sharding
            np.testing.assert_array_equal(variable.numpy(), original.numpy())
    for original, variable in zip(
        model.optimizer.variables, loaded.optimizer.variables
    ):
        assert variable.value.sharding == original.value.sharding
        np.testing.assert_array_equal(variable.numpy(), original.numpy())
    return model


@needs_orbax
@pytest.mark.multi_device
def test_data_parallel_round_trip(tmp_path):
    if len(keras.distribution.list_devices()) < 8:
        pytest.skip("needs 8 devices")
    model = _distributed_round_trip(tmp_path, keras.distribution.DataParallel())
    kernel = model.get_layer("hidden").kernel.value
    assert len(kernel.sharding.device_set) == 8
    assert kernel.sharding.is_fully_replicated


@needs_orbax
@pytest.mark.multi_device
def test_model_parallel_round_trip(tmp_path):
    if len(keras.distribution.list_devices()) < 8:
        pytest.skip("needs 8 devices")
    mesh = keras.distribution.DeviceMesh((4, 2), ("model", "batch"))
    layout_map = keras.distribution.LayoutMap(mesh)
    layout_map["hidden/kernel"] = (None, "model")
    distribution = keras.distribution.ModelParallel(
        layout_map=layout_map, batch_dim_name="batch"
    )
    model = _distributed_round_trip(tmp_path, distribution)
    kernel = model.get_layer("hidden").kernel.value
    assert tuple(kernel.sharding.spec) == (None, "model")
    # Each device holds a quarter of the kernel's columns.
    assert {shard.data.shape for shard in kernel.addressable_shards} == {(5, 2)}


# Exact resume (`auto_resume`), checked against the uninterrupted reference
# run of `backup_and_restore_test`: 3 epochs of 5 batches, a dropout layer,
# a decaying learning rate, shuffled arrays and validation data.
RESUME_SAVE_FREQ = {
    # Each stop falls on a save. The first and last batch of an epoch are
    # resumed through the same `training_position.Resumer`, tested with
    # `BackupAndRestore`; two positions keep this file's time down.
    "mid_epoch": 4,
    "between_epochs": "epoch",
}


def resumable_run(directory, save_freq, recorder, kind="arrays", **options):
    """A `fit()` of the reference model (built with the `options` of
    `backup_and_restore_test.make_model`) on the data `kind` (of
    `backup_and_restore_test.data_for`) with an `OrbaxCheckpoint` that
    resumes; returns `(model, history)`."""
    data = resume_test.data_for(kind)
    model = resume_test.make_model(**options)
    checkpoint = keras.callbacks.OrbaxCheckpoint(
        directory, save_freq=save_freq, save_on_background=False
    )
    checkpoint.auto_resume = True
    history = resume_test.fit(
        model, data, [checkpoint, recorder], **resume_test.fit_kwargs(data)
    )
    return model, history


@needs_orbax
@pytest.mark.parametrize(
    "stop, kind",
    [(stop, "arrays") for stop in sorted(RESUME_SAVE_FREQ)]
    # The order of a shuffling torch `DataLoader` is in the position too.
    + [("mid_epoch", "torch")],
)
def test_auto_resume_matches_uninterrupted_run(tmp_path, stop, kind):
    rows, final, history = resume_test.reference(resume_test.data_for(kind))
    save_freq = RESUME_SAVE_FREQ[stop]
    first = resume_test.Recorder(**resume_test.STOPS[stop])
    with pytest.raises(resume_test.Interrupt):
        resumable_run(tmp_path, save_freq, first, kind)
    second = resume_test.Recorder()
    model, resumed = resumable_run(tmp_path, save_freq, second, kind)
    # No batch is trained twice or left out, and each gives the loss of
    # the run that never stopped.
    assert first.rows + second.rows == rows
    assert_same_values(final, resume_test.state(model))
    for name, values in resumed.history.items():
        np.testing.assert_array_equal(values, history[name][-len(values) :])


@needs_orbax
def test_auto_resume_inside_a_gradient_accumulation_window(tmp_path):
    # Windows of 3 batches, a save every 2 batches (`iterations` is 2 at
    # both the 6th and the 8th), a stop after the 8th batch: inside a
    # window, whose accumulated gradients are optimizer variables.
    options = {"gradient_accumulation_steps": 3}
    rows, final, _ = resume_test.reference(
        resume_test.data_for("arrays"), **options
    )
    first = resume_test.Recorder(**resume_test.STOPS["mid_epoch"])
    with pytest.raises(resume_test.Interrupt):
        resumable_run(tmp_path, 2, first, **options)
    assert steps_in(tmp_path) == [8]
    second = resume_test.Recorder()
    model, _ = resumable_run(tmp_path, 2, second, **options)
    assert first.rows + second.rows == rows
    assert_same_values(final, resume_test.state(model))
    # Numbered as in the run that never stopped (15 batches).
    assert steps_in(tmp_path) == [14]


@needs_orbax
def test_checkpoints_record_the_training_position(tmp_path):
    model = mlp()
    x, y = data()
    checkpoint = keras.callbacks.OrbaxCheckpoint(tmp_path, save_freq=3)
    model.fit(x, y, epochs=1, batch_size=10, verbose=0, callbacks=[checkpoint])
    checkpoint.wait_until_finished()
    ocp = module_utils.ocp
    found = ocp.v1.checkpointables_metadata(str(tmp_path / "3"))
    position = found.custom_metadata["training_position"]
    assert position["epoch"] == 0
    assert (position["batch"], position["step"]) == (2, 3)
    assert set(position["logs"]) == {"loss", "mae"}
    assert isinstance(position["shuffle_seed"], int)
    # Weights-only checkpoints cannot resume exactly: no position.
    checkpoint = keras.callbacks.OrbaxCheckpoint(
        tmp_path / "weights", save_weights_only=True
    )
    model.fit(x, y, epochs=1, verbose=0, callbacks=[checkpoint])
    checkpoint.wait_until_finished()
    found = ocp.v1.checkpointables_metadata(str(tmp_path / "weights" / "0"))
    assert "training_position" not in found.custom_metadata


class WeightsAtStart(keras.callbacks.Callback):
    """Records the model's variables when `fit()` starts (after the
    callbacks before it in the list ran `on_train_begin`)."""

    def on_train_begin(self, logs=None):
        self.seen = [v.numpy() for v in self.model.variables]


@needs_orbax
def test_resume_is_opt_in(tmp_path):
    x, y = data()
    checkpoint = keras.callbacks.OrbaxCheckpoint(tmp_path)
    mlp().fit(x, y, epochs=1, verbose=0, callbacks=[checkpoint])
    model = mlp()
    before = [v.numpy() for v in model.variables]
    # (`save_freq=100`: step 0 cannot be written again.)
    checkpoint = keras.callbacks.OrbaxCheckpoint(tmp_path, save_freq=100)
    assert checkpoint.auto_resume is False
    weights = WeightsAtStart()
    history = model.fit(
        x, y, epochs=2, verbose=0, callbacks=[checkpoint, weights]
    )
    assert history.epoch == [0, 1]
    assert_same_values(before, weights.seen)


@needs_orbax
def test_auto_resume_from_a_checkpoint_without_position(tmp_path):
    # As written by upstream Keras or by earlier versions.
    x, y = data()
    model = mlp()
    model.fit(x, y, epochs=1, verbose=0)
    callback = keras.callbacks.OrbaxCheckpoint(
        tmp_path, save_on_background=False
    )
    callback.set_model(model)
    callback._save_checkpoint(step=0)
    other = mlp()
    checkpoint = keras.callbacks.OrbaxCheckpoint(tmp_path)
    checkpoint.auto_resume = True
    weights = WeightsAtStart()
    with pytest.warns(UserWarning, match="holds no training position"):
        history = other.fit(
            x,
            y,
            epochs=3,
            initial_epoch=1,
            verbose=0,
            callbacks=[checkpoint, weights],
        )
    assert history.epoch == [1, 2]
    assert_same_values([v.numpy() for v in model.variables], weights.seen)
