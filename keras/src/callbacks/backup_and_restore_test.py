"""Exact resume with `BackupAndRestore`: a run stopped after any batch and
restarted gives the losses and weights of a run that never stopped."""

import os
import signal
import sys

import numpy as np
import pytest

import keras
from keras.src import callbacks
from keras.src.callbacks import backup_and_restore

SAMPLES, BATCH, EPOCHS = 20, 4, 3  # 5 batches per epoch


class Interrupt(RuntimeError):
    pass


class Recorder(callbacks.Callback):
    """Records `(epoch, batch, loss, mae)` after each batch; raises after
    batch `stop_batch` of epoch `stop_epoch`, or at the start of epoch
    `stop_before_epoch`."""

    def __init__(
        self, stop_epoch=None, stop_batch=None, stop_before_epoch=None
    ):
        super().__init__()
        self.rows = []
        self.epoch = None
        self.stop = (stop_epoch, stop_batch)
        self.stop_before_epoch = stop_before_epoch

    def on_epoch_begin(self, epoch, logs=None):
        if epoch == self.stop_before_epoch:
            raise Interrupt()
        self.epoch = epoch

    def on_train_batch_end(self, batch, logs=None):
        self.rows.append((self.epoch, batch, logs["loss"], logs["mae"]))
        if (self.epoch, batch) == self.stop:
            raise Interrupt()


def make_data():
    rng = np.random.default_rng(7)
    x = rng.normal(size=(SAMPLES, 4)).astype("float32")
    y = (x @ rng.normal(size=(4, 1))).astype("float32")
    return x, y


class Sequence(keras.utils.PyDataset):
    def __init__(self, x, y):
        super().__init__()
        self.x, self.y = x, y

    def __len__(self):
        return len(self.x) // BATCH

    def __getitem__(self, index):
        rows = slice(index * BATCH, (index + 1) * BATCH)
        return self.x[rows], self.y[rows]


def make_model(steps_per_execution=1, gradient_accumulation_steps=None):
    keras.utils.set_random_seed(1)
    model = keras.Sequential(
        [
            keras.Input((4,)),
            keras.layers.Dense(8, activation="relu"),
            keras.layers.Dropout(0.3),
            keras.layers.Dense(1),
        ]
    )
    schedule = keras.optimizers.schedules.ExponentialDecay(
        0.05, decay_steps=2, decay_rate=0.5
    )
    model.compile(
        optimizer=keras.optimizers.Adam(
            schedule, gradient_accumulation_steps=gradient_accumulation_steps
        ),
        loss="mse",
        metrics=["mae"],
        steps_per_execution=steps_per_execution,
    )
    return model


def fit(model, data, cbks, **kwargs):
    x, y = data
    # The shuffling seed is drawn from the global seed at `fit()`.
    keras.utils.set_random_seed(0)
    if "torch" in sys.modules:
        # A shuffling `DataLoader` draws its order from PyTorch's RNG.
        sys.modules["torch"].manual_seed(0)
    if y is None:
        return model.fit(
            x, epochs=EPOCHS, shuffle=True, callbacks=cbks, verbose=0, **kwargs
        )
    return model.fit(
        x,
        y,
        batch_size=BATCH,
        epochs=EPOCHS,
        shuffle=True,
        callbacks=cbks,
        verbose=0,
        **kwargs,
    )


def state(model):
    return [np.asarray(v.value) for v in model.variables] + [
        np.asarray(v.value) for v in model.optimizer.variables
    ]


_REFERENCES = {}


def reference(data, **options):
    """Per-batch rows, final state and history of the uninterrupted run
    (computed once per data object and `options` of `make_model`)."""
    key = (id(data[0]), tuple(sorted(options.items())))
    if key not in _REFERENCES:
        model = make_model(**options)
        recorder = Recorder()
        history = fit(model, data, [recorder], **fit_kwargs(data))
        _REFERENCES[key] = (recorder.rows, state(model), history.history)
    return _REFERENCES[key]


_DATA = {}


def data_for(kind):
    # One object per kind, so that the reference runs are shared.
    if kind not in _DATA:
        _DATA[kind] = _make_data_for(kind)
    return _DATA[kind]


def _make_data_for(kind):
    x, y = make_data()
    if kind == "pydataset":
        return Sequence(x, y), None
    if kind == "tf_data":
        tf = pytest.importorskip("tensorflow")
        # A fixed order: a dataset reshuffled each pass draws its order
        # from how many passes the dataset object has made, which a new
        # process does not know.
        dataset = tf.data.Dataset.from_tensor_slices((x, y))
        dataset = dataset.shuffle(
            SAMPLES, seed=3, reshuffle_each_iteration=False
        )
        return dataset.batch(BATCH), None
    if kind == "torch":
        torch = pytest.importorskip("torch")
        dataset = torch.utils.data.TensorDataset(
            torch.from_numpy(x), torch.from_numpy(y)
        )
        # Reshuffled each epoch from PyTorch's global generator.
        loader = torch.utils.data.DataLoader(dataset, BATCH, shuffle=True)
        return loader, None
    if kind.startswith("grain"):
        grain = pytest.importorskip("grain")
        # Grain's shuffles are functions of their seed (and of the pass
        # for a repeated dataset): a new process reads the same order.
        source = grain.MapDataset.source(list(zip(x, y))).shuffle(seed=5)
        if kind == "grain_map":
            return source.batch(BATCH), None
        if kind == "grain_iter":
            return source.to_iter_dataset().batch(BATCH), None
        loader = grain.DataLoader(
            data_source=list(zip(x, y)),
            sampler=grain.samplers.IndexSampler(
                SAMPLES,
                shard_options=grain.sharding.NoSharding(),
                shuffle=True,
                num_epochs=1,
                seed=5,
            ),
            operations=[grain.transforms.Batch(BATCH)],
        )
        return loader, None
    return x, y


def fit_kwargs(data):
    x, y = data
    if y is None:
        return {}
    # Validation after each epoch (it reuses the metric variables).
    return {"validation_data": (x[:8], y[:8])}


STOPS = {
    "first_batch": dict(stop_epoch=0, stop_batch=0),
    "mid_epoch": dict(stop_epoch=1, stop_batch=2),
    "last_batch": dict(stop_epoch=1, stop_batch=4),
    "between_epochs": dict(stop_before_epoch=2),
}


def check_resume(tmp_path, data, stop, save_freq, **options):
    """Stops a run at `stop`, resumes it and compares it with the
    reference run (`options` are those of `make_model`)."""
    rows, final, history = reference(data, **options)
    backup_dir = str(tmp_path / "backup")
    model = make_model(**options)
    first = Recorder(**stop)
    backup = callbacks.BackupAndRestore(backup_dir, save_freq=save_freq)
    with pytest.raises(Interrupt):
        fit(model, data, [backup, first], **fit_kwargs(data))
    assert os.path.exists(backup._weights_path)
    del model

    model = make_model(**options)
    second = Recorder()
    backup = callbacks.BackupAndRestore(backup_dir, save_freq=save_freq)
    resumed_history = fit(model, data, [backup, second], **fit_kwargs(data))

    # The resumed run ends the epoch it stopped in (or starts the next
    # one, for a backup at an epoch's end).
    resumed_epochs = EPOCHS - (
        stop["stop_epoch"]
        if "stop_epoch" in stop
        else stop["stop_before_epoch"]
    )
    assert len(resumed_history.history["loss"]) == resumed_epochs
    # Batch indices continue where the first run stopped; no batch is
    # trained twice.
    assert first.rows + second.rows == rows
    after = state(model)
    assert len(after) == len(final)
    for got, want in zip(after, final):
        np.testing.assert_array_equal(got, want)
    # The optimizer's step count covers every batch exactly once.
    updates = EPOCHS * SAMPLES // BATCH
    updates //= options.get("gradient_accumulation_steps") or 1
    assert int(model.optimizer.iterations) == updates
    # The epochs run after the resume log what the reference logged.
    for name, values in resumed_history.history.items():
        n = len(values)
        np.testing.assert_array_equal(values, history[name][-n:])
    assert not os.path.exists(backup_dir)
    return history


@pytest.mark.parametrize("kind", ["arrays", "pydataset"])
@pytest.mark.parametrize("stop", sorted(STOPS))
def test_resume_matches_uninterrupted_run(tmp_path, kind, stop):
    save_freq = "epoch" if stop == "between_epochs" else 1
    history = check_resume(tmp_path, data_for(kind), STOPS[stop], save_freq)
    if kind == "arrays":
        assert len(history["val_loss"]) == EPOCHS


@pytest.mark.parametrize("stop", ["mid_epoch", "between_epochs"])
def test_resume_tf_data(tmp_path, stop):
    save_freq = "epoch" if stop == "between_epochs" else 1
    check_resume(tmp_path, data_for("tf_data"), STOPS[stop], save_freq)


@pytest.mark.parametrize("stop", ["mid_epoch", "between_epochs"])
def test_resume_torch_data_loader(tmp_path, stop):
    save_freq = "epoch" if stop == "between_epochs" else 1
    check_resume(tmp_path, data_for("torch"), STOPS[stop], save_freq)


@pytest.mark.parametrize("kind", ["grain_map", "grain_iter", "grain_loader"])
def test_resume_grain(tmp_path, kind):
    check_resume(tmp_path, data_for(kind), STOPS["mid_epoch"], save_freq=1)


def test_resume_with_steps_per_execution(tmp_path):
    # Groups of 2 batches: the callbacks see batches 1, 3, 5 of each
    # epoch; stop after the group ending with batch 3 of epoch 1.
    check_resume(
        tmp_path,
        data_for("arrays"),
        dict(stop_epoch=1, stop_batch=3),
        save_freq=1,
        steps_per_execution=2,
    )


def test_resume_inside_a_gradient_accumulation_window(tmp_path):
    # Windows of 3 batches over epochs of 5: the stop after the 8th batch
    # falls inside a window, whose accumulated gradients (optimizer
    # variables) must be backed up and restored.
    check_resume(
        tmp_path,
        data_for("arrays"),
        STOPS["mid_epoch"],
        save_freq=1,
        gradient_accumulation_steps=3,
    )


def _under(distribution, make):
    """`make()` run under `distribution` (or none); the model it builds
    keeps its variables' layouts."""
    if distribution is None:
        return make()
    with distribution.scope():
        return make()


@pytest.mark.parity
@pytest.mark.parametrize(
    "first_layout, second_layout", [("dp", "mp"), ("mp", None)]
)
def test_resume_on_another_layout(tmp_path, first_layout, second_layout):
    """A backup written under one layout resumes under another (or on one
    device): the losses and final state are the uninterrupted one-device
    run's, within float32 round-off (sums are split differently)."""
    import jax

    from keras import distribution as dist

    devices = jax.devices()
    layouts = {
        None: None,
        "dp": dist.DataParallel(devices=devices[:4]),
        "mp": dist.ModelParallel(
            layout_map=dist.AutoLayoutMap(
                dist.DeviceMesh((2, 4), ("batch", "model"), devices)
            ),
            batch_dim_name="batch",
        ),
    }
    data = data_for("arrays")
    rows, final, _ = reference(data)
    backup_dir = str(tmp_path / "backup")
    stop = STOPS["mid_epoch"]
    first = Recorder(**stop)
    replicated = {}

    def first_run():
        model = make_model()
        kernel = model.layers[0].kernel.value
        replicated[first_layout] = kernel.sharding.is_fully_replicated
        with pytest.raises(Interrupt):
            fit(
                model,
                data,
                [callbacks.BackupAndRestore(backup_dir, 1), first],
                **fit_kwargs(data),
            )

    _under(layouts[first_layout], first_run)
    second = Recorder()

    def second_run():
        model = make_model()
        fit(
            model,
            data,
            [callbacks.BackupAndRestore(backup_dir, 1), second],
            **fit_kwargs(data),
        )
        return state(model)

    after = _under(layouts[second_layout], second_run)
    # Under "mp" the first kernel is split over the model axis.
    assert replicated == {first_layout: first_layout != "mp"}
    got = first.rows + second.rows
    assert [r[:2] for r in got] == [r[:2] for r in rows]
    np.testing.assert_allclose(
        [r[2:] for r in got], [r[2:] for r in rows], rtol=1e-5, atol=1e-6
    )
    for value, expected in zip(after, final):
        np.testing.assert_allclose(value, expected, rtol=1e-4, atol=1e-5)


def test_dropout_state_and_metrics_matter(tmp_path):
    """Without the optimizer, seed and metric states the resumed losses
    would differ: restoring only the weights does not give the same run."""
    data = data_for("arrays")
    rows, _, _ = reference(data)
    backup_dir = str(tmp_path / "backup")
    model = make_model()
    first = Recorder(stop_epoch=1, stop_batch=2)
    with pytest.raises(Interrupt):
        fit(
            model,
            data,
            [callbacks.BackupAndRestore(backup_dir, 1), first],
            **fit_kwargs(data),
        )
    weights = model.get_weights()
    model = make_model()
    model.set_weights(weights)
    second = Recorder()
    x, y = data
    keras.utils.set_random_seed(0)
    model.fit(
        x,
        y,
        batch_size=BATCH,
        epochs=EPOCHS,
        initial_epoch=1,
        shuffle=True,
        callbacks=[second],
        verbose=0,
    )
    assert second.rows[3:] != rows[len(first.rows) :]


def test_backup_contents(tmp_path):
    backup_dir = str(tmp_path / "backup")
    model = make_model()
    backup = callbacks.BackupAndRestore(backup_dir, save_freq=3)
    with pytest.raises(Interrupt):
        fit(model, data_for("arrays"), [backup, Recorder(1, 1)])
    # Saved after batches 2 (epoch 0) and 0 (epoch 1, the 6th batch).
    saved = backup_and_restore._read_backup(backup._weights_path)
    logs = saved["metadata"].pop("logs")
    assert isinstance(saved["metadata"].pop("shuffle_seed"), int)
    assert saved["metadata"] == {"epoch": 1, "batch": 0, "step": 1}
    assert sorted(logs) == ["loss", "mae"]
    assert int(saved["optimizer"][0]) == 6
    seeds = [v for v in model.variables if getattr(v, "_is_seed_state", False)]
    assert len(seeds) == 1
    assert len(saved["model"]) == len(model.variables)
    assert len(saved["metrics"]) == len(model.metrics_variables) > 0
    # Only the backup and its readable position are left: no temporary.
    assert sorted(os.listdir(backup_dir)) == [
        "latest.backup.npz",
        "training_metadata.json",
    ]


def test_interrupted_write_keeps_previous_backup(tmp_path, monkeypatch):
    backup_dir = str(tmp_path / "backup")
    model = make_model()
    backup = callbacks.BackupAndRestore(backup_dir, save_freq=1)
    with pytest.raises(Interrupt):
        fit(model, data_for("arrays"), [backup, Recorder(0, 1)])
    before = open(backup._weights_path, "rb").read()

    def failing_savez(file, **arrays):
        file.write(b"half a backup")
        raise OSError("disk full")

    monkeypatch.setattr(np, "savez", failing_savez)
    with pytest.raises(OSError, match="disk full"):
        backup._save(0, 2, step=3)
    assert open(backup._weights_path, "rb").read() == before
    assert sorted(os.listdir(backup_dir)) == [
        "latest.backup.npz",
        "training_metadata.json",
    ]

    # A write that dies after the temporary file is complete but before
    # the rename leaves a stray temporary, never read back.
    monkeypatch.undo()
    real_replace = os.replace
    calls = []

    def dying_replace(src, dst):
        calls.append(dst)
        raise KeyboardInterrupt()

    monkeypatch.setattr(os, "replace", dying_replace)
    with pytest.raises(KeyboardInterrupt):
        backup._save(0, 2, step=3)
    monkeypatch.setattr(os, "replace", real_replace)
    assert calls == [backup._weights_path]
    assert open(backup._weights_path, "rb").read() == before
    saved = backup_and_restore._read_backup(backup._weights_path)
    assert saved["metadata"]["step"] == 2
    stray = [n for n in os.listdir(backup_dir) if n.startswith(".tmp-")]
    assert len(stray) == 1
    # The next backup deletes it.
    backup._save(0, 3, step=4)
    assert sorted(os.listdir(backup_dir)) == [
        "latest.backup.npz",
        "training_metadata.json",
    ]
    saved = backup_and_restore._read_backup(backup._weights_path)
    assert saved["metadata"]["step"] == 4


def test_double_checkpoint_falls_back_to_previous(tmp_path):
    data = data_for("arrays")
    rows, final, _ = reference(data)
    backup_dir = str(tmp_path / "backup")
    model = make_model()
    first = Recorder(stop_epoch=1, stop_batch=2)
    backup = callbacks.BackupAndRestore(
        backup_dir, save_freq=1, double_checkpoint=True
    )
    with pytest.raises(Interrupt):
        fit(model, data, [backup, first], **fit_kwargs(data))
    assert os.path.exists(backup._prev_weights_path)
    with open(backup._weights_path, "wb") as f:
        f.write(b"0")
    model = make_model()
    second = Recorder()
    backup = callbacks.BackupAndRestore(
        backup_dir, save_freq=1, double_checkpoint=True
    )
    fit(model, data, [backup, second], **fit_kwargs(data))
    # The previous backup (one batch earlier) is used: the last batch
    # before the stop is trained again, with the same result.
    assert second.rows[0][:2] == (1, 2)
    assert first.rows[:-1] + second.rows == rows
    for got, want in zip(state(model), final):
        np.testing.assert_array_equal(got, want)


def test_bfloat16_round_trip(tmp_path):
    import ml_dtypes

    values = [
        np.arange(3, dtype="float32"),
        np.array([1.5, -2.0], dtype=ml_dtypes.bfloat16),
    ]
    path = backup_and_restore._write_backup(
        str(tmp_path), {"model": values}, {"epoch": 0}
    )
    saved = backup_and_restore._read_backup(path)
    assert saved["model"][1].dtype == ml_dtypes.bfloat16
    np.testing.assert_array_equal(saved["model"][1], values[1])
    np.testing.assert_array_equal(saved["model"][0], values[0])


def test_resume_after_process_killed(tmp_path):
    """The first run is a separate process that dies (`os._exit`, no
    cleanup) after batch 2 of epoch 1; this process resumes from its
    backup."""
    import subprocess
    import sys
    import textwrap

    backup_dir = str(tmp_path / "backup")
    script = textwrap.dedent(
        f"""
        import os
        from keras.src.callbacks import backup_and_restore_test as t
        from keras.src import callbacks

        class Die(t.Recorder):
            def on_train_batch_end(self, batch, logs=None):
                if (self.epoch, batch) == (1, 2):
                    os._exit(3)

        data = t.data_for("arrays")
        backup = callbacks.BackupAndRestore({backup_dir!r}, save_freq=1)
        t.fit(t.make_model(), data, [backup, Die()], **t.fit_kwargs(data))
        """
    )
    # Run from the folder holding this `keras` package, so that the child
    # imports the same code.
    root = os.path.dirname(os.path.dirname(keras.__file__))
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=root
    )
    assert result.returncode == 3, result.stderr[-2000:]
    assert os.listdir(backup_dir)

    data = data_for("arrays")
    rows, final, _ = reference(data)
    model = make_model()
    second = Recorder()
    backup = callbacks.BackupAndRestore(backup_dir, save_freq=1)
    fit(model, data, [backup, second], **fit_kwargs(data))
    assert second.rows == rows[8:]
    for got, want in zip(state(model), final):
        np.testing.assert_array_equal(got, want)


class SendSignal(Recorder):
    """Records like `Recorder` and sends `signum` to this process after
    batch `batch` of epoch `epoch`."""

    def __init__(self, epoch, batch, signum=signal.SIGTERM):
        super().__init__()
        self.at = (epoch, batch)
        self.signum = signum

    def on_train_batch_end(self, batch, logs=None):
        super().on_train_batch_end(batch, logs)
        if (self.epoch, batch) == self.at:
            os.kill(os.getpid(), self.signum)


@pytest.mark.parametrize(
    "signum, save_freq, stop",
    [
        (signal.SIGTERM, "epoch", (1, 2)),
        (signal.SIGUSR1, 2, (0, 0)),
        (signal.SIGTERM, 1, (2, 4)),
    ],
)
def test_signal_stops_with_backup_and_resumes(
    tmp_path, capsys, signum, save_freq, stop
):
    """A signal sent after a batch ends `fit()` after that batch with a
    backup of it; the restarted run continues with the next batch, in the
    same shuffled order although the global seed differs."""
    data = data_for("arrays")
    rows, final, _ = reference(data)
    backup_dir = str(tmp_path / "backup")
    previous = signal.getsignal(signum)
    model = make_model()
    # Before the backup callback, so that it sees the signal after the
    # same batch.
    sender = SendSignal(*stop, signum=signum)
    backup = callbacks.BackupAndRestore(
        backup_dir, save_freq=save_freq, preemption_signals=(signum,)
    )
    history = fit(model, data, [sender, backup], **fit_kwargs(data))
    assert backup.preempted
    assert signal.getsignal(signum) is previous
    epoch, batch = stop
    assert sender.rows[-1][:2] == stop
    assert sender.rows == rows[: len(sender.rows)]
    # `fit()` ends the interrupted epoch early (its logs and validation).
    assert len(history.history["loss"]) == epoch + 1
    saved = backup_and_restore._read_backup(backup._weights_path)
    assert saved["metadata"]["epoch"] == epoch
    assert saved["metadata"]["step"] == batch + 1
    assert int(saved["optimizer"][0]) == len(sender.rows)
    message = capsys.readouterr().out
    assert (
        f"BackupAndRestore: received {signal.Signals(signum).name}; "
        f"training stopped after batch {batch + 1} of epoch {epoch + 1}"
    ) in message
    assert backup_dir in message

    model = make_model()
    second = Recorder()
    backup = callbacks.BackupAndRestore(backup_dir, save_freq=save_freq)
    x, y = data
    # Another global seed: the shuffling seed comes from the backup.
    keras.utils.set_random_seed(5)
    model.fit(
        x,
        y,
        batch_size=BATCH,
        epochs=EPOCHS,
        shuffle=True,
        callbacks=[backup, second],
        verbose=0,
        **fit_kwargs(data),
    )
    assert not backup.preempted
    assert sender.rows + second.rows == rows
    for got, want in zip(state(model), final):
        np.testing.assert_array_equal(got, want)
    assert not os.path.exists(backup_dir)


def test_signal_between_epochs_stops_at_epoch_end(tmp_path, capsys):
    """A signal that arrives outside the batches (here in `on_epoch_end`)
    stops training at the end of that epoch."""

    class SignalAtEpochEnd(Recorder):
        def on_epoch_end(self, epoch, logs=None):
            if epoch == 0:
                os.kill(os.getpid(), signal.SIGTERM)

    data = data_for("arrays")
    rows, final, _ = reference(data)
    backup_dir = str(tmp_path / "backup")
    model = make_model()
    sender = SignalAtEpochEnd()
    backup = callbacks.BackupAndRestore(backup_dir, save_freq=1)
    fit(model, data, [sender, backup], **fit_kwargs(data))
    assert backup.preempted
    assert len(sender.rows) == SAMPLES // BATCH
    saved = backup_and_restore._read_backup(backup._weights_path)
    assert (saved["metadata"]["epoch"], saved["metadata"]["step"]) == (1, 0)
    assert "stopped at the end of epoch 1" in capsys.readouterr().out

    model = make_model()
    second = Recorder()
    fit(
        model,
        data,
        [callbacks.BackupAndRestore(backup_dir, save_freq=1), second],
        **fit_kwargs(data),
    )
    assert sender.rows + second.rows == rows
    for got, want in zip(state(model), final):
        np.testing.assert_array_equal(got, want)


def test_handlers_restored_after_fit_raised(tmp_path):
    """After a `fit()` that raised, the next signal goes to the handler
    that was there before, which is put back."""
    received = []

    def handler(signum, frame):
        received.append(signum)

    previous = signal.signal(signal.SIGUSR1, handler)
    try:
        model = make_model()
        backup = callbacks.BackupAndRestore(
            str(tmp_path / "backup"), preemption_signals=[signal.SIGUSR1]
        )
        with pytest.raises(Interrupt):
            fit(model, data_for("arrays"), [backup, Recorder(0, 1)])
        assert signal.getsignal(signal.SIGUSR1) is not handler
        os.kill(os.getpid(), signal.SIGUSR1)
        assert received == [signal.SIGUSR1]
        assert signal.getsignal(signal.SIGUSR1) is handler
        assert not backup.preempted
    finally:
        signal.signal(signal.SIGUSR1, previous)


def test_no_preemption_signals(tmp_path):
    previous = signal.getsignal(signal.SIGTERM)

    class CheckHandler(callbacks.Callback):
        def on_train_batch_end(self, batch, logs=None):
            assert signal.getsignal(signal.SIGTERM) is previous

    model = make_model()
    backup = callbacks.BackupAndRestore(
        str(tmp_path / "backup"), preemption_signals=None
    )
    fit(model, data_for("arrays"), [backup, CheckHandler()])
    assert not backup.preempted


def test_invalid_preemption_arguments(tmp_path):
    with pytest.raises(ValueError, match="preemption_deadline"):
        callbacks.BackupAndRestore(str(tmp_path), preemption_deadline=0)
    with pytest.raises(ValueError):
        callbacks.BackupAndRestore(str(tmp_path), preemption_signals=[-3])
