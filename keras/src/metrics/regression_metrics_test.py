import numpy as np

from keras.src import metrics

Y_TRUE = np.array([[0.0, 1.0, 0.0], [1.0, 1.0, 0.0], [0.5, 0.2, 0.1]])
Y_PRED = np.array([[1.0, 1.0, 0.0], [0.0, 1.0, 1.0], [0.4, 0.6, 0.1]])
SW = np.array([1.0, 2.0, 0.5])


def test_mse_mae_rmse():
    se = ((Y_TRUE - Y_PRED) ** 2).mean(-1)
    ae = np.abs(Y_TRUE - Y_PRED).mean(-1)
    m = metrics.MeanSquaredError()
    m.update_state(Y_TRUE[:2], Y_PRED[:2])
    m.update_state(Y_TRUE[2:], Y_PRED[2:])
    np.testing.assert_allclose(m.result(), se.mean(), rtol=1e-6)
    m.reset_state()
    m.update_state(Y_TRUE, Y_PRED, sample_weight=SW)
    np.testing.assert_allclose(
        m.result(), (se * SW).sum() / SW.sum(), rtol=1e-6
    )
    m = metrics.MeanAbsoluteError()
    m.update_state(Y_TRUE, Y_PRED, sample_weight=SW)
    np.testing.assert_allclose(
        m.result(), (ae * SW).sum() / SW.sum(), rtol=1e-6
    )
    m = metrics.RootMeanSquaredError()
    m.update_state(Y_TRUE, Y_PRED)
    np.testing.assert_allclose(m.result(), np.sqrt(se.mean()), rtol=1e-6)
    assert metrics.MeanSquaredError().get_config() == {
        "name": "mean_squared_error",
        "dtype": "float32",
    }
