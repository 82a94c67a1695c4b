"""Checks that the processes of a job feed consistent data.

Each check is one collective over a few int32 values per process, and every
process reaches the same verdict from the same gathered table, so a
mismatch is an error on every process, never a hang or a silent divergence:

- `check_data_consistency(batch)`: the processes of one data-shard group
  (processes whose devices hold the same batch shards, see
  `keras.src.backend.common.data_sharding`) hold identical batches.
- `InputAgreement`: used by the data path of `fit()`, `evaluate()` and
  `predict()`. At the first batch of each pass over the data the processes
  compare their number of batches, their number of samples (for arrays
  given whole to every process), the shapes and dtypes of the batch and a
  fingerprint of the data; later batches are compared when the number of
  batches is unknown (so that a process running out of data early is
  reported by all), when processes share batch shards, and at the last
  batch of per-process input (its parts may have different numbers of
  rows; `agree` returns them, and every part is padded to the largest).
"""

import hashlib

import numpy as np

from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.backend import distribution_lib as backend_dlib


def _leaves(batch):
    return [leaf for leaf in tree.flatten(batch) if leaf is not None]


def _digest_to_ints(digest):
    return np.frombuffer(digest.digest()[:8], dtype=np.int32).copy()


def num_rows(batch):
    """Rows of a batch: dimension 0 of its first leaf that has one."""
    for leaf in tree.flatten(batch):
        if leaf is not None and np.ndim(leaf):
            return int(np.shape(leaf)[0])
    return 0


def signature(batch):
    """Two int32 summarizing the structure, dtypes and shapes (but for
    the rows, dimension 0) of `batch`'s leaves."""
    digest = hashlib.sha256()
    digest.update(str(tree.map_structure(lambda _: 0, batch)).encode())
    for leaf in _leaves(batch):
        array = np.asarray(leaf)
        digest.update(str((array.shape[1:], array.dtype.str)).encode())
    return _digest_to_ints(digest)


def fingerprint(batch, rows=None):
    """Two int32 summarizing the content of `batch`'s leaves.

    Args:
        batch: An array or a structure of arrays.
        rows: Optional indices of the rows (along dimension 0) to hash;
            by default every row is.

    Returns:
        An int32 array of shape `(2,)`.
    """
    digest = hashlib.sha256()
    for leaf in _leaves(batch):
        array = np.asarray(leaf)
        digest.update(str((array.shape, array.dtype.str)).encode())
        if rows is not None and array.ndim:
            array = array[rows]
        if array.dtype.kind == "O":
            digest.update(repr(array.tolist()).encode())
        else:
            digest.update(np.ascontiguousarray(array).tobytes())
    return _digest_to_ints(digest)


def sampled_rows(num_samples, count=64):
    """Indices of `count` rows spread evenly over `num_samples` rows."""
    return np.unique(
        np.linspace(0, max(num_samples - 1, 0), min(num_samples, count))
    ).astype(np.int64)


def _differing(values, processes):
    """The processes whose value differs from the first one's."""
    reference = values[processes[0]]
    return [p for p in processes if values[p] != reference]


@keras_export("keras.distribution.check_data_consistency")
def check_data_consistency(per_process_batch, distribution=None):
    """Checks that processes sharing batch shards were fed the same data.

    Processes whose devices hold the same batch shards (a data-shard group)
    must receive identical per-process batches. This fingerprints
    `per_process_batch` (a hash of its bytes), gathers the fingerprints from
    every process and raises if two processes of one group differ. Every
    process must call it (it is a collective). A no-op with one process.

    Args:
        per_process_batch: This process's batch (array or pytree).
        distribution: The distribution; defaults to the current one.

    Returns:
        The list of fingerprints (one per process).

    Example:

    ```python
    x, y = next(iter(per_process_dataset))
    keras.distribution.check_data_consistency((x, y))
    ```
    """
    from keras.src.distribution import distribution_lib

    dist = distribution or distribution_lib.distribution()
    if dist is None:
        raise ValueError("No distribution is set or given.")
    gathered = backend_dlib.all_gather_int(fingerprint(per_process_batch))
    fingerprints = [tuple(int(v) for v in row) for row in gathered]
    if len(fingerprints) > 1:
        _check_groups(fingerprints, dist.data_sharding())
    return fingerprints


def _check_groups(contents, info):
    for group in info.groups:
        differ = _differing(contents, list(group))
        if differ:
            raise ValueError(
                f"Processes {list(group)} hold the same batch shards "
                f"{list(info.process_shards[group[0]])} and must be fed "
                f"identical per-process batches, but processes {differ} "
                f"received different data than process {group[0]}. Feed "
                "every process of a data-shard group the same data."
            )


# Columns of the table gathered by `InputAgreement`.
_INDEX, _HAS_BATCH, _NUM_BATCHES, _NUM_SAMPLES = 0, 1, 2, 3
_SIGNATURE = slice(4, 6)
_CONTENT = slice(6, 8)
_ROWS = 8
_COLUMNS = 9


class InputAgreement:
    """Makes the processes of a job agree on their input, batch by batch.

    For each batch of a pass over the data, every process summarizes its
    batch (`summarize(batch, index)`, host work that may run ahead of the
    training loop) and then compares the summaries (`agree(summary)`, a
    collective, in the order of the batches). When the number of batches is
    unknown, the end of the data is summarized too, as `batch=None`.

    Args:
        distribution: The `Distribution` (with several processes).
        global_input: `True` when every process holds the whole data
            (arrays given to `fit()`; each process takes its rows of every
            batch), so that all processes must hold the same data;
            `False` when each process feeds its own part, so that only the
            processes of one data-shard group must.
        num_batches: Batches in the pass, or `None` if unknown.
        num_samples: For global input, the number of samples.
        data_fingerprint: For global input, a fingerprint of the whole
            data (e.g. of sampled rows), compared with the first batch.
    """

    def __init__(
        self,
        distribution,
        global_input,
        num_batches=None,
        num_samples=None,
        data_fingerprint=None,
    ):
        self._info = distribution.data_sharding()
        self._global_input = global_input
        self._num_batches = num_batches
        self._num_samples = num_samples
        self._data_fingerprint = data_fingerprint
        self._shared_groups = any(len(g) > 1 for g in self._info.groups)

    def summarize(self, batch, index):
        """This process's summary of batch number `index` (`batch=None`:
        the data ended before it), or `None` when the processes need not
        compare it: after the first batch, batches are compared only when
        the number of batches is unknown, when processes share batch
        shards of per-process input, and at the last batch of per-process
        input (whose parts may differ in rows: comparing them tells every
        process the size to pad its part to)."""
        if batch is None:
            if self._num_batches is not None:
                return None
        elif index > 0 and self._num_batches is not None:
            last = index == self._num_batches - 1
            if self._global_input or not (self._shared_groups or last):
                return None
        row = np.full((_COLUMNS,), -1, dtype=np.int32)
        row[_INDEX] = index
        row[_HAS_BATCH] = int(batch is not None)
        if index == 0:
            if self._num_batches is not None:
                row[_NUM_BATCHES] = self._num_batches
            if self._num_samples is not None:
                row[_NUM_SAMPLES] = self._num_samples
        if batch is not None:
            row[_ROWS] = num_rows(batch)
            row[_SIGNATURE] = signature(batch)
            content = fingerprint(batch)
            if index == 0 and self._data_fingerprint is not None:
                content = fingerprint((content, self._data_fingerprint))
            row[_CONTENT] = content
        return row

    def agree(self, summary):
        """Compares `summary` (from `summarize`) with the other processes'
        summaries of the same batch; raises `ValueError` on every process
        if they disagree. A collective, unless `summary` is `None`.

        Returns:
            `None` when `summary` is `None` (nothing compared), else the
            rows of each process's batch (a list indexed by process; for
            per-process input they may differ, and the data path pads
            every part to the largest).
        """
        if summary is None:
            return None
        table = backend_dlib.all_gather_int(summary)
        self._decide(table)
        return [int(row[_ROWS]) for row in table]

    def _decide(self, table):
        processes = list(range(len(table)))

        def column(index):
            return {
                p: tuple(np.atleast_1d(table[p][index]).tolist())
                for p in processes
            }

        index = int(table[0][_INDEX])
        has_batch = column(_HAS_BATCH)
        if _differing(has_batch, processes):
            ended = [p for p in processes if not has_batch[p][0]]
            going = [p for p in processes if has_batch[p][0]]
            raise ValueError(
                f"Processes {ended} ran out of data after {index} "
                f"batches, while processes {going} still have batches. "
                "Every process must feed the same number of batches: give "
                "each process data of the same size (and the same "
                "`batch_size` and `steps_per_epoch`)."
            )
        if not has_batch[0][0]:
            return
        if index == 0:
            self._check_sizes(column(_NUM_BATCHES), column(_NUM_SAMPLES))
        shapes = column(_SIGNATURE)
        if self._global_input:
            # Every process takes its rows of the same global batch.
            rows = column(_ROWS)
            shapes = {p: shapes[p] + rows[p] for p in processes}
        differ = _differing(shapes, processes)
        if differ:
            raise ValueError(
                f"The batches of processes {differ} differ in structure, "
                "dtypes or shapes from the batch of process 0 (after "
                f"{index} batches). Every process must feed batches of "
                "the same structure, dtypes and shapes (for data fed per "
                "process, only the number of rows may differ)."
            )
        contents = column(_CONTENT)
        if self._global_input:
            differ = _differing(contents, processes)
            if differ:
                raise ValueError(
                    f"Processes {differ} hold different data than process "
                    "0. Arrays given to `fit()`, `evaluate()` or "
                    "`predict()` are the global data: every process must "
                    "pass the same arrays (each process then takes its "
                    "rows of every batch). To feed each process its own "
                    "part instead, set `auto_shard_dataset=False` on the "
                    "distribution."
                )
        else:
            _check_groups(contents, self._info)

    def _check_sizes(self, num_batches, num_samples):
        processes = sorted(num_samples)
        if _differing(num_samples, processes):
            counts = {p: num_samples[p][0] for p in processes}
            raise ValueError(
                "Every process must pass the same arrays, but they hold "
                f"different numbers of samples (process: samples): {counts}."
            )
        if _differing(num_batches, processes):
            counts = {
                p: ("unknown" if n[0] < 0 else n[0])
                for p, n in num_batches.items()
            }
            raise ValueError(
                "The processes would run different numbers of batches "
                f"(process: batches): {counts}. Every process must run "
                "the same number of steps: give each process data of the "
                "same size, the same `batch_size` and the same "
                "`steps_per_epoch`."
            )
