import numpy as np

from keras.src.backend.common import data_sharding
from keras.src.distribution import data_consistency


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
