from keras.src.dtype_policies.dtype_policy import DTypePolicy  # noqa: F401
from keras.src.dtype_policies.dtype_policy import get  # noqa: F401
from keras.src.dtype_policies.dtype_policy import set_dtype_policy  # noqa: F401
