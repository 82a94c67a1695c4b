from keras.src import callbacks


def run_epochs(callback, logs_per_epoch):
    callback.on_train_begin()
    for epoch, logs in enumerate(logs_per_epoch):
        callback.on_epoch_end(epoch, logs)
    callback.on_train_end()


def test_csv_logger_writes_header_and_rows(tmp_path):
    path = tmp_path / "logs" / "log.csv"
    callback = callbacks.CSVLogger(path)
    run_epochs(
        callback,
        [{"loss": 1.0, "val_loss": 2.0}, {"loss": 0.5}],
    )
    assert path.read_text().splitlines() == [
        "epoch,loss,val_loss",
        "0,1.0,2.0",
        "1,0.5,NA",
    ]


def test_csv_logger_append_and_separator(tmp_path):
    path = tmp_path / "log.csv"
    run_epochs(callbacks.CSVLogger(path, separator=";"), [{"loss": 1.0}])
    run_epochs(
        callbacks.CSVLogger(path, separator=";", append=True), [{"loss": 0.5}]
    )
    # Columns for validation entries are reserved even when absent.
    assert path.read_text().splitlines() == [
        "epoch;loss;val_loss",
        "0;1.0;NA",
        "0;0.5;NA",
    ]
