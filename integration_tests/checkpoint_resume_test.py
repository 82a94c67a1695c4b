"""Crash-safe resume: SIGKILL a training process, resume from its last
checkpoint, and end with the weights of an uninterrupted run.

The training child (a small MLP with Adam and dropout, `shuffle=True`,
`keras.utils.set_random_seed`) saves weights, optimizer state and dropout
seed states with `ModelCheckpoint` after every epoch and prints one line
per step. The parent kills it with SIGKILL at a step chosen by a seeded
RNG, restarts it from the newest checkpoint with `fit(initial_epoch=...)`
and compares the final weights with those of an uninterrupted run.

A second test kills a process while it writes a large checkpoint over an
existing one: the previous checkpoint stays intact and loadable.
"""

import glob
import os
import random
import signal
import subprocess
import sys
import textwrap
import time

import h5py
import numpy as np
import pytest

from integration_tests.multi_process_utils import REPO_ROOT
from integration_tests.multi_process_utils import child_xla_flags

EPOCHS = 6
STEPS_PER_EPOCH = 6  # 96 samples, batch size 16
KILL_SEED = 20240611

TRAIN_SCRIPT = textwrap.dedent(
    """
    import glob
    import os
    import sys
    import time

    import numpy as np

    import keras

    mode, workdir = sys.argv[1], sys.argv[2]
    EPOCHS = int(sys.argv[3])
    slow = mode == "slow"

    keras.utils.set_random_seed(123)
    rng = np.random.RandomState(0)
    x = rng.normal(size=(96, 8)).astype("float32")
    y = rng.normal(size=(96, 4)).astype("float32")
    model = keras.Sequential(
        [
            keras.Input((8,)),
            keras.layers.Dense(32, activation="relu", name="d1"),
            keras.layers.Dropout(0.3, name="drop"),
            keras.layers.Dense(32, activation="relu", name="d2"),
            keras.layers.Dropout(0.2, name="drop2"),
            keras.layers.Dense(4, name="out"),
        ],
        name="mlp",
    )
    model.compile(optimizer=keras.optimizers.Adam(1e-2), loss="mse")


    class Progress(keras.callbacks.Callback):
        def on_epoch_begin(self, epoch, logs=None):
            self.epoch = epoch

        def on_train_batch_end(self, step, logs=None):
            print(f"STEP {self.epoch} {step}", flush=True)
            if slow:
                time.sleep(0.05)


    checkpoint = keras.callbacks.ModelCheckpoint(
        os.path.join(workdir, "ckpt_{epoch:03d}.weights.h5"),
        save_weights_only=True,
    )
    initial_epoch = 0
    if mode == "resume":
        latest = sorted(
            glob.glob(os.path.join(workdir, "ckpt_*.weights.h5"))
        )[-1]
        # `{epoch}` is 1-based: ckpt_003 holds the state after 3 epochs.
        initial_epoch = int(os.path.basename(latest)[5:8])
        model.load_weights(latest)
        print(f"RESUMED {initial_epoch} {latest}", flush=True)
    model.fit(
        x,
        y,
        batch_size=16,
        epochs=EPOCHS,
        initial_epoch=initial_epoch,
        shuffle=True,
        callbacks=[Progress(), checkpoint],
        verbose=0,
    )
    model.save_weights(os.path.join(workdir, "final.weights.h5"))
    print("DONE", flush=True)
    """
)

WRITE_SCRIPT = textwrap.dedent(
    """
    import sys

    import numpy as np

    import keras

    path = sys.argv[1]
    model = keras.Sequential(
        [keras.Input((2048,))]
        + [
            keras.layers.Dense(2048, name=f"d{i}", use_bias=False)
            for i in range(4)
        ],
        name="big",
    )
    n = 0
    while True:
        n += 1
        for v in model.weights:
            v.assign(np.full(v.shape, float(n), "float32"))
        print(f"BEGIN {n}", flush=True)
        model.save_weights(path)
        print(f"WROTE {n}", flush=True)
    """
)


def _env():
    env = dict(os.environ)
    # One CPU device; other XLA flags (`--xla_cpu_max_isa`) kept.
    env["XLA_FLAGS"] = child_xla_flags()
    env["JAX_PLATFORMS"] = "cpu"
    env["KERAS_BACKEND"] = "jax"
    env["PYTHONPATH"] = os.pathsep.join(
        [REPO_ROOT, env.get("PYTHONPATH", "")]
    ).rstrip(os.pathsep)
    return env


def _start(script_path, *args):
    return subprocess.Popen(
        [sys.executable, script_path, *map(str, args)],
        cwd=REPO_ROOT,
        env=_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _finish(proc, timeout=120):
    out, err = proc.communicate(timeout=timeout)
    assert proc.returncode == 0, f"stdout:\n{out}\nstderr:\n{err}"
    return out


def _kill_when(proc, predicate, timeout=120):
    """Reads `proc`'s stdout lines; SIGKILLs it at the first line for
    which `predicate(line)` is true. Returns the lines read."""
    lines = []
    deadline = time.monotonic() + timeout
    for line in proc.stdout:
        lines.append(line.strip())
        if predicate(line.strip()):
            os.kill(proc.pid, signal.SIGKILL)
            break
        if time.monotonic() > deadline:
            break
    proc.wait(timeout=30)
    err = proc.stderr.read()
    proc.stdout.close()
    proc.stderr.close()
    assert proc.returncode == -signal.SIGKILL, (
        f"the child was not killed (returncode {proc.returncode});\n"
        f"stdout:\n{lines}\nstderr:\n{err}"
    )
    return lines


def _read_all(path):
    values = {}
    with h5py.File(path, "r") as f:
        f.visititems(
            lambda name, obj: (
                values.__setitem__(name, obj[()])
                if isinstance(obj, h5py.Dataset)
                else None
            )
        )
    return values


@pytest.fixture(scope="module")
def train_script(tmp_path_factory):
    path = tmp_path_factory.mktemp("scripts") / "train.py"
    path.write_text(TRAIN_SCRIPT)
    return str(path)


def test_sigkill_and_resume_matches_uninterrupted_run(train_script, tmp_path):
    total_steps = EPOCHS * STEPS_PER_EPOCH
    # At least one checkpoint exists, and training is far from the end.
    kill_step = random.Random(KILL_SEED).randint(
        STEPS_PER_EPOCH + 1, total_steps - STEPS_PER_EPOCH - 1
    )
    full_dir = tmp_path / "full"
    crash_dir = tmp_path / "crash"
    full_dir.mkdir()
    crash_dir.mkdir()

    full = _start(train_script, "full", full_dir, EPOCHS)
    crashing = _start(train_script, "slow", crash_dir, EPOCHS)
    steps = []
    lines = _kill_when(
        crashing,
        lambda line: (
            line.startswith("STEP")
            and (steps.append(line) or len(steps) >= kill_step)
        ),
    )
    assert "DONE" not in lines
    assert not (crash_dir / "final.weights.h5").exists()
    checkpoints = sorted(glob.glob(str(crash_dir / "ckpt_*.weights.h5")))
    assert checkpoints, lines
    completed = int(os.path.basename(checkpoints[-1])[5:8])
    assert 1 <= completed < EPOCHS

    resumed_out = _finish(_start(train_script, "resume", crash_dir, EPOCHS))
    assert f"RESUMED {completed} " in resumed_out
    resumed_steps = [
        line for line in resumed_out.splitlines() if line.startswith("STEP")
    ]
    assert len(resumed_steps) == (EPOCHS - completed) * STEPS_PER_EPOCH
    assert resumed_steps[0] == f"STEP {completed} 0"
    full_out = _finish(full)
    assert "DONE" in full_out

    expected = _read_all(full_dir / "final.weights.h5")
    actual = _read_all(crash_dir / "final.weights.h5")
    assert sorted(actual) == sorted(expected)
    # Weights, Adam state and the dropout seed states all saved.
    # `optimizer/vars/0` is Adam's iteration count.
    assert "optimizer/vars/0" in expected
    assert sum("/seed_generator/vars/" in k for k in expected) == 2
    assert int(expected["optimizer/vars/0"]) == (EPOCHS * STEPS_PER_EPOCH)
    for key in expected:
        np.testing.assert_allclose(
            actual[key], expected[key], rtol=1e-6, atol=0, err_msg=key
        )
    # The checkpoint the resume started from matches the uninterrupted
    # run's checkpoint of the same epoch.
    name = os.path.basename(checkpoints[-1])
    before = _read_all(crash_dir / name)
    reference = _read_all(full_dir / name)
    for key in reference:
        np.testing.assert_array_equal(before[key], reference[key])


def _kill_during_write(proc, directory, prefix, timeout=120):
    """Once the child has completed two writes, SIGKILLs it as soon as the
    temporary file of a later write exists and holds data. Returns the
    numbers of the completed writes."""
    wrote = []
    deadline = time.monotonic() + timeout
    killed = False
    for line in proc.stdout:
        line = line.strip()
        if line.startswith("WROTE"):
            wrote.append(int(line.split()[1]))
        elif line.startswith("BEGIN") and len(wrote) >= 2:
            poll_end = time.monotonic() + 10
            while time.monotonic() < poll_end and not killed:
                for name in os.listdir(directory):
                    path = os.path.join(directory, name)
                    if not name.startswith(prefix):
                        continue
                    try:
                        size = os.path.getsize(path)
                    except OSError:
                        continue
                    if size > 0:
                        os.kill(proc.pid, signal.SIGKILL)
                        killed = True
                        break
                time.sleep(0.001)
            if killed:
                break
        if time.monotonic() > deadline:
            break
    if not killed:
        proc.kill()
    proc.wait(timeout=30)
    err = proc.stderr.read()
    proc.stdout.close()
    proc.stderr.close()
    assert killed, f"no write could be interrupted: {wrote}\n{err}"
    return wrote


def test_sigkill_during_checkpoint_write_keeps_previous(tmp_path):
    script = tmp_path / "write.py"
    script.write_text(WRITE_SCRIPT)
    target = tmp_path / "ckpt.weights.h5"
    proc = _start(script, target)
    # The temporary file of an atomic write is hidden next to the target.
    wrote = _kill_during_write(proc, tmp_path, ".ckpt.weights.h5.")
    last = wrote[-1]
    leftovers = [
        name
        for name in os.listdir(tmp_path)
        if name.startswith(".ckpt.weights.h5.")
    ]
    assert leftovers  # the write in progress was cut short
    # The target is complete: the last finished write (or, if the kill
    # came right after the rename, the next one), never a mix.
    values = _read_all(target)
    assert len(values) == 4
    found = {float(v.flat[0]) for v in values.values()}
    assert len(found) == 1
    (value,) = found
    assert value in (float(last), float(last + 1))
    for v in values.values():
        assert v.shape == (2048, 2048)
        assert np.all(v == value)

    # ... and the previous checkpoint loads through the Keras API.
    loader = tmp_path / "load.py"
    loader.write_text(
        textwrap.dedent(
            f"""
            import numpy as np
            import keras

            model = keras.Sequential(
                [keras.Input((2048,))]
                + [
                    keras.layers.Dense(2048, name=f"d{{i}}", use_bias=False)
                    for i in range(4)
                ],
                name="big",
            )
            model.load_weights({str(target)!r})
            print("LOADED", float(np.asarray(model.weights[0].value)[0, 0]))
            """
        )
    )
    out = _finish(_start(loader))
    assert f"LOADED {value}" in out
