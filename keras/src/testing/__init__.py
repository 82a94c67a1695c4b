"""Test infrastructure shared by Keras' own tests and its users' tests."""

from keras.src.testing import test_utils
from keras.src.testing.test_case import TestCase
from keras.src.testing.test_case import jax_uses_gpu
from keras.src.testing.test_case import jax_uses_tpu
from keras.src.testing.test_case import tensorflow_uses_gpu
from keras.src.testing.test_case import torch_uses_gpu
from keras.src.testing.test_case import uses_cpu
from keras.src.testing.test_case import uses_gpu
from keras.src.testing.test_case import uses_tpu
