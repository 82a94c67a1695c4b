import re

import numpy as np
import pytest

from keras.src.backend.common import data_sharding
from keras.src.backend.jax import distribution_lib as backend_dlib
from keras.src.distribution import data_consistency
from keras.src.distribution import distribution_lib as dl


class _TwoProcesses:
    """What `InputAgreement` reads of a distribution: two processes, each
    holding two of four batch shards."""

    def data_sharding(self):
        return data_sharding.DataSharding(
            num_batch_shards=4,
            process_shards={0: (0, 1), 1: (2, 3)},
            groups=((0,), (1,)),
        )


def _compared(global_input, num_batches):
    agreement = data_consistency.InputAgreement(
        _TwoProcesses(), global_input, num_batches=num_batches
    )
    batch = (np.ones((2, 3), "float32"),)
    indices = [
        i
        for i in range(num_batches or 4)
        if agreement.summarize(batch, i) is not None
    ]
    return indices, agreement.summarize(None, num_batches or 4) is not None


def test_per_process_input_compares_its_first_and_last_batch():
    # The last batch may be partial: every process must pad it alike.
    assert _compared(global_input=False, num_batches=4) == ([0, 3], False)


def test_global_input_compares_its_first_batch_only():
    assert _compared(global_input=True, num_batches=4) == ([0], False)


def test_unknown_length_compares_every_batch_and_the_end():
    assert _compared(global_input=False, num_batches=None) == (
        [0, 1, 2, 3],
        True,
    )


def test_check_data_consistency_single_process():
    dist = dl.DataParallel()
    prints = data_consistency.check_data_consistency(
        (np.ones((4, 2)), np.zeros(4)), dist
    )
    assert len(prints) == 1
    dl.set_distribution(dist)
    expected = tuple(
        int(v) for v in data_consistency.fingerprint(np.ones((4, 2)))
    )
    assert data_consistency.check_data_consistency(np.ones((4, 2))) == [
        expected
    ]
    assert (
        data_consistency.fingerprint(np.ones(3)).tolist()
        != data_consistency.fingerprint(np.ones(4)).tolist()
    )


def test_check_data_consistency_reports_differing_processes(monkeypatch):
    dist = dl.DataParallel()
    info = data_sharding.DataSharding(
        num_batch_shards=2,
        process_shards={0: (0,), 1: (0,), 2: (1,), 3: (1,)},
        groups=((0, 1), (2, 3)),
    )
    monkeypatch.setattr(dist, "data_sharding", lambda: info)
    monkeypatch.setattr(
        backend_dlib,
        "all_gather_int",
        lambda v: np.array([[1, 1], [1, 1], [2, 2], [3, 3]]),
    )
    with pytest.raises(
        ValueError,
        match=re.escape(
            "Processes [2, 3] hold the same batch shards [1] and must be fed "
            "identical per-process batches, but processes [3] received "
            "different data than process 2."
        ),
    ):
        data_consistency.check_data_consistency(np.ones(2), dist)
