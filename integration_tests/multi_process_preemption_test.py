"""Preemption of a multi-process `fit()` (4 CPU devices over 2 or 4 JAX
processes, gloo), with `BackupAndRestore`.

One process alone (process 0, or another one) receives SIGTERM after a
batch (sent to itself by a callback). Every process stops after that same
batch, process 0 writes the backup, and all return from `fit()` and exit
normally.
Started again (new processes, another global seed), they continue from
the backup; the per-batch losses and the final weights equal those of an
uninterrupted run: exactly when resumed on as many processes, within
float32 round-off when 4 processes resume as 2 (the collectives sum in
another order). The model's kernels are sharded across processes.
"""

import os

import numpy as np
import pytest

from integration_tests.multi_process_utils import run_multi_process

pytestmark = pytest.mark.multi_process

SCRIPT = """
import contextlib
import io
import json
import os
import signal

import numpy as np

import keras
from keras.src.distribution import distribution_lib

BACKUP_DIR = {backup_dir!r}
PHASE = {phase!r}
SIGNALLED = {signalled!r}  # the process that receives the signal
SIGNAL_AT = (1, 2)  # (epoch, batch)
SAMPLES, BATCH, EPOCHS = 32, 8, 3


def make_data():
    rng = np.random.RandomState(0)
    x = rng.normal(size=(SAMPLES, 8)).astype("float32")
    y = rng.normal(size=(SAMPLES, 4)).astype("float32")
    return x, y


def make_model():
    keras.utils.set_random_seed(1)
    model = keras.Sequential(
        [
            keras.Input((8,)),
            keras.layers.Dense(16, activation="relu", name="d1"),
            keras.layers.Dropout(0.25, name="drop"),
            keras.layers.Dense(4, name="d2"),
        ]
    )
    model.compile(optimizer=keras.optimizers.Adam(1e-2), loss="mse")
    return model


class Recorder(keras.callbacks.Callback):
    def __init__(self, signal_at=None):
        super().__init__()
        self.rows = []
        self.signal_at = signal_at

    def on_epoch_begin(self, epoch, logs=None):
        self.epoch = epoch

    def on_train_batch_end(self, batch, logs=None):
        self.rows.append([self.epoch, batch, float(logs["loss"])])
        if (self.epoch, batch) == self.signal_at:
            os.kill(os.getpid(), signal.SIGTERM)


def state(model):
    variables = list(model.variables) + list(model.optimizer.variables)
    return [distribution_lib.to_host(v.value).tolist() for v in variables]


def fit(model, callbacks, seed):
    x, y = make_data()
    keras.utils.set_random_seed(seed)
    model.fit(
        x,
        y,
        batch_size=BATCH,
        epochs=EPOCHS,
        shuffle=True,
        callbacks=callbacks,
        verbose=0,
    )


mesh = keras.distribution.DeviceMesh((2, 2), ["model", "batch"])
layout_map = keras.distribution.LayoutMap(mesh)
layout_map["d1/kernel"] = (None, "model")
layout_map["d2/kernel"] = ("model", None)
keras.distribution.set_distribution(
    keras.distribution.ModelParallel(
        layout_map=layout_map, batch_dim_name="batch"
    )
)
result = {{}}
if PHASE == "first":
    model = make_model()
    reference = Recorder()
    fit(model, [reference], seed=0)
    result["reference_rows"] = reference.rows
    result["reference_state"] = state(model)
    result["kernel_spans_processes"] = not (
        model.layers[0].kernel.value.is_fully_addressable
    )
    model = make_model()
    recorder = Recorder(SIGNAL_AT if PROCESS_ID == SIGNALLED else None)
    backup = keras.callbacks.BackupAndRestore(BACKUP_DIR)
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        fit(model, [recorder, backup], seed=0)
    result["message"] = output.getvalue()
    with open(os.path.join(BACKUP_DIR, "training_metadata.json")) as f:
        result["metadata"] = json.load(f)
else:
    model = make_model()
    recorder = Recorder()
    backup = keras.callbacks.BackupAndRestore(BACKUP_DIR)
    # Another global seed (the shuffling seed comes from the backup).
    fit(model, [recorder, backup], seed=100 + PROCESS_ID)
    result["state"] = state(model)
result["rows"] = recorder.rows
result["preempted"] = backup.preempted
emit(result)
"""


# (processes of the first run, the one signalled, processes resuming).
# Between them: the signal reaches the process that writes the backup
# (0) and one that does not, 2 and 4 processes stop together, and the
# run resumes on as many processes (exactly) and on fewer.
CASES = [(2, 0, 2), (4, 2, 2)]


@pytest.mark.parametrize("first_count, signalled, second_count", CASES)
def test_sigterm_on_one_process_stops_all_after_the_same_batch(
    tmp_path, first_count, signalled, second_count
):
    backup_dir = str(tmp_path / "backup")

    def run(phase, count):
        return run_multi_process(
            SCRIPT.format(
                backup_dir=backup_dir, phase=phase, signalled=signalled
            ),
            num_processes=count,
            devices_per_process=4 // count,
            timeout=300,
        )

    first = run("first", first_count)
    assert first[0]["kernel_spans_processes"]
    for result in first:
        assert result["preempted"]
        # All stopped after batch 2 of epoch 1, where one received the
        # signal.
        assert [row[:2] for row in result["rows"]][-1] == [1, 2]
        assert (
            f"received SIGTERM (process {signalled}); training stopped "
            "after batch 3 of epoch 2"
        ) in result["message"]
        assert result["metadata"]["epoch"] == 1
        assert result["metadata"]["step"] == 3
        assert result["rows"] == first[0]["rows"]
    reference_rows = first[0]["reference_rows"]
    stopped = len(first[0]["rows"])
    assert first[0]["rows"] == reference_rows[:stopped]
    assert os.listdir(backup_dir)

    second = run("second", second_count)
    assert len(second) == second_count
    for result in second:
        assert not result["preempted"]
        rows = first[0]["rows"] + result["rows"]
        assert [r[:2] for r in rows] == [r[:2] for r in reference_rows]
        assert len(result["state"]) == len(first[0]["reference_state"])
        if second_count == first_count:
            assert rows == reference_rows
            for got, want in zip(result["state"], first[0]["reference_state"]):
                np.testing.assert_array_equal(np.asarray(got), np.asarray(want))
        else:
            np.testing.assert_allclose(
                [r[2] for r in rows],
                [r[2] for r in reference_rows],
                rtol=1e-5,
            )
            for got, want in zip(result["state"], first[0]["reference_state"]):
                np.testing.assert_allclose(
                    np.asarray(got), np.asarray(want), rtol=1e-4, atol=1e-6
                )
    # The completed run deleted the backup.
    assert not os.path.exists(backup_dir)
