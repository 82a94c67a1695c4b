"""The former home of the TensorFlow ops of the preprocessing layers, kept
so that its import paths keep working.

The op table is now `keras.src.backend.tensorflow_data` (`TF_OPS`, one
module per namespace), the tf.data mode `tf_data_mode`, and the layer-call
shim `tf_layer_call`.
"""

from keras.src.backend.tensorflow_data import TF_OPS
from keras.src.backend.tensorflow_data import TFOps
from keras.src.backend.tensorflow_data import image as TF_IMAGE
from keras.src.backend.tensorflow_data import linalg as TF_LINALG
from keras.src.backend.tensorflow_data import nn as TF_NN
from keras.src.backend.tensorflow_data import random as TF_RANDOM
from keras.src.layers.preprocessing.tf_data_mode import KERAS_OPS
from keras.src.layers.preprocessing.tf_data_mode import current_ops
from keras.src.layers.preprocessing.tf_data_mode import serves_tf
from keras.src.layers.preprocessing.tf_data_mode import tf_mode
from keras.src.layers.preprocessing.tf_data_mode import tf_mode_active
from keras.src.layers.preprocessing.tf_layer_call import call_with_tf_ops

__all__ = [
    "KERAS_OPS",
    "TF_IMAGE",
    "TF_LINALG",
    "TF_NN",
    "TF_OPS",
    "TF_RANDOM",
    "TFOps",
    "call_with_tf_ops",
    "current_ops",
    "serves_tf",
    "tf_mode",
    "tf_mode_active",
]
