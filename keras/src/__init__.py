from keras.src import backend  # noqa: F401  (first: everything builds on it)
from keras.src import activations  # noqa: F401
from keras.src import constraints  # noqa: F401
from keras.src import initializers  # noqa: F401
from keras.src import layers  # noqa: F401
from keras.src import models  # noqa: F401
from keras.src import ops  # noqa: F401
from keras.src import optimizers  # noqa: F401
from keras.src import regularizers  # noqa: F401
from keras.src import utils  # noqa: F401
from keras.src.backend import KerasTensor  # noqa: F401
from keras.src.layers import Input  # noqa: F401
from keras.src.layers import Layer  # noqa: F401
from keras.src.models import Functional  # noqa: F401
from keras.src.models import Model  # noqa: F401
from keras.src.models import Sequential  # noqa: F401
from keras.src.version import __version__  # noqa: F401
