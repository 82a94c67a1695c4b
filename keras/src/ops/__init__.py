"""`keras.ops`: backend-agnostic tensor operations.

Re-exports every op so that `keras.src.ops.<name>` works (KerasTensor
dunders rely on it).
"""

# ruff: noqa: F401, F403
from keras.src import random  # `keras.src.ops.random.uniform(...)`
from keras.src.ops.core import *
from keras.src.ops.einops import *
from keras.src.ops.linalg import *
from keras.src.ops.math import *
from keras.src.ops.nn import *
from keras.src.ops.numpy import *
from keras.src.ops.operation import Operation
from keras.src.ops.operation import symbolic_op
