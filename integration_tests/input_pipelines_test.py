"""Training from a torch `DataLoader` and from grain datasets, on a mesh.

The batches of these pipelines take the one data path of `fit`, `evaluate`
and `predict` (`keras.src.distribution.data_input`): under `DataParallel`
over 8 devices and under `(4, 2)` `("model", "batch")` model parallelism,
one process or two, the losses and predictions equal those of one device
fed the same batches. The data has a partial last batch (11 samples in
batches of 3, or parts of 7 rows per process), which the data path pads
and leaves out of every result.

Tolerance: the runs differ only in the order of float32 sums (a batch's
loss and gradients reduced over up to 8 shards instead of in one pass),
a few ulps (float32 eps is 1.2e-7) per reduction; over the 8 SGD steps of
two epochs on this smooth, small model they stay well under 1e-5 relative,
the bound used here (about 80 ulps).
"""

import numpy as np
import pytest

from integration_tests.multi_process_input_test import _own_parts
from integration_tests.multi_process_utils import run_multi_process

pytest.importorskip("torch")
pytest.importorskip("grain")

RTOL = 1e-5

# Shared by the in-process tests, the worker processes and the references.
CODE = """
import numpy as np

import keras

BATCH_SIZE = 3
EPOCHS = 2


def make_data(samples):
    rng = np.random.RandomState(0)
    x = rng.normal(size=(samples, 6)).astype("float32")
    y = rng.normal(size=(samples, 2)).astype("float32")
    return x, y


def make_distribution(layout):
    if layout == "data_parallel":
        return keras.distribution.DataParallel(auto_shard_dataset=False)
    mesh = keras.distribution.DeviceMesh((4, 2), ("model", "batch"))
    layout_map = keras.distribution.LayoutMap(mesh)
    layout_map["d1/kernel"] = (None, "model")
    layout_map["d2/kernel"] = ("model", None)
    return keras.distribution.ModelParallel(
        layout_map=layout_map, batch_dim_name="batch", auto_shard_dataset=False
    )


def make_model():
    keras.utils.set_random_seed(3)
    model = keras.Sequential(
        [
            keras.Input((6,)),
            keras.layers.Dense(8, activation="tanh", name="d1"),
            keras.layers.Dense(2, name="d2"),
        ]
    )
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
    return model


def make_pipeline(kind, x, y):
    # Batches of BATCH_SIZE rows of (x, y), in order.
    if kind == "torch":
        import torch

        data = torch.utils.data.TensorDataset(
            torch.from_numpy(x), torch.from_numpy(y)
        )
        return torch.utils.data.DataLoader(data, batch_size=BATCH_SIZE)
    import grain

    class Rows(grain.sources.RandomAccessDataSource):
        def __len__(self):
            return len(x)

        def __getitem__(self, index):
            return x[index], y[index]

    if kind == "grain_map":
        return grain.MapDataset.source(Rows()).batch(BATCH_SIZE)
    if kind == "grain_iter":
        return (
            grain.MapDataset.source(Rows()).to_iter_dataset().batch(BATCH_SIZE)
        )
    return grain.DataLoader(
        data_source=Rows(),
        sampler=grain.samplers.IndexSampler(len(x), num_epochs=1),
        operations=[grain.transforms.Batch(batch_size=BATCH_SIZE)],
    )


def train(data, y=None):
    # Per-epoch losses, the evaluated loss and the predictions, from a
    # pipeline, or from arrays `data` and `y` in batches of BATCH_SIZE.
    arrays = {} if y is None else {"batch_size": BATCH_SIZE}
    model = make_model()
    history = model.fit(
        data, y, epochs=EPOCHS, shuffle=False, verbose=0, **arrays
    )
    return (
        history.history["loss"],
        model.evaluate(data, y, verbose=0, **arrays),
        model.predict(data, verbose=0, **arrays),
    )
"""

WORKER = (
    CODE
    + """
results = {}
for layout in ("data_parallel", "model_parallel"):
    if layout == "data_parallel":
        # Each process feeds its own 7 rows; the parts of a batch form the
        # global batch (3 + 3 rows, then 1 + 1).
        start = 7 * PROCESS_ID
        x, y = make_data(7 * NUM_PROCESSES)
        x, y = x[start : start + 7], y[start : start + 7]
    else:
        # Both processes hold both batch shards of (4, 2): they feed the
        # same data, each batch being the global batch.
        x, y = make_data(7)
    # Each kind of grain input is checked on one process by the other test.
    grain_kind = "grain_loader" if layout == "data_parallel" else "grain_map"
    for kind in ("torch", grain_kind):
        with make_distribution(layout).scope():
            losses, evaluated, predicted = train(make_pipeline(kind, x, y))
        results[f"{layout}/{kind}"] = {
            "losses": losses,
            "evaluated": evaluated,
            "predicted": predicted.tolist(),
        }
emit(results)
"""
)


def _namespace():
    namespace = {}
    exec(CODE, namespace)
    return namespace


def _train_on_batches(namespace, x, y, sizes):
    """`train` on one device over batches of the given sizes."""
    starts = np.cumsum([0] + sizes)

    class Batches(namespace["keras"].utils.PyDataset):
        def __len__(self):
            return len(sizes)

        def __getitem__(self, index):
            rows = slice(starts[index], starts[index + 1])
            return x[rows], y[rows]

    return namespace["train"](Batches())


@pytest.mark.parity
@pytest.mark.multi_device
@pytest.mark.parametrize("layout", ["data_parallel", "model_parallel"])
def test_one_process_equals_one_device(layout):
    namespace = _namespace()
    x, y = namespace["make_data"](11)  # batches of 3, 3, 3 and 2 rows
    losses, evaluated, predicted = namespace["train"](x, y)
    for kind in ("torch", "grain_map", "grain_iter", "grain_loader"):
        pipeline = namespace["make_pipeline"](kind, x, y)
        with namespace["make_distribution"](layout).scope():
            result = namespace["train"](pipeline)
        np.testing.assert_allclose(result[0], losses, rtol=RTOL, err_msg=kind)
        np.testing.assert_allclose(
            result[1], evaluated, rtol=RTOL, err_msg=kind
        )
        assert result[2].shape == (11, 2), kind
        np.testing.assert_allclose(
            result[2], predicted, rtol=RTOL, atol=1e-6, err_msg=kind
        )


@pytest.mark.parity
@pytest.mark.multi_process
def test_two_processes_equal_one_device():
    results = run_multi_process(WORKER, 2, 4, timeout=600)
    namespace = _namespace()
    # DataParallel: the processes' 7-row parts, batch by batch.
    x, y = _own_parts(*namespace["make_data"](14), 2, 7, 3)
    expected = {
        "data_parallel": _train_on_batches(namespace, x, y, [6, 6, 2]),
        "model_parallel": namespace["train"](*namespace["make_data"](7)),
    }
    for name in results[0]:
        layout = name.split("/")[0]
        losses, evaluated, predicted = expected[layout]
        for process, process_results in enumerate(results):
            got = process_results[name]
            message = f"{name} on process {process}"
            np.testing.assert_allclose(
                got["losses"], losses, rtol=RTOL, err_msg=message
            )
            np.testing.assert_allclose(
                got["evaluated"], evaluated, rtol=RTOL, err_msg=message
            )
            # Every process gets the predictions of the global batches.
            np.testing.assert_allclose(
                got["predicted"],
                predicted,
                rtol=RTOL,
                atol=1e-6,
                err_msg=message,
            )
