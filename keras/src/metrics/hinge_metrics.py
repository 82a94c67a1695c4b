"""Hinge metrics: running averages of the hinge losses."""

from keras.src.api_export import keras_export
from keras.src.losses.losses import categorical_hinge
from keras.src.losses.losses import hinge
from keras.src.losses.losses import squared_hinge
from keras.src.metrics import reduction_metrics


@keras_export("keras.metrics.Hinge")
class Hinge(reduction_metrics.LossMean):
    """Running average of the hinge loss `maximum(1 - y_true * y_pred, 0)`.

    Labels are expected in {-1, 1}; labels given as {0, 1} are converted.

    Args:
        name: Name of this metric instance.
        dtype: Dtype of the state variables and of the result.

    Example:

    >>> m = keras.metrics.Hinge()
    >>> m.update_state([[1.0, 0.0]], [[0.5, -2.0]])
    >>> float(m.result())
    0.25
    """

    def __init__(self, name="hinge", dtype=None):
        super().__init__(fn=hinge, name=name, dtype=dtype)


@keras_export("keras.metrics.SquaredHinge")
class SquaredHinge(reduction_metrics.LossMean):
    """Running average of the squared hinge loss.

    Labels are expected in {-1, 1}; labels given as {0, 1} are converted.

    Args:
        name: Name of this metric instance.
        dtype: Dtype of the state variables and of the result.

    Example:

    >>> m = keras.metrics.SquaredHinge()
    >>> m.update_state([[1.0, 0.0]], [[0.5, -2.0]])
    >>> float(m.result())
    0.125
    """

    def __init__(self, name="squared_hinge", dtype=None):
        super().__init__(fn=squared_hinge, name=name, dtype=dtype)


@keras_export("keras.metrics.CategoricalHinge")
class CategoricalHinge(reduction_metrics.LossMean):
    """Running average of the categorical hinge loss (one-hot labels).

    Args:
        name: Name of this metric instance.
        dtype: Dtype of the state variables and of the result.

    Example:

    >>> m = keras.metrics.CategoricalHinge()
    >>> m.update_state([[0.0, 1.0]], [[0.3, -0.2]])
    >>> float(m.result())
    1.5
    """

    def __init__(self, name="categorical_hinge", dtype=None):
        super().__init__(fn=categorical_hinge, name=name, dtype=dtype)
