"""`CSVLogger`: streams epoch results to a CSV file."""

import collections
import csv
import os

import numpy as np

from keras.src.api_export import keras_export
from keras.src.callbacks.callback import Callback


@keras_export("keras.callbacks.CSVLogger")
class CSVLogger(Callback):
    """Callback that streams epoch results to a CSV file.

    The first row holds the column names: `epoch` followed by the sorted
    metric names of the first epoch. Values missing at a later epoch
    (e.g. validation metrics of an epoch without validation) are written as
    `NA`.

    Args:
        filename: Filename of the CSV file, e.g. `"run/log.csv"`.
        separator: String used to separate elements in the CSV file.
        append: Boolean. `True`: append if the file exists (useful for
            continuing training). `False`: overwrite the existing file.

    Example:

    ```python
    csv_logger = keras.callbacks.CSVLogger("training.log")
    model.fit(x, y, callbacks=[csv_logger])
    ```
    """

    def __init__(self, filename, separator=",", append=False):
        super().__init__()
        self.sep = separator
        self.filename = os.fspath(filename)
        self.append = append
        self.writer = None
        self.keys = None
        self.append_header = True
        self.csv_file = None

    def on_train_begin(self, logs=None):
        if self.append:
            if os.path.exists(self.filename):
                with open(self.filename, "r") as f:
                    self.append_header = not bool(len(f.readline()))
            mode = "a"
        else:
            mode = "w"
        dirname = os.path.dirname(self.filename)
        if dirname:
            os.makedirs(dirname, exist_ok=True)
        self.csv_file = open(self.filename, mode, newline="")
        self.writer = None
        self.keys = None

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
