import io
import os

import pytest

from keras.src.saving import orbax_util


def make_step(directory, name, complete=True):
    path = os.path.join(directory, name)
    os.makedirs(os.path.join(path, "pytree"))
    if complete:
        with open(os.path.join(path, orbax_util.STEP_METADATA_FILENAME), "w"):
            pass
    return path


def test_finds_the_highest_complete_step(tmp_path):
    directory = str(tmp_path)
    make_step(directory, "2")
    latest = make_step(directory, "10")
    # Not steps: a step being written, a folder without metadata, a file.
    make_step(directory, "11.orbax-checkpoint-tmp-5")
    make_step(directory, "12", complete=False)
    open(os.path.join(directory, "13"), "w").close()
    assert orbax_util.is_orbax_checkpoint(directory)
    assert orbax_util.find_latest_orbax_checkpoint(directory) == latest


def test_other_paths_are_not_orbax_checkpoints(tmp_path):
    step = make_step(str(tmp_path / "ckpt"), "0")
    make_step(str(tmp_path / "partial"), "0", complete=False)
    (tmp_path / "empty").mkdir()
    (tmp_path / "m.keras").write_bytes(b"PK")
    for path in [
        step,
        tmp_path / "partial",
        tmp_path / "empty",
        tmp_path / "m.keras",
        tmp_path / "missing",
    ]:
        assert not orbax_util.is_orbax_checkpoint(path)
        with pytest.raises(ValueError, match="No complete Orbax checkpoint"):
            orbax_util.find_latest_orbax_checkpoint(path)
    assert not orbax_util.is_orbax_checkpoint(io.BytesIO(b""))
