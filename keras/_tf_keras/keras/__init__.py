"""This package's public API, as `tf.keras` (see `keras._tf_keras`)."""

import os as _os

# Submodules (`tf.keras.layers`, ...) are the generated ones in keras/api/.
__path__.append(
    _os.path.join(
        _os.path.dirname(_os.path.dirname(_os.path.dirname(__file__))), "api"
    )
)

from keras.api import *  # noqa: E402, F403
from keras.src.version import __version__  # noqa: E402, F401
