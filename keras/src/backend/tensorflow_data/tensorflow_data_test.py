"""The TensorFlow op namespace: how its ops are found (values: see
`layers/preprocessing/tf_ops_test.py`)."""

import numpy as np
import pytest

from keras.src.backend import tensorflow_data
from keras.src.backend.tensorflow_data import TF_OPS
from keras.src.backend.tensorflow_data import numpy as tf_numpy
from keras.src.testing.test_utils import assert_runs_without_tensorflow


def test_importing_the_package_does_not_import_tensorflow():
    assert_runs_without_tensorflow(
        "from keras.src.backend.tensorflow_data import TF_OPS",
        "TF_OPS.numpy, TF_OPS.image, TF_OPS.random",
    )


def test_forwarded_ops_are_the_tensorflow_functions():
    tf = pytest.importorskip("tensorflow")
    assert TF_OPS.sum is tf.reduce_sum
    assert TF_OPS.numpy.log is tf.math.log
    assert TF_OPS.linalg.solve is tf.linalg.solve
    assert TF_OPS.core.to_sparse is tf.sparse.from_dense


def test_renamed_keywords_reach_tensorflow():
    tf = pytest.importorskip("tensorflow")
    x = tf.reshape(tf.range(6), (1, 2, 3))
    assert tuple(TF_OPS.transpose(x, axes=(2, 0, 1)).shape) == (3, 1, 2)
    parts = TF_OPS.split(x, indices_or_sections=3, axis=-1)
    assert [tuple(p.shape) for p in parts] == [(1, 2, 1)] * 3


def test_flat_names_cover_every_namespace_module():
    modules = (
        tensorflow_data.core,
        tf_numpy,
        tensorflow_data.math,
        tensorflow_data.nn,
        tensorflow_data.linalg,
    )
    names = [name for module in modules for name in module.__all__]
    # Each name belongs to one module.
    assert len(names) == len(set(names))
    for module in modules:
        for name in module.__all__:
            assert callable(getattr(TF_OPS, name)), name
    assert TF_OPS.numpy is TF_OPS and TF_OPS.core is TF_OPS
    assert TF_OPS.image is tensorflow_data.image
    assert TF_OPS._backend == "tensorflow"


def test_unknown_names_raise_attribute_error():
    with pytest.raises(AttributeError, match="no_such_op"):
        TF_OPS.no_such_op
    with pytest.raises(AttributeError, match="no_such_op"):
        tf_numpy.no_such_op
    # Module imports are not ops.
    assert not hasattr(TF_OPS, "np") and not hasattr(TF_OPS, "tf")


def test_promoted_operands_take_the_tensor_dtype():
    tf = pytest.importorskip("tensorflow")
    x = tf.constant([1.0, 2.0], tf.float64)
    for name in tf_numpy.PROMOTED:
        out = getattr(TF_OPS, name)(x, 2.0)
        assert out.dtype in (tf.float64, tf.bool), name
    np.testing.assert_allclose(TF_OPS.subtract(3.0, x).numpy(), [2.0, 1.0])
