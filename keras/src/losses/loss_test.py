import numpy as np
import pytest

from keras.src import ops
from keras.src.losses import loss as loss_lib


class AbsError(loss_lib.Loss):
    def call(self, y_true, y_pred):
        return ops.absolute(y_true - y_pred)


Y_TRUE = np.array([[1.0, 2.0], [3.0, 4.0], [0.0, 1.0]], dtype="float32")
Y_PRED = np.array([[2.0, 2.0], [1.0, 5.0], [0.5, 1.5]], dtype="float32")
ERR = np.abs(Y_TRUE - Y_PRED)


def test_reductions():
    np.testing.assert_allclose(AbsError()(Y_TRUE, Y_PRED), ERR.mean())
    np.testing.assert_allclose(
        AbsError(reduction="mean")(Y_TRUE, Y_PRED), ERR.mean()
    )
    np.testing.assert_allclose(
        AbsError(reduction="sum")(Y_TRUE, Y_PRED), ERR.sum()
    )
    np.testing.assert_allclose(AbsError(reduction=None)(Y_TRUE, Y_PRED), ERR)
    np.testing.assert_allclose(AbsError(reduction="none")(Y_TRUE, Y_PRED), ERR)
    with pytest.raises(ValueError, match="reduction"):
        AbsError(reduction="max")


def test_sample_weight():
    sw = np.array([1.0, 0.0, 2.0], dtype="float32")
    weighted = ERR * sw[:, None]
    np.testing.assert_allclose(
        AbsError()(Y_TRUE, Y_PRED, sample_weight=sw), weighted.sum() / 6
    )
    np.testing.assert_allclose(
        AbsError(reduction="sum")(Y_TRUE, Y_PRED, sample_weight=sw),
        weighted.sum(),
    )
    np.testing.assert_allclose(
        AbsError(reduction="mean_with_sample_weight")(
            Y_TRUE, Y_PRED, sample_weight=sw[:, None] * np.ones((3, 2))
        ),
        weighted.sum() / 6.0,
    )
    # Scalar and (batch, 1) weights.
    np.testing.assert_allclose(
        AbsError()(Y_TRUE, Y_PRED, sample_weight=2.0), 2 * ERR.mean()
    )
    np.testing.assert_allclose(
        AbsError()(Y_TRUE, Y_PRED, sample_weight=sw[:, None]),
        weighted.sum() / 6,
    )


@pytest.mark.float16
def test_name_dtype_config():
    loss = AbsError(name="abs", reduction="sum")
    assert loss.name == "abs"
    assert loss.dtype == "float32"
    assert loss.get_config() == {"name": "abs", "reduction": "sum"}
    clone = AbsError.from_config(loss.get_config())
    assert clone.reduction == "sum"
    assert AbsError(dtype="float16")(Y_TRUE, Y_PRED).dtype == "float16"
    assert AbsError().name.startswith("abs_error")


def test_squeeze_or_expand_to_same_rank():
    a = ops.ones((3, 1))
    b = ops.ones((3,))
    x, y = loss_lib.squeeze_or_expand_to_same_rank(a, b)
    assert x.shape == (3, 1) and y.shape == (3, 1)
    x, y = loss_lib.squeeze_or_expand_to_same_rank(
        ops.ones((3, 4, 1)), ops.ones((3, 4))
    )
    assert x.shape == (3, 4) and y.shape == (3, 4)


def test_structured_targets_keep_their_containers():
    # A loss over a structure sees the structure it was given: a
    # namedtuple is rebuilt field by field, lists and tuples as themselves.
    import collections

    Pair = collections.namedtuple("Pair", ["first", "second"])
    seen = []

    class StructLoss(loss_lib.Loss):
        def call(self, y_true, y_pred):
            seen.append((type(y_true), type(y_pred)))
            return ops.abs(y_true.first - y_pred.first) + ops.abs(
                y_true.second - y_pred.second
            )

    y_true = Pair(np.ones((2, 1)), np.zeros((2, 1)))
    y_pred = Pair(np.zeros((2, 1)), np.zeros((2, 1)))
    value = StructLoss()(y_true, y_pred)
    assert seen == [(Pair, Pair)]
    np.testing.assert_allclose(value, 1.0)
    converted = loss_lib.convert_structure_to_tensors(
        [(np.ones(2), np.zeros(2))]
    )
    assert type(converted) is list and type(converted[0]) is tuple
