"""Random number generation (`keras.random`)."""

from keras.src.random.random import beta  # noqa: F401
from keras.src.random.random import binomial  # noqa: F401
from keras.src.random.random import categorical  # noqa: F401
from keras.src.random.random import dropout  # noqa: F401
from keras.src.random.random import gamma  # noqa: F401
from keras.src.random.random import normal  # noqa: F401
from keras.src.random.random import randint  # noqa: F401
from keras.src.random.random import shuffle  # noqa: F401
from keras.src.random.random import truncated_normal  # noqa: F401
from keras.src.random.random import uniform  # noqa: F401
from keras.src.random.seed_generator import SeedGenerator  # noqa: F401
from keras.src.random.seed_generator import draw_seed  # noqa: F401
