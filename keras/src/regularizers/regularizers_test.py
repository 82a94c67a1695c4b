import numpy as np
import pytest

from keras.src import regularizers

W = np.array([[1.0, -2.0, 0.5], [3.0, 0.0, -1.5]], dtype="float32")


def test_l1_l2_l1l2():
    np.testing.assert_allclose(
        regularizers.L1(0.1)(W), 0.1 * np.abs(W).sum(), rtol=1e-6
    )
    np.testing.assert_allclose(
        regularizers.L2(0.2)(W), 0.2 * np.square(W).sum(), rtol=1e-6
    )
    np.testing.assert_allclose(
        regularizers.L1L2(l1=0.1, l2=0.2)(W),
        0.1 * np.abs(W).sum() + 0.2 * np.square(W).sum(),
        rtol=1e-6,
    )
    assert float(regularizers.Regularizer()(W)) == 0.0


def test_orthogonal_regularizer():
    def reference(x, factor, rows):
        v = x if rows else x.T
        v = v / np.linalg.norm(v, axis=1, keepdims=True)
        p = v @ v.T
        n = p.shape[0]
        off = np.abs(p - np.diag(np.diag(p))).sum()
        return factor * off / (n * (n - 1))

    x = np.random.RandomState(0).randn(4, 3).astype("float32")
    for mode in ("rows", "columns"):
        reg = regularizers.OrthogonalRegularizer(factor=0.5, mode=mode)
        np.testing.assert_allclose(
            reg(x), reference(x, 0.5, mode == "rows"), rtol=1e-5
        )
    with pytest.raises(ValueError):
        regularizers.OrthogonalRegularizer(mode="diag")


def test_validation_and_configs():
    with pytest.raises(ValueError):
        regularizers.L1(-1.0)
    with pytest.raises(ValueError):
        regularizers.L2(float("nan"))
    assert regularizers.L1(0.3).get_config() == {"l1": 0.3}
    assert regularizers.L2(0.3).get_config() == {"l2": 0.3}
    assert regularizers.L1L2(0.1, 0.2).get_config() == {"l1": 0.1, "l2": 0.2}
    reg = regularizers.OrthogonalRegularizer(0.1, "columns")
    config = reg.get_config()
    assert config == {"factor": pytest.approx(0.1), "mode": "columns"}
    assert regularizers.OrthogonalRegularizer.from_config(config).mode == (
        "columns"
    )
    assert regularizers.L1L2.from_config({"l1": 0.1, "l2": 0.2}).l2 == 0.2


def test_get():
    assert isinstance(regularizers.get("l2"), regularizers.L2)
    assert isinstance(regularizers.get("L1"), regularizers.L1)
    assert isinstance(regularizers.get("l1_l2"), regularizers.L1L2)
    assert regularizers.get(None) is None
    reg = regularizers.L2(0.5)
    assert regularizers.get(reg) is reg
    clone = regularizers.get(regularizers.serialize(reg))
    assert isinstance(clone, regularizers.L2) and clone.l2 == 0.5
    with pytest.raises(ValueError, match="l3.*Valid names"):
        regularizers.get("l3")


def test_orthogonal_regularizer_by_hand_and_rank_check():
    # Two rows at 45 degrees: one pair, |cos| = sqrt(0.5).
    w = np.array([[2.0, 0.0], [3.0, 3.0]], dtype="float32")
    reg = regularizers.OrthogonalRegularizer(factor=2.0)
    np.testing.assert_allclose(reg(w), 2.0 * np.sqrt(0.5), rtol=1e-6)
    # The columns (2, 3) and (0, 3) of the same matrix.
    reg = regularizers.OrthogonalRegularizer(factor=1.0, mode="columns")
    np.testing.assert_allclose(reg(w), 3.0 / np.sqrt(13.0), rtol=1e-6)
    with pytest.raises(ValueError, match="must have rank 2"):
        reg(np.zeros((2, 2, 2), dtype="float32"))


def test_l1l2_zero_factors_and_none():
    x = np.array([1.0, -3.0], dtype="float32")
    assert float(regularizers.L1L2(0.0, 0.0)(x)) == 0.0
    assert float(regularizers.L1L2(l1=None, l2=0.25)(x)) == 2.5
    assert regularizers.L1(None).l1 == 0.01
