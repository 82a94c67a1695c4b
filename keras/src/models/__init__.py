"""Models: `Model` (functional or subclassed) and `Sequential`."""

from keras.src.models.cloning import clone_model
from keras.src.models.functional import Functional
from keras.src.models.model import Model
from keras.src.models.sequential import Sequential

__all__ = ["Functional", "Model", "Sequential", "clone_model"]
