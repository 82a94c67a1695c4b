"""NumPy-style ops (`keras.ops.*`, `keras.ops.numpy.*`).

Every op accepts tensors, NumPy arrays, Python scalars and Keras Variables;
called on symbolic `KerasTensor`s it returns `KerasTensor`s whose shape and
dtype are inferred by tracing.

Dtypes follow NumPy promotion with two Keras rules: Python scalars are weakly
typed (`float32_tensor + 1.0` stays `float32`), and ops that need a float
result (`sqrt`, `exp`, `mean`, `divide` ...) turn integer inputs into
`keras.config.floatx()`.

The ops live in `keras.src.ops.numpy_ops`, one module a family; this module
gathers them under their historical path.
"""

# ruff: noqa: F401, F403
from keras.src.ops.numpy_ops.base import *
from keras.src.ops.numpy_ops.binary import *
from keras.src.ops.numpy_ops.creation import *
from keras.src.ops.numpy_ops.indexing import *
from keras.src.ops.numpy_ops.logic import *
from keras.src.ops.numpy_ops.manipulation import *
from keras.src.ops.numpy_ops.matrix import *
from keras.src.ops.numpy_ops.reductions import *
from keras.src.ops.numpy_ops.searching import *
from keras.src.ops.numpy_ops.unary import *

# `from keras.src.ops.numpy import *` (in `keras/src/ops/__init__.py`) takes
# the ops and their classes (whose `__module__` is this module) and the
# shape helpers of `numpy_ops.base`, not the modules the families import
# (`math` would hide `keras.src.ops.math`).
__all__ = [
    name
    for name, value in list(globals().items())
    if not name.startswith("_")
    and getattr(value, "__module__", None)
    in (__name__, "keras.src.ops.numpy_ops.base")
]
