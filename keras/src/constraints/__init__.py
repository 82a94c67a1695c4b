from keras.src.constraints.constraints import Constraint  # noqa: F401
from keras.src.constraints.constraints import MaxNorm  # noqa: F401
from keras.src.constraints.constraints import MinMaxNorm  # noqa: F401
from keras.src.constraints.constraints import NonNeg  # noqa: F401
from keras.src.constraints.constraints import UnitNorm  # noqa: F401
from keras.src.constraints.constraints import deserialize  # noqa: F401
from keras.src.constraints.constraints import get  # noqa: F401
from keras.src.constraints.constraints import serialize  # noqa: F401
