"""A process of a multi-process job killed with SIGKILL (4 CPU devices
over 2 or 4 JAX processes, gloo, `keras.distribution.initialize`).

The other processes do not hang in their next collective: each exits with
status 69 and a message naming the lost process (the peer watchdog started
by `keras.distribution.initialize`). Killed while process 0 writes a
`BackupAndRestore` backup (the temporary file written, not yet renamed),
the job keeps its previous backup; started again, it resumes from that
one and trains the batches after it as an uninterrupted run does.
"""

import os
import signal

import pytest

from integration_tests.multi_process_utils import run_multi_process
from integration_tests.multi_process_utils import run_until_exit

pytestmark = pytest.mark.multi_process

LOST_PEER_EXIT_STATUS = 69
# A lost process that stalls instead of dying counts as lost after this
# many seconds (JAX's heartbeat); a killed one is noticed at once.
ENV = {"KERAS_DISTRIBUTION_HEARTBEAT_TIMEOUT": "10"}

SCRIPT = """
import os
import signal

import numpy as np

import keras
from keras.src.callbacks import backup_and_restore
from keras.src.distribution import distribution_lib

BACKUP_DIR = {backup_dir!r}
PHASE = {phase!r}
VICTIM = {victim!r}  # the process that kills itself
SAMPLES, BATCH, EPOCHS = 32, 8, 3  # 4 batches per epoch


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
            keras.layers.Dense(16, activation="relu"),
            keras.layers.Dense(4),
        ]
    )
    model.compile(optimizer=keras.optimizers.Adam(1e-2), loss="mse")
    return model


def die():
    os.kill(os.getpid(), signal.SIGKILL)


class Recorder(keras.callbacks.Callback):
    def __init__(self, kill_at=None):
        super().__init__()
        self.rows = []
        self.kill_at = kill_at

    def on_epoch_begin(self, epoch, logs=None):
        self.epoch = epoch

    def on_train_batch_end(self, batch, logs=None):
        self.rows.append([self.epoch, batch, float(logs["loss"])])
        if (self.epoch, batch) == self.kill_at:
            die()

    def on_test_batch_end(self, batch, logs=None):
        if ("evaluate", batch) == self.kill_at:
            die()


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


def state(model):
    variables = list(model.variables) + list(model.optimizer.variables)
    return [distribution_lib.to_host(v.value).tolist() for v in variables]


keras.distribution.set_distribution(keras.distribution.DataParallel())
backup = keras.callbacks.BackupAndRestore(BACKUP_DIR, save_freq=2)
result = {{"finished": True}}
if PHASE == "fit":
    # Killed after batch 3 of epoch 2 (the last backup: after batch 2).
    kill_at = (1, 2) if PROCESS_ID == VICTIM else None
    fit(make_model(), [Recorder(kill_at), backup], seed=0)
elif PHASE == "save":
    # Killed while writing the backup after batch 4 of epoch 2, between
    # writing the temporary file and renaming it.
    write_backup = backup_and_restore._write_backup

    def write_backup_and_die(directory, arrays, metadata):
        path = write_backup(directory, arrays, metadata)
        if (metadata["epoch"], metadata["step"]) == (1, 4):
            die()
        return path

    backup_and_restore._write_backup = write_backup_and_die
    fit(make_model(), [Recorder(), backup], seed=0)
elif PHASE == "evaluate":
    model = make_model()
    x, y = make_data()
    kill_at = ("evaluate", 1) if PROCESS_ID == VICTIM else None
    model.evaluate(x, y, batch_size=BATCH, callbacks=[Recorder(kill_at)])
else:  # "resume"
    model = make_model()
    resumed = Recorder()
    fit(model, [resumed, backup], seed=100 + PROCESS_ID)
    resumed_state = state(model)
    model = make_model()
    reference = Recorder()
    fit(model, [reference], seed=0)
    result["rows"] = resumed.rows
    result["reference_rows"] = reference.rows
    result["same_state"] = resumed_state == state(model)
emit(result)
"""


def run(phase, backup_dir, victim=None, count=2):
    script = SCRIPT.format(backup_dir=backup_dir, phase=phase, victim=victim)
    options = dict(devices_per_process=4 // count, init="keras")
    if phase == "resume":
        return run_multi_process(script, count, timeout=120, **options)
    return run_until_exit(script, count, timeout=180, env=ENV, **options)


def check_lost(results, victim):
    returncode, _, _ = results[victim]
    assert returncode == -signal.SIGKILL
    count = len(results)
    for survivor in range(count):
        if survivor == victim:
            continue
        returncode, out, err = results[survivor]
        assert '"finished"' not in out
        if victim == 0 and returncode == -signal.SIGABRT:
            # JAX's coordination client, which also notices at once that
            # process 0 (the coordinator) is gone, ended the survivor
            # first.
            assert "the leader task was preempted/died" in err, err[-3000:]
            continue
        assert returncode == LOST_PEER_EXIT_STATUS, err[-3000:]
        assert f"Process {victim} of this {count}-process job was lost" in err
        assert f"process {survivor} exits now" in err


def test_process_1_killed_in_fit(tmp_path):
    check_lost(run("fit", str(tmp_path / "backup"), victim=1), victim=1)


def test_process_2_of_4_killed_in_fit(tmp_path):
    results = run("fit", str(tmp_path / "backup"), victim=2, count=4)
    check_lost(results, victim=2)


def test_process_0_killed_in_evaluate(tmp_path):
    check_lost(run("evaluate", str(tmp_path / "backup"), victim=0), victim=0)


def test_process_0_killed_writing_a_backup_resumes_from_the_last_one(
    tmp_path,
):
    backup_dir = str(tmp_path / "backup")
    check_lost(run("save", backup_dir, victim=0), victim=0)
    # The backup after batch 2 of epoch 2, and the temporary file of the
    # one being written.
    names = sorted(os.listdir(backup_dir))
    assert names[0].startswith(".tmp-backup-")
    assert names[1:] == ["latest.backup.npz", "training_metadata.json"]

    for result in run("resume", backup_dir):
        # Resumed after batch 2 of epoch 2, to the end, as the
        # uninterrupted run.
        assert result["rows"][0][:2] == [1, 2]
        assert result["rows"] == result["reference_rows"][6:]
        assert result["same_state"]
    assert not os.path.exists(backup_dir)
