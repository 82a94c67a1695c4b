"""TensorFlow as a second, narrow backend: the ops of the preprocessing
layers inside `tf.data`.

A `tf.data.Dataset.map()` function is a TensorFlow graph: its tensors have
no values, so they cannot become JAX arrays. The preprocessing layers
write their math against an op namespace (`DataLayer.backend`,
`BaseImagePreprocessingLayer.backend`): `keras.ops` or the JAX backend in
ordinary calls, and `TF_OPS` while TensorFlow traces a graph (see
`layers/preprocessing/tf_data_mode.py` for when). `TF_OPS` offers the
functions these layers use, with the names, arguments and results of
`keras.ops`, computed with TensorFlow ops on TF tensors of TF dtypes.

It lives beside `backend/jax/` because it is shaped like a backend: one
module per namespace (`core`, `numpy`, `math`, `random`, `image`, `nn`,
`linalg`), the TensorFlow function behind each op, and nothing about
layers. It covers only what the preprocessing layers and the bounding-box
utilities compute, not all of `keras.ops`.

TensorFlow is reached through one lazy handle (`lazy_tf.tf`), so
importing this package (or `keras`) never imports TensorFlow.
"""

from keras.src.backend.tensorflow_data import core as _core
from keras.src.backend.tensorflow_data import image
from keras.src.backend.tensorflow_data import linalg
from keras.src.backend.tensorflow_data import math as _math
from keras.src.backend.tensorflow_data import nn
from keras.src.backend.tensorflow_data import numpy as _numpy
from keras.src.backend.tensorflow_data import random

# The module of each op that `TF_OPS` offers by name, as `keras.ops` does.
_MODULE_OF = {
    name: module
    for module in (_core, _numpy, _math, nn, linalg)
    for name in module.__all__
}


class TFOps:
    """The op namespace of the layers inside `tf.data`, shaped like
    `keras.ops`: every op of `core`, `numpy`, `math`, `nn` and `linalg` by
    name, and the sub-namespaces `random`, `image`, `nn` and `linalg`.
    `numpy` and `core` are the table itself, for layers written against
    `keras.src.backend` (`backend.numpy.stack`, `backend.core.switch`).
    `_backend` names the backend computing them."""

    _backend = "tensorflow"
    random = random
    image = image
    nn = nn
    linalg = linalg

    @property
    def numpy(self):
        return self

    @property
    def core(self):
        return self

    def __getattr__(self, name):
        if name not in _MODULE_OF:
            raise AttributeError(
                f"{type(self).__name__!r} object has no attribute {name!r}"
            )
        return getattr(_MODULE_OF[name], name)

    def __dir__(self):
        return sorted(set(super().__dir__()) | set(_MODULE_OF))


TF_OPS = TFOps()
