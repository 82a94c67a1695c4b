"""`CSVLogger`: streams epoch results to a CSV file."""

import collections
import csv
import os

import numpy as np

from keras.src.api_export import keras_export
from keras.src.callbacks.callback import Callback


@keras_export("keras.callbacks.CSVLogger")
class CSVLogger(Callback):
    """Writes one CSV row per epoch with the epoch's logged results.

    The header row is `epoch` followed by the metric names of the first
    epoch, in sorted order; each later row holds the values of those
    names, with `NA` where an epoch lacks one (for instance validation
    metrics on epochs without validation). Rows are flushed as soon as
    they are written, so the file can be followed while training runs.

    Args:
        filename: Path of the CSV file; missing parent folders are
            created.
        separator: Field delimiter written between values. Defaults to
            `","`.
        append: If `True`, rows are added to an existing file (no second
            header is written when it already has content), which suits
            resumed training. If `False`, the file is overwritten.

    Example:

    ```python
    logger = keras.callbacks.CSVLogger("logs/metrics.tsv", separator="\t")
    model.fit(x, y, epochs=20, callbacks=[logger])
    ```
    """

    def __init__(self, filename, separator=",", append=False):
        super().__init__()
        self.filename = os.fspath(filename)
        self.sep = separator
        self.append = append
        self.append_header = True
        self.csv_file = None
        self.keys = None
        self.writer = None

    def on_train_begin(self, logs=None):
        mode = "a" if self.append else "w"
        if self.append and os.path.exists(self.filename):
            # Only an empty (or new) file needs the header row.
            with open(self.filename, "r") as existing:
                self.append_header = existing.readline() == ""
        folder = os.path.dirname(self.filename)
        if folder:
            os.makedirs(folder, exist_ok=True)
        self.csv_file = open(self.filename, mode, newline="")
        self.keys = None
        self.writer = None

    def on_epoch_end(self, epoch, logs=None):
        logs = logs or {}

        def handle_value(value):
            if isinstance(value, str):
                return value
            array = np.asarray(value)
            if array.ndim == 0:
                return array.item()
            return f'"[{", ".join(str(v) for v in array.reshape(-1))}]"'

        if self.keys is None:
            self.keys = sorted(logs.keys())
            # With `validation_freq > 1` the first epochs have no
            # validation entries: reserve their columns from the start.
            if not any(key.startswith("val_") for key in self.keys):
                self.keys += ["val_" + key for key in self.keys]
        if self.writer is None:

            class CustomDialect(csv.excel):
                delimiter = self.sep

            self.writer = csv.DictWriter(
                self.csv_file,
                fieldnames=["epoch"] + self.keys,
                dialect=CustomDialect,
            )
            if self.append_header:
                self.writer.writeheader()

        row = collections.OrderedDict({"epoch": epoch})
        for key in self.keys:
            row[key] = handle_value(logs[key]) if key in logs else "NA"
        self.writer.writerow(row)
        self.csv_file.flush()

    def on_train_end(self, logs=None):
        if self.csv_file is not None:
            self.csv_file.close()
            self.csv_file = None
        self.writer = None
