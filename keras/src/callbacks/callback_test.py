import numpy as np
import pytest

from keras.src import callbacks


class FakeModel:
    def __init__(self):
        self.stop_training = False
        self.synced = 0

    def jax_state_sync(self):
        self.synced += 1


class Recorder(callbacks.Callback):
    def __init__(self, events):
        super().__init__()
        self.events = events

    def __getattribute__(self, name):
        attr = object.__getattribute__(self, name)
        # `on_batch_*` are the legacy aliases called by the base class.
        if name.startswith("on_") and not name.startswith("on_batch"):
            events = object.__getattribute__(self, "events")

            # Batch and epoch hooks take an index before `logs` (which
            # the callback list passes positionally).
            indexed = "batch" in name or "epoch" in name

            def record(*args, **kwargs):
                events.append((name,) + args[: 1 if indexed else 0])
                return attr(*args, **kwargs)

            return record
        return attr


def run_fake_fit(callback_list, epochs=2, steps=2, val_steps=1):
    callback_list.on_train_begin()
    for epoch in range(epochs):
        callback_list.on_epoch_begin(epoch)
        for step in range(steps):
            callback_list.on_train_batch_begin(step)
            callback_list.on_train_batch_end(step, {"loss": 1.0 / (step + 1)})
        callback_list.on_test_begin()
        for step in range(val_steps):
            callback_list.on_test_batch_begin(step)
            callback_list.on_test_batch_end(step, {"loss": 0.5})
        callback_list.on_test_end({"loss": 0.5})
        callback_list.on_epoch_end(epoch, {"loss": 0.75, "val_loss": 0.5})
    callback_list.on_train_end({"loss": 0.75})


def test_hook_order_through_callback_list():
    events = []
    callback_list = callbacks.CallbackList([Recorder(events)])
    run_fake_fit(callback_list, epochs=1, steps=2)
    callback_list.on_predict_begin()
    callback_list.on_predict_batch_begin(0)
    callback_list.on_predict_batch_end(0, {"outputs": np.zeros((2, 1))})
    callback_list.on_predict_end()
    names = [event[0] for event in events]
    assert names == [
        "on_train_begin",
        "on_epoch_begin",
        "on_train_batch_begin",
        "on_train_batch_end",
        "on_train_batch_begin",
        "on_train_batch_end",
        "on_test_begin",
        "on_test_batch_begin",
        "on_test_batch_end",
        "on_test_end",
        "on_epoch_end",
        "on_train_end",
        "on_predict_begin",
        "on_predict_batch_begin",
        "on_predict_batch_end",
        "on_predict_end",
    ]
    assert events[1] == ("on_epoch_begin", 0)
    assert events[4] == ("on_train_batch_begin", 1)


def test_callbacks_are_called_in_list_order():
    events = []
    first = callbacks.LambdaCallback(
        on_epoch_end=lambda epoch, logs: events.append("first")
    )
    second = callbacks.LambdaCallback(
        on_epoch_end=lambda epoch, logs: events.append("second")
    )
    callbacks.CallbackList([first, second]).on_epoch_end(0, {})
    assert events == ["first", "second"]


def test_base_callback_hooks_are_no_ops_and_batch_aliases():
    callback = callbacks.Callback()
    for name in dir(callback):
        if name.startswith("on_") and name.endswith(("begin", "end")):
            hook = getattr(callback, name)
            if "batch" in name or "epoch" in name:
                assert hook(0, logs={}) is None
            else:
                assert hook(logs={}) is None

    seen = []

    class Legacy(callbacks.Callback):
        def on_batch_end(self, batch, logs=None):
            seen.append(batch)

    Legacy().on_train_batch_end(3)
    assert seen == [3]


def test_set_model_params_and_model_property_syncs_state():
    model = FakeModel()
    callback = callbacks.Callback()
    callback_list = callbacks.CallbackList(
        [callback], model=model, verbose=0, epochs=3, steps=7
    )
    assert callback.params == {"verbose": 0, "epochs": 3, "steps": 7}
    assert callback_list.params == callback.params
    assert callback.model is model
    assert model.synced == 1


def test_default_callbacks_added_once():
    callback_list = callbacks.CallbackList(add_history=True, add_progbar=True)
    kinds = [type(c) for c in callback_list.callbacks]
    assert kinds == [callbacks.ProgbarLogger, callbacks.History]

    history = callbacks.History()
    progbar = callbacks.ProgbarLogger()
    callback_list = callbacks.CallbackList(
        [history, progbar], add_history=True, add_progbar=True
    )
    assert callback_list.callbacks == [history, progbar]
    assert len(callbacks.CallbackList().callbacks) == 0
    assert len(callbacks.CallbackList(history)) == 1


def test_callback_list_rejects_non_callbacks():
    with pytest.raises(TypeError, match="Callback"):
        callbacks.CallbackList([lambda: None])


def test_logs_are_pythonified():
    received = []
    callback_list = callbacks.CallbackList(
        [
            callbacks.LambdaCallback(
                on_epoch_end=lambda epoch, logs: received.append(logs)
            )
        ]
    )
    outputs = np.zeros((1,))
    callback_list.on_epoch_end(
        0,
        {
            "loss": np.float32(0.5),
            "acc": np.array([0.25]),
            "outputs": outputs,
            "nested": {"x": np.array(2.0)},
        },
    )
    logs = received[0]
    assert type(logs["loss"]) is float and logs["loss"] == 0.5
    assert type(logs["acc"]) is float and logs["acc"] == 0.25
    assert logs["outputs"] is outputs
    assert logs["nested"]["x"] == 2.0


def test_history_records_epochs_and_sets_model_history():
    model = FakeModel()
    history = callbacks.History()
    callback_list = callbacks.CallbackList([history], model=model)
    run_fake_fit(callback_list, epochs=3)
    assert history.epoch == [0, 1, 2]
    assert history.history == {
        "loss": [0.75, 0.75, 0.75],
        "val_loss": [0.5, 0.5, 0.5],
    }
    assert model.history is history


def test_history_missing_keys_in_some_epochs():
    history = callbacks.History()
    history.on_train_begin()
    history.on_epoch_end(0, {"loss": 1.0})
    history.on_epoch_end(1, {"loss": 0.5, "val_loss": 0.7})
    assert history.history == {"loss": [1.0, 0.5], "val_loss": [0.7]}


def test_lambda_callback():
    events = []
    callback = callbacks.LambdaCallback(
        on_epoch_begin=lambda epoch, logs: events.append(("eb", epoch)),
        on_epoch_end=lambda epoch, logs: events.append(("ee", epoch, logs)),
        on_train_begin=lambda logs: events.append(("tb",)),
        on_train_end=lambda logs: events.append(("te",)),
        on_train_batch_begin=lambda batch, logs: events.append(("bb", batch)),
        on_train_batch_end=lambda batch, logs: events.append(("be", batch)),
        on_test_begin=lambda logs: events.append(("testb",)),
    )
    run_fake_fit(callbacks.CallbackList([callback]), epochs=1, steps=2)
    assert events == [
        ("tb",),
        ("eb", 0),
        ("bb", 0),
        ("be", 0),
        ("bb", 1),
        ("be", 1),
        ("testb",),
        ("ee", 0, {"loss": 0.75, "val_loss": 0.5}),
        ("te",),
    ]
    # Hooks left out stay no-ops.
    assert callbacks.LambdaCallback().on_epoch_end(0, {}) is None


def test_lambda_callback_keeps_extra_functions_as_attributes():
    callback = callbacks.LambdaCallback(helper=print)
    assert callback.helper is print


def test_progbar_logger_fit_verbose_1_non_tty(capsys):
    callback_list = callbacks.CallbackList(
        add_progbar=True, verbose=1, epochs=2, steps=2
    )
    run_fake_fit(callback_list, epochs=2, steps=2)
    out = capsys.readouterr().out
    lines = out.strip().splitlines()
    # Without a terminal each redraw is a line: the first step (drawn at
    # once), then the epoch's final line.
    assert lines[0] == "Epoch 1/2"
    assert lines[1].startswith("1/2 ")
    assert lines[2].startswith("2/2 " + "\u2501" * 20)
    assert lines[2].endswith("- loss: 0.7500 - val_loss: 0.5000")
    assert lines[3] == "Epoch 2/2"
    assert len(lines) == 6
    assert "\r" not in out


def test_progbar_logger_fit_verbose_2_and_0(capsys):
    callback_list = callbacks.CallbackList(
        add_progbar=True, verbose=2, epochs=1, steps=2
    )
    run_fake_fit(callback_list, epochs=1, steps=2)
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("2/2 - ")
    assert "/step - loss: 0.7500 - val_loss: 0.5000" in lines[0]

    callback_list = callbacks.CallbackList(
        add_progbar=True, verbose=0, epochs=3, steps=2
    )
    run_fake_fit(callback_list, epochs=3, steps=2)
    assert capsys.readouterr().out == ""


def test_progbar_logger_evaluate_predict_and_unknown_steps(capsys):
    callback_list = callbacks.CallbackList(
        add_progbar=True, verbose=1, steps=None
    )
    callback_list.on_test_begin()
    for step in range(3):
        callback_list.on_test_batch_end(step, {"loss": 0.5})
    callback_list.on_test_end({"loss": 0.25})
    lines = capsys.readouterr().out.strip().splitlines()
    # The first step is drawn at once; the final line counts the steps.
    assert len(lines) == 2
    assert lines[1].startswith("3/3 ")
    assert lines[1].endswith("loss: 0.2500")

    callback_list = callbacks.CallbackList(add_progbar=True, verbose=1, steps=2)
    callback_list.on_predict_begin()
    for step in range(2):
        callback_list.on_predict_batch_end(step, {"outputs": np.zeros(2)})
    callback_list.on_predict_end()
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-1].startswith("2/2 ")
    assert not any("outputs" in line for line in lines)
