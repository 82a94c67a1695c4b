"""The backend: JAX implementations behind `keras.ops` and the trainer."""

from keras.src.api_export import keras_export
from keras.src.backend.common import global_state  # noqa: F401
from keras.src.backend.common.dtypes import is_float_dtype
from keras.src.backend.common.dtypes import is_int_dtype
from keras.src.backend.common.dtypes import result_type
from keras.src.backend.common.dtypes import standardize_dtype
from keras.src.backend.common.keras_tensor import KerasTensor
from keras.src.backend.common.keras_tensor import any_symbolic_tensors
from keras.src.backend.common.keras_tensor import is_keras_tensor
from keras.src.backend.common.masking import get_keras_mask
from keras.src.backend.common.masking import set_keras_mask
from keras.src.backend.common.name_scope import current_path
from keras.src.backend.common.name_scope import name_scope
from keras.src.backend.common.stateless_scope import StatelessScope
from keras.src.backend.common.stateless_scope import get_stateless_scope
from keras.src.backend.common.stateless_scope import in_stateless_scope
from keras.src.backend.common.symbolic_scope import SymbolicScope
from keras.src.backend.common.symbolic_scope import in_symbolic_scope
from keras.src.backend.common.variables import AutocastScope
from keras.src.backend.common.variables import KerasVariable
from keras.src.backend.common.variables import get_autocast_scope
from keras.src.backend.common.variables import shape_equal
from keras.src.backend.common.variables import standardize_shape
from keras.src.backend.config import backend  # noqa: F401  (checks KERAS_BACKEND)
from keras.src.backend.config import epsilon
from keras.src.backend.config import floatx
from keras.src.backend.config import image_data_format
from keras.src.backend.config import set_epsilon
from keras.src.backend.config import set_floatx
from keras.src.backend.config import set_image_data_format
from keras.src.backend.config import standardize_data_format
from keras.src.backend.jax import core
from keras.src.backend.jax import distribution_lib  # noqa: E402
from keras.src.backend.jax import image  # noqa: E402
from keras.src.backend.jax import linalg  # noqa: E402
from keras.src.backend.jax import math  # noqa: E402
from keras.src.backend.jax import nn  # noqa: E402
from keras.src.backend.jax import numpy  # noqa: E402
from keras.src.backend.jax import random  # noqa: E402
from keras.src.backend.jax import sparse  # noqa: E402
from keras.src.backend.jax.core import IS_THREAD_SAFE
from keras.src.backend.jax.core import SUPPORTS_COMPLEX_DTYPES
from keras.src.backend.jax.core import SUPPORTS_RAGGED_TENSORS
from keras.src.backend.jax.core import SUPPORTS_SPARSE_TENSORS
from keras.src.backend.jax.core import Variable
from keras.src.backend.jax.core import cast
from keras.src.backend.jax.core import compile_function
from keras.src.backend.jax.core import compute_output_spec
from keras.src.backend.jax.core import cond
from keras.src.backend.jax.core import convert_to_numpy
from keras.src.backend.jax.core import convert_to_tensor
from keras.src.backend.jax.core import device_scope
from keras.src.backend.jax.core import fori_loop
from keras.src.backend.jax.core import is_tensor
from keras.src.backend.jax.core import random_seed_dtype
from keras.src.backend.jax.core import remat
from keras.src.backend.jax.core import scan
from keras.src.backend.jax.core import shape
from keras.src.backend.jax.core import stop_gradient
from keras.src.backend.jax.core import vectorized_map
from keras.src.backend.jax.core import while_loop
from keras.src.backend.jax.rnn import cudnn_ok
from keras.src.backend.jax.rnn import gru
from keras.src.backend.jax.rnn import lstm
from keras.src.backend.jax.rnn import rnn


@keras_export("keras.device")
def device(device_name):
    """Context manager placing the arrays created inside it on a device.

    Args:
        device_name: A string such as `"cpu:0"` or `"gpu:1"`
            (case-insensitive), or a `jax.Device`.

    Returns:
        A context manager.

    Example:

    >>> with keras.device("cpu:0"):
    ...     x = keras.ops.zeros((3,))
    """
    return device_scope(device_name)
