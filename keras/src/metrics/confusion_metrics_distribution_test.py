"""Confusion-matrix metrics give the same values under a distribution.

`AUC`, `Precision`, `Recall` and `F1Score` accumulate counts in variables
across batches; here a small classifier is fitted and evaluated without a
distribution, under `DataParallel` on 8 devices and under `ModelParallel` on
a (4, 2) ("model", "batch") mesh, and every metric value must agree.
"""

import numpy as np
import pytest

import keras
from keras import layers
from keras.src.backend.common import global_state
from keras.src.testing import parity

pytestmark = pytest.mark.multi_device

METRIC_NAMES = ("auc", "precision", "recall", "f1_score", "pr_auc")


def make_data():
    rng = np.random.RandomState(3)
    x = rng.normal(size=(96, 6)).astype("float32")
    y = (x[:, :1] + 0.5 * rng.normal(size=(96, 1)) > 0).astype("float32")
    return x, y


def make_model():
    keras.utils.set_random_seed(7)
    model = keras.Sequential(
        [
            keras.Input((6,)),
            layers.Dense(8, activation="relu", name="hidden"),
            layers.Dense(1, activation="sigmoid", name="head"),
        ]
    )
    model.compile(
        optimizer=keras.optimizers.SGD(learning_rate=0.1),
        loss="binary_crossentropy",
        metrics=[
            keras.metrics.AUC(name="auc", num_thresholds=50),
            keras.metrics.AUC(name="pr_auc", curve="PR", num_thresholds=50),
            keras.metrics.Precision(name="precision"),
            keras.metrics.Recall(name="recall"),
            keras.metrics.F1Score(name="f1_score", threshold=0.5),
        ],
    )
    return model


def run(data):
    x, y = data
    model = make_model()
    history = model.fit(x, y, batch_size=16, epochs=2, shuffle=False, verbose=0)
    evaluated = model.evaluate(x, y, batch_size=16, verbose=0, return_dict=True)
    return history.history, evaluated


def data_parallel():
    return keras.distribution.DataParallel()


def model_parallel():
    mesh = keras.distribution.DeviceMesh((4, 2), ("model", "batch"))
    layout_map = keras.distribution.LayoutMap(mesh)
    layout_map["hidden/kernel"] = (None, "model")
    layout_map["hidden/bias"] = ("model",)
    return keras.distribution.ModelParallel(
        layout_map=layout_map, batch_dim_name="batch"
    )


@pytest.mark.parity
@pytest.mark.parametrize(
    "make_distribution",
    [data_parallel, model_parallel],
    ids=["data_parallel_8", "model_parallel_4x2"],
)
def test_confusion_metrics_match_undistributed(make_distribution):
    data = make_data()
    global_state.clear_session()
    keras.distribution.set_distribution(None)
    ref_history, ref_evaluated = run(data)
    global_state.clear_session()
    with make_distribution().scope():
        history, evaluated = run(data)
    # The thresholded counts are equal unless a prediction lies within
    # round-off of a threshold; the rest is float32 round-off.
    for name in METRIC_NAMES:
        parity.assert_outputs_close(
            history[name], ref_history[name], err_msg=name
        )
        parity.assert_outputs_close(
            evaluated[name], ref_evaluated[name], err_msg=name
        )
    # The metrics measured something: values strictly between 0 and 1.
    assert 0.0 < ref_evaluated["auc"] < 1.0
    assert 0.0 < ref_evaluated["precision"] < 1.0
