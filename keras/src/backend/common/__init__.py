from keras.src.backend.common import dtypes
from keras.src.backend.common.dtypes import is_float_dtype
from keras.src.backend.common.dtypes import is_int_dtype
from keras.src.backend.common.dtypes import result_type
from keras.src.backend.common.dtypes import standardize_dtype
