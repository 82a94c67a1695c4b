import json
import warnings

import numpy as np
import pytest

from keras.src.callbacks import training_position
from keras.src.trainers.epoch_iterator import EpochIterator


class _Model:
    """What `Resumer.start` uses of a model in `fit()`."""

    def __init__(self, epoch_iterator):
        self._train_epoch_iterator = epoch_iterator


def resume(epoch_iterator, position):
    model = _Model(epoch_iterator)
    training_position.Resumer().start(model, position, lambda metrics: None)
    return model


def arrays():
    x = np.arange(16, dtype="float32").reshape(8, 2)
    return x, x[:, :1]


def test_data_read_anew_each_epoch_resumes_without_warning():
    x, y = arrays()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        model = resume(
            EpochIterator(x, y, batch_size=2), {"epoch": 1, "step": 3}
        )
    assert (model._initial_epoch, model._initial_step) == (1, 3)


def test_generator_resumed_inside_the_data_warns():
    x, y = arrays()
    batches = ((x[i : i + 2], y[i : i + 2]) for i in range(0, 8, 2))
    with pytest.warns(UserWarning, match="cannot be rewound"):
        resume(EpochIterator(batches), {"epoch": 1, "step": 0})


def test_epochs_spanning_passes_warn():
    x, y = arrays()
    iterator = EpochIterator(x, y, batch_size=2, steps_per_epoch=3)
    with pytest.warns(UserWarning, match="does not start a pass"):
        resume(iterator, {"epoch": 1, "step": 1})


def test_torch_data_order_round_trips_through_json():
    torch = pytest.importorskip("torch")
    x, y = arrays()
    dataset = torch.utils.data.TensorDataset(
        torch.from_numpy(x), torch.from_numpy(y)
    )
    loader = torch.utils.data.DataLoader(dataset, 2, shuffle=True)
    iterator = EpochIterator(loader)
    torch.manual_seed(3)
    epoch = iterator.enumerate_epoch(0)
    first = [next(epoch)[2]]
    # Saved inside the pass: the order it started with.
    position = training_position.current_position(_Model(iterator), 0, 0, 1)
    position = json.loads(json.dumps(position))
    first += [batches for _, _, batches in epoch]
    torch.manual_seed(4)
    resume(iterator, position)
    again = [batches for _, _, batches in iterator.enumerate_epoch(0)]
    assert len(first) == len(again) == 4
    for a, b in zip(first, again):
        np.testing.assert_array_equal(a[0][0], b[0][0])


def test_torch_position_without_data_order_warns():
    torch = pytest.importorskip("torch")
    x, y = arrays()
    dataset = torch.utils.data.TensorDataset(torch.from_numpy(x))
    loader = torch.utils.data.DataLoader(dataset, 2, shuffle=True)
    with pytest.warns(UserWarning, match="holds no usable state"):
        resume(EpochIterator(loader), {"epoch": 1, "step": 2})
