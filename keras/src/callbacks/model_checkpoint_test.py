import os

import pytest

from keras.src import callbacks


class FakeModel:
    def __init__(self):
        self.stop_training = False
        self.saved = []

    def save(self, filepath):
        with open(filepath, "w") as f:
            f.write("model")
        self.saved.append(("model", filepath))

    def save_weights(self, filepath):
        with open(filepath, "w") as f:
            f.write("weights")
        self.saved.append(("weights", filepath))


def run_epochs(callback, logs_per_epoch, steps=0):
    model = FakeModel()
    callback_list = callbacks.CallbackList([callback], model=model)
    callback_list.on_train_begin()
    for epoch, logs in enumerate(logs_per_epoch):
        callback_list.on_epoch_begin(epoch)
        for step in range(steps):
            callback_list.on_train_batch_end(step, {"loss": float(step)})
        callback_list.on_epoch_end(epoch, logs)
    callback_list.on_train_end()
    return model


def test_filename_formatting_with_epoch_and_logs(tmp_path):
    pattern = str(tmp_path / "sub" / "m_{epoch:02d}_{val_loss:.2f}.keras")
    callback = callbacks.ModelCheckpoint(pattern)
    model = run_epochs(
        callback, [{"val_loss": 0.5}, {"val_loss": 0.25}, {"val_loss": 1.0}]
    )
    names = [os.path.basename(path) for _, path in model.saved]
    assert names == ["m_01_0.50.keras", "m_02_0.25.keras", "m_03_1.00.keras"]
    assert all(kind == "model" for kind, _ in model.saved)
    assert sorted(os.listdir(tmp_path / "sub")) == names


def test_save_weights_only(tmp_path):
    path = str(tmp_path / "w_{epoch}.weights.h5")
    callback = callbacks.ModelCheckpoint(path, save_weights_only=True)
    model = run_epochs(callback, [{"val_loss": 1.0}, {"val_loss": 2.0}])
    assert model.saved == [
        ("weights", str(tmp_path / "w_1.weights.h5")),
        ("weights", str(tmp_path / "w_2.weights.h5")),
    ]


def test_wrong_suffix_raises():
    with pytest.raises(ValueError, match=r"\.weights\.h5"):
        callbacks.ModelCheckpoint("model.keras", save_weights_only=True)
    with pytest.raises(ValueError, match=r"\.keras"):
        callbacks.ModelCheckpoint("model.h5")
    with pytest.raises(ValueError, match=r"\.keras"):
        callbacks.ModelCheckpoint("model.weights.h5")
    with pytest.raises(ValueError, match="save_freq"):
        callbacks.ModelCheckpoint("model.keras", save_freq="batch")
    with pytest.raises(ValueError, match="save_freq"):
        callbacks.ModelCheckpoint("model.keras", save_freq=0)


def test_save_best_only_min(tmp_path, capsys):
    path = str(tmp_path / "m_{epoch}.keras")
    callback = callbacks.ModelCheckpoint(path, save_best_only=True, verbose=1)
    model = run_epochs(
        callback,
        [{"val_loss": 1.0}, {"val_loss": 2.0}, {"val_loss": 0.5}],
    )
    assert [os.path.basename(p) for _, p in model.saved] == [
        "m_1.keras",
        "m_3.keras",
    ]
    assert callback.best == 0.5
    out = capsys.readouterr().out
    assert "Epoch 2: val_loss did not improve from 1.00000" in out
    assert "Epoch 3: val_loss improved from 1.00000 to 0.50000" in out


def test_save_best_only_max_and_auto(tmp_path):
    path = str(tmp_path / "m_{epoch}.keras")
    callback = callbacks.ModelCheckpoint(
        path, monitor="val_acc", mode="max", save_best_only=True
    )
    model = run_epochs(
        callback, [{"val_acc": 0.5}, {"val_acc": 0.4}, {"val_acc": 0.9}]
    )
    assert [os.path.basename(p) for _, p in model.saved] == [
        "m_1.keras",
        "m_3.keras",
    ]
    callback = callbacks.ModelCheckpoint(
        path, monitor="val_accuracy", save_best_only=True
    )
    model = run_epochs(callback, [{"val_accuracy": 0.5}, {"val_accuracy": 0.7}])
    assert len(model.saved) == 2


def test_initial_value_threshold(tmp_path):
    path = str(tmp_path / "best.keras")
    callback = callbacks.ModelCheckpoint(
        path, save_best_only=True, initial_value_threshold=0.6
    )
    model = run_epochs(
        callback, [{"val_loss": 1.0}, {"val_loss": 0.7}, {"val_loss": 0.3}]
    )
    assert model.saved == [("model", path)]


def test_save_best_only_missing_monitor_warns(tmp_path):
    callback = callbacks.ModelCheckpoint(
        str(tmp_path / "m.keras"), save_best_only=True
    )
    with pytest.warns(UserWarning, match="val_loss"):
        model = run_epochs(callback, [{"loss": 1.0}])
    # Written anyway: there is nothing to compare with.
    assert len(model.saved) == 1


def test_integer_save_freq_counts_batches_across_epochs(tmp_path):
    path = str(tmp_path / "m_{epoch}_{batch}.weights.h5")
    callback = callbacks.ModelCheckpoint(
        path, save_weights_only=True, save_freq=3
    )
    model = run_epochs(callback, [{}, {}], steps=4)
    names = [os.path.basename(p) for _, p in model.saved]
    # 8 batches: saves after global batches 3 and 6.
    assert names == ["m_1_3.weights.h5", "m_2_2.weights.h5"]


def test_missing_format_key_raises(tmp_path):
    callback = callbacks.ModelCheckpoint(str(tmp_path / "m_{acc}.keras"))
    with pytest.raises(KeyError, match="Failed to format"):
        run_epochs(callback, [{"loss": 1.0}])


def test_pathlike_filepath(tmp_path):
    callback = callbacks.ModelCheckpoint(tmp_path / "m.keras")
    model = run_epochs(callback, [{}])
    assert model.saved == [("model", str(tmp_path / "m.keras"))]
